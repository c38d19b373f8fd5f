//! `sweep.csv` and the page of `ttr sweep`: every figure of every setting, in a table and
//! drawn against the setting.

use std::io::{self, Write};
use std::path::Path;

use super::summary::{Estimate, Summary, MIN_KEPT};
use crate::html_report::charts::{self, SeriesPoint};
use crate::html_report::{caption, html_table, page_start, section, PAGE_END};
use crate::svg::escape;

/// One setting: its name, its value of each key, and its figures.
pub type SettingRow<'a> = (&'a str, &'a [String], &'a Summary);

/// The figures with intervals, by column name: each bot's `win_rate:BOT`, then
/// `seat_advantage`, `mean_turns`, `route_share`, `ticket_share`, `bonus_share`.
fn figures(s: &Summary) -> Vec<(String, Estimate)> {
    let mut out: Vec<(String, Estimate)> = s.bots.iter().map(|(bot, e)| (format!("win_rate:{bot}"), *e)).collect();
    out.extend([
        ("seat_advantage".to_string(), s.seat_advantage),
        ("mean_turns".to_string(), s.mean_turns),
        ("route_share".to_string(), s.route_share),
        ("ticket_share".to_string(), s.ticket_share),
        ("bonus_share".to_string(), s.bonus_share),
    ]);
    out
}

/// The header and the fields of `sweep.csv`.
fn table(keys: &[&str], rows: &[SettingRow<'_>]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header: Vec<String> =
        ["setting".to_string()].into_iter().chain(keys.iter().map(|k| k.to_string())).collect();
    header.push("games".into());
    if let Some((_, _, first)) = rows.first() {
        for (name, _) in figures(first) {
            header.extend([name.clone(), format!("{name}_lo"), format!("{name}_hi")]);
        }
    }
    header.extend(["even_share", "ticket_value_sd", "tickets_valued"].map(String::from));
    let fields = rows
        .iter()
        .map(|(name, values, s)| {
            let mut f: Vec<String> = [name.to_string()].into_iter().chain(values.iter().cloned()).collect();
            f.push(s.games.to_string());
            for (_, e) in figures(s) {
                f.extend([e.value, e.lo, e.hi].map(|v| format!("{v:.6}")));
            }
            f.push(format!("{:.6}", s.even_share));
            f.push(s.ticket_value_sd.map_or_else(String::new, |v| format!("{v:.4}")));
            f.push(s.tickets_valued.to_string());
            f
        })
        .collect();
    (header, fields)
}

/// Writes `sweep.csv`: one row per setting, in grid order.
pub fn write_csv(w: impl Write, keys: &[&str], rows: &[SettingRow<'_>]) -> io::Result<()> {
    let (header, fields) = table(keys, rows);
    let mut csv = csv::WriterBuilder::new().has_headers(false).from_writer(w);
    csv.write_record(&header)?;
    for f in fields {
        csv.write_record(&f)?;
    }
    csv.flush()
}

/// The page: a plot per figure against the setting, then the table of `sweep.csv`.
#[must_use]
pub fn page(map: &Path, keys: &[&str], rows: &[SettingRow<'_>]) -> String {
    let mut html = page_start(&format!("ttr sweep: {}", keys.join(" × ")));
    html.push_str(&format!(
        "<p class=\"subtitle\">{} settings of {}, the same seeds for each</p>\n",
        rows.len(),
        escape(&map.display().to_string())
    ));
    let x_title = keys.join(", ");
    let label = |values: &[String]| values.join(", ");
    let mut plots = String::from("<div class=\"small-multiples\">\n");
    let names: Vec<String> = rows.first().map(|r| figures(r.2).into_iter().map(|f| f.0).collect()).unwrap_or_default();
    for (k, name) in names.iter().enumerate() {
        let points: Vec<SeriesPoint> = rows
            .iter()
            .map(|(setting, values, s)| {
                let e = figures(s)[k].1;
                SeriesPoint {
                    label: label(values),
                    value: e.value,
                    interval: Some((e.lo, e.hi)),
                    detail: format!("{setting}: {name} {:.4} (95% interval {:.4} to {:.4})", e.value, e.lo, e.hi),
                }
            })
            .collect();
        let reference = if name == "seat_advantage" { Some((0.0, "even")) } else { None };
        plots.push_str(&format!(
            "<figure>\n<h3>{}</h3>\n{}</figure>\n",
            escape(name),
            charts::series(&points, reference, &x_title, name)
        ));
    }
    let spread: Vec<SeriesPoint> = rows
        .iter()
        .filter_map(|(setting, values, s)| {
            let sd = s.ticket_value_sd?;
            let detail = format!("{setting}: {sd:.4} over {} tickets", s.tickets_valued);
            Some(SeriesPoint { label: label(values), value: sd, interval: None, detail })
        })
        .collect();
    if !spread.is_empty() {
        plots.push_str(&format!(
            "<figure>\n<h3>ticket_value_sd</h3>\n{}</figure>\n",
            charts::series(&spread, None, &x_title, "ticket_value_sd")
        ));
    }
    plots.push_str("</div>\n");
    plots.push_str(&caption(&format!(
        "Each figure against the setting; whiskers: 95% intervals. win_rate: outright wins per seat-game; \
         seat_advantage: seat 0's win rate minus the even share (all wins over all seat-games); shares: \
         route, ticket (gained minus lost) and bonus points over all final scores; ticket_value_sd: the \
         standard deviation, over the tickets kept at least {MIN_KEPT} times, of their mean net points per \
         time kept."
    )));
    section(&mut html, "Figures against the setting", plots);
    let (header, fields) = table(keys, rows);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    section(&mut html, "sweep.csv", html_table(&header, fields));
    html.push_str(PAGE_END);
    html
}
