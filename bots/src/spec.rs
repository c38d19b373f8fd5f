//! Bot specs: a name with optional `:key=value` parameters, e.g. `mcts:iters=2000:c=0.7`.

use std::fmt;

use ttr::Bot;

use crate::greedy::{parse_loco_colors, GreedyBot, LOCO_COLORS};
use crate::handicap::{parse_eps, Handicapped};
use crate::mcts::{MctsBot, MctsParams};
use crate::personas::{HungryBot, OneStepBot, RouteFocusBot, Style};
use crate::random::RandomBot;

/// One bot of the catalogue: its spec name, how it plays, and its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotInfo {
    /// The name in a spec, e.g. `mcts`.
    pub name: &'static str,
    /// One line on how it plays.
    pub plays: &'static str,
    /// Its `key=value` parameters (empty: it takes none).
    pub params: &'static [ParamInfo],
}

/// One parameter of a bot spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamInfo {
    /// The key, e.g. `iters`.
    pub key: &'static str,
    /// The value used when the key is not given.
    pub default: &'static str,
    /// The values accepted.
    pub range: &'static str,
    /// What it does.
    pub meaning: &'static str,
}

/// Every bot this build knows, in the order `ttr bots` lists them.
pub const CATALOG: &[BotInfo] = &[
    BotInfo { name: "random", plays: "uniform over every legal action, ticket choices and payments included", params: &[] },
    BotInfo {
        name: "greedy",
        plays: "keeps the tickets it can join, claims the longest planned route it can pay for, else draws what the plan lacks",
        params: &[
            ParamInfo {
                key: "eps",
                default: "0",
                range: "0..1 (real)",
                meaning: "handicap: each decision is a uniformly random legal action with this probability",
            },
            ParamInfo {
                key: "loco",
                default: "1",
                range: "0..8",
                meaning: "takes a face-up locomotive that ends its draw only when the cards it misses are of this many colours or fewer (0: only for gray routes)",
            },
        ],
    },
    BotInfo {
        name: "hungry",
        plays: "Destination Hungry (FDG 2017): keeps the ticket combination with the best points per card and draws tickets while it can",
        params: &[],
    },
    BotInfo {
        name: "route-focus",
        plays: "Route Focus (FDG 2017): keeps its setup tickets, claims the best route on their shortest paths, draws blind",
        params: &[],
    },
    BotInfo {
        name: "one-step",
        plays: "One Step Thinking (FDG 2017): claims the next route toward its most valuable ticket, draws the colour it needs",
        params: &[],
    },
    BotInfo {
        name: "long-route",
        plays: "Long Route (FDG 2017): One Step Thinking that never draws tickets and prefers routes of 3 or more",
        params: &[],
    },
    BotInfo {
        name: "mcts",
        plays: "fair search: samples worlds from what its seat may see, halves candidates by playouts, duels the greedy choice",
        params: crate::mcts::PARAMS,
    },
];

/// The bot names this build knows.
pub const KNOWN_BOTS: &[&str] = &["random", "greedy", "hungry", "route-focus", "one-step", "long-route", "mcts"];

/// A parsed, validated bot spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSpec {
    text: String,
    kind: BotKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum BotKind {
    Mcts(MctsParams),
    Random,
    Greedy {
        /// The handicap in parts per million.
        eps: u32,
        /// See [`GreedyBot::with_loco_colors`].
        loco: u8,
    },
    Hungry,
    RouteFocus,
    OneStep,
    LongRoute,
}

/// Why a spec was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

