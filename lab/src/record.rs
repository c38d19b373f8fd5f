//! The public game record format (`ttr-record`, version 1; docs/game-record.md): JSON Lines, a
//! header with the map and rule set, then one line per game holding every chance outcome
//! and decision. This module holds the serde types and their conversion to and from
//! engine [`Event`]s; [`replay_record`] rebuilds games from them.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use ttr::{
    Card, CardCounts, CityData, Event, ExpressUse, GameResult, GameState, Map, MapData, MapError, ReplayProblem,
    RouteData, RouteId, TicketData, TicketId, TicketKind, TicketOffer,
};

/// The format name in the header.
pub const FORMAT: &str = "ttr-record";
/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

/// Line 1 of a record file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always `ttr-record`.
    pub format: String,
    /// Format version.
    pub version: u32,
    /// The program that wrote the file, e.g. `ttr 0.1.0`.
    pub generator: String,
    /// The board.
    pub map: MapRecord,
    /// The rule set as the engine read it, plus `provinces`.
    pub rules: serde_json::Value,
}

/// The board in a header: cities, routes and tickets in map-file order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapRecord {
    /// Map name.
    pub name: String,
    /// City names.
    pub cities: Vec<String>,
    /// Routes.
    pub routes: Vec<RouteRecord>,
    /// Tickets.
    pub tickets: Vec<TicketRecord>,
    /// Whether the map's data (tickets, board) is provisional, not the printed game's.
    #[serde(default)]
    pub provisional: bool,
}

/// One route in a header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RouteRecord {
    /// City index.
    pub a: u8,
    /// City index.
    pub b: u8,
    /// Spaces.
    pub length: u8,
    /// Colour name or `gray`.
    pub color: String,
    /// Locomotive symbols.
    pub ferry_locos: u8,
    /// Tunnel flag.
    pub tunnel: bool,
    /// Mountain symbols.
    pub mountains: u8,
    /// Index of the other track of a double route.
    pub twin: Option<u8>,
    /// Any this many cards may stand in for one card of the colour (0: no).
    #[serde(default)]
    pub any_cards: u8,
}

/// One ticket in a header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TicketRecord {
    /// City index.
    pub a: u8,
    /// City index.
    pub b: u8,
    /// Points.
    pub points: u8,
    /// `normal` or `long`.
    pub kind: TicketKind,
}

/// One game line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Game index in the run.
    pub game: u64,
    /// The game's seed.
    pub seed: u64,
    /// Number of players.
    pub players: usize,
    /// Bot spec per seat.
    pub bots: Vec<String>,
    /// Every event, in order.
    pub events: Vec<EventRecord>,
    /// The final result.
    pub result: ResultRecord,
}

/// The result of a game line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultRecord {
    /// `trains`, `passes` or `turn_cap`.
    pub end: String,
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// Winning seats, ascending.
    pub winners: Vec<u8>,
    /// Completed tickets per seat.
    pub tickets_completed: Vec<u8>,
    /// Failed tickets per seat.
    pub tickets_failed: Vec<u8>,
    /// End-of-game bonus points per seat.
    pub bonus: Vec<i32>,
}

/// A payment: card name to count.
pub type Pay = BTreeMap<Card, u8>;

/// One event as written in a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum EventRecord {
    Deal {
        s: u8,
        cards: Vec<Card>,
    },
    Market {
        cards: Vec<Option<Card>>,
        why: String,
    },
    Offer {
        s: u8,
        tickets: Vec<u8>,
    },
    Keep {
        s: u8,
        tickets: Vec<u8>,
    },
    Take {
        s: u8,
        slot: u8,
        card: Card,
    },
    Refill {
        slot: u8,
        /// `null` when the slot cannot be refilled; the key is required (GAME-RECORD).
        #[serde(deserialize_with = "Option::deserialize")]
        card: Option<Card>,
    },
    Blind {
        s: u8,
        card: Card,
    },
    Reshuffle {
        cards: u8,
    },
    Claim {
        s: u8,
        route: u8,
        pay: Pay,
    },
    Tunnel {
        s: u8,
        route: u8,
        pay: Pay,
        revealed: Vec<Card>,
    },
    TunnelPay {
        s: u8,
        pay: Pay,
    },
    TunnelBack {
        s: u8,
    },
    Tickets {
        s: u8,
    },
    Pass {
        s: u8,
    },
    Pick {
        s: u8,
        ticket: u8,
    },
    Express {
        s: u8,
        value: u8,
        #[serde(rename = "use")]
        used: String,
    },
    Province {
        s: u8,
        line: Card,
        space: u8,
    },
}

