//! The parameters of `mcts`, read from the spec string.

use std::fmt;

use crate::greedy::parse_loco_colors;
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
/// | `steps`  | simulated decisions per decision, all playouts together            | 60000   |
/// | `c`      | UCB1 exploration constant below the root (values lie in 0..1)        | 0.7     |
/// | `worlds` | determinized worlds sampled per decision; scenarios cycle over them  | 20      |
/// | `rollout`| playout policy: `greedy` or `random`                                 | greedy  |
/// | `depth`  | decisions a playout may take before it is scored as it stands (0: to the end) | 0 |
/// | `scale`  | points of score difference that squash to tanh(1)                    | 20      |
/// | `widen`  | progressive widening below the root: at most ceil(widen·√(visits+1)) children (0: off) | 1 |
/// | `tree`   | most own decisions in the tree per playout (1: root only)            | 1       |
/// | `margin` | standard errors by which the search's pick must beat the policy's choice | 1  |
/// | `keep`   | budget multiplier for ticket choices (setup and later keeps)          | 2       |
/// | `second` | search the second card of a draw too (1), or take the policy's (0) | 1       |
/// | `infer`  | strength of the opponents' ticket inference (0: tickets guessed uniformly) | 4  |
/// | `runner` | when the halving keeps the policy's choice, the runner-up duels it (1) or the budget left goes unspent (0) | 0 |
/// | `cap`    | most playouts a decision runs, ticket choices included (0: no cap) | 8192 |
/// | `loco`   | greedy's `loco` for the bot's own seat: its rollout turns and the choice its duel defends (the other seats keep greedy's 1) | 1 |
/// | `model`  | guesses per opponent of the model that reads hands and tickets off the opponents' decisions ([`super::model`]); the worlds are dealt from them (0: no model, the worlds are guessed from the board alone) | 1024 |
///
/// `iters`, `ms` and `steps` are limits: the search stops at whichever given limit comes
/// first; the default limit (`steps`) applies only when the spec gives none. The bot is
/// deterministic from its seed unless `ms` is given.
///
/// The defaults come from the measurements in `docs/mcts.md` (issue 21), the latest of
/// which (2026-12-02): over 1,000 games each against `greedy` in the other seats, the `mcts`
/// seat's win rate (Wilson 95%) and its on-CPU time per decision (four or five runs sharing
/// 2 cores, so the times are high, except South Korea's and Nordic's, timed again with one
/// run alone after South Korea's draft stopped being read; `model=0` is the default of
/// before):
///
/// | table | seed | win rate | `model=0` | median | longest |
/// |---|---|---|---|---|---|
/// | 2-player USA | 31 | 89.1% [87.0, 90.9] | 81.0% | 8.7 ms (100 games, idle) | 26.8 ms |
/// | 3-player Nordic | 51 | 72.7% [69.9, 75.4] | 72.1% | 14.9 ms | 75.8 ms |
/// | 4-player USA | 41 | 64.5% [61.5, 67.4] | 57.1% | 13.9 ms | 64.3 ms |
/// | 4-player Legendary Asia | 61 | 66.2% [63.2, 69.1] | 61.8% | 16.5 ms | 68.9 ms |
/// | 4-player South Korea | 71 | 77.8% [75.1, 80.3] | 74.2% | 20.4 ms | 75.9 ms |
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
    /// The face-up locomotive rule of the bot's own policy (the greedy rollout policy's turns
    /// for its seat, and the choice its duel defends): see
    /// [`GreedyBot::with_loco_colors`](crate::GreedyBot::with_loco_colors). The other seats'
    /// rollouts keep greedy's own rule.
    pub loco: u8,
    /// Guesses per opponent of the opponent model ([`super::model`]), which watches every
    /// decision of the other seats and deals the worlds (0: no model).
    pub model: u32,
}

/// Every number is finite (parsing refuses anything else), so equality is total.
impl Eq for MctsParams {}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            iters: None,
            ms: None,
            steps: Some(60_000),
            c: 0.7,
            worlds: 20,
            rollout: Rollout::Greedy,
            depth: 0,
            scale: 20.0,
            widen: 1.0,
            tree: 1,
            margin: 1.0,
            keep: 2,
            second: true,
            infer: 4.0,
            runner: false,
            cap: 8192,
            loco: crate::greedy::LOCO_COLORS,
            model: 1024,
        }
    }
}

/// The keys `mcts` accepts.
pub const KEYS: &[&str] = &[
    "iters", "ms", "steps", "c", "worlds", "rollout", "depth", "scale", "widen", "tree", "margin", "keep", "second",
    "infer", "runner", "cap", "loco", "model",
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
        default: "60000",
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
    ParamInfo { key: "keep", default: "2", range: "1..", meaning: "budget multiplier for ticket choices" },
    ParamInfo { key: "second", default: "1", range: "0|1", meaning: "search the second card of a draw too" },
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
    ParamInfo {
        key: "loco",
        default: "1",
        range: "0..8",
        meaning: "greedy's loco for the bot's own seat: its rollout turns and the choice its duel defends",
    },
    ParamInfo {
        key: "model",
        default: "1024",
        range: "0..",
        meaning: "guesses per opponent of the model that reads hands and tickets off their decisions (0: none)",
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
                "model" => p.model = value.parse().map_err(|_| bad(key, value, "a whole number"))?,
                "infer" => p.infer = non_negative(key, value)?,
                "cap" => p.cap = value.parse().map_err(|_| bad(key, value, "a whole number"))?,
                "loco" => {
                    p.loco = parse_loco_colors(value).ok_or_else(|| bad(key, value, "a whole number from 0 to 8"))?;
                }
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
    fn loco_reads_0_to_8() {
        assert_eq!(MctsParams::default().loco, 1);
        assert_eq!(parse(&[("loco", "0")]).loco, 0);
        assert_eq!(parse(&[("loco", "8")]).loco, 8);
        for bad in ["9", "-1", "1.5"] {
            assert!(MctsParams::parse(&[("loco", bad)]).unwrap_err().contains("from 0 to 8"));
        }
    }

    #[test]
    fn model_reads_a_count_of_guesses() {
        assert_eq!(MctsParams::default().model, 1024);
        assert_eq!(parse(&[("model", "512")]).model, 512);
        assert!(MctsParams::parse(&[("model", "-1")]).unwrap_err().contains("whole number"));
    }

    #[test]
    fn flags_read_0_and_1_only() {
        assert!(parse(&[("runner", "1")]).runner);
        assert!(!parse(&[("runner", "0")]).runner);
        assert!(parse(&[("second", "1")]).second);
        assert!(!parse(&[("second", "0")]).second);
        assert!(MctsParams::parse(&[("runner", "2")]).unwrap_err().contains("0 or 1"));
    }
}
