//! A position as plain public data ([`Setup`]), and its validation into a [`GameState`].
//!
//! Tests build exact situations with it, benches start from fixed positions, and a search
//! bot can turn a sampled world into a playable state. Derived facts (who has claimed what,
//! which twins are closed, route points) are recomputed, never taken on trust.

use std::fmt;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::action::Phase;
use crate::bitset::{RouteSet, TicketSet};
use crate::by_seat::BySeat;
use crate::card::{Card, CardCounts};
use crate::ids::{Seat, TicketId};
use crate::map::Map;
use crate::rules::market::Row;
use crate::rules::tickets::{TicketOffer, TicketQueue};
use crate::state::{GameState, Provinces, MARKET_SLOTS};

/// Every fact of a position, as public fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Number of players.
    pub players: usize,
    /// The phase.
    pub phase: Phase,
    /// The seat to move.
    pub to_move: Seat,
    /// Cards in the deck (drawn in random order from `seed`).
    pub deck: CardCounts,
    /// The discard pile.
    pub discard: CardCounts,
    /// Face-up cards by slot.
    pub market: [Option<Card>; MARKET_SLOTS],
    /// Each seat's hand.
    pub hands: BySeat<CardCounts>,
    /// Cards each seat is publicly known to hold.
    pub known: BySeat<CardCounts>,
    /// Trains each seat has left.
    pub trains: BySeat<u8>,
    /// Routes each seat owns.
    pub owned: BySeat<RouteSet>,
    /// Tickets each seat holds.
    pub tickets: BySeat<TicketSet>,
    /// Tickets offered and not yet decided on, per seat.
    pub offers: BySeat<TicketOffer>,
    /// The ticket deck from top to bottom.
    pub ticket_deck: Vec<TicketId>,
    /// Cards revealed for the current tunnel attempt.
    pub revealed: [Option<Card>; 3],
    /// Turns played.
    pub turns: u16,
    /// Consecutive passes.
    pub passes: u8,
    /// Turns left in the final round, once it has started.
    pub final_turns_left: Option<u8>,
    /// Seed of the random generator for later chance events.
    pub seed: u64,
    /// Each seat's unused express cards (bit `i`: `rules.express[i]`).
    pub express: BySeat<u8>,
    /// Each seat's draft picks so far.
    pub drafted: BySeat<TicketOffer>,
    /// The provinces board: per line (card colour index), per seat, a bit per space.
    pub provinces: Provinces,
}

/// Why a [`Setup`] is not a position the rules can reach; every problem is listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupProblems(pub Vec<String>);

impl fmt::Display for SetupProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}", self.0.join("; "))
    }
}

impl std::error::Error for SetupProblems {}

impl Setup {
    /// A position at the start of seat 0's first turn with nothing dealt: all cards in the
    /// deck, empty market, full supplies, every normal ticket in the deck in map order.
    #[must_use]
    pub fn empty(map: &Map, players: usize) -> Setup {
        Setup {
            players,
            phase: Phase::Turn,
            to_move: Seat(0),
            deck: map.rules.deck.counts(),
            discard: CardCounts::EMPTY,
            market: [None; MARKET_SLOTS],
            hands: BySeat::splat(CardCounts::EMPTY),
            known: BySeat::splat(CardCounts::EMPTY),
            trains: BySeat::splat(map.rules.trains),
            owned: BySeat::splat(RouteSet::EMPTY),
            tickets: BySeat::splat(TicketSet::EMPTY),
            offers: BySeat::splat(TicketOffer::EMPTY),
            ticket_deck: map.normal_tickets().iter().collect(),
            revealed: [None; 3],
            turns: 0,
            passes: 0,
            final_turns_left: None,
            seed: 0,
            express: BySeat::splat(map.rules.all_express()),
            drafted: BySeat::splat(TicketOffer::EMPTY),
            provinces: [BySeat::splat(0); 8],
        }
    }

