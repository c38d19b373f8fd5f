//! From counters to figures: the rating fits (per player count, and pooled when several),
//! the "finished ahead of" matrix, per-seat results, mean scores and ranks, each with a 95%
//! interval. Intervals come from a stratified block bootstrap: every replicate redraws, with
//! a generator seeded from (seed, replicate), as many blocks as each lineup played from that
//! lineup's histogram of block patterns, and recomputes every figure. Replicates run in
//! parallel but each depends only on its index, so the results do not depend on threads.

use std::collections::BTreeMap;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use ttr::{mix, MAX_SEATS};

use super::counts::Counters;
use super::fit::{fit, orders_of, Entrant, Fit, Order};
use crate::stats::mean_interval;

/// One distinct game outcome: who sat where and the ranks they reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Game {
    players: u8,
    bot: [u16; MAX_SEATS],
    rank: [u8; MAX_SEATS],
}

/// Which figures to compute: one player count, or all pooled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    /// Games of this many players.
    Players(u8),
    /// Every game, one rating per bot, seat terms per player count.
    All,
}

impl Scope {
    fn holds(self, players: u8) -> bool {
        match self {
            Scope::Players(k) => k == players,
            Scope::All => true,
        }
    }

    /// `2`, `3`, ... or `all`.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Scope::Players(k) => k.to_string(),
            Scope::All => "all".to_string(),
        }
    }
}

/// The tournament's data, indexed for fast resampling.
struct Design {
    bots: usize,
    games: Vec<Game>,
    /// Per stratum: per pattern, its count and its games (ids into `games`).
    strata: Vec<Vec<(u64, Vec<usize>)>>,
    /// Orders of every game with unit weight shares, and the game of each.
    orders: Vec<Order>,
    order_game: Vec<usize>,
    /// Seat terms: (player count, seat), and the group (player count index) of each.
    seat_terms: Vec<(u8, u8)>,
    seat_group: Vec<u16>,
}

impl Design {
    fn new(counters: &Counters, bots: usize) -> Design {
        let counts: Vec<u8> = {
            let mut ks: Vec<u8> = counters.strata.keys().map(|(k, _)| *k).collect();
            ks.dedup();
            ks
        };
        let mut seat_terms = Vec::new();
        let mut seat_group = Vec::new();
        for (g, &k) in counts.iter().enumerate() {
            for s in 0..k {
                seat_terms.push((k, s));
                seat_group.push(g as u16);
            }
        }
        let seat_index = |k: u8, s: usize| seat_terms.iter().position(|&t| t == (k, s as u8)).expect("seat term");
        let mut ids: BTreeMap<Game, usize> = BTreeMap::new();
        let mut games = Vec::new();
        let mut strata = Vec::new();
        for ((k, lineup), stratum) in &counters.strata {
            let n = usize::from(*k);
            let mut rows = Vec::new();
            for (pattern, &count) in &stratum.patterns {
                let mut block = Vec::with_capacity(n);
                for r in 0..n {
                    let mut game = Game { players: *k, bot: [0; MAX_SEATS], rank: [0; MAX_SEATS] };
                    for s in 0..n {
                        let p = (s + r) % n;
                        game.bot[s] = lineup[p];
                        game.rank[s] = pattern.ranks(r)[p];
                    }
                    let id = *ids.entry(game).or_insert_with(|| {
                        games.push(game);
                        games.len() - 1
                    });
                    block.push(id);
                }
                rows.push((count, block));
            }
            strata.push(rows);
        }
        let mut orders = Vec::new();
        let mut order_game = Vec::new();
        for (id, g) in games.iter().enumerate() {
            let n = usize::from(g.players);
            let entrants: Vec<Entrant> =
                (0..n).map(|s| Entrant { bot: g.bot[s], seat: seat_index(g.players, s) as u16 }).collect();
            for o in orders_of(&entrants, &g.rank[..n], 1.0) {
                orders.push(o);
                order_game.push(id);
            }
        }
        Design { bots, games, strata, orders, order_game, seat_terms, seat_group }
    }

    /// Game weights of the observed counts.
    fn observed(&self) -> Vec<f64> {
        let mut w = vec![0.0; self.games.len()];
        for rows in &self.strata {
            for (count, block) in rows {
                for &g in block {
                    w[g] += *count as f64;
                }
            }
        }
        w
    }

