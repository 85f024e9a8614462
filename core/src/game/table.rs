//! The piece table of a game as Markdown, generated from its data file (for `kyodai pieces`
//! and the rules pages `docs/rules/<game>.md`, so the table is never written twice).

use super::Game;
use crate::geometry::Color;

/// One row per piece type: ID, name, Betza, powers, promotion, value, notes.
pub fn piece_table(g: &Game) -> String {
    let v = &g.variant;
    let mut s = String::new();
    s.push_str("| ID | Piece | Betza | Powers | Promotes to | Value | Notes |\n");
    s.push_str("|---|---|---|---|---|---|---|\n");
    for (k, p) in v.pieces.iter().enumerate() {
        let powers: Vec<String> = g.tables.powers[k].iter().map(crate::movegen::powers::Power::text).collect();
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
        if let Some(r) = p.initial_rank {
            notes.push(format!("`i` moves from rank {r}"));
        }
        if p.promotion_optional {
            notes.push("promotion optional".to_string());
        }
        if p.promotion_suffix {
            notes.push("promotion written with the new piece's ID".to_string());
        }
        if p.successor {
            notes.push("the King's successor".to_string());
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
            p.fen_token(Color::White),
            p.name,
            if p.betza.is_empty() { "—".to_string() } else { format!("`{}`", p.betza) },
            if powers.is_empty() { "—".to_string() } else { powers.join(", ") },
            if p.promotion_targets.is_empty() {
                "—".to_string()
            } else {
                p.promotion_targets
                    .iter()
                    .map(|&k| format!("`{}`", v.piece(k).fen_token(Color::White)))
                    .collect::<Vec<_>>()
                    .join(" ")
            },
            if p.royal { "—".to_string() } else { p.value.to_string() },
            notes.join("; ")
        ));
    }
    s
}
