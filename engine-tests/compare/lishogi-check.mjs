#!/usr/bin/env node
// Chu Shogi under `--option rules=lishogi` (docs/rules/chu.md §14) against lishogi's own rules
// library, shogiops (npm; GPL, so it is installed at run time and never copied here).
//
//   node engine-tests/compare/lishogi-check.mjs KYODAI --shogiops DIR [--positions N]
//        [--seed S] [--capture-bias P] [--spare-royals P] [--max-plies N] [--hachu-games]
//
// KYODAI       a kyodai binary (a release build: target/release/kyodai)
// --shogiops   the folder that holds node_modules/shogiops (lishogi-check.sh installs it)
// --positions  how many positions to compare (default 1000)
// --seed       the random games' seed (default 1)
// --capture-bias  the chance that a random move is drawn among the captures only, so that games
//              reach the ends of few pieces (bare king, two royals) more often (default 0.5)
// --max-plies  a game is cut after this many plies (default 300)
// --spare-royals  the chance that a random move is not drawn among the moves that take a royal
//              (when there are others), so that games last until few pieces are left (default 0)
// --repeat-bias  the chance that a side takes back its previous move when it can (a quiet move
//              back to where the piece came from), so that positions repeat and the repetition
//              rule is reached (default 0)
// --hachu-games  every second game is played by HaChu's rules (our default), its moves drawn
//              from our own list, and each of its positions is compared under lishogi's rules
//              from its FEN (no history, so no repetition)
//
// Random games are played from the start. At every position both sides' legal moves are
// compared as sets of effects (origin, destination, squares emptied by capture, promotion): a
// Lion's jump written as two steps by shogiops is the one move we list, as
// docs/rules/chu.md §5.3 says. The game end is compared too: shogiops' `outcome()`, with
// lishogi's repetition rule (§14.5), which only lishogi's server knows, computed here from
// shogiops' positions as the server does (SFEN without the move number, counted since the last
// capture, promotion, or Pawn or Lance move; attacking moves by shogiops' own destinations).
// Where shogiops and lishogi's server differ (§14.8), we follow the server; such positions are
// counted apart and explained, not counted as disagreements. Exit status 1 on any other
// disagreement.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const kyodai = args[0];
const dir = opt("--shogiops");
if (!kyodai || kyodai.startsWith("--") || !dir) {
  console.error("usage: lishogi-check.mjs KYODAI --shogiops DIR [--positions N] [--seed S]");
  process.exit(2);
}
const wanted = Number(opt("--positions", "1000"));
let seed = BigInt(opt("--seed", "1"));
const captureBias = Number(opt("--capture-bias", "0.5"));
const maxPlies = Number(opt("--max-plies", "300"));
const spareRoyals = Number(opt("--spare-royals", "0"));
const hachuGames = args.includes("--hachu-games");
const repeatBias = Number(opt("--repeat-bias", "0"));

const dist = path.resolve(dir, "node_modules", "shogiops", "dist");
const load = (p) => import(pathToFileURL(path.join(dist, p)).href);
const { Chushogi, secondLionStepDests } = await load("variant/chushogi.js");
const { makeSquareName, parseSquareName, squareDist, opposite } = await load("util.js");
const { pieceCanPromote } = await load("variant/util.js");
const { makeSfen, parseSfen } = await load("sfen.js");

// A small deterministic generator (xorshift64*), so a seed replays the same games.
function random() {
  seed ^= seed << 13n;
  seed &= (1n << 64n) - 1n;
  seed ^= seed >> 7n;
  seed ^= seed << 17n;
  seed &= (1n << 64n) - 1n;
  return Number(seed >> 11n) / 2 ** 53;
}
if (seed === 0n) seed = 1n;

