//! `kyodai tune`: Texel-style tuning of a game's evaluation weights (its pieces' values and its
//! `[eval]` keys) from the results of games, read from PGN or played here by the engine, and
//! the tuned numbers written back into the game's data file with a note of how they were
//! obtained.
//!
//! - `samples`: quiet positions of the games, with their results;
//! - `features`: the evaluation as a function of its weights (one definition of each term, read
//!   from `eval`);
//! - `fit`: the logistic fit (K, then the weights, by Adam with a pull toward the start);
//! - `write`: the game file with the new numbers, comments and layout kept.
//!
//! A tuned file is worth keeping only if it wins games: play it against the old numbers with
//! `kyodai match` (the tuned engine given the file as `option.VariantPath`).

pub mod features;
pub mod fit;
pub mod samples;
pub mod write;

use crate::game::Game;
use crate::resources::ResourceError;
use crate::variant::Variant;
use features::{EvalModel, EVAL_KEYS};
use fit::{FitSettings, Fitted, Sample};
use samples::{Collected, SampleError, SelfPlay};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use write::{Tuned, NOTE_HEAD};

/// Why a tuning cannot run. A sample error is boxed: it holds the texts it names (a FEN's, a
/// move's), and would make every result of the tuner as large.
#[derive(Debug)]
pub enum TuneError {
    /// A PGN source (its name) cannot be read.
    Source {
        /// The source, as the command line named it.
        name: String,
        /// Why.
        error: Box<SampleError>,
    },
    /// The self-play searcher's hash table cannot be had.
    Hash(ResourceError),
    /// A self-play game cannot be played.
    Play(Box<SampleError>),
    /// A self-play game was never played (its thread ended first).
    NotPlayed,
    /// A word of `--only` that names no weight.
    Only(String),
    /// The games gave no quiet position: how many were read, and why some were left out.
    NoPositions {
        /// Games read or played.
        games: usize,
        /// Unfinished games left out.
        unfinished: usize,
        /// Games of another game left out.
        other_game: usize,
        /// The game tuned.
        game: String,
    },
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::Source { name, error } => write!(f, "{name}: {error}"),
            TuneError::Hash(e) => write!(f, "hash table: {e}"),
            TuneError::Play(e) => write!(f, "{e}"),
            TuneError::NotPlayed => f.write_str("a self-play game was not played"),
            TuneError::Only(o) => write!(f, "--only: '{o}' is not 'values', 'eval' or one of {}", EVAL_KEYS.join(", ")),
            TuneError::NoPositions { games, unfinished, other_game, game } => write!(
                f,
                "no positions to learn from ({games} games; left out: {unfinished} unfinished, {other_game} of \
                 another game than {game})"
            ),
        }
    }
}

impl std::error::Error for TuneError {}

/// Where the games come from and how to fit.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// PGN texts, each with a name for the note.
    pub pgn: Vec<(String, String)>,
    /// Games to play here first.
    pub selfplay: Option<SelfPlay>,
    /// Threads for self-play (one game each).
    pub threads: usize,
    /// What to tune: `values`, `eval` or `[eval]` key names; empty: everything.
    pub only: Vec<String>,
    pub iterations: usize,
    pub rate: f64,
    pub prior: f64,
    /// Every `holdout`-th game is held out to measure the fit (0: none).
    pub holdout: usize,
}

/// What the tuning found.
pub struct Outcome {
    pub tuned: Tuned,
    pub fitted: Fitted,
    /// Names and (start, tuned) values of every weight the fit was free to change.
    pub changes: Vec<(String, f64, f64)>,
    pub positions: usize,
    pub games: usize,
    /// The self-play games in PGN (when any were played).
    pub played_pgn: String,
}

/// Progress reports of a tuning run.
pub enum Progress<'a> {
    /// A self-play game ended: `done` of `of` are played; `pgn` is this one, as
    /// [`Outcome::played_pgn`] will hold it (so a long run's games can be kept as they come).
    Played {
        done: usize,
        of: usize,
        pgn: &'a str,
    },
    Fit {
        iteration: usize,
        error: f64,
    },
}

/// The PGN comment of the self-play games of `sp`.
fn selfplay_note(sp: &SelfPlay) -> String {
    format!("self-play, {} nodes a move", sp.nodes)
}

