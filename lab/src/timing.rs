//! Seconds per decision (`--time-decisions` of `ttr simulate` and `ttr tournament`): every
//! `choose` call of a bot timed on the CPU clock of its thread (the wall clock where there
//! is none), gathered per bot in a histogram with 16 buckets per power of two, so that a run
//! of any length keeps a few kilobytes per bot and its quantiles are good to 3%. A bot that
//! watches the other seats' decisions ([`Bot::observe`]) has the time it spent watching
//! since its previous decision added to its next one: a decision costs what the bot thought
//! for it, whenever it did.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use ttr::{Action, Bot, Observation, PublicAction, Seat};

/// Buckets per power of two, as a power of two.
const SUB_BITS: u32 = 4;
/// Durations of `2^LAST_BIT` ns (about 18 minutes) and longer share the last bucket.
const LAST_BIT: u32 = 40;
/// Number of buckets: one per nanosecond below `2^(SUB_BITS+1)`, then `2^SUB_BITS` per power
/// of two up to `2^LAST_BIT`.
const BUCKETS: usize = ((LAST_BIT - SUB_BITS + 1) << SUB_BITS) as usize;

/// The bucket of a duration of `ns` nanoseconds: its power of two and the `SUB_BITS` bits
/// below the highest one.
fn bucket(ns: u64) -> usize {
    let ns = ns.min((1 << LAST_BIT) - 1);
    if ns < 1 << (SUB_BITS + 1) {
        return ns as usize;
    }
    let top = 63 - ns.leading_zeros();
    let sub = (ns >> (top - SUB_BITS)) & ((1 << SUB_BITS) - 1);
    (((top - SUB_BITS + 1) << SUB_BITS) as u64 + sub) as usize
}

/// The smallest duration (ns) of bucket `i`, and the bucket's width.
fn bucket_range(i: usize) -> (u64, u64) {
    if i < 1 << (SUB_BITS + 1) {
        return (i as u64, 1);
    }
    let top = (i >> SUB_BITS) as u32 + SUB_BITS - 1;
    let sub = (i & ((1 << SUB_BITS) - 1)) as u64;
    let width = 1u64 << (top - SUB_BITS);
    (((1 << SUB_BITS) + sub) * width, width)
}

/// Where a decision was taken in a run: enough to find it again (`games.csv` gives the
/// game's seed and lineup).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionAt {
    /// The game's index in the run (0-based).
    pub game: u64,
    /// The seat of the bot.
    pub seat: u8,
    /// The bot's decision in that game, counted from 1.
    pub decision: u32,
}

/// The times of many decisions: their number, sum and longest exactly (with where the
/// longest was taken, when known), their distribution in buckets no wider than 1/16 of the
/// durations they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecisionTimes {
    counts: Vec<u64>,
    decisions: u64,
    total_ns: u128,
    longest_ns: u64,
    longest_at: Option<DecisionAt>,
}

impl Default for DecisionTimes {
    fn default() -> DecisionTimes {
        DecisionTimes { counts: vec![0; BUCKETS], decisions: 0, total_ns: 0, longest_ns: 0, longest_at: None }
    }
}

impl DecisionTimes {
    /// Counts one decision that took `time`, taken at an unknown place.
    pub fn add(&mut self, time: Duration) {
        self.add_at(time, None);
    }

    /// Counts one decision that took `time`, taken at `at`: the place of the longest
    /// decision is that of the first one that took that long.
    pub fn add_at(&mut self, time: Duration, at: Option<DecisionAt>) {
        let ns = u64::try_from(time.as_nanos()).unwrap_or(u64::MAX);
        self.counts[bucket(ns)] += 1;
        if self.decisions == 0 || ns > self.longest_ns {
            (self.longest_ns, self.longest_at) = (ns, at);
        }
        self.decisions += 1;
        self.total_ns += u128::from(ns);
    }

    /// Adds the decisions of `other`; its longest decision replaces this one's only if it
    /// took longer.
    pub fn merge(&mut self, other: &DecisionTimes) {
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
        if other.decisions > 0 && (self.decisions == 0 || other.longest_ns > self.longest_ns) {
            (self.longest_ns, self.longest_at) = (other.longest_ns, other.longest_at);
        }
        self.decisions += other.decisions;
        self.total_ns += other.total_ns;
    }

    /// Number of decisions timed.
    #[must_use]
    pub fn decisions(&self) -> u64 {
        self.decisions
    }

    /// Mean seconds per decision (0 without decisions).
    #[must_use]
    pub fn mean(&self) -> f64 {
        if self.decisions == 0 {
            return 0.0;
        }
        self.total_ns as f64 / self.decisions as f64 * 1e-9
    }

