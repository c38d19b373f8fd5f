//! The ladder page of a tournament directory: one self-contained HTML file (inline SVG and
//! CSS, no script, nothing fetched) with, per player count, the ladder drawn with its 95%
//! intervals, the ratings table, the seat terms and the "finished ahead of" matrix.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use super::cli::RunInfo;
use super::output::{read_rows, PairRow, RatingRow, SeatRow};
use super::TournamentError;
use crate::atomic_file::AtomicFile;
use crate::timing::DecisionSeconds;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

fn num(text: &str) -> f64 {
    text.parse().unwrap_or(f64::NAN)
}

/// Writes the page for the tournament directory `dir` to `out`.
pub fn write_report(dir: &Path, out: &Path) -> Result<(), TournamentError> {
    let html = render(dir)?;
    let io = |e: std::io::Error| TournamentError::Write { path: out.to_path_buf(), source: e };
    let mut file = AtomicFile::create(out).map_err(io)?;
    file.writer().write_all(html.as_bytes()).map_err(io)?;
    file.commit().map_err(io)
}

/// The page for the tournament directory `dir`.
pub fn render(dir: &Path) -> Result<String, TournamentError> {
    let ratings: Vec<RatingRow> = read_rows(&dir.join("ratings.csv"))?;
    let pairs: Vec<PairRow> = read_rows(&dir.join("pairs.csv"))?;
    let seats: Vec<SeatRow> = read_rows(&dir.join("seats.csv"))?;
    let info_path = dir.join("tournament.json");
    let info: Option<RunInfo> = std::fs::read_to_string(&info_path).ok().and_then(|t| serde_json::from_str(&t).ok());
    let mut scopes: Vec<String> = Vec::new();
    for r in &ratings {
        if !scopes.contains(&r.players) {
            scopes.push(r.players.clone());
        }
    }
    let mut h = String::new();
    let title = match &info {
        Some(i) => format!("Tournament on {}: {}", i.map, i.bots.join(", ")),
        None => format!("Tournament {}", dir.display()),
    };
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\
body{{font-family:system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}}\
table{{border-collapse:collapse;margin:1em 0;font-size:90%}}td,th{{border:1px solid #ccc;padding:3px 7px;text-align:right}}\
th{{background:#f3f3f3}}td.l,th.l{{text-align:left}}svg{{display:block;margin:1em 0}}.note{{color:#555;font-size:90%}}\
</style></head><body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    if let Some(i) = &info {
        let _ = writeln!(
            h,
            "<p class=\"note\">{} games in {} duplicate blocks, seed {}, anchor <b>{}</b> (rated 0), {} bootstrap replicates.{}</p><p class=\"note\"><code>{}</code></p>",
            i.games,
            i.blocks,
            i.seed,
            escape(&i.anchor),
            i.bootstrap,
            i.sprt.as_ref().map_or(String::new(), |s| format!(" SPRT: {}", escape(s))),
            escape(&i.command.join(" "))
        );
    }
    h.push_str("<p class=\"note\">Ratings are maximum-likelihood fits (Bradley-Terry for 2 players, Plackett-Luce on the finishing order otherwise) with a seat term; bars are 95% block-bootstrap intervals. LOS: the share of bootstrap replicates in which the bot rates above the next one.</p>\n");
    for scope in &scopes {
        let rows: Vec<&RatingRow> = ratings.iter().filter(|r| &r.players == scope).collect();
        let heading = if scope == "all" { "All player counts pooled".to_string() } else { format!("{scope} players") };
        let _ = writeln!(h, "<h2>{}</h2>", escape(&heading));
        h.push_str(&ladder_svg(&rows));
        h.push_str("<table><tr><th>#</th><th class=\"l\">bot</th><th>Elo</th><th>95% interval</th><th>LOS next</th><th>games</th><th>win rate [95%]</th><th>mean rank [95%]</th><th>mean score [95%]</th></tr>\n");
        for r in &rows {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td class=\"l\">{}{}</td><td>{}</td><td>[{}, {}]</td><td>{}</td><td>{}</td><td>{} [{}, {}]</td><td>{} [{}, {}]</td><td>{} [{}, {}]</td></tr>",
                r.place,
                escape(&r.bot),
                if r.anchor { " (anchor)" } else { "" },
                r.elo,
                r.elo_lo,
                r.elo_hi,
                r.los_next,
                r.games,
                r.win_rate,
                r.win_rate_lo,
                r.win_rate_hi,
                r.mean_rank,
                r.mean_rank_lo,
                r.mean_rank_hi,
                r.mean_score,
                r.mean_score_lo,
                r.mean_score_hi
            );
        }
        h.push_str("</table>\n");
        let seat_rows: Vec<&SeatRow> = seats.iter().filter(|s| s.players.to_string() == *scope).collect();
        if !seat_rows.is_empty() {
            h.push_str("<h3>Seats</h3><table><tr><th>seat</th><th>games</th><th>seat term (Elo vs average seat) [95%]</th><th>win rate [95%]</th><th>mean rank [95%]</th><th>mean score [95%]</th></tr>\n");
            for s in seat_rows {
                let _ = writeln!(
                    h,
                    "<tr><td>{}</td><td>{}</td><td>{} [{}, {}]</td><td>{} [{}, {}]</td><td>{} [{}, {}]</td><td>{} [{}, {}]</td></tr>",
                    s.seat,
                    s.games,
                    s.seat_elo,
                    s.seat_elo_lo,
                    s.seat_elo_hi,
                    s.win_rate,
                    s.win_rate_lo,
                    s.win_rate_hi,
                    s.mean_rank,
                    s.mean_rank_lo,
                    s.mean_rank_hi,
                    s.mean_score,
                    s.mean_score_lo,
                    s.mean_score_hi
                );
            }
            h.push_str("</table>\n");
        }
        let names: Vec<&str> = rows.iter().map(|r| r.bot.as_str()).collect();
        h.push_str("<h3>Finished ahead of</h3><p class=\"note\">Row bot's share of the games it finished ahead of the column bot (a tie counts half), with its 95% interval.</p><table><tr><th class=\"l\"></th>");
        for n in &names {
            let _ = write!(h, "<th>{}</th>", escape(n));
        }
        h.push_str("</tr>\n");
        for a in &names {
            let _ = write!(h, "<tr><th class=\"l\">{}</th>", escape(a));
            for b in &names {
                match pairs.iter().find(|p| &p.players == scope && p.bot == *a && p.opponent == *b) {
                    Some(p) => {
                        let shade = (num(&p.score) - 0.5).clamp(-0.5, 0.5);
                        let color = if shade >= 0.0 {
                            format!("rgba(40,140,60,{:.2})", shade * 1.2)
                        } else {
                            format!("rgba(200,50,50,{:.2})", -shade * 1.2)
                        };
                        let _ = write!(
                            h,
                            "<td style=\"background:{color}\" title=\"{} games: {} ahead, {} behind, {} level\">{}<br><small>[{}, {}]</small></td>",
                            p.games, p.ahead, p.behind, p.level, p.score, p.score_lo, p.score_hi
                        );
                    }
                    None => h.push_str("<td></td>"),
                }
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table>\n");
    }
    if let Some(times) = info.as_ref().map(|i| &i.decision_seconds).filter(|t| !t.is_empty()) {
        let _ = write!(
            h,
            "<h2>Seconds per decision</h2><p class=\"note\">Every decision timed on {}; percentiles within 3%, longest and mean exact.</p><table><tr>",
            times[0].clock.label()
        );
        for (k, column) in DecisionSeconds::COLUMNS.iter().enumerate() {
            let _ = write!(h, "<th{}>{column}</th>", if k == 0 { " class=\"l\"" } else { "" });
        }
        h.push_str("</tr>\n");
        for t in times {
            let [bot, rest @ ..] = t.cells();
            let _ = write!(h, "<tr><td class=\"l\">{}</td>", escape(&bot));
            for cell in rest {
                let _ = write!(h, "<td>{cell}</td>");
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table>\n");
    }
    h.push_str("</body></html>\n");
    Ok(h)
}

/// The ladder: one row per bot, a dot at its rating and a bar over its 95% interval.
fn ladder_svg(rows: &[&RatingRow]) -> String {
    let values: Vec<f64> =
        rows.iter().flat_map(|r| [num(&r.elo), num(&r.elo_lo), num(&r.elo_hi)]).filter(|x| x.is_finite()).collect();
    if values.is_empty() {
        return String::new();
    }
    let (mut lo, mut hi) = values.iter().fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    if hi - lo < 1.0 {
        lo -= 10.0;
        hi += 10.0;
    }
    let step = nice_step((hi - lo) / 6.0);
    lo = (lo / step).floor() * step;
    hi = (hi / step).ceil() * step;
    let (left, width, row, top) = (200.0, 600.0, 26.0, 20.0);
    let height = top + row * rows.len() as f64 + 40.0;
    let x = |v: f64| left + (v - lo) / (hi - lo) * width;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height:.0}\" role=\"img\" aria-label=\"ladder\" font-size=\"12\">\n",
        left + width + 30.0
    );
    let mut t = lo;
    while t <= hi + step / 2.0 {
        let _ = writeln!(
            s,
            "<line x1=\"{0:.1}\" y1=\"{top}\" x2=\"{0:.1}\" y2=\"{1:.1}\" stroke=\"#ddd\"/><text x=\"{0:.1}\" y=\"{2:.1}\" text-anchor=\"middle\" fill=\"#555\">{3}</text>",
            x(t),
            height - 30.0,
            height - 14.0,
            t
        );
        t += step;
    }
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">Elo</text>",
        left + width / 2.0,
        height - 1.0
    );
    for (i, r) in rows.iter().enumerate() {
        let y = top + row * (i as f64 + 0.5);
        let (v, a, b) = (num(&r.elo), num(&r.elo_lo), num(&r.elo_hi));
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 8.0,
            y + 4.0,
            escape(&format!("{}. {}", r.place, r.bot))
        );
        if v.is_finite() && a.is_finite() && b.is_finite() {
            let _ = writeln!(
                s,
                "<g><title>{} {} [{}, {}]</title><line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#2a6fb0\" stroke-width=\"3\"/><circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#123\"/></g>",
                escape(&r.bot),
                r.elo,
                r.elo_lo,
                r.elo_hi,
                x(a),
                x(b),
                x(v)
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

fn nice_step(raw: f64) -> f64 {
    let p = 10f64.powf(raw.max(1e-9).log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * p).find(|&s| s >= raw).unwrap_or(10.0 * p)
}
