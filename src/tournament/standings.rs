//! The standing of a match or tournament, built game by game (by the runner) or from PGN (by
//! `kyodai pgn stats`), and printed in cutechess-cli's form.

use super::stats::{elo_line, fmt_elo, Pentanomial, Sprt, Wld};
use crate::record::GameResult;
use std::collections::HashMap;

/// One encounter: the results of `a` against `b`, from `a`'s side.
#[derive(Clone, Debug, Default)]
pub struct Encounter {
    pub a: String,
    pub b: String,
    pub wld: Wld,
    pub penta: Pentanomial,
    /// The first game of each repeat pair still waiting for its partner: `a`'s points.
    pending: HashMap<String, f64>,
}

impl Encounter {
    /// `Score of A vs B: 5 - 2 - 1 [0.688] 8`.
    pub fn score_line(&self) -> String {
        let w = &self.wld;
        format!(
            "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
            self.a,
            self.b,
            w.wins,
            w.losses,
            w.draws,
            w.score(),
            w.games()
        )
    }

    /// The lines printed after each game: score, Elo, pairs, SPRT.
    pub fn report(&self, sprt: Option<&Sprt>) -> Vec<String> {
        let mut lines = vec![self.score_line(), elo_line(&self.wld)];
        if self.penta.pairs() > 0 {
            let p = self.penta.0;
            lines.push(format!("Ptnml(0-2): {}, {}, {}, {}, {}", p[0], p[1], p[2], p[3], p[4]));
        }
        if let Some(s) = sprt {
            lines.push(s.line(self.llr(s)));
        }
        lines
    }

    /// The SPRT's verdict (`Some(true)`: H1 accepted), never before 20 games: on a handful of
    /// results the normal approximation's variance is nearly zero (one win alone gives an LLR
    /// of 5.7 with the 0.001 smoothing), so the test would stop on noise.
    pub fn sprt_verdict(&self, s: &Sprt) -> Option<bool> {
        if self.wld.games() < SPRT_MIN_GAMES {
            return None;
        }
        s.decide(self.llr(s))
    }

    /// The SPRT statistic: pentanomial when games came in repeat pairs, else trinomial.
    pub fn llr(&self, s: &Sprt) -> f64 {
        if self.penta.pairs() > 0 {
            s.llr_pentanomial(&self.penta)
        } else {
            s.llr_trinomial(&self.wld)
        }
    }
}

/// Games an encounter plays before its SPRT may decide (10 pairs with `--repeat`).
pub const SPRT_MIN_GAMES: u32 = 20;

/// All encounters, in the order they first appear.
#[derive(Clone, Debug, Default)]
pub struct Standings {
    pub names: Vec<String>,
    pub encounters: Vec<Encounter>,
}

impl Standings {
    /// Starts with the engines in their command-line order (so encounters read `A vs B`).
    pub fn with_names(names: &[String]) -> Standings {
        Standings { names: names.to_vec(), encounters: Vec::new() }
    }

    fn rank(&mut self, name: &str) -> usize {
        match self.names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                self.names.push(name.to_string());
                self.names.len() - 1
            }
        }
    }

    /// Adds a finished game; returns the index of its encounter.
    pub fn add(&mut self, white: &str, black: &str, result: GameResult, pair: Option<&str>) -> Option<usize> {
        let wp = result.white_score()?;
        let (iw, ib) = (self.rank(white), self.rank(black));
        let (a, b, pa) = if iw <= ib { (white, black, wp) } else { (black, white, 1.0 - wp) };
        let e = match self.encounters.iter().position(|e| e.a == a && e.b == b) {
            Some(i) => i,
            None => {
                self.encounters.push(Encounter { a: a.into(), b: b.into(), ..Encounter::default() });
                self.encounters.len() - 1
            }
        };
        let enc = &mut self.encounters[e];
        enc.wld.add(pa);
        if let Some(p) = pair {
            match enc.pending.remove(p) {
                Some(first) => enc.penta.add(first + pa),
                None => {
                    enc.pending.insert(p.to_string(), pa);
                }
            }
        }
        Some(e)
    }

    /// The final table of a tournament of more than two engines (score against the field).
    pub fn table(&self) -> Vec<String> {
        let mut rows: Vec<(String, Wld)> = self
            .names
            .iter()
            .map(|n| {
                let mut w = Wld::default();
                for e in &self.encounters {
                    let (r, mine) = (e.wld, &e.a == n);
                    if mine || &e.b == n {
                        let (wins, losses) = if mine { (r.wins, r.losses) } else { (r.losses, r.wins) };
                        w.wins += wins;
                        w.losses += losses;
                        w.draws += r.draws;
                    }
                }
                (n.clone(), w)
            })
            .filter(|(_, w)| w.games() > 0)
            .collect();
        rows.sort_by(|x, y| y.1.score().total_cmp(&x.1.score()));
        let width = rows.iter().map(|(n, _)| n.len()).max().unwrap_or(4).max(4);
        let mut out = vec![format!(
            "Rank {:width$} {:>7} {:>7} {:>7} {:>7} {:>7}",
            "Name", "Elo", "+/-", "Games", "Score", "Draw"
        )];
        for (i, (n, w)) in rows.iter().enumerate() {
            out.push(format!(
                "{:>4} {n:width$} {:>7} {:>7} {:>7} {:>6.1}% {:>6.1}%",
                i + 1,
                fmt_elo(w.elo()),
                fmt_elo(w.elo_error()),
                w.games(),
                w.score() * 100.0,
                w.draw_ratio() * 100.0
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encounters_count_from_the_first_engine_and_pair_games() {
        let mut s = Standings::with_names(&["A".into(), "B".into()]);
        s.add("A", "B", GameResult::WhiteWins, Some("1"));
        s.add("B", "A", GameResult::WhiteWins, Some("1"));
        s.add("B", "A", GameResult::Draw, Some("2"));
        s.add("A", "B", GameResult::Unfinished, Some("2"));
        let e = &s.encounters[0];
        assert_eq!((e.wld.wins, e.wld.losses, e.wld.draws), (1, 1, 1));
        // Pair 1: A scored 1 + 0 = 1 point; pair 2 is unfinished.
        assert_eq!(e.penta.0, [0, 0, 1, 0, 0]);
        assert_eq!(e.score_line(), "Score of A vs B: 1 - 1 - 1 [0.500] 3");
        s.add("C", "A", GameResult::WhiteWins, None);
        let t = s.table();
        assert_eq!(t.len(), 4);
        assert!(t[1].contains(" C ") && t[1].contains("100.0%"), "{t:?}");
    }

    #[test]
    fn the_sprt_waits_for_twenty_games() {
        let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let mut s = Standings::with_names(&["A".into(), "B".into()]);
        // One pair won twice: the LLR is far past the bound (the variance is nearly zero) but
        // two games decide nothing.
        s.add("A", "B", GameResult::WhiteWins, Some("1"));
        s.add("B", "A", GameResult::BlackWins, Some("1"));
        let e = &s.encounters[0];
        assert!(e.llr(&sprt) > sprt.bounds().1);
        assert_eq!(e.sprt_verdict(&sprt), None);
        // Ten pairs all won: now H1.
        for p in 2..=10 {
            s.add("A", "B", GameResult::WhiteWins, Some(&p.to_string()));
            s.add("B", "A", GameResult::BlackWins, Some(&p.to_string()));
        }
        assert_eq!(s.encounters[0].wld.games(), SPRT_MIN_GAMES);
        assert_eq!(s.encounters[0].sprt_verdict(&sprt), Some(true));
    }
}