// Squares: ours `e6` (file a..l from the left, rank 1..12 from the first player), USI `8g`.
const RANKS = "abcdefghijkl";
function ours(sq) {
  const usi = makeSquareName(sq);
  const file = Number(usi.slice(0, -1));
  const rank = 12 - RANKS.indexOf(usi.slice(-1));
  return String.fromCharCode(97 + 12 - file) + rank;
}
function fromOurs(name) {
  const f = name.charCodeAt(0) - 97;
  const r = Number(name.slice(1));
  return parseSquareName(`${12 - f}${RANKS[12 - r]}`);
}

// The effect of a move, as a text key: origin, destination, captured squares, promotion.
function effect(pos, from, to, mids, promotion) {
  const me = pos.board.get(from).color;
  const enemy = (sq) => {
    const p = pos.board.get(sq);
    return p !== undefined && p.color !== me;
  };
  const caps = new Set(mids.filter(enemy));
  if (to !== from && enemy(to)) caps.add(to);
  const capText = [...caps].map(ours).sort().join(".");
  return `${ours(from)}-${ours(to)}-${capText}${promotion ? "+" : ""}`;
}

// Every legal move of shogiops, as effects (a map from effect to the move).
function shogiopsMoves(pos) {
  const out = new Map();
  const add = (md) => {
    if (!pos.isLegal(md)) return;
    const mids = md.midStep === undefined ? [] : [md.midStep];
    out.set(effect(pos, md.from, md.to, mids, md.promotion), md);
  };
  for (const from of pos.board.color(pos.turn)) {
    const piece = pos.board.get(from);
    for (const to of pos.moveDests(from)) {
      add({ from, to, promotion: false });
      if (pieceCanPromote("chushogi")(piece, from, to, pos.board.get(to))) add({ from, to, promotion: true });
      if (squareDist(from, to) !== 1) continue;
      for (const to2 of secondLionStepDests(pos, from, to)) add({ from, to: to2, midStep: to, promotion: false });
    }
  }
  return out;
}

function run(cmd, at) {
  return execFileSync(kyodai, [cmd, "--variant", "chu", "--option", "rules=lishogi", ...at], { encoding: "utf8" });
}

// The effect of our move `text` in shogiops' `pos`.
function effectOfText(pos, text) {
  const squares = text.replace(/[+=]$/, "").split(",").flatMap((l) => l.match(/[a-l]\d+/g));
  const from = fromOurs(squares[0]);
  const to = fromOurs(squares[squares.length - 1]);
  return effect(pos, from, to, squares.slice(1, -1).map(fromOurs), text.endsWith("+"));
}

// Our legal moves at `at` (kyodai's arguments), as effects (a map from effect to our text).
function ourMoves(pos, at) {
  const out = new Map();
  for (const text of run("moves", at).split("\n").filter((l) => /^[a-l]\d/.test(l))) {
    out.set(effectOfText(pos, text), text);
  }
  return out;
}

// Our state line, as { winner, kind }.
function ourEnd(state) {
  if (state === "in progress" || / is in check$/.test(state)) return undefined;
  const m = state.match(/^(white|black) wins: (.*)$/);
  const winner = m ? (m[1] === "white" ? "sente" : "gote") : undefined;
  const why = m ? m[2] : state.replace(/^draw: /, "");
  const kinds = [
    ["all royals captured", "kingslost"],
    ["no legal move", "stalemate"],
    ["bare kings", "draw"],
    ["bare king", "bareking"],
    ["fourfold repetition", "repetition"],
  ];
  const kind = kinds.find(([t]) => why.startsWith(t))?.[1] ?? why;
  return { winner, kind };
}

