//! `kyodai bench`: fixed positions to a fixed depth; the node total is the build's signature.

use super::{load_variant, Fail};
use crate::outln;
use clap::Args;
use kyodai::Variant;

#[derive(Args)]
pub struct BenchArgs {
    /// Only this game (default: every game).
    #[arg(long, short)]
    variant: Option<String>,
    /// Depth (default: the game's bench depth).
    #[arg(long, short)]
    depth: Option<u32>,
}

pub fn run(a: BenchArgs) -> Result<(), Fail> {
    if a.depth == Some(0) {
        return Err(Fail("--depth must be at least 1".into()));
    }
    let names: Vec<String> = match a.variant {
        Some(v) => vec![v],
        None => Variant::builtin_names().iter().map(|s| s.to_string()).collect(),
    };
    let (mut nodes, mut secs) = (0u64, 0f64);
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0).max(10);
    for n in names {
        let v = load_variant(&n, &[])?;
        let d = a.depth.unwrap_or_else(|| kyodai::bench::default_depth(&v));
        let r = kyodai::bench::run(&v, d);
        let s = r.time.as_secs_f64();
        outln!(
            "{:<width$} depth {:>2} nodes {:>10} time {:>7.3} s nps {:>9.0}",
            v.name,
            d,
            r.nodes,
            s,
            r.nodes as f64 / s.max(1e-9)
        );
        nodes += r.nodes;
        secs += s;
    }
    outln!("Total nodes: {nodes}");
    outln!("Nodes per second: {:.0}", nodes as f64 / secs.max(1e-9));
    Ok(())
}
