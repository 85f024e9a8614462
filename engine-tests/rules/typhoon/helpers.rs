//! Helpers shared by the Typhoon rules tests (the cross-checks use them too).

use super::support::*;
use kyodai::{Game, Position};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

/// Section 9.2.
pub const START: &str = "(gw)(pr)(go)(sa)(fl)(co)k(gg)(ci)(st)(ma)(fh)/(hu)1(bd)1dfwa1c1(cu)/(be)(un)(wa)(der)(cg)(bt)(del)(sg)n(ch)(ov)(ot)/(fu)pp(gu)pppp(gu)pp(fu)/3(ba)4(la)3/12/12/3(LA)4(BA)3/(FU)PP(GU)PPPP(GU)PP(FU)/(OT)(OV)(CH)N(SG)(DEL)(BT)(CG)(DER)(WA)(UN)(BE)/(CU)1C1AWFD1(BD)1(HU)/(FH)(MA)(ST)(CI)(GG)K(CO)(FL)(SA)(GO)(PR)(GW) w";

pub fn ty() -> Arc<Game> {
    static V: OnceLock<Arc<Game>> = OnceLock::new();
    Arc::clone(V.get_or_init(|| Game::builtin("typhoon").expect("built-in variant typhoon")))
}

pub fn pos(fen: &str) -> Position {
    Position::from_fen(&ty(), fen).unwrap_or_else(|e| panic!("FEN {fen}: {e}"))
}

#[track_caller]
pub fn check(fen: &str, from: &[&str], expected: &str) {
    let mut p = pos(fen);
    assert_moves(&moves_of(&mut p, from), &set(expected), &format!("{from:?} in {fen}"));
}
/// Plays `t` on a copy and returns the occupied squares that changed (as "sq:ID:colour").
pub fn effect(fen: &str, t: &str) -> BTreeSet<String> {
    let before = pos(fen);
    let mut after = before.clone();
    play(&mut after, t);
    let shape = before.game().shape;
    let mut out = BTreeSet::new();
    for s in shape.squares() {
        let (a, b) = (before.piece_at(s), after.piece_at(s));
        if a != b {
            let name = shape.name(s);
            out.insert(match b {
                None => format!("{name}:-"),
                Some(pc) => format!("{name}:{}:{:?}", after.game().piece(pc.kind()).id, pc.color()),
            });
        }
    }
    out
}