// lishogi's server's repetition rule (docs/rules/chu.md §14.5) over shogiops' positions.
class Repetitions {
  constructor(pos) {
    this.keys = [key(pos)];
    this.attacks = { sente: 0, gote: 0 };
  }
  play(before, md, after) {
    const mover = before.turn;
    const moved = after.board.get(md.to);
    const captured = before.board.occupied.size() !== after.board.occupied.size();
    const irreversible = md.promotion || captured || ["pawn", "lance"].includes(moved.role);
    const ctx = after.ctx(mover);
    const attacking =
      after.isCheck(after.turn) || after.moveDests(md.to, ctx).intersect(after.board.color(after.turn)).nonEmpty();
    this.attacks[mover] = attacking ? this.attacks[mover] + 1 : 0;
    this.keys = irreversible ? [key(after)] : [...this.keys, key(after)];
  }
  // The result at the fourth occurrence, or undefined.
  end() {
    const k = this.keys;
    const now = k[k.length - 1];
    if (k.length <= 12 || k.filter((x) => x === now).length < 4) return undefined;
    const first = k.indexOf(now);
    const perSide = (k.length - 1 - first) / 2;
    const s = this.attacks.sente >= perSide;
    const g = this.attacks.gote >= perSide;
    if (s !== g) return { winner: s ? "gote" : "sente", kind: "repetition" };
    return { winner: undefined, kind: "repetition" };
  }
}
const key = (pos) => makeSfen(pos).split(" ").slice(0, 3).join(" ");

function kings(pos, color) {
  return pos.kingsOf(color).size();
}

// Explains a different game end by a known difference of shogiops and the server (§14.8).
function knownDifference(pos, expected, got) {
  if (got?.kind !== "bareking") return undefined;
  if (expected?.kind === "stalemate") return "shogiops asks for a legal move before the bare king";
  if (expected === undefined && kings(pos, got.winner) === 2) return "shogiops never bares against two royals";
  return undefined;
}

const stats = { positions: 0, games: 0, moves: 0, known: new Map(), disagreements: 0 };
const ends = new Map();
function report(what, detail) {
  stats.disagreements += 1;
  console.log(`DISAGREE ${what}\n${detail}\n`);
}

// Compares one position: shogiops' `pos` (with the repetition count `reps`, if the game's
// history is known) and ours, reached by `at` (arguments of kyodai: `--moves ...` or
// `--fen ...`). Returns both move maps, or undefined when the game is over or they disagree.
function compare(pos, reps, at, where) {
  stats.positions += 1;
  const shown = run("show", at);
  const fen = shown.match(/^fen: (.*)$/m)[1];
  const state = shown.match(/^state: (.*)$/m)[1];
  const [board, , cs] = fen.split(" ");
  const sfen = makeSfen(pos).split(" ");
  where = `${where}\nsfen ${sfen.join(" ")}`;
  const csOurs = sfen[2] === "-" ? "-" : ours(parseSquareName(sfen[2]));
  if (board !== sfen[0] || cs !== csOurs) return report("position", `${where}\nours ${fen}`);
  let expected = pos.outcome();
  if (reps && (expected === undefined || expected.result === "draw")) expected = reps.end() ?? expected;
  if (expected?.result) expected = { winner: expected.winner, kind: expected.result };
  const got = ourEnd(state);
  if (JSON.stringify(expected) !== JSON.stringify(got)) {
    const why = knownDifference(pos, expected, got);
    if (why) stats.known.set(why, (stats.known.get(why) ?? 0) + 1);
    else report("game end", `${where}\nshogiops ${JSON.stringify(expected)}, ours ${state}`);
    return undefined;
  }
  if (got !== undefined) {
    const name = got.winner ? `${got.kind} (${got.winner} wins)` : `${got.kind} (draw)`;
    ends.set(name, (ends.get(name) ?? 0) + 1);
    return undefined;
  }
  const theirs = shogiopsMoves(pos);
  const mine = ourMoves(pos, at);
  stats.moves += theirs.size;
  const onlyTheirs = [...theirs.keys()].filter((k) => !mine.has(k));
  const onlyOurs = [...mine.keys()].filter((k) => !theirs.has(k));
  if (onlyTheirs.length || onlyOurs.length) {
    return report("moves", `${where}\nonly shogiops: ${onlyTheirs.join(" ")}\nonly ours: ${onlyOurs.join(" ")}`);
  }
  return { theirs, mine };
}

