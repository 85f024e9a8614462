// The page: the new-game form, the board and its clicks, the buttons, and a poll of the
// server's state (the server runs the game; this page shows it and proposes moves).

import { get, post, hello, ApiError } from './api.js';
import { Board } from './board.js';
import { MoveInput } from './moves.js';
import { renderPanel, moveText } from './panel.js';

const $ = (id) => document.getElementById(id);
let state = null;
let shownBoard = '';
let games = [];

// Clicks are handled one after the other: a second click waits until the first has fetched
// the piece's moves.
let clicks = Promise.resolve();
const board = new Board($('board'), (sq) => {
  clicks = clicks.then(() => input.click(sq)).catch(showError);
});
const input = new MoveInput(board, playMove, askChoice, sideICanMove);

function showError(e) {
  $('error').textContent = e instanceof ApiError ? e.message : String(e);
}

/** The side whose pieces a click may move now ('w'/'b'), or false. */
function sideICanMove() {
  if (!state || !state.controller || state.result) return false;
  return state.players[state.side] === 'human' ? state.side : false;
}

async function playMove(text) {
  $('error').textContent = '';
  apply(await post('/api/move', { move: text }));
}

/** Shows buttons for moves that share their clicks; resolves with a text or null. */
function askChoice(options) {
  const box = $('choice');
  box.replaceChildren();
  box.hidden = false;
  return new Promise((resolve) => {
    const done = (v) => { box.hidden = true; resolve(v); };
    for (const o of options) {
      const b = document.createElement('button');
      b.textContent = o.label;
      b.dataset.move = o.text;
      b.addEventListener('click', () => done(o.text));
      box.appendChild(b);
    }
    const cancel = document.createElement('button');
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => done(null));
    box.appendChild(cancel);
  });
}

async function refreshBoard(force) {
  const key = `${state.fen}|${state.ply}|${state.last.join()}|${board.flip}|${state.game.name}`;
  if (!force && key === shownBoard) return;
  shownBoard = key;
  const svg = await (await fetch(`/api/board.svg?flip=${board.flip ? 1 : 0}`)).text();
  board.show(svg, state.layout);
  $('board').dataset.fen = state.fen;
  input.clear();
}

async function apply(st) {
  // A poll sent before a move may be answered after it: never go back to an older state.
  if (state && st.version < state.version) return;
  const changed = !state || st.version !== state.version || st.controller !== state.controller;
  state = st;
  if (!changed) return;
  await refreshBoard(false);
  renderPanel(st, (ply) => post('/api/goto', { ply }).then(apply).catch(showError));
  board.svg.classList.toggle('clickable', !!sideICanMove());
  document.body.dataset.version = st.version;
}

async function poll() {
  try {
    await apply(await get('/api/state'));
  } catch (e) {
    showError(e);
  }
  setTimeout(poll, state && state.thinking ? 250 : 500);
}

function newGameRequest() {
  const tc = $('tc').value;
  const v = Number($('tcval').value);
  const req = {
    game: $('game').value,
    white: $('white').value,
    black: $('black').value,
    options: [
      // The game's rule options chosen in their selects (only those off their default),
      // then any typed by hand.
      ...[...document.querySelectorAll('#rulechoices select')]
        .filter((sel) => sel.selectedIndex > 0)
        .map((sel) => `${sel.name}=${sel.value}`),
      ...$('options').value.split('\n').map((s) => s.trim()).filter((s) => s),
    ],
    multipv: Number($('multipv').value),
  };
  if (tc === 'movetime') req.movetime_ms = Math.round(v * 1000);
  if (tc === 'depth') req.depth = Math.round(v);
  if (tc === 'clock') {
    req.clock_ms = Math.round(v * 60000);
    req.increment_ms = Math.round(Number($('inc').value) * 1000);
  }
  if ($('handicap').value) req.handicap = $('handicap').value;
  if ($('setup').value.trim()) req.setup = $('setup').value.trim();
  if ($('fen').value.trim()) req.fen = $('fen').value.trim();
  return req;
}

function fillForm(list) {
  games = list.games;
  for (const g of games) {
    const o = document.createElement('option');
    o.value = g.name;
    o.textContent = `${g.title} (${g.files}x${g.ranks})`;
    $('game').appendChild(o);
  }
  for (const sel of document.querySelectorAll('select.player')) {
    // Engines are shown as named on the command line (`--engine name=...`).
    for (const name of ['Human', ...list.engines]) {
      const o = document.createElement('option');
      o.value = name.toLowerCase();
      o.textContent = name;
      sel.appendChild(o);
    }
  }
  $('black').value = list.engines.length ? list.engines[0].toLowerCase() : 'human';
}

