//! Splitting a run over processes and putting it back together.
//!
//! `--shard I/N` makes a process play the contiguous range [`Shard::range`] of the whole
//! run's game (or duplicate block) indices, and write, besides its usual files, a counters
//! file ([`COUNTERS_FILE`]): every integer the run's statistics are computed from, with the
//! run's [`RunIdentity`]. `ttr merge` reads the counters files of shard directories
//! ([`read_shards`]), refuses shards of different runs, missing or duplicated shards, and
//! hands the shards over in shard order for the command that wrote them to sum and write.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The name of the counters file in a shard directory.
pub const COUNTERS_FILE: &str = "counters.json";
/// The `format` field of a counters file.
pub const FORMAT: &str = "ttr-counters";
/// The `version` field of the counters files this program writes and reads.
pub const VERSION: u32 = 2;

/// Shard `index` of `count` (0-based), as given to `--shard I/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, `0 <= index < count`.
    pub index: u64,
    /// Shards in all.
    pub count: u64,
}

impl Shard {
    /// Parses `I/N` with `0 <= I < N` (`--shard 3/8`); the message says what is wrong.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = |why: &str| format!("{text:?}: {why}; give I/N, 0 <= I < N, e.g. 0/4 (schedulers count from 0)");
        let (i, n) = text.split_once('/').ok_or_else(|| bad("no '/'"))?;
        let index: u64 = i.trim().parse().map_err(|_| bad("I is not a whole number"))?;
        let count: u64 = n.trim().parse().map_err(|_| bad("N is not a whole number"))?;
        if count == 0 {
            return Err(bad("N must be at least 1"));
        }
        if index >= count {
            return Err(bad("I must be below N"));
        }
        Ok(Shard { index, count })
    }

    /// The indices this shard plays out of `0..total`: `[I*total/N, (I+1)*total/N)`. The
    /// ranges of shards `0..N` are contiguous, tile `0..total` in order, and differ in
    /// length by at most one.
    #[must_use]
    pub fn range(self, total: u64) -> Range<u64> {
        let at = |i: u64| (u128::from(i) * u128::from(total) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What two shards must share to be parts of one run: everything that decides which games
/// are played and how the files are computed from the counters. (The rules live in the map
/// file, so its SHA-256 covers them.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunIdentity {
    /// The command that played the run: `simulate` or `tournament`.
    pub command: String,
    /// Program version, e.g. `ttr 0.1.0`.
    pub version: String,
    /// The map's name.
    pub map_name: String,
    /// SHA-256 of the map file's bytes, hex.
    pub map_sha256: String,
    /// Player counts.
    pub players: Vec<usize>,
    /// Bot specs, in the order the command was given them.
    pub bots: Vec<String>,
    /// Master seed.
    pub seed: u64,
    /// Games of the whole run (as asked; a tournament rounds up to whole cycles).
    pub games: u64,
    /// Settings of the command that change its files but not the games (e.g. the
    /// tournament's anchor and bootstrap replicates), as `name=value`.
    pub settings: Vec<String>,
}

impl RunIdentity {
    /// The value of setting `name` (`name=value` in [`RunIdentity::settings`]).
    #[must_use]
    pub fn setting(&self, name: &str) -> Option<&str> {
        self.settings.iter().find_map(|s| s.strip_prefix(name)?.strip_prefix('='))
    }
}

/// How one shard was run: the fields of the files that are not computed from the counters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// The shard's command line.
    pub command: Vec<String>,
    /// Worker threads.
    pub threads: usize,
    /// Wall time in seconds.
    pub wall_seconds: f64,
}

/// The counters file of one shard; `C` is the command's own counters.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CountersFile<C> {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] when written by this program.
    pub version: u32,
    /// The run this shard belongs to.
    pub run: RunIdentity,
    /// Which shard.
    pub shard: Shard,
    /// The indices it played (games, or blocks for a tournament).
    pub played: Range<u64>,
    /// How it was run.
    pub timing: Timing,
    /// The map file as given on the command line.
    pub map_file: String,
    /// The map file's text, so that a merge needs nothing but the shard directories.
    pub map_toml: String,
    /// The counters.
    pub counters: C,
}

impl<C: Serialize> CountersFile<C> {
    /// Writes the file as pretty JSON, ending with a newline.
    pub fn write(&self, w: &mut impl std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(&mut *w, self)?;
        writeln!(w)
    }
}

/// One shard read back by [`read_shards`].
pub struct ShardDir<C> {
    /// The directory.
    pub dir: PathBuf,
    /// Its counters file.
    pub file: CountersFile<C>,
}

