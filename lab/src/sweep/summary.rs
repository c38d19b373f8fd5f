//! One row of `sweep.csv`: the figures of one setting's results directory, each with its
//! 95% interval where it has one.

use std::path::Path;

use crate::export::bots::BotRow;
use crate::export::seats::SeatRow;
use crate::export::tickets::TicketRow;
use crate::export::Table;
use crate::stats::wilson;
use crate::stats::Z95 as Z;

/// Tickets kept fewer times than this are left out of the spread of ticket values.
pub const MIN_KEPT: u64 = 30;

/// A figure with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The figure.
    pub value: f64,
    /// Low end of the interval.
    pub lo: f64,
    /// High end of the interval.
    pub hi: f64,
}

/// The figures of one setting.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Each bot's outright win rate, in the order of `bots.csv` (Wilson interval).
    pub bots: Vec<(String, Estimate)>,
    /// Outright wins per seat-game over every seat: an even share of the wins.
    pub even_share: f64,
    /// Seat 0's win rate minus the even share (Wilson interval of seat 0, shifted).
    pub seat_advantage: Estimate,
    /// Mean game length in turns (normal interval).
    pub mean_turns: Estimate,
    /// Route points over all final scores (interval by the ratio estimator over games).
    pub route_share: Estimate,
    /// Ticket points (gained minus lost) over all final scores.
    pub ticket_share: Estimate,
    /// Bonus points over all final scores.
    pub bonus_share: Estimate,
    /// Standard deviation, over the tickets kept at least [`MIN_KEPT`] times (both
    /// sources together), of a ticket's value: its mean net points per time kept.
    pub ticket_value_sd: Option<f64>,
    /// The tickets that spread is over.
    pub tickets_valued: usize,
}

/// Per game: the final scores, route, ticket and bonus points summed over its seats.
#[derive(Clone, Copy, Default)]
struct GamePoints {
    score: f64,
    route: f64,
    ticket: f64,
    bonus: f64,
}

impl Summary {
    /// Reads the results directory `dir` of `players`-player games; errors name the file
    /// and line.
    pub fn read(dir: &Path, players: usize) -> Result<Summary, String> {
        let bots = Table::<BotRow>::require(dir)?;
        let seats = Table::<SeatRow>::require(dir)?;
        let tickets = Table::<TicketRow>::require(dir)?;
        let (turns, points) = read_games(dir, players)?;
        let rate = |wins: u64, games: u64| {
            let (lo, hi) = wilson(wins, games);
            Estimate { value: if games > 0 { wins as f64 / games as f64 } else { 0.0 }, lo, hi }
        };
        let (wins, seat_games) = seats.rows().iter().fold((0, 0), |(w, g), r| (w + r.wins, g + r.games));
        let even_share = if seat_games > 0 { wins as f64 / seat_games as f64 } else { 0.0 };
        let seat0 = seats.rows().first().map_or(rate(0, 0), |r| rate(r.wins, r.games));
        let shift =
            |e: Estimate| Estimate { value: e.value - even_share, lo: e.lo - even_share, hi: e.hi - even_share };
        let values = ticket_values(tickets.rows());
        Ok(Summary {
            games: turns.len() as u64,
            bots: bots.rows().iter().map(|r| (r.bot.clone(), rate(r.wins, r.games))).collect(),
            even_share,
            seat_advantage: shift(seat0),
            mean_turns: mean(&turns),
            route_share: share(&points, |g| g.route),
            ticket_share: share(&points, |g| g.ticket),
            bonus_share: share(&points, |g| g.bonus),
            ticket_value_sd: sd(&values),
            tickets_valued: values.len(),
        })
    }
}