// A random key of `moves` (a map from effect keys), biased as the options say; `previous` is
// the effect key of the side's own previous move, if any.
function pick(pos, moves, previous) {
  if (previous && repeatBias > 0 && random() < repeatBias) {
    const [from, to, caps] = previous.split("-");
    const back = `${to}-${from}-`;
    if (caps === "" && moves.has(back)) return back;
  }
  const royal = (name) => {
    const p = pos.board.get(fromOurs(name));
    return p !== undefined && p.color !== pos.turn && ["king", "prince"].includes(p.role);
  };
  const takesRoyal = (k) => k.replace(/\+$/, "").split("-")[2].split(".").some((s) => s && royal(s));
  let all = [...moves.keys()];
  if (random() < spareRoyals && all.some((k) => !takesRoyal(k))) all = all.filter((k) => !takesRoyal(k));
  const captures = all.filter((k) => k.replace(/\+$/, "").split("-")[2] !== "");
  const pool = captures.length && random() < captureBias ? captures : all;
  return pool[Math.floor(random() * pool.length)];
}

// A game under lishogi's rules: both programs play the same random moves from the start.
function lishogiGame() {
  const pos = Chushogi.default();
  const reps = new Repetitions(pos);
  const played = [];
  const keys = [];
  for (let ply = 0; ply <= maxPlies && stats.positions < wanted; ply++) {
    const at = played.length ? ["--moves", ...played] : [];
    const both = compare(pos, reps, at, `game ${stats.games}, moves: ${played.join(" ")}`);
    if (!both) return;
    const chosen = pick(pos, both.theirs, keys[keys.length - 2]);
    keys.push(chosen);
    const md = both.theirs.get(chosen);
    const before = pos.clone();
    pos.play(md);
    reps.play(before, md, pos);
    played.push(both.mine.get(chosen));
  }
}

// A game under HaChu's rules (our default), its moves drawn from our own list; each position
// is compared under lishogi's rules from its FEN (so without repetitions).
function hachuGame() {
  const played = [];
  for (let ply = 0; ply <= maxPlies && stats.positions < wanted; ply++) {
    const a = ["show", "--variant", "chu", ...(played.length ? ["--moves", ...played] : [])];
    const shown = execFileSync(kyodai, a, { encoding: "utf8" });
    if (!/^state: (in progress|.* is in check)$/m.test(shown)) return;
    const fen = shown.match(/^fen: (.*)$/m)[1];
    const [board, side, cs] = fen.split(" ");
    const csUsi = cs === "-" ? "-" : makeSquareName(fromOurs(cs));
    const pos = parseSfen("chushogi", `${board} ${side === "w" ? "b" : "w"} ${csUsi} 1`, false).unwrap();
    const both = compare(pos, undefined, ["--fen", fen], `HaChu game ${stats.games}, FEN ${fen}`);
    if (!both) return;
    const hachu = new Map();
    const m = ["moves", "--variant", "chu", ...(played.length ? ["--moves", ...played] : [])];
    for (const text of execFileSync(kyodai, m, { encoding: "utf8" }).split("\n").filter((l) => /^[a-l]\d/.test(l))) {
      hachu.set(text, text);
    }
    if (hachu.size === 0) return;
    const keyed = new Map([...hachu.keys()].map((t) => [effectOfText(pos, t), t]));
    played.push(keyed.get(pick(pos, keyed, undefined)));
  }
}

while (stats.positions < wanted) {
  stats.games += 1;
  if (hachuGames && stats.games % 2 === 0) hachuGame();
  else lishogiGame();
}

console.log(`positions compared: ${stats.positions} in ${stats.games} games (${stats.moves} legal moves)`);
console.log(`game ends agreed: ${[...ends].map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`);
for (const [why, n] of stats.known) console.log(`explained (docs/rules/chu.md §14.8): ${why}: ${n}`);
console.log(`disagreements: ${stats.disagreements}`);
process.exit(stats.disagreements ? 1 : 0);
