//! `mcts`: Monte Carlo search over determinized worlds that never sees hidden information.
//!
//! For each decision the bot samples `worlds` full game states consistent with its
//! [`Observation`] ([`ttr::sample_world_weighted`]): opponents' hands keep their publicly known cards,
//! the unseen cards are dealt at random, and each opponent's tickets are drawn with the odds
//! [`belief`] reads off the routes it has claimed. A *scenario* is one world with one seed
//! for all later chance (card draws, tunnel reveals); a playout plays a root candidate in a
//! scenario and then every seat by the rollout policy (the greedy bot's, on the hands and
//! tickets the world gave them) to the end of the game, or for `depth` decisions, and is
//! worth the squashed score difference `0.5 + 0.5·tanh((own − best opponent)/scale)`.
//!
//! With `model=N` (1024 by default) the bot also watches every decision of the other seats
//! ([`Bot::observe`]) and reads their hands and tickets off them ([`model`], `N` guesses per
//! opponent; a bot that is never shown a decision, and `model=0`, deal the worlds from the
//! board alone, as above): each
//! world's opponents then hold the hidden part of one guess drawn by weight, and their
//! playout bots start a playout remembering what greedy would in that guess (its plan),
//! where without the model they start afresh.
//!
//! The root is a bandit over the candidates [`moves`] keeps (one payment per claim, one
//! face-up slot per card kind, a few ticket keeps), run with common random numbers: every
//! candidate compared is played on the same scenarios, so the luck of the draw cancels out
//! of the comparison. Half the budget goes to sequential halving (each round, every
//! candidate left plays the same fresh scenarios and the worse half is dropped); the
//! winner then duels the rollout policy's own choice on fresh scenarios with the other
//! half, and is played only if its paired mean advantage is more than `margin` standard
//! errors. (Taking the halving's winner directly loses to the policy: the best of many
//! noisy means is biased upwards, and the search drifted into drawing cards instead of
//! claiming.) When the policy's choice wins the halving, the other half goes to a duel of
//! the halving's runner-up against it if `runner=1`, and is not spent otherwise. The
//! second card of a draw is searched too (with `second=0` it is the policy's); ticket
//! keeps get `keep` times the budget. A small budget races only its first candidates (a
//! quarter of the budget's playouts at most): the halving's rounds play every candidate
//! left at least once.
//!
//! The budget is a count of playouts (`iters`), a time (`ms`), or a count of simulated
//! decisions (`steps`): the first scenario of the first round then measures the mean
//! playout length, and the budget is `steps` divided by it, set again from all the lengths
//! measured at each round of the halving and each pair of the duel, so a decision costs
//! about the same time early in the game (long playouts) as near its end (many short ones),
//! and the bot stays deterministic. Whatever the limits, a decision runs at most `cap`
//! playouts: near the end of a game a ticket keep's steps would otherwise buy tens of
//! thousands of them, and there a step may cost twice what it costs elsewhere (greedy
//! playout seats claiming ferries with large hands weigh many payments).
//!
//! Below the root, with `tree` above 1, the bot's own later decisions form an open-loop
//! information-set tree keyed by its own actions: since hands differ between worlds, a
//! child counts how often it was available and UCB1 uses that count (ISMCTS),
//! `mean + c·sqrt(ln(available)/visits)`, with progressive widening (`widen`: at most
//! `ceil(widen·√(visits+1))` children), the rollout policy's choice expanded first.
//!
//! Memory: the node arena, the playout path and the playouts' greedy bots are kept from
//! decision to decision; a playout clones a fixed-size world, restarts the bots and fills
//! fixed-size candidate lists, and allocates nothing. The bot is deterministic from its
//! seed unless `ms` is given.
//!
//! For research, [`MctsBot::choose_with`] searches over worlds a caller supplies (the
//! lab's `oracle_gap` example gives it the true tickets or state to measure what hidden
//! information is worth); a bot fed the true state is not fair.

pub mod belief;
pub mod model;
pub mod moves;
pub mod params;

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use ttr::{sample_world_weighted, Action, Bot, GameState, Observation, Phase, PublicAction, Seat, MAX_SEATS};

