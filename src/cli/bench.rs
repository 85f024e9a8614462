//! `kyodai bench`: fixed positions to a fixed depth; the node total is the build's signature.
//! With `--speed`, the speed suite: how fast each part of the engine runs.

use super::{load_variant, Fail};
use crate::outln;
use clap::Args;
use kyodai::bench::speed::{self, Op};
use kyodai::Variant;

#[derive(Args)]
pub struct BenchArgs {
    /// Only this game (default: every game; with --speed, every game whose data file names a
    /// midgame: Chu, Tai, Typhoon, Heavy Shako, Nutty).
    #[arg(long, short)]
    variant: Option<String>,
    /// Depth (default: the game's bench depth).
    #[arg(long, short)]
    depth: Option<u32>,
    /// Measure the speed of each part instead (search, perft, make/unmake, legal moves,
    /// generation, attack tests, evaluation) on the start and the midgame position.
    #[arg(long)]
    speed: bool,
    /// With --speed: print tab-separated rows (game, position, measure, units, seconds) for
    /// scripts such as scripts/compare-builds.py.
    #[arg(long, requires = "speed")]
    tsv: bool,
}

pub fn run(a: BenchArgs) -> Result<(), Fail> {
    if a.depth == Some(0) {
        return Err(Fail("--depth must be at least 1".into()));
    }
    if a.speed {
        if a.depth.is_some() {
            return Err(Fail("--depth does not apply to --speed (each measure does a fixed amount of work)".into()));
        }
        return run_speed(a.variant, a.tsv);
    }
    let whole = a.variant.is_none() && a.depth.is_none();
    let names: Vec<String> = match a.variant {
        Some(v) => vec![v],
        None => Variant::builtin_names().iter().map(ToString::to_string).collect(),
    };
    let (mut nodes, mut secs) = (0u64, 0f64);
    let width = names.iter().map(String::len).max().unwrap_or(0).max(10);
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
    if whole {
        let recorded = kyodai::bench::recorded_total();
        if nodes == recorded {
            outln!("Signature: {nodes}, as recorded in benches/signature.txt");
        } else {
            outln!(
                "Signature: {nodes} differs from the recorded {recorded} (benches/signature.txt): this build \
                 searches other trees"
            );
        }
    }
    Ok(())
}

/// The speed suite on `variant`, or on every game whose data file names a midgame.
fn run_speed(variant: Option<String>, tsv: bool) -> Result<(), Fail> {
    let games = match variant {
        Some(v) => vec![load_variant(&v, &[])?],
        None => {
            let mut out = Vec::new();
            for n in Variant::builtin_names() {
                let g = load_variant(n, &[])?;
                if g.bench.midgame.is_some() {
                    out.push(g);
                }
            }
            out
        }
    };
    if tsv {
        outln!("game\tposition\tmeasure\tunits\tseconds");
    } else {
        outln!(
            "{:<12} {:<8} {:>11} {:>13} {:>9} {:>10} {:>11} {:>9} {:>8}",
            "game",
            "position",
            "search nps",
            "perft leaf/s",
            "make ns",
            "legal us",
            "generate us",
            "attack ns",
            "eval ns"
        );
    }
    for g in games {
        for case in speed::cases(&g)? {
            let m: Vec<speed::Measure> = Op::ALL.iter().map(|&op| speed::measure(&case, op)).collect();
            if tsv {
                for x in &m {
                    let name = &g.name;
                    outln!("{name}\t{}\t{}\t{}\t{:.6}", case.label, x.op.name(), x.units, x.time.as_secs_f64());
                }
                continue;
            }
            let perft_d = speed::perft_depth(&case.pos);
            outln!(
                "{:<12} {:<8} {:>11.0} {:>10.0} d{} {:>9.1} {:>10.2} {:>11.2} {:>9.1} {:>8.1}",
                g.name,
                case.label,
                m[0].rate(),
                m[1].rate(),
                perft_d,
                m[2].nanos(),
                m[3].nanos() / 1e3,
                m[4].nanos() / 1e3,
                m[5].nanos(),
                m[6].nanos()
            );
        }
    }
    Ok(())
}
