//! Determinization: a whole [`GameState`] sampled from what one seat may see.
//!
//! A search bot sees only an [`Observation`]. To look ahead it needs full states, so it
//! guesses the hidden part: [`sample_world`] keeps everything the observation shows and
//! deals the rest at random, consistently with it:
//!
//! - the train cards nobody can see (the deck, the discard pile, and the opponents' hands
//!   less the cards everyone knows they hold) are one pool, dealt at random: each opponent
//!   gets its known cards plus enough pool cards to reach its hand size, the discard pile
//!   gets its size, the deck the rest;
//! - the tickets the observer cannot see (all but its own tickets and its own offer) are
//!   dealt at random: first the opponents' tickets, long or normal (which tickets went back
//!   to the box is unknown too), each drawn with probability proportional to a caller's
//!   weight ([`sample_world_weighted`]; equal weights in [`sample_world`]) from the tickets
//!   the other piles can spare; then the long tickets still pending in an opponent's setup
//!   offer from the long tickets left, the ticket deck (in a random order) from the normal
//!   ones, the opponents' other offers from the normal ones left, then any;
//! - later chance (card draws) comes from a fresh seed drawn from the caller's generator.
//!
//! The function reads the game only through the observation's public methods, so it cannot
//! leak anything: a sampled world is a random guess that looks the same from the seat.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::action::Phase;
use crate::bitset::TicketSet;
use crate::by_seat::BySeat;
use crate::card::CardCounts;
use crate::ids::{Seat, TicketId, MAX_SEATS};
use crate::observation::Observation;
use crate::rules::tickets::{TicketOffer, TicketQueue};
use crate::setup::Setup;
use crate::state::GameState;

/// A full game state consistent with `obs`: the seat sees exactly what it sees now, and the
/// hidden part (opponents' hands and tickets, deck, discard pile, ticket deck, later chance)
/// is a random guess drawn from `rng`.
#[must_use]
pub fn sample_world<'m>(obs: &Observation<'_, 'm>, rng: &mut impl Rng) -> GameState<'m> {
    sample_world_weighted(obs, rng, |_, _| 1.0)
}

/// [`sample_world`] where opponent `s` holds ticket `t` with odds proportional to
/// `weight(s, t)` (a caller's belief, e.g. inferred from the routes `s` claimed; weights
/// must be finite and positive). Everything the seat sees is kept as in [`sample_world`].
#[must_use]
pub fn sample_world_weighted<'m>(
    obs: &Observation<'_, 'm>,
    rng: &mut impl Rng,
    weight: impl Fn(Seat, TicketId) -> f64,
) -> GameState<'m> {
    let setup = sample_setup_weighted(obs, rng, weight);
    match GameState::from_setup(obs.map(), &setup) {
        Ok(state) => state,
        Err(problems) => panic!("a sampled world must be a valid position: {problems}"),
    }
}

/// [`sample_world`] as plain data.
#[must_use]
pub fn sample_setup(obs: &Observation<'_, '_>, rng: &mut impl Rng) -> Setup {
    sample_setup_weighted(obs, rng, |_, _| 1.0)
}

/// [`sample_world_weighted`] as plain data.
#[must_use]
pub fn sample_setup_weighted(
    obs: &Observation<'_, '_>,
    rng: &mut impl Rng,
    weight: impl Fn(Seat, TicketId) -> f64,
) -> Setup {
    sample_setup_given(obs, rng, weight, &[Given::default(); MAX_SEATS])
        .expect("nothing given: every position has a consistent guess")
}

