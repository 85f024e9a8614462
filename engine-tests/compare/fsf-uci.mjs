#!/usr/bin/env node
// Fairy-Stockfish (npm package fairy-stockfish-nnue.wasm, or a native build) as a UCI engine on
// stdin/stdout, with our Cazaux variant definitions loaded, so that `kyodai match` can drive it
// (proto=uci).
//
//   node engine-tests/compare/fsf-uci.mjs (--package DIR | --native BIN) [--variants FILE]
//                                         [--alias NAME=SECTION ...] [--translate]
//
// --package    the package's folder (node_modules/fairy-stockfish-nnue.wasm), or $FSF_WASM_DIR
// --native     a native Fairy-Stockfish executable (built with largeboards=yes) run as a child
//              process instead of the WebAssembly build; the variants file, with the aliases,
//              is written to a temporary file for it
// --variants   a Fairy-Stockfish variants.ini (default: cazaux-variants.ini beside this script);
//              it is written into the engine's in-memory file system and loaded with the UCI
//              option VariantPath before the first command is relayed, so `uci` already lists
//              its variants in the UCI_Variant combo
// --alias      NAME=SECTION adds a variant NAME that inherits everything from SECTION: Kyodai's
//              UCI client always sends `setoption name UCI_Variant value <our game name>`, e.g.
//              heavy-shako, while the ini names it heavyshako (default: heavy-shako=heavyshako
//              and nothing else; give --alias again to add more)
// --translate  our move text to Fairy-Stockfish's and back, for Patchanka (see below); without
//              it every line is relayed as it is (Heavy Shako needs nothing more)
//
// Patchanka (--translate). Our notation writes its forced promotions without a suffix, while
// Fairy-Stockfish writes a Pawn's or Soldier's with 'm' and a Kirin's or Phoenix's with '+'; and
// Fairy-Stockfish sets no en-passant square after a Soldier's double step (see
// cazaux-variants.ini), which our rules do. So each `position ... moves` is rewritten move by move
// against Fairy-Stockfish's own legal moves (`go perft 1`, not shown): a move it lists is kept, a
// move it lists only with a one-character suffix gets the suffix, and a move it does not list
// after a double step is retried from its FEN (`d`) with the passed-over square as the
// en-passant square (the position then continues from that FEN, so repetitions before it are
// not seen). The translated prefix is kept, so each turn costs a query or two. On the way back
// the '+' is dropped from moves in `bestmove` and `info` lines ('m', a Medusa, we read).
//
// The wasm build runs its search in worker threads, so the process keeps running after stdin
// closes until `quit` (sent here on end of input) stops the engine.
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import readline from "node:readline";

const here = dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
    const args = {
        pkg: process.env.FSF_WASM_DIR,
        native: null,
        variants: join(here, "cazaux-variants.ini"),
        aliases: [],
        translate: false,
    };
    for (let i = 0; i < argv.length; i++) {
        const value = () => {
            if (i + 1 >= argv.length) fail(`${argv[i]} needs a value`);
            return argv[++i];
        };
        switch (argv[i]) {
            case "--package": args.pkg = value(); break;
            case "--native": args.native = resolve(value()); break;
            case "--variants": args.variants = value(); break;
            case "--translate": args.translate = true; break;
            case "--alias": {
                const [name, section] = value().split("=");
                if (!name || !section) fail("--alias takes NAME=SECTION");
                args.aliases.push([name, section]);
                break;
            }
            default: fail(`unknown argument ${argv[i]}`);
        }
    }
    if (!args.pkg && !args.native) {
        fail("give --package DIR (the folder of the npm package fairy-stockfish-nnue.wasm, or set FSF_WASM_DIR) or --native BIN");
    }
    if (args.native && !existsSync(args.native)) fail(`--native: no file ${args.native}`);
    if (args.aliases.length === 0) args.aliases.push(["heavy-shako", "heavyshako"]);
    if (args.pkg) args.pkg = resolve(args.pkg);
    return args;
}

