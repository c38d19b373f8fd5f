//! Which hands and tickets the opponents probably hold, read off the decisions they took
//! by replaying them with the rollout policy: a particle filter per opponent.
//!
//! For each opponent the bot keeps a number of guesses of the seat's hidden part (hand,
//! tickets, pending offer, draft picks), each with what the greedy policy would remember in
//! that seat ([`GreedyMemory`]) and a weight. At every decision the opponent takes
//! ([`ttr::Bot::observe`]) each guess is traded into one world consistent with what the
//! bot sees ([`GameState::trade_hidden`]; the rest of the world is dealt at random once per
//! decision) and greedy is asked what it would do there:
//!
//! - when greedy takes the decision the table saw, the guess keeps its weight;
//! - otherwise [`FRESH_HANDS`] hands dealt afresh around the guess's tickets are tried
//!   (holding the cards the decision lays, if it lays any), the weight is multiplied by the
//!   share of them with which greedy takes the decision (at least [`MISS`]), and the guess
//!   takes on the first such hand. A guess's tickets are so judged by whether some likely
//!   hand explains the decision, not its one guessed hand alone: with a wrong hand, right
//!   tickets would otherwise lose as much as wrong ones.
//!
//! Then the decision is played in that world, and the guess becomes the seat's hidden part
//! after it: a blind card is dealt from the cards the world holds unseen, drawn tickets from
//! its ticket deck, and the tickets kept are greedy's keep when it kept as many as the table
//! saw, else a random keep of that size. A guess that no longer fits what the bot sees (the
//! bot drew the cards it put in the seat's hand, a ticket it gave the seat turned up
//! elsewhere) gets a hand, or tickets, dealt again at random. Once the weights rest on few
//! guesses (their effective number below half of them) the guesses are drawn again by
//! weight (systematic resampling), and a tenth of the copies get one held ticket swapped
//! for another the bot cannot see ([`REJUVENATE`]), so that the guesses can reach tickets
//! that none of them was dealt.
//!
//! A setup draft (South Korea) is not read: the guesses are first dealt at the keep after
//! it ([`OpponentModel::observe`]).
//!
//! The model sees only what the table sees: the public decisions and the bot's own
//! [`Observation`]. It assumes that the opponents play like the rollout policy; against
//! players who do not, the misses spread over all guesses and the weights say less.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use ttr::{
    known_in_hand, sample_world_given, sample_world_weighted, take_random, Action, Bot, CardCounts, GameState, Given,
    HiddenTickets, Map, Observation, Phase, PublicAction, Seat, TicketId, MAX_SEATS,
};

use crate::greedy::{GreedyBot, GreedyMemory};
use crate::plan::Planner;

/// Fresh hands tried for a guess with which greedy would not take a decision.
pub const FRESH_HANDS: u32 = 4;

/// The least factor by which a guess's weight falls at one decision.
pub const MISS: f64 = 0.02;

/// Plans the replaying bot remembers ([`Planner::with_memo`]): enough for the ticket
/// combinations of the keeps watched at setup to recur across guesses (8,192 replayed
/// South Korea's draft keeps a fifth faster than 512; the games are the same).
const REPLAY_PLANS: usize = 8192;

/// The chance that a copy of a guess made at resampling has one of its held tickets swapped
/// for another that the bot cannot see (see the module documentation).
pub const REJUVENATE: f64 = 0.1;

/// Draws of one guess per seat for a world before the hands are left to chance.
const TRIES: usize = 8;

/// At the keep after a setup draft, where the seats' guesses are first dealt, one in this
/// many is dealt and replayed, and copied to make up the number (see
/// [`OpponentModel::observe`]).
pub const DRAFT_COPIES: usize = 2;

/// One guess of an opponent's hidden part.
#[derive(Clone, Copy, Debug)]
struct Particle {
    hand: CardCounts,
    tickets: HiddenTickets,
    memory: GreedyMemory,
    /// Natural log of the weight, up to a constant shared by the seat's guesses.
    log_weight: f64,
}

/// The guesses of every opponent of one seat.
pub struct OpponentModel {
    /// Guesses kept per opponent.
    size: usize,
    /// Per seat; empty until the seat's first decision is watched.
    seats: [Vec<Particle>; MAX_SEATS],
    /// Per seat: its guesses' weights summed up to each guess, in order (made when the
    /// weights change, read for every world a search draws).
    running: [Vec<f64>; MAX_SEATS],
    /// Replays the opponents' decisions (its plans are a cache: any guess may use them).
    replay: GreedyBot,
    /// Scratch for resampling.
    spare: Vec<Particle>,
    stats: ModelStats,
}

