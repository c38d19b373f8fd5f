//! One seat's [`Observation`] as a flat vector of numbers, for learning code (the Python
//! package's `observation_tensor`), with named slices ([`ObservationEncoder::spec`]).
//!
//! The vector is written from the observation's public methods only, so it holds exactly
//! what the seat may see. Seats are relative: per-seat slices start with the observing
//! seat, then the next seat in turn order, and so on. Counts are raw numbers (not scaled);
//! one-hot slices hold 0 or 1. The fields, in order (P players, R routes, T tickets):
//!
//! | name | size | content |
//! | --- | --- | --- |
//! | `phase` | 8 | one-hot: setup keep, turn, second card, draft, first card, keep tickets, tunnel, over |
//! | `to_move` | P | one-hot, relative seat |
//! | `hand` | 9 | the seat's cards by kind (colours in [`Card::ALL`] order, locomotive last) |
//! | `tickets` | T | the seat's tickets |
//! | `offer` | 6 × T | the seat's pending offer (or draft packet), one-hot ticket per offer slot |
//! | `drafted` | T | the seat's draft picks so far |
//! | `market` | 5 × 9 | one-hot card per face-up slot |
//! | `revealed` | 3 × 9 | one-hot card per tunnel reveal |
//! | `tunnel` | R + 10 | tunnel attempt: one-hot route, laid cards by kind, cards due |
//! | `routes` | R × P | one-hot owner per route, relative seat |
//! | `trains`, `route_points`, `hand_size`, `ticket_count`, `offer_size`, `drafted_count` | P each | per seat |
//! | `known_cards` | P × 9 | cards everyone knows each seat holds |
//! | `express` | P × E | unused express cards per seat, per card of `rules.express` |
//! | `piles` | 3 | cards in the deck, in the discard pile, tickets in the ticket deck |
//! | `clock` | 4 | turns played, passes in a row, whether the final round started, its turns left |
//! | `provinces` | 8 × P × S | per line, per seat, a 1 for each space held (S: the longest line) |

use ttr::{Card, GameState, Map, Observation, Phase, RouteId, Seat, TicketId, MAX_OFFER};

/// One named slice of the vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// Name.
    pub name: &'static str,
    /// First position.
    pub offset: usize,
    /// Dimensions (their product is the length).
    pub shape: Vec<usize>,
}

/// Writes observations of one map and player count; see the module documentation.
#[derive(Clone, Debug)]
pub struct ObservationEncoder {
    spec: Vec<Field>,
    len: usize,
}

/// Writes values in order and, when asked, records the fields.
struct Writer<'a> {
    out: &'a mut [f32],
    pos: usize,
    fields: Option<Vec<Field>>,
}

impl Writer<'_> {
    /// Writes a field of `shape` whose values are zero except those `set` gives (position
    /// within the field, value).
    fn field(&mut self, name: &'static str, shape: &[usize], set: impl IntoIterator<Item = (usize, f32)>) {
        let len: usize = shape.iter().product();
        if let Some(fields) = &mut self.fields {
            fields.push(Field { name, offset: self.pos, shape: shape.to_vec() });
        }
        let slice = &mut self.out[self.pos..self.pos + len];
        slice.fill(0.0);
        for (i, v) in set {
            slice[i] = v;
        }
        self.pos += len;
    }
}

/// A per-seat field: `f` of each seat, in relative order (`seat(k)`: the `k`-th seat from
/// the observer).
fn per_seat(p: usize, seat: impl Fn(usize) -> Seat, f: impl Fn(Seat) -> f32) -> impl Iterator<Item = (usize, f32)> {
    (0..p).map(move |k| (k, f(seat(k))))
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::SetupKeep => 0,
        Phase::Turn => 1,
        Phase::SecondCard => 2,
        Phase::Draft => 3,
        Phase::FirstCard => 4,
        Phase::KeepTickets => 5,
        Phase::Tunnel { .. } => 6,
        Phase::Over(_) => 7,
    }
}

/// The longest provinces line of a map (0 without a board).
fn province_spaces(map: &Map) -> usize {
    map.rules.provinces.as_ref().map_or(0, |b| b.values().map(Vec::len).max().unwrap_or(0))
}

