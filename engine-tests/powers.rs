//! One test per power module (`core/src/movegen/powers/`): the piece alone on a small made-up
//! board, with a friend or an enemy where the power needs one, and its moves (as text)
//! compared with a list written by hand from the power's line in `docs/data-files.md`. Where a
//! power answers attacks (`movegen::attack::is_attacked`), the squares it attacks are checked
//! too. `every_power_module_has_a_test` reads the module list from the source tree, so a new
//! power without a test here fails.
//!
//! The boards are 7x7 (files a-g, ranks 1-7), White moving up. Both Kings stand in corners out
//! of the way (a1 and g7, or as the test says); the game is won by capturing the royal
//! (`royal-capture`), so no move is refused for check and the lists are exactly the power's.

use kyodai::movegen::attack::is_attacked;
use kyodai::notation::{format_move, parse_move};
use kyodai::rules::legality::legal_move_list;
use kyodai::{Color, Game, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A 7x7 test game: a King each (`K`, Betza `K`), a plain enemy `E` (Betza `W`), a plain friend
/// `F` (Betza `W`) and the piece `P` under test with `betza` and `powers`; `extra` adds
/// `[[piece]]` keys to `P`.
fn game(betza: &str, powers: &[&str], extra: &str) -> Arc<Game> {
    build(&text(betza, powers, extra))
}

fn build(text: &str) -> Arc<Game> {
    Arc::new(Game::from_toml(text).unwrap_or_else(|e| panic!("test game: {e}")))
}

/// The test game's file (see [`game`]); `V` is a forward-only stepper (Betza `fW`).
fn text(betza: &str, powers: &[&str], extra: &str) -> String {
    let powers: Vec<String> = powers.iter().map(|p| format!("{p:?}")).collect();
    format!(
        r#"name = "powers-test"
title = "Powers test"
files = 7
ranks = 7
start = "6k/7/7/7/7/7/K6 w"

[rules]
orientation = "rotate"
legality = "royal-capture"
no_moves = "loses"
repetition = "draw-third"

[promotion]
rule = "capture"
zone = 0
text = "plus"

[[piece]]
id = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
id = "E"
name = "Enemy"
betza = "W"

[[piece]]
id = "F"
name = "Friend"
betza = "W"

[[piece]]
id = "V"
name = "Forward stepper"
betza = "fW"

[[piece]]
id = "P"
name = "Power piece"
betza = "{betza}"
powers = [{}]
{extra}
"#,
        powers.join(", ")
    )
}

/// The legal moves of the piece on `from` in `fen`, as text.
fn moves(g: &Arc<Game>, fen: &str, from: &str) -> BTreeSet<String> {
    let mut p = Position::from_fen(g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let at = g.shape.parse_square(from).unwrap();
    legal_move_list(&mut p).into_iter().filter(|m| m.from == at).map(|m| format_move(g, m)).collect()
}

/// Checks `movegen::attack::is_attacked` by White in `fen`: every square of `yes` attacked,
/// none of `no`.
#[track_caller]
fn check_attacks(g: &Arc<Game>, fen: &str, yes: &str, no: &str) {
    let p = Position::from_fen(g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for (list, want) in [(yes, true), (no, false)] {
        for name in list.split_whitespace() {
            let s = g.shape.parse_square(name).unwrap();
            assert_eq!(is_attacked(&p, s, Color::White), want, "{name} attacked by White in {fen}");
        }
    }
}

/// Plays `text` in `fen` and returns the placement after it.
fn after(g: &Arc<Game>, fen: &str, text: &str) -> String {
    let mut p = Position::from_fen(g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = parse_move(&mut p, text).unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
    p.make(m);
    p.to_fen().split(' ').next().unwrap().to_string()
}

/// The placement field of [`board`].
fn placement(pieces: &str) -> String {
    board(pieces).split(' ').next().unwrap().to_string()
}

/// Every square of the 7x7 board but `except`, as move texts from `from`.
fn all_but(from: &str, except: &str) -> String {
    let except = set(except);
    let mut out = Vec::new();
    for f in 'a'..='g' {
        for r in 1..=7 {
            let s = format!("{f}{r}");
            if s != from && !except.contains(&s) {
                out.push(format!("{from}{s}"));
            }
        }
    }
    out.join(" ")
}

/// A FEN of the 7x7 board from `"Ka1 kg7 Pd4"` (a one-letter piece, then its square; upper
/// case White), White to move.
fn board(pieces: &str) -> String {
    let mut grid = [['1'; 7]; 7];
    for item in pieces.split_whitespace() {
        let mut c = item.chars();
        let piece = c.next().unwrap();
        let file = c.next().unwrap() as usize - 'a' as usize;
        let rank = c.as_str().parse::<usize>().unwrap() - 1;
        grid[rank][file] = piece;
    }
    let rows: Vec<String> = grid.iter().rev().map(|row| row.iter().collect::<String>()).collect();
    // Runs of empty squares as one digit.
    let rows: Vec<String> = rows
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for ch in row.chars() {
                if ch == '1' {
                    run += 1;
                } else {
                    if run > 0 {
                        out.push_str(&run.to_string());
                    }
                    run = 0;
                    out.push(ch);
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect();
    format!("{} w", rows.join("/"))
}

fn set(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(str::to_string).collect()
}

#[track_caller]
fn check(actual: BTreeSet<String>, expected: &str, ctx: &str) {
    let expected = set(expected);
    if actual != expected {
        let missing: Vec<_> = expected.difference(&actual).collect();
        let extra: Vec<_> = actual.difference(&expected).collect();
        panic!("{ctx}: missing {missing:?}, unexpected {extra:?}; all: {actual:?}");
    }
}

// ------------------------------------------------------------------------------------------
// One test per power module, named `power_<module>`.
// ------------------------------------------------------------------------------------------

#[test]
fn power_approach() {
    // `approach`: after a plain move, the run of enemies straight ahead of the arrival square
    // may be captured (both the plain move and the capturing one exist).
    let g = game("W", &["approach"], "");
    let fen = board("Ka1 kg7 Pd4 ed6 ed7");
    check(
        moves(&g, &fen, "d4"),
        // The W steps; d4d5 arrives facing d6, the head of the run d6-d7: its capturing twin.
        // c4, e4 and d3 face empty squares.
        "d4c4 d4e4 d4d3 d4d5 d4d5xd6",
        "approach",
    );
    assert_eq!(after(&g, &fen, "d4d5xd6"), placement("Ka1 kg7 Pd5"), "the whole run is taken");
    check_attacks(&g, &fen, "d5 d6 d7", "b4 d2");
}

#[test]
fn power_area() {
    // `area:3`: up to 3 king steps through empty squares, stopping at the first capture.
    let g = game("", &["area:3"], "");
    // Alone, every square within 3 king steps of d4 (the whole board) but the own King's.
    check(moves(&g, &board("Ka1 kg7 Pd4"), "d4"), &all_but("d4", "a1"), "area, open board");
    // Walled in by friends but for the enemy on e5: the only move takes it and stops there.
    let fen = board("Ka1 kg7 Pd4 Fc3 Fc4 Fc5 Fd3 Fd5 Fe3 Fe4 ee5");
    check(moves(&g, &fen, "d4"), "d4e5", "area, walled");
    // e5 is attacked; f6 would need a path through e5, which stops the move.
    check_attacks(&g, &fen, "e5", "f6");
}

#[test]
fn power_bent() {
    // `bent:F>W`: a diagonal step, then a slide turning away from the origin (the two
    // orthogonal directions that lead further from d4).
    let g = game("", &["bent:F>W"], "");
    let fen = board("Ka1 kg7 Pd4 ee6");
    check(
        moves(&g, &fen, "d4"),
        // The four steps; from e5 up (e6 captured, the slide ends) and right (f5 g5); from e3
        // down (e2 e1) and right (f3 g3); from c5 up (c6 c7) and left (b5 a5); from c3 down
        // (c2 c1) and left (b3 a3).
        "d4c3 d4c5 d4e3 d4e5 d4e6 d4f5 d4g5 d4e2 d4e1 d4f3 d4g3 d4c6 d4c7 d4b5 d4a5 d4c2 d4c1 d4b3 d4a3",
        "bent",
    );
    check_attacks(&g, &fen, "e6 g5 e5", "e7 d5");
}

#[test]
fn power_burn() {
    // `burn`: the Fire Demon burns every enemy next to where it moves; an enemy arriving next
    // to it burns.
    let g = game("W", &["burn"], "");
    let fen = board("Ka1 kg7 Pd4 ec6 ee6 ea7");
    // Burning is no move of its own: the W steps only.
    check(moves(&g, &fen, "d4"), "d4c4 d4d3 d4d5 d4e4", "burn");
    // d4d5: c6 and e6 are next to d5 and burn; a7 is not.
    assert_eq!(after(&g, &fen, "d4d5"), placement("Ka1 kg7 Pd5 ea7"), "active burn");
    // An enemy stepping next to the Demon burns itself (passive).
    let fen = board("Ka1 kg7 Pd4 ed6").replace(" w", " b");
    assert_eq!(after(&g, &fen, "d6d5"), placement("Ka1 kg7 Pd4"), "passive burn");
    // It attacks the squares next to where it can move (c6, next to d5), not far ones.
    check_attacks(&g, &board("Ka1 kg7 Pd4 ec6"), "c6 d5", "g3");
}

#[test]
fn power_cicada() {
    // `cicada`: a queen-line move of 2 or 3 squares that must hop at least one piece.
    let g = game("", &["cicada"], "");
    let fen = board("Ka1 kg7 Pd4 Fd5 ee5");
    check(
        moves(&g, &fen, "d4"),
        // Up over the friend d5: d6, d7; up-right over the enemy e5 (left unharmed): f6 and
        // the King on g7. Lines without a piece give nothing; never an adjacent square.
        "d4d6 d4d7 d4f6 d4g7",
        "cicada",
    );
    check_attacks(&g, &fen, "d6 g7", "c3 b6");
}

#[test]
fn power_convert() {
    // `convert:W`: converts an enemy on a W square instead of moving.
    let g = game("", &["convert:W"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 eb4");
    check(moves(&g, &fen, "d4"), "d4d4~d5", "convert");
    assert_eq!(after(&g, &fen, "d4d4~d5"), placement("Ka1 kg7 Pd4 Ed5 eb4"), "d5 changes sides");
    check_attacks(&g, &fen, "d5", "b4");
}

/// Every move prints a text that reads back as that move, whatever the game's promotion text:
/// the Cuckoo's `d4d4~d5` was refused ("unknown suffix") in games that write promotions
/// implicitly or silently, where only `plus` games looked the printed texts up.
#[test]
fn marked_moves_read_back_in_every_promotion_text() {
    for promotion_text in ["plus", "implicit", "silent"] {
        for (betza, powers, pieces) in [
            ("", "convert:W", "Ka1 kg7 Pd4 ed5 eb4"),
            ("W", "convert-ahead", "Ka1 kg7 Pd4 ed6"),
            ("", "swap:N", "Ka1 kg7 Pd4 Fe6 eb3"),
        ] {
            let t = text(betza, &[powers], "").replace("text = \"plus\"", &format!("text = {promotion_text:?}"));
            let g = build(&t);
            let fen = board(pieces);
            let mut p = Position::from_fen(&g, &fen).unwrap();
            let legal = legal_move_list(&mut p);
            for m in legal {
                let s = format_move(&g, m);
                let back =
                    parse_move(&mut p, &s).unwrap_or_else(|e| panic!("{powers}, text {promotion_text}: {s}: {e}"));
                assert_eq!(back, m, "{powers}, text {promotion_text}: {s} reads back as another move");
            }
        }
    }
}

#[test]
fn power_convert_ahead() {
    // `convert-ahead`: after a move, may convert the enemy next in line.
    let g = game("W", &["convert-ahead"], "");
    let fen = board("Ka1 kg7 Pd4 ed6");
    // The W steps; d4d5 arrives facing d6: its converting twin.
    check(moves(&g, &fen, "d4"), "d4c4 d4e4 d4d3 d4d5 d4d5~d6", "convert-ahead");
    check_attacks(&g, &fen, "d6", "b6");
}

#[test]
fn emperor_is_for_royal_pieces_only() {
    let e = Game::from_toml(&text("", &["emperor"], "")).expect_err("a non-royal Emperor is refused");
    let msg = e.to_string();
    assert!(msg.contains("'emperor' is a power of royal pieces only"), "{msg}");
    assert!(msg.contains("Power piece"), "the message names the piece: {msg}");
}

/// A call written twice would give its moves twice (two generators of one power run one after
/// the other): the game file is refused. Two calls that differ (`shoot:fW`, `shoot:bW`) are two
/// generators, each with its own moves.
#[test]
fn a_power_written_twice_is_refused() {
    let e = Game::from_toml(&text("", &["cicada", "cicada"], "")).expect_err("a repeated call is refused");
    let msg = e.to_string();
    assert!(msg.contains("'cicada' is written twice"), "{msg}");
    let g = game("", &["shoot:fW", "shoot:bW"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 ed3 ee4");
    check(moves(&g, &fen, "d4"), "d4d5,d5d4 d4d3,d3d4", "two shoot calls");
}

#[test]
fn power_emperor() {
    // `emperor`: to any square not held by a friend; captures only unprotected pieces.
    // Royal, as Tai's Emperor: attack detection looks for Emperors among the royals only, so a
    // game file with a non-royal Emperor is refused (`emperor_is_for_royal_pieces_only`).
    let g = game("", &["emperor"], "royal = true");
    let fen = board("Ka1 kg7 Pd4 eb6 eb7 ef2");
    // Every square but its own King's and the enemies on b6 and b7, which protect each other
    // (W steps); f2 and the lone King g7 are unprotected and may be taken.
    check(moves(&g, &fen, "d4"), &all_but("d4", "a1 b6 b7"), "emperor");
    // An empty square counts as an unprotected piece would: e6 is attacked, c7 (next to the
    // enemy b7) is not.
    check_attacks(&g, &fen, "f2 g7 e6", "b6 b7 c7");
}

#[test]
fn power_grasshopper() {
    // `grasshopper:Q`: over the first piece of each queen line to the square just beyond it.
    let g = game("", &["grasshopper:Q"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 ee5 ee3 ef2 Fc4 ec5 Fb6");
    // Over d5 to d6 and over e5 to f6 (the King on g7 is two beyond: no), over e3 onto the
    // enemy on f2, over the friend c4 to b4; over c5 the friend on b6 blocks; the line to the
    // lower left ends on the own King (a1), with nothing beyond it; empty lines give nothing.
    check(moves(&g, &fen, "d4"), "d4d6 d4f6 d4f2 d4b4", "grasshopper");
    assert_eq!(after(&g, &fen, "d4f6"), placement("Ka1 kg7 Pf6 ed5 ee5 ee3 ef2 Fc4 ec5 Fb6"), "hurdles stay");
    assert_eq!(after(&g, &fen, "d4f2"), placement("Ka1 kg7 Pf2 ed5 ee5 ee3 Fc4 ec5 Fb6"), "f2 taken");
    // Its own attack test agrees: d6, f6 and f2 (b4 is the friend c4's step too); never a
    // square two beyond a hurdle, nor one with no hurdle before it.
    check_attacks(&g, &fen, "d6 f6 f2", "d7 g7 e4 c2");
}

#[test]
fn power_hook() {
    // `hook:W`: an orthogonal slide (capturing the first enemy met ends it), then optionally a
    // slide at right angles from an empty square where the first stops.
    let g = game("", &["hook:W"], "");
    let fen = board("Ka1 kg7 Pd4 Fc4 Fd5 Fe4 ed2 ef3");
    check(
        moves(&g, &fen, "d4"),
        // Friends close three lines; down: d3, then the capture d2. From d3 at right angles:
        // c3 b3 a3 left, e3 and the capture f3 right (g3 lies beyond it).
        "d4d3 d4d2 d4c3 d4b3 d4a3 d4e3 d4f3",
        "hook",
    );
    check_attacks(&g, &fen, "d2 f3 a3", "g3 a4");
}

#[test]
fn power_hop_capture() {
    // `hop-capture:W`: jumps an adjacent enemy onto the empty square beyond, removing it.
    let g = game("", &["hop-capture:W"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 ec4 ee4 Ff4 Fd3");
    // d5 (d6 empty) and c4 (b4 empty) may be jumped; e4 has a friend beyond it; a friend
    // (d3) is never jumped.
    check(moves(&g, &fen, "d4"), "d4d5,d5d6 d4c4,c4b4", "hop-capture");
    assert_eq!(after(&g, &fen, "d4d5,d5d6"), placement("Ka1 kg7 Pd6 ec4 ee4 Ff4 Fd3"));
    // e4 is not jumped (a friend stands beyond), but the friend f4 steps there.
    check_attacks(&g, &fen, "d5 c4 e4", "d6 b5");
}

#[test]
fn power_immobilize() {
    // `immobilize`: freezes adjacent enemies; never captures.
    let g = game("mK", &["immobilize"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 eb6").replace(" w", " b");
    // The enemy next to the Immobilizer has no moves; the one away from it has its W steps.
    // It may still capture itself (Typhoon 5.6, the module's documentation).
    check(moves(&g, &fen, "d5"), "d5d5xd5", "immobilize: frozen");
    check(moves(&g, &fen, "b6"), "b6a6 b6c6 b6b5 b6b7", "immobilize: free");
    // The Immobilizer's own moves are its Betza (mK): the seven empty neighbours.
    let fen = board("Ka1 kg7 Pd4 ed5");
    check(moves(&g, &fen, "d4"), "d4c3 d4c4 d4c5 d4d3 d4e3 d4e4 d4e5", "immobilize: own moves");
    check_attacks(&g, &fen, "", "d5 c5");
}

#[test]
fn power_jump() {
    // `jump-capture:R`: captures along rook lines beyond pieces of lower jump rank.
    let g = game("R", &["jump-capture:R"], "jump_rank = 3");
    let fen = board("Ka1 kg7 Pd4 Fd5 ed6 ef4 eg4");
    check(
        moves(&g, &fen, "d4"),
        // The rook moves (up blocked by the friend d5; right ends capturing f4), and the jump
        // captures: d6 over d5 (rank 0 < 3), g4 over f4; d7 is empty, no capture beyond.
        "d4d6 d4c4 d4b4 d4a4 d4d3 d4d2 d4d1 d4e4 d4f4 d4g4",
        "jump-capture",
    );
    // An empty square is attacked where an enemy would be taken: d7 over d5 and d6.
    check_attacks(&g, &fen, "d6 g4 f4 d7", "c6");
    // A piece of equal jump rank in between blocks the jump.
    let g = game("R", &["jump-capture:R"], "jump_rank = 0");
    check(moves(&g, &fen, "d4"), "d4c4 d4b4 d4a4 d4d3 d4d2 d4d1 d4e4 d4f4", "jump rank 0");
    check_attacks(&g, &fen, "f4", "g4 d7");
    // `lower-only`: beyond the first piece only enemies of lower rank are taken. The enemy King
    // (rank 4 here) on d7 beyond the friend cannot be; the plain enemy g4 (rank 0) can; the
    // first piece on a line is the ordinary slide's capture whatever its rank.
    let t = text("R", &["jump-capture:R(lower-only)"], "jump_rank = 3")
        .replace("royal = true", "royal = true\njump_rank = 4");
    let g = build(&t);
    let fen = board("Ka1 kd7 Pd4 Fd5 ef4 eg4 ea4");
    check(moves(&g, &fen, "d4"), "d4c4 d4b4 d4a4 d4d3 d4d2 d4d1 d4e4 d4f4 d4g4", "jump-capture lower-only");
    check_attacks(&g, &fen, "f4 g4 a4", "d7");
}

#[test]
fn power_king_leap() {
    // `king-leap`: once (the leap right `K`), the King leaps to an empty ring-2 square, never
    // out of check, only if the square it crosses is safe (for a knight-shaped leap, one of
    // the two; both with `both-safe`).
    let t = text("fW", &[], "").replace(
        "id = \"K\"\nname = \"King\"\nbetza = \"K\"",
        "id = \"K\"\nname = \"King\"\nbetza = \"K\"\npowers = [\"king-leap\"]",
    );
    let t = t.replace("[rules]\n", "[fen]\nfields = [\"leap-rights\"]\n\n[rules]\n").replace("royal-capture", "check");
    let fen = format!("{} K", board("ka7 Kd4 ve6"));
    // The forward stepper on e6 attacks e5 only (Black's forward is down); the black King
    // attacks a6, b6, b7.
    let steps = "d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4"; // e5 is attacked
                                                      // Ring 2 but e6 (occupied), b6 (attacked) and f6 (crossing e5, attacked).
    let ring = "d4b2 d4c2 d4d2 d4e2 d4f2 d4b3 d4f3 d4b4 d4f4 d4b5 d4f5 d4c6 d4d6";
    check(moves(&build(&t), &fen, "d4"), &format!("{steps} {ring}"), "king-leap");
    // With `both-safe`, f5 (crossing e4 and the attacked e5) is refused too.
    let both = t.replace("\"king-leap\"", "\"king-leap(both-safe)\"");
    let ring = ring.replace(" d4f5", "");
    check(moves(&build(&both), &fen, "d4"), &format!("{steps} {ring}"), "king-leap(both-safe)");
    // Without the right, the steps only.
    check(moves(&build(&t), &format!("{} -", board("ka7 Kd4 ve6")), "d4"), steps, "no leap right");
}

#[test]
fn power_lame_ride() {
    // `lame-ride:DD`: two-square leaps as a rider, the skipped squares empty too.
    let g = game("", &["lame-ride:DD"], "");
    let fen = board("Ka1 kg7 Pd4 Fd5 ef4 Fb3");
    // Up: d5 is not empty, no d6. Right: e4 empty, f4 captured. Left: b4, then off the board.
    // Down: d2 (d3 empty), then off the board.
    check(moves(&g, &fen, "d4"), "d4f4 d4b4 d4d2", "lame-ride");
    check_attacks(&g, &fen, "f4 d2", "f6 b6");
}

#[test]
fn power_leap_first() {
    // `leap-first:B`: a bishop rider whose first square is skipped, whatever stands there.
    let g = game("", &["leap-first:B"], "");
    let fen = board("Ka1 kg7 Pd4 Fe5 ec5");
    // Over the friend e5: f6, the King g7. Over the enemy c5 (not a target): b6, a7. Down-left
    // over c3: b2 (a1 is its own King). Down-right over e3: f2, g1.
    check(moves(&g, &fen, "d4"), "d4f6 d4g7 d4b6 d4a7 d4b2 d4f2 d4g1", "leap-first");
    check_attacks(&g, &fen, "b6 g7", "c5 c3");
}

#[test]
fn power_lion() {
    // `lion`: up to two king steps, capturing what they step on and going on (hit and run),
    // igui (capture and return), and the pass (with an empty first step).
    let g = game("", &["lion"], "");
    let fen = board("Kg1 kg7 Pa1 ea2");
    check(
        moves(&g, &fen, "a1"),
        // The 8 squares within 2 (a2 taken plainly); igui on a2; a2 taken and on to its other
        // neighbours a3 b3 b2 b1; the pass (b1 empty), written as a move to its own square.
        "a1a2 a1a3 a1b1 a1b2 a1b3 a1c1 a1c2 a1c3 a1a2,a2a1 a1a2,a2a3 a1a2,a2b3 a1a2,a2b2 a1a2,a2b1 a1a1",
        "lion",
    );
    check_attacks(&g, &fen, "a2 c3 b3", "d1 a4");
}

#[test]
fn power_long_leap() {
    // `long-leap:Q`: jumps single enemies along a line (each with an empty square behind),
    // capturing each, stopping on any empty square after the first jump.
    let g = game("mQ", &["long-leap:Q"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 ef6 Fb4");
    check(
        moves(&g, &fen, "d4"),
        // mQ: left c4 (b4 friend), right e4 f4 g4, down d3 d2 d1, c5 b6 a7, c3 b2, e3 f2 g1, e5
        // (f6 holds an enemy). Leaps: over d5 to d6 or d7; over f6 to... g7 is occupied: none.
        "d4c4 d4e4 d4f4 d4g4 d4d3 d4d2 d4d1 d4c5 d4b6 d4a7 d4c3 d4b2 d4e3 d4f2 d4g1 d4e5 d4d6 d4d7",
        "long-leap",
    );
    assert_eq!(after(&g, &fen, "d4d7"), placement("Ka1 kg7 Pd7 ef6 Fb4"), "d5 jumped and taken");
    check_attacks(&g, &fen, "d5", "f6 c6");
}

#[test]
fn power_parrot() {
    // `parrot:W`: shoots the neighbour, hop-captures over it (taking the landing square's
    // enemy too), and passes; the step and the leap themselves are the Betza's W and D.
    let g = game("WD", &["parrot:W"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 ed6");
    check(
        moves(&g, &fen, "d4"),
        // W: c4 e4 d3, d5 taken. D: b4 f4 d2, d6 taken (leaping d5). Parrot: shoot d5; hop over
        // d5 to d6 taking both; the pass.
        "d4c4 d4e4 d4d3 d4d5 d4b4 d4f4 d4d2 d4d6 d4d5,d5d4 d4d5,d5d6 d4d4",
        "parrot",
    );
    check_attacks(&g, &fen, "d5 d6", "c6 g1");
}

#[test]
fn power_relay() {
    // `relay:dervish`: a friend next to the Dervish leaps across it (D or A), and an
    // orthogonal neighbour turns around it (diagonal step to the Dervish's side squares).
    let g = game("", &["relay:dervish"], "");
    let fen = board("Ka1 kg7 Pd4 Fd5 ed3");
    // F's own W steps c5 e5 d6; across the Dervish to d3 (taking the enemy); around it to c4
    // and e4.
    check(moves(&g, &fen, "d5"), "d5c5 d5e5 d5d6 d5d3 d5c4 d5e4", "relay:dervish");
    check_attacks(&g, &fen, "d3 c4", "e6 g2");
    // `relay:harpy`: a friend on an open queen line up to 3 squares away gains the Knight leap.
    let g = game("", &["relay:harpy"], "");
    let fen = board("Ka1 kg7 Pd4 Fd6");
    check(moves(&g, &fen, "d6"), "d6d7 d6d5 d6c6 d6e6 d6c4 d6e4 d6b5 d6f5 d6b7 d6f7", "relay:harpy");
}

#[test]
fn power_shoot() {
    // `shoot:W`: removes an adjacent enemy without moving.
    let g = game("", &["shoot:W"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 Fc4 ee5");
    // d5 only: c4 is a friend, e5 not a W square.
    check(moves(&g, &fen, "d4"), "d4d5,d5d4", "shoot");
    assert_eq!(after(&g, &fen, "d4d5,d5d4"), placement("Ka1 kg7 Pd4 Fc4 ee5"));
    check_attacks(&g, &fen, "d5 e4", "e5 f4");
}

#[test]
fn power_shoot_line() {
    // `shoot-line:R`: removes the first piece on a rook line, if an enemy, without moving.
    let g = game("", &["shoot-line:R"], "");
    let fen = board("Ka1 kg7 Pd4 ed6 Fb4 ea4");
    // Up: d6 is the first piece. Left: the friend b4 first (a4 safe). Right and down: none.
    check(moves(&g, &fen, "d4"), "d4d6,d6d4", "shoot-line");
    assert_eq!(after(&g, &fen, "d4d6,d6d4"), placement("Ka1 kg7 Pd4 Fb4 ea4"));
    // Attack detection generates the shots: only the enemies it would hit count.
    check_attacks(&g, &fen, "d6", "e5 g1");
}

#[test]
fn power_skip_first() {
    // `skip-first:R`: a rook whose first square must be empty and is never a target.
    let g = game("", &["skip-first:R"], "");
    let fen = board("Ka1 kg7 Pd4 ee4 ed2");
    // Up: d6 d7. Left: b4 a4. Right: e4 is not empty, nothing. Down: d2 taken, the ride ends.
    check(moves(&g, &fen, "d4"), "d4d6 d4d7 d4b4 d4a4 d4d2", "skip-first");
    check_attacks(&g, &fen, "d2 d6", "e4 d5");
}

#[test]
fn power_swap() {
    // `swap:N`: exchanges places with any piece a Knight's leap away; nothing is captured.
    let g = game("", &["swap:N"], "");
    let fen = board("Ka1 kg7 Pd4 Fe6 eb3");
    check(moves(&g, &fen, "d4"), "d4e6s d4b3s", "swap");
    assert_eq!(after(&g, &fen, "d4b3s"), placement("Ka1 kg7 ed4 Fe6 Pb3"));
    check_attacks(&g, &fen, "", "b3 f5");
}

#[test]
fn power_sweep() {
    // `sweep:R3`: an orthogonal slide of 1-3 squares through enemies, capturing each passed
    // and the one on the target; no friend on the way.
    let g = game("", &["sweep:R3"], "");
    let fen = board("Ka1 kg7 Pd4 ed5 ed6 Fe4");
    // Up: d5, d6 (taking d5 too), d7 (taking both). Right: the friend e4. Left c4 b4 a4, down
    // d3 d2 d1.
    check(moves(&g, &fen, "d4"), "d4d5 d4d6 d4d7 d4c4 d4b4 d4a4 d4d3 d4d2 d4d1", "sweep");
    assert_eq!(after(&g, &fen, "d4d7"), placement("Ka1 kg7 Pd7 Fe4"));
    check_attacks(&g, &fen, "d5 d6", "g5 b6");
}

#[test]
fn power_withdraw() {
    // `withdraw`: a step directly away from an adjacent enemy captures it.
    let g = game("K", &["withdraw"], "");
    let fen = board("Ka1 kg7 Pd4 ee5");
    // The K steps (e5 taken plainly); c3 withdraws from e5 (written as the step).
    check(moves(&g, &fen, "d4"), "d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5", "withdraw");
    assert_eq!(after(&g, &fen, "d4c3"), placement("Ka1 kg7 Pc3"), "c3 takes e5");
    assert_eq!(after(&g, &fen, "d4d3"), placement("Ka1 kg7 Pd3 ee5"), "d3 is no withdrawal");
    // `withdraw(optional)`: the plain step and the capturing one.
    let g = game("K", &["withdraw(optional)"], "");
    check(moves(&g, &fen, "d4"), "d4c3 d4c3xe5 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5", "withdraw(optional)");
    check_attacks(&g, &fen, "e5 c3", "a4");
}

/// The walk-through of a new power (`docs/extending.md`, "Adding a power") shows the
/// grasshopper as it is: every `rust` and `markdown` block of that section is a passage of the
/// module, the registry, this file or the key reference.
#[test]
fn the_walk_through_shows_the_grasshopper_as_it_is() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |path: &str| std::fs::read_to_string(format!("{root}/{path}")).unwrap();
    let doc = read("docs/extending.md");
    let section = &doc[doc.find("## Adding a power").expect("the walk-through")..];
    let files = [
        "core/src/movegen/powers/grasshopper.rs",
        "core/src/movegen/powers/mod.rs",
        "engine-tests/powers.rs",
        "docs/data-files.md",
    ]
    .map(read);
    let mut blocks = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for line in section.lines() {
        match &mut block {
            None if line == "```rust" || line == "```markdown" => block = Some(Vec::new()),
            Some(lines) if line == "```" => {
                blocks.push(lines.join("\n"));
                block = None;
            }
            Some(lines) => lines.push(line),
            None => {}
        }
    }
    assert!(blocks.len() >= 8, "the walk-through shows the four files: {} blocks", blocks.len());
    for b in &blocks {
        assert!(files.iter().any(|f| f.contains(b.as_str())), "docs/extending.md shows what no file has:\n{b}");
    }
}

/// Every module of `core/src/movegen/powers/` has its `power_<module>` test here.
#[test]
fn every_power_module_has_a_test() {
    let root = env!("CARGO_MANIFEST_DIR");
    let here = std::fs::read_to_string(format!("{root}/engine-tests/powers.rs")).unwrap();
    let mut modules: Vec<String> = std::fs::read_dir(format!("{root}/core/src/movegen/powers"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".rs").map(str::to_string))
        .filter(|n| n != "mod")
        .collect();
    modules.sort();
    assert!(modules.len() >= 25, "the power modules were not found: {modules:?}");
    let missing: Vec<&String> = modules.iter().filter(|m| !here.contains(&format!("fn power_{m}()"))).collect();
    assert!(missing.is_empty(), "power modules without a test in engine-tests/powers.rs: {missing:?}");
}