    /// Moves `cards` from the deck into a seat's hand (test and bench convenience).
    /// Panics if the deck lacks them.
    pub fn give(&mut self, seat: usize, cards: CardCounts) -> &mut Setup {
        assert!(self.deck.contains(&cards), "the deck does not hold {cards}");
        self.deck.remove(&cards);
        self.hands[seat].add(&cards);
        self
    }

    /// Moves cards from the deck to the market slots, in slot order (test convenience).
    pub fn lay(&mut self, cards: [Option<Card>; MARKET_SLOTS]) -> &mut Setup {
        for (slot, card) in cards.into_iter().enumerate() {
            if let Some(old) = self.market[slot].take() {
                self.deck[old] += 1;
            }
            if let Some(c) = card {
                assert!(self.deck[c] > 0, "the deck holds no {c}");
                self.deck[c] -= 1;
            }
            self.market[slot] = card;
        }
        self
    }
}

impl<'m> GameState<'m> {
    /// The position as plain data.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            players: self.players(),
            phase: self.phase,
            to_move: self.to_move,
            deck: self.deck,
            discard: self.discard,
            market: self.market,
            hands: self.hands,
            known: self.known,
            trains: self.trains,
            owned: self.owned,
            tickets: self.tickets,
            offers: self.offers,
            ticket_deck: self.ticket_deck.iter().collect(),
            revealed: self.revealed,
            turns: self.turns,
            passes: self.passes,
            final_turns_left: self.final_turns_left,
            seed: 0,
            express: self.express,
            drafted: self.drafted,
            provinces: self.provinces,
        }
    }

    /// Builds a state from plain data after checking that it is consistent: the players
    /// fit the map, the train cards add up to the deck, the trains to the supply, no route
    /// has two owners, double routes follow the player-count rule, no ticket is in two places.
    pub fn from_setup(map: &'m Map, setup: &Setup) -> Result<GameState<'m>, SetupProblems> {
        let mut problems = Vec::new();
        let n = setup.players;
        let [lo, hi] = map.rules.players;
        if n < usize::from(lo) || n > usize::from(hi) {
            return Err(SetupProblems(vec![format!("{n} players; the map allows {lo} to {hi}")]));
        }
        if setup.to_move.index() >= n {
            problems.push(format!("seat {} to move, but only {n} players", setup.to_move.0));
        }
        let mut cards = setup.deck;
        cards.add(&setup.discard);
        for c in setup.market.iter().chain(setup.revealed.iter()).flatten() {
            cards[*c] += 1;
        }
        for hand in setup.hands.first(n) {
            cards.add(hand);
        }
        if let Phase::Tunnel { laid, .. } = setup.phase {
            cards.add(&laid);
        }
        if cards != map.rules.deck.counts() {
            problems.push(format!("train cards add up to {cards}, not the deck's {}", map.rules.deck.counts()));
        }
        for s in 0..n {
            let mut held = setup.hands[s];
            if let (Phase::Tunnel { laid, .. }, true) = (setup.phase, s == setup.to_move.index()) {
                held.add(&laid);
            }
            if !held.contains(&setup.known[s]) {
                problems.push(format!("seat {s}: known cards {} are not all in the hand", setup.known[s]));
            }
        }
        let mut claimed = RouteSet::EMPTY;
        let mut closed = BySeat::splat(RouteSet::EMPTY);
        let mut route_points = BySeat::splat(0i32);
        for s in 0..n {
            let owned = setup.owned[s];
            if !owned.minus(map.all_routes()).is_empty() {
                problems.push(format!("seat {s} owns routes the map does not have"));
                continue;
            }
            if !claimed.and(owned).is_empty() {
                problems.push(format!("seat {s} owns a route another seat owns"));
            }
            claimed = claimed.or(owned);
            let on_board: u32 = setup.provinces.iter().map(|line| line[s].count_ones()).sum();
            let used: u32 = owned.iter().map(|r| u32::from(map.route(r).trains_needed())).sum::<u32>() + on_board;
            if used + u32::from(setup.trains[s]) != u32::from(map.rules.trains) {
                problems.push(format!(
                    "seat {s}: {} trains left plus {used} used is not the supply of {}",
                    setup.trains[s], map.rules.trains
                ));
            }
            route_points[s] = owned.iter().map(|r| i32::from(map.route_score(r))).sum();
        }
        for r in claimed.iter() {
            let owner = (0..n).find(|&s| setup.owned[s].contains(r)).unwrap_or(0);
            for c in closed.iter_mut() {
                c.insert(r);
            }
            if let Some(twin) = map.route(r).twin {
                if setup.owned[owner].contains(twin) {
                    problems.push(format!("seat {owner} owns both tracks of a double route"));
                }
                if claimed.contains(twin) && n < usize::from(map.rules.doubles_both_from) {
                    problems.push(format!("both tracks of a double route are claimed with {n} players"));
                }
                closed[owner].insert(twin);
                if n < usize::from(map.rules.doubles_both_from) {
                    for c in closed.iter_mut() {
                        c.insert(twin);
                    }
                }
            }
        }
        let mut ticket_deck = TicketQueue::EMPTY;
        let mut seen = TicketSet::EMPTY;
        let mut place = |t: TicketId, problems: &mut Vec<String>| {
            if t.index() >= map.tickets().len() {
                problems.push(format!("ticket {} does not exist", t.0));
            } else if seen.contains(t) {
                problems.push(format!("ticket {} is in two places", t.0));
            }
            seen.insert(t);
        };
        for &t in &setup.ticket_deck {
            place(t, &mut problems);
            if ticket_deck.len() < 64 {
                ticket_deck.push_bottom(t);
            }
        }
        for line in setup.provinces.iter() {
            let mut seen = 0u16;
            for held in line.first(n) {
                if seen & held != 0 {
                    problems.push("two trains on one provinces space".to_string());
                }
                seen |= held;
            }
        }
        for s in 0..n {
            let picks = setup.drafted[s].tickets().iter().copied();
            for t in setup.tickets[s].iter().chain(setup.offers[s].tickets().iter().copied()).chain(picks) {
                place(t, &mut problems);
            }
        }
        if !problems.is_empty() {
            return Err(SetupProblems(problems));
        }
        Ok(GameState {
            map,
            rng: Pcg64Mcg::seed_from_u64(setup.seed),
            players: n as u8,
            phase: setup.phase,
            to_move: setup.to_move,
            deck: setup.deck,
            discard: setup.discard,
            market: setup.market,
            row: Row::of(&setup.market),
            hands: setup.hands,
            known: setup.known,
            trains: setup.trains,
            route_points,
            owned: setup.owned,
            claimed,
            open_classes: crate::rules::claims::open_classes(map, crate::rules::claims::closed_to_all(&closed, n)),
            closed,
            tickets: setup.tickets,
            ticket_deck,
            offers: setup.offers,
            revealed: setup.revealed,
            turns: setup.turns,
            passes: setup.passes,
            final_turns_left: setup.final_turns_left,
            express: setup.express,
            drafted: setup.drafted,
            provinces: setup.provinces,
        })
    }

    /// Checks the invariants that hold after every action; the list of broken ones.
    /// Cards and trains are conserved, ownership is consistent, running route points equal
    /// the points recomputed from the routes held.
    pub fn check_invariants(&self) -> Result<(), SetupProblems> {
        let rebuilt = GameState::from_setup(self.map, &self.to_setup())?;
        let mut problems = Vec::new();
        if rebuilt.route_points != self.route_points {
            problems.push(format!(
                "running route points {:?} differ from recomputed {:?}",
                self.route_points, rebuilt.route_points
            ));
        }
        if rebuilt.closed != self.closed || rebuilt.claimed != self.claimed {
            problems.push("claimed or closed routes differ from those recomputed".to_string());
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SetupProblems(problems))
        }
    }
}
