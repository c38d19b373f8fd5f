//! `ttr report DIR`: a results directory of `ttr simulate` as one self-contained HTML page,
//! with the plots drawn as inline SVG and no external resource (no script, font or image).

mod charts;
mod run_facts;
mod table;

use std::io::Write;
use std::path::Path;

use crate::atomic_file::AtomicFile;
use crate::svg::escape;
use charts::{Bar, Dot, Link, Place};
use run_facts::RunFacts;
use table::Table;

/// Routes shown in the route-usage chart.
const TOP_ROUTES: usize = 20;

/// Fill of the win-rate bars.
const RATE_FILL: &str = "#7ea6cf";

/// The style sheet of the page.
const STYLE: &str = "
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
svg .board{fill:#f7f5ef;stroke:#ddd}
svg .route{stroke-width:5;stroke-linecap:round}
svg .city-dot{fill:#333;stroke:#fff;stroke-width:1.5}
svg .city{font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}
";

/// Reads the results directory `dir` and writes its report, one HTML page, to `out` (under a
/// temporary name, renamed when complete). `bots.csv`, `seats.csv` and `run.json` are
/// required; without `matchups.csv`, `tickets.csv`, `routes.csv`, `cities.csv` or
/// `scores.csv` the page notes what it leaves out. Errors name the file and, for bad
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
    let bots = Table::require(dir, "bots.csv")?;
    let seats = Table::require(dir, "seats.csv")?;
    let matchups = Table::read(dir, "matchups.csv")?;
    let tickets = Table::read(dir, "tickets.csv")?;
    let routes = Table::read(dir, "routes.csv")?;
    let cities = Table::read(dir, "cities.csv")?;
    let scores = Table::read(dir, "scores.csv")?;
    let optional = [&matchups, &tickets, &routes, &cities, &scores];
    let mut tables = optional.into_iter().flatten().chain([&bots, &seats]);
    let provisional = run.provisional() || tables.any(|t| t.has_column("provisional"));

    let map = run.text("map_name").unwrap_or_else(|| "results".to_string());
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>ttr report: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <h1>ttr report: {}</h1>\n",
        escape(&map),
        escape(&map)
    );
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
    section(&mut html, "Win rate by bot", rate_section(&bots, "bot", even)?);
    section(&mut html, "Seat advantage", rate_section(&seats, "seat", even)?);
    section(&mut html, "Head to head", matchup_section(matchups.as_ref()));
    section(&mut html, "Ticket value", ticket_section(tickets.as_ref())?);
    let route_rows = routes.as_ref().map(read_routes).transpose()?;
    section(&mut html, "Route usage", route_section(route_rows.as_deref()));
    section(
        &mut html,
        "Map: routes by claim rate",
        map_section(routes.as_ref().zip(route_rows.as_deref()), cities.as_ref())?,
    );
    section(&mut html, "Score distributions", score_section(scores.as_ref())?);
    html.push_str("</main>\n</body>\n</html>\n");
    Ok(html)
}

/// Appends a section with its heading.
fn section(html: &mut String, heading: &str, body: String) {
    html.push_str(&format!("<section>\n<h2>{}</h2>\n{body}</section>\n", escape(heading)));
}

/// A note in place of what a missing file would have shown.
fn note(text: &str) -> String {
    format!("<p class=\"note\">{}</p>\n", escape(text))
}

/// A number from an optional field, or `none`.
fn or_none(value: Option<f64>) -> String {
    value.map_or_else(|| "none".to_string(), |v| v.to_string())
}

/// A caption under a plot.
fn caption(text: &str) -> String {
    format!("<p class=\"caption\">{}</p>\n", escape(text))
}

