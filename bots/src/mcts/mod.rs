//! `mcts`: information-set Monte Carlo tree search that never sees hidden information.
//!
//! For each decision the bot samples `worlds` full game states consistent with its
//! [`Observation`] ([`ttr::determinize`]: opponents' hands keep their publicly known cards,
//! opponents' tickets and both decks are guessed from what the seat cannot see). Playouts
//! cycle over these worlds; before each one the world's generator of later chance (card
//! draws, tunnel reveals) is reseeded, so chance is sampled afresh every playout.
//!
//! The tree is single-observer and open-loop: its nodes are the bot's own decisions, keyed
//! by the sequence of its own actions. Opponents' moves and chance happen in the sampled
//! world between the bot's decisions; the opponents move by the rollout policy (the greedy
//! bot's, on the hands and tickets the world gave them). Because hands differ between worlds
//! and after different draws, the actions of a node differ from playout to playout: a child
//! counts how often it was available and UCB1 uses that count (ISMCTS):
//! `mean + c·sqrt(ln(available)/visits)`. A node is expanded one child at a time, the
//! rollout policy's choice first, then the candidates in [`moves`] order (claims by points,
//! card draws, tickets); with `widen` set a node gets at most `ceil(widen·√(visits+1))`
//! children. After the expansion the playout continues with the rollout policy for every
//! seat, to the end of the game or for `depth` decisions, and its value is the squashed
//! score difference `0.5 + 0.5·tanh((own − best opponent)/scale)`, scored as the game stands.
//! The move played is the root child visited most.
//!
//! The action set is pruned as [`moves`] describes (one payment per claim, one face-up slot
//! per card kind, a few ticket keeps). Memory: the node arena and the playout path are kept
//! from decision to decision and only grow; a playout clones a fixed-size world, fresh
//! fixed-size greedy bots and fixed-size candidate lists, and allocates nothing. The bot is
//! deterministic from its seed when the budget is `iters` (no `ms`).

pub mod moves;
pub mod params;

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::{sample_world, Action, Bot, GameState, Observation, Seat, MAX_SEATS};

use crate::common::random_action;
use crate::greedy::GreedyBot;
use crate::plan::Planner;
pub use moves::{Candidates, MAX_CANDIDATES};
pub use params::{MctsParams, Rollout};

/// No node.
const NONE: u32 = u32::MAX;

/// One of the bot's own decisions, reached by `action` from its parent.
#[derive(Clone, Copy, Debug)]
struct Node {
    action: Action,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Playouts in which this node's action was available at its parent.
    avail: u32,
    /// Sum of the values of the playouts through this node.
    total: f64,
}

impl Node {
    fn new(action: Action) -> Node {
        Node { action, first_child: NONE, next_sibling: NONE, visits: 0, avail: 0, total: 0.0 }
    }
}

/// Counters over the bot's life, for speed reports.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Decisions searched (not counting those with a single candidate).
    pub searches: u64,
    /// Decisions answered without search (one candidate).
    pub forced: u64,
    /// Playouts run.
    pub playouts: u64,
    /// Time spent searching.
    pub time: Duration,
}

/// The MCTS bot.
pub struct MctsBot {
    params: MctsParams,
    rng: Pcg64Mcg,
    nodes: Vec<Node>,
    path: Vec<u32>,
    stats: SearchStats,
    /// The planner that prunes claims to the ticket plan (made at the first decision).
    planner: Option<Planner>,
}

impl MctsBot {
    /// A bot searching with `params`, drawing its random numbers from `seed`.
    #[must_use]
    pub fn new(params: MctsParams, seed: u64) -> MctsBot {
        MctsBot {
            params,
            rng: Pcg64Mcg::seed_from_u64(seed),
            nodes: Vec::with_capacity(1024),
            path: Vec::with_capacity(64),
            stats: SearchStats::default(),
            planner: None,
        }
    }

    /// The parameters.
    #[must_use]
    pub fn params(&self) -> &MctsParams {
        &self.params
    }

    /// Search counters so far.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The root children of the last search: action, visits and mean value, most visited
    /// first (allocates; for tests and diagnostics).
    #[must_use]
    pub fn last_root(&self) -> Vec<(Action, u32, f64)> {
        let mut out = Vec::new();
        let mut child = self.nodes.first().map_or(NONE, |n| n.first_child);
        while child != NONE {
            let n = &self.nodes[child as usize];
            out.push((n.action, n.visits, n.total / f64::from(n.visits.max(1))));
            child = n.next_sibling;
        }
        out.sort_by(|a, b| b.1.cmp(&a.1));
        out
    }

    /// The rollout policy's action for the seat to move in `world`.
    fn policy(kind: Rollout, bot: &mut GreedyBot, world: &GameState<'_>, rng: &mut Pcg64Mcg) -> Action {
        let obs = Observation::new(world, world.to_move());
        match kind {
            Rollout::Greedy => bot.choose(&obs),
            Rollout::Random => random_action(&obs, rng),
        }
    }