use crate::common::random_action;
use crate::greedy::{GreedyBot, GreedyMemory, LOCO_COLORS};
use crate::plan::Planner;
use belief::TicketBelief;
use model::OpponentModel;
pub use moves::{Candidates, MAX_CANDIDATES};
pub use params::{MctsParams, Rollout, PARAMS};

/// Where a search's worlds come from, when not from the bot's own sampler.
type WorldSource<'a, 'm> = &'a mut dyn FnMut(&mut Pcg64Mcg) -> GameState<'m>;

/// A determinized world, with what each seat's playout bot starts a playout remembering.
type World<'m> = (GameState<'m>, [GreedyMemory; MAX_SEATS]);

/// No node.
const NONE: u32 = u32::MAX;

/// Playouts per second assumed for a time budget before any were measured.
const INITIAL_RATE: f64 = 2000.0;

/// Ticket-set plans each playout bot remembers ([`Planner::with_memo`]). Late in a game
/// a greedy bot weighs many ticket sets a turn (which to give up), and the playouts of a
/// decision weigh the same ones again. A late 3-player Nordic decision of 5,000 playouts
/// ran 0.96 G instructions with 128 plans, 0.84 G with 256 and 0.73 G with 512, against
/// 2.05 G with the 32 a planner kept before; larger tables save instructions but not time
/// (they outgrow the cache: 4,096 plans took 97 ms on the clock where 1,024 took 83).
const PLAYOUT_PLANS: usize = 512;

const PLAYOUT_BOTS: &str = "the playout bots are made at the first decision";

