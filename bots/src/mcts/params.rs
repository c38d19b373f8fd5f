//! The parameters of `mcts`, read from the spec string.

use std::fmt;

use crate::spec::ParamInfo;

/// How playouts choose moves once they leave the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// The greedy bot's policy for every seat.
    Greedy,
    /// Uniformly random legal actions (weak and slow to end a game: pair it with `depth`).
    Random,
}

/// Search parameters. Spec keys (all optional), e.g. `mcts:iters=2000:c=0.7:worlds=20`:
///
/// | key      | meaning                                                              | default |
/// |----------|----------------------------------------------------------------------|---------|
/// | `iters`  | playouts per decision                                                | none    |
/// | `ms`     | time budget per decision in milliseconds (no `iters`: time only)    | none    |
/// | `steps`  | simulated decisions per decision, all playouts together            | 30000   |
/// | `c`      | UCB1 exploration constant below the root (values lie in 0..1)        | 0.7     |
/// | `worlds` | determinized worlds sampled per decision; scenarios cycle over them  | 20      |
/// | `rollout`| playout policy: `greedy` or `random`                                 | greedy  |
/// | `depth`  | decisions a playout may take before it is scored as it stands (0: to the end) | 0 |
/// | `scale`  | points of score difference that squash to tanh(1)                    | 20      |
/// | `widen`  | progressive widening below the root: at most ceil(widen·√(visits+1)) children (0: off) | 1 |
/// | `tree`   | most own decisions in the tree per playout (1: root only)            | 1       |
/// | `margin` | standard errors by which the search's pick must beat the policy's choice | 1  |
/// | `keep`   | budget multiplier for ticket choices (setup and later keeps)          | 4       |
/// | `second` | search the second card of a draw too (1), or take the policy's (0) | 0       |
/// | `infer`  | strength of the opponents' ticket inference (0: tickets guessed uniformly) | 4  |
/// | `runner` | when the halving keeps the policy's choice, the runner-up duels it (1) or the budget left goes unspent (0) | 0 |
/// | `cap`    | most playouts a decision runs, ticket choices included (0: no cap) | 8192 |
///
/// `iters`, `ms` and `steps` are limits: the search stops at whichever given limit comes
/// first; the default limit (`steps`) applies only when the spec gives none. The bot is
/// deterministic from its seed unless `ms` is given.
///
/// The defaults (issue 21) replace `iters=200:keep=4`: a fixed count of playouts made the
/// first decisions (long playouts) the slowest, over 100 ms on one core for ticket keeps
/// in 4-player USA and 3-player Nordic, while late decisions used a fraction of that. A
/// step budget spends more evenly: a median of 14 to 18 ms per searched turn on USA, Nordic
/// and Legendary Asia, the longest decision 92 ms in 2-player USA, 81 ms in 4-player USA,
/// but 127 ms in 3-player Nordic, where a late decision runs thousands of short playouts
/// whose fixed cost the step count leaves out (South Korea's greedy playouts cost about 5
/// times as much per decision). Counting that cost cut late playouts and lost strength.
/// South Korea's steps were therefore charged 6 each (its provinces board multiplied the
/// claims to weigh), and a search races at most a quarter of its budget's playouts in
/// candidates: 4-player games there went from a median of 90 ms and a longest of 560 ms per
/// decision to a median of 18 ms per searched turn and a longest of 121 ms (10 games, on a
/// loaded machine whose on-CPU times varied by a quarter from run to run). Once the legal
/// set stopped counting every provinces claim (issue 19), a South Korea step cost about what
/// it costs elsewhere, and the surcharge came down to 1.5 (see below).
///
/// Levers measured against these defaults by SPRT (`ttr tournament --sprt 0,30`, 2-player
/// USA, duplicate blocks), none accepted yet: `second=1` +22 ± 37 Elo over 300 games (seed
/// 31, LLR 0.59), `runner=1` +31 ± 44 over 200 games (seed 31, LLR 0.99); `runner=1` also
/// raises the longest 2-player USA decision from 95 to 134 ms (10 games, on-CPU).
///
/// Against `greedy` (2-player USA, `ttr simulate`, the same games for both specs): `infer=4`
/// won 77.3% [72.3, 81.7] against the defaults' 79.3% [74.4, 83.5] over 300 games (seed 101),
/// `margin=0.5` 79.3% [74.4, 83.5], `worlds=40` 75.3% [70.2, 79.9], `scale=12` 80.0% [75.1,
/// 84.1], `scale=30` 76.3% [71.2, 80.8] (none clear of the noise); a sharper ticket reading
/// (see [`super::belief`]) did not pay either.
///
/// The search has reached a plateau that more of the same does not lift. (This paragraph
/// and the next three measure the defaults of then, `keep=2:infer=2` without a cap.) Over
/// the 1,000 games of the committed sample of then (`results/mcts-vs-greedy-usa-2p`, seed
/// 31, the defaults 78.1% [75.4, 80.6]), paired game by game: `steps=60000` (twice the budget) won 79.0%,
/// +0.9 ± 3.2 points; `runner=1:second=1` 78.1%, +0.0 ± 3.1; `tree=3` 78.7%, +0.6 ± 3.1;
/// a trial build that also offered every claim touching an opponent's network (blocking)
/// 77.1%, −1.0 ± 3.1 (not kept). At the other tables, 1,000 games each with the defaults:
/// 3-player Nordic against two `greedy` 62.6% [59.6, 65.5] (seed 51), 4-player USA against
/// three 49.4% [46.3, 52.5] (seed 41), 4-player Legendary Asia 57.1% [54.1, 60.2] (seed 61),
/// 4-player South Korea 31.1% [28.3, 34.0] (seed 71; an even share is 25%). In 4-player USA
/// `steps=50000` (a median of 24 ms per searched turn on-CPU, the longest 86 ms) won 49.7%
/// [46.6, 52.8] over the same games, +0.3 ± 3.8 points. South Korea is the exception where
/// the budget binds: with its steps charged 6 each an early 4-player decision ran about 30
/// playouts. Over the same 1,000 games (seed 71, today's engine: the surcharge of 6 won 30.7%
/// [27.9, 33.6]), paired game by game: charging 2 won 41.4% [38.4, 44.5], +10.7 ± 4.1 points;
/// 1.5 (the default now) 44.7% [41.6, 47.8], +14.0 ± 4.0; 1 49.5% [46.4, 52.6], +18.8 ± 4.1,
/// but its longest decision ran to 104 and 116 ms on one core (10 games, two runs), where
/// 1.5 stayed at 72 ms (a median of 12 ms per searched turn, ticket keeps 48 ms). Past 1.5
/// the budget stops binding: once the legal set counted claims only when asked (issue 19,
/// the same games, a tenth fewer instructions), 1.25 won 44.2% [41.1, 47.3] of the seed-71
/// games, −0.5 ± 4.1 points against 1.5, and over 1,000 other games (seed 72) 1 won 42.6%
/// [39.6, 45.7] against 1.5's 43.7% [40.7, 46.8], −1.1 ± 4.1: the +4.8 of 1 at seed 71 was
/// luck. (With that engine 1 kept the longest decision at 72 to 96 ms on one core, 10 games
/// each of seeds 1 to 4, about what 1.5 took before.)
/// The defaults use about a quarter of the 100 ms a decision may take (on-CPU, 2-player USA:
/// a median of 12 ms per searched turn, the longest about 30 to 50 ms), but the time is not
/// what limits them: what the search lacks is knowledge of the opponents' hands (the lab's
/// `oracle_gap` example). Two ways of reading hands off the play did not pay (not kept):
/// weighting worlds by the cards an opponent took, +1.7 ± 1.8 points over three 1,000-game
/// runs; and weighting them by whether the greedy policy, replayed in the world rebuilt as it
/// was before the last opponent's turn, takes that turn's action (a claim of the same route,
/// a draw, a ticket draw), sampling four candidates per world kept: 79.9% [77.3, 82.3] over
/// the 1,000 games of the committed sample, +1.8 ± 3.1 points, 64.0% in 3-player Nordic
/// (300 games, seed 51, as without) and 43.7% against 46.3% in 4-player USA (300 games,
/// seed 41). The true world fits that replay in 88% of turns and a sampled one in 15%, but
/// the worlds it keeps guess the opponent's tickets only a little better (overlap with the
/// true ones 0.40 -> 0.50) and its hand no better: one turn says little about a hand that
/// blind draws keep changing. Rollouts that explore lost too: the bot's own turns outside
/// the tree taking a random candidate ([`super::moves`]) with probability 0.1 won 77.3% of the first
/// 300 games of the sample against 81.3%, −4.0 ± 5.9 points; with 0.3, 74.0%, −7.3 ± 6.2.
///
/// Ticket choices with twice the budget (`keep=4`; the longest decision then 70 ms in
/// 3-player Nordic and 58 ms in 4-player USA on one core, 20 games each) looked like a gain
/// and was not one. Paired over the same 1,000 games against the defaults: 3-player Nordic
/// 65.9% against 62.6% (seed 51, +3.3 ± 3.7 points) but 64.5% against 64.7% (seed 52, −0.2 ±
/// 3.6); 4-player USA 51.8% against 49.4% (seed 41, +2.4 ± 3.7) but 47.2% against 49.0% (seed
/// 42, −1.8 ± 3.7); 2-player USA 78.8% against 78.1% (seed 31, +0.7 ± 3.0): +0.9 ± 1.6 over
/// the five. In 3-player Nordic (seed 51) `keep=8` won 63.4% (+0.8 ± 3.8), `margin=0.5`
/// 63.2% (+0.6 ± 3.6) and `margin=0` 59.9% (−2.7 ± 3.7): the duel's caution costs nothing
/// there either. The ticket inference's strength matters below its default and not above it:
/// `infer=1` won 57.1% in 3-player Nordic (seed 51, −5.5 ± 3.6), while `infer=4` won 64.6%
/// and 65.3% there (seeds 51 and 52, +2.0 ± 3.6 and +0.6 ± 3.6), 51.0% and 46.0% in 4-player
/// USA (seeds 41 and 42, +1.6 ± 3.6 and −3.0 ± 3.8) and 77.9% in 2-player USA (seed 31, −0.2
/// ± 3.1). Twice the worlds (`worlds=40`) in 3-player Nordic: 63.8% at seeds 51 and 52,
/// +1.2 ± 3.7 and −0.9 ± 3.9. Knowing the opponents' tickets outright is worth +7.4 points in 4-player USA and
/// +7.5 in 3-player Nordic, their whole state +17.7 and +14.0 (the lab's `oracle_gap`).
///
/// Both levers together (`keep=4:infer=4`), paired over the same 1,000 games against the
/// defaults: 3-player Nordic 65.0%, 65.1% and 65.4% against 62.6%, 64.7% and 62.0% (seeds
/// 51 to 53: +2.4 ± 3.7, +0.4 ± 3.5, +3.4 ± 3.8; +2.1 ± 2.1 over the three); 4-player USA
/// +0.2 ± 3.8 and +0.3 ± 3.7 (seeds 41, 42); 2-player USA +1.6 ± 3.0, −0.4 ± 3.2 and +0.1 ±
/// 3.1 (seeds 31 to 33): +1.0 ± 1.2 over the eight. Not kept then: the gain is not clear of the
/// noise, and twice the budget for ticket choices took the longest 2-player USA decision
/// from 78 and 71 ms to 145 and 155 ms on the CPU clock (seeds 32 and 33, `ttr simulate
/// --time-decisions`, two runs sharing the 2 cores), over the 100 ms a decision may take.
///
/// The defaults on that CPU clock, all decisions of the `mcts` seat: 3-player Nordic (1,000
/// games, seed 53) a median of 5.4 ms, p99 21.5 ms, the longest 80.2 ms; 2-player USA
/// (1,000 games each, seeds 32 and 33) a median of 3.9 ms, p99 13.9 and 13.4 ms, the
/// longest 45.5 and 38.9 ms (it was 78 and 71); 4-player Legendary Asia and South Korea
/// (1,000 games each, seeds 61, 71) the longest 47.0 and 47.9 ms (it was 82 and 70), and
/// 4-player USA 59 ms (seed 41, before the change below). With them `keep=4:infer=4` took
/// the longest 2-player USA decision to 94.9 and 95.0 ms (seeds 32, 33), under the limit
/// now; it won 76.7% and 77.8% against the defaults' 77.1% and 77.7%, the −0.4 and +0.1
/// points measured before. In 3-player Nordic it pays but is too slow: over 1,000 more games
/// (seed 54) it won 64.3% against 61.7%, +2.6 ± 3.5 points (+2.2 ± 1.8 over seeds 51 to
/// 54), but its longest decision took 132.5 ms (its 59th of game 764); `keep=3:infer=4`
/// won +1.5 ± 3.6 and +4.8 ± 3.6 points (seeds 53, 54) with its longest at 123.0 and 88.9 ms,
/// where the defaults' longest were 80.2 and 65.0 ms. All three of those longest decisions
/// came late in a game (a seat's 59th to 64th decision; `--time-decisions` names them).
/// Nordic's longest was 218 ms until the
/// greedy rollouts' late turns got cheaper (the same games): late in a game a greedy bot
/// weighs which tickets to give up, many ticket sets a turn, which the playouts of one
/// decision weigh again and again, so the playout bots now remember 512 plans (it was 32);
/// tickets already joined are left out of the plans, and a ferry no longer has its
/// substitute payments listed to find that there are none (`ttr::can_pay`).
///
/// The defaults now are `keep=4:infer=4:cap=8192` (they were `keep=2:infer=2`, no cap).
/// Two things had made the late decisions of `keep=4` too slow. The budget's playout count
/// came from the first scenario's playouts alone, and a late 3-player Nordic ticket keep
/// that measured them short ran 27% more steps than it was given (the count is now set
/// again from all the playouts measured, at each round and each duel pair). And a step
/// costs twice as much in some late worlds, where greedy playout seats claim ferries with large hands and
/// weigh their many substitute payments (60% of the CPU of a 129 ms `keep=3` decision, its
/// 13,599 playouts listing them 44,109 times). The cap stops such a decision at 8,192
/// playouts; an early one runs a few hundred, a late turn about 8,000 at most. With these
/// defaults, over 1,000 games each (`ttr simulate ... --time-decisions`, one thread, the
/// seat's on-CPU time), paired game by game with `keep=2:infer=2:cap=0` (the old defaults
/// with the budget set again) where given:
///
/// | table | seed | win rate | paired | median | longest |
/// |---|---|---|---|---|---|
/// | 2-player USA | 31 | 78.2% [75.5, 80.6] | +0.1 ± 3.0 (old sample) | 3.9 ms | 41.4 ms |
/// | 3-player Nordic | 51 | 67.6% [64.6, 70.4] | | 4.8 ms | 70.0 ms |
/// | 3-player Nordic | 52 | 66.7% [63.7, 69.6] | | 4.8 ms | 75.4 ms |
/// | 3-player Nordic | 53 | 65.8% [62.8, 68.7] | +1.5 ± 3.6 | 5.4 ms | 73.3 ms |
/// | 3-player Nordic | 54 | 65.4% [62.4, 68.3] | +4.0 ± 3.8 | 5.6 ms | 71.4 ms |
/// | 4-player USA | 41 | 53.6% [50.5, 56.7] | +4.7 ± 3.7 | 4.8 ms | 69.0 ms |
/// | 4-player USA | 42 | 47.3% [44.2, 50.4] | −1.9 ± 3.9 | 4.6 ms | 64.8 ms |
/// | 4-player USA | 43 | 51.3% [48.2, 54.4] | +4.8 ± 3.9 | 4.6 ms | 55.2 ms |
/// | 4-player Legendary Asia | 61 | 58.3% [55.2, 61.3] | +4.2 ± 3.8 | 5.4 ms | 61.6 ms |
/// | 4-player South Korea | 71 | 42.5% [39.5, 45.6] | −0.7 ± 3.9 | 5.1 ms | 55.5 ms |
///
/// Over the eight pairs +2.1 ± 1.3 points (4-player USA alone +2.5 ± 2.2); over the four 3-player Nordic runs 66.4% [64.9,
/// 67.8] (4,000 games). Neither more of the ticket budget nor a
/// sharper inference paid in 4-player USA (seed 41, paired with the defaults): `keep=8`
/// 49.4%, −4.2 ± 3.8 (its longest decision 91.8 ms); `infer=8` 51.8%, −1.8 ± 3.7.
///
/// Without the cap (`keep=4:infer=4:cap=0`) 3-player Nordic at seed 54 won 65.1%, the same
/// games but for +0.3 ± 0.3 points, and its longest decision took 92.5 ms; `keep=3:infer=4`
/// took 149.7 ms (game 312, the decision above). Setting the budget again did not change
/// the old defaults' strength (3-player Nordic, seed 54: 61.4% against 61.7%, −0.3 ± 3.6).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsParams {
    /// Playouts per decision (`None`: no limit on playouts).
    pub iters: Option<u32>,
    /// Time budget per decision.
    pub ms: Option<u64>,
    /// Simulated decisions per decision, over all its playouts (a deterministic stand-in for
    /// time: playouts near the start of a game are long, near the end short).
    pub steps: Option<u32>,
    /// UCB1 exploration constant.
    pub c: f64,
    /// Worlds sampled per decision.
    pub worlds: u32,
    /// Playout policy.
    pub rollout: Rollout,
    /// Playout length cap in decisions (0: none).
    pub depth: u32,
    /// Score-difference scale of the leaf value.
    pub scale: f64,
    /// Progressive-widening factor (0: off).
    pub widen: f64,
    /// Most own decisions in the tree along a playout (1: only the root decision).
    pub tree: u32,
    /// The search's pick is played only if its paired mean advantage over the rollout
    /// policy's choice is more than this many standard errors.
    pub margin: f64,
    /// Budget multiplier for ticket-keep decisions.
    pub keep: u32,
    /// Whether the second card of a draw is searched.
    pub second: bool,
    /// Strength of the opponents' ticket inference ([`super::belief`]; 0: off).
    pub infer: f64,
    /// Whether the halving's runner-up duels the rollout policy's choice when the policy's
    /// choice won the halving (else that half of the budget is not spent).
    pub runner: bool,
    /// Most playouts of one decision, after `keep` (0: no cap).
    pub cap: u32,
}