/// A self-play game and its PGN text.
type Played = (samples::PlayedGame, String);

/// Plays the self-play games of `cfg` (in parallel, each game from its own number, so the
/// result does not depend on the threads) and returns them in order.
fn play_all(
    v: &Arc<Game>,
    sp: &SelfPlay,
    threads: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<Played>, TuneError> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<Result<Played, TuneError>>>> = Mutex::new((0..sp.games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, sp.games.max(1)) {
            scope.spawn(|| {
                let mut searcher = match crate::resources::searcher(sp.hash_mb as u64, 1) {
                    Ok(s) => s,
                    Err(e) => {
                        let n = next.fetch_add(sp.games, Ordering::Relaxed);
                        if n < sp.games {
                            slots.lock().unwrap()[n] = Some(Err(TuneError::Hash(e)));
                        }
                        return;
                    }
                };
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= sp.games {
                        return;
                    }
                    let g = match samples::play(v, sp, n, &mut searcher) {
                        Ok(g) => g,
                        Err(e) => {
                            slots.lock().unwrap()[n] = Some(Err(TuneError::Play(Box::new(e))));
                            continue;
                        }
                    };
                    let pgn = g.pgn(v, n + 1, &selfplay_note(sp));
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(Progress::Played { done: d, of: sp.games, pgn: &pgn });
                    slots.lock().unwrap()[n] = Some(Ok((g, pgn)));
                }
            });
        }
    });
    let slots = slots.into_inner().unwrap();
    slots.into_iter().map(|g| g.unwrap_or(Err(TuneError::NotPlayed))).collect()
}

/// Which weights the fit may change: values of non-royal types the samples show, and `[eval]`
/// keys whose feature varies, as `only` allows.
fn free_weights(model: &EvalModel, samples: &[Sample], only: &[String]) -> Result<Vec<bool>, TuneError> {
    for o in only {
        if o != "values" && o != "eval" && !EVAL_KEYS.contains(&o.as_str()) {
            return Err(TuneError::Only(o.clone()));
        }
    }
    let wanted =
        |what: &str, key: &str| only.is_empty() || only.iter().any(|o| o == what || (what == "eval" && o == key));
    let n = model.len();
    let mut seen = vec![false; n];
    // Feature i of a sample moves weight i (values, eval keys) or the promotion potential.
    let nk = n - EVAL_KEYS.len();
    for s in samples {
        for &(i, _) in &s.features {
            let i = i as usize;
            let w = if i < nk {
                i
            } else if i < 2 * nk {
                model.eval_index(1)
            } else {
                i - nk
            };
            seen[w] = true;
        }
    }
    Ok((0..n)
        .map(|i| {
            let allowed = if i < nk { wanted("values", "") } else { wanted("eval", EVAL_KEYS[i - nk]) };
            allowed && seen[i] && !model.is_royal_value(i)
        })
        .collect())
}

/// The scale and bounds of each weight: values at least 1; `[eval]` weights not negative, the
/// promotion potential a percentage.
fn scales_and_bounds(model: &EvalModel, w0: &[f64]) -> (Vec<f64>, Vec<(f64, f64)>) {
    let nk = model.len() - EVAL_KEYS.len();
    let typical: [f64; EVAL_KEYS.len()] = [4.0, 10.0, 2.0, 100.0, 5.0, 5.0, 5.0, 5.0, 2.0];
    let mut scale = Vec::with_capacity(w0.len());
    let mut bounds = Vec::with_capacity(w0.len());
    for (i, &w) in w0.iter().enumerate() {
        if i < nk {
            scale.push(w.abs().max(50.0));
            bounds.push((1.0, 1e6));
        } else {
            let key = i - nk;
            scale.push(w.abs().max(typical[key]));
            bounds.push((0.0, if EVAL_KEYS[key] == "promotion_potential" { 100.0 } else { 1e5 }));
        }
    }
    (scale, bounds)
}

