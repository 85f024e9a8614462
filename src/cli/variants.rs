//! `kyodai variants` and `kyodai pieces`: the games and their piece tables.

use super::{load_variant, Fail};
use crate::{out, outln};
use kyodai::{Color, Game, Position, Variant};

/// `kyodai variants`: one line per built-in game.
pub fn run_variants() -> Result<(), Fail> {
    let games = Variant::builtin_names().into_iter().map(Game::builtin).collect::<Result<Vec<_>, _>>()?;
    // Columns as wide as the longest name and title.
    let nw = games.iter().map(|v| v.name.len()).max().unwrap_or(0).max(4);
    let tw = games.iter().map(|v| v.title.len()).max().unwrap_or(0).max(5);
    outln!("{:<nw$} {:<tw$} {:>7} {:>6} {:>15}", "name", "title", "board", "types", "pieces per side");
    for v in games {
        let pos = Position::start(&v);
        outln!(
            "{:<nw$} {:<tw$} {:>7} {:>6} {:>15}",
            v.name,
            v.title,
            format!("{}x{}", v.shape.files, v.shape.ranks),
            v.num_types(),
            pos.pieces(Color::White).len()
        );
    }
    Ok(())
}

/// `kyodai pieces`: the game's piece table in Markdown.
pub fn run_pieces(variant: &str) -> Result<(), Fail> {
    let v = load_variant(variant, &[])?;
    out!("{}", kyodai::game::table::piece_table(&v));
    Ok(())
}