/// Mixed into the bot's seed for the opponent model's generator.
const MODEL_SEED: u64 = 0x6d6f_6465_6c00;

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
    /// Decisions answered without search (one candidate, or a second card not searched).
    pub forced: u64,
    /// Playouts run.
    pub playouts: u64,
    /// Decisions simulated by the playouts.
    pub steps: u64,
    /// Time spent searching.
    pub time: Duration,
    /// The longest single search.
    pub longest: Duration,
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
    /// The playouts' bots, one a seat, restarted for each playout ([`GreedyBot::restart`])
    /// with the plans they remember ([`PLAYOUT_PLANS`]): a bot's plans of a playout are
    /// often ones the seat's bot made in an earlier one. Made at the first decision.
    playout_bots: Option<Box<[GreedyBot; MAX_SEATS]>>,
    /// Which tickets the opponents probably hold.
    belief: TicketBelief,
    /// Decisions simulated by the playouts of the current search.
    steps: u64,
    /// The opponents' hands and tickets read off their decisions (with `model` above 0; made
    /// at the first decision watched).
    model: Option<OpponentModel>,
    /// The model's random numbers, apart from the search's.
    model_rng: Pcg64Mcg,
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
            playout_bots: None,
            belief: TicketBelief::default(),
            steps: 0,
            model: None,
            model_rng: Pcg64Mcg::seed_from_u64(ttr::mix(seed ^ MODEL_SEED)),
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
            out.push((n.action, n.visits, self.mean(child)));
            child = n.next_sibling;
        }
        out.sort_by_key(|&(_, visits, _)| std::cmp::Reverse(visits));
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
    /// The rollout policy is asked with the playout bot of the seat to move.
    fn select(&mut self, world: &GameState<'_>, node: u32) -> (Action, u32, bool) {
        let obs = Observation::new(world, world.to_move());
        let mut cands = Candidates::new(Action::Pass);
        let planner = self.planner.get_or_insert_with(|| Planner::new(world.map()));
        moves::candidates(&obs, planner, &mut cands);
        let bot = &mut self.playout_bots.as_deref_mut().expect(PLAYOUT_BOTS)[world.to_move().index()];
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

    /// One playout in `world` that starts with the root child `first`; returns its value
    /// for `me` and leaves the nodes it went through in `self.path`.
    fn playout(
        &mut self,
        world: &mut GameState<'_>,
        memories: &[GreedyMemory; MAX_SEATS],
        me: Seat,
        first: u32,
    ) -> f64 {
        let bots = &mut self.playout_bots.as_deref_mut().expect(PLAYOUT_BOTS)[..world.players()];
        for (bot, &memory) in bots.iter_mut().zip(memories) {
            bot.set_memory(memory);
        }
        self.path.clear();
        self.path.push(first);
        // The candidates and the policy's actions are legal in every world, so they go in
        // unchecked, as `apply` is meant for search (3% of the instructions of a game of
        // `mcts` against `greedy`). Debug builds still check them; in release an illegal
        // one could spoil only this playout's world, a copy: the game itself is checked.
        world.apply(self.nodes[first as usize].action);
        let mut node = first;
        let mut in_tree = true;
        let mut steps = 1u32;
        self.steps += 1;
        while !world.is_over() {
            if self.params.depth > 0 && steps >= self.params.depth {
                break;
            }
            steps += 1;
            self.steps += 1;
            let s = world.to_move();
            let action = if s == me && in_tree && (self.path.len() as u32) < self.params.tree {
                let (action, child, expanded) = self.select(world, node);
                node = child;
                self.path.push(child);
                in_tree = !expanded;
                action
            } else {
                let bot = &mut self.playout_bots.as_deref_mut().expect(PLAYOUT_BOTS)[s.index()];
                Self::policy(self.params.rollout, bot, world, &mut self.rng)
            };
            world.apply(action);
        }
        let scores = world.scores();
        let seats = scores.first(world.players());
        let own = seats[me.index()];
        let other = seats.iter().enumerate().filter(|&(s, _)| s != me.index()).map(|(_, &r)| r).max().unwrap_or(own);
        0.5 + 0.5 * (f64::from(own - other) / self.params.scale).tanh()
    }

    /// Playouts this decision may run: the least of `iters`, as many as fit in `ms` at the
    /// speed measured so far, and `steps` divided by `length` (the mean decisions per
    /// playout so far); each times `keep` for a ticket choice; then at most `cap` (unless
    /// 0). At least 1.
    fn budget(&self, obs: &Observation<'_, '_>, length: f64) -> u32 {
        let scale = self.scale(obs);
        let by_steps = self.params.steps.map(|steps| (f64::from(steps) / length.max(1.0)).max(1.0) as u32);
        let by_time = self.params.ms.map(|ms| {
            let rate = if self.stats.playouts > 0 {
                self.stats.playouts as f64 / self.stats.time.as_secs_f64().max(1e-6)
            } else {
                INITIAL_RATE
            };
            (rate * ms as f64 / 1000.0).max(1.0) as u32
        });
        let budget =
            [self.params.iters, by_time, by_steps].into_iter().flatten().min().unwrap_or(1).saturating_mul(scale);
        match self.params.cap {
            0 => budget,
            cap => budget.min(cap),
        }
    }

    /// Mean value of the playouts through `node`.
    fn mean(&self, node: u32) -> f64 {
        let n = &self.nodes[node as usize];
        n.total / f64::from(n.visits.max(1))
    }

    /// The budget multiplier of this decision: `keep` for a ticket choice, else 1.
    fn scale(&self, obs: &Observation<'_, '_>) -> u32 {
        if matches!(obs.phase(), Phase::SetupKeep | Phase::KeepTickets) {
            self.params.keep
        } else {
            1
        }
    }

    /// [`Bot::choose`], except that a searched decision takes its `worlds` determinized
    /// worlds from `source` (called that many times with the bot's generator, in order)
    /// instead of sampling them from `obs` with the bot's ticket belief. With the bot's own
    /// sampler it chooses exactly what [`Bot::choose`] chooses.
    ///
    /// For research and diagnostics only (how much each part of the hidden information is
    /// worth): a caller that builds the worlds from the true game state makes a bot that
    /// sees hidden information, which is not a fair player.
    pub fn choose_with<'m>(
        &mut self,
        obs: &Observation<'_, 'm>,
        mut source: impl FnMut(&mut Pcg64Mcg) -> GameState<'m>,
    ) -> Action {
        self.decide(obs, Some(&mut source))
    }

    /// The decision of `obs`, searched over worlds from `source` (or the bot's own sampler).
    fn decide<'m>(&mut self, obs: &Observation<'_, 'm>, source: Option<WorldSource<'_, 'm>>) -> Action {
        let mut root = Candidates::new(Action::Pass);
        let (map, players) = (obs.map(), obs.players());
        self.playout_bots.get_or_insert_with(|| {
            let made = |s: usize| {
                GreedyBot::with_planner(Planner::with_memo(map, if s < players { PLAYOUT_PLANS } else { 0 }))
            };
            Box::new(std::array::from_fn(made))
        });
        for (s, bot) in self.playout_bots.as_deref_mut().expect(PLAYOUT_BOTS).iter_mut().enumerate() {
            bot.set_loco_colors(if s == obs.seat().index() { self.params.loco } else { LOCO_COLORS });
        }
        let planner = self.planner.get_or_insert_with(|| Planner::new(obs.map()));
        moves::candidates(obs, planner, &mut root);
        let mut policy = GreedyBot::new().with_loco_colors(self.params.loco);
        let first = match self.params.rollout {
            Rollout::Greedy => policy.choose(obs),
            Rollout::Random => random_action(obs, &mut self.rng),
        };
        root.put_first(first);
        if root.len() == 1 || (obs.phase() == Phase::SecondCard && !self.params.second) {
            self.stats.forced += 1;
            return root.as_slice()[0];
        }
        self.search(obs, &root, source)
    }

    /// Searches the decision of `obs`; `root` holds its candidates, the rollout policy's
    /// first; the worlds come from `source`, or are sampled with the ticket belief.
    fn search<'m>(
        &mut self,
        obs: &Observation<'_, 'm>,
        root: &Candidates,
        source: Option<WorldSource<'_, 'm>>,
    ) -> Action {
        let start = Instant::now();
        let deadline = self.params.ms.map(|ms| start + Duration::from_millis(ms * u64::from(self.scale(obs))));
        let me = obs.seat();
        let rng = &mut self.rng;
        let fresh = [GreedyMemory::default(); MAX_SEATS];
        let worlds: Vec<World<'m>> = if let Some(source) = source {
            (0..self.params.worlds).map(|_| (source(rng), fresh)).collect()
        } else {
            self.belief.update(obs, self.params.infer);
            let belief = &self.belief;
            match self.model.as_ref().filter(|m| m.is_active()) {
                Some(model) => {
                    (0..self.params.worlds).map(|_| model.sample(obs, rng, |s, t| belief.weight(s, t))).collect()
                }
                None => (0..self.params.worlds)
                    .map(|_| (sample_world_weighted(obs, rng, |s, t| belief.weight(s, t)), fresh))
                    .collect(),
            }
        };
        self.nodes.clear();
        self.nodes.push(Node::new(Action::Pass));
        let mut alive = [0u32; MAX_CANDIDATES];
        for (i, &action) in root.as_slice().iter().enumerate() {
            alive[i] = self.nodes.len() as u32;
            let mut child = Node::new(action);
            child.next_sibling = self.nodes[0].first_child;
            self.nodes[0].first_child = alive[i];
            self.nodes.push(child);
        }
        let policy = alive[0];
        let mut alive_len = root.len();
        let out_of_time = || deadline.is_some_and(|d| Instant::now() >= d);
        let mut scenario = 0usize;
        let mut playouts = 0u64;
        self.steps = 0;
        // With a `steps` limit, the first scenario of the first round measures how long a
        // playout is before the budget is set.
        let mut done = 0;
        if self.params.steps.is_some() {
            let seed: u64 = self.rng.random();
            for &child in &alive[..alive_len] {
                self.evaluate(&worlds[0], seed, me, child);
            }
            playouts += alive_len as u64;
            scenario += 1;
            done = 1;
        }
        // The mean playout length so far: the budget is re-estimated with it as playouts
        // add up, so a `steps` limit holds even when the first scenario was short.
        let length = |bot: &Self, playouts: u64| bot.steps as f64 / playouts.max(1) as f64;
        let mut budget = self.budget(obs, length(self, playouts)) as usize;
        // At most a quarter of the budget races (at least 2, the first candidates in the
        // order of `moves`), so the halving's rounds, each at least one scenario per
        // candidate, stay within about half the budget.
        alive_len = alive_len.min((budget / 4).max(2));
        // Sequential halving over half the budget: every candidate still in the race plays
        // the same fresh scenarios (world and chance seed), the worse half is dropped.
        let rounds = alive_len.next_power_of_two().trailing_zeros().max(1) as usize;
        'rounds: for _ in 0..rounds {
            budget = self.budget(obs, length(self, playouts)) as usize;
            let fresh = (budget / 2 / (rounds * alive_len)).max(1);
            for _ in std::mem::take(&mut done)..fresh {
                if out_of_time() {
                    break 'rounds;
                }
                let seed: u64 = self.rng.random();
                for &child in &alive[..alive_len] {
                    self.evaluate(&worlds[scenario % worlds.len()], seed, me, child);
                }
                playouts += alive_len as u64;
                scenario += 1;
            }
            alive[..alive_len].sort_by(|&a, &b| self.mean(b).total_cmp(&self.mean(a)).then(a.cmp(&b)));
            alive_len = alive_len.div_ceil(2);
        }
        let mut challenger =
            alive[..alive_len].iter().copied().max_by(|&a, &b| self.mean(a).total_cmp(&self.mean(b))).unwrap_or(policy);
        if challenger == policy && self.params.runner {
            // The last round's runner-up (its sort left it next to the winner).
            let ranked = &alive[..alive_len.max(2).min(root.len())];
            challenger = ranked.iter().copied().find(|&a| a != policy).unwrap_or(policy);
        }
        // The winner against the rollout policy's choice, on fresh scenarios: it is played
        // only if its mean advantage is `margin` standard errors above nothing.
        let mut duel = Duel::default();
        if challenger != policy {
            while playouts < u64::from(self.budget(obs, length(self, playouts))) && !out_of_time() {
                let seed: u64 = self.rng.random();
                let world = &worlds[scenario % worlds.len()];
                let a = self.evaluate(world, seed, me, challenger);
                let b = self.evaluate(world, seed, me, policy);
                duel.add(a - b);
                playouts += 2;
                scenario += 1;
            }
        }
        self.stats.searches += 1;
        self.stats.playouts += playouts;
        self.stats.steps += self.steps;
        let took = start.elapsed();
        self.stats.time += took;
        self.stats.longest = self.stats.longest.max(took);
        if duel.convinced(self.params.margin) {
            self.nodes[challenger as usize].action
        } else {
            self.nodes[policy as usize].action
        }
    }

    /// Plays root child `child` in a copy of `world` with chance seeded by `seed`, adds the
    /// value to the nodes the playout went through and returns it.
    fn evaluate(&mut self, (world, memories): &World<'_>, seed: u64, me: Seat, child: u32) -> f64 {
        let mut world = world.clone();
        world.reseed(seed);
        let value = self.playout(&mut world, memories, me, child);
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.total += value;
        }
        value
    }
}

/// Paired differences of two candidates' values over the same scenarios.
#[derive(Clone, Copy, Debug, Default)]
struct Duel {
    n: u32,
    sum: f64,
    squares: f64,
}

impl Duel {
    fn add(&mut self, difference: f64) {
        self.n += 1;
        self.sum += difference;
        self.squares += difference * difference;
    }

    /// Whether the mean difference is positive by more than `z` standard errors (needs
    /// two scenarios or more).
    fn convinced(&self, z: f64) -> bool {
        if self.n < 2 {
            return false;
        }
        let n = f64::from(self.n);
        let mean = self.sum / n;
        let variance = ((self.squares - n * mean * mean) / (n - 1.0)).max(0.0);
        mean > 0.0 && mean > z * (variance / n).sqrt()
    }
}

impl Bot for MctsBot {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
        self.decide(obs, None)
    }

    fn observes(&self) -> bool {
        self.params.model > 0
    }

    fn observe(&mut self, obs: &Observation<'_, '_>, seat: Seat, action: PublicAction) {
        let size = self.params.model as usize;
        let model = self.model.get_or_insert_with(|| OpponentModel::new(obs.map(), size));
        model.observe(obs, seat, action, &mut self.model_rng);
    }
}
