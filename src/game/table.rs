//! The piece table of a game as Markdown, generated from its data file (for `kyodai pieces`
//! and the README, so the table is never written twice).

use super::Game;
use crate::movegen::power::{direction_name, LionShape, Power, RelayRule};

fn power_text(p: &Power) -> String {
    match p {
        Power::Lion(rule) => {
            let mut t = match &rule.shape {
                LionShape::King { steps: 2 } => "lion power".to_string(),
                LionShape::King { .. } => "three-step lion move (jumps within 3, walks capturing up to 3)".to_string(),
                LionShape::Lines(d) => {
                    let names: Vec<&str> = d.iter().map(|&v| direction_name(v)).collect();
                    format!("lion line {}", names.join(","))
                }
                LionShape::Diagonal => "two diagonal steps (igui, hit-and-run, double capture, pass)".to_string(),
            };
            if rule.pass_anywhere {
                t.push_str(", may always pass");
            }
            t
        }
        Power::KingLeap { both_safe: false } => "King's leap".into(),
        Power::KingLeap { both_safe: true } => "King's leap (both crossed squares of a knight leap safe)".into(),
        Power::Bent(b) => format!("bent slider `{}`", b.spec),
        Power::SkipFirst(a) => format!("`{}` from the 2nd square; the 1st must be empty", a.spec),
        Power::Shoot(a) => format!("igui (captures without moving) `{}`", a.spec),
        Power::HopCapture(a) => format!("hop capture over an adjacent enemy `{}`", a.spec),
        Power::Relay(RelayRule::Dervish { turn: true, corner_leaps: false }) => {
            "Dervish relay (F, D, A to adjacent friends)".into()
        }
        Power::Relay(RelayRule::Dervish { turn: true, corner_leaps: true }) => {
            "Dervish relay (F, D, A to adjacent friends; D to its corners)".into()
        }
        Power::Relay(RelayRule::Dervish { turn: false, .. }) => {
            "Dervish relay 1999 (reflection: D, A across it)".into()
        }
        Power::Relay(RelayRule::Harpy { knight_away: false }) => "Harpy relay (N to friends within Q3)".into(),
        Power::Relay(RelayRule::Harpy { knight_away: true }) => {
            "Harpy relay 1999 (N to friends a Knight's leap away)".into()
        }
        Power::Burn => "burns adjacent enemies; burns pieces that land next to it".into(),
        Power::Area(n) => format!("area move of up to {n} king steps"),
        Power::JumpCapture(a) => format!("jumping captures `{}` over lower jump ranks", a.spec),
        Power::LeapFirst(a) => format!("`{}` skipping the 1st square", a.spec),
        Power::Cicada => "Cicada: Q 2-3 squares, must hop a piece".into(),
        Power::Convert(a) => format!("converts an enemy on `{}` instead of moving", a.spec),
        Power::ConvertAhead => "may convert the enemy next in line after moving".into(),
        Power::Swap(a) => format!("swaps with any piece on `{}`", a.spec),
        Power::Withdraw { optional: false } => "captures by withdrawal".into(),
        Power::Withdraw { optional: true } => "may capture by withdrawal".into(),
        Power::Approach => "captures the run of enemies it approaches (all or none)".into(),
        Power::Sweep(a) => format!("sweep `{}`: captures every enemy passed", a.spec),
        Power::Parrot(a) => format!("Parrot powers `{}`: shoot, hop-capture (up to 2), pass", a.spec),
        Power::ShootLine(a) => format!("shoots the first piece on `{}` lines", a.spec),
        Power::LongLeap(a) => format!("long leap `{}`: captures every enemy jumped", a.spec),
        Power::Immobilize => "freezes adjacent enemies; never captures".into(),
        Power::LameRide(a) => format!("`{}` rider over empty squares only", a.spec),
        Power::Hook(h) => format!("hook move `{}` (a slide, then optionally one at right angles)", h.spec),
        Power::Emperor { free_nonroyal_capture: false } => {
            "moves to any square; captures only unprotected pieces".into()
        }
        Power::Emperor { free_nonroyal_capture: true } => {
            "moves to any square; captures any non-royal and only unprotected royals".into()
        }
    }
}

/// One row per piece type: ID, name, Betza, powers, promotion, value, notes.
pub fn piece_table(g: &Game) -> String {
    let v = &g.variant;
    let mut s = String::new();
    s.push_str("| ID | Piece | Betza | Powers | Promotes to | Value | Notes |\n");
    s.push_str("|---|---|---|---|---|---|---|\n");
    for (k, p) in v.pieces.iter().enumerate() {
        let powers: Vec<String> = g.tables.powers[k].iter().map(power_text).collect();
        let mut notes = Vec::new();
        if p.royal {
            notes.push("royal".to_string());
        }
        if let Some((present, alt)) = p.promotes_if_present {
            notes.push(format!(
                "promotes to `{}` instead while any `{}` is on the board",
                v.piece(alt).id,
                v.piece(present).id
            ));
        }
        if p.lion {
            notes.push("Lion for the lion-capture rules".to_string());
        }
        if p.ep_victim {
            notes.push("double step; can be taken e.p.".to_string());
        }
        if p.promotion_needs_step {
            notes.push("promotes only by a one-square step".to_string());
        }
        if p.forced_promotion_ranks > 0 {
            notes.push("must promote on the last rank".to_string());
        }
        if p.jump_rank > 0 {
            notes.push(format!("jump rank {}", p.jump_rank));
        }
        if !p.in_setup {
            notes.push("by promotion only".to_string());
        }
        if let Some(o) = &p.requires {
            notes.push(format!("only with `--option {o}=on`"));
        }
        s.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} | {} |\n",
            p.fen_token(true),
            p.name,
            if p.betza.is_empty() { "—".to_string() } else { format!("`{}`", p.betza) },
            if powers.is_empty() { "—".to_string() } else { powers.join(", ") },
            p.promotes_to.map(|k| format!("`{}`", v.piece(k).fen_token(true))).unwrap_or_else(|| "—".into()),
            if p.royal { "—".to_string() } else { p.value.to_string() },
            notes.join("; ")
        ));
    }
    s
}
