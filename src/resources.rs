//! Bounds on what a user may ask of the machine: search and perft threads, and hash table
//! sizes. The command line and every protocol use the same bounds, and advertise them.

use std::fmt;

/// Most threads a search or perft may use. A sane maximum for any machine this engine runs
/// on (a thread per core, with room for large servers); more only adds overhead.
pub const MAX_THREADS: usize = 256;

/// Largest hash table when the machine's memory cannot be read.
const FALLBACK_MAX_HASH_MB: usize = 4096;

/// Largest hash table a user may ask for, in MB: half of the machine's physical memory
/// (Linux `/proc/meminfo`), rounded down to a power of two (the table's size is one anyway),
/// and at least 16. On a 24 GB machine: 8192.
pub fn max_hash_mb() -> usize {
    let total_kb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| t.lines().find(|l| l.starts_with("MemTotal:"))?.split_whitespace().nth(1)?.parse::<usize>().ok());
    match total_kb {
        Some(kb) => {
            let half = (kb / 1024 / 2).max(16);
            1 << (usize::BITS - 1 - half.leading_zeros())
        }
        None => FALLBACK_MAX_HASH_MB,
    }
}

/// A resource request out of bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceError {
    /// `what` must be between `min` and `max`.
    OutOfBounds { what: &'static str, value: u64, min: u64, max: u64 },
    /// The hash table of this many MB could not be allocated.
    NoMemory { mb: usize },
}

impl fmt::Display for ResourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResourceError::OutOfBounds { what, value, min, max } => {
                write!(f, "{what} {value} is outside {min}..{max}")
            }
            ResourceError::NoMemory { mb } => write!(f, "cannot allocate a {mb} MB hash table on this machine"),
        }
    }
}

impl std::error::Error for ResourceError {}

fn bounded(what: &'static str, value: u64, min: u64, max: u64) -> Result<usize, ResourceError> {
    if value < min || value > max {
        return Err(ResourceError::OutOfBounds { what, value, min, max });
    }
    Ok(value as usize)
}

/// Checks a thread count: 1..=[`MAX_THREADS`].
pub fn threads(n: u64) -> Result<usize, ResourceError> {
    bounded("threads", n, 1, MAX_THREADS as u64)
}

/// Checks a hash size in MB: 1..=[`max_hash_mb`].
pub fn hash_mb(mb: u64) -> Result<usize, ResourceError> {
    bounded("hash size (MB)", mb, 1, max_hash_mb() as u64)
}

/// A searcher with a checked hash size and thread count; an allocation failure is an error.
pub fn searcher(hash: u64, threads_wanted: u64) -> Result<crate::search::Searcher, ResourceError> {
    let mb = hash_mb(hash)?;
    let n = threads(threads_wanted)?;
    crate::search::Searcher::try_new(mb, n).map_err(|_| ResourceError::NoMemory { mb })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_checked() {
        assert_eq!(threads(1), Ok(1));
        assert_eq!(threads(256), Ok(256));
        assert!(threads(0).is_err() && threads(257).is_err() && threads(99_999_999_999).is_err());
        let max = max_hash_mb();
        assert!(max.is_power_of_two() && max >= 16, "{max}");
        assert_eq!(hash_mb(max as u64), Ok(max));
        assert!(hash_mb(max as u64 + 1).is_err() && hash_mb(0).is_err());
        let e = threads(99_999_999_999).unwrap_err().to_string();
        assert_eq!(e, "threads 99999999999 is outside 1..256");
    }
}
