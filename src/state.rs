//! The full game state: fixed-size, `Clone`, no heap, and the deal that starts a game.
//! Actions are applied in [`crate::play`] and generated in [`crate::legal`]; the rules
//! both follow are in [`crate::rules`].

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::action::{Event, EventSink, Phase};
use crate::bitset::{RouteSet, TicketSet};
use crate::by_seat::BySeat;
use crate::card::{Card, CardCounts};
use crate::ids::{Seat, TicketId};
use crate::map::Map;
use crate::rule_set::Rules;
use crate::rules::market::Row;
use crate::rules::tickets::{TicketOffer, TicketQueue};

/// Number of face-up market slots.
pub const MARKET_SLOTS: usize = 5;

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The player count is outside the map's range.
    PlayerCount {
        /// Requested.
        players: usize,
        /// The map's range.
        range: [u8; 2],
    },
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::PlayerCount { players, range } => {
                write!(f, "{players} players: this map is for {} to {} players", range[0], range[1])
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// A game in progress. Everything is fixed-size; cloning copies a few hundred bytes.
#[derive(Clone, Debug)]
pub struct GameState<'m> {
    pub(crate) map: &'m Map,
    pub(crate) rng: Pcg64Mcg,
    pub(crate) players: u8,
    pub(crate) phase: Phase,
    pub(crate) to_move: Seat,
    /// Cards in the deck; their order is drawn from `rng` when a card is taken.
    pub(crate) deck: CardCounts,
    pub(crate) discard: CardCounts,
    pub(crate) market: [Option<Card>; MARKET_SLOTS],
    /// The market as masks, kept as the market changes ([`GameState::row`]).
    pub(crate) row: Row,
    pub(crate) hands: BySeat<CardCounts>,
    /// Cards everyone knows each seat holds (taken face up, or shown and taken back).
    pub(crate) known: BySeat<CardCounts>,
    pub(crate) trains: BySeat<u8>,
    pub(crate) route_points: BySeat<i32>,
    pub(crate) owned: BySeat<RouteSet>,
    pub(crate) claimed: RouteSet,
    /// Routes each seat may no longer claim: claimed, or the twin of a claimed double.
    pub(crate) closed: BySeat<RouteSet>,
    /// The plain classes (bit `i`: `map.plain_classes()[i]`) with a route not closed to
    /// every seat in play, kept as routes close: a superset of the classes each seat may
    /// still claim from ([`open_classes`](crate::rules::claims::open_classes)).
    pub(crate) open_classes: u128,
    pub(crate) tickets: BySeat<TicketSet>,
    pub(crate) ticket_deck: TicketQueue,
    pub(crate) offers: BySeat<TicketOffer>,
    pub(crate) revealed: [Option<Card>; 3],
    pub(crate) turns: u16,
    pub(crate) passes: u8,
    pub(crate) final_turns_left: Option<u8>,
    /// Each seat's unused express cards: bit `i` is `rules.express[i]`.
    pub(crate) express: BySeat<u8>,
    /// Draft picks so far, per seat.
    pub(crate) drafted: BySeat<TicketOffer>,
    /// The provinces board: per line (card colour index), per seat, the spaces it holds
    /// (bit `i` = the line's `i`-th space).
    pub(crate) provinces: Provinces,
}

/// Trains on the provinces board: per line (card colour index), per seat, a bit per space.
pub type Provinces = [BySeat<u16>; 8];

impl<'m> GameState<'m> {
    /// Sets up a game: shuffles, deals hands, lays the market and deals the setup tickets.
    /// The game then waits for each seat, in order, to keep tickets.
    pub fn new(map: &'m Map, players: usize, seed: u64) -> Result<GameState<'m>, SetupError> {
        Self::new_recorded(map, players, seed, &mut ())
    }

    /// [`GameState::new`], reporting the chance outcomes of setup to `sink`.
    pub fn new_recorded(
        map: &'m Map,
        players: usize,
        seed: u64,
        sink: &mut impl EventSink,
    ) -> Result<GameState<'m>, SetupError> {
        let [lo, hi] = map.rules.players;
        if players < usize::from(lo) || players > usize::from(hi) {
            return Err(SetupError::PlayerCount { players, range: map.rules.players });
        }
        let rules = &map.rules;
        let mut state = GameState {
            map,
            rng: Pcg64Mcg::seed_from_u64(seed),
            players: players as u8,
            phase: Phase::SetupKeep,
            to_move: Seat(0),
            deck: rules.deck.counts(),
            discard: CardCounts::EMPTY,
            market: [None; MARKET_SLOTS],
            row: Row::of(&[None; MARKET_SLOTS]),
            hands: BySeat::splat(CardCounts::EMPTY),
            known: BySeat::splat(CardCounts::EMPTY),
            trains: BySeat::splat(0),
            route_points: BySeat::splat(0),
            owned: BySeat::splat(RouteSet::EMPTY),
            claimed: RouteSet::EMPTY,
            closed: BySeat::splat(RouteSet::EMPTY),
            open_classes: crate::rules::claims::open_classes(map, RouteSet::EMPTY),
            tickets: BySeat::splat(TicketSet::EMPTY),
            ticket_deck: TicketQueue::EMPTY,
            offers: BySeat::splat(TicketOffer::EMPTY),
            revealed: [None; 3],
            turns: 0,
            passes: 0,
            final_turns_left: None,
            express: BySeat::splat(rules.all_express()),
            drafted: BySeat::splat(TicketOffer::EMPTY),
            provinces: [BySeat::splat(0); 8],
        };
        if rules.setup_tickets.draft {
            state.phase = Phase::Draft;
        }
        for s in 0..players {
            state.trains[s] = rules.trains;
            for _ in 0..rules.starting_hand {
                let card = state.draw_card(sink).expect("validated deck holds the starting hands");
                state.hands[s][card] += 1;
            }
            sink.event(Event::Deal { seat: s as u8, cards: state.hands[s] });
        }
        state.lay_market(false, sink);

        let mut normal = [TicketId(0); 64];
        let mut n = 0;
        for t in map.normal_tickets().iter() {
            normal[n] = t;
            n += 1;
        }
        if !sink.scripted_ticket_order(false, &mut normal[..n]) {
            normal[..n].shuffle(&mut state.rng);
        }
        for &t in &normal[..n] {
            state.ticket_deck.push_bottom(t);
        }
        let mut long = [TicketId(0); 64];
        let mut m = 0;
        for t in map.long_tickets().iter() {
            long[m] = t;
            m += 1;
        }
        if !sink.scripted_ticket_order(true, &mut long[..m]) {
            long[..m].shuffle(&mut state.rng);
        }
        let mut long_dealt = 0;
        for s in 0..players {
            let mut offer = TicketOffer::EMPTY;
            for _ in 0..rules.setup_tickets.long {
                offer.push(long[long_dealt]);
                long_dealt += 1;
            }
            for _ in 0..rules.setup_tickets.deal {
                if let Some(t) = state.ticket_deck.draw() {
                    offer.push(t);
                }
            }
            state.offers[s] = offer;
            sink.event(Event::Offer { seat: s as u8, offer });
        }
        Ok(state)
    }

