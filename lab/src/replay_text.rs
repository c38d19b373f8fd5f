//! Plain-text narration of a replayed game, for `ttr replay --game N`.

use std::fmt::Write as _;

use ttr::{Event, GameState, Map, RouteId, Seat, TicketOffer};

fn route_name(map: &Map, r: RouteId) -> String {
    let route = map.route(r);
    let color = route.color.map_or("gray", |c| c.name());
    format!("{}–{} ({} {color})", map.city_name(route.a), map.city_name(route.b), route.length)
}

fn tickets(map: &Map, offer: &TicketOffer) -> String {
    let names: Vec<String> = offer
        .tickets()
        .iter()
        .map(|&t| {
            let ticket = map.ticket(t);
            format!("{}–{} {}", map.city_name(ticket.a), map.city_name(ticket.b), ticket.points)
        })
        .collect();
    names.join(", ")
}

fn cards(cards: &[Option<ttr::Card>]) -> String {
    let names: Vec<&str> = cards.iter().map(|c| c.map_or("empty", |c| c.name())).collect();
    names.join(" ")
}

/// One line per event, then a status line with every seat's hand size, trains and route
/// points (public information only).
#[must_use]
pub fn narrate(state: &GameState<'_>, events: &[Event]) -> String {
    let map = state.map();
    let mut out = String::new();
    for e in events {
        let line = match *e {
            Event::Deal { seat, cards } => format!("seat {seat} is dealt {cards}"),
            Event::Market { cards: row, reset } => {
                format!("{} market: {}", if reset { "3 locomotives: new" } else { "setup" }, cards(&row))
            }
            Event::Offer { seat, offer } => format!("seat {seat} is offered {}", tickets(map, &offer)),
            Event::Keep { seat, kept } => format!("seat {seat} keeps {}", tickets(map, &kept)),
            Event::Take { seat, slot, card } => format!("seat {seat} takes the face-up {card} (slot {slot})"),
            Event::Refill { slot, card } => {
                format!("  slot {slot} refilled: {}", card.map_or("nothing left", |c| c.name()))
            }
            Event::Blind { seat, card } => format!("seat {seat} draws blind: {card}"),
            Event::Reshuffle { cards } => format!("  the discard pile ({cards} cards) is shuffled into the deck"),
            Event::Claim { seat, route, pay } => format!("seat {seat} claims {} with {pay}", route_name(map, route)),
            Event::Tunnel { seat, route, pay, revealed } => {
                format!(
                    "seat {seat} tries tunnel {} with {pay}; revealed: {}",
                    route_name(map, route),
                    cards(&revealed)
                )
            }
            Event::TunnelPay { seat, pay } => format!("seat {seat} pays {pay} more and claims the tunnel"),
            Event::TunnelBack { seat } => format!("seat {seat} takes the cards back"),
            Event::Tickets { seat } => format!("seat {seat} draws tickets"),
            Event::Pass { seat } => format!("seat {seat} passes"),
            Event::Pick { seat, ticket } => {
                let t = map.ticket(ticket);
                format!("seat {seat} drafts {}–{} {}", map.city_name(t.a), map.city_name(t.b), t.points)
            }
            Event::Express { seat, value, used } => format!("seat {seat} plays express +{value} for {}", used.name()),
            Event::Province { seat, line, space } => {
                format!("seat {seat} places a train on the {line} provinces line, space {space}")
            }
        };
        let _ = writeln!(out, "{line}");
    }
    let seats: Vec<String> = (0..state.players())
        .map(|s| {
            let seat = Seat(s as u8);
            format!(
                "s{s}: {} cards, {} tickets, {} trains, {} pts",
                state.hand(seat).total(),
                state.tickets(seat).count(),
                state.trains(seat),
                state.route_points(seat)
            )
        })
        .collect();
    let _ = writeln!(out, "    [turn {}] {}", state.turns(), seats.join(" | "));
    out
}