    /// Game weights of bootstrap replicate `r`.
    fn resampled(&self, seed: u64, r: u64) -> Vec<f64> {
        let mut rng = Pcg64Mcg::seed_from_u64(mix(mix(seed ^ 0x424f_4f54) ^ r));
        let mut w = vec![0.0; self.games.len()];
        for rows in &self.strata {
            let cumulative: Vec<u64> = rows
                .iter()
                .scan(0u64, |acc, (c, _)| {
                    *acc += c;
                    Some(*acc)
                })
                .collect();
            let total = *cumulative.last().unwrap_or(&0);
            let mut drawn = vec![0u64; rows.len()];
            for _ in 0..total {
                let x = rng.random_range(0..total);
                drawn[cumulative.partition_point(|&c| c <= x)] += 1;
            }
            for ((_, block), &d) in rows.iter().zip(&drawn) {
                for &g in block {
                    w[g] += d as f64;
                }
            }
        }
        w
    }

    /// Every figure of `scope` for game weights `w`.
    fn figures(&self, scope: Scope, w: &[f64]) -> Figures {
        let orders: Vec<Order> = self
            .orders
            .iter()
            .zip(&self.order_game)
            .filter(|(o, &g)| scope.holds(self.games[g].players) && w[g] > 0.0 && o.weight > 0.0)
            .map(|(o, &g)| Order { weight: o.weight * w[g], ..*o })
            .collect();
        let fit = fit(self.bots, &self.seat_group, &orders);
        let b = self.bots;
        let mut f = Figures {
            fit,
            bot_games: vec![0.0; b],
            bot_wins: vec![0.0; b],
            bot_rank: vec![0.0; b],
            pair_games: vec![0.0; b * b],
            pair_ahead: vec![0.0; b * b],
            pair_level: vec![0.0; b * b],
            seat_games: vec![0.0; self.seat_terms.len()],
            seat_wins: vec![0.0; self.seat_terms.len()],
            seat_rank: vec![0.0; self.seat_terms.len()],
        };
        for (g, game) in self.games.iter().enumerate() {
            if w[g] == 0.0 || !scope.holds(game.players) {
                continue;
            }
            let n = usize::from(game.players);
            let winners = game.rank[..n].iter().filter(|&&r| r == 1).count() as f64;
            for s in 0..n {
                let bot = usize::from(game.bot[s]);
                let rank = f64::from(game.rank[s]);
                let win = if game.rank[s] == 1 { w[g] / winners } else { 0.0 };
                let term = self.seat_terms.iter().position(|&t| t == (game.players, s as u8)).expect("seat term");
                f.bot_games[bot] += w[g];
                f.bot_wins[bot] += win;
                f.bot_rank[bot] += w[g] * rank;
                f.seat_games[term] += w[g];
                f.seat_wins[term] += win;
                f.seat_rank[term] += w[g] * rank;
                for t in 0..n {
                    if t != s {
                        let other = usize::from(game.bot[t]);
                        f.pair_games[bot * b + other] += w[g];
                        if game.rank[s] < game.rank[t] {
                            f.pair_ahead[bot * b + other] += w[g];
                        } else if game.rank[s] == game.rank[t] {
                            f.pair_level[bot * b + other] += w[g];
                        }
                    }
                }
            }
        }
        f
    }
}

/// Every figure of one scope for one set of game weights.
#[derive(Clone, Debug)]
struct Figures {
    fit: Fit,
    bot_games: Vec<f64>,
    bot_wins: Vec<f64>,
    bot_rank: Vec<f64>,
    pair_games: Vec<f64>,
    pair_ahead: Vec<f64>,
    pair_level: Vec<f64>,
    seat_games: Vec<f64>,
    seat_wins: Vec<f64>,
    seat_rank: Vec<f64>,
}

/// A value with its 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The point estimate (from the observed data).
    pub value: f64,
    /// Lower end of the 95% interval.
    pub lo: f64,
    /// Upper end of the 95% interval.
    pub hi: f64,
}

