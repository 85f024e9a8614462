//! Criterion benchmark: reading a GUI's `position ... moves` list of a long game (Bigorra and
//! Tai, 300 plies of fixed-seed legal moves), afresh and when the last list read lacked only
//! the final move (`protocol::replay`: the engine then checks one move, not 300).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use kyodai::notation::{format_move, parse_move};
use kyodai::protocol::error::{CmdResult, CommandError};
use kyodai::protocol::replay::Replay;
use kyodai::rules::legality::legal_move_list;
use kyodai::{Game, Move, Position};

/// The texts of up to `plies` pseudo-random legal moves from the start (fewer if the game ends).
fn line(v: &std::sync::Arc<Game>, plies: usize) -> Vec<String> {
    let mut pos = Position::start(v);
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut texts = Vec::new();
    for _ in 0..plies {
        let moves = legal_move_list(&mut pos);
        if moves.is_empty() {
            break;
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = moves[(seed >> 33) as usize % moves.len()];
        texts.push(format_move(v, m));
        pos.make(m);
    }
    texts
}

fn parse(p: &mut Position, t: &str) -> CmdResult<Move> {
    parse_move(p, t).map_err(CommandError::refused)
}

fn benches(c: &mut Criterion) {
    for name in ["bigorra", "tai"] {
        let v = Game::builtin(name).unwrap();
        let texts = line(&v, 300);
        let all: Vec<&str> = texts.iter().map(String::as_str).collect();
        let n = all.len();
        c.bench_function(&format!("{name}/position of {n} moves, afresh"), |b| {
            b.iter(|| Replay::default().read(&v, None, black_box(&all), &mut parse).unwrap());
        });
        let mut warm = Replay::default();
        warm.read(&v, None, &all[..n - 1], &mut parse).unwrap();
        c.bench_function(&format!("{name}/position of {n} moves, one more than the last"), |b| {
            b.iter(|| warm.clone().read(&v, None, black_box(&all), &mut parse).unwrap());
        });
    }
}

criterion_group! {
    name = replay;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(replay);