impl ObservationEncoder {
    /// The encoder of `map` for `players` seats (a count the map allows).
    #[must_use]
    pub fn new(map: &Map, players: usize) -> ObservationEncoder {
        let state = GameState::new(map, players, 0).expect("a player count the map allows");
        let obs = Observation::new(&state, Seat(0));
        let mut scratch = vec![0.0; Self::upper_bound(map, players)];
        let mut w = Writer { out: &mut scratch, pos: 0, fields: Some(Vec::new()) };
        Self::write(&obs, &mut w);
        ObservationEncoder { len: w.pos, spec: w.fields.take().unwrap_or_default() }
    }

    /// Room enough for every field.
    fn upper_bound(map: &Map, players: usize) -> usize {
        let (r, t, p) = (map.routes().len(), map.tickets().len(), players);
        64 + 9 * 30
            + t * (MAX_OFFER + 2)
            + r * (p + 1)
            + p * (20 + map.rules.express.len())
            + 8 * p * province_spaces(map)
    }

    /// Length of the vector.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the vector is empty (never).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The named slices, in order; they cover the vector exactly.
    #[must_use]
    pub fn spec(&self) -> &[Field] {
        &self.spec
    }

    /// Writes `obs` into `out`, which must hold [`ObservationEncoder::len`] values; every
    /// value is overwritten.
    pub fn encode(&self, obs: &Observation<'_, '_>, out: &mut [f32]) {
        assert_eq!(out.len(), self.len, "observation buffer of the wrong length");
        Self::write(obs, &mut Writer { out, pos: 0, fields: None });
    }

