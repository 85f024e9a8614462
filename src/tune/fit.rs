//! Texel-style fitting: the weights that make the evaluation, through a logistic curve, best
//! predict the results of the games the positions came from.
//!
//! The predicted score of a position (for the first player) is `1 / (1 + exp(-K e))`, `e` the
//! evaluation in centipawns. `K` is fitted first with the starting weights and then held, so
//! the weights keep the scale of centipawns. The loss is the mean squared difference between
//! predicted and actual results, plus a small pull toward the starting weights (`prior`) that
//! keeps pieces the games rarely show near their hand-set values. Adam steps on weights divided
//! by their scale, so a piece worth 2500 and a bonus of 8 move alike. Full-batch and
//! deterministic: the same samples and settings give the same weights.

/// One position: its features (index, amount) and the result of its game for the first player
/// (1, 0.5 or 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub features: Vec<(u32, f32)>,
    pub result: f32,
}

/// An evaluation that is a function of weights and a sample's features.
pub trait Model {
    /// Centipawns for the first player.
    fn eval(&self, w: &[f64], s: &Sample) -> f64;
    /// Adds `k` times the derivative of [`Model::eval`] by each weight to `grad`.
    fn add_gradient(&self, w: &[f64], s: &Sample, k: f64, grad: &mut [f64]);
}

/// What the fit may change and how.
#[derive(Clone, Debug)]
pub struct FitSettings {
    /// Weights the fit may change (the others keep their starting value).
    pub free: Vec<bool>,
    /// Scale of each weight (its typical size): steps and the prior are in these units.
    pub scale: Vec<f64>,
    /// Bounds of each weight.
    pub bounds: Vec<(f64, f64)>,
    pub iterations: usize,
    /// Step size of Adam, in scales.
    pub rate: f64,
    /// Pull toward the starting weights: `prior * sum(((w - w0) / scale)^2)` is added to the
    /// loss.
    pub prior: f64,
}