/// Every number is finite (parsing refuses anything else), so equality is total.
impl Eq for MctsParams {}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            iters: None,
            ms: None,
            steps: Some(30_000),
            c: 0.7,
            worlds: 20,
            rollout: Rollout::Greedy,
            depth: 0,
            scale: 20.0,
            widen: 1.0,
            tree: 1,
            margin: 1.0,
            keep: 4,
            second: false,
            infer: 4.0,
            runner: false,
            cap: 8192,
        }
    }
}

/// The keys `mcts` accepts.
pub const KEYS: &[&str] = &[
    "iters", "ms", "steps", "c", "worlds", "rollout", "depth", "scale", "widen", "tree", "margin", "keep", "second",
    "infer", "runner", "cap",
];

/// The keys with their defaults, ranges and meanings, for `ttr bots` (same order as [`KEYS`]).
pub const PARAMS: &[ParamInfo] = &[
    ParamInfo { key: "iters", default: "none", range: "1..", meaning: "playouts per decision" },
    ParamInfo {
        key: "ms",
        default: "none",
        range: "1..",
        meaning: "time budget per decision in ms (not deterministic)",
    },
    ParamInfo {
        key: "steps",
        default: "30000",
        range: "1..",
        meaning: "simulated decisions per decision, all playouts together (deterministic)",
    },
    ParamInfo { key: "c", default: "0.7", range: "0.. (real)", meaning: "UCB1 exploration constant below the root" },
    ParamInfo { key: "worlds", default: "20", range: "1..", meaning: "determinized worlds sampled per decision" },
    ParamInfo { key: "rollout", default: "greedy", range: "greedy|random", meaning: "playout policy" },
    ParamInfo {
        key: "depth",
        default: "0",
        range: "0..",
        meaning: "decisions a playout takes before it is scored as it stands (0: to the end)",
    },
    ParamInfo {
        key: "scale",
        default: "20",
        range: "above 0 (real)",
        meaning: "score difference that squashes to tanh(1)",
    },
    ParamInfo {
        key: "widen",
        default: "1",
        range: "0.. (real)",
        meaning: "progressive widening below the root (0: off)",
    },
    ParamInfo {
        key: "tree",
        default: "1",
        range: "1..",
        meaning: "most own decisions in the tree per playout (1: root only)",
    },
    ParamInfo {
        key: "margin",
        default: "1",
        range: "0.. (real)",
        meaning: "standard errors by which the search must beat the greedy choice",
    },
    ParamInfo { key: "keep", default: "4", range: "1..", meaning: "budget multiplier for ticket choices" },
    ParamInfo { key: "second", default: "0", range: "0|1", meaning: "search the second card of a draw too" },
    ParamInfo {
        key: "infer",
        default: "4",
        range: "0.. (real)",
        meaning: "strength of the opponents' ticket inference (0: uniform guesses)",
    },
    ParamInfo {
        key: "runner",
        default: "0",
        range: "0|1",
        meaning: "the halving's runner-up duels the policy's choice when that choice won",
    },
    ParamInfo {
        key: "cap",
        default: "8192",
        range: "0..",
        meaning: "most playouts a decision runs, ticket choices included (0: no cap)",
    },
];