function fail(message) {
    process.stderr.write(`fsf-uci: ${message}\n`);
    process.exit(2);
}

/// The engine's output goes to stdout, except while a query of ours collects it.
class Engine {
    constructor(engine, translate) {
        this.engine = engine;
        this.collector = null;
        // Relayed `isready` and `go` commands not yet answered (`readyok`, `bestmove`): a query
        // waits for them, so that it never takes an answer meant for the other side.
        this.pending = 0;
        this.idle = [];
        engine.addMessageListener((line) => {
            const c = this.collector;
            if (!c) {
                process.stdout.write((translate ? ourMoves(line) : line) + "\n");
                if ((line === "readyok" || line.startsWith("bestmove")) && this.pending > 0 && --this.pending === 0) {
                    for (const wake of this.idle.splice(0)) wake();
                }
                return;
            }
            c.lines.push(line);
            if (c.done(line)) {
                this.collector = null;
                c.resolve(c.lines);
            }
        });
    }

    send(command) {
        this.engine.postMessage(command);
    }

    /// Relays one of the other side's commands.
    relay(command) {
        if (command === "isready" || (command.startsWith("go") && !command.startsWith("go perft"))) this.pending++;
        this.send(command);
    }

    /// Sends `commands` and resolves to the output lines up to the one `done` accepts.
    async query(commands, done) {
        if (this.pending > 0) await new Promise((wake) => this.idle.push(wake));
        return new Promise((resolve) => {
            this.collector = { lines: [], done, resolve };
            for (const c of commands) this.send(c);
        });
    }

    async legalMoves(position) {
        const lines = await this.query([position, "go perft 1"], (l) => l.startsWith("Nodes searched"));
        return lines.filter((l) => /: 1$/.test(l)).map((l) => l.split(":")[0]);
    }

    async fen(position) {
        const lines = await this.query([position, "d", "isready"], (l) => l === "readyok");
        const line = lines.find((l) => l.startsWith("Fen: "));
        return line ? line.slice(5) : null;
    }
}

/// Drops Fairy-Stockfish's '+' promotion mark from the moves of `bestmove` and `info` lines.
function ourMoves(line) {
    if (!line.startsWith("bestmove") && !line.startsWith("info")) return line;
    return line.replace(/\b([a-z]\d+[a-z]\d+)\+/g, "$1");
}

/// `from`, `to` of a move text: 'c9c10m' -> ['c9', 'c10'].
function squares(move) {
    const m = /^([a-z])(\d+)([a-z])(\d+)/.exec(move);
    return m ? [[m[1], +m[2]], [m[3], +m[4]]] : null;
}

/// Our move in Fairy-Stockfish's text among its legal moves, or null.
function pick(legal, ours) {
    if (legal.includes(ours)) return ours;
    const suffixed = legal.filter((l) => l.startsWith(ours) && /^[+a-z]$/.test(l.slice(ours.length)));
    return suffixed.length === 1 ? suffixed[0] : null;
}

/// Rewrites `position` commands into Fairy-Stockfish's move text (see --translate above).
class Translator {
    constructor(engine) {
        this.engine = engine;
        this.reset("");
    }

    reset(base) {
        this.base = base; // ours: `startpos` or `fen ...`
        this.ours = []; // our moves translated so far
        this.theirBase = base; // theirs: where their moves start from
        this.theirs = [];
    }

    position() {
        return `position ${this.theirBase}` + (this.theirs.length ? ` moves ${this.theirs.join(" ")}` : "");
    }

    async translate(command) {
        const m = /^position\s+(.*?)(?:\s+moves\s+(.*))?$/.exec(command);
        if (!m) return command;
        const base = m[1].trim();
        const moves = m[2] ? m[2].trim().split(/\s+/) : [];
        const known = base === this.base && this.ours.length <= moves.length && this.ours.every((x, i) => x === moves[i]);
        if (!known) this.reset(base);
        for (const move of moves.slice(this.ours.length)) {
            const theirs = await this.step(move);
            if (!theirs) {
                // Sent as it is: Fairy-Stockfish stops reading the moves there, and the game shows it.
                process.stderr.write(`fsf-uci: no legal move ${move} after ${this.ours.join(" ") || "the start"}\n`);
            }
            this.ours.push(move);
            this.theirs.push(theirs ?? move);
        }
        return this.position();
    }