fn pay_record(pay: &CardCounts) -> Pay {
    pay.iter().collect()
}

fn pay_counts(pay: &Pay) -> Result<CardCounts, String> {
    let mut counts = CardCounts::EMPTY;
    for (&c, &n) in pay {
        counts[c] = counts[c].checked_add(n).ok_or("payment too large")?;
    }
    Ok(counts)
}

fn cards_list(cards: &CardCounts) -> Vec<Card> {
    cards.iter().flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n))).collect()
}

fn offer_list(offer: &TicketOffer) -> Vec<u8> {
    offer.tickets().iter().map(|t| t.0).collect()
}

fn offer_of(ids: &[u8], map: &Map) -> Result<TicketOffer, String> {
    if ids.len() > ttr::MAX_OFFER {
        return Err(format!("{} tickets in one offer", ids.len()));
    }
    let mut offer = TicketOffer::EMPTY;
    for &t in ids {
        if usize::from(t) >= map.tickets().len() {
            return Err(format!("no ticket {t}"));
        }
        offer.push(TicketId(t));
    }
    Ok(offer)
}

impl EventRecord {
    /// The record form of an engine event.
    #[must_use]
    pub fn from_event(event: &Event) -> EventRecord {
        match *event {
            Event::Deal { seat, cards } => EventRecord::Deal { s: seat, cards: cards_list(&cards) },
            Event::Market { cards, reset } => {
                EventRecord::Market { cards: cards.to_vec(), why: if reset { "reset" } else { "setup" }.to_string() }
            }
            Event::Offer { seat, offer } => EventRecord::Offer { s: seat, tickets: offer_list(&offer) },
            Event::Keep { seat, kept } => EventRecord::Keep { s: seat, tickets: offer_list(&kept) },
            Event::Take { seat, slot, card } => EventRecord::Take { s: seat, slot, card },
            Event::Refill { slot, card } => EventRecord::Refill { slot, card },
            Event::Blind { seat, card } => EventRecord::Blind { s: seat, card },
            Event::Reshuffle { cards } => EventRecord::Reshuffle { cards },
            Event::Claim { seat, route, pay } => EventRecord::Claim { s: seat, route: route.0, pay: pay_record(&pay) },
            Event::Tunnel { seat, route, pay, revealed } => EventRecord::Tunnel {
                s: seat,
                route: route.0,
                pay: pay_record(&pay),
                revealed: revealed.iter().flatten().copied().collect(),
            },
            Event::TunnelPay { seat, pay } => EventRecord::TunnelPay { s: seat, pay: pay_record(&pay) },
            Event::TunnelBack { seat } => EventRecord::TunnelBack { s: seat },
            Event::Tickets { seat } => EventRecord::Tickets { s: seat },
            Event::Pass { seat } => EventRecord::Pass { s: seat },
            Event::Pick { seat, ticket } => EventRecord::Pick { s: seat, ticket: ticket.0 },
            Event::Express { seat, value, used } => {
                EventRecord::Express { s: seat, value, used: used.name().to_string() }
            }
            Event::Province { seat, line, space } => EventRecord::Province { s: seat, line, space },
        }
    }