/// Tunes the game `v` as `cfg` says.
pub fn tune(v: &Arc<Game>, cfg: &TuneConfig, progress: &(dyn Fn(Progress) + Sync)) -> Result<Outcome, TuneError> {
    let model = EvalModel::new(v);
    let features = |p: &crate::position::Position| model.features(p);
    let mut collected = Collected::default();
    let mut sources = Vec::new();
    for (name, text) in &cfg.pgn {
        let before = collected.games;
        samples::from_pgn(v, text, &features, &mut collected)
            .map_err(|e| TuneError::Source { name: name.clone(), error: Box::new(e) })?;
        sources.push(format!("{} games of {name}", collected.games - before));
    }
    let mut played_pgn = String::new();
    if let Some(sp) = &cfg.selfplay {
        let games = play_all(v, sp, cfg.threads, progress)?;
        for (g, pgn) in &games {
            played_pgn.push_str(pgn);
            g.add_to(collected.games, &features, &mut collected);
        }
        sources.push(format!("{} self-play games at {} nodes a move", sp.games, sp.nodes));
    }
    if collected.samples.is_empty() {
        return Err(TuneError::NoPositions {
            games: collected.games,
            unfinished: collected.unfinished,
            other_game: collected.other_game,
            game: v.name.clone(),
        });
    }
    let held_out = |g: usize| cfg.holdout > 0 && g % cfg.holdout == cfg.holdout - 1;
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (s, g) in collected.samples {
        if held_out(g) {
            test.push(s);
        } else {
            train.push(s);
        }
    }
    let w0 = model.weights();
    let (scale, bounds) = scales_and_bounds(&model, &w0);
    let set = FitSettings {
        free: free_weights(&model, &train, &cfg.only)?,
        scale,
        bounds,
        iterations: cfg.iterations,
        rate: cfg.rate,
        prior: cfg.prior,
    };
    let fitted = fit::fit(&model, &w0, &train, &test, &set, &mut |iteration, error| {
        progress(Progress::Fit { iteration, error });
    });
    let positions = train.len() + test.len();
    let names = weight_names(v);
    let changes: Vec<(String, f64, f64)> =
        (0..w0.len()).filter(|&i| set.free[i]).map(|i| (names[i].clone(), w0[i], fitted.weights[i])).collect();
    let tuned = tuned_numbers(v, &model, &set.free, &w0, &fitted, cfg, &sources, positions, collected.games);
    Ok(Outcome { tuned, fitted, changes, positions, games: collected.games, played_pgn })
}

/// A warning when the fit did not carry over to the held-out games (their error rose): it
/// learnt the noise of the games it saw, as a fit of many weights to few games does (60 weights
/// to the 4,000 quiet positions of 300 short Nutty games did, at prior 0.003).
pub fn overfit_warning(f: &Fitted, holdout: usize) -> Option<String> {
    (holdout > 0 && f.test.1 > f.test.0).then(|| {
        format!(
            "the held-out games' error rose ({:.5} -> {:.5}): the fit learnt noise; play more games or raise --prior before keeping these numbers",
            f.test.0, f.test.1
        )
    })
}

/// The names of the weights: piece IDs, then `[eval]` keys.
pub fn weight_names(v: &Variant) -> Vec<String> {
    v.pieces.iter().map(|p| p.id.clone()).chain(EVAL_KEYS.iter().map(ToString::to_string)).collect()
}