/// Counters of the model's life, for diagnostics.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ModelStats {
    /// Opponent decisions watched.
    pub decisions: u64,
    /// Decisions replayed by greedy, over all guesses and fresh hands.
    pub replays: u64,
    /// Guesses that no longer fitted what the bot sees and were dealt again.
    pub refits: u64,
    /// Times a seat's guesses were drawn again by weight.
    pub resamples: u64,
    /// Summed over the decisions watched: the chance the guesses gave the decision taken
    /// (their weights times the share of the hands tried with which greedy takes it).
    pub predicted: f64,
}

impl OpponentModel {
    /// A model for `map` keeping `size` guesses per opponent (made at each seat's first
    /// decision watched).
    #[must_use]
    pub fn new(map: &Map, size: usize) -> OpponentModel {
        OpponentModel {
            size: size.max(1),
            seats: Default::default(),
            running: Default::default(),
            replay: GreedyBot::with_planner(Planner::with_memo(map, REPLAY_PLANS)),
            spare: Vec::with_capacity(size),
            stats: ModelStats::default(),
        }
    }

    /// Counters so far.
    #[must_use]
    pub fn stats(&self) -> ModelStats {
        self.stats
    }

    /// Whether any seat has guesses (a decision was watched).
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.seats.iter().any(|s| !s.is_empty())
    }

    /// `seat`'s guesses: hand, tickets and weight (the weights sum to 1; none before the
    /// seat's first decision watched).
    pub fn guesses(&self, seat: Seat) -> impl Iterator<Item = (CardCounts, HiddenTickets, f64)> + '_ {
        let particles = &self.seats[seat.index()];
        let total = weight_sum(particles);
        particles.iter().map(move |p| (p.hand, p.tickets, p.log_weight.exp() / total))
    }

    /// How far `seat`'s guesses agree on its held tickets: the mean share of a guess's
    /// tickets that another guess holds, both drawn by weight (1 when all guesses hold the
    /// same tickets, or before the seat's first decision watched). Were the weights a true
    /// posterior, this would also be the expected share of a guess's tickets the seat holds.
    #[must_use]
    pub fn agreement(&self, seat: Seat) -> f64 {
        let particles = &self.seats[seat.index()];
        let total = weight_sum(particles);
        let mut held_by = [0.0f64; 64];
        for p in particles {
            let w = p.log_weight.exp() / total;
            for t in p.tickets.held.iter() {
                held_by[t.index()] += w;
            }
        }
        let mut agree = 0.0;
        let mut counted = 0.0;
        for p in particles {
            let w = p.log_weight.exp() / total;
            let n = p.tickets.held.count();
            if n > 0 {
                agree += w * p.tickets.held.iter().map(|t| held_by[t.index()]).sum::<f64>() / f64::from(n);
                counted += w;
            }
        }
        if counted > 0.0 {
            agree / counted
        } else {
            1.0
        }
    }

    /// Reads `seat`'s decision `action`, taken in the position the bot sees as `obs`.
    ///
    /// A setup draft is not read (South Korea): its picks show the table nothing, and the
    /// packets pass from seat to seat, which guesses kept seat by seat cannot follow. The
    /// seats' guesses are dealt at the keep after it, and there only one in
    /// [`DRAFT_COPIES`] is dealt and replayed, then copied: greedy's keep of 4 of 6 tickets
    /// plans 15 combinations, and the bot watches three such keeps just before its own
    /// (1,024 guesses replayed took about 20 ms a seat; half of them read the tickets
    /// almost as well, 0.581 of the true tickets held against 0.593).
    pub fn observe(&mut self, obs: &Observation<'_, '_>, seat: Seat, action: PublicAction, rng: &mut Pcg64Mcg) {
        if obs.phase() == Phase::Draft {
            return;
        }
        self.stats.decisions += 1;
        let particles = &mut self.seats[seat.index()];
        if particles.is_empty() {
            let after_draft = obs.phase() == Phase::SetupKeep && obs.map().rules.setup_tickets.draft;
            let dealt = if after_draft { self.size.div_ceil(DRAFT_COPIES) } else { self.size };
            *particles = (0..dealt).map(|_| fresh(obs, seat, rng)).collect();
        }
        let base = sample_world_weighted(obs, rng, |_, _| 1.0);
        let total = weight_sum(particles);
        for p in particles.iter_mut() {
            let w = p.log_weight.exp() / total;
            let chance = replay_one(&mut self.replay, &mut self.stats, (obs, &base), seat, action, p, rng);
            self.stats.predicted += w * chance;
        }
        if particles.len() < self.size {
            let dealt = std::mem::take(particles);
            particles.extend(dealt.iter().flat_map(|&p| std::iter::repeat_n(p, DRAFT_COPIES)).take(self.size));
        }
        normalize(particles);
        if effective(particles) < particles.len() as f64 / 2.0 {
            self.stats.resamples += 1;
            resample(particles, &mut self.spare, rng);
            rejuvenate(particles, obs, rng);
        }
        let running = &mut self.running[seat.index()];
        running.clear();
        running.extend(particles.iter().scan(0.0, |sum, p| {
            *sum += p.log_weight.exp();
            Some(*sum)
        }));
    }

    /// A world of the position `obs` shows in which every opponent holds the hidden part of
    /// one of its guesses, drawn by weight, with the greedy memories of those guesses (the
    /// default for the bot's own seat and for seats without guesses). When
    /// the guesses drawn for two seats do not fit together it draws again (8 times),
    /// then leaves the hands to chance, then everything (the tickets weighted by `weight`).
    pub fn sample<'m>(
        &self,
        obs: &Observation<'_, 'm>,
        rng: &mut Pcg64Mcg,
        weight: impl Fn(Seat, TicketId) -> f64,
    ) -> (GameState<'m>, [GreedyMemory; MAX_SEATS]) {
        for attempt in 0..=TRIES {
            let mut memories = [GreedyMemory::default(); MAX_SEATS];
            let mut given = [Given::default(); MAX_SEATS];
            for s in (0..obs.players()).filter(|&s| s != obs.seat().index()) {
                let particles = &self.seats[s];
                if !particles.is_empty() {
                    let p = &particles[pick(&self.running[s], rng)];
                    let hand = (attempt < TRIES).then_some(p.hand);
                    given[s] = Given { hand, tickets: Some(p.tickets), ..Given::default() };
                    memories[s] = p.memory;
                }
            }
            if let Some(world) = sample_world_given(obs, rng, &weight, &given) {
                return (world, memories);
            }
        }
        (sample_world_weighted(obs, rng, weight), [GreedyMemory::default(); MAX_SEATS])
    }
}

