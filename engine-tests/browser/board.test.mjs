// Drives the web board as a person would: the system's headless Chromium (playwright-core, no
// browser download) clicks squares on `kyodai serve --port 0`. It plays a short Chu Shogi game
// with a Lion double move and a promotion choice, a few moves of Tai Shogi against Kyodai, and a
// move against an external engine (the same binary over UCI, named K2 with --engine), checking
// the board after each move, and saves screenshots in target/browser-shots/.
//
// Usage: node board.test.mjs [path/to/kyodai]   (default: target/release/kyodai, then debug)
// Exits 0 with "N passed, 0 failed", 1 on a failure.

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const shots = join(root, 'target/browser-shots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let passed = 0;

function binary() {
  const given = process.argv[2] || process.env.KYODAI;
  const found = [given, 'target/release/kyodai', 'target/debug/kyodai'].filter(Boolean).map((p) => resolve(root, p));
  const bin = found.find((p) => existsSync(p));
  if (!bin) throw new Error(`no kyodai binary (tried ${found.join(', ')}); build it first`);
  return bin;
}

/** Starts the server on a free port; resolves with [process, url]. */
function serve(bin) {
  return new Promise((ok, fail) => {
    const args = ['serve', '--port', '0', '--engine', `name=K2 cmd=${bin} uci proto=uci`];
    const p = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/\S+/);
      if (m) ok([p, m[0]]);
    });
    p.on('exit', (code) => fail(new Error(`kyodai serve exited (${code}) before printing its URL`)));
  });
}

function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
  passed += 1;
}

/** Clicks the centre of a square of the board. */
async function clickSquare(page, sq) {
  const [x, y] = await page.evaluate((sq) => {
    const svg = document.querySelector('#board svg');
    const [files, ranks, flip] = [+svg.dataset.files, +svg.dataset.ranks, svg.dataset.flip === 'true'];
    const [cell, margin] = [48, 22];
    const f = sq.charCodeAt(0) - 97;
    const r = +sq.slice(1) - 1;
    const pt = svg.createSVGPoint();
    pt.x = margin + ((flip ? files - 1 - f : f) + 0.5) * cell;
    pt.y = margin + ((flip ? r : ranks - 1 - r) + 0.5) * cell;
    const p = pt.matrixTransform(svg.getScreenCTM());
    return [p.x, p.y];
  }, sq);
  await page.mouse.click(x, y);
}

const pieceAt = (page, sq) =>
  page.evaluate((sq) => {
    const g = document.querySelector(`#board g.kd-p[data-sq="${sq}"]`);
    return g ? `${g.dataset.side}:${g.dataset.id}` : null;
  }, sq);

const plies = (page) => page.evaluate(() => document.querySelectorAll('#moves span[data-ply]').length);

async function waitPlies(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('#moves span[data-ply]').length >= n, n, { timeout: 60000 });
}

/**
 * Plays a move by clicks (the piece, then each leg), optionally answering the choice box,
 * then checks the move list and the board: `expect` maps squares to 'w:ID'/'b:ID' or null.
 */
async function play(page, clicks, text, expect, choice) {
  const before = await plies(page);
  for (const sq of clicks) await clickSquare(page, sq);
  if (choice) {
    await page.waitForSelector(`#choice button[data-move="${choice}"]`);
    if (choice === 'e8e9+' || choice === 'd8d9+') await page.screenshot({ path: join(shots, 'chu-promotion-choice.png') });
    await page.click(`#choice button[data-move="${choice}"]`);
  }
  await waitPlies(page, before + 1);
  const last = await page.evaluate((n) => document.querySelector(`#moves span[data-ply="${n}"]`).textContent, before + 1);
  check(last === text, `move ${before + 1} is ${text} (got ${last})`);
  for (const [sq, want] of Object.entries(expect)) {
    const got = await pieceAt(page, sq);
    check(got === want, `after ${text}: ${sq} holds ${want} (got ${got})`);
  }
}

async function newGame(page, game, white, black, seconds) {
  await page.selectOption('#game', game);
  await page.selectOption('#white', white);
  await page.selectOption('#black', black);
  await page.selectOption('#tc', 'movetime');
  await page.fill('#tcval', String(seconds));
  await page.click('#start');
  await page.waitForFunction((files) => {
    const svg = document.querySelector('#board svg');
    return svg && svg.dataset.files === files && document.querySelectorAll('#moves span').length === 0
      && document.getElementById('status').textContent.includes('First player');
  }, { tai: '25', tenjiku: '16' }[game] || '12');
}