/** The game's handicap starts, after its own start ("none"). */
function fillHandicaps(g) {
  const sel = $('handicap');
  sel.replaceChildren();
  for (const h of [{ name: '', title: 'none' }, ...((g && g.handicaps) || [])]) {
    const o = document.createElement('option');
    o.value = h.name;
    o.textContent = h.title;
    sel.appendChild(o);
  }
  $('handicaplabel').hidden = !(g && g.handicaps && g.handicaps.length);
}

/** One select per rule option of game `g` (Chu: hachu or lishogi rules), default first; and
 * its handicaps. */
function fillChoices(g) {
  const box = $('rulechoices');
  if (box.dataset.game === (g ? g.name : '')) return;
  box.dataset.game = g ? g.name : '';
  fillHandicaps(g);
  box.replaceChildren();
  for (const c of (g && g.choices) || []) {
    const label = document.createElement('label');
    label.textContent = `${c.key} `;
    const sel = document.createElement('select');
    sel.name = c.key;
    for (const v of c.values) {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = v;
      sel.appendChild(o);
    }
    label.appendChild(sel);
    box.appendChild(label);
  }
}

function syncForm() {
  const g = games.find((x) => x.name === $('game').value);
  fillChoices(g);
  $('setuplabel').hidden = !(g && g.arrays);
  $('inc').hidden = $('tc').value !== 'clock';
}

/** Downloads the game as a KIF file (the server writes it; a game without a KIF form says why). */
async function saveKif() {
  const r = await fetch('/api/game.kifu');
  const text = await r.text();
  if (!r.ok) throw new Error(JSON.parse(text).error || text);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  a.download = `${state.game.name}.kifu`;
  a.click();
  URL.revokeObjectURL(a.href);
}

async function copy(text) {
  const box = $('copybox');
  box.value = text;
  try {
    await navigator.clipboard.writeText(text);
    box.hidden = true;
  } catch {
    box.hidden = false;
    box.select();
  }
}

function wire() {
  const act = (id, fn) => $(id).addEventListener('click', () => fn().then((st) => st && apply(st)).catch(showError));
  $('newgame').addEventListener('submit', (e) => {
    e.preventDefault();
    $('error').textContent = '';
    post('/api/new', newGameRequest()).then(apply).catch(showError);
  });
  $('game').addEventListener('change', syncForm);
  $('tc').addEventListener('change', syncForm);
  act('undo', () => post('/api/undo'));
  act('first', () => post('/api/goto', { ply: 0 }));
  act('prev', () => post('/api/goto', { ply: Math.max(0, state.ply - 1) }));
  act('next', () => post('/api/goto', { ply: Math.min(state.line.length, state.ply + 1) }));
  act('last', () => post('/api/goto', { ply: state.line.length }));
  act('pause', () => post('/api/pause', { on: !state.paused }));
  act('hint', () => post('/api/hint'));
  act('review', () => post('/api/review', {}));
  $('analyse').addEventListener('change', (e) => post('/api/analyse', { on: e.target.checked }).then(apply).catch(showError));
  act('takeover', () => post('/api/takeover').then(() => get('/api/state')));
  act('loadpgn', () => post('/api/pgn', { pgn: $('pgn').value }));
  $('pgnfile').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    // A .kif record is Shift-JIS: text that is not UTF-8 is read as Shift-JIS (docs/kifu.md).
    const bytes = await f.arrayBuffer();
    try {
      $('pgn').value = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      $('pgn').value = new TextDecoder('shift_jis').decode(bytes);
    }
  });
  act('copyfen', () => copy(state.fen));
  act('copymoves', () => copy(moveText(state)));
  act('savekif', saveKif);
  act('flip', async () => { board.flip = !board.flip; await refreshBoard(true); });
  act('zoomin', async () => board.zoomBy(1.25));
  act('zoomout', async () => board.zoomBy(0.8));
  act('zoomfit', async () => { board.zoom = 0; board.applyZoom(); });
  window.addEventListener('resize', () => board.applyZoom());
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA') return;
    if (e.key === 'ArrowLeft') $('prev').click();
    if (e.key === 'ArrowRight') $('next').click();
  });
}

async function main() {
  wire();
  const me = await hello();
  fillForm(await get('/api/games'));
  const st = await get('/api/state');
  $('game').value = st.game.name;
  $('white').value = st.players.w;
  $('black').value = st.players.b;
  syncForm();
  document.body.dataset.client = me.client;
  poll();
}

main().catch(showError);