/// Reads the counters files of `dirs` and checks that they are the shards `0..N` of one
/// run, each exactly once; returns them in shard order, their counters still as JSON for
/// the command named by [`RunIdentity::command`] to read ([`ShardDir::counters`]). Errors
/// are one sentence naming the directory or file and the problem.
pub fn read_shards(dirs: &[PathBuf]) -> Result<Vec<ShardDir<serde_json::Value>>, String> {
    let mut shards: Vec<ShardDir<serde_json::Value>> = Vec::with_capacity(dirs.len());
    for dir in dirs {
        let file = read_counters_file(dir)?;
        if let Some(first) = shards.first() {
            if let Some(diff) = first_difference(&first.file.run, &file.run) {
                return Err(format!(
                    "{}: not a shard of the same run as {}: {diff}",
                    dir.display(),
                    first.dir.display()
                ));
            }
            if file.shard.count != first.file.shard.count {
                return Err(format!(
                    "{}: shard {} of a run split in {}, but {} is shard {}",
                    dir.display(),
                    file.shard,
                    file.shard.count,
                    first.dir.display(),
                    first.file.shard
                ));
            }
        }
        if let Some(twin) = shards.iter().find(|s| s.file.shard == file.shard) {
            return Err(format!("shard {} is given twice: {} and {}", file.shard, twin.dir.display(), dir.display()));
        }
        shards.push(ShardDir { dir: dir.clone(), file });
    }
    let count = shards.first().map_or(0, |s| s.file.shard.count);
    shards.sort_by_key(|s| s.file.shard.index);
    if let Some(missing) = (0..count).find(|&i| shards.get(i as usize).is_none_or(|s| s.file.shard.index != i)) {
        return Err(format!("shard {missing}/{count} is missing: {} of {count} shard directories given", shards.len()));
    }
    Ok(shards)
}

impl ShardDir<serde_json::Value> {
    /// The shard's counters, read as the command's own type.
    pub fn counters<C: DeserializeOwned>(&self) -> Result<C, String> {
        C::deserialize(&self.file.counters)
            .map_err(|e| format!("{}: bad counters: {e}", self.dir.join(COUNTERS_FILE).display()))
    }
}

fn read_counters_file(dir: &Path) -> Result<CountersFile<serde_json::Value>, String> {
    let path = dir.join(COUNTERS_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        let hint =
            if e.kind() == std::io::ErrorKind::NotFound { " (is it a directory written with --shard?)" } else { "" };
        format!("{}: cannot read the file: {e}{hint}", path.display())
    })?;
    let file: CountersFile<serde_json::Value> =
        serde_json::from_str(&text).map_err(|e| format!("{}: not a counters file: {e}", path.display()))?;
    if file.format != FORMAT || file.version != VERSION {
        return Err(format!(
            "{}: format {} version {}; this program reads {FORMAT} version {VERSION}",
            path.display(),
            file.format,
            file.version
        ));
    }
    if file.shard.index >= file.shard.count || file.played.start > file.played.end {
        return Err(format!("{}: bad shard {} or range {:?}", path.display(), file.shard, file.played));
    }
    if sha256_hex(&file.map_toml) != file.run.map_sha256 {
        return Err(format!("{}: the map text does not match the map's SHA-256", path.display()));
    }
    Ok(file)
}

/// SHA-256 of a map file's text, in hex: the map's identity in run identities and `run.json`.
#[must_use]
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The first field in which two identities differ, as `NAME A vs B`.
fn first_difference(a: &RunIdentity, b: &RunIdentity) -> Option<String> {
    let (serde_json::Value::Object(a), serde_json::Value::Object(b)) =
        (serde_json::to_value(a).ok()?, serde_json::to_value(b).ok()?)
    else {
        return None;
    };
    a.iter().find(|(k, v)| b.get(*k) != Some(*v)).map(|(k, v)| format!("{k} {v} vs {}", b[k]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_ranges_tile_the_run_in_order_and_are_balanced() {
        for total in [0, 1, 2, 5, 7, 100, 101, u64::MAX] {
            for count in 1..=12 {
                let ranges: Vec<Range<u64>> = (0..count).map(|index| Shard { index, count }.range(total)).collect();
                assert_eq!(ranges[0].start, 0);
                assert_eq!(ranges[ranges.len() - 1].end, total);
                for pair in ranges.windows(2) {
                    assert_eq!(pair[0].end, pair[1].start, "{total} games in {count} shards");
                }
                let lengths: Vec<u64> = ranges.iter().map(|r| r.end - r.start).collect();
                let (lo, hi) = (lengths.iter().min().unwrap(), lengths.iter().max().unwrap());
                assert!(hi - lo <= 1, "{total} games in {count} shards: lengths {lengths:?}");
            }
        }
        assert_eq!(Shard { index: 1, count: 3 }.range(10), 3..6);
    }

    #[test]
    fn shards_parse_from_i_slash_n() {
        assert_eq!(Shard::parse("2/8"), Ok(Shard { index: 2, count: 8 }));
        assert_eq!(Shard::parse("0/1").map(|s| s.to_string()), Ok("0/1".to_string()));
        for bad in ["3/3", "1/0", "a/b", "-1/3", "1", "1/2/3", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