/// Replays `seat`'s decision `action` in guess `p` and moves `p` past it (see the module
/// documentation); `base` is a world of `obs` to trade the guess into. Returns the factor
/// by which `p`'s weight changed (1 when greedy takes the decision with `p`'s hand).
fn replay_one(
    replay: &mut GreedyBot,
    stats: &mut ModelStats,
    (obs, base): (&Observation<'_, '_>, &GameState<'_>),
    seat: Seat,
    action: PublicAction,
    p: &mut Particle,
    rng: &mut Pcg64Mcg,
) -> f64 {
    stats.replays += 1;
    let memory = p.memory;
    let mut world = base.clone();
    world.reseed(rng.random());
    // The trade fails when the base world dealt another seat cards or tickets of the
    // guess; a world dealt around the guess may still hold it.
    let mut given = [Given::default(); MAX_SEATS];
    given[seat.index()] = Given { hand: Some(p.hand), tickets: Some(p.tickets), ..Given::default() };
    let fits = world.trade_hidden(seat, p.hand, p.tickets, rng)
        || match sample_world_given(obs, rng, |_, _| 1.0, &given) {
            Some(dealt) => {
                world = dealt;
                true
            }
            None => {
                world = refit(obs, seat, p, rng);
                stats.refits += 1;
                false
            }
        };
    replay.set_memory(memory);
    let mut greedy = replay.choose(&Observation::new(&world, seat));
    let mut factor = 1.0;
    if !fits || PublicAction::of(greedy) != action {
        // The first fresh hand with which greedy takes the decision, else the first tried
        // (it holds the cards laid, so the decision can be played there).
        let mut chosen = None;
        let mut hits = 0;
        for _ in 0..FRESH_HANDS {
            let Some(candidate) = with_fresh_hand(obs, &world, seat, laid(action), p.tickets, rng) else { break };
            stats.replays += 1;
            replay.set_memory(memory);
            let g = replay.choose(&Observation::new(&candidate, seat));
            let hit = PublicAction::of(g) == action;
            if chosen.is_none() || hit && hits == 0 {
                chosen = Some((candidate, g, replay.memory()));
            }
            hits += u32::from(hit);
        }
        factor = (f64::from(hits) / f64::from(FRESH_HANDS)).max(MISS);
        // Without a fresh hand (none holds the cards laid) the replay stays as it was.
        if let Some((candidate, g, m)) = chosen {
            (world, greedy) = (candidate, g);
            replay.set_memory(m);
        }
    }
    p.log_weight += factor.ln();
    p.memory = replay.memory();
    let played = match action {
        PublicAction::Seen(a) => a,
        PublicAction::Pick => greedy,
        PublicAction::Keep(k) => match greedy {
            Action::Keep(mask) if mask.count_ones() == u32::from(k) => greedy,
            _ => Action::Keep(random_mask(world.offer(seat).len(), k, rng)),
        },
    };
    // A decision no hand tried could take (a tunnel's surcharge beyond them, say) leaves
    // the guess as it was.
    if world.try_apply(played).is_ok() {
        p.hand = world.hand(seat);
        p.tickets = world.hidden_tickets(seat);
    }
    factor
}

/// A world of `obs` for guess `p` when `p` does not fit it: `seat` keeps `p`'s tickets if
/// they fit and gets a hand dealt at random (failing that, everything is dealt), and `p`
/// takes on what the world gave the seat.
fn refit<'m>(obs: &Observation<'_, 'm>, seat: Seat, p: &mut Particle, rng: &mut Pcg64Mcg) -> GameState<'m> {
    let mut given = [Given::default(); MAX_SEATS];
    given[seat.index()].tickets = Some(p.tickets);
    let world =
        sample_world_given(obs, rng, |_, _| 1.0, &given).unwrap_or_else(|| sample_world_weighted(obs, rng, |_, _| 1.0));
    p.hand = world.hand(seat);
    p.tickets = world.hidden_tickets(seat);
    world
}

/// `world` with a hand of `seat`'s size dealt afresh around `tickets`, holding `holding`
/// ([`fresh_hand`]); when `world`'s deck and discard pile lack the cards (the other seats
/// were dealt them), a world of `obs` dealt around that hand instead. `None` when no unseen
/// cards can hold `holding`.
fn with_fresh_hand<'m>(
    obs: &Observation<'_, 'm>,
    world: &GameState<'m>,
    seat: Seat,
    holding: CardCounts,
    tickets: HiddenTickets,
    rng: &mut Pcg64Mcg,
) -> Option<GameState<'m>> {
    let mut candidate = world.clone();
    candidate.reseed(rng.random());
    match fresh_hand(&candidate, seat, holding, rng) {
        Some(hand) if candidate.trade_hidden(seat, hand, tickets, rng) => Some(candidate),
        _ => {
            let mut given = [Given::default(); MAX_SEATS];
            given[seat.index()] = Given { hand: None, holding, tickets: Some(tickets) };
            sample_world_given(obs, rng, |_, _| 1.0, &given)
        }
    }
}