async function chu(page) {
  await newGame(page, 'chu', 'human', 'human', 1);
  check((await pieceAt(page, 'f3')) === 'w:N', 'the white Lion starts on f3');
  await page.screenshot({ path: join(shots, 'chu-start.png') });
  await play(page, ['f3', 'f5'], 'f3f5', { f3: null, f5: 'w:N' });
  await play(page, ['g9', 'g8'], 'g9g8', { g9: null, g8: 'b:P' });
  await play(page, ['f5', 'f7'], 'f5f7', { f7: 'w:N' });
  await play(page, ['a9', 'a8'], 'a9a8', { a8: 'b:P' });
  // The Lion double move: select, first leg (a capture), then the second capture.
  await clickSquare(page, 'f7');
  await clickSquare(page, 'g8');
  // Clicks are handled in order, each after the piece's moves arrived: wait for the marks.
  await page.waitForSelector('#marks .mark-end', { timeout: 30000 });
  const ends = await page.evaluate(() => document.querySelectorAll('#marks .mark-end').length);
  check(ends === 1, 'after the first leg the page offers to end the move there');
  await page.screenshot({ path: join(shots, 'chu-lion-first-leg.png') });
  await play(page, ['h9'], 'f7g8,g8h9', { f7: null, g8: null, h9: 'w:N' });
  await play(page, ['b9', 'b8'], 'b9b8', { b8: 'b:P' });
  await play(page, ['d5', 'd6'], 'd5d6', { d6: 'w:I' });
  await play(page, ['c9', 'c8'], 'c9c8', { c8: 'b:P' });
  await play(page, ['d6', 'd7'], 'd6d7', { d7: 'w:I' });
  await play(page, ['k9', 'k8'], 'k9k8', { k8: 'b:P' });
  await play(page, ['d7', 'd8'], 'd7d8', { d8: 'w:I' });
  await play(page, ['l9', 'l8'], 'l9l8', { l8: 'b:P' });
  // Entering the zone with a capture: promote or not is asked.
  await play(page, ['d8', 'd9'], 'd8d9+', { d8: null, d9: 'w:+I' }, 'd8d9+');
  await page.screenshot({ path: join(shots, 'chu-after-promotion.png') });
  // It is the second player's turn: clicks on a first-player piece play nothing.
  const n = await plies(page);
  await clickSquare(page, 'a4');
  await clickSquare(page, 'a5');
  await page.waitForTimeout(500);
  check((await plies(page)) === n && (await pieceAt(page, 'a4')) === 'w:P', 'a piece of the side not to move does not move');
  // ... and a legal click sequence for the side to move still works.
  await play(page, ['a8', 'a7'], 'a8a7', { a8: null, a7: 'b:P' });
  // Help: a hint for the position, then the review of the game with its marks and graph.
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: [a-l]\d+[a-l]\d+/.test(document.getElementById('helpline').textContent),
    null, { timeout: 30000 });
  check(true, 'a hint is shown');
  await page.click('#review');
  await page.waitForFunction(() => document.getElementById('helpline').textContent.includes('Review: '),
    null, { timeout: 120000 });
  await page.screenshot({ path: join(shots, 'chu-review.png') });
  check(true, 'the review finishes and counts its marks');
}

async function tai(page) {
  await newGame(page, 'tai', 'human', 'kyodai', 0.3);
  check((await pieceAt(page, 'm1')) === 'w:E', 'the white Emperor starts on m1');
  await play(page, ['a7', 'a8'], 'a7a8', { a7: null, a8: 'w:P' });
  await waitPlies(page, 2);
  const reply = await page.evaluate(() => document.querySelector('#moves span[data-ply="2"]').textContent);
  check(/^[a-y]\d+[a-y]\d+/.test(reply), `Kyodai replied (${reply})`);
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('First player'));
  await play(page, ['y7', 'y8'], 'y7y8', { y8: 'w:P' });
  await waitPlies(page, 4);
  await page.screenshot({ path: join(shots, 'tai-vs-kyodai.png') });
  // Zoomed in, the board scrolls.
  for (let i = 0; i < 3; i++) await page.click('#zoomin');
  await page.screenshot({ path: join(shots, 'tai-zoomed.png') });
  const scrolls = await page.evaluate(() => {
    const w = document.getElementById('boardwrap');
    return w.scrollWidth > w.clientWidth;
  });
  check(scrolls, 'a zoomed Tai board scrolls');
  await page.click('#zoomfit');
  // A narrow window: the panel moves under the board.
  await page.setViewportSize({ width: 480, height: 900 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, 'tai-narrow.png'), fullPage: true });
  const fits = await page.evaluate(() => document.querySelector('#board svg').getBoundingClientRect().width <= 480);
  check(fits, 'the board fits a narrow window');
}

