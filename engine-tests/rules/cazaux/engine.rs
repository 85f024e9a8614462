//! The engine's side of the Cazaux tests: games with the rules page's options, positions by
//! FEN, legal moves as text, playing by text, outcomes in the reference's terms, and the
//! differential check of one position against the reference generator.

use crate::common::assert_moves;
use crate::reference::{self, Options};
use kyodai::notation::{format_move, parse_move};
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Game, Position};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

/// The engine's `--option` list for the reference's options.
pub fn option_list(o: Options) -> Vec<(String, String)> {
    let d = Options::default();
    let mut out = Vec::new();
    let mut put = |k: &str, on: bool| out.push((k.to_string(), if on { "on" } else { "off" }.to_string()));
    if o.succession != d.succession {
        put("succession", o.succession);
    }
    if o.timurid_castling != d.timurid_castling {
        put("timurid_castling", o.timurid_castling);
    }
    if o.okapi_text != d.okapi_text {
        put("patchanka_okapi_text", o.okapi_text);
    }
    if o.fifty_move_rule != d.fifty_move_rule {
        put("fifty_move_rule", o.fifty_move_rule);
    }
    out
}

/// The built-in game `name` with the options `o` (loaded once per combination).
pub fn game_with(name: &str, o: Options) -> Arc<Game> {
    static GAMES: OnceLock<Mutex<HashMap<String, Arc<Game>>>> = OnceLock::new();
    let key = format!("{name} {o:?}");
    let mut map = GAMES.get_or_init(Default::default).lock().unwrap();
    let g = map.entry(key).or_insert_with(|| {
        Game::builtin_with(name, &option_list(o)).unwrap_or_else(|e| panic!("{name} with {o:?}: {e}"))
    });
    Arc::clone(g)
}

pub fn game(name: &str) -> Arc<Game> {
    game_with(name, Options::default())
}

pub fn epos_with(name: &str, fen: &str, o: Options) -> Position {
    Position::from_fen(&game_with(name, o), fen).unwrap_or_else(|e| panic!("{name} FEN {fen}: {e}"))
}

pub fn epos(name: &str, fen: &str) -> Position {
    epos_with(name, fen, Options::default())
}

pub fn texts(p: &mut Position) -> BTreeSet<String> {
    let g = Arc::clone(p.game());
    let list = legal_move_list(p);
    let t: BTreeSet<String> = list.iter().map(|&m| format_move(&g, m)).collect();
    assert_eq!(t.len(), list.len(), "two legal moves share one text in {}", p.to_fen());
    t
}

/// The legal moves of the pieces on `from`, as text.
pub fn moves_of(p: &mut Position, from: &[&str]) -> BTreeSet<String> {
    let g = Arc::clone(p.game());
    let squares: Vec<_> = from.iter().map(|f| g.shape.parse_square(f).unwrap()).collect();
    legal_move_list(p).into_iter().filter(|m| squares.contains(&m.from)).map(|m| format_move(&g, m)).collect()
}

/// Plays `moves` (our notation, move numbers ignored) on a copy of `p`.
pub fn played(p: &Position, moves: &str) -> Position {
    let mut q = p.clone();
    for t in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        let m = parse_move(&mut q, t).unwrap_or_else(|e| panic!("{t} in {}: {e}", q.to_fen()));
        q.make(m);
    }
    q
}

/// The ID of the piece on `square`, upper case for White.
pub fn id_on(p: &Position, square: &str) -> Option<String> {
    let sq = p.game().shape.parse_square(square).unwrap();
    p.piece_at(sq).map(|pc| {
        let id = p.game().piece(pc.kind()).id.clone();
        if pc.color() == Color::White {
            id
        } else {
            id.to_ascii_lowercase()
        }
    })
}

/// The engine's outcome in the reference's terms (`None` for a result the reference has no
/// word for).
pub fn as_reference(o: Option<Outcome>) -> Option<reference::Outcome> {
    use reference::Outcome as R;
    o.map(|o| match o {
        Outcome::Win { winner, reason: Reason::Checkmate } => R::Checkmate { white_wins: winner == Color::White },
        Outcome::Draw { reason: Reason::Stalemate } => R::Stalemate,
        Outcome::Draw { reason: Reason::BareKings } => R::BareKings,
        Outcome::Draw { reason: Reason::FiftyMoves } => R::FiftyMoves,
        Outcome::Draw { reason: Reason::Repetition } => R::Repetition,
        other => panic!("a result the rules page does not have: {other}"),
    })
}

pub fn outcome_of(p: &mut Position) -> Option<reference::Outcome> {
    as_reference(outcome(p))
}

/// One position seen by both: the same FEN, the same legal moves (as text), the same position
/// after each of them, and the same end of the game.
pub fn agree(name: &str, fen: &str, o: Options) {
    let r = reference::Pos::from_fen_with(name, fen, o).unwrap_or_else(|e| panic!("reference: {name} {fen}: {e}"));
    let mut p = epos_with(name, fen, o);
    assert_eq!(p.to_fen(), r.to_fen(), "{name}: the FEN read back");
    let ctx = format!("{name} {fen} {o:?}");
    assert_moves(&texts(&mut p), &r.legal_texts(), &ctx);
    for m in r.legal_moves() {
        let t = r.text(&m);
        let after = played(&p, &t);
        assert_eq!(after.to_fen(), r.make(&m).to_fen(), "{ctx}: after {t}");
    }
    assert_eq!(outcome_of(&mut p), reference::Game::new(r).outcome(), "{ctx}: outcome");
}
