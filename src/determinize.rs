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
use crate::ids::{Seat, TicketId};
use crate::observation::Observation;
use crate::rules::tickets::TicketOffer;
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
    let mut forced = [CardCounts::EMPTY; crate::ids::MAX_SEATS];
    for s in (0..n).map(|s| Seat(s as u8)).filter(|&s| s != me) {
        let mut known = obs.known_cards(s);
        if s == to_move {
            // Known cards laid for the tunnel being attempted are on the table, not in hand.
            for c in crate::card::Card::ALL {
                known[c] = known[c].saturating_sub(laid[c]);
            }
        }
        pool.remove(&known);
        forced[s.index()] = known;
    }
    for (s, forced) in forced.iter().enumerate().take(n) {
        let seat = Seat(s as u8);
        setup.known[s] = obs.known_cards(seat);
        setup.trains[s] = obs.trains(seat);
        setup.owned[s] = obs.owned(seat);
        setup.hands[s] = if seat == me {
            obs.hand()
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

    // Tickets: the seat's own are fixed; the others are dealt from those it cannot see.
    let own_offer = obs.offer();
    let own_picks = obs.drafted();
    let visible: TicketSet = obs.tickets().or(own_offer.tickets().iter().copied().collect()).or(own_picks
        .tickets()
        .iter()
        .copied()
        .collect());
    let mut long: Vec<TicketId> = map.long_tickets().minus(visible).iter().collect();
    let mut normal: Vec<TicketId> = map.normal_tickets().minus(visible).iter().collect();
    long.shuffle(rng);
    normal.shuffle(rng);
    let opponents = || (0..n).map(|s| Seat(s as u8)).filter(move |&s| s != me);
    // The opponents' tickets first, weighted, from what the ticket deck (normal tickets)
    // and the pending setup offers (long tickets) can spare.
    let long_needed: usize = if phase == Phase::SetupKeep {
        opponents().map(|s| obs.offer_size(s).min(usize::from(rules.setup_tickets.long))).sum()
    } else {
        0
    };
    let normal_needed = obs.ticket_deck_size();
    for s in 0..n {
        let seat = Seat(s as u8);
        if seat == me {
            setup.tickets[s] = obs.tickets();
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
            let t = take(&mut long, from_long)
                .or_else(|| take(&mut normal, from_normal))
                .or_else(|| if from_normal { normal.pop() } else { long.pop() })
                .expect("an unseen ticket for an opponent");
            setup.tickets[s].insert(t);
        }
    }
    let mut offers = [TicketOffer::EMPTY; crate::ids::MAX_SEATS];
    offers[me.index()] = own_offer;
    if phase == Phase::SetupKeep {
        for s in opponents() {
            let size = obs.offer_size(s).min(usize::from(rules.setup_tickets.long));
            for _ in 0..size {
                offers[s.index()].push(long.pop().expect("a long ticket for a pending setup offer"));
            }
        }
    }
    setup.ticket_deck = (0..obs.ticket_deck_size())
        .map(|_| normal.pop().expect("enough unseen normal tickets for the ticket deck"))
        .collect();
    for s in opponents() {
        while offers[s.index()].len() < obs.offer_size(s) {
            let t = normal.pop().or_else(|| long.pop()).expect("an unseen ticket for an offer");
            offers[s.index()].push(t);
        }
    }
    let mut rest = normal;
    rest.append(&mut long);
    rest.shuffle(rng);
    setup.drafted[me.index()] = own_picks;
    for s in opponents() {
        for _ in 0..obs.drafted_count(s) {
            setup.drafted[s.index()].push(rest.pop().expect("an unseen ticket for a draft pick"));
        }
    }
    setup.offers = BySeat(offers);
    setup.seed = rng.random();
    setup
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