/// [`sample_setup_given`] as a playable state: the state `obs` observes with every part it
/// hides replaced by the setup's (hands, deck, discard pile, tickets, offers, draft picks,
/// ticket deck, later chance), so everything public is that state's own. The position is
/// that of [`GameState::from_setup`] on the same setup, without checking it again (the
/// setup is consistent by construction; debug builds check).
#[must_use]
pub fn sample_world_given<'m>(
    obs: &Observation<'_, 'm>,
    rng: &mut impl Rng,
    weight: impl Fn(Seat, TicketId) -> f64,
    given: &[Given; MAX_SEATS],
) -> Option<GameState<'m>> {
    let setup = sample_setup_given(obs, rng, weight, given)?;
    debug_assert!(GameState::from_setup(obs.map(), &setup).is_ok(), "a sampled setup is a valid position");
    let mut world = obs.state().clone();
    world.deck = setup.deck;
    world.discard = setup.discard;
    world.hands = setup.hands;
    world.tickets = setup.tickets;
    world.offers = setup.offers;
    world.drafted = setup.drafted;
    world.ticket_deck = TicketQueue::EMPTY;
    for &t in &setup.ticket_deck {
        world.ticket_deck.push_bottom(t);
    }
    world.rng = Pcg64Mcg::seed_from_u64(setup.seed);
    Some(world)
}

/// What a caller fixes of one opponent's hidden part in [`sample_setup_given`]; `None`
/// leaves that part to chance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// The whole hand, the cards everyone knows the seat holds included.
    pub hand: Option<CardCounts>,
    /// Without `hand`: cards the dealt hand holds at least (of each kind, the more of this
    /// and of the cards everyone knows the seat holds); the rest is dealt as usual.
    pub holding: CardCounts,
    /// Its tickets, its pending offer and its draft picks.
    pub tickets: Option<HiddenTickets>,
}

/// The tickets of one seat that the others cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenTickets {
    /// Tickets held.
    pub held: TicketSet,
    /// Tickets offered and not yet decided on (in a draft: the packet in hand).
    pub offer: TicketOffer,
    /// Draft picks so far.
    pub drafted: TicketOffer,
}

impl HiddenTickets {
    /// Every ticket named: held, offered and drafted.
    #[must_use]
    pub fn all(&self) -> TicketSet {
        self.held.or(self.offer.tickets().iter().chain(self.drafted.tickets()).copied().collect())
    }

    /// Whether no ticket is named twice.
    #[must_use]
    pub fn is_distinct(&self) -> bool {
        self.all().count() as usize == self.held.count() as usize + self.offer.len() + self.drafted.len()
    }

    /// Whether there are as many held, offered and drafted tickets as in `other`.
    #[must_use]
    pub fn counts_match(&self, other: &HiddenTickets) -> bool {
        self.held.count() == other.held.count()
            && self.offer.len() == other.offer.len()
            && self.drafted.len() == other.drafted.len()
    }
}

