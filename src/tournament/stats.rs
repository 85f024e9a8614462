//! Match statistics as cutechess-cli and fishtest compute them: the Elo difference from the
//! score with a 95% error margin, the likelihood of superiority (LOS), the draw ratio, and the
//! sequential probability ratio test (SPRT) on the trinomial (win/draw/loss) or, for games
//! played in pairs with the colours reversed, the pentanomial model (pair scores 0..2).
//!
//! Elo is logistic: a score `s` is `-400 log10(1/s - 1)` Elo. The SPRT log-likelihood ratio
//! is the normal approximation of the generalized SPRT (as fishtest computes it): with `s0`,
//! `s1` the expected scores of `elo0`, `elo1`, and `mu`, `var` the mean and variance of the
//! per-game (trinomial) or per-pair-average (pentanomial) score over `N` games or pairs,
//! `LLR = N (s1 - s0) (2 mu - s0 - s1) / (2 var)`, each empty outcome counted 0.001 times (as
//! fishtest regularizes). The bounds are `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.

/// The 97.5% quantile of the standard normal distribution (two-sided 95% interval).
const Z95: f64 = 1.959_963_984_540_054;

/// The expected score of a side `elo` Elo stronger.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a score fraction (infinite at 0 and 1).
pub fn elo_from_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The error function (Abramowitz and Stegun 7.1.26; absolute error below 1.5e-7, plenty
/// for a percentage printed with one decimal).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Wins, losses and draws of the first engine of a pairing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wld {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Wld {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Adds one game scored `points` (1, 0.5 or 0) for the first engine.
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games().max(1) as f64
    }

    pub fn elo(&self) -> f64 {
        elo_from_score(self.score())
    }

    /// Half the width of the 95% interval of the Elo difference, from the per-game score
    /// variance (as cutechess-cli computes it).
    pub fn elo_error(&self) -> f64 {
        let n = self.games() as f64;
        let mu = self.score();
        let (w, d, l) = (self.wins as f64 / n, self.draws as f64 / n, self.losses as f64 / n);
        let var = w * (1.0 - mu).powi(2) + d * (0.5 - mu).powi(2) + l * mu.powi(2);
        let dev = (var / n).sqrt();
        (elo_from_score(mu + Z95 * dev) - elo_from_score(mu - Z95 * dev)) / 2.0
    }

    /// The likelihood that the first engine is the stronger (draws carry no information).
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    /// The trinomial distribution: (score, count) per outcome.
    fn counts(&self) -> Vec<(f64, f64)> {
        vec![(1.0, self.wins as f64), (0.5, self.draws as f64), (0.0, self.losses as f64)]
    }
}

/// Pairs by their score for the first engine: 0, 0.5, 1, 1.5, 2 points (fishtest's
/// `Ptnml(0-2)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair scoring `points` (0..=2 in halves).
    pub fn add(&mut self, points: f64) {
        self.0[((points * 2.0).round() as usize).min(4)] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The per-pair average score (0, 0.25, ... 1) with its count.
    fn counts(&self) -> Vec<(f64, f64)> {
        self.0.iter().enumerate().map(|(i, &c)| (i as f64 / 4.0, c as f64)).collect()
    }
}

/// `--sprt elo0=E0 elo1=E1 alpha=A beta=B`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Mean and variance of a distribution given as (value, probability).
fn mean_var(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mu: f64 = pdf.iter().map(|&(x, p)| x * p).sum();
    let var = pdf.iter().map(|&(x, p)| p * (x - mu).powi(2)).sum();
    (mu, var)
}

/// Why the words of `--sprt` are refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SprtError {
    NotKeyValue(String),
    NotANumber {
        key: String,
        value: String,
    },
    UnknownKey(String),
    /// elo0 or elo1 missing, or not elo0 < elo1.
    Bounds,
    /// alpha or beta outside (0, 0.5).
    Risks,
}

impl std::fmt::Display for SprtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SprtError::NotKeyValue(w) => write!(f, "--sprt: '{w}' is not KEY=VALUE"),
            SprtError::NotANumber { key, value } => write!(f, "--sprt: {key}={value} is not a number"),
            SprtError::UnknownKey(k) => write!(f, "--sprt: unknown key '{k}' (elo0, elo1, alpha, beta)"),
            SprtError::Bounds => f.write_str("--sprt needs elo0 and elo1 with elo0 < elo1"),
            SprtError::Risks => f.write_str("--sprt: alpha and beta must be between 0 and 0.5"),
        }
    }
}

impl std::error::Error for SprtError {}