impl MctsParams {
    /// Reads `key=value` pairs; unknown keys and bad values are refused with the reason.
    pub fn parse(params: &[(&str, &str)]) -> Result<MctsParams, String> {
        let mut p = MctsParams::default();
        // The default limits apply only when the spec gives none of `iters`, `ms`, `steps`.
        let (mut iters, mut ms, mut steps) = (None, None, None);
        let mut seen: Vec<&str> = Vec::new();
        for &(key, value) in params {
            if seen.contains(&key) {
                return Err(format!("mcts: parameter {key:?} given twice"));
            }
            seen.push(key);
            match key {
                "iters" => {
                    iters = Some(positive(key, value)?);
                }
                "ms" => {
                    ms = Some(u64::from(positive(key, value)?));
                }
                "steps" => {
                    steps = Some(positive(key, value)?);
                }
                "worlds" => p.worlds = positive(key, value)?,
                "depth" => p.depth = value.parse().map_err(|_| bad(key, value, "a whole number"))?,
                "c" => p.c = non_negative(key, value)?,
                "scale" => {
                    p.scale = non_negative(key, value)?;
                    if p.scale == 0.0 {
                        return Err(bad(key, value, "a number above 0"));
                    }
                }
                "widen" => p.widen = non_negative(key, value)?,
                "tree" => p.tree = positive(key, value)?,
                "margin" => p.margin = non_negative(key, value)?,
                "keep" => p.keep = positive(key, value)?,
                "second" => p.second = flag(key, value)?,
                "runner" => p.runner = flag(key, value)?,
                "infer" => p.infer = non_negative(key, value)?,
                "cap" => p.cap = value.parse().map_err(|_| bad(key, value, "a whole number"))?,
                "rollout" => {
                    p.rollout = match value {
                        "greedy" => Rollout::Greedy,
                        "random" => Rollout::Random,
                        _ => return Err(bad(key, value, "greedy or random")),
                    }
                }
                _ => return Err(format!("mcts takes no parameter {key:?}; it knows {}", KEYS.join(", "))),
            }
        }
        if iters.is_some() || ms.is_some() || steps.is_some() {
            (p.iters, p.ms, p.steps) = (iters, ms, steps);
        }
        Ok(p)
    }
}