/// One bot's line in a ladder.
#[derive(Clone, Debug, PartialEq)]
pub struct BotLine {
    /// Index into the bot list.
    pub bot: usize,
    /// Rating on the Elo scale (the anchor at 0).
    pub elo: Estimate,
    /// Likelihood of superiority over the next bot of the ladder (`None` for the last).
    pub los_next: Option<f64>,
    /// Games played.
    pub games: u64,
    /// Wins, a shared win counting 1/(players sharing it).
    pub wins: f64,
    /// `wins / games`.
    pub win_rate: Estimate,
    /// Mean rank (1 = won).
    pub mean_rank: Estimate,
    /// Mean final score (normal interval over games).
    pub mean_score: Estimate,
}

/// One seat's results.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatLine {
    /// Players per game.
    pub players: u8,
    /// Seat (0 moves first).
    pub seat: u8,
    /// Games.
    pub games: u64,
    /// Wins, shared wins counting a share.
    pub wins: f64,
    /// Win rate.
    pub win_rate: Estimate,
    /// Mean rank.
    pub mean_rank: Estimate,
    /// Mean final score (normal interval over games).
    pub mean_score: Estimate,
    /// The seat term on the Elo scale: advantage over the average seat at this player count.
    pub elo: Estimate,
}

/// One ordered pair's results.
#[derive(Clone, Debug, PartialEq)]
pub struct PairLine {
    /// The bot.
    pub bot: usize,
    /// The opponent.
    pub opponent: usize,
    /// Games in which both played.
    pub games: u64,
    /// Games `bot` finished ahead of `opponent`.
    pub ahead: u64,
    /// Games it finished behind.
    pub behind: u64,
    /// Games with equal ranks.
    pub level: u64,
    /// `(ahead + level / 2) / games`.
    pub score: Estimate,
    /// Rating difference `elo(bot) - elo(opponent)` from the fit.
    pub elo_diff: Estimate,
}

/// The figures of one scope.
#[derive(Clone, Debug, PartialEq)]
pub struct Ladder {
    /// The scope.
    pub scope: Scope,
    /// Bots from strongest to weakest (by point rating); bots without games are left out.
    pub bots: Vec<BotLine>,
    /// Seats of the scope's player counts.
    pub seats: Vec<SeatLine>,
    /// Ordered pairs that met.
    pub pairs: Vec<PairLine>,
}

/// Analysis options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Bots in the tournament.
    pub bots: usize,
    /// Index of the anchor bot (rating 0).
    pub anchor: usize,
    /// Bootstrap replicates.
    pub replicates: u64,
    /// Seed of the bootstrap.
    pub seed: u64,
}

/// Ladders per player count, then pooled over all when there are several player counts.
#[must_use]
pub fn analyse(counters: &Counters, options: &AnalysisOptions) -> Vec<Ladder> {
    let design = Design::new(counters, options.bots);
    let mut scopes: Vec<Scope> = design.seat_terms.iter().map(|&(k, _)| Scope::Players(k)).collect();
    scopes.dedup();
    if scopes.len() > 1 {
        scopes.push(Scope::All);
    }
    let observed = design.observed();
    let replicates: Vec<Vec<f64>> =
        (0..options.replicates).into_par_iter().map(|r| design.resampled(options.seed, r)).collect();
    scopes
        .iter()
        .map(|&scope| {
            let point = design.figures(scope, &observed);
            let boot: Vec<Figures> = replicates.par_iter().map(|w| design.figures(scope, w)).collect();
            ladder(&design, counters, scope, &point, &boot, options.anchor)
        })
        .collect()
}

