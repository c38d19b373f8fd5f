//! Maximum-likelihood ratings: Plackett-Luce on finishing orders (Bradley-Terry when two
//! play), with a multiplicative seat term, fitted by the MM algorithm (Hunter 2004).
//!
//! The worth of a bot in a seat is `gamma[bot] * delta[seat]`. A finishing order
//! `x1, x2, ..., xk` has probability `prod_j v(xj) / (v(xj) + ... + v(xk))`. Tied places
//! are shared: a game with tied players counts as every order consistent with it, each with
//! an equal share of the game's weight. Seats are grouped (one group per player count):
//! within a group the seat terms are identified only up to a common factor, so each group is
//! scaled to a geometric mean of 1. A weak prior of [`PRIOR_GAMES`] virtual games between
//! every pair of bots, shared evenly, keeps the fit finite when a bot never loses.

use ttr::MAX_SEATS;

/// Virtual games between every pair of bots, each half won by either side.
pub const PRIOR_GAMES: f64 = 1.0;

/// Elo points per natural-log unit of worth: `400 / ln 10`.
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// One player of a game: its bot and its seat term (an index into the seat terms).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entrant {
    /// The bot (index into the rated bots).
    pub bot: u16,
    /// The seat term (index into the seat terms).
    pub seat: u16,
}

/// One strict finishing order, best first, with a weight (a count, or a share of one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Order {
    /// How many games it stands for.
    pub weight: f64,
    /// Players, best first; only the first `len` are used.
    pub players: [Entrant; MAX_SEATS],
    /// Players in the game.
    pub len: u8,
}

impl Order {
    /// The players, best first.
    #[must_use]
    pub fn players(&self) -> &[Entrant] {
        &self.players[..usize::from(self.len)]
    }
}

/// Expands one game with possibly tied ranks (1 = best; equal ranks are tied) into the
/// strict orders consistent with it, sharing `weight` equally among them.
#[must_use]
pub fn orders_of(players: &[Entrant], ranks: &[u8], weight: f64) -> Vec<Order> {
    let n = players.len();
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by_key(|&i| (ranks[i], i));
    // Groups of tied players, in rank order.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &idx {
        match groups.last_mut() {
            Some(g) if ranks[g[0]] == ranks[i] => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for g in &groups {
        let perms = permutations(g);
        out = out.iter().flat_map(|prefix| perms.iter().map(move |p| [prefix.as_slice(), p].concat())).collect();
    }
    let share = weight / out.len() as f64;
    out.iter()
        .map(|o| {
            let mut order = Order { weight: share, players: [Entrant::default(); MAX_SEATS], len: n as u8 };
            for (slot, &i) in order.players.iter_mut().zip(o) {
                *slot = players[i];
            }
            order
        })
        .collect()
}

fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for k in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(k);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

/// The fitted model.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Natural log of each bot's worth; bots without games get 0.
    pub log_gamma: Vec<f64>,
    /// Natural log of each seat term (geometric mean 1 within its group).
    pub log_delta: Vec<f64>,
    /// MM sweeps done.
    pub sweeps: u32,
}

impl Fit {
    /// Bot `b`'s rating on the Elo scale relative to bot `anchor`.
    #[must_use]
    pub fn elo(&self, b: usize, anchor: usize) -> f64 {
        (self.log_gamma[b] - self.log_gamma[anchor]) * ELO_PER_NAT
    }

    /// Seat term `s` on the Elo scale: its advantage over the average seat of its group.
    #[must_use]
    pub fn seat_elo(&self, s: usize) -> f64 {
        self.log_delta[s] * ELO_PER_NAT
    }
}

