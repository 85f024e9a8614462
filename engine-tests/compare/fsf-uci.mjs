#!/usr/bin/env node
// Fairy-Stockfish (npm package fairy-stockfish-nnue.wasm) as a UCI engine on stdin/stdout, with
// our Cazaux variant definitions loaded, so that `kyodai match` can drive it (proto=uci).
//
//   node engine-tests/compare/fsf-uci.mjs --package DIR [--variants FILE] [--alias NAME=SECTION ...]
//
// --package   the package's folder (node_modules/fairy-stockfish-nnue.wasm), or $FSF_WASM_DIR
// --variants  a Fairy-Stockfish variants.ini (default: cazaux-variants.ini beside this script);
//             it is written into the engine's in-memory file system and loaded with the UCI
//             option VariantPath before the first command is relayed, so `uci` already lists
//             its variants in the UCI_Variant combo
// --alias     NAME=SECTION adds a variant NAME that inherits everything from SECTION: Kyodai's
//             UCI client always sends `setoption name UCI_Variant value <our game name>`, e.g.
//             heavy-shako, while the ini names it heavyshako (default: heavy-shako=heavyshako
//             and nothing else; give --alias again to add more)
//
// The wasm build runs its search in worker threads, so the process keeps running after stdin
// closes until `quit` (sent here on end of input) stops the engine.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import readline from "node:readline";

const here = dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
    const args = { pkg: process.env.FSF_WASM_DIR, variants: join(here, "cazaux-variants.ini"), aliases: [] };
    for (let i = 0; i < argv.length; i++) {
        const value = () => {
            if (i + 1 >= argv.length) fail(`${argv[i]} needs a value`);
            return argv[++i];
        };
        switch (argv[i]) {
            case "--package": args.pkg = value(); break;
            case "--variants": args.variants = value(); break;
            case "--alias": {
                const [name, section] = value().split("=");
                if (!name || !section) fail("--alias takes NAME=SECTION");
                args.aliases.push([name, section]);
                break;
            }
            default: fail(`unknown argument ${argv[i]}`);
        }
    }
    if (!args.pkg) fail("give --package DIR (the folder of the npm package fairy-stockfish-nnue.wasm) or set FSF_WASM_DIR");
    if (args.aliases.length === 0) args.aliases.push(["heavy-shako", "heavyshako"]);
    args.pkg = resolve(args.pkg);
    return args;
}

function fail(message) {
    process.stderr.write(`fsf-uci: ${message}\n`);
    process.exit(2);
}

async function main() {
    const args = parseArgs(process.argv.slice(2));
    const require = createRequire(import.meta.url);
    const Stockfish = require(join(args.pkg, "stockfish.js"));
    // Node 18+ has a global fetch, which the Emscripten loader would use on a file path and fail:
    // handing it the binary skips the download.
    const wasmBinary = readFileSync(join(args.pkg, "stockfish.wasm"));
    const engine = await Stockfish({ wasmBinary, locateFile: (f) => join(args.pkg, f) });
    engine.addMessageListener((line) => process.stdout.write(line + "\n"));

    let ini = readFileSync(args.variants, "utf8");
    for (const [name, section] of args.aliases) ini += `\n[${name}:${section}]\n`;
    engine.FS.writeFile("/variants.ini", ini);
    engine.postMessage("setoption name VariantPath value /variants.ini");

    const input = readline.createInterface({ input: process.stdin });
    for await (const line of input) {
        const command = line.trim();
        if (command === "quit") break;
        if (command) engine.postMessage(command);
    }
    engine.postMessage("quit");
    // `quit` ends the engine's threads; exit in case the runtime keeps the event loop alive.
    setTimeout(() => process.exit(0), 200);
}

main().catch((e) => fail(e && e.stack ? e.stack : String(e)));