    /// The longest decision in seconds, exactly.
    #[must_use]
    pub fn longest(&self) -> f64 {
        self.longest_ns as f64 * 1e-9
    }

    /// Where the longest decision was taken, when it is known.
    #[must_use]
    pub fn longest_at(&self) -> Option<DecisionAt> {
        self.longest_at
    }

    /// The `q`-quantile (0 < `q` <= 1) in seconds: the time of the decision of rank
    /// ceil(q·n) in increasing order, within 1/32 of it (the middle of its bucket, no longer
    /// than the longest). 0 without decisions.
    #[must_use]
    pub fn quantile(&self, q: f64) -> f64 {
        let rank = ((q * self.decisions as f64).ceil() as u64).clamp(1, self.decisions.max(1));
        let mut seen = 0;
        for (i, &n) in self.counts.iter().enumerate() {
            seen += n;
            if n > 0 && seen >= rank {
                let (low, width) = bucket_range(i);
                return (low + width / 2).min(self.longest_ns) as f64 * 1e-9;
            }
        }
        0.0
    }
}

/// What decisions are timed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Clock {
    /// The CPU time of the bot's thread: what the decision cost, however busy the machine
    /// (time spent waiting for a core is not counted).
    ThreadCpu,
    /// Elapsed time, waits for a core included (where the system has no thread CPU clock).
    Wall,
}

impl Clock {
    /// The thread CPU clock if the system has one, else the wall clock.
    #[must_use]
    pub fn best() -> Clock {
        if thread_cpu_ns().is_some() {
            Clock::ThreadCpu
        } else {
            Clock::Wall
        }
    }

    /// Runs `f`, and how long it took on this clock (on [`Clock::ThreadCpu`] where the
    /// system has no thread CPU clock: zero).
    pub fn time<T>(self, f: impl FnOnce() -> T) -> (T, Duration) {
        match self {
            Clock::ThreadCpu => {
                let start = thread_cpu_ns().unwrap_or(0);
                let out = f();
                (out, Duration::from_nanos(thread_cpu_ns().unwrap_or(start).saturating_sub(start)))
            }
            Clock::Wall => {
                let start = Instant::now();
                let out = f();
                (out, start.elapsed())
            }
        }
    }

    /// How the clock is named in printed output: "the ... clock".
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Clock::ThreadCpu => "the CPU clock of the bot's thread",
            Clock::Wall => "the wall clock",
        }
    }
}

/// Nanoseconds of CPU time the calling thread has used, if the system keeps count.
#[cfg(unix)]
fn thread_cpu_ns() -> Option<u64> {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid `timespec` for the call to write; nothing else is touched.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    let (secs, nanos) = (u64::try_from(now.tv_sec).ok()?, u64::try_from(now.tv_nsec).ok()?);
    (status == 0).then_some(secs * 1_000_000_000 + nanos)
}

/// Nanoseconds of CPU time the calling thread has used: not known here.
#[cfg(not(unix))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

/// One bot's seconds per decision, as `run.json` and `tournament.json` hold them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionSeconds {
    /// The bot spec.
    pub bot: String,
    /// The clock the decisions were timed with.
    pub clock: Clock,
    /// Decisions timed.
    pub decisions: u64,
    /// Median seconds per decision (within 3%).
    pub median: f64,
    /// 90th percentile (within 3%).
    pub p90: f64,
    /// 99th percentile (within 3%).
    pub p99: f64,
    /// The longest decision, exactly.
    pub longest: f64,
    /// Where the longest decision was taken (`ttr simulate` knows it; a tournament does not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub longest_at: Option<DecisionAt>,
    /// The mean, exactly.
    pub mean: f64,
}

impl DecisionSeconds {
    /// The figures of `times`, for `bot`.
    #[must_use]
    pub fn of(bot: &str, clock: Clock, times: &DecisionTimes) -> DecisionSeconds {
        DecisionSeconds {
            bot: bot.to_string(),
            clock,
            decisions: times.decisions(),
            median: times.quantile(0.5),
            p90: times.quantile(0.9),
            p99: times.quantile(0.99),
            longest: times.longest(),
            longest_at: times.longest_at(),
            mean: times.mean(),
        }
    }