/** Tenjiku on 16x16: the Fire Demon's kanji, readable at the default size; Kyodai replies. */
async function tenjiku(page) {
  await newGame(page, 'tenjiku', 'human', 'kyodai', 0.3);
  check((await pieceAt(page, 'g3')) === 'w:FID', 'a white Fire Demon starts on g3');
  const glyph = await page.evaluate(() => {
    const t = document.querySelector('#board g.kd-p[data-sq="g3"] text.kd-g');
    return t ? { text: t.textContent, height: t.getBoundingClientRect().height } : null;
  });
  check(glyph && glyph.text === '火', `the Fire Demon shows its kanji (${glyph && glyph.text})`);
  check(glyph && glyph.height >= 12, `a kanji on the 16x16 board is at least 12 px high (${glyph && glyph.height})`);
  await play(page, ['a5', 'a6'], 'a5a6', { a5: null, a6: 'w:P' });
  await waitPlies(page, 2);
  const reply = await page.evaluate(() => document.querySelector('#moves span[data-ply="2"]').textContent);
  check(/^[a-p]\d+[a-p]\d+/.test(reply), `Kyodai replied (${reply})`);
  await page.screenshot({ path: join(shots, 'tenjiku-vs-kyodai.png') });
}

/** Chu by lishogi's rules, chosen in the game's rule select; the game starts under them. */
async function chuRuleSet(page) {
  await page.selectOption('#game', 'chu');
  await page.click('#more summary');
  await page.selectOption('#rulechoices select[name="rules"]', 'lishogi');
  await newGame(page, 'chu', 'human', 'human', 1);
  const options = await page.evaluate(async () => (await (await fetch('/api/state')).json()).options);
  check(options.join(',') === 'rules=lishogi', `the new game is played by lishogi's rules (${options})`);
  await page.selectOption('#rulechoices select[name="rules"]', 'hachu');
  // A handicap start (docs/rules/chu.md §15): the giver, the second player, is to move.
  await page.selectOption('#handicap', 'two-lions');
  await page.click('#start');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('Second player'));
  const fen = await page.evaluate(async () => (await (await fetch('/api/state')).json()).start_fen);
  check(fen.includes('A1B1T+OXT1B1A') && fen.includes(' b '), `the two-lions handicap start (${fen})`);
  await page.selectOption('#handicap', '');
  await page.click('#more summary');
}

/** An external engine chosen on the page: it answers, and its analysis is drawn. */
async function external(page) {
  const names = await page.$$eval('#black option', (os) => os.map((o) => o.textContent));
  check(names.join(',') === 'Human,Kyodai,K2', `the engine list holds the external engine (${names})`);
  await newGame(page, 'chu', 'human', 'k2', 0.3);
  await play(page, ['f4', 'f5'], 'f4f5', { f5: 'w:P' });
  await waitPlies(page, 2);
  const reply = await page.evaluate(() => document.querySelector('#moves span[data-ply="2"]').textContent);
  check(/^[a-l]\d+[a-l]\d+/.test(reply), `K2 replied (${reply})`);
  const error = await page.evaluate(() => document.getElementById('error').textContent);
  check(error === '', `no engine error (${error})`);
  await page.screenshot({ path: join(shots, 'chu-vs-external-engine.png') });
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.log(`browser test skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
    return;
  }
  mkdirSync(shots, { recursive: true });
  const [server, url] = await serve(binary());
  const profile = mkdtempSync(join(tmpdir(), 'kyodai-chromium-'));
  const args = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'];
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true, args, viewport: { width: 1400, height: 950 },
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    await page.waitForSelector('#board svg');
    await chu(page);
    await chuRuleSet(page);
    await external(page);
    await tai(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await tenjiku(page);
    check(errors.length === 0, `no script errors (${errors.join('; ')})`);
    console.log(`screenshots in ${shots}`);
    console.log(`${passed} passed, 0 failed`);
  } finally {
    if (context) await context.close();
    server.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e.stack || String(e));
  console.log(`${passed} passed, 1 failed`);
  process.exit(1);
});