    fn write(obs: &Observation<'_, '_>, w: &mut Writer<'_>) {
        let map = obs.map();
        let p = obs.players();
        let (r, t) = (map.routes().len(), map.tickets().len());
        let me = obs.seat().index();
        let seat = move |k: usize| Seat(((me + k) % p) as u8);
        let rel = |s: Seat| (s.index() + p - me) % p;
        let tid = |t: TicketId| usize::from(t.0);

        w.field("phase", &[8], [(phase_index(obs.phase()), 1.0)]);
        w.field("to_move", &[p], [(rel(obs.to_move()), 1.0)]);
        w.field("hand", &[9], obs.hand().iter().map(|(c, n)| (c.index(), f32::from(n))));
        w.field("tickets", &[t], obs.tickets().iter().map(|x| (tid(x), 1.0)));
        w.field(
            "offer",
            &[MAX_OFFER, t],
            obs.offer().tickets().iter().enumerate().map(|(i, &x)| (i * t + tid(x), 1.0)),
        );
        w.field("drafted", &[t], obs.drafted().tickets().iter().map(|&x| (tid(x), 1.0)));
        let one_hot = |i: usize, c: &Option<Card>| c.map(|c| (i * 9 + c.index(), 1.0));
        w.field("market", &[5, 9], obs.market().iter().enumerate().filter_map(|(i, c)| one_hot(i, c)));
        w.field("revealed", &[3, 9], obs.revealed().iter().enumerate().filter_map(|(i, c)| one_hot(i, c)));
        let tunnel = match obs.phase() {
            Phase::Tunnel { route, laid, due } => Some((route, laid, due)),
            _ => None,
        };
        let tunnel = tunnel.into_iter().flat_map(|(route, laid, due)| {
            let cards = Card::ALL.map(|c| (r + c.index(), f32::from(laid[c])));
            [(route.index(), 1.0), (r + 9, f32::from(due))].into_iter().chain(cards)
        });
        w.field("tunnel", &[r + 10], tunnel);
        let owners =
            (0..p).flat_map(|k| obs.owned(seat(k)).iter().map(move |route: RouteId| (route.index() * p + k, 1.0)));
        w.field("routes", &[r, p], owners);
        w.field("trains", &[p], per_seat(p, seat, |s| f32::from(obs.trains(s))));
        w.field("route_points", &[p], per_seat(p, seat, |s| obs.route_points(s) as f32));
        w.field("hand_size", &[p], per_seat(p, seat, |s| obs.hand_size(s) as f32));
        w.field("ticket_count", &[p], per_seat(p, seat, |s| obs.ticket_count(s) as f32));
        w.field("offer_size", &[p], per_seat(p, seat, |s| obs.offer_size(s) as f32));
        w.field("drafted_count", &[p], per_seat(p, seat, |s| obs.drafted_count(s) as f32));
        let known = (0..p).flat_map(|k| Card::ALL.map(|c| (k * 9 + c.index(), f32::from(obs.known_cards(seat(k))[c]))));
        w.field("known_cards", &[p, 9], known);
        let express = &map.rules.express;
        let e = express.len();
        let unused = (0..p).flat_map(|k| {
            let mask = map.rules.express_mask(obs.express_cards(seat(k)));
            (0..e).filter(move |i| mask >> i & 1 == 1).map(move |i| (k * e + i, 1.0))
        });
        w.field("express", &[p, e], unused);
        let piles = [obs.deck_size() as f32, obs.discard_size() as f32, obs.ticket_deck_size() as f32];
        w.field("piles", &[3], piles.into_iter().enumerate());
        let last = obs.final_turns_left();
        let clock = [
            f32::from(obs.turns()),
            f32::from(obs.passes()),
            f32::from(u8::from(last.is_some())),
            f32::from(last.unwrap_or(0)),
        ];
        w.field("clock", &[4], clock.into_iter().enumerate());
        let s = province_spaces(map);
        let board = obs.provinces();
        let held = (0..8).flat_map(|line| {
            (0..p).flat_map(move |k| {
                let bits = board[line][seat(k).index()];
                (0..s).filter(move |i| bits >> i & 1 == 1).map(move |i| ((line * p + k) * s + i, 1.0))
            })
        });
        w.field("provinces", &[8, p, s], held);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;
    use std::path::Path;
    use ttr::sample_world;

    /// On every map, through random games: the fields cover the vector; a world sampled
    /// from a seat's view (other hands, tickets and deck redealt) encodes the same for that
    /// seat; the seat's own hand is where the spec says.
    #[test]
    fn same_view_same_vector_on_every_map() {
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let map = Map::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../maps/{name}.toml"))).unwrap();
            let players = usize::from(map.rules.players[1]);
            let enc = ObservationEncoder::new(&map, players);
            let total: usize = enc.spec().iter().map(|f| f.shape.iter().product::<usize>()).sum();
            assert_eq!(total, enc.len());
            let hand = enc.spec().iter().find(|f| f.name == "hand").unwrap().offset;
            let mut rng = Pcg64Mcg::seed_from_u64(5);
            let mut state = GameState::new(&map, players, 3).unwrap();
            let (mut a, mut b) = (vec![0.0; enc.len()], vec![0.0; enc.len()]);
            let mut step = 0;
            while !state.is_over() {
                for s in 0..players {
                    let seat = Seat(s as u8);
                    let obs = Observation::new(&state, seat);
                    enc.encode(&obs, &mut a);
                    let world = sample_world(&obs, &mut rng);
                    enc.encode(&Observation::new(&world, seat), &mut b);
                    assert_eq!(a, b, "{name} step {step} seat {s}");
                    let cards: Vec<f32> = Card::ALL.iter().map(|&c| f32::from(state.hand(seat)[c])).collect();
                    assert_eq!(a[hand..hand + 9], cards[..]);
                }
                let legal = state.legal_actions();
                state.try_apply(legal.get(step % legal.len())).unwrap();
                step += 1;
            }
        }
    }

    /// Two seats see different vectors (their hands differ at the deal).
    #[test]
    fn seats_see_their_own_hands() {
        let map = Map::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.toml")).unwrap();
        let state = GameState::new(&map, 2, 1).unwrap();
        let enc = ObservationEncoder::new(&map, 2);
        let (mut a, mut b) = (vec![0.0; enc.len()], vec![0.0; enc.len()]);
        enc.encode(&Observation::new(&state, Seat(0)), &mut a);
        enc.encode(&Observation::new(&state, Seat(1)), &mut b);
        assert_ne!(a, b);
    }
}