    /// The column names of [`DecisionSeconds::cells`].
    pub const COLUMNS: [&'static str; 7] = ["bot", "decisions", "median", "p90", "p99", "longest", "mean"];

    /// The figures as text for a table row: the bot, the count, then the times with units.
    #[must_use]
    pub fn cells(&self) -> [String; 7] {
        [
            self.bot.clone(),
            self.decisions.to_string(),
            format_seconds(self.median),
            format_seconds(self.p90),
            format_seconds(self.p99),
            format_seconds(self.longest),
            format_seconds(self.mean),
        ]
    }
}

/// The decision times of a run's bots: one shared total per bot of the run, fed by the
/// bots it wraps; or, for a run that does not time its decisions, nothing.
pub struct DecisionClock {
    clock: Clock,
    /// One per bot of the run; empty when the run is not timed.
    totals: Vec<Arc<Mutex<DecisionTimes>>>,
}

impl DecisionClock {
    /// A clock for a run of `bots` bots (indices `0..bots`), on the [best](Clock::best)
    /// clock; when `on` is false it times nothing.
    #[must_use]
    pub fn new(bots: usize, on: bool) -> DecisionClock {
        let totals = if on { (0..bots).map(|_| Arc::default()).collect() } else { Vec::new() };
        DecisionClock { clock: Clock::best(), totals }
    }

    /// `bot`, the run's bot number `index`, with every decision timed into its total (as
    /// it is when the clock is off); `game`, the index of the game it plays in the run, when
    /// there is one, locates its decisions.
    #[must_use]
    pub fn time(&self, index: usize, game: Option<u64>, bot: Box<dyn Bot>) -> Box<dyn Bot> {
        match self.totals.get(index) {
            Some(total) => Box::new(TimedBot {
                bot,
                clock: self.clock,
                game,
                decisions: 0,
                watching: Duration::ZERO,
                times: DecisionTimes::default(),
                total: Arc::clone(total),
            }),
            None => bot,
        }
    }

    /// The figures per distinct spec, in order of first appearance, when bot `i` has spec
    /// `specs[i]` (several bots of one spec are summed); empty when the clock is off.
    #[must_use]
    pub fn by_spec(&self, specs: &[String]) -> Vec<DecisionSeconds> {
        let mut distinct: Vec<(&str, DecisionTimes)> = Vec::new();
        for (spec, total) in specs.iter().zip(&self.totals) {
            let total = total.lock().unwrap_or_else(PoisonError::into_inner);
            match distinct.iter_mut().find(|(s, _)| s == spec) {
                Some((_, times)) => times.merge(&total),
                None => distinct.push((spec, total.clone())),
            }
        }
        distinct.iter().map(|(spec, times)| DecisionSeconds::of(spec, self.clock, times)).collect()
    }
}

/// A bot whose decisions are timed; its times are added to a shared total when it is
/// dropped (once per game, so the threads of a run do not contend per decision).
struct TimedBot {
    bot: Box<dyn Bot>,
    clock: Clock,
    /// The game's index in the run, if known.
    game: Option<u64>,
    /// Decisions taken so far in this game.
    decisions: u32,
    /// Time spent watching other seats since the last decision.
    watching: Duration,
    times: DecisionTimes,
    total: Arc<Mutex<DecisionTimes>>,
}

impl Bot for TimedBot {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
        let (action, took) = self.clock.time(|| self.bot.choose(obs));
        let took = took + std::mem::take(&mut self.watching);
        self.decisions += 1;
        let at = self.game.map(|game| DecisionAt { game, seat: obs.seat().0, decision: self.decisions });
        self.times.add_at(took, at);
        action
    }

    fn observes(&self) -> bool {
        self.bot.observes()
    }

    fn observe(&mut self, obs: &Observation<'_, '_>, seat: Seat, action: PublicAction) {
        let ((), took) = self.clock.time(|| self.bot.observe(obs, seat, action));
        self.watching += took;
    }
}

impl Drop for TimedBot {
    fn drop(&mut self) {
        self.total.lock().unwrap_or_else(PoisonError::into_inner).merge(&self.times);
    }
}

/// Prints a heading and one line per bot (nothing without rows).
pub fn write_summary(rows: &[DecisionSeconds], w: &mut impl Write) -> io::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    writeln!(w, "seconds per decision (on {}; percentiles within 3%):", rows[0].clock.label())?;
    for t in rows {
        let [bot, decisions, median, p90, p99, longest, mean] = t.cells();
        let at = t
            .longest_at
            .map_or(String::new(), |at| format!(" (game {}, seat {}, its decision {})", at.game, at.seat, at.decision));
        writeln!(
            w,
            "  {bot:<24} {decisions} decisions  median {median}  p90 {p90}  p99 {p99}  longest {longest}{at}  mean {mean}"
        )?;
    }
    Ok(())
}