    /// Their text of our next move, rebasing on a FEN with an e.p. square when that is needed.
    async step(move) {
        const direct = pick(await this.engine.legalMoves(this.position()), move);
        if (direct) return direct;
        const last = squares(this.ours[this.ours.length - 1] ?? "");
        if (!last || last[0][0] !== last[1][0] || Math.abs(last[0][1] - last[1][1]) !== 2) return null;
        const fen = await this.engine.fen(this.position());
        if (!fen) return null;
        const fields = fen.split(" ");
        fields[3] = `${last[0][0]}${(last[0][1] + last[1][1]) / 2}`;
        const rebased = `fen ${fields.join(" ")}`;
        const theirs = pick(await this.engine.legalMoves(`position ${rebased}`), move);
        if (!theirs) return null;
        process.stderr.write(`fsf-uci: ${move} is an e.p. capture Fairy-Stockfish did not list; continuing from ${rebased}\n`);
        this.theirBase = rebased;
        this.theirs = [];
        return theirs;
    }
}

/// A native Fairy-Stockfish as a child process, with the wasm module's interface (lines in,
/// a listener for lines out), and the variants file written where it can read it.
function nativeEngine(bin, ini) {
    const dir = mkdtempSync(join(tmpdir(), "fsf-uci-"));
    const path = join(dir, "variants.ini");
    writeFileSync(path, ini);
    const child = spawn(bin, [], { stdio: ["pipe", "pipe", "inherit"] });
    child.on("error", (e) => fail(`cannot run ${bin}: ${e.message}`));
    child.on("exit", () => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
    });
    const listeners = [];
    readline.createInterface({ input: child.stdout }).on("line", (l) => listeners.forEach((f) => f(l)));
    return {
        addMessageListener: (f) => listeners.push(f),
        postMessage: (c) => child.stdin.write(c + "\n"),
        variantPath: path,
    };
}

/// The WebAssembly build, with the variants file in its in-memory file system.
async function wasmEngine(pkg, ini) {
    const require = createRequire(import.meta.url);
    const Stockfish = require(join(pkg, "stockfish.js"));
    // Node 18+ has a global fetch, which the Emscripten loader would use on a file path and fail:
    // handing it the binary skips the download.
    const wasmBinary = readFileSync(join(pkg, "stockfish.wasm"));
    const engine = await Stockfish({ wasmBinary, locateFile: (f) => join(pkg, f) });
    engine.FS.writeFile("/variants.ini", ini);
    engine.variantPath = "/variants.ini";
    return engine;
}

async function main() {
    const args = parseArgs(process.argv.slice(2));
    let ini = readFileSync(args.variants, "utf8");
    for (const [name, section] of args.aliases) ini += `\n[${name}:${section}]\n`;
    const inner = args.native ? nativeEngine(args.native, ini) : await wasmEngine(args.pkg, ini);
    const engine = new Engine(inner, args.translate);
    engine.send(`setoption name VariantPath value ${inner.variantPath}`);

    const translator = args.translate ? new Translator(engine) : null;
    const input = readline.createInterface({ input: process.stdin });
    for await (const line of input) {
        const command = line.trim();
        if (command === "quit") break;
        if (!command) continue;
        engine.relay(translator && command.startsWith("position") ? await translator.translate(command) : command);
    }
    engine.send("quit");
    // `quit` ends the engine's threads; exit in case the runtime keeps the event loop alive.
    setTimeout(() => process.exit(0), 200);
}

main().catch((e) => fail(e && e.stack ? e.stack : String(e)));
