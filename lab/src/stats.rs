//! Integer counters merged in game order, and the intervals derived from them.

use serde::{Deserialize, Serialize};
use ttr::{GameResult, Map, Seat, MAX_SEATS};

use crate::histogram::Histogram;
use crate::outliers::{GameNote, Outliers};
use crate::route_tallies::RouteTallies;
use crate::runner::GameOutcome;

/// Counters for one group of seat-games (one bot, or one seat).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Seat-games played.
    pub games: u64,
    /// Games won outright.
    pub wins: u64,
    /// Games won jointly with others (shared wins).
    pub draws: u64,
    /// Sum of final scores.
    pub score_sum: i64,
    /// Sum of squared final scores.
    pub score_sq_sum: i64,
    /// Sum of ranks (1 = won).
    pub rank_sum: u64,
}

impl Tally {
    /// Counts one seat's result in `outcome`, where it ranked `rank` (see [`rank`]).
    pub fn add(&mut self, outcome: &GameOutcome, seat: usize, rank: u64) {
        let score = i64::from(outcome.result.seats[seat].score);
        self.games += 1;
        self.score_sum += score;
        self.score_sq_sum += score * score;
        self.rank_sum += rank;
        let winners = outcome.result.winners;
        if winners.contains(Seat(seat as u8)) {
            if winners.count() == 1 {
                self.wins += 1;
            } else {
                self.draws += 1;
            }
        }
    }

    /// Adds another group's counters.
    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.wins += o.wins;
        self.draws += o.draws;
        self.score_sum += o.score_sum;
        self.score_sq_sum += o.score_sq_sum;
        self.rank_sum += o.rank_sum;
    }

    /// Outright wins per game.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        ratio(self.wins, self.games)
    }

    /// 95% Wilson score interval of the outright win rate.
    #[must_use]
    pub fn win_rate_interval(&self) -> (f64, f64) {
        wilson(self.wins, self.games)
    }

    /// Mean final score.
    #[must_use]
    pub fn mean_score(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.score_sum as f64 / self.games as f64
        }
    }

    /// Mean rank (1 = won).
    #[must_use]
    pub fn mean_rank(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.rank_sum as f64 / self.games as f64
        }
    }

    /// Sample standard deviation of the final score.
    #[must_use]
    pub fn sd_score(&self) -> f64 {
        if self.games < 2 {
            return 0.0;
        }
        let n = self.games as f64;
        let sum = self.score_sum as f64;
        let var = (self.score_sq_sum as f64 - sum * sum / n) / (n - 1.0);
        var.max(0.0).sqrt()
    }
}

/// The seat that won `result` outright, or `u8::MAX` (no seat) when it was shared.
fn sole_winner(result: &GameResult) -> u8 {
    let winners = result.winners;
    winners.first_item().filter(|_| winners.count() == 1).map_or(u8::MAX, |s| s.0)
}

/// Rank of `seat` in a result: 1 for the winners, else 1 + the players with a higher score
/// or a win.
#[must_use]
pub fn rank(result: &GameResult, seat: usize) -> u64 {
    let seats = result.seats();
    if result.winners.contains(Seat(seat as u8)) {
        return 1;
    }
    let ahead = (0..seats.len())
        .filter(|&t| result.winners.contains(Seat(t as u8)) || seats[t].score > seats[seat].score)
        .count();
    1 + ahead as u64
}

/// Head-to-head counters of one bot against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matchup {
    /// Games in which both sat at the table.
    pub games: u64,
    /// Games in which the bot ranked above the opponent.
    pub ahead: u64,
    /// Games in which it ranked below.
    pub behind: u64,
}

/// Counters of one ticket from one source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TicketTally {
    /// Times offered.
    pub dealt: u64,
    /// Times kept.
    pub kept: u64,
    /// Times completed when kept.
    pub completed: u64,
    /// Sum of +points (completed) and -points (failed) over the times kept.
    pub net_points: i64,
    /// Outright wins of the seats that kept it.
    pub held_wins: u64,
    /// Sum of the turns at which it was completed.
    pub completion_turn_sum: u64,
    /// Times kept and blocked at the end ([`crate::trace::TicketTrace::blocked`]).
    pub blocked: u64,
}

/// Counters of one city.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CityTally {
    /// Completed tickets with this city as an end.
    pub completed_tickets: u64,
    /// Games in which a winner's routes touch the city.
    pub winner_network: u64,
}

/// Counters of one round of the game arc; a round is one turn of every seat, so round `r`
/// (1-based) of a game of `p` players holds its turns `(r - 1) * p + 1 ..= r * p`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundTally {
    /// Games that reached the round: played at least its first turn.
    pub games: u64,
    /// Routes claimed in the round, summed over those games.
    pub claims: u64,
    /// Sum over those games of the square of the routes claimed in the round.
    pub claims_sq: u64,
}