fn bad(key: &str, value: &str, want: &str) -> String {
    format!("mcts: {key}={value:?} is not {want}")
}

fn flag(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(bad(key, value, "0 or 1")),
    }
}

fn positive(key: &str, value: &str) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(bad(key, value, "a whole number above 0")),
    }
}

fn non_negative(key: &str, value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(bad(key, value, "a finite number of 0 or more")),
    }
}

impl fmt::Display for Rollout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rollout::Greedy => "greedy",
            Rollout::Random => "random",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(pairs: &[(&str, &str)]) -> MctsParams {
        MctsParams::parse(pairs).unwrap()
    }

    #[test]
    fn the_default_limits_apply_only_when_no_limit_is_given() {
        let d = MctsParams::default();
        assert_eq!(parse(&[("c", "1")]), MctsParams { c: 1.0, ..d });
        let p = parse(&[("iters", "200")]);
        assert_eq!((p.iters, p.ms, p.steps), (Some(200), None, None));
        let p = parse(&[("ms", "50")]);
        assert_eq!((p.iters, p.ms, p.steps), (None, Some(50), None));
        let p = parse(&[("steps", "900"), ("ms", "50")]);
        assert_eq!((p.iters, p.ms, p.steps), (None, Some(50), Some(900)));
        assert!(MctsParams::parse(&[("steps", "0")]).unwrap_err().contains("above 0"));
    }

    #[test]
    fn the_cap_reads_a_whole_number_and_0_lifts_it() {
        assert_eq!(MctsParams::default().cap, 8192);
        assert_eq!(parse(&[("cap", "0")]).cap, 0);
        assert_eq!(
            parse(&[("cap", "500"), ("iters", "200")]),
            MctsParams { cap: 500, iters: Some(200), steps: None, ..MctsParams::default() }
        );
        assert!(MctsParams::parse(&[("cap", "-1")]).unwrap_err().contains("whole number"));
    }

    #[test]
    fn flags_read_0_and_1_only() {
        assert!(parse(&[("runner", "1")]).runner);
        assert!(!parse(&[("runner", "0")]).runner);
        assert!(parse(&[("second", "1")]).second);
        assert!(MctsParams::parse(&[("runner", "2")]).unwrap_err().contains("0 or 1"));
    }
}