/// [`sample_setup_weighted`] with the parts of the opponents' hands and tickets that
/// `given[s]` fixes for seat `s` (the observing seat's entry is ignored): everything else
/// hidden is dealt at random as there, from what the fixed parts leave. `None` when the
/// fixed parts do not fit what `obs` shows (a hand of another size, without the cards
/// everyone knows the seat holds, or with cards nobody unseen can hold; cards to hold
/// beyond the hand's size or the unseen cards; tickets of other counts, or that the seat
/// could not hold) or each other, or leave too few tickets for the other piles. With nothing fixed it draws exactly what [`sample_setup_weighted`] draws.
#[must_use]
pub fn sample_setup_given(
    obs: &Observation<'_, '_>,
    rng: &mut impl Rng,
    weight: impl Fn(Seat, TicketId) -> f64,
    given: &[Given; MAX_SEATS],
) -> Option<Setup> {
    let map = obs.map();
    let rules = &map.rules;
    let n = obs.players();
    let me = obs.seat();
    let phase = obs.phase();
    let to_move = obs.to_move();
    let mut setup = Setup::empty(map, n);
    setup.phase = phase;
    setup.to_move = to_move;
    setup.market = obs.market();
    setup.revealed = obs.revealed();
    setup.turns = obs.turns();
    setup.passes = obs.passes();
    setup.final_turns_left = obs.final_turns_left();
    setup.provinces = *obs.provinces();
    for s in 0..n {
        // Unused express cards are public: rebuild each seat's mask from their values.
        setup.express[s] = rules.express_mask(obs.express_cards(Seat(s as u8)));
    }
    let opponents = || (0..n).map(|s| Seat(s as u8)).filter(move |&s| s != me);

    // Train cards: what the seat sees is fixed; the rest is one pool dealt at random.
    let laid = match phase {
        Phase::Tunnel { laid, .. } => laid,
        _ => CardCounts::EMPTY,
    };
    let mut pool = rules.deck.counts();
    pool.remove(&obs.hand());
    pool.remove(&laid);
    for c in setup.market.iter().chain(setup.revealed.iter()).flatten() {
        pool[*c] -= 1;
    }
    let mut forced = [CardCounts::EMPTY; MAX_SEATS];
    for s in opponents() {
        let known = known_in_hand(obs.state(), s);
        pool.remove(&known);
        forced[s.index()] = known;
    }
    // Fixed hands first: each must hold its known cards, have the seat's hand size, and
    // take the rest from the unseen pool.
    for s in opponents() {
        if let Some(hand) = given[s.index()].hand {
            let mut extra = hand;
            if hand.total() != obs.hand_size(s) || !hand.contains(&forced[s.index()]) {
                return None;
            }
            extra.remove(&forced[s.index()]);
            if !pool.contains(&extra) {
                return None;
            }
            pool.remove(&extra);
        }
    }
    // Then the cards other hands must hold beyond their known ones.
    for s in opponents().filter(|&s| given[s.index()].hand.is_none()) {
        let must = &mut forced[s.index()];
        let extra = given[s.index()].holding.beyond(must);
        if must.total() + extra.total() > obs.hand_size(s) || !pool.contains(&extra) {
            return None;
        }
        pool.remove(&extra);
        must.add(&extra);
    }
    for (s, forced) in forced.iter().enumerate().take(n) {
        let seat = Seat(s as u8);
        setup.known[s] = obs.known_cards(seat);
        setup.trains[s] = obs.trains(seat);
        setup.owned[s] = obs.owned(seat);
        setup.hands[s] = if seat == me {
            obs.hand()
        } else if let Some(hand) = given[s].hand {
            hand
        } else {
            let mut hand = *forced;
            let extra = obs.hand_size(seat) - hand.total();
            hand.add(&take_random(&mut pool, extra, rng));
            hand
        };
    }
    setup.discard = take_random(&mut pool, obs.discard_size(), rng);
    debug_assert_eq!(pool.total(), obs.deck_size(), "the unseen cards add up");
    setup.deck = pool;

    // Tickets: the seat's own are fixed, and so are those given; the others are dealt
    // from those it cannot see.
    let visible = obs.seen_tickets();
    let mut fixed = TicketSet::EMPTY;
    for s in opponents() {
        let Some(t) = given[s.index()].tickets else { continue };
        let all = t.all();
        let counts_fit = t.held.count() == obs.ticket_count(s)
            && t.offer.len() == obs.offer_size(s)
            && t.drafted.len() == obs.drafted_count(s);
        if !counts_fit || !t.is_distinct() || !all.and(visible.or(fixed)).is_empty() {
            return None;
        }
        fixed = fixed.or(all);
    }
    let mut long: Vec<TicketId> = map.long_tickets().minus(visible).minus(fixed).iter().collect();
    let mut normal: Vec<TicketId> = map.normal_tickets().minus(visible).minus(fixed).iter().collect();
    long.shuffle(rng);
    normal.shuffle(rng);
    let dealt = |s: Seat| given[s.index()].tickets.is_none();
    // The opponents' tickets first, weighted, from what the ticket deck (normal tickets)
    // and the pending setup offers (long tickets) can spare.
    let long_needed: usize = if phase == Phase::SetupKeep {
        opponents().filter(|&s| dealt(s)).map(|s| obs.offer_size(s).min(usize::from(rules.setup_tickets.long))).sum()
    } else {
        0
    };
    let normal_needed = obs.ticket_deck_size();
    for (s, given) in given.iter().enumerate().take(n) {
        let seat = Seat(s as u8);
        if seat == me {
            setup.tickets[s] = obs.tickets();
            continue;
        }
        if let Some(t) = given.tickets {
            setup.tickets[s] = t.held;
            continue;
        }
        for _ in 0..obs.ticket_count(seat) {
            let from_long = long.len() > long_needed;
            let from_normal = normal.len() > normal_needed;
            let w = |t: &TicketId| weight(seat, *t);
            let total = if from_long { long.iter().map(w).sum() } else { 0.0 }
                + if from_normal { normal.iter().map(w).sum() } else { 0.0 };
            let mut pick = rng.random::<f64>() * total;
            let mut take = |pile: &mut Vec<TicketId>, allowed: bool| -> Option<TicketId> {
                if !allowed {
                    return None;
                }
                let i = pile.iter().position(|t| {
                    pick -= w(t);
                    pick < 0.0
                })?;
                Some(pile.swap_remove(i))
            };
            let t = take(&mut long, from_long).or_else(|| take(&mut normal, from_normal)).or_else(|| {
                if from_normal {
                    normal.pop()
                } else {
                    long.pop()
                }
            })?;
            setup.tickets[s].insert(t);
        }
    }
    let mut offers = [TicketOffer::EMPTY; MAX_SEATS];
    offers[me.index()] = obs.offer();
    for s in opponents() {
        if let Some(t) = given[s.index()].tickets {
            offers[s.index()] = t.offer;
        }
    }
    if phase == Phase::SetupKeep {
        for s in opponents().filter(|&s| dealt(s)) {
            let size = obs.offer_size(s).min(usize::from(rules.setup_tickets.long));
            for _ in 0..size {
                offers[s.index()].push(long.pop()?);
            }
        }
    }
    if normal.len() < obs.ticket_deck_size() {
        return None;
    }
    setup.ticket_deck = (0..obs.ticket_deck_size()).map(|_| normal.pop().expect("counted above")).collect();
    for s in opponents().filter(|&s| dealt(s)) {
        while offers[s.index()].len() < obs.offer_size(s) {
            offers[s.index()].push(normal.pop().or_else(|| long.pop())?);
        }
    }
    let mut rest = normal;
    rest.append(&mut long);
    rest.shuffle(rng);
    setup.drafted[me.index()] = obs.drafted();
    for s in opponents() {
        match given[s.index()].tickets {
            Some(t) => setup.drafted[s.index()] = t.drafted,
            None => {
                for _ in 0..obs.drafted_count(s) {
                    setup.drafted[s.index()].push(rest.pop()?);
                }
            }
        }
    }
    setup.offers = BySeat(offers);
    setup.seed = rng.random();
    Some(setup)
}