/// A hand of `seat`'s size dealt at random in `world` from the cards
/// [`GameState::trade_hidden`] may trade (the deck, the discard pile and the seat's own
/// cards nobody knows of), holding the cards everyone knows it holds and `holding`; `None`
/// when those cards cannot hold `holding`.
fn fresh_hand(world: &GameState<'_>, seat: Seat, holding: CardCounts, rng: &mut Pcg64Mcg) -> Option<CardCounts> {
    let known = known_in_hand(world, seat);
    let mut pool = world.deck();
    pool.add(&world.discard());
    let mut own = world.hand(seat);
    own.remove(&known);
    pool.add(&own);
    let need = holding.beyond(&known);
    if !pool.contains(&need) {
        return None;
    }
    pool.remove(&need);
    let mut hand = known;
    hand.add(&need);
    let size = world.hand(seat).total();
    if hand.total() > size {
        return None;
    }
    hand.add(&take_random(&mut pool, size - hand.total(), rng));
    Some(hand)
}

/// The cards a decision lays from the hand, as the table sees them.
fn laid(action: PublicAction) -> CardCounts {
    match action {
        PublicAction::Seen(Action::Claim { pay, .. } | Action::ClaimProvince { pay, .. } | Action::TunnelPay(pay)) => {
            pay
        }
        _ => CardCounts::EMPTY,
    }
}