    /// The map being played.
    #[must_use]
    pub fn map(&self) -> &'m Map {
        self.map
    }

    /// The rule set being played.
    #[must_use]
    pub fn rules(&self) -> &'m Rules {
        &self.map.rules
    }

    /// Number of players.
    #[must_use]
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The current phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat that decides next.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// A seat's hand (hidden information: engine-side only).
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardCounts {
        self.hands[seat.index()]
    }

    /// A seat's tickets (hidden information: engine-side only).
    #[must_use]
    pub fn tickets(&self, seat: Seat) -> TicketSet {
        self.tickets[seat.index()]
    }

    /// A seat's pending ticket offer (hidden information: engine-side only).
    #[must_use]
    pub fn offer(&self, seat: Seat) -> TicketOffer {
        self.offers[seat.index()]
    }

    /// Cards in the deck (hidden information: engine-side only).
    #[must_use]
    pub fn deck(&self) -> CardCounts {
        self.deck
    }

    /// Cards in the discard pile.
    #[must_use]
    pub fn discard(&self) -> CardCounts {
        self.discard
    }

    /// The face-up cards by slot.
    #[must_use]
    pub fn market(&self) -> [Option<Card>; MARKET_SLOTS] {
        self.market
    }

    /// Cards revealed by the current tunnel attempt.
    #[must_use]
    pub fn revealed(&self) -> [Option<Card>; 3] {
        self.revealed
    }

    /// A seat's draft picks so far (hidden information: engine-side only).
    #[must_use]
    pub fn drafted(&self, seat: Seat) -> TicketOffer {
        self.drafted[seat.index()]
    }

    /// Every ticket of a seat that the others cannot see: held, offered, drafted
    /// (engine-side only).
    #[must_use]
    pub fn hidden_tickets(&self, seat: Seat) -> crate::determinize::HiddenTickets {
        let s = seat.index();
        crate::determinize::HiddenTickets { held: self.tickets[s], offer: self.offers[s], drafted: self.drafted[s] }
    }

    /// The values of a seat's unused express cards.
    pub fn express_cards(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        self.map.rules.express_values(self.express[seat.index()])
    }

    /// The provinces board (all zero on maps without one).
    #[must_use]
    pub fn provinces(&self) -> &Provinces {
        &self.provinces
    }

    /// Trains a seat has placed on the provinces board.
    #[must_use]
    pub fn province_trains(&self, seat: Seat) -> u32 {
        self.provinces.iter().map(|line| line[seat.index()].count_ones()).sum()
    }

    /// The ticket deck from top to bottom (hidden information: engine-side only).
    #[must_use]
    pub fn ticket_deck(&self) -> TicketQueue {
        self.ticket_deck
    }

    /// Trains a seat has left.
    #[must_use]
    pub fn trains(&self, seat: Seat) -> u8 {
        self.trains[seat.index()]
    }

    /// Routes a seat owns.
    #[must_use]
    pub fn owned(&self, seat: Seat) -> RouteSet {
        self.owned[seat.index()]
    }

    /// Routes anyone owns.
    #[must_use]
    pub fn claimed(&self) -> RouteSet {
        self.claimed
    }

    /// Routes this seat may still claim, trains and cards aside.
    #[must_use]
    pub fn open_to(&self, seat: Seat) -> RouteSet {
        self.map.all_routes().minus(self.closed[seat.index()])
    }

    /// Points a seat has scored so far for routes (mountain points included).
    #[must_use]
    pub fn route_points(&self, seat: Seat) -> i32 {
        self.route_points[seat.index()]
    }

    /// Turns played, setup not counted.
    #[must_use]
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// Turns left in the final round, once it has started.
    #[must_use]
    pub fn final_turns_left(&self) -> Option<u8> {
        self.final_turns_left
    }

    /// Cards everyone knows a seat holds.
    #[must_use]
    pub fn known_cards(&self, seat: Seat) -> CardCounts {
        self.known[seat.index()]
    }
}
