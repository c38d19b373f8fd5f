//! Facts about one game gathered from its events, for the run statistics: which tickets
//! were dealt and kept (at setup or drawn), when tickets were completed, which kept tickets
//! ended blocked, when routes were claimed. Fixed-size; filled by a [`Tracer`], an
//! [`EventSink`] fed by the engine's [`ttr::play_game_recorded`].

use ttr::{
    play_game_recorded, Adjacency, Bot, Card, CardCounts, CitySet, Event, EventSink, ExpressUse, FixedList, GameError,
    GameResult, Map, RouteId, RouteSet, Seat, TicketId, TicketSet, MAX_SEATS,
};

use crate::joins::Joins;

/// Where a ticket came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicketSource {
    /// Dealt at setup.
    Setup = 0,
    /// Drawn in play.
    Drawn = 1,
}

/// One ticket's story in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicketTrace {
    /// Times offered, by source (index: [`TicketSource`]).
    pub dealt: [u8; 2],
    /// The seat that kept it and from which source.
    pub kept: Option<(Seat, TicketSource)>,
    /// The turn (1-based) at the end of which its holder's routes first joined its cities.
    pub completed_turn: Option<u16>,
    /// Kept, incomplete at the end of the game, and impossible to complete by then: its
    /// cities are not joined by the holder's [`usable_routes`].
    pub blocked: bool,
}

/// Everything the statistics need from one game beyond its [`GameResult`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameTrace {
    /// Per ticket, indexed by ticket id.
    pub tickets: [TicketTrace; 64],
    /// Per route: the turn (1-based) it was claimed in, 0 if never.
    pub claim_turn: [u16; 128],
    /// Per route: the seat that claimed it (meaningful when `claim_turn` is non-zero).
    pub owner: [u8; 128],
    /// Cities touched by the routes of the winners.
    pub winner_cities: CitySet,
}

impl Default for GameTrace {
    fn default() -> GameTrace {
        GameTrace {
            tickets: [TicketTrace::default(); 64],
            claim_turn: [0; 128],
            owner: [0; 128],
            winner_cities: CitySet::EMPTY,
        }
    }
}

/// Fills a [`GameTrace`] from the events of one game, from its setup on.
///
/// Turns are counted from the decisions: a turn belongs to one seat and the seats move in
/// turn, so a decision by another seat than the last one starts the next turn. Setup
/// (draft picks and the first keeps) is turn 1, like the game's first turn.
#[derive(Debug)]
pub struct Tracer<'m> {
    map: &'m Map,
    trace: GameTrace,
    /// Routes claimed by each seat.
    owned: [RouteSet; MAX_SEATS],
    /// The other tracks of the double routes claimed by each seat.
    twins: [RouteSet; MAX_SEATS],
    /// The cities each seat's routes join, and the turn each join was made.
    joins: [Joins; MAX_SEATS],
    /// Per ticket, the turn it was kept in (meaningful for kept tickets).
    kept_turn: [u16; TicketSet::CAPACITY],
    /// The seat of the turn in progress; `None` during setup.
    turn_seat: Option<u8>,
    /// Turns finished before the one in progress.
    turns_done: u16,
    /// Whether the pending offer was drawn in play (a `Tickets` decision came first).
    drawing: bool,
    /// Whether the pending offer was drawn with an express card: such offers are not
    /// counted as dealt (the statistics have always counted only plain ticket draws).
    express_draw: bool,
    /// The tunnel being attempted, until it is paid for or declined.
    tunnel: Option<RouteId>,
}