/// The outcome of a fit.
#[derive(Clone, Debug)]
pub struct Fitted {
    pub weights: Vec<f64>,
    pub k: f64,
    /// Mean squared error before and after, on the fitted samples and on the held-out ones.
    pub train: (f64, f64),
    pub test: (f64, f64),
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the predictions of `w` at scale `k`.
pub fn error(model: &dyn Model, w: &[f64], k: f64, samples: &[Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.result as f64 - sigmoid(k * model.eval(w, s));
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// The `K` that minimises the error of `w` (golden-section search between 1e-5 and 0.05, that
/// is between a pawn changing almost nothing and deciding the game).
pub fn fit_k(model: &dyn Model, w: &[f64], samples: &[Sample]) -> f64 {
    let (mut a, mut b) = (1e-5f64, 0.05f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (error(model, w, c, samples), error(model, w, d, samples));
    for _ in 0..60 {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - g * (b - a);
            fc = error(model, w, c, samples);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + g * (b - a);
            fd = error(model, w, d, samples);
        }
    }
    (a + b) / 2.0
}

/// Fits the weights, starting from `w0`, to `train`; `test` is only measured. `progress` sees
/// the iteration and the training error now and then.
pub fn fit(
    model: &dyn Model,
    w0: &[f64],
    train: &[Sample],
    test: &[Sample],
    set: &FitSettings,
    progress: &mut dyn FnMut(usize, f64),
) -> Fitted {
    let n = w0.len();
    let k = fit_k(model, w0, train);
    let mut w = w0.to_vec();
    let (mut m, mut v) = (vec![0f64; n], vec![0f64; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
    let inv = 1.0 / train.len().max(1) as f64;
    for it in 1..=set.iterations {
        let mut grad = vec![0f64; n];
        for s in train {
            let p = sigmoid(k * model.eval(&w, s));
            // d/de of (r - p)^2 = -2 (r - p) p (1 - p) k.
            let de = -2.0 * (s.result as f64 - p) * p * (1.0 - p) * k * inv;
            model.add_gradient(&w, s, de, &mut grad);
        }
        for i in 0..n {
            if !set.free[i] {
                continue;
            }
            // In units of the scale: the loss gradient and the prior's.
            let x = (w[i] - w0[i]) / set.scale[i];
            let g = grad[i] * set.scale[i] + 2.0 * set.prior * x;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(it as i32));
            let vh = v[i] / (1.0 - b2.powi(it as i32));
            let step = set.rate * mh / (vh.sqrt() + eps);
            w[i] = (w[i] - step * set.scale[i]).clamp(set.bounds[i].0, set.bounds[i].1);
        }
        if it % 50 == 0 || it == set.iterations {
            progress(it, error(model, &w, k, train));
        }
    }
    Fitted {
        train: (error(model, w0, k, train), error(model, &w, k, train)),
        test: (error(model, w0, k, test), error(model, &w, k, test)),
        weights: w,
        k,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// eval = sum of weight x feature.
    struct Linear;

    impl Model for Linear {
        fn eval(&self, w: &[f64], s: &Sample) -> f64 {
            s.features.iter().map(|&(i, x)| w[i as usize] * x as f64).sum()
        }
        fn add_gradient(&self, _: &[f64], s: &Sample, k: f64, grad: &mut [f64]) {
            for &(i, x) in &s.features {
                grad[i as usize] += k * x as f64;
            }
        }
    }

    /// Positions with `a` of piece 0 and `b` of piece 1 more than the opponent, whose results
    /// follow the logistic curve of `true_w` at `k` exactly (as shares of wins).
    fn samples(true_w: [f64; 2], k: f64) -> Vec<Sample> {
        let mut out = Vec::new();
        for a in -3i32..=3 {
            for b in -3i32..=3 {
                let e = true_w[0] * a as f64 + true_w[1] * b as f64;
                let features = vec![(0, a as f32), (1, b as f32)];
                out.push(Sample { features, result: sigmoid(k * e) as f32 });
            }
        }
        out
    }

    fn settings(free: Vec<bool>, prior: f64) -> FitSettings {
        FitSettings {
            free,
            scale: vec![100.0, 100.0],
            bounds: vec![(1.0, 10_000.0); 2],
            iterations: 3000,
            rate: 0.01,
            prior,
        }
    }

    #[test]
    fn the_fit_recovers_the_weights_that_made_the_results() {
        let k = 0.004;
        let data = samples([100.0, 300.0], k);
        // K first, from weights of the right proportions but the wrong size.
        let k_fit = fit_k(&Linear, &[200.0, 600.0], &data);
        assert!((k_fit - k / 2.0).abs() < 1e-4, "K {k_fit}");
        // Then the weights, from a wrong start in proportion and size, holding K.
        let f = fit(&Linear, &[100.0, 150.0], &data, &data, &settings(vec![true, true], 0.0), &mut |_, _| {});
        let ratio = f.weights[1] / f.weights[0];
        assert!((ratio - 3.0).abs() < 0.05, "{:?}", f.weights);
        assert!(f.train.1 < f.train.0 / 10.0 && f.test == f.train, "{f:?}");
    }

    #[test]
    fn fixed_weights_stay_and_the_prior_holds_weights_back() {
        let data = samples([100.0, 300.0], 0.004);
        let f = fit(&Linear, &[100.0, 150.0], &data, &[], &settings(vec![true, false], 0.0), &mut |_, _| {});
        assert_eq!(f.weights[1], 150.0);
        let free = fit(&Linear, &[100.0, 150.0], &data, &[], &settings(vec![true, true], 0.0), &mut |_, _| {});
        let held = fit(&Linear, &[100.0, 150.0], &data, &[], &settings(vec![true, true], 1.0), &mut |_, _| {});
        assert!((held.weights[1] - 150.0).abs() < (free.weights[1] - 150.0).abs() / 2.0, "{held:?} {free:?}");
        assert_eq!(f.test, (0.0, 0.0), "no held-out samples, no error");
    }
}
