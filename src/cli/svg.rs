//! `kyodai svg`: a diagram of a position as an SVG image.

use super::{output_file, setup, Fail, PositionArgs};
use crate::out;
use clap::Args;
use kyodai::diagram::{position_svg, Coord, Options, Scene};
use kyodai::notation::parse_move;
use kyodai::Position;

#[derive(Args)]
pub struct SvgArgs {
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Draw an arrow FROM-TO (repeatable), e.g. --arrow e5-e7.
    #[arg(long = "arrow", value_name = "FROM-TO")]
    pub arrows: Vec<String>,
    /// Turn the board: the second player's side at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Leave out the file letters and rank numbers.
    #[arg(long)]
    pub no_coordinates: bool,
    /// Write the SVG to FILE instead of stdout.
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub output: Option<String>,
}

/// `kyodai svg`.
pub fn run(mut a: SvgArgs) -> Result<(), Fail> {
    // The last move is played here, so that the diagram can highlight it.
    let last = a.pos.moves.pop();
    let mut pos = setup(&a.pos)?;
    let mut opts = Options { flip: a.flip, no_coordinates: a.no_coordinates, ..Options::default() };
    if let Some(text) = last {
        let n = a.pos.moves.len() + 1;
        let m = parse_move(&mut pos, &text).map_err(|e| Fail(format!("--moves, move {n} ({text}): {e}")))?;
        opts.last_move = Scene::move_squares(&pos, m);
        pos.make(m);
    }
    for spec in &a.arrows {
        opts.arrows.push(arrow(&pos, spec)?);
    }
    let svg = position_svg(&pos, &opts);
    match output_file("-o/--output", a.output.as_deref())? {
        Some(path) => std::fs::write(path, svg).map_err(|e| Fail(format!("cannot write '{path}': {e}")))?,
        None => out!("{svg}"),
    }
    Ok(())
}

/// `e5-e7` or `e5e7`.
fn arrow(pos: &Position, spec: &str) -> Result<(Coord, Coord), Fail> {
    let shape = *pos.shape();
    let bad = |why: String| Fail(format!("--arrow '{spec}': {why} (expected FROM-TO, e.g. e5-e7)"));
    let (from, used) = shape.parse_prefix(spec.trim()).map_err(|e| bad(e.to_string()))?;
    let rest = spec.trim()[used..].trim_start_matches('-');
    let to = shape.parse_square(rest).map_err(|e| bad(e.to_string()))?;
    Ok((Scene::coord(pos, from), Scene::coord(pos, to)))
}