    /// The engine event this record stands for, checked against the map's sizes.
    pub fn to_event(&self, map: &Map) -> Result<Event, String> {
        let route = |r: u8| {
            if usize::from(r) < map.routes().len() {
                Ok(RouteId(r))
            } else {
                Err(format!("no route {r}"))
            }
        };
        let counts = |cards: &[Card]| {
            let mut c = CardCounts::EMPTY;
            for &card in cards {
                c[card] = c[card].saturating_add(1);
            }
            c
        };
        Ok(match self {
            EventRecord::Deal { s, cards } => Event::Deal { seat: *s, cards: counts(cards) },
            EventRecord::Market { cards, why } => {
                if cards.len() > 5 {
                    return Err(format!("{} market slots", cards.len()));
                }
                let mut row = [None; 5];
                row[..cards.len()].copy_from_slice(cards);
                let reset = match why.as_str() {
                    "setup" => false,
                    "reset" => true,
                    other => return Err(format!("unknown market reason {other:?}")),
                };
                Event::Market { cards: row, reset }
            }
            EventRecord::Offer { s, tickets } => Event::Offer { seat: *s, offer: offer_of(tickets, map)? },
            EventRecord::Keep { s, tickets } => Event::Keep { seat: *s, kept: offer_of(tickets, map)? },
            EventRecord::Take { s, slot, card } => Event::Take { seat: *s, slot: *slot, card: *card },
            EventRecord::Refill { slot, card } => Event::Refill { slot: *slot, card: *card },
            EventRecord::Blind { s, card } => Event::Blind { seat: *s, card: *card },
            EventRecord::Reshuffle { cards } => Event::Reshuffle { cards: *cards },
            EventRecord::Claim { s, route: r, pay } => {
                Event::Claim { seat: *s, route: route(*r)?, pay: pay_counts(pay)? }
            }
            EventRecord::Tunnel { s, route: r, pay, revealed } => {
                if revealed.len() > 3 {
                    return Err(format!("{} cards revealed", revealed.len()));
                }
                let mut shown = [None; 3];
                for (slot, &c) in shown.iter_mut().zip(revealed) {
                    *slot = Some(c);
                }
                Event::Tunnel { seat: *s, route: route(*r)?, pay: pay_counts(pay)?, revealed: shown }
            }
            EventRecord::TunnelPay { s, pay } => Event::TunnelPay { seat: *s, pay: pay_counts(pay)? },
            EventRecord::TunnelBack { s } => Event::TunnelBack { seat: *s },
            EventRecord::Tickets { s } => Event::Tickets { seat: *s },
            EventRecord::Pass { s } => Event::Pass { seat: *s },
            EventRecord::Pick { s, ticket } => {
                if usize::from(*ticket) >= map.tickets().len() {
                    return Err(format!("no ticket {ticket}"));
                }
                Event::Pick { seat: *s, ticket: TicketId(*ticket) }
            }
            EventRecord::Express { s, value, used } => {
                let used = [ExpressUse::Cards, ExpressUse::Tickets, ExpressUse::Province]
                    .into_iter()
                    .find(|u| u.name() == used)
                    .ok_or_else(|| format!("unknown express use {used:?}"))?;
                Event::Express { seat: *s, value: *value, used }
            }
            EventRecord::Province { s, line, space } => Event::Province { seat: *s, line: *line, space: *space },
        })
    }
}

impl ResultRecord {
    /// The record form of a game result.
    #[must_use]
    pub fn from_result(result: &GameResult) -> ResultRecord {
        let seats = result.seats();
        ResultRecord {
            end: result.end.name().to_string(),
            scores: seats.iter().map(|r| r.score).collect(),
            winners: result.winners.iter().map(|s| s.0).collect(),
            tickets_completed: seats.iter().map(|r| r.tickets_completed).collect(),
            tickets_failed: seats.iter().map(|r| r.tickets_failed).collect(),
            bonus: seats.iter().map(|r| r.bonus_points).collect(),
        }
    }
}

impl Header {
    /// The header describing `map`, written by `generator`.
    #[must_use]
    pub fn new(map: &Map, generator: &str) -> Header {
        let routes = map
            .routes()
            .iter()
            .map(|r| RouteRecord {
                a: r.a.0,
                b: r.b.0,
                length: r.length,
                color: r.color.map_or("gray", Card::name).to_string(),
                ferry_locos: r.ferry_locos,
                tunnel: r.tunnel,
                mountains: r.mountains,
                twin: r.twin.map(|t| t.0),
                any_cards: r.any_cards,
            })
            .collect();
        let tickets =
            map.tickets().iter().map(|t| TicketRecord { a: t.a.0, b: t.b.0, points: t.points, kind: t.kind }).collect();
        let rules = serde_json::to_value(&map.rules).expect("rules serialise");
        Header {
            format: FORMAT.to_string(),
            version: VERSION,
            generator: generator.to_string(),
            map: MapRecord {
                name: map.name.clone(),
                cities: map.cities().iter().map(|c| c.name.clone()).collect(),
                routes,
                tickets,
                provisional: map.provisional,
            },
            rules,
        }
    }