/// A guess of `seat`'s hidden part at the position `obs` shows, dealt at random.
fn fresh(obs: &Observation<'_, '_>, seat: Seat, rng: &mut Pcg64Mcg) -> Particle {
    let world = sample_world_weighted(obs, rng, |_, _| 1.0);
    Particle {
        hand: world.hand(seat),
        tickets: world.hidden_tickets(seat),
        memory: GreedyMemory::default(),
        log_weight: 0.0,
    }
}

/// A uniformly random mask of `k` of `n` offer positions.
fn random_mask(n: usize, k: u8, rng: &mut Pcg64Mcg) -> u8 {
    let mut positions = [0u8, 1, 2, 3, 4, 5, 6, 7];
    let positions = &mut positions[..n.min(8)];
    positions.shuffle(rng);
    positions.iter().take(usize::from(k)).fold(0, |mask, &i| mask | 1 << i)
}

/// Moves the tickets of some copies made by [`resample`]: each guess that follows one with
/// the same held tickets has, with chance [`REJUVENATE`], one of them swapped for a ticket of
/// the same kind (normal or long) that the bot cannot see and the guess does not name. The
/// decisions that follow weigh the moved guesses like any other. Without this the guesses
/// hold only ticket sets dealt at the seat's first decision watched, and where those cannot
/// cover what may have been dealt (3-player Nordic: 5 of 46 tickets at setup) the weights
/// settle on wrong ones.
fn rejuvenate(particles: &mut [Particle], obs: &Observation<'_, '_>, rng: &mut Pcg64Mcg) {
    let map = obs.map();
    let seen = obs.seen_tickets();
    for i in 1..particles.len() {
        if particles[i].tickets.held != particles[i - 1].tickets.held || rng.random::<f64>() >= REJUVENATE {
            continue;
        }
        let p = &mut particles[i];
        let held = p.tickets.held;
        if held.is_empty() {
            continue;
        }
        let out = held.nth(rng.random_range(0..held.count()));
        let kind = if map.long_tickets().contains(out) { map.long_tickets() } else { map.normal_tickets() };
        let free = kind.minus(seen).minus(p.tickets.all());
        if !free.is_empty() {
            p.tickets.held = held.without(out).with(free.nth(rng.random_range(0..free.count())));
        }
    }
}

/// The guesses' weights summed (they are kept as logarithms).
fn weight_sum(particles: &[Particle]) -> f64 {
    particles.iter().map(|p| p.log_weight.exp()).sum()
}

/// Shifts the log weights so that the largest is 0.
fn normalize(particles: &mut [Particle]) {
    let top = particles.iter().map(|p| p.log_weight).fold(f64::NEG_INFINITY, f64::max);
    for p in particles {
        p.log_weight -= top;
    }
}

/// The effective number of guesses, `(Σw)² / Σw²`.
fn effective(particles: &[Particle]) -> f64 {
    let (sum, squares) = particles.iter().fold((0.0, 0.0), |(s, q), p| {
        let w = p.log_weight.exp();
        (s + w, q + w * w)
    });
    if squares > 0.0 {
        sum * sum / squares
    } else {
        0.0
    }
}

/// Draws as many guesses by weight (systematic resampling); all weights become equal.
fn resample(particles: &mut Vec<Particle>, spare: &mut Vec<Particle>, rng: &mut Pcg64Mcg) {
    let n = particles.len();
    let step = weight_sum(particles) / n as f64;
    let mut next = rng.random::<f64>() * step;
    let mut acc = 0.0;
    spare.clear();
    for p in particles.iter() {
        acc += p.log_weight.exp();
        while next < acc && spare.len() < n {
            spare.push(Particle { log_weight: 0.0, ..*p });
            next += step;
        }
    }
    // Rounding may leave the last place or two: the last guess fills them.
    while spare.len() < n {
        spare.push(Particle { log_weight: 0.0, ..particles[n - 1] });
    }
    std::mem::swap(particles, spare);
}

/// The index of one guess drawn by weight, given the weights' running sums (not empty).
fn pick(running: &[f64], rng: &mut Pcg64Mcg) -> usize {
    let x = rng.random::<f64>() * running[running.len() - 1];
    running.partition_point(|&sum| sum <= x).min(running.len() - 1)
}