/// The turns and the points of every game of `dir/games.csv`, read by column name.
fn read_games(dir: &Path, players: usize) -> Result<(Vec<f64>, Vec<GamePoints>), String> {
    let path = dir.join("games.csv");
    let shown = path.display().to_string();
    let mut reader = csv::Reader::from_path(&path).map_err(|e| format!("{shown}: {e}"))?;
    let header = reader.headers().map_err(|e| format!("{shown}: {e}"))?.clone();
    let column =
        |name: String| header.iter().position(|h| h == name).ok_or_else(|| format!("{shown}:1: no column `{name}`"));
    let turns_at = column("turns".into())?;
    let mut seat_columns = Vec::new();
    for s in 0..players {
        let at = |c: &str| column(format!("{c}_{s}"));
        seat_columns.push([at("score")?, at("route_points")?, at("ticket_gained")?, at("ticket_lost")?, at("bonus")?]);
    }
    let (mut turns, mut points) = (Vec::new(), Vec::new());
    for (k, record) in reader.records().enumerate() {
        let record = record.map_err(|e| format!("{shown}: {e}"))?;
        let number = |i: usize| -> Result<f64, String> {
            let field = record.get(i).unwrap_or("");
            field.parse::<f64>().map_err(|_| format!("{shown}:{}: expected a number, found `{field}`", k + 2))
        };
        turns.push(number(turns_at)?);
        let mut game = GamePoints::default();
        for &[score, route, gained, lost, bonus] in &seat_columns {
            game.score += number(score)?;
            game.route += number(route)?;
            game.ticket += number(gained)? - number(lost)?;
            game.bonus += number(bonus)?;
        }
        points.push(game);
    }
    Ok((turns, points))
}

/// The mean with its normal interval.
fn mean(values: &[f64]) -> Estimate {
    let n = values.len() as f64;
    if values.is_empty() {
        return Estimate { value: 0.0, lo: 0.0, hi: 0.0 };
    }
    let m = values.iter().sum::<f64>() / n;
    let var = if values.len() > 1 { values.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    let half = Z * (var / n).sqrt();
    Estimate { value: m, lo: m - half, hi: m + half }
}

/// The share `sum part / sum score` over games, with the ratio estimator's normal interval
/// (games are the independent units; the seats of a game are not).
fn share(games: &[GamePoints], part: impl Fn(&GamePoints) -> f64) -> Estimate {
    let n = games.len() as f64;
    let total: f64 = games.iter().map(|g| g.score).sum();
    if games.len() < 2 || total == 0.0 {
        return Estimate { value: 0.0, lo: 0.0, hi: 0.0 };
    }
    let r = games.iter().map(&part).sum::<f64>() / total;
    let residuals: f64 = games.iter().map(|g| (part(g) - r * g.score).powi(2)).sum();
    let mean_score = total / n;
    let half = Z * (residuals / (n * (n - 1.0))).sqrt() / mean_score.abs();
    Estimate { value: r, lo: r - half, hi: r + half }
}

/// The value (mean net points per time kept) of every ticket kept at least [`MIN_KEPT`]
/// times, both sources together.
fn ticket_values(rows: &[TicketRow]) -> Vec<f64> {
    let mut tickets: Vec<(u64, u64, u64, u64)> = Vec::new();
    for row in rows {
        match tickets.iter_mut().find(|t| t.0 == row.ticket) {
            Some(t) => {
                t.2 += row.kept;
                t.3 += row.completed;
            }
            None => tickets.push((row.ticket, row.points, row.kept, row.completed)),
        }
    }
    tickets
        .iter()
        .filter(|t| t.2 >= MIN_KEPT)
        .map(|&(_, points, kept, completed)| points as f64 * (2.0 * completed as f64 - kept as f64) / kept as f64)
        .collect()
}

/// The sample standard deviation, if there are at least two values.
fn sd(values: &[f64]) -> Option<f64> {
    (values.len() >= 2).then(|| {
        let n = values.len() as f64;
        let m = values.iter().sum::<f64>() / n;
        (values.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_is_the_ratio_of_sums_with_a_ratio_interval() {
        let g = |score: f64, route: f64| GamePoints { score, route, ticket: score - route, bonus: 0.0 };
        // Route points 50 of 100 and 30 of 100: share 0.4; residuals 10 and -10; se =
        // sqrt(200 / (2 * 1)) / 100 = 0.1.
        let s = share(&[g(100.0, 50.0), g(100.0, 30.0)], |g| g.route);
        assert!((s.value - 0.4).abs() < 1e-12);
        assert!((s.hi - 0.4 - Z * 0.1).abs() < 1e-12, "{s:?}");
        let m = mean(&[1.0, 2.0, 3.0]);
        assert!((m.value - 2.0).abs() < 1e-12 && (m.hi - 2.0 - Z / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(sd(&[1.0]), None);
        assert!((sd(&[2.0, 4.0]).unwrap() - 2f64.sqrt()).abs() < 1e-12);
    }
}
