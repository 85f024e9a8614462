//! Volume runner of the fuzz targets (`src/fuzz.rs`): `cargo run --release --example fuzz --
//! TARGET INPUTS [SEED [FIRST]]`. Counts inputs, property failures and panics (each caught and
//! counted, the input's number printed so it can be replayed); a watchdog ends the run with
//! status 3 if one input takes longer than 60 s (a hang). `scripts/fuzz.sh` runs every target.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(target), Some(n)) = (args.get(1), args.get(2).and_then(|n| n.parse::<u64>().ok())) else {
        eprintln!("usage: fuzz TARGET INPUTS [SEED [FIRST]]   (targets: {})", kyodai::fuzz::TARGETS.join(", "));
        std::process::exit(2);
    };
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let first: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    // Panics are counted, not printed in full (the first few are shown below).
    if std::env::var_os("FUZZ_VERBOSE").is_none() {
        std::panic::set_hook(Box::new(|_| {}));
    }
    let done = Arc::new(AtomicU64::new(0));
    let watch = Arc::clone(&done);
    std::thread::spawn(move || {
        let mut last = (0, Instant::now());
        loop {
            std::thread::sleep(Duration::from_secs(5));
            let d = watch.load(Ordering::Relaxed);
            if d != last.0 {
                last = (d, Instant::now());
            } else if last.1.elapsed() > Duration::from_secs(60) {
                eprintln!("HANG: input {d} has run for more than 60 s");
                std::process::exit(3);
            }
        }
    });
    let t0 = Instant::now();
    let (mut failures, mut panics) = (Vec::new(), Vec::new());
    // Chunks of inputs, each chunk under catch_unwind; a panicking chunk is replayed one input
    // at a time to name the input.
    let chunk = 1000u64;
    let mut start = first;
    while start < first + n {
        let len = chunk.min(first + n - start);
        let run = |s: u64, l: u64| std::panic::catch_unwind(|| kyodai::fuzz::run(target, seed, s, l));
        match run(start, len) {
            Ok(f) => failures.extend(f),
            Err(_) => {
                for i in start..start + len {
                    match run(i, 1) {
                        Ok(f) => failures.extend(f),
                        Err(_) => panics.push(i),
                    }
                }
            }
        }
        start += len;
        done.store(start, Ordering::Relaxed);
        if (start - first) % (n / 20).max(chunk) < chunk {
            eprintln!(
                "fuzz {target}: {} of {n} inputs, {} failures, {} panics, {:.0} s",
                start - first,
                failures.len(),
                panics.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "fuzz {target}: {n} inputs (seed {seed}), {} property failures, {} panics, 0 hangs, {:.0} s",
        failures.len(),
        panics.len(),
        t0.elapsed().as_secs_f64()
    );
    for f in failures.iter().take(10) {
        println!("  failure: {f}");
    }
    for p in panics.iter().take(10) {
        println!("  panic at input {p}: replay with: cargo run --release --example fuzz -- {target} 1 {seed} {p}");
    }
    if !failures.is_empty() || !panics.is_empty() {
        std::process::exit(1);
    }
}
