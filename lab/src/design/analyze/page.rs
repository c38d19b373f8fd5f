//! `analysis.html`: the analysis of a board as one self-contained page (inline SVG, no
//! script), the board drawn as in `ttr report`.

use ttr::Map;

use super::routes::COLOURS;
use super::tickets::{TicketRow, BANDS};
use super::{Analysis, Files};
use crate::html_report::charts::{route_map, Link, Place};
use crate::html_report::{caption, data_table, html_table, note, page_start, section, PAGE_END};
use crate::svg::escape;

/// Tickets listed as the most over- and under-valued.
const TOP_TICKETS: usize = 5;
/// Connections listed as the most crowded at each player count.
const TOP_CROWDED: usize = 10;

/// The page for the analysis of `map`, with its CSV files read back in `files`.
pub(super) fn page(map: &Map, analysis: &Analysis, files: &Files) -> String {
    let mut html = page_start(&format!("ttr maps analyze: {}", map.title));
    let counts: Vec<String> = analysis.players.iter().map(u8::to_string).collect();
    html.push_str(&format!(
        "<p class=\"subtitle\">{} cities, {} tracks in {} connections, {} tickets · players {}</p>\n",
        map.cities().len(),
        map.routes().len(),
        analysis.routes.len(),
        map.tickets().len(),
        counts.join(", ")
    ));
    if map.provisional {
        html.push_str(
            "<div class=\"provisional\">⚠ Provisional: this map's data is marked provisional, \
             so this analysis is provisional too.</div>\n",
        );
    }
    section(&mut html, "Board: where the tickets want to go", board_section(map, analysis));
    for &n in &analysis.players {
        section(&mut html, &format!("Most crowded connections at {n} players"), crowding_section(analysis, n));
    }
    section(&mut html, "Ticket value against the shortest path", ticket_section(analysis, files));
    section(&mut html, "Ticket lengths beside the official maps", band_section(analysis));
    section(&mut html, "Colour by length beside the official maps", colour_section(analysis));
    section(&mut html, "Bridges and dead ends", structure_section(analysis, files));
    let supply = caption(
        "Wagon spaces: the spaces of the tracks open at each player count (the second track of a double \
         only where the rules allow it) against the trains the players hold.",
    ) + &data_table(&files.supply.1);
    section(&mut html, "Supply", supply);
    html.push_str(PAGE_END);
    html
}

/// The board with every connection coloured by its ticket demand.
fn board_section(map: &Map, analysis: &Analysis) -> String {
    let places: Vec<Place> = map.cities().iter().map(|c| Place { name: c.name.clone(), x: c.x, y: c.y }).collect();
    let first = analysis.players.first().copied().unwrap_or_default();
    let links: Vec<Link> = analysis
        .crowding
        .iter()
        .filter(|r| r.players == u64::from(first))
        .zip(&analysis.routes)
        .map(|(c, r)| {
            let index = |name: &str| places.iter().position(|p| p.name == name).unwrap_or_default();
            Link {
                a: index(&r.a),
                b: index(&r.b),
                rate: c.demand.0,
                detail: format!(
                    "{} – {} ({} trains, {}): demand {:.2}; every shortest path of {} tickets, some of {}{}",
                    r.a,
                    r.b,
                    r.trains,
                    r.colors,
                    c.demand.0,
                    c.tickets_every,
                    c.tickets_any,
                    if r.bridge { "; bridge" } else { "" }
                ),
            }
        })
        .collect();
    let mut html = route_map(&places, &links, ("demand", |v| format!("{v:.1}")), "board coloured by ticket demand");
    html.push_str(&caption(
        "Each connection (both tracks of a double are one) is coloured by its demand: the tickets expected on \
         it if every ticket's holder took one of its shortest paths (in trains) at random. Hover a line for \
         its numbers.",
    ));
    html
}

/// The connections with the most demand per open track at `players` players.
fn crowding_section(analysis: &Analysis, players: u8) -> String {
    let mut rows: Vec<_> = analysis.crowding.iter().filter(|r| r.players == u64::from(players)).collect();
    rows.sort_by(|p, q| q.demand_per_track.0.total_cmp(&p.demand_per_track.0).then(p.connection.cmp(&q.connection)));
    let header =
        ["connection", "a", "b", "trains", "open_tracks", "tickets_every", "tickets_any", "demand", "per_track"];
    let body = rows.iter().take(TOP_CROWDED).map(|r| {
        vec![
            r.connection.to_string(),
            r.a.clone(),
            r.b.clone(),
            r.trains.to_string(),
            r.open_tracks.to_string(),
            r.tickets_every.to_string(),
            r.tickets_any.to_string(),
            r.demand.to_string(),
            r.demand_per_track.to_string(),
        ]
    });
    caption(
        "demand: tickets expected on the connection (shares of their shortest paths); tickets_every: tickets \
         whose every shortest path uses it; tickets_any: tickets with some shortest path through it; per_track: \
         demand over the tracks open at this player count. All rows: crowding.csv.",
    ) + &html_table(&header, body)
}

