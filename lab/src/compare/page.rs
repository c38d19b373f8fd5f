//! The page of `ttr compare`: the two runs side by side (win rates, the significant
//! differences, the distributions), drawn with the plots of `ttr report`.

use super::differences::{DifferenceRow, UnmatchedRow, FDR};
use super::distributions::{histogram, DistributionRow, METRICS};
use super::input::Side;
use crate::html_report::charts::{self, Bar};
use crate::html_report::{caption, html_table, note, page_start, section, PAGE_END};
use crate::stats::wilson;
use crate::svg::escape;

/// Bar fills of run A and run B.
const FILLS: [&str; 2] = ["#7ea6cf", "#e8a15c"];

/// The whole page.
#[must_use]
pub fn page(
    a: &Side,
    b: &Side,
    differences: &[DifferenceRow],
    unmatched: &[UnmatchedRow],
    distributions: &[DistributionRow],
) -> String {
    let name = |s: &Side| s.dir.file_name().map_or_else(|| s.dir.display().to_string(), |n| n.to_string_lossy().into());
    let mut html = page_start(&format!("ttr compare: {} against {}", name(b), name(a)));
    section(&mut html, "Runs", runs(a, b));
    let even = 1.0 / a.run.players.max(1) as f64;
    let bots = |s: &Side| s.bots.iter().map(|r| (r.bot.clone(), r.wins, r.games)).collect::<Vec<_>>();
    section(&mut html, "Win rate by bot", win_rates(&bots(a), &bots(b), even, "bot"));
    let seats = |s: &Side| s.seats.iter().map(|r| (format!("seat {}", r.seat), r.wins, r.games)).collect::<Vec<_>>();
    section(&mut html, "Win rate by seat", win_rates(&seats(a), &seats(b), even, "seat"));
    section(&mut html, "Significant differences", significant(differences));
    section(&mut html, "Distributions", distribution_plots(a, b, distributions));
    section(&mut html, "In one run only", one_run_only(unmatched));
    html.push_str(PAGE_END);
    html
}

/// What each run is.
fn runs(a: &Side, b: &Side) -> String {
    let facts = |s: &Side| {
        [
            s.dir.display().to_string(),
            s.run.map_name.clone(),
            s.run.games.to_string(),
            s.run.players.to_string(),
            s.run.bots.join(", "),
        ]
    };
    let (fa, fb) = (facts(a), facts(b));
    let labels = ["directory", "map", "games", "players", "bots"];
    let rows = (0..labels.len()).map(|i| vec![labels[i], fa[i].as_str(), fb[i].as_str()]);
    html_table(&["", "run A", "run B"], rows)
}

/// Bars of both runs' win rates, A above B for each name, against an even share.
fn win_rates(a: &[(String, u64, u64)], b: &[(String, u64, u64)], even: f64, key: &str) -> String {
    let mut bars = Vec::new();
    for (ra, rb) in a.iter().zip(b) {
        for (run, (name, wins, games), fill) in [("A", ra, FILLS[0]), ("B", rb, FILLS[1])] {
            let rate = if *games > 0 { *wins as f64 / *games as f64 } else { 0.0 };
            let (lo, hi) = wilson(*wins, *games);
            let detail = format!(
                "{name} in run {run}: {wins} wins in {games} seat-games, {} (95% interval {} to {})",
                charts::percent(rate),
                charts::percent(lo),
                charts::percent(hi)
            );
            bars.push(Bar {
                label: format!("{name} ({run})"),
                value: rate,
                interval: Some((lo, hi)),
                fill: fill.to_string(),
                detail,
            });
        }
    }
    if bars.is_empty() {
        return note("No rows.");
    }
    let mut html = charts::bar_chart(&bars, Some((even, "even share")), charts::WIDTH, &format!("win rate by {key}"));
    html.push_str(&caption(
        "Outright wins per seat-game in run A and run B; whiskers: 95% interval; dashed line: 1 / players. \
         The differences with their intervals are in differences.csv.",
    ));
    html
}

/// The table of significant differences, or a note that there are none.
fn significant(rows: &[DifferenceRow]) -> String {
    let tested = rows.iter().filter(|r| r.q_value.is_some()).count();
    let shown: Vec<&DifferenceRow> = rows.iter().filter(|r| r.significant).collect();
    if shown.is_empty() {
        return note(&format!("No difference is significant at q = {FDR} (of {tested} tested)."));
    }
    let text = |x: Option<crate::export::Fixed<6>>| x.map_or_else(String::new, |x| x.to_string());
    let fields: Vec<[String; 9]> = shown
        .iter()
        .map(|r| {
            [
                r.kind.clone(),
                r.name.clone(),
                r.metric.clone(),
                text(r.a),
                text(r.b),
                text(r.difference),
                format!("{} to {}", text(r.difference_lo), text(r.difference_hi)),
                text(r.p_value),
                text(r.q_value),
            ]
        })
        .collect();
    let header = ["kind", "name", "metric", "A", "B", "B - A", "95% interval", "p", "q"];
    let mut html = caption(&format!(
        "{} of {tested} differences are significant at a false discovery rate of {FDR} (Benjamini-Hochberg \
         over every test), by increasing p-value. Every test is in differences.csv.",
        shown.len()
    ));
    html.push_str(&html_table(&header, fields));
    html
}

/// A histogram of each metric for each run, side by side, with its mean and quantiles.
fn distribution_plots(a: &Side, b: &Side, rows: &[DistributionRow]) -> String {
    let mut html = String::from("<div class=\"small-multiples\">\n");
    for metric in METRICS {
        for (run, side) in [("a", a), ("b", b)] {
            let counts: Vec<(f64, f64)> =
                histogram(&side.scores, metric).iter().map(|&(v, c)| (v as f64, c as f64)).collect();
            let Some(row) = rows.iter().find(|r| r.metric == metric && r.run == run) else { continue };
            let (Some(mean), Some(lo), Some(hi), Some(median)) = (row.mean, row.mean_lo, row.mean_hi, row.median)
            else {
                continue;
            };
            let text = format!("mean {mean} (95% interval {lo} to {hi}), median {median}, n = {}", row.n);
            let plot = charts::histogram(&counts, &format!("{metric}, run {run}"));
            html.push_str(&format!(
                "<figure>\n<h3>{} · run {}</h3>\n{plot}<p class=\"caption\">{}</p>\n</figure>\n",
                escape(metric),
                run.to_uppercase(),
                escape(&text)
            ));
        }
    }
    html.push_str("</div>\n");
    html
}

/// The tickets and routes of one run only.
fn one_run_only(rows: &[UnmatchedRow]) -> String {
    if rows.is_empty() {
        return note("Every ticket and route is in both runs.");
    }
    let fields = rows.iter().map(|r| vec![r.kind.as_str(), r.name.as_str(), r.only_in.as_str()]);
    html_table(&["kind", "name", "only in run"], fields)
}
