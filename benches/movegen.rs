//! Criterion benchmarks: move generation, legal-move filtering, make/unmake and perft for every
//! built-in game, on the start position and on a midgame position reached by a fixed sequence
//! of moves (the first legal move chosen by a fixed-seed LCG).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kyodai::movegen::generate;
use kyodai::perft::perft;
use kyodai::rules::legality::legal_move_list;
use kyodai::rules::legality::History;
use kyodai::{Game, Position, Variant};

/// A reproducible midgame position: 40 plies of pseudo-random legal moves.
fn midgame(v: &std::sync::Arc<Game>) -> Position {
    let mut pos = Position::start(v);
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..40 {
        let moves = legal_move_list(&mut pos);
        if moves.is_empty() {
            break;
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = moves[(seed >> 33) as usize % moves.len()];
        pos.make(m);
    }
    pos
}

fn bench_game(c: &mut Criterion, name: &str) {
    let v = Game::builtin(name).unwrap();
    for (label, pos) in [("start", Position::start(&v)), ("midgame", midgame(&v))] {
        let mut buf = Vec::with_capacity(512);
        c.bench_function(&format!("{name}/{label}/generate"), |b| {
            b.iter(|| {
                buf.clear();
                generate(black_box(&pos), &mut buf);
                buf.len()
            })
        });
        let mut p = pos.clone();
        c.bench_function(&format!("{name}/{label}/legal_moves"), |b| {
            b.iter(|| legal_move_list(black_box(&mut p)).len())
        });
        let moves = legal_move_list(&mut p);
        c.bench_function(&format!("{name}/{label}/make_unmake_all"), |b| {
            b.iter(|| {
                for &m in &moves {
                    let u = p.make(m);
                    p.unmake(m, u);
                }
            })
        });
        c.bench_function(&format!("{name}/{label}/perft2"), |b| {
            b.iter(|| perft(black_box(&mut p), 2, History::Ignore))
        });
    }
}

/// Tai Shogi's own powers in the open: a sparse position where both Emperors, hook movers and
/// lions have long reaches (generation cost is dominated by the Emperor's 600-odd targets and
/// the hook movers' two-leg slides), and attack queries that need the hook and Emperor lookups.
fn bench_tai_open(c: &mut Criterion) {
    let v = Game::builtin("tai").unwrap();
    let fen = "e24/2(hm)9(ca)6(lgn)5/25/5(pc)13(ln)5/25/25/25/25/25/25/25/12(fk)12/25/25/25/25/\
               25/25/25/25/5(PC)13(LN)5/25/2(HM)9(CA)6(LGN)5/25/24E w";
    let pos = Position::from_fen(&v, fen).unwrap();
    let mut buf = Vec::with_capacity(4096);
    c.bench_function("tai/open/generate", |b| {
        b.iter(|| {
            buf.clear();
            generate(black_box(&pos), &mut buf);
            buf.len()
        })
    });
    let targets: Vec<kyodai::Square> = v.shape.squares().collect();
    c.bench_function("tai/open/is_attacked_all_squares", |b| {
        b.iter(|| {
            targets.iter().filter(|&&t| kyodai::movegen::attack::is_attacked(&pos, t, kyodai::Color::White)).count()
        })
    });
}

/// Typhoon with many powers on the board at once (relays, freezing, swaps, conversions,
/// sweeps, long leaps, shots, Parrot hops), so their generators dominate.
fn bench_typhoon_powers(c: &mut Criterion) {
    let v = Game::builtin("typhoon").unwrap();
    let fen = "(lo)1(ee)2(ty)k1(so)2(pa)/2(ra)(im)1p1(der)(cu)2(ha)/3p2p2p2/2(ho)5(do)3/12/4p2P4/3(MI)4(CI)3/\
               1(IM)1(SO)2(CU)1(HU)3/2P3P1P3/(DER)2(TY)1(EE)2(LO)1(HA)1/(PA)2(UN)2K1(OV)1(RA)1/12 w";
    let pos = Position::from_fen(&v, fen).unwrap();
    let mut buf = Vec::with_capacity(512);
    c.bench_function("typhoon/powers/generate", |b| {
        b.iter(|| {
            buf.clear();
            generate(black_box(&pos), &mut buf);
            buf.len()
        })
    });
    let mut p = pos.clone();
    c.bench_function("typhoon/powers/perft2", |b| b.iter(|| perft(black_box(&mut p), 2, History::Ignore)));
}

fn benches(c: &mut Criterion) {
    for name in Variant::builtin_names() {
        bench_game(c, name);
    }
    bench_typhoon_powers(c);
    bench_tai_open(c);
}

criterion_group! {
    name = movegen;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(movegen);