/// Seconds as text with a unit that suits them: `85 ns`, `4.2 µs`, `8.7 ms`, `1.25 s`.
#[must_use]
pub fn format_seconds(s: f64) -> String {
    if s < 1e-6 {
        format!("{:.0} ns", s * 1e9)
    } else if s < 1e-3 {
        format!("{:.1} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_contiguous_and_hold_their_durations() {
        let mut next = 0;
        for i in 0..BUCKETS {
            let (low, width) = bucket_range(i);
            assert_eq!(low, next, "bucket {i} starts where the last ended");
            assert!(i < 32 || width * 16 <= low, "bucket {i} is at most 1/16 of its durations wide");
            assert_eq!(bucket(low), i);
            assert_eq!(bucket(low + width - 1), i);
            next = low + width;
        }
        assert_eq!(next, 1 << LAST_BIT);
        assert_eq!(bucket(u64::MAX), BUCKETS - 1);
    }

    #[test]
    fn quantiles_are_within_a_thirty_second_of_the_exact_ones() {
        // A skewed spread from 40 ns to about 0.2 s, as a run of mixed bots gives.
        let mut exact: Vec<u64> = (0..10_000u64).map(|k| 40 + k * k * k / 50_000).collect();
        let mut times = DecisionTimes::default();
        for &ns in exact.iter().rev() {
            times.add(Duration::from_nanos(ns));
        }
        exact.sort_unstable();
        for q in [0.01, 0.1, 0.5, 0.9, 0.99, 1.0] {
            let want = exact[(q * exact.len() as f64).ceil() as usize - 1] as f64 * 1e-9;
            let got = times.quantile(q);
            assert!((got - want).abs() <= want / 32.0, "q {q}: {got} against {want}");
        }
        assert_eq!(times.decisions(), 10_000);
        assert_eq!(times.longest(), *exact.last().unwrap() as f64 * 1e-9);
        let mean = exact.iter().sum::<u64>() as f64 / 10_000.0 * 1e-9;
        assert!((times.mean() - mean).abs() < 1e-15);
    }

    #[test]
    fn merged_times_are_those_of_one_histogram() {
        let (mut a, mut b, mut both) = (DecisionTimes::default(), DecisionTimes::default(), DecisionTimes::default());
        for k in 0..1000u64 {
            let time = Duration::from_nanos(k * 7919 % 100_003);
            if k % 3 == 0 { &mut a } else { &mut b }.add(time);
            both.add(time);
        }
        a.merge(&b);
        assert_eq!(a, both);
        assert_eq!(DecisionTimes::default().quantile(0.5), 0.0);
    }

    #[test]
    fn the_longest_decision_keeps_its_place_through_merges() {
        let at = |game| Some(DecisionAt { game, seat: 1, decision: 2 });
        let (mut a, mut b) = (DecisionTimes::default(), DecisionTimes::default());
        a.add_at(Duration::from_nanos(500), at(1));
        a.add_at(Duration::from_nanos(900), at(2));
        a.add_at(Duration::from_nanos(900), at(3));
        assert_eq!(a.longest_at(), at(2), "the first of equally long decisions");
        b.add_at(Duration::from_nanos(700), at(4));
        let mut merged = a.clone();
        merged.merge(&b);
        assert_eq!(merged.longest_at(), at(2), "a shorter longest does not replace it");
        b.add_at(Duration::from_nanos(1000), at(5));
        merged.merge(&b);
        assert_eq!((merged.longest_at(), merged.longest()), (at(5), 1000.0 * 1e-9));
        let mut empty = DecisionTimes::default();
        empty.merge(&a);
        assert_eq!(empty.longest_at(), at(2), "merged into nothing");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_thread_cpu_clock_leaves_out_waiting() {
        assert_eq!(Clock::best(), Clock::ThreadCpu);
        let nap = Duration::from_millis(50);
        let ((), on_cpu) = Clock::ThreadCpu.time(|| std::thread::sleep(nap));
        let ((), elapsed) = Clock::Wall.time(|| std::thread::sleep(nap));
        assert!(elapsed >= nap, "{elapsed:?}");
        assert!(on_cpu < nap / 5, "a sleeping thread uses next to no CPU: {on_cpu:?}");
        let (sum, busy) = Clock::ThreadCpu.time(|| (0..2_000_000u64).map(std::hint::black_box).sum::<u64>());
        assert!(sum > 0 && busy > Duration::ZERO, "work is counted");
    }

    #[test]
    fn seconds_get_a_readable_unit() {
        assert_eq!(format_seconds(85e-9), "85 ns");
        assert_eq!(format_seconds(4.24e-6), "4.2 µs");
        assert_eq!(format_seconds(8.66e-3), "8.7 ms");
        assert_eq!(format_seconds(1.254), "1.25 s");
    }
}
