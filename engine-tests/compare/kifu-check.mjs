#!/usr/bin/env node
// KIF both ways against lishogi's rules library, shogiops (npm; GPL, so it is installed at run
// time and never copied here): docs/kifu.md, "Checked against lishogi".
//
//   node engine-tests/compare/kifu-check.mjs KYODAI --shogiops DIR --work DIR [--games N]
//        [--plies N] [--seed S] [--fixture FILE]
//
// KYODAI      a kyodai binary
// --shogiops  the folder that holds node_modules/shogiops (kifu-check.sh installs it)
// --work      a folder for the files written on the way
// --games     games each way (default 4); --plies: plies a game at most (default 80)
// --fixture   also write the first shogiops game to FILE (.kifu) and its USI moves to FILE.usi
//
// 1. shogiops writes, Kyodai reads: random Chu games played by shogiops (a Lion's double moves
//    drawn often), each written as KIF by shogiops' own header and move writers; `kyodai
//    annotate --option rules=lishogi` must replay and annotate each with the same moves.
// 2. Kyodai writes, shogiops reads: random games of `kyodai match --kifout`; shogiops' KIF move
//    reader must read every move of each file, each legal in its Chushogi position, and equal
//    to the move of the same game in the match's PGN.
// Exit status 1 on any difference.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const kyodai = args[0];
const dir = opt("--shogiops");
const work = opt("--work");
if (!kyodai || kyodai.startsWith("--") || !dir || !work) {
  console.error("usage: kifu-check.mjs KYODAI --shogiops DIR --work DIR [--games N] [--plies N] [--seed S]");
  process.exit(2);
}
const games = Number(opt("--games", "4"));
const plies = Number(opt("--plies", "80"));
let seed = BigInt(opt("--seed", "1")) || 1n;
const fixture = opt("--fixture");

const dist = path.resolve(dir, "node_modules", "shogiops", "dist");
const load = (p) => import(pathToFileURL(path.join(dist, p)).href);
const { Chushogi, secondLionStepDests } = await load("variant/chushogi.js");
const { makeSquareName, squareDist, makeUsi } = await load("util.js");
const { pieceCanPromote } = await load("variant/util.js");
const { makeKifHeader, makeKifMoveOrDrop, parseKifMovesOrDrops } = await load("notation/kif.js");

// xorshift64*: a seed replays the same games.
function random() {
  seed ^= seed << 13n;
  seed &= (1n << 64n) - 1n;
  seed ^= seed >> 7n;
  seed ^= seed << 17n;
  seed &= (1n << 64n) - 1n;
  return Number(seed >> 11n) / 2 ** 53;
}
const pick = (xs) => xs[Math.floor(random() * xs.length)];

// Our square name (file a..l from the left, rank 1..12 from the first player) of a USI square.
const RANKS = "abcdefghijkl";
function ours(sq) {
  const usi = makeSquareName(sq);
  return String.fromCharCode(97 + 12 - Number(usi.slice(0, -1))) + (12 - RANKS.indexOf(usi.slice(-1)));
}

// Our canonical text of shogiops' move `md` in `pos`: legs, `+`; a pass (out to an empty square
// and back) is the origin twice.
function ourText(pos, md) {
  if (md.midStep === undefined) return ours(md.from) + ours(md.to) + (md.promotion ? "+" : "");
  if (md.to === md.from && !pos.board.has(md.midStep)) return ours(md.from) + ours(md.from);
  return `${ours(md.from)}${ours(md.midStep)},${ours(md.midStep)}${ours(md.to)}`;
}

// shogiops' legal moves, the Lion's double moves apart.
function legalMoves(pos) {
  const single = [];
  const double = [];
  for (const from of pos.board.color(pos.turn)) {
    const piece = pos.board.get(from);
    for (const to of pos.moveDests(from)) {
      for (const promotion of [false, true]) {
        if (promotion && !pieceCanPromote("chushogi")(piece, from, to, pos.board.get(to))) continue;
        const md = { from, to, promotion };
        if (pos.isLegal(md)) single.push(md);
      }
      if (squareDist(from, to) !== 1) continue;
      for (const to2 of secondLionStepDests(pos, from, to)) {
        const md = { from, to: to2, midStep: to, promotion: false };
        if (pos.isLegal(md)) double.push(md);
      }
    }
  }
  return { single, double };
}

