//! Which games a match plays, in cutechess-cli's terms: `--tournament round-robin|gauntlet`,
//! `--rounds R`, `--games N` per encounter and round, `--repeat` (each opening played twice,
//! colours reversed), and `--shard K/N` (the K-th of N slices of the same list).
//!
//! The list is a pure function of the settings, so every shard agrees on game numbers,
//! colours and opening slots; a slice never separates the two games of a repeat pair.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    RoundRobin,
    Gauntlet,
}

/// A word that names no tournament [`Kind`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKind(pub String);

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tournament '{}' is not round-robin or gauntlet", self.0)
    }
}

impl std::error::Error for UnknownKind {}

impl std::str::FromStr for Kind {
    type Err = UnknownKind;
    fn from_str(s: &str) -> Result<Kind, UnknownKind> {
        match s {
            "round-robin" | "roundrobin" => Ok(Kind::RoundRobin),
            "gauntlet" => Ok(Kind::Gauntlet),
            _ => Err(UnknownKind(s.to_string())),
        }
    }
}

/// One game of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// 1-based number in the whole match (the PGN `Round` tag).
    pub number: usize,
    /// Engine indices.
    pub white: usize,
    pub black: usize,
    /// The opening slot (shared by the two games of a repeat pair).
    pub slot: usize,
    /// The repeat pair, numbered from 1, with `--repeat`.
    pub pair: Option<usize>,
}

/// A `--shard` value that is not `K/N` with 1 <= K <= N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadShard(pub String);

impl fmt::Display for BadShard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--shard '{}' is not K/N with 1 <= K <= N", self.0)
    }
}

impl std::error::Error for BadShard {}

/// `K/N` (1 <= K <= N).
pub fn parse_shard(s: &str) -> Result<(usize, usize), BadShard> {
    let bad = || BadShard(s.to_string());
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// The encounters (engine pairs) of a tournament of `n` engines.
pub fn encounters(kind: Kind, n: usize) -> Vec<(usize, usize)> {
    match kind {
        Kind::Gauntlet => (1..n).map(|j| (0, j)).collect(),
        Kind::RoundRobin => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
    }
}

/// The whole match: `rounds` x encounters x `games`. In each encounter the first engine has
/// White in even games; with `repeat`, games 2k and 2k+1 share an opening slot.
pub fn schedule(kind: Kind, engines: usize, rounds: usize, games: usize, repeat: bool) -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut slot = 0;
    for _ in 0..rounds {
        for (a, b) in encounters(kind, engines) {
            for g in 0..games {
                let (white, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                let number = jobs.len() + 1;
                let pair = (repeat && g + 1 < games + g % 2).then_some(slot + 1);
                jobs.push(Job { number, white, black, slot, pair });
                // Without repeat every game has its own opening; with it, every pair.
                if !repeat || g % 2 == 1 || g + 1 == games {
                    slot += 1;
                }
            }
        }
    }
    jobs
}

/// The jobs of shard `k` of `n`: a contiguous slice, cut only between repeat pairs.
pub fn shard(jobs: &[Job], k: usize, n: usize) -> Vec<Job> {
    // Units: a repeat pair, or a single game.
    let mut units: Vec<Vec<Job>> = Vec::new();
    for j in jobs {
        match units.last_mut() {
            Some(u) if j.pair.is_some() && u[0].pair == j.pair => u.push(*j),
            _ => units.push(vec![*j]),
        }
    }
    let (from, to) = ((k - 1) * units.len() / n, k * units.len() / n);
    units[from..to].iter().flatten().copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_share_openings_and_swap_colours() {
        let jobs = schedule(Kind::RoundRobin, 2, 2, 4, true);
        assert_eq!(jobs.len(), 8);
        let cols: Vec<(usize, usize, usize, Option<usize>)> =
            jobs.iter().map(|j| (j.white, j.black, j.slot, j.pair)).collect();
        assert_eq!(&cols[..4], &[(0, 1, 0, Some(1)), (1, 0, 0, Some(1)), (0, 1, 1, Some(2)), (1, 0, 1, Some(2))]);
        assert_eq!(jobs[7].slot, 3);
        let solo = schedule(Kind::RoundRobin, 2, 1, 3, false);
        assert_eq!(solo.iter().map(|j| j.slot).collect::<Vec<_>>(), vec![0, 1, 2]);
        assert!(solo.iter().all(|j| j.pair.is_none()));
    }

    #[test]
    fn tournaments_and_shards() {
        assert_eq!(encounters(Kind::RoundRobin, 3), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(encounters(Kind::Gauntlet, 3), vec![(0, 1), (0, 2)]);
        let jobs = schedule(Kind::RoundRobin, 3, 1, 2, true);
        let mut all = Vec::new();
        for k in 1..=4 {
            let part = shard(&jobs, k, 4);
            assert!(part.len().is_multiple_of(2), "pairs stay together");
            all.extend(part);
        }
        assert_eq!(all, jobs);
        assert_eq!(parse_shard("2/5"), Ok((2, 5)));
        assert!(parse_shard("0/5").is_err() && parse_shard("6/5").is_err() && parse_shard("x").is_err());
    }
}