impl Sprt {
    pub fn parse(words: &[String]) -> Result<Sprt, SprtError> {
        let mut s = Sprt { elo0: f64::NAN, elo1: f64::NAN, alpha: 0.05, beta: 0.05 };
        for w in words {
            let (k, v) = w.split_once('=').ok_or_else(|| SprtError::NotKeyValue(w.clone()))?;
            let x: f64 = v.parse().map_err(|_| SprtError::NotANumber { key: k.to_string(), value: v.to_string() })?;
            match k {
                "elo0" => s.elo0 = x,
                "elo1" => s.elo1 = x,
                "alpha" => s.alpha = x,
                "beta" => s.beta = x,
                _ => return Err(SprtError::UnknownKey(k.to_string())),
            }
        }
        if s.elo0.is_nan() || s.elo1.is_nan() || s.elo1 <= s.elo0 {
            return Err(SprtError::Bounds);
        }
        if !(s.alpha > 0.0 && s.alpha < 0.5 && s.beta > 0.0 && s.beta < 0.5) {
            return Err(SprtError::Risks);
        }
        Ok(s)
    }

    /// The lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The LLR of outcomes given as (score, count). As fishtest does, an empty outcome counts
    /// 0.001 times, so that a run of wins alone (variance 0) still moves the ratio.
    fn llr_of(&self, counts: &[(f64, f64)]) -> f64 {
        if counts.iter().all(|&(_, c)| c == 0.0) {
            return 0.0;
        }
        let counts: Vec<(f64, f64)> = counts.iter().map(|&(x, c)| (x, c.max(1e-3))).collect();
        let n: f64 = counts.iter().map(|&(_, c)| c).sum();
        let pdf: Vec<(f64, f64)> = counts.iter().map(|&(x, c)| (x, c / n)).collect();
        let (mu, var) = mean_var(&pdf);
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
    }

    pub fn llr_trinomial(&self, r: &Wld) -> f64 {
        self.llr_of(&r.counts())
    }

    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        self.llr_of(&p.counts())
    }

    /// `Some(true)` when H1 (elo1) is accepted, `Some(false)` for H0, `None` to go on.
    pub fn decide(&self, llr: f64) -> Option<bool> {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(true)
        } else if llr <= lo {
            Some(false)
        } else {
            None
        }
    }

    /// `LLR: 1.23 (-2.94, 2.94) [0.00, 10.00]`.
    pub fn line(&self, llr: f64) -> String {
        let (lo, hi) = self.bounds();
        format!("LLR: {llr:.2} ({lo:.2}, {hi:.2}) [{:.2}, {:.2}]", self.elo0, self.elo1)
    }
}

/// A number as cutechess-cli prints Elo: one decimal, `inf`, `-inf` or `nan`.
pub fn fmt_elo(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        // `+ 0.0` turns a negative zero into 0.0.
        format!("{:.1}", x + 0.0)
    }
}