fn ladder(
    design: &Design,
    counters: &Counters,
    scope: Scope,
    point: &Figures,
    boot: &[Figures],
    anchor: usize,
) -> Ladder {
    let b = design.bots;
    let est = |value: f64, f: &dyn Fn(&Figures) -> f64| {
        let mut xs: Vec<f64> = boot.iter().map(f).filter(|x| x.is_finite()).collect();
        xs.sort_by(f64::total_cmp);
        Estimate { value, lo: quantile(&xs, 0.025).unwrap_or(value), hi: quantile(&xs, 0.975).unwrap_or(value) }
    };
    let ratio = |a: f64, n: f64| if n > 0.0 { a / n } else { f64::NAN };
    // Score sums by bot and by seat term.
    let mut bot_sum = vec![(0i64, 0i64, 0u64); b];
    let mut seat_sum = vec![(0i64, 0i64, 0u64); design.seat_terms.len()];
    for ((k, lineup), stratum) in &counters.strata {
        if !scope.holds(*k) {
            continue;
        }
        let n = usize::from(*k);
        let blocks = stratum.blocks();
        for r in 0..n {
            for p in 0..n {
                let s = (p + n - r) % n;
                let term = design.seat_terms.iter().position(|&t| t == (*k, s as u8)).expect("seat term");
                for slot in [&mut bot_sum[usize::from(lineup[p])], &mut seat_sum[term]] {
                    slot.0 += stratum.score_sum[r][p];
                    slot.1 += stratum.score_sq[r][p];
                    slot.2 += blocks;
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..b).filter(|&i| point.bot_games[i] > 0.0).collect();
    order.sort_by(|&x, &y| point.fit.elo(y, anchor).total_cmp(&point.fit.elo(x, anchor)).then(x.cmp(&y)));
    let bots = order
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            let los_next = order.get(k + 1).map(|&j| {
                let wins: f64 = boot
                    .iter()
                    .map(|f| {
                        let d = f.fit.elo(i, anchor) - f.fit.elo(j, anchor);
                        if d > 0.0 {
                            1.0
                        } else if d == 0.0 {
                            0.5
                        } else {
                            0.0
                        }
                    })
                    .sum();
                wins / boot.len().max(1) as f64
            });
            BotLine {
                bot: i,
                elo: est(point.fit.elo(i, anchor), &|f| f.fit.elo(i, anchor)),
                los_next,
                games: point.bot_games[i] as u64,
                wins: point.bot_wins[i],
                win_rate: est(ratio(point.bot_wins[i], point.bot_games[i]), &|f| ratio(f.bot_wins[i], f.bot_games[i])),
                mean_rank: est(ratio(point.bot_rank[i], point.bot_games[i]), &|f| ratio(f.bot_rank[i], f.bot_games[i])),
                mean_score: normal(bot_sum[i]),
            }
        })
        .collect();
    let seats = design
        .seat_terms
        .iter()
        .enumerate()
        .filter(|(_, &(k, _))| scope.holds(k))
        .map(|(t, &(players, seat))| SeatLine {
            players,
            seat,
            games: point.seat_games[t] as u64,
            wins: point.seat_wins[t],
            win_rate: est(ratio(point.seat_wins[t], point.seat_games[t]), &|f| ratio(f.seat_wins[t], f.seat_games[t])),
            mean_rank: est(ratio(point.seat_rank[t], point.seat_games[t]), &|f| ratio(f.seat_rank[t], f.seat_games[t])),
            mean_score: normal(seat_sum[t]),
            elo: est(point.fit.seat_elo(t), &|f| f.fit.seat_elo(t)),
        })
        .collect();
    let mut pairs = Vec::new();
    for &i in &order {
        for &j in &order {
            let k = i * b + j;
            if i == j || point.pair_games[k] == 0.0 {
                continue;
            }
            let score = |f: &Figures| ratio(f.pair_ahead[k] + f.pair_level[k] / 2.0, f.pair_games[k]);
            let games = point.pair_games[k] as u64;
            let ahead = point.pair_ahead[k] as u64;
            let level = point.pair_level[k] as u64;
            pairs.push(PairLine {
                bot: i,
                opponent: j,
                games,
                ahead,
                behind: games - ahead - level,
                level,
                score: est(score(point), &score),
                elo_diff: est(point.fit.elo(i, j), &|f| f.fit.elo(i, j)),
            });
        }
    }
    Ladder { scope, bots, seats, pairs }
}

/// Mean with a normal 95% interval from (sum, sum of squares, count); NaN when empty.
fn normal((sum, sq, n): (i64, i64, u64)) -> Estimate {
    let (value, lo, hi) = mean_interval(sum as f64, sq as f64, n).unwrap_or((f64::NAN, f64::NAN, f64::NAN));
    Estimate { value, lo, hi }
}

/// The `q` quantile of sorted values, interpolated linearly.
#[must_use]
pub fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let x = q * (sorted.len() - 1) as f64;
    let i = x.floor() as usize;
    let j = (i + 1).min(sorted.len() - 1);
    Some(sorted[i] + (sorted[j] - sorted[i]) * (x - i as f64))
}