/// Distributions: how many seat-games (or games) had each value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Distributions {
    /// Final score per seat-game.
    pub score: Histogram,
    /// Route points per seat-game.
    pub route_points: Histogram,
    /// Ticket points gained minus lost per seat-game.
    pub ticket_points: Histogram,
    /// Bonus points per seat-game.
    pub bonus: Histogram,
    /// Turns per game.
    pub turns: Histogram,
    /// Games by how they ended: trains, passes, turn cap.
    pub end: [u64; 3],
}

/// Every counter of a run, merged game by game in game order (integers only, so the
/// result does not depend on how the games were split over threads).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStats {
    /// Games counted.
    pub games: u64,
    /// Outright wins over all seat-games.
    pub wins: u64,
    /// Seat-games counted.
    pub seat_games: u64,
    /// Per distinct bot.
    pub bots: Vec<Tally>,
    /// Per seat.
    pub seats: Vec<Tally>,
    /// `matchups[a][b]`: bot `a` against bot `b`.
    pub matchups: Vec<Vec<Matchup>>,
    /// Per ticket, per source (`[setup, drawn]`).
    pub tickets: Vec<[TicketTally; 2]>,
    /// Per ticket: seat-games in which it was held (any source), and their outright wins.
    pub ticket_held: Vec<(u64, u64)>,
    /// Per route.
    pub routes: RouteTallies,
    /// Per city.
    pub cities: Vec<CityTally>,
    /// Score and game-length distributions.
    pub distributions: Distributions,
    /// The game arc: per round, from round 1, as far as the longest game went.
    pub arc: Vec<RoundTally>,
    /// The games worth a look.
    pub outliers: Outliers,
    bot_of: Vec<usize>,
}