/// `Elo difference: 88.7 +/- 120.3, LOS: 92.1 %, DrawRatio: 12.5 %`.
pub fn elo_line(r: &Wld) -> String {
    format!(
        "Elo difference: {} +/- {}, LOS: {:.1} %, DrawRatio: {:.1} %",
        fmt_elo(r.elo()),
        fmt_elo(r.elo_error()),
        r.los() * 100.0,
        r.draw_ratio() * 100.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) {
        assert!((a - b).abs() < eps, "{a} vs {b}");
    }

    #[test]
    fn erf_matches_tabulated_values() {
        // erf(0.5) = 0.5204999, erf(1) = 0.8427008, erf(2) = 0.9953223 (standard tables).
        close(erf(0.5), 0.520_499_9, 3e-7);
        close(erf(1.0), 0.842_700_8, 3e-7);
        close(erf(-2.0), -0.995_322_3, 3e-7);
        close(erf(0.0), 0.0, 1e-9);
    }

    #[test]
    fn elo_los_and_error_by_hand() {
        // 5 wins, 2 losses, 1 draw: score (5 + 0.5) / 8 = 0.6875.
        // Elo = -400 log10(1/0.6875 - 1) = -400 log10(0.454545) = -400 (-0.342423) = 136.97.
        let r = Wld { wins: 5, losses: 2, draws: 1 };
        close(r.score(), 0.6875, 1e-12);
        close(r.elo(), 136.97, 0.01);
        // LOS = 0.5 (1 + erf(3 / sqrt(14))) = 0.5 (1 + erf(0.801784)) = 0.5 (1 + 0.743161) = 0.871580.
        close(r.los(), 0.871_580, 1e-5);
        close(r.draw_ratio(), 0.125, 1e-12);
        // Variance per game: 5/8 (0.3125)^2 + 1/8 (0.1875)^2 + 2/8 (0.6875)^2
        //   = 0.0610352 + 0.0043945 + 0.1181641 = 0.1835938; stdev of the mean
        //   sqrt(0.1835938 / 8) = 0.1514900; 1.959964 of it = 0.2969149.
        // Interval 0.3905851 .. 0.9844149: Elo -400 log10(1.560285) = -77.28 and
        //   -400 log10(0.0158403) = 720.19; half the width (720.19 + 77.28) / 2 = 398.73.
        close(r.elo_error(), 398.73, 0.05);
        assert_eq!(elo_line(&r), "Elo difference: 137.0 +/- 398.7, LOS: 87.2 %, DrawRatio: 12.5 %");
        // Even score: 0 Elo, LOS 50 %; all wins: infinite Elo.
        close(Wld { wins: 3, losses: 3, draws: 4 }.elo(), 0.0, 1e-9);
        close(Wld { wins: 3, losses: 3, draws: 4 }.los(), 0.5, 1e-9);
        assert_eq!(fmt_elo(Wld { wins: 2, losses: 0, draws: 0 }.elo()), "inf");
    }

    #[test]
    fn sprt_bounds_and_llr_by_hand() {
        let s = Sprt::parse(&["elo0=0".into(), "elo1=10".into(), "alpha=0.05".into(), "beta=0.05".into()]).unwrap();
        // ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439.
        close(s.bounds().0, -2.944_439, 1e-6);
        close(s.bounds().1, 2.944_439, 1e-6);
        // s0 = 0.5; s1 = 1 / (1 + 10^(-10/400)) = 1 / (1 + 0.9440609) = 0.5143872.
        // Trinomial, W 30 L 20 D 50 (N = 100): mu = (30 + 25) / 100 = 0.55;
        //   var = 0.3 (0.45)^2 + 0.5 (0.05)^2 + 0.2 (0.55)^2 = 0.06075 + 0.00125 + 0.0605 = 0.1225.
        //   LLR = 100 (0.0143872) (1.1 - 1.0143872) / (2 * 0.1225)
        //       = 100 * 0.0143872 * 0.0856128 / 0.245 = 0.502746.
        let r = Wld { wins: 30, losses: 20, draws: 50 };
        close(s.llr_trinomial(&r), 0.502_746, 2e-5);
        // Pentanomial, pairs [0, 0.5, 1, 1.5, 2 points] = [2, 10, 20, 14, 4] (N = 50):
        //   per-pair average scores 0, .25, .5, .75, 1 with p = .04, .2, .4, .28, .08;
        //   mu = 0.05 + 0.2 + 0.21 + 0.08 = 0.54;
        //   var = .04 (.54)^2 + .2 (.29)^2 + .4 (.04)^2 + .28 (.21)^2 + .08 (.46)^2
        //       = 0.011664 + 0.01682 + 0.00064 + 0.012348 + 0.016928 = 0.0584;
        //   LLR = 50 (0.0143872) (1.08 - 1.0143872) / (2 * 0.0584)
        //       = 50 * 0.0143872 * 0.0656128 / 0.1168 = 0.404103.
        let p = Pentanomial([2, 10, 20, 14, 4]);
        close(s.llr_pentanomial(&p), 0.404_103, 2e-5);
        assert_eq!(s.decide(3.0), Some(true));
        assert_eq!(s.decide(-3.0), Some(false));
        assert_eq!(s.decide(0.4), None);
        assert_eq!(s.line(1.234), "LLR: 1.23 (-2.94, 2.94) [0.00, 10.00]");
        // Two wins and nothing else: the empty draw and loss cells count 0.001 each, so
        // N = 2.002, mu = 2.0005 / 2.002 = 0.9992507, var = (2 (0.0007493)^2 + 0.001 (0.4992507)^2
        // + 0.001 (0.9992507)^2) / 2.002 = (0.00000112 + 0.00024925 + 0.00099850) / 2.002
        // = 0.00124887 / 2.002 = 0.00062381;
        // LLR = 2.002 (0.0143872) (1.9985014 - 1.0143872) / (2 * 0.00062381) = 0.0283455 / 0.00124762 = 22.72.
        close(s.llr_trinomial(&Wld { wins: 2, losses: 0, draws: 0 }), 22.72, 0.01);
        assert_eq!(s.llr_trinomial(&Wld::default()), 0.0);
        assert!(Sprt::parse(&["elo0=5".into(), "elo1=0".into()]).is_err());
    }
}