    /// Picks (or expands) the child of `node` for the bot's decision in `world`; returns the
    /// action, the child and whether it was just created.
    fn select(&mut self, world: &GameState<'_>, node: u32, bot: &mut GreedyBot) -> (Action, u32, bool) {
        let obs = Observation::new(world, world.to_move());
        let mut cands = Candidates::default();
        let planner = self.planner.get_or_insert_with(|| Planner::new(world.map()));
        moves::candidates(&obs, planner, &mut cands);
        cands.put_first(Self::policy(self.params.rollout, bot, world, &mut self.rng));
        let cands = cands.as_slice();
        let mut found = [false; MAX_CANDIDATES];
        let mut children = 0u32;
        let mut best: Option<(f64, u32)> = None;
        let c = self.params.c;
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            children += 1;
            let n = &mut self.nodes[child as usize];
            if let Some(i) = cands.iter().position(|&a| a == n.action) {
                found[i] = true;
                n.avail += 1;
                let visits = f64::from(n.visits.max(1));
                let ucb = n.total / visits + c * (f64::from(n.avail).ln() / visits).sqrt();
                if best.is_none_or(|(b, _)| ucb > b) {
                    best = Some((ucb, child));
                }
            }
            child = n.next_sibling;
        }
        let unexpanded = cands.iter().enumerate().find(|&(i, _)| !found[i]).map(|(_, &a)| a);
        let room = self.params.widen <= 0.0 || {
            let visits = f64::from(self.nodes[node as usize].visits) + 1.0;
            f64::from(children) < (self.params.widen * visits.sqrt()).ceil()
        };
        if let Some(action) = unexpanded {
            if room || best.is_none() {
                let id = self.nodes.len() as u32;
                let mut fresh = Node::new(action);
                fresh.avail = 1;
                fresh.next_sibling = self.nodes[node as usize].first_child;
                self.nodes.push(fresh);
                self.nodes[node as usize].first_child = id;
                return (action, id, true);
            }
        }
        let (_, child) = best.expect("a decision always has a candidate");
        (self.nodes[child as usize].action, child, false)
    }

    /// One playout in `world` from the root; returns its value for `me`.
    fn playout(&mut self, world: &mut GameState<'_>, me: Seat, bots: &mut [GreedyBot; MAX_SEATS]) -> f64 {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let mut in_tree = true;
        let mut steps = 0u32;
        while !world.is_over() {
            if self.params.depth > 0 && steps >= self.params.depth {
                break;
            }
            steps += 1;
            let s = world.to_move();
            let action = if s == me && in_tree && self.path.len() as u32 <= self.params.tree {
                let (action, child, expanded) = self.select(world, node, &mut bots[s.index()]);
                node = child;
                self.path.push(child);
                in_tree = !expanded;
                action
            } else {
                Self::policy(self.params.rollout, &mut bots[s.index()], world, &mut self.rng)
            };
            if let Err(e) = world.apply(action) {
                panic!("mcts playout: {e}");
            }
        }
        let result = world.result();
        let seats = result.seats();
        let own = seats[me.index()].score;
        let other =
            seats.iter().enumerate().filter(|&(s, _)| s != me.index()).map(|(_, r)| r.score).max().unwrap_or(own);
        0.5 + 0.5 * (f64::from(own - other) / self.params.scale).tanh()
    }

    /// Searches the decision of `obs`; `root` holds its candidates, the rollout policy's first.
    fn search(&mut self, obs: &Observation<'_, '_>, root: &Candidates) -> Action {
        let start = Instant::now();
        let me = obs.seat();
        let worlds: Vec<GameState<'_>> = (0..self.params.worlds).map(|_| sample_world(obs, &mut self.rng)).collect();
        self.nodes.clear();
        self.nodes.push(Node::new(Action::Pass));
        let deadline = self.params.ms.map(|ms| start + Duration::from_millis(ms));
        let mut i = 0u32;
        loop {
            if self.params.iters.is_some_and(|n| i >= n) || deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let mut world = worlds[i as usize % worlds.len()].clone();
            world.reseed(self.rng.random());
            let mut bots: [GreedyBot; MAX_SEATS] = Default::default();
            let value = self.playout(&mut world, me, &mut bots);
            for &n in &self.path {
                let node = &mut self.nodes[n as usize];
                node.visits += 1;
                node.total += value;
            }
            i += 1;
        }
        self.stats.searches += 1;
        self.stats.playouts += u64::from(i);
        self.stats.time += start.elapsed();
        // The root child visited most (ties: the better mean), among the real candidates;
        // the rollout policy's choice unless that one's mean beats it by the margin.
        let policy = root.as_slice()[0];
        let mut best: Option<((u32, f64), Action)> = None;
        let mut policy_mean = None;
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let n = &self.nodes[child as usize];
            let key = (n.visits, n.total / f64::from(n.visits.max(1)));
            if n.action == policy {
                policy_mean = Some(key.1);
            }
            if root.as_slice().contains(&n.action) && best.is_none_or(|(k, _)| key > k) {
                best = Some((key, n.action));
            }
            child = n.next_sibling;
        }
        match (best, policy_mean) {
            (Some(((_, mean), action)), Some(p)) if mean > p + self.params.margin => action,
            (Some((_, action)), None) => action,
            _ => policy,
        }
    }
}

impl Bot for MctsBot {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
        let mut root = Candidates::default();
        let planner = self.planner.get_or_insert_with(|| Planner::new(obs.map()));
        moves::candidates(obs, planner, &mut root);
        let mut policy = GreedyBot::new();
        let first = match self.params.rollout {
            Rollout::Greedy => policy.choose(obs),
            Rollout::Random => random_action(obs, &mut self.rng),
        };
        root.put_first(first);
        if root.len() == 1 {
            self.stats.forced += 1;
            return root.as_slice()[0];
        }
        self.search(obs, &root)
    }
}