/// Fits the worths of `bots` bots and of the seat terms (`seat_group[s]` is the group of
/// seat term `s`) to `orders` by maximum likelihood (with the pair prior). Deterministic:
/// the same orders in the same sequence give bit-identical results.
#[must_use]
pub fn fit(bots: usize, seat_group: &[u16], orders: &[Order]) -> Fit {
    let seats = seat_group.len();
    let mut gamma = vec![1.0f64; bots];
    let mut delta = vec![1.0f64; seats];
    let mut played = vec![false; bots];
    for o in orders.iter().filter(|o| o.weight > 0.0) {
        for e in o.players() {
            played[usize::from(e.bot)] = true;
        }
    }
    let rated: Vec<usize> = (0..bots).filter(|&b| played[b]).collect();
    let prior_wins = PRIOR_GAMES * (rated.len().saturating_sub(1)) as f64 / 2.0;
    let mut wins_b = vec![0.0; bots];
    let mut wins_s = vec![0.0; seats];
    for o in orders {
        for e in &o.players()[..o.players().len() - 1] {
            wins_b[usize::from(e.bot)] += o.weight;
            wins_s[usize::from(e.seat)] += o.weight;
        }
    }
    let mut sweeps = 0;
    let mut den = vec![0.0; bots.max(seats)];
    while sweeps < 5000 {
        sweeps += 1;
        // Bots, seats held fixed.
        den.iter_mut().for_each(|d| *d = 0.0);
        accumulate(orders, &gamma, &delta, &mut den, true);
        let mut change: f64 = 0.0;
        for &b in &rated {
            let prior: f64 =
                rated.iter().filter(|&&c| c != b).map(|&c| PRIOR_GAMES / (gamma[b] + gamma[c])).sum::<f64>();
            let new = (wins_b[b] + prior_wins) / (den[b] + prior);
            change = change.max((new / gamma[b]).ln().abs());
            gamma[b] = new;
        }
        normalize(&mut gamma, &rated);
        // Seats, bots held fixed.
        den.iter_mut().for_each(|d| *d = 0.0);
        accumulate(orders, &gamma, &delta, &mut den, false);
        for s in 0..seats {
            if den[s] > 0.0 && wins_s[s] > 0.0 {
                let new = wins_s[s] / den[s];
                change = change.max((new / delta[s]).ln().abs());
                delta[s] = new;
            }
        }
        let groups = seat_group.iter().copied().max().map_or(0, |g| usize::from(g) + 1);
        for g in 0..groups {
            let members: Vec<usize> = (0..seats).filter(|&s| usize::from(seat_group[s]) == g).collect();
            normalize(&mut delta, &members);
        }
        if change < 1e-10 {
            break;
        }
    }
    Fit { log_gamma: gamma.iter().map(|g| g.ln()).collect(), log_delta: delta.iter().map(|d| d.ln()).collect(), sweeps }
}

/// Adds, for every order and every stage, `weight * other / (worths still in play)` to the
/// denominator of each player still in play: of its bot (`bots`) or of its seat term.
fn accumulate(orders: &[Order], gamma: &[f64], delta: &[f64], den: &mut [f64], bots: bool) {
    for o in orders {
        let players = o.players();
        let mut worth = [0.0; MAX_SEATS];
        for (w, e) in worth.iter_mut().zip(players) {
            *w = gamma[usize::from(e.bot)] * delta[usize::from(e.seat)];
        }
        let mut remaining: f64 = worth[..players.len()].iter().sum();
        for j in 0..players.len() - 1 {
            let scale = o.weight / remaining;
            for e in &players[j..] {
                if bots {
                    den[usize::from(e.bot)] += scale * delta[usize::from(e.seat)];
                } else {
                    den[usize::from(e.seat)] += scale * gamma[usize::from(e.bot)];
                }
            }
            remaining -= worth[j];
        }
    }
}

/// Scales `values[members]` to a geometric mean of 1.
fn normalize(values: &mut [f64], members: &[usize]) {
    if members.is_empty() {
        return;
    }
    let mean = members.iter().map(|&i| values[i].ln()).sum::<f64>() / members.len() as f64;
    let factor = (-mean).exp();
    for &i in members {
        values[i] *= factor;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: u16, b: u16) -> [Entrant; 2] {
        [Entrant { bot: a, seat: 0 }, Entrant { bot: b, seat: 1 }]
    }

    #[test]
    fn ties_share_and_bradley_terry_matches_the_closed_form() {
        assert_eq!(orders_of(&pair(0, 1), &[1, 1], 1.0).len(), 2);
        let four: Vec<Entrant> = (0..4).map(|b| Entrant { bot: b, seat: b }).collect();
        assert_eq!(orders_of(&four, &[1, 2, 2, 2], 6.0).len(), 6);
        // 30 wins of bot 0 over bot 1 out of 40, seats balanced: gamma0/gamma1 ~ 3.
        let mut orders = Vec::new();
        orders.extend(orders_of(&pair(0, 1), &[1, 2], 15.0));
        orders.extend(orders_of(&pair(1, 0), &[2, 1], 15.0));
        orders.extend(orders_of(&pair(0, 1), &[2, 1], 5.0));
        orders.extend(orders_of(&pair(1, 0), &[1, 2], 5.0));
        let f = fit(2, &[0, 0], &orders);
        // With the prior: (30 + 0.5) / (10 + 0.5).
        let expected = (30.5f64 / 10.5).ln() * ELO_PER_NAT;
        assert!((f.elo(0, 1) - expected).abs() < 1e-6, "{} {expected}", f.elo(0, 1));
        assert!(f.seat_elo(0).abs() < 1e-6);
    }
}
