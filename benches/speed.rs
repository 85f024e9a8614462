//! Criterion benchmarks: the speed suite of `kyodai bench --speed` (`kyodai::bench::speed`),
//! search, perft, make/unmake, legal moves, generation, attack tests and evaluation on the start
//! and the midgame position of each game whose data file names one (Chu, Tai, Typhoon, Heavy
//! Shako, Nutty), plus two positions that put particular powers in the open. Each iteration is
//! the suite's fixed amount of work; the throughput is its units (nodes, leaves, moves, ...).
//!
//! `cargo bench --bench speed -- chu/midgame` runs one position; `-- perft` one measure.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kyodai::bench::speed::{cases, work, Case, Op};
use kyodai::{Game, Position, Variant};
use std::sync::Arc;

fn bench_case(c: &mut Criterion, case: &Case, ops: &[Op]) {
    let mut group = c.benchmark_group(format!("{}/{}", case.game.name, case.label));
    for &op in ops {
        // The units are the same on every run (fixed work): count them once.
        group.throughput(Throughput::Elements(work(case, op)));
        group.bench_function(op.name(), |b| b.iter(|| work(case, op)));
    }
    group.finish();
}

/// A position of `game` from `fen`, as a suite case named `label`.
fn extra(game: &str, label: &'static str, fen: &str) -> Case {
    let game: Arc<Game> = Game::builtin(game).unwrap();
    let pos = Position::from_fen(&game, fen).unwrap();
    Case { game, label, pos }
}

fn benches(c: &mut Criterion) {
    for name in Variant::builtin_names() {
        let g = Game::builtin(name).unwrap();
        if g.bench.midgame.is_some() {
            for case in cases(&g).unwrap() {
                bench_case(c, &case, &Op::ALL);
            }
        }
    }
    // Tai Shogi's own powers in the open: both Emperors, hook movers and lions with long
    // reaches (the Emperor's 600-odd targets, the hook movers' two-leg slides).
    let tai = "e24/2(hm)9(ca)6(lgn)5/25/5(pc)13(ln)5/25/25/25/25/25/25/25/12(fk)12/25/25/25/25/\
               25/25/25/25/5(PC)13(LN)5/25/2(HM)9(CA)6(LGN)5/25/24E w";
    bench_case(c, &extra("tai", "open", tai), &[Op::Generate, Op::Attack]);
    // Typhoon with many powers at once: relays, freezing, swaps, conversions, sweeps, long
    // leaps, shots, Parrot hops.
    let typhoon = "(lo)1(ee)2(ty)k1(so)2(pa)/2(ra)(im)1p1(der)(cu)2(ha)/3p2p2p2/2(ho)5(do)3/12/4p2P4/3(MI)4(CI)3/\
                   1(IM)1(SO)2(CU)1(HU)3/2P3P1P3/(DER)2(TY)1(EE)2(LO)1(HA)1/(PA)2(UN)2K1(OV)1(RA)1/12 w";
    bench_case(c, &extra("typhoon", "powers", typhoon), &[Op::Generate, Op::Perft]);
}

criterion_group! {
    name = speed;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(speed);
