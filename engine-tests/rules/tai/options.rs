//! Tai Shogi rules, section 11: the Emperor options.

use super::helpers::*;
use kyodai::notation::parse_move;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::outcome::{outcome, Outcome, Reason};
use kyodai::{Color, Position};
use std::collections::BTreeSet;

#[test]
fn cp_promotes_to_emperor_option() {
    let f = fen(&[("E", "a2"), ("(CP)", "m13"), ("e", "y24"), ("p", "m14"), ("+(CP)", "b2")], 'w');
    let err = Position::from_fen(&tai(), &f).expect_err("+(CP) needs the option").to_string();
    assert!(err.contains("+(CP)"), "{err}");
    let v = with_options(&[("cp_promotes_to_emperor", "on")]);
    let mut p = pos_in(&v, &f);
    let s = |n: &str| v.shape.parse_square(n).unwrap();
    let m = parse_move(&mut p, "m13m14").unwrap();
    assert_eq!(m.promotion(), v.kind_by_id("+CP"));
    p.make(m);
    // The new Emperor moves as one: to any empty square.
    let n = legal_move_list(&mut p).len();
    assert!(n > 600, "{n}");
    assert!(p.royal_squares(Color::White).any(|r| r == s("m14")));
    // +(DE) still never promotes.
    let mut q = pos_in(&v, &framed(&[("+(DE)", "m13"), ("p", "m14")]));
    let m = parse_move(&mut q, "m13m14").unwrap();
    assert_eq!(m.promotion(), None);
}

#[test]
fn emperor_free_nonroyal_capture_option() {
    let v = with_options(&[("emperor_free_nonroyal_capture", "on")]);
    let s = |n: &str| v.shape.parse_square(n).unwrap();
    // T8 (a): the pawn is now free; the unprotected Emperor too.
    let f = "24e/25/25/25/25/25/25/25/25/25/25/25/12p12/25/25/25/25/25/25/25/25/25/25/25/E24 w";
    let mut p = pos_in(&v, f);
    let caps: Vec<_> =
        legal_move_list(&mut p).into_iter().filter(|m| m.from == s("a1") && !p.is_empty(m.to)).map(|m| m.to).collect();
    assert_eq!(caps.len(), 2);
    // T8 (b): the Gold protects its Emperor but is itself free.
    let f = "24e/24g/25/25/25/25/25/25/25/25/25/25/12p12/25/25/25/25/25/25/25/25/25/25/25/E24 w";
    let mut p = pos_in(&v, f);
    let caps: BTreeSet<_> =
        legal_move_list(&mut p).into_iter().filter(|m| m.from == s("a1") && !p.is_empty(m.to)).map(|m| m.to).collect();
    assert_eq!(caps, [s("y24"), s("m13")].into_iter().collect());
    // A royal protected only by its own Emperor's recapture: the second player's Crown Prince
    // on y25 has no defender, but its Emperor on a25 could take our Emperor on y25, unless a
    // piece of ours protects y25 (a Gold on x24, by its forward-right step).
    let f = fen(&[("E", "a1"), ("e", "a25"), ("(cp)", "y25")], 'w');
    let mut p = pos_in(&v, &f);
    assert!(parse_move(&mut p, "a1y25").is_err(), "their Emperor would take ours");
    let f = fen(&[("E", "a1"), ("e", "a25"), ("(cp)", "y25"), ("G", "x24")], 'w');
    let mut p = pos_in(&v, &f);
    assert!(parse_move(&mut p, "a1y25").is_ok(), "our Gold protects our Emperor there");
}

#[test]
fn fourfold_repetition_draw_option() {
    let v = with_options(&[("repetition", "draw-fourth")]);
    let mut p = Position::start(&v);
    let cycle = ["m1m10", "m25m16", "m10m1", "m16m25"];
    // The start position occurs for the 2nd, 3rd and 4th time after each full cycle; T12's
    // forbidden move is legal under this option.
    for round in 1..=3 {
        for t in cycle {
            assert_eq!(outcome(&p), None, "round {round} before {t}");
            let m = parse_move(&mut p, t).unwrap_or_else(|e| panic!("round {round}: {t}: {e}"));
            p.make(m);
        }
    }
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::FourfoldRepetition }));
}

#[test]
fn move_cap_option_draws() {
    let v = with_options(&[("move_cap", "2")]);
    let mut p = Position::start(&v);
    for t in ["m7m8", "m19m18", "l7l8"] {
        assert_eq!(outcome(&p), None, "before {t}");
        let m = parse_move(&mut p, t).unwrap();
        p.make(m);
    }
    assert_eq!(outcome(&p), None, "two full moves are not complete yet");
    let m = parse_move(&mut p, "l19l18").unwrap();
    p.make(m);
    assert_eq!(outcome(&p), Some(Outcome::Draw { reason: Reason::MoveCap }));
}

/// Notation: the Emperor's capture of a protected piece is refused naming the protection rule,
/// not as a move the Emperor cannot make.
#[test]
fn an_emperor_capture_of_a_protected_piece_names_the_rule() {
    use kyodai::movegen::power::PowerRefusal;
    use kyodai::notation::{MoveError, Refusal};
    let f = "24e/25/25/25/25/25/25/25/25/25/25/25/12p12/25/25/25/25/25/25/25/25/25/25/25/E24 w";
    let mut p = pos(f);
    let e = parse_move(&mut p, "a1m13").unwrap_err();
    assert!(
        matches!(&e, MoveError::Illegal { reason: Refusal::Power { rule: PowerRefusal::Protected, .. }, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("the Pawn on m13: it is protected"), "{e}");
}