    /// Rebuilds and validates the map the header describes; `file` names it in errors.
    pub fn to_map(&self, file: &Path) -> Result<Map, MapError> {
        let bad = |message: String| MapError {
            file: file.to_path_buf(),
            problems: vec![ttr::MapProblem { line: Some(1), message }],
        };
        if self.format != FORMAT || self.version != VERSION {
            return Err(bad(format!(
                "header is {:?} version {}; this build reads {FORMAT} version {VERSION}",
                self.format, self.version
            )));
        }
        let rules: ttr::Rules =
            serde_json::from_value(self.rules.clone()).map_err(|e| bad(format!("header rules: {e}")))?;
        let m = &self.map;
        let city = |i: u8| m.cities.get(usize::from(i)).cloned().unwrap_or_else(|| format!("#{i}"));
        let data = MapData {
            name: m.name.clone(),
            title: String::new(),
            provisional: m.provisional,
            rules,
            cities: m.cities.iter().map(|name| CityData { name: name.clone(), x: 0.0, y: 0.0 }).collect(),
            routes: m
                .routes
                .iter()
                .enumerate()
                .map(|(i, r)| RouteData {
                    a: city(r.a),
                    b: city(r.b),
                    length: r.length,
                    color: r.color.clone(),
                    ferry_locos: r.ferry_locos,
                    tunnel: r.tunnel,
                    mountains: r.mountains,
                    double: r.twin.map(|t| i.min(usize::from(t)) as u32),
                    any_cards: r.any_cards,
                })
                .collect(),
            tickets: m
                .tickets
                .iter()
                .map(|t| TicketData { a: city(t.a), b: city(t.b), points: t.points, kind: t.kind })
                .collect(),
        };
        Map::from_data(data).map_err(|problems| MapError {
            file: file.to_path_buf(),
            problems: problems
                .into_iter()
                .map(|p| ttr::MapProblem { line: Some(1), message: format!("header map: {}", p.message) })
                .collect(),
        })
    }
}

/// Why a recorded game does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The game index.
    pub game: u64,
    /// The offending event, 0-based (`None`: the result line, or the game as a whole).
    pub event: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.event {
            Some(i) => write!(f, "game {}, event {i}: {}", self.game, self.message),
            None => write!(f, "game {}: {}", self.game, self.message),
        }
    }
}

impl std::error::Error for RecordError {}

/// Replays one recorded game on `map` with the engine's rules ([`ttr::replay`]) and checks
/// its recorded result. `on_step` sees the state after each decision with its events.
pub fn replay_record<'m>(
    map: &'m Map,
    game: &GameRecord,
    on_step: &mut dyn FnMut(&GameState<'m>, &[Event]),
) -> Result<GameState<'m>, RecordError> {
    let err = |event: Option<usize>, message: String| RecordError { game: game.game, event, message };
    let events: Vec<Event> = game
        .events
        .iter()
        .enumerate()
        .map(|(i, r)| r.to_event(map).map_err(|m| err(Some(i), m)))
        .collect::<Result<_, _>>()?;
    if game.bots.len() != game.players {
        return Err(err(None, format!("{} bots for {} players", game.bots.len(), game.players)));
    }
    let json = |e: &Event| serde_json::to_string(&EventRecord::from_event(e)).unwrap_or_default();
    let state = ttr::replay(map, game.players, &events, on_step).map_err(|e| {
        let message = match e.problem {
            ReplayProblem::Differs { got, want } => {
                format!("the rules give {} here, but the record says {}", json(&got), json(&want))
            }
            ReplayProblem::Ends { got } => format!("the record ends, but the rules continue with {}", json(&got)),
            ReplayProblem::Other(message) => message,
        };
        err(e.event, message)
    })?;
    let replayed = ResultRecord::from_result(&state.result());
    if replayed != game.result {
        let show = |r: &ResultRecord| serde_json::to_string(r).unwrap_or_default();
        return Err(err(
            None,
            format!("the recorded result {} differs from the replayed {}", show(&game.result), show(&replayed)),
        ));
    }
    Ok(state)
}