// A random game by shogiops: its KIF (shogiops' writers) and our text of each move.
function shogiopsGame() {
  const pos = Chushogi.default();
  const lines = [];
  const texts = [];
  const usi = [];
  for (let n = 1; n <= plies && !pos.isEnd(); n++) {
    const { single, double } = legalMoves(pos);
    if (single.length + double.length === 0) break;
    const md = double.length > 0 && (random() < 0.3 || single.length === 0) ? pick(double) : pick(single);
    for (const l of makeKifMoveOrDrop(pos, md).split("\n")) lines.push(`${String(n).padStart(4)} ${l}`);
    texts.push(ourText(pos, md));
    usi.push(makeUsi(md));
    pos.play(md);
  }
  const head = [makeKifHeader(Chushogi.default()), "先手：shogiops-sente", "後手：shogiops-gote", "手数----指手---------消費時間--"];
  return { kif: [...head, ...lines, `まで${texts.length}手で中断`, ""].join("\n"), texts, usi };
}

// The moves of a PGN's games, by Round: tokens that are neither numbers, comments nor results.
function pgnMoves(text) {
  const out = new Map();
  for (const game of text.split(/\n(?=\[Event )/)) {
    const round = game.match(/\[Round "(\d+)"\]/)?.[1];
    const body = game.replace(/^\[.*\]$/gm, "").replace(/\{[^}]*\}/g, " ");
    const moves = body
      .split(/\s+/)
      .filter((t) => t && !/^\d+\.+$/.test(t) && !["1-0", "0-1", "1/2-1/2", "*"].includes(t))
      .map((t) => t.replace(/[?!]+$/, ""));
    out.set(round ?? String(out.size + 1), moves);
  }
  return out;
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
fs.mkdirSync(work, { recursive: true });
let failures = 0;

// 1. shogiops writes, Kyodai reads and annotates.
for (let g = 1; g <= games; g++) {
  const { kif, texts, usi } = shogiopsGame();
  const file = path.join(work, `shogiops-${g}.kifu`);
  fs.writeFileSync(file, kif);
  if (g === 1 && fixture) {
    fs.writeFileSync(fixture, kif);
    fs.writeFileSync(`${fixture}.usi`, usi.join("\n") + "\n");
  }
  const pgn = execFileSync(kyodai, ["annotate", file, "--variant", "chu", "--option", "rules=lishogi", "--depth", "1"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const got = [...pgnMoves(pgn).values()][0];
  const doubles = texts.filter((t) => t.includes(",")).length;
  if (same(got, texts)) {
    console.log(`shogiops game ${g}: ${texts.length} moves (${doubles} Lion double moves) read and annotated alike`);
  } else {
    failures++;
    const i = got.findIndex((x, k) => x !== texts[k]);
    console.log(`shogiops game ${g}: differs at move ${i + 1}: kyodai '${got[i]}', shogiops '${texts[i]}' (${file})`);
  }
}

// 2. Kyodai writes, shogiops reads.
const kifDir = path.join(work, "kyodai");
const pgnFile = path.join(work, "kyodai.pgn");
fs.rmSync(kifDir, { recursive: true, force: true });
fs.rmSync(pgnFile, { force: true });
execFileSync(kyodai, [
  "match", "--variant", "chu", "--option", "rules=lishogi",
  "--engine", "name=a", "cmd=builtin:random", "--engine", "name=b", "cmd=builtin:random",
  "--games", String(games), "--maxmoves", String(Math.ceil(plies / 2)), "--seed", String(seed % 1000n),
  "--kifout", kifDir, "--pgnout", pgnFile,
], { stdio: ["ignore", "pipe", "pipe"] });
const expected = pgnMoves(fs.readFileSync(pgnFile, "utf8"));
for (const [round, want] of expected) {
  const file = path.join(kifDir, `game-${round.padStart(4, "0")}.kifu`);
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const start = lines.findIndex((l) => l.startsWith("手数"));
  const moveLines = lines.slice(start + 1).filter((l) => /^\s*\d+\s/.test(l)).map((l) => l.replace(/^\s*\d+\s+/, ""));
  const mds = parseKifMovesOrDrops(moveLines);
  const pos = Chushogi.default();
  const got = [];
  for (const md of mds) {
    if (!pos.isLegal(md)) {
      got.push(`illegal:${makeUsi(md)}`);
      break;
    }
    got.push(ourText(pos, md));
    pos.play(md);
  }
  if (same(got, want)) {
    console.log(`kyodai game ${round}: ${want.length} moves read by shogiops alike`);
  } else {
    failures++;
    const i = got.findIndex((x, k) => x !== want[k]);
    console.log(`kyodai game ${round}: differs at move ${i + 1}: shogiops '${got[i]}', kyodai '${want[i]}' (${file})`);
  }
}
console.log(failures === 0 ? "kifu check: all games agree" : `kifu check: ${failures} game(s) differ`);
process.exit(failures === 0 ? 0 : 1);