impl<'m> Tracer<'m> {
    /// A tracer for a game on `map` that has not been set up yet.
    #[must_use]
    pub fn new(map: &'m Map) -> Tracer<'m> {
        Tracer {
            map,
            trace: GameTrace::default(),
            owned: [RouteSet::EMPTY; MAX_SEATS],
            twins: [RouteSet::EMPTY; MAX_SEATS],
            joins: [Joins::new(); MAX_SEATS],
            kept_turn: [0; TicketSet::CAPACITY],
            turn_seat: None,
            turns_done: 0,
            drawing: false,
            express_draw: false,
            tunnel: None,
        }
    }

    /// The 1-based turn of an in-play decision by `seat`.
    fn turn_of(&mut self, seat: u8) -> u16 {
        if self.turn_seat != Some(seat) {
            if self.turn_seat.is_some() {
                self.turns_done += 1;
            }
            self.turn_seat = Some(seat);
        }
        self.turns_done + 1
    }

    fn claimed(&mut self, seat: u8, route: RouteId, turn: u16) {
        let s = usize::from(seat);
        self.trace.claim_turn[route.index()] = turn;
        self.trace.owner[route.index()] = seat;
        self.owned[s].insert(route);
        let route = self.map.route(route);
        if let Some(twin) = route.twin {
            self.twins[s].insert(twin);
        }
        self.joins[s].join(route.a, route.b, turn);
    }

    /// The finished trace of a game that is over with `result`: when each kept ticket was
    /// completed, which kept tickets ended blocked, the winners' cities (worked out here,
    /// once per game).
    #[must_use]
    pub fn finish(mut self, result: &GameResult) -> GameTrace {
        let map = self.map;
        let owned = &self.owned[..usize::from(result.players)];
        // The neighbours over the open routes serve every seat (see `open_routes`), found
        // when the first ticket left incomplete asks for them; so do a seat's networks.
        let mut open: Option<Adjacency> = None;
        let mut usable: [Option<Networks>; MAX_SEATS] = [None; MAX_SEATS];
        for (t, trace) in self.trace.tickets.iter_mut().enumerate().take(map.tickets().len()) {
            let Some((seat, _)) = trace.kept else { continue };
            let (ticket, s) = (map.ticket(TicketId(t as u8)), seat.index());
            trace.completed_turn =
                self.joins[s].joined_since(ticket.a, ticket.b).map(|turn| turn.max(self.kept_turn[t]));
            if trace.completed_turn.is_none() {
                let networks = usable[s].get_or_insert_with(|| {
                    let open = open.get_or_insert_with(|| Adjacency::new(map, open_routes(map, owned, &self.twins)));
                    let mut networks = Networks::new(CitySet::EMPTY);
                    open.with_routes(map, owned[s]).networks().for_each(|net| networks.push(net));
                    networks
                });
                trace.blocked = !networks.as_slice().iter().any(|net| net.contains(ticket.a) && net.contains(ticket.b));
            }
        }
        for w in result.winners.iter() {
            for r in self.owned[w.index()].iter() {
                self.trace.winner_cities.insert(self.map.route(r).a);
                self.trace.winner_cities.insert(self.map.route(r).b);
            }
        }
        self.trace
    }
}

impl EventSink for Tracer<'_> {
    #[inline]
    fn event(&mut self, event: Event) {
        // The events of every turn, followed inline; the others by `follow`.
        match event {
            Event::Take { seat, .. } | Event::Blind { seat, .. } => {
                self.turn_of(seat);
            }
            Event::Refill { .. } | Event::Market { .. } => {}
            _ => self.follow(event),
        }
    }
}

impl Tracer<'_> {
    /// Follows one event of the game.
    #[inline(never)]
    fn follow(&mut self, event: Event) {
        match event {
            Event::Offer { .. } if self.express_draw => {}
            Event::Offer { offer, .. } => {
                let source = if self.drawing { TicketSource::Drawn } else { TicketSource::Setup };
                for t in offer.tickets() {
                    self.trace.tickets[t.index()].dealt[source as usize] += 1;
                }
            }
            Event::Keep { seat, kept } => {
                let (source, turn) = if self.drawing {
                    self.drawing = false;
                    self.express_draw = false;
                    (TicketSource::Drawn, self.turn_of(seat))
                } else {
                    (TicketSource::Setup, self.turns_done + 1)
                };
                for &t in kept.tickets() {
                    self.trace.tickets[t.index()].kept = Some((Seat(seat), source));
                    self.kept_turn[t.index()] = turn;
                }
            }
            Event::Tickets { seat } => {
                self.turn_of(seat);
                self.drawing = true;
            }
            Event::Claim { seat, route, .. } => {
                let turn = self.turn_of(seat);
                self.claimed(seat, route, turn);
            }
            Event::Tunnel { seat, route, .. } => {
                self.turn_of(seat);
                self.tunnel = Some(route);
            }
            Event::TunnelPay { seat, .. } => {
                let turn = self.turn_of(seat);
                let route = self.tunnel.take().expect("a tunnel payment follows a tunnel attempt");
                self.claimed(seat, route, turn);
            }
            Event::TunnelBack { seat } => {
                self.turn_of(seat);
                self.tunnel = None;
            }
            Event::Express { seat, used, .. } => {
                self.turn_of(seat);
                self.express_draw = used == ExpressUse::Tickets;
            }
            Event::Take { seat, .. }
            | Event::Blind { seat, .. }
            | Event::Pass { seat }
            | Event::Province { seat, .. } => {
                self.turn_of(seat);
            }
            Event::Deal { .. }
            | Event::Market { .. }
            | Event::Refill { .. }
            | Event::Reshuffle { .. }
            | Event::Pick { .. } => {}
        }
    }
}