/// The cards of `seat`'s hand in `world` that everyone knows it holds (taken face up, or
/// shown and taken back; while it attempts a tunnel, less those laid for it).
#[must_use]
pub fn known_in_hand(world: &GameState<'_>, seat: Seat) -> CardCounts {
    match (world.phase, world.to_move == seat) {
        // Known cards laid for the tunnel being attempted are on the table, not in hand.
        (Phase::Tunnel { laid, .. }, true) => world.known[seat.index()].beyond(&laid),
        _ => world.known[seat.index()],
    }
}

impl GameState<'_> {
    /// Makes this world one where `seat` holds `hand` and `tickets` instead, trading cards
    /// with the deck and the discard pile (a card given to the seat leaves the pile that held
    /// it, and one the seat gives up takes its place there, the pair chosen at random) and
    /// tickets with the ticket deck (in the place of the ticket taken) and the tickets in no
    /// pile: every count anyone sees, and everything the other seats hold, stays as it was.
    /// For a world guessed for another seat ([`sample_world`]): it still looks the same from
    /// that seat. `false`, changing nothing, when the hand is not the seat's hand size or lacks
    /// the cards everyone knows it holds ([`known_in_hand`]), when the tickets are not as many
    /// as the seat's, or when the cards or tickets to take are not in those piles (another
    /// seat holds them) or a ticket given up could not take the place of one taken (a long
    /// ticket for the ticket deck, which holds normal ones).
    pub fn trade_hidden(&mut self, seat: Seat, hand: CardCounts, tickets: HiddenTickets, rng: &mut impl Rng) -> bool {
        let s = seat.index();
        let old = self.hands[s];
        if hand.total() != old.total() || !hand.contains(&known_in_hand(self, seat)) {
            return false;
        }
        let own = self.hidden_tickets(seat);
        if !tickets.counts_match(&own) {
            return false;
        }
        // Cards: what the new hand has beyond the old comes from the deck, then the discard
        // pile; the cards it gives up fill those places.
        let (mut deck, mut discard) = (self.deck, self.discard);
        let (mut to_deck, mut to_discard) = (0u32, 0u32);
        let (taken, given_back) = (hand.beyond(&old), old.beyond(&hand));
        for c in crate::card::Card::ALL {
            let need = taken[c];
            let from_deck = need.min(deck[c]);
            if need - from_deck > discard[c] {
                return false;
            }
            deck[c] -= from_deck;
            discard[c] -= need - from_deck;
            to_deck += u32::from(from_deck);
            to_discard += u32::from(need - from_deck);
        }
        // Each card given up takes one of the places left, chosen uniformly.
        for c in crate::card::Card::ALL {
            for _ in 0..given_back[c] {
                if rng.random_range(0..to_deck + to_discard) < to_deck {
                    to_deck -= 1;
                    deck[c] += 1;
                } else {
                    to_discard -= 1;
                    discard[c] += 1;
                }
            }
        }
        // Tickets: each one the seat takes leaves the ticket deck (a ticket it gives up takes
        // its place) or no pile at all.
        let (before, after) = (own.all(), tickets.all());
        if !tickets.is_distinct() {
            return false;
        }
        let mut elsewhere = TicketSet::EMPTY;
        for o in (0..self.players()).filter(|&o| o != s) {
            elsewhere = elsewhere.or(self.hidden_tickets(Seat(o as u8)).all());
        }
        if !after.and(elsewhere).is_empty() {
            return false;
        }
        let mut ticket_deck = self.ticket_deck;
        let in_deck = ticket_deck.set();
        let mut given_up = before.minus(after).iter().filter(|&t| !self.map.long_tickets().contains(t));
        for t in after.minus(before).and(in_deck).iter() {
            let Some(r) = given_up.next() else { return false };
            ticket_deck.replace(t, r);
        }
        self.deck = deck;
        self.discard = discard;
        self.hands[s] = hand;
        self.ticket_deck = ticket_deck;
        self.tickets[s] = tickets.held;
        self.offers[s] = tickets.offer;
        self.drafted[s] = tickets.drafted;
        true
    }
}

/// Takes `n` cards uniformly at random out of `pool` (which must hold at least `n`).
pub fn take_random(pool: &mut CardCounts, n: u32, rng: &mut impl Rng) -> CardCounts {
    let mut out = CardCounts::EMPTY;
    for _ in 0..n {
        let card = pool.nth_card(rng.random_range(0..pool.total()));
        pool[card] -= 1;
        out[card] += 1;
    }
    out
}

impl GameState<'_> {
    /// Replaces the generator of later chance events (card draws) with one seeded from
    /// `seed`. A search bot reseeds a sampled world before each playout so that chance is
    /// sampled afresh; the state's position is unchanged.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }
}