impl BotSpec {
    /// Parses one spec such as `random` or `mcts:iters=500`.
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        let text = text.trim();
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or_default();
        let params: Vec<(&str, &str)> = parts
            .map(|p| {
                p.split_once('=')
                    .ok_or_else(|| SpecError(format!("bot spec {text:?}: parameter {p:?} is not key=value")))
            })
            .collect::<Result<_, _>>()?;
        let kind = match name {
            "random" => BotKind::Random,
            "greedy" => {
                let (mut eps, mut loco) = (0, LOCO_COLORS);
                for &(key, value) in &params {
                    match key {
                        "eps" => eps = parse_eps(value).map_err(|e| SpecError(format!("bot spec {text:?}: {e}")))?,
                        "loco" => {
                            loco = parse_loco_colors(value).ok_or_else(|| {
                                SpecError(format!(
                                    "bot spec {text:?}: loco must be a whole number from 0 to 8, not {value:?}"
                                ))
                            })?;
                        }
                        _ => return Err(SpecError(format!("bot spec {text:?}: greedy takes no parameter {key:?}"))),
                    }
                }
                return Ok(BotSpec { text: text.to_string(), kind: BotKind::Greedy { eps, loco } });
            }
            "hungry" => BotKind::Hungry,
            "route-focus" => BotKind::RouteFocus,
            "one-step" => BotKind::OneStep,
            "long-route" => BotKind::LongRoute,
            "mcts" => {
                let params = MctsParams::parse(&params).map_err(|e| SpecError(format!("bot spec {text:?}: {e}")))?;
                return Ok(BotSpec { text: text.to_string(), kind: BotKind::Mcts(params) });
            }
            _ => {
                return Err(SpecError(format!(
                "unknown bot {name:?} in spec {text:?}; known bots: {} (`ttr bots` lists them with their parameters)",
                KNOWN_BOTS.join(", ")
            )))
            }
        };
        if let Some((key, _)) = params.first() {
            return Err(SpecError(format!("bot spec {text:?}: {name} takes no parameter {key:?}")));
        }
        Ok(BotSpec { text: text.to_string(), kind })
    }

    /// Parses a comma-separated list, one spec per seat, or one spec for every seat.
    pub fn parse_lineup(list: &str, players: usize) -> Result<Vec<BotSpec>, SpecError> {
        let specs: Vec<BotSpec> = list.split(',').map(BotSpec::parse).collect::<Result<_, _>>()?;
        match specs.len() {
            1 => Ok(vec![specs[0].clone(); players]),
            n if n == players => Ok(specs),
            n => Err(SpecError(format!(
                "--bots lists {n} bots for {players} players; give one per seat or a single one for all"
            ))),
        }
    }

    /// The spec as written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The search parameters, when the spec names `mcts`.
    #[must_use]
    pub fn mcts_params(&self) -> Option<MctsParams> {
        match self.kind {
            BotKind::Mcts(params) => Some(params),
            _ => None,
        }
    }

    /// A fresh bot for one game, drawing from `seed`.
    #[must_use]
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self.kind {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy { eps: 0, loco } => Box::new(GreedyBot::new().with_loco_colors(loco)),
            BotKind::Greedy { eps, loco } => {
                Box::new(Handicapped::new(Box::new(GreedyBot::new().with_loco_colors(loco)), eps, seed))
            }
            BotKind::Hungry => Box::new(HungryBot::new(seed)),
            BotKind::RouteFocus => Box::new(RouteFocusBot::new(seed)),
            BotKind::OneStep => Box::new(OneStepBot::new(Style::OneStep, seed)),
            BotKind::LongRoute => Box::new(OneStepBot::new(Style::LongRoute, seed)),
            BotKind::Mcts(params) => Box::new(MctsBot::new(params, seed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lineups_and_refuses_bad_specs() {
        assert_eq!(BotSpec::parse_lineup("random", 3).unwrap().len(), 3);
        assert_eq!(BotSpec::parse_lineup("random,random", 2).unwrap()[1].as_str(), "random");
        let err = BotSpec::parse("greedyy").unwrap_err();
        assert!(err.0.contains("unknown bot \"greedyy\""), "{err}");
        assert!(BotSpec::parse("random:x").unwrap_err().0.contains("key=value"));
        assert!(BotSpec::parse("random:x=1").unwrap_err().0.contains("no parameter"));
        assert!(BotSpec::parse("greedy:eps=0.2").is_ok());
        assert!(BotSpec::parse("greedy:eps=1.5").unwrap_err().0.contains("from 0 to 1"));
        assert!(BotSpec::parse("greedy:eps=x").unwrap_err().0.contains("not a number"));
        assert!(BotSpec::parse("greedy:depth=1").unwrap_err().0.contains("no parameter \"depth\""));
        assert!(BotSpec::parse("mcts:iters=50:c=0.5:worlds=4:rollout=greedy:ms=100").is_ok());
        let params = BotSpec::parse("mcts:iters=50:c=0.5").unwrap().mcts_params().expect("an mcts spec");
        assert_eq!((params.iters, params.c, params.worlds), (Some(50), 0.5, MctsParams::default().worlds));
        assert_eq!(BotSpec::parse("greedy").unwrap().mcts_params(), None);
        assert!(BotSpec::parse("mcts:itres=50").unwrap_err().0.contains("no parameter \"itres\""));
        assert!(BotSpec::parse("mcts:iters=0").unwrap_err().0.contains("above 0"));
        assert!(BotSpec::parse("mcts:rollout=smart").unwrap_err().0.contains("greedy or random"));
        assert!(BotSpec::parse_lineup("random,random", 3).unwrap_err().0.contains("2 bots for 3 players"));
    }

    #[test]
    fn the_catalog_lists_every_known_bot_and_every_mcts_key() {
        let names: Vec<&str> = CATALOG.iter().map(|b| b.name).collect();
        assert_eq!(names, KNOWN_BOTS);
        for bot in CATALOG {
            assert!(BotSpec::parse(bot.name).is_ok(), "{}", bot.name);
            for p in bot.params.iter().filter(|p| p.default != "none") {
                assert!(
                    BotSpec::parse(&format!("{}:{}={}", bot.name, p.key, p.default)).is_ok(),
                    "{} {}",
                    bot.name,
                    p.key
                );
            }
        }
        let mcts = CATALOG.iter().find(|b| b.name == "mcts").unwrap();
        let keys: Vec<&str> = mcts.params.iter().map(|p| p.key).collect();
        assert_eq!(keys, crate::mcts::params::KEYS);
    }
}