/// A table as HTML, every column but `provisional`; numbers are right-aligned.
fn data_table(table: &Table) -> String {
    let shown: Vec<usize> = (0..table.header().len()).filter(|&i| table.header()[i] != "provisional").collect();
    let mut html = String::from("<div class=\"wide\"><table>\n<tr>");
    for &i in &shown {
        html.push_str(&format!("<th>{}</th>", escape(&table.header()[i])));
    }
    html.push_str("</tr>\n");
    for row in table.rows() {
        html.push_str("<tr>");
        for &i in &shown {
            let field = &row.fields()[i];
            let class = if field.parse::<f64>().is_ok() { " class=\"num\"" } else { "" };
            html.push_str(&format!("<td{class}>{}</td>", escape(field)));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table></div>\n");
    html
}

/// Win rates with their intervals (`bots.csv` or `seats.csv`, rows named by column `key`),
/// against an even share if known, then the table.
fn rate_section(table: &Table, key: &'static str, even: Option<f64>) -> Result<String, String> {
    let name = table.column(key)?;
    let games = table.column("games")?;
    let wins = table.column("wins")?;
    let rate = table.column("win_rate")?;
    let lo = table.column("win_rate_lo")?;
    let hi = table.column("win_rate_hi")?;
    let mean_score = table.column("mean_score")?;
    let mut bars = Vec::new();
    for row in table.rows() {
        let label = match key {
            "seat" => format!("seat {}", table.text(row, name)),
            _ => table.text(row, name).to_string(),
        };
        let (value, lo, hi) = (table.number(row, rate)?, table.number(row, lo)?, table.number(row, hi)?);
        let detail = format!(
            "{label}: {} wins in {} seat-games, win rate {} (95% interval {} to {}), mean score {}",
            table.number(row, wins)?,
            table.number(row, games)?,
            charts::percent(value),
            charts::percent(lo),
            charts::percent(hi),
            table.number(row, mean_score)?
        );
        bars.push(Bar { label, value, interval: Some((lo, hi)), fill: RATE_FILL.to_string(), detail });
    }
    if bars.is_empty() {
        return Ok(note("No rows."));
    }
    let reference = even.map(|e| (e, "even share"));
    let mut html = charts::bar_chart(&bars, reference, charts::WIDTH, &format!("win rate by {key}"));
    let whiskers = "Outright wins per seat-game; whiskers: 95% interval";
    html.push_str(&caption(&match even {
        Some(_) => format!("{whiskers}; dashed line: an even share, 1 / players."),
        None => format!("{whiskers}."),
    }));
    html.push_str(&data_table(table));
    Ok(html)
}

/// The head-to-head table, if there is one.
fn matchup_section(matchups: Option<&Table>) -> String {
    match matchups {
        Some(table) => {
            let text = "win_rate: how often bot ranked above opponent when both were at the table.";
            caption(text) + &data_table(table)
        }
        None => note("No matchups.csv: head-to-head table skipped."),
    }
}

/// The ticket-value scatter: points against completion rate, a dot per ticket and source.
fn ticket_section(tickets: Option<&Table>) -> Result<String, String> {
    let Some(table) = tickets else {
        return Ok(note("No tickets.csv: ticket value plot skipped."));
    };
    let (a, b, points, source) =
        (table.column("a")?, table.column("b")?, table.column("points")?, table.column("source")?);
    let (dealt, kept, completion) = (table.column("dealt")?, table.column("kept")?, table.column("completion_rate")?);
    let (lo, hi) = (table.column("completion_rate_lo")?, table.column("completion_rate_hi")?);
    let lift = table.column("lift")?;
    let mut groups: Vec<String> = Vec::new();
    let mut dots = Vec::new();
    let mut never_kept = 0;
    for row in table.rows() {
        let times_kept = table.number(row, kept)?;
        let rate = table.optional_number(row, completion)?;
        let Some(rate) = rate.filter(|_| times_kept > 0.0) else {
            never_kept += 1;
            continue;
        };
        let group_name = table.text(row, source);
        let group = match groups.iter().position(|g| g == group_name) {
            Some(g) => g,
            None => {
                groups.push(group_name.to_string());
                groups.len() - 1
            }
        };
        let value = table.number(row, points)?;
        let detail = format!(
            "{} – {} ({value} points, {group_name}): kept {times_kept} of {} dealt, completed {} \
             (95% interval {} to {}), win-rate lift {}",
            table.text(row, a),
            table.text(row, b),
            table.number(row, dealt)?,
            charts::percent(rate),
            charts::percent(table.number(row, lo)?),
            charts::percent(table.number(row, hi)?),
            or_none(table.optional_number(row, lift)?)
        );
        dots.push(Dot { x: value, y: rate, size: times_kept, group, detail });
    }
    if dots.is_empty() {
        return Ok(note("No ticket was ever kept: nothing to plot."));
    }
    let mut html = charts::scatter(&dots, &groups, "ticket points", "completion rate when kept", "ticket value");
    let mut text = "One dot per ticket and source: its points against how often it was completed when kept; \
                    dot area grows with the times kept. Sources are shifted apart sideways."
        .to_string();
    if never_kept > 0 {
        text.push_str(&format!(" {never_kept} rows never kept are not drawn."));
    }
    html.push_str(&caption(&text));
    Ok(html)
}

/// One row of `routes.csv`, as the page uses it.
struct RouteRow {
    a: String,
    b: String,
    label: String,
    claim_rate: f64,
    detail: String,
}

/// The rows of `routes.csv`.
fn read_routes(table: &Table) -> Result<Vec<RouteRow>, String> {
    let (index, a, b) = (table.column("route")?, table.column("a")?, table.column("b")?);
    let (length, color) = (table.column("length")?, table.column("color")?);
    let (claim_rate, mean_turn) = (table.column("claim_rate")?, table.column("mean_turn")?);
    let (owner_win_rate, lift) = (table.column("owner_win_rate")?, table.column("lift")?);
    let mut routes = Vec::new();
    for row in table.rows() {
        let (a, b) = (table.text(row, a).to_string(), table.text(row, b).to_string());
        let (index, length, color) = (table.text(row, index), table.number(row, length)?, table.text(row, color));
        let label = format!("{a} – {b} ({length}, {color}) #{index}");
        let rate = table.number(row, claim_rate)?;
        let detail = format!(
            "{label}: claimed in {} of games, mean turn {}, owner won {} (lift {})",
            charts::percent(rate),
            or_none(table.optional_number(row, mean_turn)?),
            table.optional_number(row, owner_win_rate)?.map_or_else(|| "none".to_string(), charts::percent),
            or_none(table.optional_number(row, lift)?)
        );
        routes.push(RouteRow { a, b, label, claim_rate: rate, detail });
    }
    Ok(routes)
}

/// The most claimed routes as bars coloured like the map.
fn route_section(routes: Option<&[RouteRow]>) -> String {
    let Some(routes) = routes else {
        return note("No routes.csv: route usage plot skipped.");
    };
    if routes.is_empty() {
        return note("routes.csv has no rows.");
    }
    let top_rate = routes.iter().map(|r| r.claim_rate).fold(0.0, f64::max);
    let mut ranked: Vec<&RouteRow> = routes.iter().collect();
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
fn map_section(routes: Option<(&Table, &[RouteRow])>, cities: Option<&Table>) -> Result<String, String> {
    let (Some((route_table, routes)), Some(cities)) = (routes, cities) else {
        return Ok(note("The map needs routes.csv and cities.csv: map skipped."));
    };
    let (city, x, y) = (cities.column("city")?, cities.column("x")?, cities.column("y")?);
    let mut places = Vec::new();
    for row in cities.rows() {
        let name = cities.text(row, city).to_string();
        places.push(Place { name, x: cities.number(row, x)?, y: cities.number(row, y)? });
    }
    let find = |row: &table::Row, name: &str| {
        places
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| route_table.error(row, &format!("city `{name}` is not in cities.csv")))
    };
    let mut links = Vec::new();
    for (row, route) in route_table.rows().iter().zip(routes) {
        let (a, b) = (find(row, &route.a)?, find(row, &route.b)?);
        links.push(Link { a, b, rate: route.claim_rate, detail: route.detail.clone() });
    }
    let mut html = charts::route_map(&places, &links, "map of routes coloured by claim rate");
    html.push_str(&caption(
        "Each route is a line between its cities, coloured by the share of games in which it was claimed; \
         double routes are drawn side by side. Hover a route for its numbers.",
    ));
    Ok(html)
}

/// A small plot per metric of `scores.csv`: a histogram for numbers, shares for names.
fn score_section(scores: Option<&Table>) -> Result<String, String> {
    let Some(table) = scores else {
        return Ok(note("No scores.csv: score distributions skipped."));
    };
    let (metric, value, count) = (table.column("metric")?, table.column("value")?, table.column("count")?);
    let mut metrics: Vec<(&str, Vec<(&str, f64)>)> = Vec::new();
    for row in table.rows() {
        let entry = (table.text(row, value), table.number(row, count)?);
        let name = table.text(row, metric);
        match metrics.iter_mut().find(|(m, _)| *m == name) {
            Some((_, values)) => values.push(entry),
            None => metrics.push((name, vec![entry])),
        }
    }
    if metrics.is_empty() {
        return Ok(note("scores.csv has no rows."));
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
    Ok(html)
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