#[allow(clippy::too_many_arguments)]
fn tuned_numbers(
    v: &Variant,
    model: &EvalModel,
    free: &[bool],
    w0: &[f64],
    f: &Fitted,
    cfg: &TuneConfig,
    sources: &[String],
    positions: usize,
    games: usize,
) -> Tuned {
    let nk = model.len() - EVAL_KEYS.len();
    let round = |x: f64| x.round() as i64;
    let mut t = Tuned::default();
    for k in 0..nk {
        // A value the fit left where it was stays as the file had it (possibly from mobility).
        if free[k] && round(f.weights[k]) != round(w0[k]) {
            t.values.push((v.pieces[k].id.clone(), round(f.weights[k])));
        }
    }
    for (i, key) in EVAL_KEYS.iter().enumerate() {
        if free[nk + i] {
            t.eval.push((key.to_string(), round(f.weights[nk + i])));
        }
    }
    let test = if cfg.holdout > 0 {
        format!("; held-out games (every {}th) {:.5} -> {:.5}", cfg.holdout, f.test.0, f.test.1)
    } else {
        String::new()
    };
    t.note = vec![
        format!("{NOTE_HEAD} on {}: {positions} quiet positions of {games} games", crate::pgn::today()),
        format!("({}).", sources.join(", ")),
        format!(
            "Mean squared error of the predicted results (K = {:.6}): {:.5} -> {:.5}{test}.",
            f.k, f.train.0, f.train.1
        ),
        format!("{} Adam iterations, rate {}, prior {}.", cfg.iterations, cfg.rate, cfg.prior),
    ];
    if let Some(w) = overfit_warning(f, cfg.holdout) {
        t.note.push(format!("Warning: {w}."));
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_self_play_game_is_reported_as_it_ends_with_the_text_the_run_returns() {
        let v = Game::builtin("chu").unwrap();
        let sp =
            SelfPlay { games: 3, nodes: 200, random_plies: 4, max_plies: 40, adjudicate_cp: 2000, seed: 5, hash_mb: 1 };
        let cfg = TuneConfig {
            pgn: Vec::new(),
            selfplay: Some(sp),
            threads: 2,
            only: Vec::new(),
            iterations: 5,
            rate: 0.01,
            prior: 0.003,
            holdout: 0,
        };
        let reported = Mutex::new(Vec::new());
        let out = tune(&v, &cfg, &|p| {
            if let Progress::Played { done, of, pgn } = p {
                reported.lock().unwrap().push((done, of, pgn.to_string()));
            }
        })
        .unwrap();
        let mut reported = reported.into_inner().unwrap();
        assert_eq!(reported.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(), [(1, 3), (2, 3), (3, 3)]);
        // Threads may end the games in any order; each text is one game, numbered by its round.
        reported.sort_by_key(|r| r.2.lines().find(|l| l.starts_with("[Round")).map(String::from));
        let texts: Vec<&str> = reported.iter().map(|r| r.2.as_str()).collect();
        assert_eq!(texts.concat(), out.played_pgn);
        assert_eq!(out.played_pgn.matches("[Event ").count(), 3);
        // And what was written as the games ended tunes like the run itself.
        let again = TuneConfig { pgn: vec![("saved".into(), texts.concat())], selfplay: None, ..cfg };
        let read = tune(&v, &again, &|_| {}).unwrap();
        assert_eq!((read.positions, read.games), (out.positions, out.games));
        assert_eq!(read.fitted.weights, out.fitted.weights);
    }

    #[test]
    fn a_fit_whose_held_out_error_rises_is_flagged_in_its_note() {
        let fitted = |test: (f64, f64)| Fitted { weights: Vec::new(), k: 0.001, train: (0.2, 0.18), test };
        let w = overfit_warning(&fitted((0.19, 0.21)), 10).unwrap();
        assert!(w.starts_with("the held-out games' error rose (0.19000 -> 0.21000)"), "{w}");
        assert_eq!(overfit_warning(&fitted((0.19, 0.185)), 10), None);
        // Nothing held out, nothing to say.
        assert_eq!(overfit_warning(&fitted((0.0, 0.0)), 0), None);
        assert_eq!(overfit_warning(&fitted((0.19, 0.21)), 0), None);
        // The note of the file says it.
        let v = Game::builtin("chu").unwrap();
        let model = EvalModel::new(&v);
        let w0 = model.weights();
        let f = Fitted { weights: w0.clone(), ..fitted((0.19, 0.21)) };
        let cfg = TuneConfig {
            pgn: Vec::new(),
            selfplay: None,
            threads: 1,
            only: Vec::new(),
            iterations: 1,
            rate: 0.01,
            prior: 0.003,
            holdout: 10,
        };
        let t = tuned_numbers(&v, &model, &vec![true; w0.len()], &w0, &f, &cfg, &[], 100, 10);
        assert!(t.note.last().unwrap().starts_with("Warning: the held-out games' error rose"), "{:?}", t.note);
        let cfg = TuneConfig { holdout: 0, ..cfg };
        let t = tuned_numbers(&v, &model, &vec![true; w0.len()], &w0, &f, &cfg, &[], 100, 10);
        assert!(!t.note.iter().any(|l| l.contains("Warning")), "{:?}", t.note);
    }
}
