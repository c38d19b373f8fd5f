//! `ttr report DIR`: a results directory of `ttr simulate` as one self-contained HTML page,
//! with the plots drawn as inline SVG and no external resource (no script, font or image).

pub(crate) mod charts;
mod run_facts;

use std::io::Write;
use std::path::Path;

use crate::atomic_file::AtomicFile;
use crate::export::arc::ArcRow;
use crate::export::bots::BotRow;
use crate::export::cities::CityRow;
use crate::export::matchups::MatchupRow;
use crate::export::outliers::OutlierRow;
use crate::export::routes::RouteRow;
use crate::export::scores::ScoreRow;
use crate::export::seats::SeatRow;
use crate::export::tickets::TicketRow;
use crate::export::{Fixed, Table};
use crate::stats::{ratio, wilson};
use crate::svg::escape;
use charts::{Bar, Dot, Link, Place, Point};
use run_facts::RunFacts;

/// Routes shown in the route-usage chart.
const TOP_ROUTES: usize = 20;

/// Tickets shown in the blocked-tickets chart.
const TOP_BLOCKED: usize = 15;

/// Fill of the win-rate bars.
const RATE_FILL: &str = "#7ea6cf";

/// The style sheet of the page (shared with the other report pages).
pub(crate) const STYLE: &str = "
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#222;background:#fff;margin:0}
main{max-width:1000px;margin:0 auto;padding:12px 24px 48px}
h1{font-size:24px;margin:12px 0 2px}
h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{font-size:14px;margin:0 0 2px}
.subtitle{color:#555;margin:0 0 12px}
.provisional{background:#fff3cd;border:2px solid #d39e00;color:#5c4400;padding:10px 14px;font-weight:600;margin:12px 0}
table{border-collapse:collapse;margin:8px 0;font-size:13px}
th,td{padding:3px 10px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.facts th{font-weight:600;color:#555;white-space:nowrap}
.facts td{overflow-wrap:anywhere}
code{display:inline-block;max-width:100%;font-size:12px;background:#f3f3f3;padding:0 4px;margin:1px 0;border-radius:3px}
.wide{overflow-x:auto}
.note{color:#666;font-style:italic}
.caption{color:#555;font-size:13px;margin:2px 0 8px}
.small-multiples{display:flex;flex-wrap:wrap;gap:12px 24px}
.small-multiples figure{margin:0;width:360px}
svg{max-width:100%;height:auto}
svg text{font-size:12px;fill:#222}
svg .tick{font-size:11px;fill:#666}
svg .axis-title{font-size:12px;fill:#444}
svg .grid{stroke:#e8e8e8}
svg .axis{stroke:#999}
svg .ref{stroke:#666;stroke-dasharray:4 3}
svg .err{stroke:#1d2a3a;stroke-width:1.5;fill:none}
svg .dot{fill-opacity:.6;stroke:#fff;stroke-width:.8}
svg .hist{fill:#4a78a8}
svg .band{fill:#7ea6cf;fill-opacity:.35;stroke:none}
svg .curve{fill:none;stroke:#1f4e79;stroke-width:2}
svg .point{fill:#1f4e79}
svg .board{fill:#f7f5ef;stroke:#ddd}
svg .route{stroke-width:5;stroke-linecap:round}
svg .city-dot{fill:#333;stroke:#fff;stroke-width:1.5}
svg .city{font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
";

/// Reads the results directory `dir` and writes its report, one HTML page, to `out` (under a
/// temporary name, renamed when complete). `bots.csv`, `seats.csv` and `run.json` are
/// required; without `matchups.csv`, `tickets.csv`, `routes.csv`, `cities.csv`,
/// `scores.csv`, `arc.csv` or `outliers.csv` the page notes what it leaves out. Errors name the file and, for bad
/// content, the line.
pub fn write_report(dir: &Path, out: &Path) -> Result<(), String> {
    let page = page(dir)?;
    let fail = |e: std::io::Error| format!("{}: {e}", out.display());
    let mut file = AtomicFile::create(out).map_err(fail)?;
    file.writer().write_all(page.as_bytes()).map_err(fail)?;
    file.commit().map_err(fail)
}

/// The page for the results in `dir`.
fn page(dir: &Path) -> Result<String, String> {
    let run = RunFacts::read(dir)?;
    let bots = Table::<BotRow>::require(dir)?;
    let seats = Table::<SeatRow>::require(dir)?;
    let matchups = Table::<MatchupRow>::read(dir)?;
    let tickets = Table::<TicketRow>::read(dir)?;
    let routes = Table::<RouteRow>::read(dir)?;
    let cities = Table::<CityRow>::read(dir)?;
    let scores = Table::<ScoreRow>::read(dir)?;
    let arc = Table::<ArcRow>::read(dir)?;
    let outliers = Table::<OutlierRow>::read(dir)?;
    let marked = [
        bots.has_column("provisional"),
        seats.has_column("provisional"),
        matchups.as_ref().is_some_and(|t| t.has_column("provisional")),
        tickets.as_ref().is_some_and(|t| t.has_column("provisional")),
        routes.as_ref().is_some_and(|t| t.has_column("provisional")),
        cities.as_ref().is_some_and(|t| t.has_column("provisional")),
        scores.as_ref().is_some_and(|t| t.has_column("provisional")),
        arc.as_ref().is_some_and(|t| t.has_column("provisional")),
        outliers.as_ref().is_some_and(|t| t.has_column("provisional")),
    ];
    let provisional = run.provisional() || marked.contains(&true);

    let map = run.text("map_name").unwrap_or_else(|| "results".to_string());
    let mut html = page_start(&format!("ttr report: {map}"));
    let counts = [("games", "games"), ("players", "players"), ("threads", "threads")];
    let subtitle: Vec<String> =
        counts.iter().filter_map(|(key, unit)| run.text(key).map(|v| format!("{} {unit}", escape(&v)))).collect();
    html.push_str(&format!(
        "<p class=\"subtitle\">{} · {}</p>\n",
        subtitle.join(", "),
        escape(&dir.display().to_string())
    ));
    if provisional {
        html.push_str(
            "<div class=\"provisional\">⚠ Provisional: this run used map data marked provisional, \
             so these results are provisional too.</div>\n",
        );
    }
    let even = run.players().filter(|&p| p > 0).map(|p| 1.0 / p as f64);
    section(&mut html, "Run", run.html_table());
    if let Some(times) = run.decision_table() {
        section(&mut html, "Seconds per decision", times);
    }
    let bot_rates = bots.rows().iter().map(|r| Rate::of(r.bot.clone(), r));
    section(&mut html, "Win rate by bot", rate_section(&bots, bot_rates, "bot", even));
    let seat_rates = seats.rows().iter().map(|r| Rate::of(format!("seat {}", r.seat), r));
    section(&mut html, "Seat advantage", rate_section(&seats, seat_rates, "seat", even));
    section(&mut html, "Head to head", matchup_section(matchups.as_ref()));
    section(&mut html, "Ticket value", ticket_section(tickets.as_ref()));
    section(&mut html, "Blocked tickets", blocked_section(tickets.as_ref()));
    let route_rows = routes.as_ref().map(read_routes);
    section(&mut html, "Route usage", route_section(route_rows.as_deref()));
    section(
        &mut html,
        "Map: routes by claim rate",
        map_section(routes.as_ref().zip(route_rows.as_deref()), cities.as_ref())?,
    );
    section(&mut html, "Score distributions", score_section(scores.as_ref()));
    section(&mut html, "Game arc", arc_section(arc.as_ref()));
    section(&mut html, "Outliers", outlier_section(outliers.as_ref()));
    html.push_str(PAGE_END);
    Ok(html)
}

/// The start of a page titled `title`: the document head with the style sheet, then the
/// title as the heading; the caller ends it with [`PAGE_END`].
pub(crate) fn page_start(title: &str) -> String {
    let title = escape(title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n<h1>{title}</h1>\n"
    )
}

/// The end of a page begun by [`page_start`].
pub(crate) const PAGE_END: &str = "</main>\n</body>\n</html>\n";

/// Appends a section with its heading.
pub(crate) fn section(html: &mut String, heading: &str, body: String) {
    html.push_str(&format!("<section>\n<h2>{}</h2>\n{body}</section>\n", escape(heading)));
}

/// A note in place of what a missing file would have shown.
pub(crate) fn note(text: &str) -> String {
    format!("<p class=\"note\">{}</p>\n", escape(text))
}

/// A number from an optional field, or `none`.
fn or_none(value: Option<f64>) -> String {
    value.map_or_else(|| "none".to_string(), |v| v.to_string())
}

/// A caption under a plot.
pub(crate) fn caption(text: &str) -> String {
    format!("<p class=\"caption\">{}</p>\n", escape(text))
}

/// A table as HTML, its fields as in the file, every column but `provisional`; numbers are
/// right-aligned.
pub(crate) fn data_table<R>(table: &Table<R>) -> String {
    let header: Vec<&str> = table.header().collect();
    let shown: Vec<usize> = (0..header.len()).filter(|&i| header[i] != "provisional").collect();
    let names: Vec<&str> = shown.iter().map(|&i| header[i]).collect();
    let rows =
        table.texts().map(|fields| shown.iter().map(|&i| fields.get(i).unwrap_or("").to_string()).collect::<Vec<_>>());
    html_table(&names, rows)
}

/// A table as HTML: a header row of `header`, then `rows` of text (escaped); fields that are
/// numbers are right-aligned.
pub(crate) fn html_table<R, S>(header: &[&str], rows: impl IntoIterator<Item = R>) -> String
where
    R: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let mut html = String::from("<div class=\"wide\"><table>\n<tr>");
    for name in header {
        html.push_str(&format!("<th>{}</th>", escape(name)));
    }
    html.push_str("</tr>\n");
    for fields in rows {
        html.push_str("<tr>");
        for field in fields {
            let field = field.as_ref();
            let class = if field.parse::<f64>().is_ok() { " class=\"num\"" } else { "" };
            html.push_str(&format!("<td{class}>{}</td>", escape(field)));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table></div>\n");
    html
}

/// What a win-rate bar shows of a row of `bots.csv` or `seats.csv`.
struct Rate {
    label: String,
    games: u64,
    wins: u64,
    rate: f64,
    lo: f64,
    hi: f64,
    mean_score: f64,
}

/// The columns that `bots.csv` and `seats.csv` share.
trait TallyColumns {
    /// `(games, wins, win_rate, win_rate_lo, win_rate_hi, mean_score)`.
    fn columns(&self) -> (u64, u64, Fixed<6>, Fixed<6>, Fixed<6>, Fixed<4>);
}

impl TallyColumns for BotRow {
    fn columns(&self) -> (u64, u64, Fixed<6>, Fixed<6>, Fixed<6>, Fixed<4>) {
        (self.games, self.wins, self.win_rate, self.win_rate_lo, self.win_rate_hi, self.mean_score)
    }
}

impl TallyColumns for SeatRow {
    fn columns(&self) -> (u64, u64, Fixed<6>, Fixed<6>, Fixed<6>, Fixed<4>) {
        (self.games, self.wins, self.win_rate, self.win_rate_lo, self.win_rate_hi, self.mean_score)
    }
}

impl Rate {
    fn of(label: String, row: &impl TallyColumns) -> Rate {
        let (games, wins, rate, lo, hi, mean_score) = row.columns();
        Rate { label, games, wins, rate: rate.0, lo: lo.0, hi: hi.0, mean_score: mean_score.0 }
    }
}

/// Win rates with their intervals (of `bots.csv` or `seats.csv`, rows named by column `key`),
/// against an even share if known, then the table.
fn rate_section<R>(table: &Table<R>, rates: impl Iterator<Item = Rate>, key: &str, even: Option<f64>) -> String {
    let mut bars = Vec::new();
    for r in rates {
        let detail = format!(
            "{}: {} wins in {} seat-games, win rate {} (95% interval {} to {}), mean score {}",
            r.label,
            r.wins,
            r.games,
            charts::percent(r.rate),
            charts::percent(r.lo),
            charts::percent(r.hi),
            r.mean_score
        );
        bars.push(Bar {
            label: r.label,
            value: r.rate,
            interval: Some((r.lo, r.hi)),
            fill: RATE_FILL.to_string(),
            detail,
        });
    }
    if bars.is_empty() {
        return note("No rows.");
    }
    let reference = even.map(|e| (e, "even share"));
    let mut html = charts::bar_chart(&bars, reference, charts::WIDTH, &format!("win rate by {key}"));
    let whiskers = "Outright wins per seat-game; whiskers: 95% interval";
    html.push_str(&caption(&match even {
        Some(_) => format!("{whiskers}; dashed line: an even share, 1 / players."),
        None => format!("{whiskers}."),
    }));
    html.push_str(&data_table(table));
    html
}

/// The head-to-head table, if there is one.
fn matchup_section(matchups: Option<&Table<MatchupRow>>) -> String {
    match matchups {
        Some(table) => {
            let text = "win_rate: how often bot ranked above opponent when both were at the table.";
            caption(text) + &data_table(table)
        }
        None => note("No matchups.csv: head-to-head table skipped."),
    }
}

/// The ticket-value scatter: points against completion rate, a dot per ticket and source.
fn ticket_section(tickets: Option<&Table<TicketRow>>) -> String {
    let Some(table) = tickets else {
        return note("No tickets.csv: ticket value plot skipped.");
    };
    let mut groups: Vec<String> = Vec::new();
    let mut dots = Vec::new();
    let mut never_kept = 0;
    for row in table.rows() {
        let Some(rate) = row.completion_rate.filter(|_| row.kept > 0) else {
            never_kept += 1;
            continue;
        };
        let rate = rate.0;
        let group_name = &row.source;
        let group = match groups.iter().position(|g| g == group_name) {
            Some(g) => g,
            None => {
                groups.push(group_name.clone());
                groups.len() - 1
            }
        };
        let value = row.points as f64;
        let detail = format!(
            "{} – {} ({value} points, {group_name}): kept {} of {} dealt, completed {} \
             (95% interval {} to {}), win-rate lift {}",
            row.a,
            row.b,
            row.kept,
            row.dealt,
            charts::percent(rate),
            charts::percent(row.completion_rate_lo.0),
            charts::percent(row.completion_rate_hi.0),
            or_none(row.lift.map(|l| l.0))
        );
        dots.push(Dot { x: value, y: rate, size: row.kept as f64, group, detail });
    }
    if dots.is_empty() {
        return note("No ticket was ever kept: nothing to plot.");
    }
    let mut html = charts::scatter(&dots, &groups, "ticket points", "completion rate when kept", "ticket value");
    let mut text = "One dot per ticket and source: its points against how often it was completed when kept; \
                    dot area grows with the times kept. Sources are shifted apart sideways."
        .to_string();
    if never_kept > 0 {
        text.push_str(&format!(" {never_kept} rows never kept are not drawn."));
    }
    html.push_str(&caption(&text));
    html
}

/// The tickets most often blocked when kept (both sources pooled), with Wilson intervals,
/// ranked by the low end of the interval (so rarely kept tickets do not crowd the top).
fn blocked_section(tickets: Option<&Table<TicketRow>>) -> String {
    let Some(table) = tickets else {
        return note("No tickets.csv: blocked tickets skipped.");
    };
    if !table.has_column("blocked") {
        return note("tickets.csv was written before it counted blocked tickets: blocked tickets skipped.");
    }
    // Per ticket: its label, times blocked and times kept, over both sources.
    let mut pooled: Vec<(u64, String, u64, u64)> = Vec::new();
    for row in table.rows() {
        let blocked = row.blocked.unwrap_or(0);
        match pooled.iter_mut().find(|p| p.0 == row.ticket) {
            Some(p) => (p.2, p.3) = (p.2 + blocked, p.3 + row.kept),
            None => {
                let label = format!("{} – {} ({})", row.a, row.b, row.points);
                pooled.push((row.ticket, label, blocked, row.kept));
            }
        }
    }
    pooled.retain(|p| p.2 > 0);
    let low_end = |p: &(u64, String, u64, u64)| wilson(p.2, p.3).0;
    pooled.sort_by(|p, q| low_end(q).total_cmp(&low_end(p)).then(p.0.cmp(&q.0)));
    if pooled.is_empty() {
        return note("No kept ticket ended blocked.");
    }
    let bars: Vec<Bar> = pooled
        .iter()
        .take(TOP_BLOCKED)
        .map(|(_, label, blocked, kept)| {
            let (lo, hi) = wilson(*blocked, *kept);
            let value = ratio(*blocked, *kept);
            let detail = format!(
                "{label}: blocked {blocked} of {kept} times kept, {} (95% interval {} to {})",
                charts::percent(value),
                charts::percent(lo),
                charts::percent(hi)
            );
            Bar { label: label.clone(), value, interval: Some((lo, hi)), fill: RATE_FILL.to_string(), detail }
        })
        .collect();
    let mut html = charts::bar_chart(&bars, None, charts::WIDTH, "most often blocked tickets");
    html.push_str(&caption(&format!(
        "The {} tickets (ends, points) most often blocked when kept, setup and drawn together: incomplete \
         at the end with no way left to join their cities over the holder's routes and the routes still \
         open to the holder; whiskers: 95% interval, ranked by its low end.",
        bars.len()
    )));
    html
}

/// A route as the page shows it.
struct RouteView {
    a: String,
    b: String,
    label: String,
    claim_rate: f64,
    detail: String,
}

/// The rows of `routes.csv`, as the page shows them.
fn read_routes(table: &Table<RouteRow>) -> Vec<RouteView> {
    let mut routes = Vec::new();
    for row in table.rows() {
        let label = format!("{} – {} ({}, {}) #{}", row.a, row.b, row.length, row.color, row.route);
        let rate = row.claim_rate.0;
        let detail = format!(
            "{label}: claimed in {} of games, mean turn {}, owner won {} (lift {})",
            charts::percent(rate),
            or_none(row.mean_turn.map(|t| t.0)),
            row.owner_win_rate.map_or_else(|| "none".to_string(), |r| charts::percent(r.0)),
            or_none(row.lift.map(|l| l.0))
        );
        routes.push(RouteView { a: row.a.clone(), b: row.b.clone(), label, claim_rate: rate, detail });
    }
    routes
}

/// The most claimed routes as bars coloured like the map.
fn route_section(routes: Option<&[RouteView]>) -> String {
    let Some(routes) = routes else {
        return note("No routes.csv: route usage plot skipped.");
    };
    if routes.is_empty() {
        return note("routes.csv has no rows.");
    }
    let top_rate = routes.iter().map(|r| r.claim_rate).fold(0.0, f64::max);
    let mut ranked: Vec<&RouteView> = routes.iter().collect();
    ranked.sort_by(|p, q| q.claim_rate.total_cmp(&p.claim_rate));
    let bars: Vec<Bar> = ranked
        .iter()
        .take(TOP_ROUTES)
        .map(|r| Bar {
            label: r.label.clone(),
            value: r.claim_rate,
            interval: None,
            fill: charts::heat(if top_rate > 0.0 { r.claim_rate / top_rate } else { 0.0 }),
            detail: r.detail.clone(),
        })
        .collect();
    let mut html = charts::bar_chart(&bars, None, charts::WIDTH, "most claimed routes");
    let text = format!(
        "The {} most claimed of {} routes (length, colour, #index in the map file): the share of games in \
         which each was claimed.",
        bars.len(),
        routes.len()
    );
    html.push_str(&caption(&text));
    html
}

/// The map: routes between their cities, coloured by claim rate.
fn map_section(
    routes: Option<(&Table<RouteRow>, &[RouteView])>,
    cities: Option<&Table<CityRow>>,
) -> Result<String, String> {
    let (Some((route_table, routes)), Some(cities)) = (routes, cities) else {
        return Ok(note("The map needs routes.csv and cities.csv: map skipped."));
    };
    let places: Vec<Place> =
        cities.rows().iter().map(|row| Place { name: row.city.clone(), x: row.x.0, y: row.y.0 }).collect();
    let find = |k: usize, name: &str| {
        places
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| route_table.error(k, &format!("city `{name}` is not in cities.csv")))
    };
    let mut links = Vec::new();
    for (k, route) in routes.iter().enumerate() {
        let (a, b) = (find(k, &route.a)?, find(k, &route.b)?);
        links.push(Link { a, b, rate: route.claim_rate, detail: route.detail.clone() });
    }
    let mut html =
        charts::route_map(&places, &links, ("claim rate", charts::percent), "map of routes coloured by claim rate");
    html.push_str(&caption(
        "Each route is a line between its cities, coloured by the share of games in which it was claimed; \
         double routes are drawn side by side. Hover a route for its numbers.",
    ));
    Ok(html)
}

/// A small plot per metric of `scores.csv`: a histogram for numbers, shares for names.
fn score_section(scores: Option<&Table<ScoreRow>>) -> String {
    let Some(table) = scores else {
        return note("No scores.csv: score distributions skipped.");
    };
    let mut metrics: Vec<(&str, Vec<(&str, f64)>)> = Vec::new();
    for row in table.rows() {
        let entry = (row.value.as_str(), row.count as f64);
        let name = row.metric.as_str();
        match metrics.iter_mut().find(|(m, _)| *m == name) {
            Some((_, values)) => values.push(entry),
            None => metrics.push((name, vec![entry])),
        }
    }
    if metrics.is_empty() {
        return note("scores.csv has no rows.");
    }
    let mut html = String::from("<div class=\"small-multiples\">\n");
    for (name, values) in metrics {
        let total: f64 = values.iter().map(|v| v.1).sum();
        let numbers: Option<Vec<(f64, f64)>> = values.iter().map(|&(v, c)| v.parse().ok().map(|v| (v, c))).collect();
        let (plot, text) = match numbers {
            Some(numbers) => {
                let mean = numbers.iter().map(|(v, c)| v * c).sum::<f64>() / total.max(1.0);
                (charts::histogram(&numbers, name), format!("mean {mean:.1} over {total}"))
            }
            None => {
                let bars: Vec<Bar> = values
                    .iter()
                    .map(|&(v, c)| Bar {
                        label: v.to_string(),
                        value: if total > 0.0 { c / total } else { 0.0 },
                        interval: None,
                        fill: RATE_FILL.to_string(),
                        detail: format!("{v}: {c}"),
                    })
                    .collect();
                (charts::bar_chart(&bars, None, 360.0, name), format!("{total} in all"))
            }
        };
        html.push_str(&format!(
            "<figure>\n<h3>{}</h3>\n{plot}<p class=\"caption\">{}</p>\n</figure>\n",
            escape(metric_title(name)),
            escape(&text)
        ));
    }
    html.push_str("</div>\n");
    html
}

/// Routes claimed per round, with the interval of each round's mean.
fn arc_section(arc: Option<&Table<ArcRow>>) -> String {
    let Some(table) = arc else {
        return note("No arc.csv: game arc skipped.");
    };
    let points: Vec<Point> = table
        .rows()
        .iter()
        .map(|r| Point {
            x: r.round as f64,
            y: r.mean_claims.0,
            interval: (r.mean_claims_lo.0, r.mean_claims_hi.0),
            detail: format!(
                "round {}: {} routes claimed per game (95% interval {} to {}), {} games reached it ({})",
                r.round,
                r.mean_claims,
                r.mean_claims_lo,
                r.mean_claims_hi,
                r.games_reaching,
                charts::percent(r.reaching_rate.0)
            ),
        })
        .collect();
    if points.is_empty() {
        return note("arc.csv has no rows.");
    }
    let mut html = charts::curve(&points, "round", "routes claimed per game", "routes claimed per round");
    html.push_str(&caption(
        "Routes claimed in each round (a turn of every player) per game that reached it; band: 95% \
         interval. Late rounds are played by fewer games: hover a point for how many.",
    ));
    html
}

/// The games worth a look, as listed in `outliers.csv`.
fn outlier_section(outliers: Option<&Table<OutlierRow>>) -> String {
    match outliers {
        Some(table) => {
            let text = "The longest, shortest and most lopsided games, and every game that ended by passes or \
                        the turn cap; results/README.md shows how to replay one.";
            caption(text) + &data_table(table)
        }
        None => note("No outliers.csv: outliers skipped."),
    }
}

/// A heading for a metric of `scores.csv`.
fn metric_title(metric: &str) -> &str {
    match metric {
        "score" => "final score (per seat-game)",
        "route_points" => "route points (per seat-game)",
        "ticket_points" => "ticket points, gained minus lost (per seat-game)",
        "bonus" => "bonus points (per seat-game)",
        "turns" => "game length in turns (per game)",
        "end" => "how games ended",
        other => other,
    }
}