/// The most over- and under-valued tickets, then every ticket.
fn ticket_section(analysis: &Analysis, files: &Files) -> String {
    let mut html = caption(&format!(
        "model_points: the official maps' printed tickets fitted on trains, {}. difference: points minus \
         model_points, above 0 when a ticket pays more than its shortest path.",
        analysis.model.describe()
    ));
    let mut ranked: Vec<&TicketRow> = analysis.tickets.iter().filter(|t| t.difference.is_some()).collect();
    ranked.sort_by_key(|t| (std::cmp::Reverse(t.difference), t.ticket));
    let header = ["ticket", "a", "b", "points", "trains", "model_points", "difference"];
    let row = |t: &&TicketRow| {
        let opt = |v: Option<u64>| v.map_or_else(String::new, |v| v.to_string());
        vec![
            t.ticket.to_string(),
            t.a.clone(),
            t.b.clone(),
            t.points.to_string(),
            opt(t.trains),
            opt(t.model_points),
            t.difference.map_or_else(String::new, |d| d.to_string()),
        ]
    };
    let over: Vec<&TicketRow> = ranked.iter().copied().filter(|t| t.difference > Some(0)).take(TOP_TICKETS).collect();
    let under: Vec<&TicketRow> =
        ranked.iter().rev().copied().filter(|t| t.difference < Some(0)).take(TOP_TICKETS).collect();
    for (heading, list) in [("Paying more than their path", over), ("Paying less than their path", under)] {
        html.push_str(&format!("<h3>{heading}</h3>\n"));
        html.push_str(&if list.is_empty() { note("None.") } else { html_table(&header, list.iter().map(row)) });
    }
    html.push_str("<h3>Every ticket</h3>\n");
    html + &data_table(&files.tickets.1)
}

/// The share of tickets in each length band, one row per board.
fn band_section(analysis: &Analysis) -> String {
    let labels: Vec<String> = BANDS.iter().map(|(lo, hi)| format!("{:.0}–{:.0}%", lo * 100.0, hi * 100.0)).collect();
    let mut header = vec!["board", "longest_journey"];
    header.extend(labels.iter().map(String::as_str));
    let mut rows = Vec::new();
    for chunk in analysis.bands.chunks(BANDS.len()) {
        let mut row = vec![format!("{} ({})", chunk[0].board, chunk[0].role), chunk[0].longest_journey.to_string()];
        row.extend(chunk.iter().map(|b| format!("{:.0}% ({})", b.share.0 * 100.0, b.tickets)));
        rows.push(row);
    }
    caption(
        "Share (and number) of tickets whose shortest path is in each band, as a fraction of the board's \
         longest journey: the most trains on the shortest path between any two joined cities.",
    ) + &html_table(&header, rows)
}

/// A colour by length table for each board.
fn colour_section(analysis: &Analysis) -> String {
    let mut boards: Vec<(&str, &str)> = Vec::new();
    for r in &analysis.colours {
        if !boards.contains(&(r.board.as_str(), r.role.as_str())) {
            boards.push((&r.board, &r.role));
        }
    }
    let mut html = caption("Tracks of each colour and length (each track of a double counts).");
    for (board, role) in boards {
        let rows: Vec<_> = analysis.colours.iter().filter(|r| r.board == board && r.role == role).collect();
        let mut lengths: Vec<u64> = rows.iter().map(|r| r.length).collect();
        lengths.sort_unstable();
        lengths.dedup();
        let names: Vec<String> = lengths.iter().map(|l| format!("length {l}")).collect();
        let mut header = vec!["color"];
        header.extend(names.iter().map(String::as_str));
        header.push("total");
        let body = COLOURS.iter().filter_map(|&colour| {
            let counts: Vec<u64> = lengths
                .iter()
                .map(|&l| rows.iter().find(|r| r.color == colour && r.length == l).map_or(0, |r| r.tracks))
                .collect();
            let total: u64 = counts.iter().sum();
            (total > 0).then(|| {
                let mut row = vec![colour.to_string()];
                row.extend(counts.iter().map(u64::to_string));
                row.push(total.to_string());
                row
            })
        });
        html.push_str(&format!("<h3>{} ({role})</h3>\n", escape(board)));
        html.push_str(&html_table(&header, body));
    }
    html
}

/// The bridges, the dead ends, and every city's degree.
fn structure_section(analysis: &Analysis, files: &Files) -> String {
    let bridges: Vec<String> =
        analysis.routes.iter().filter(|r| r.bridge).map(|r| format!("{} – {}", r.a, r.b)).collect();
    let dead_ends: Vec<String> = analysis.cities.iter().filter(|c| c.dead_end).map(|c| c.city.clone()).collect();
    let list = |items: &[String]| if items.is_empty() { "none".to_string() } else { items.join(", ") };
    let mut html = format!(
        "<p><b>Bridges</b> (connections whose loss splits the board; a double route is one connection): {}</p>\n\
         <p><b>Dead ends</b> (cities with one neighbour): {}</p>\n",
        escape(&list(&bridges)),
        escape(&list(&dead_ends))
    );
    html.push_str("<h3>Cities</h3>\n");
    html.push_str(&data_table(&files.cities.1));
    html
}