impl RunStats {
    /// Empty counters for a run on `map` with `players` seats; `bot_of[i]` is the distinct
    /// bot that the runner's bot index `i` stands for, among `distinct` bots.
    #[must_use]
    pub fn new(map: &Map, players: usize, bot_of: Vec<usize>, distinct: usize) -> RunStats {
        RunStats {
            games: 0,
            wins: 0,
            seat_games: 0,
            bots: vec![Tally::default(); distinct],
            seats: vec![Tally::default(); players],
            matchups: vec![vec![Matchup::default(); distinct]; distinct],
            tickets: vec![[TicketTally::default(); 2]; map.tickets().len()],
            ticket_held: vec![(0, 0); map.tickets().len()],
            routes: RouteTallies::new(map.routes().len()),
            cities: vec![CityTally::default(); map.cities().len()],
            distributions: Distributions::default(),
            arc: Vec::new(),
            outliers: Outliers::default(),
            bot_of,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, map: &Map, o: &GameOutcome) {
        let sole_winner = sole_winner(&o.result);
        self.games += 1;
        self.add_seats(o, sole_winner);
        self.add_tickets(map, o, sole_winner);
        self.routes.add(&o.trace.claim_turn, &o.trace.owner, sole_winner);
        self.add_arc(o);
        for c in o.trace.winner_cities.iter() {
            self.cities[c.index()].winner_network += 1;
        }
        self.outliers.add(&GameNote::of(o));
    }

    /// Counts the seats of one game: the bots', the seats' and the matchups' tallies, and
    /// the distributions. `sole_winner` is [`sole_winner`] of the game.
    fn add_seats(&mut self, o: &GameOutcome, sole_winner: u8) {
        let result = &o.result;
        // The distinct bots at the table, each with its best rank.
        let mut best_rank = [(0usize, 0u64); MAX_SEATS];
        let mut at_table = 0;
        for (s, r) in result.seats().iter().enumerate() {
            let bot = self.bot_of[usize::from(o.lineup[s])];
            let rank = rank(result, s);
            self.bots[bot].add(o, s, rank);
            self.seats[s].add(o, s, rank);
            self.seat_games += 1;
            self.wins += u64::from(s == usize::from(sole_winner));
            match best_rank[..at_table].iter_mut().find(|(b, _)| *b == bot) {
                Some((_, best)) => *best = (*best).min(rank),
                None => {
                    best_rank[at_table] = (bot, rank);
                    at_table += 1;
                }
            }
            let d = &mut self.distributions;
            d.score.add(r.score);
            d.route_points.add(r.route_points);
            d.ticket_points.add(r.ticket_points_gained - r.ticket_points_lost);
            d.bonus.add(r.bonus_points);
        }
        self.distributions.turns.add(i32::from(result.turns));
        self.distributions.end[result.end as usize] += 1;
        for &(a, ra) in &best_rank[..at_table] {
            for &(b, rb) in best_rank[..at_table].iter().filter(|(b, _)| *b != a) {
                let m = &mut self.matchups[a][b];
                m.games += 1;
                m.ahead += u64::from(ra < rb);
                m.behind += u64::from(ra > rb);
            }
        }
    }

    /// Counts the tickets of one game and the cities of those completed. `sole_winner` is
    /// [`sole_winner`] of the game.
    fn add_tickets(&mut self, map: &Map, o: &GameOutcome, sole_winner: u8) {
        // Each ticket's tallies, trace and card walked together, with no index to check.
        let traces = o.trace.tickets.iter().zip(map.tickets());
        for ((tallies, held), (trace, ticket)) in self.tickets.iter_mut().zip(&mut self.ticket_held).zip(traces) {
            for (tally, &dealt) in tallies.iter_mut().zip(&trace.dealt) {
                tally.dealt += u64::from(dealt);
            }
            let Some((seat, source)) = trace.kept else { continue };
            let tally = &mut tallies[source as usize];
            let points = i64::from(ticket.points);
            tally.kept += 1;
            let win = u64::from(seat.0 == sole_winner);
            tally.held_wins += win;
            held.0 += 1;
            held.1 += win;
            match trace.completed_turn {
                Some(turn) => {
                    tally.completed += 1;
                    tally.net_points += points;
                    tally.completion_turn_sum += u64::from(turn);
                    self.cities[ticket.a.index()].completed_tickets += 1;
                    self.cities[ticket.b.index()].completed_tickets += 1;
                }
                None => tally.net_points -= points,
            }
            tally.blocked += u64::from(trace.blocked);
        }
    }

    /// Counts the routes claimed in each round of one game (the game arc), in one pass
    /// over the routes without a branch on whether a route was claimed, which is as good as
    /// random.
    fn add_arc(&mut self, o: &GameOutcome) {
        let players = u16::from(o.result.players).max(1);
        let rounds = usize::from(o.result.turns.div_ceil(players));
        if self.arc.len() < rounds {
            self.arc.resize(rounds, RoundTally::default());
        }
        // This game's claims by round (a claim's turn is at most the game's last; a game has
        // at most 128 routes to claim), counted on the stack unless the game was very long:
        // a claim of turn `t` in slot `ceil(t / players)`, which is 1 + its 0-based round,
        // so the routes nobody claimed (turn 0) land in slot 0.
        let (mut on_stack, mut on_heap) = ([0u8; 513], Vec::new());
        let claims = if rounds < on_stack.len() {
            &mut on_stack[..=rounds]
        } else {
            on_heap.resize(rounds + 1, 0u8);
            &mut on_heap[..]
        };
        // `ceil(t / players)`, `(t + players - 1) / players`, as a multiplication: exact for
        // numerators below 2^17, since the error, below 2^-15, never carries past the next
        // whole number for at most 5 seats.
        let per_player = (1u64 << 32) / u64::from(players) + 1;
        let round_up = u64::from(players) - 1;
        for &turn in &o.trace.claim_turn[..self.routes.len()] {
            claims[(((u64::from(turn) + round_up) * per_player) >> 32) as usize] += 1;
        }
        for (tally, &n) in self.arc.iter_mut().zip(claims[1..].iter()) {
            let n = u64::from(n);
            tally.games += 1;
            tally.claims += n;
            tally.claims_sq += n * n;
        }
    }

    /// Adds the counters of `other`, a run with the same map, seats and bots (e.g. another
    /// shard of the same run): the result is what counting both runs' games in order gives.
    /// Refuses counters of another shape, changing nothing.
    pub fn merge(&mut self, other: &RunStats) -> Result<(), String> {
        let shape = |r: &RunStats| {
            (r.bots.len(), r.seats.len(), r.matchups.len(), r.tickets.len(), r.routes.len(), r.cities.len())
        };
        if shape(self) != shape(other)
            || self.bot_of != other.bot_of
            || self.ticket_held.len() != other.ticket_held.len()
            || other.matchups.iter().any(|row| row.len() != self.bots.len())
        {
            return Err("the counters do not fit this run's map, seats and bots".into());
        }
        self.games += other.games;
        self.wins += other.wins;
        self.seat_games += other.seat_games;
        for (mine, theirs) in self.bots.iter_mut().zip(&other.bots).chain(self.seats.iter_mut().zip(&other.seats)) {
            mine.merge(theirs);
        }
        for (mine, theirs) in self.matchups.iter_mut().flatten().zip(other.matchups.iter().flatten()) {
            mine.games += theirs.games;
            mine.ahead += theirs.ahead;
            mine.behind += theirs.behind;
        }
        for (mine, theirs) in self.tickets.iter_mut().flatten().zip(other.tickets.iter().flatten()) {
            mine.dealt += theirs.dealt;
            mine.kept += theirs.kept;
            mine.completed += theirs.completed;
            mine.net_points += theirs.net_points;
            mine.held_wins += theirs.held_wins;
            mine.completion_turn_sum += theirs.completion_turn_sum;
            mine.blocked += theirs.blocked;
        }
        for (mine, theirs) in self.ticket_held.iter_mut().zip(&other.ticket_held) {
            mine.0 += theirs.0;
            mine.1 += theirs.1;
        }
        self.routes.merge(&other.routes);
        for (mine, theirs) in self.cities.iter_mut().zip(&other.cities) {
            mine.completed_tickets += theirs.completed_tickets;
            mine.winner_network += theirs.winner_network;
        }
        let (d, o) = (&mut self.distributions, &other.distributions);
        for (mine, theirs) in [
            (&mut d.score, &o.score),
            (&mut d.route_points, &o.route_points),
            (&mut d.ticket_points, &o.ticket_points),
            (&mut d.bonus, &o.bonus),
            (&mut d.turns, &o.turns),
        ] {
            mine.merge(theirs);
        }
        for (mine, theirs) in d.end.iter_mut().zip(&o.end) {
            *mine += theirs;
        }
        if self.arc.len() < other.arc.len() {
            self.arc.resize(other.arc.len(), RoundTally::default());
        }
        for (mine, theirs) in self.arc.iter_mut().zip(&other.arc) {
            mine.games += theirs.games;
            mine.claims += theirs.claims;
            mine.claims_sq += theirs.claims_sq;
        }
        self.outliers.merge(&other.outliers);
        Ok(())
    }

    /// Outright wins per seat-game over the whole run.
    #[must_use]
    pub fn base_win_rate(&self) -> f64 {
        ratio(self.wins, self.seat_games)
    }
}

/// `k / n`, or 0 when `n` is 0.
#[must_use]
pub fn ratio(k: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        k as f64 / n as f64
    }
}