/// The networks of a set of routes: a map's 64 cities form at most 32.
type Networks = FixedList<CitySet, { CitySet::CAPACITY / 2 }>;

/// Two sinks fed the same events: a [`Tracer`] and another sink (a record, or `()`).
/// Scripted chance outcomes, when replaying, come from the other sink.
struct Both<'t, 'm, S> {
    tracer: &'t mut Tracer<'m>,
    other: &'t mut S,
}

impl<S: EventSink> EventSink for Both<'_, '_, S> {
    fn event(&mut self, event: Event) {
        self.tracer.event(event);
        self.other.event(event);
    }

    fn scripted_card(&mut self, deck: &CardCounts) -> Option<Card> {
        self.other.scripted_card(deck)
    }

    fn scripted_ticket_order(&mut self, long: bool, tickets: &mut [TicketId]) -> bool {
        self.other.scripted_ticket_order(long, tickets)
    }
}

/// Plays a whole game from `seed`, `bots[s]` in seat `s`, reporting every event to `sink`,
/// and traces what the run statistics need.
pub fn play_traced(
    map: &Map,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    sink: &mut impl EventSink,
) -> Result<(GameResult, GameTrace), GameError> {
    let mut tracer = Tracer::new(map);
    let result = play_game_recorded(map, seed, bots, &mut Both { tracer: &mut tracer, other: sink })?;
    Ok((result, tracer.finish(&result)))
}

/// The routes `seat` owns or could still claim, trains and cards aside, when seat `s` owns
/// `owned[s]` (one entry per player): its own routes, and every other route except the
/// claimed ones, the other track of a double route the seat owns and, with fewer players
/// than the rules' `doubles_both_from`, the other track of every claimed double. This is the
/// engine's `GameState::owned(seat)` joined with `GameState::open_to(seat)`, from the owners
/// alone.
#[must_use]
pub fn usable_routes(map: &Map, owned: &[RouteSet], seat: Seat) -> RouteSet {
    let twins: Vec<RouteSet> =
        owned.iter().map(|routes| routes.iter().filter_map(|r| map.route(r).twin).collect()).collect();
    open_routes(map, owned, &twins).or(owned[seat.index()]).minus(twins[seat.index()])
}

/// The routes nobody owns that some seat may still claim (trains and cards aside), when
/// seat `s` owns `owned[s]` and `twins[s]` are the other tracks of its double routes: every
/// unclaimed route but, with fewer players than the rules' `doubles_both_from`, the other
/// tracks of the claimed doubles. With a seat's own routes added they join exactly the
/// cities its [`usable_routes`] join: those left out are the other tracks of its own
/// doubles, which join the cities its own tracks join.
fn open_routes(map: &Map, owned: &[RouteSet], twins: &[RouteSet]) -> RouteSet {
    let both_tracks = owned.len() >= usize::from(map.rules.doubles_both_from);
    let mut closed = RouteSet::EMPTY;
    for (&routes, &twins) in owned.iter().zip(twins) {
        closed = closed.or(routes);
        if !both_tracks {
            closed = closed.or(twins);
        }
    }
    map.all_routes().minus(closed)
}