/// The mean of `n` values from their sum and sum of squares, with its 95% normal interval
/// (`mean -/+ 1.96 sd / sqrt(n)`, `sd` the sample standard deviation; 0 wide for one
/// value); `None` when `n` is 0.
#[must_use]
pub fn mean_interval(sum: f64, sq_sum: f64, n: u64) -> Option<(f64, f64, f64)> {
    if n == 0 {
        return None;
    }
    let n_f = n as f64;
    let mean = sum / n_f;
    let var = if n > 1 { (sq_sum - n_f * mean * mean) / (n_f - 1.0) } else { 0.0 };
    let half = Z95 * (var.max(0.0) / n_f).sqrt();
    Some((mean, mean - half, mean + half))
}

/// The normal quantile of 97.5%: 95% of a normal distribution lies within this many
/// standard deviations of its mean.
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval for `k` successes in `n` trials; `(0, 1)` when `n` is 0.
#[must_use]
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let z2 = Z95 * Z95;
    let centre = p + z2 / (2.0 * n_f);
    let half = Z95 * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt();
    let denom = 1.0 + z2 / n_f;
    (((centre - half) / denom).max(0.0), ((centre + half) / denom).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::GameTrace;
    use ttr::{BySeat, EndReason, SeatResult, SeatSet};

    #[test]
    fn wilson_matches_known_values() {
        // 50 of 100: the textbook interval is (0.4038, 0.5962).
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4, "{lo} {hi}");
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
    }

    /// The arc of a game longer than the rounds counted on the stack (a map whose rules
    /// raise the turn cap): its late claims land in their rounds like early ones.
    #[test]
    fn the_arc_counts_the_rounds_of_a_very_long_game() {
        let map = Map::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.toml")).unwrap();
        let mut trace = GameTrace::default();
        // Two players: turn t is in round (t - 1) / 2 (0-based).
        for (route, turn) in [(0, 3), (5, 1401), (6, 1402), (7, 1500)] {
            trace.claim_turn[route] = turn;
        }
        let result = GameResult {
            players: 2,
            seats: BySeat::splat(SeatResult::default()),
            winners: SeatSet::EMPTY,
            turns: 1500,
            end: EndReason::TurnCap,
        };
        let outcome = GameOutcome { index: 0, seed: 0, lineup: [0; MAX_SEATS], result, trace, events: Vec::new() };
        let mut stats = RunStats::new(&map, 2, vec![0, 0], 1);
        stats.add(&map, &outcome);
        stats.add(&map, &outcome);
        assert_eq!(stats.arc.len(), 750);
        assert!(stats.arc.iter().all(|r| r.games == 2));
        let claims: Vec<(usize, u64, u64)> = stats
            .arc
            .iter()
            .enumerate()
            .filter(|(_, r)| r.claims > 0)
            .map(|(i, r)| (i, r.claims, r.claims_sq))
            .collect();
        assert_eq!(claims, [(1, 2, 2), (700, 4, 8), (749, 2, 2)]);
    }
}
