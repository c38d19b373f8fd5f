//! A fixed action index space for one map, for learning code that wants a flat
//! `0..len()` of action numbers (the Python package's `legal_action_mask`).
//!
//! The space is built from the map alone and does not depend on the hand, except for
//! substitute payments (see below). It is laid out in blocks, in this order:
//!
//! | block | indices | action |
//! | --- | --- | --- |
//! | `keep` | 63 | [`Action::Keep`] of mask `i + 1` (offer slots as bits) |
//! | `pick` | [`MAX_OFFER`] | [`Action::Pick`] of offer slot `i` |
//! | `take` | [`MARKET_SLOTS`] | [`Action::TakeFaceUp`] of market slot `i` |
//! | `blind`, `tickets`, `pass`, `tunnel_back` | 1 each | [`Action::DrawBlind`], [`Action::DrawTickets`], [`Action::Pass`], [`Action::TunnelBack`] |
//! | `tunnel_pay` | 4 | [`Action::TunnelPay`] with `i` locomotives, the rest in the laid colour |
//! | `express_cards`, `express_tickets` | one per distinct express value | [`Action::ExpressCards`], [`Action::ExpressTickets`] |
//! | `claim` | per route, in map order | colour by colour (one for a coloured route, eight for gray), `k` locomotives and `length - k` cards of the colour for `k` in `0..length`; then all locomotives; then, on routes that take substitutes (ferries with `ferry_substitute`, `any_cards` routes), 64 slots: the route's `i`-th substitute payment as the engine lists them for the current hand |
//! | `province` | per route that may take a provinces train (no tunnels; maps with a board) | per line the route may use, per express card (none, then each distinct value), per payment: `x` cards of a route colour (`1..=per_color`) and `k` locomotives (`0..=locos`), colour by colour, then `k` locomotives alone (`1..=locos`) |
//!
//! Every action [`LegalActions::iter`] yields has exactly one index, and two legal actions
//! never share one: [`ActionSpace::index_of`] and [`ActionSpace::action`] are inverse on
//! the legal set.

use ttr::{Action, Card, CardCounts, LegalActions, Map, Route, RouteId, MARKET_SLOTS, MAX_OFFER};

/// Keep masks: every non-empty subset of [`MAX_OFFER`] offer slots.
const KEEP: usize = (1 << MAX_OFFER) - 1;
/// Most substitute payments the engine lists for one route and hand.
pub const SUBSTITUTE_SLOTS: usize = 64;
/// Most cards a tunnel surcharge can ask for.
const MAX_DUE: usize = 3;

const PICK: usize = KEEP;
const TAKE: usize = PICK + MAX_OFFER;
const BLIND: usize = TAKE + MARKET_SLOTS;
const TICKETS: usize = BLIND + 1;
const PASS: usize = TICKETS + 1;
const TUNNEL_BACK: usize = PASS + 1;
const TUNNEL_PAY: usize = TUNNEL_BACK + 1;
const EXPRESS: usize = TUNNEL_PAY + MAX_DUE + 1;

/// A block of route actions: the claims of a route, or its claims with a provinces train.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Claim,
    Province,
}

/// The indices of one part of one route.
#[derive(Clone, Debug)]
struct RouteBlock {
    start: usize,
    len: usize,
    part: Part,
    route: RouteId,
    /// Provinces: the lines the route may use.
    lines: Vec<Card>,
}

/// The action index space of one map: see the module documentation for its layout.
#[derive(Clone, Debug)]
pub struct ActionSpace {
    express: Vec<u8>,
    /// Route blocks by ascending start: every route's claims, then provinces.
    blocks: Vec<RouteBlock>,
    /// Per route, its provinces block in `blocks`, if any.
    province_block: Vec<Option<usize>>,
    per_color: u8,
    locos: u8,
    len: usize,
}

/// What an index stands for before the position is known: a substitute slot needs the hand.
enum Decoded {
    Action(Action),
    TunnelPay(u8),
    Substitute(RouteId, usize),
}

/// The colours a route may be paid in: its own, or all eight for gray.
fn colors(route: &Route) -> &'static [Card] {
    match route.color {
        Some(c) => std::slice::from_ref(&Card::COLORS[c.index()]),
        None => &Card::COLORS,
    }
}

fn takes_substitutes(map: &Map, route: &Route) -> bool {
    (route.ferry_locos > 0 && map.rules.ferry_substitute > 0) || route.any_cards > 0
}

/// The substitute payments (more cards than the route's length) the engine lists for
/// `route` now, in its order.
fn substitutes<'m>(map: &Map, legal: &LegalActions<'_, 'm>, route: RouteId) -> impl Iterator<Item = CardCounts> + 'm {
    let length = u32::from(map.route(route).length);
    let payments = legal.claim_payments(route);
    let n = payments.map_or(0, |p| p.len());
    (0..n).filter_map(move |k| payments.map(|p| p.get(k))).filter(move |p| p.total() != length)
}

/// Legal sets up to this size are walked with [`LegalActions::get`], which skips the routes
/// the hand cannot pay for; [`LegalActions::iter`] builds the payments of every claimable
/// route, cheaper only when there are many claims.
const WALK_BY_INDEX: u32 = 64;

/// Calls `f` with every legal action, in the engine's order.
fn for_each_legal(legal: &LegalActions<'_, '_>, mut f: impl FnMut(Action)) {
    if legal.len() <= WALK_BY_INDEX {
        (0..legal.len()).for_each(|k| f(legal.get(k)));
    } else {
        legal.iter().for_each(f);
    }
}

impl ActionSpace {
    /// The space of `map`.
    #[must_use]
    pub fn new(map: &Map) -> ActionSpace {
        let rules = &map.rules;
        let mut express: Vec<u8> = Vec::new();
        for &v in &rules.express {
            if !express.contains(&v) {
                express.push(v);
            }
        }
        let mut space = ActionSpace {
            express,
            blocks: Vec::new(),
            province_block: vec![None; map.routes().len()],
            per_color: rules.deck.per_color,
            locos: rules.deck.locos,
            len: 0,
        };
        let mut next = EXPRESS + 2 * space.express.len();
        for (r, route) in map.routes().iter().enumerate() {
            let subs = if takes_substitutes(map, route) { SUBSTITUTE_SLOTS } else { 0 };
            let len = colors(route).len() * usize::from(route.length) + 1 + subs;
            let route = RouteId(r as u8);
            space.blocks.push(RouteBlock { start: next, len, part: Part::Claim, route, lines: Vec::new() });
            next += len;
        }
        if let Some(board) = &rules.provinces {
            for (r, route) in map.routes().iter().enumerate().filter(|(_, r)| !r.tunnel) {
                let lines: Vec<Card> = board.keys().copied().filter(|&l| route.color.is_none_or(|c| c == l)).collect();
                let len = lines.len() * (space.express.len() + 1) * space.province_payments(route);
                space.province_block[r] = Some(space.blocks.len());
                let route = RouteId(r as u8);
                space.blocks.push(RouteBlock { start: next, len, part: Part::Province, route, lines });
                next += len;
            }
        }
        space.len = next;
        space
    }

    /// Number of indices.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the space is empty (never: every map has draws).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Province payment slots of one (route, line, express card).
    fn province_payments(&self, route: &Route) -> usize {
        colors(route).len() * usize::from(self.per_color) * self.loco_stride() + usize::from(self.locos)
    }

    fn loco_stride(&self) -> usize {
        usize::from(self.locos) + 1
    }

    fn express_slot(&self, value: u8) -> Option<usize> {
        self.express.iter().position(|&v| v == value)
    }

    /// The block of `route`'s claims (`Part::Claim`: block `route`, as the claim blocks
    /// come first in route order) or provinces claims.
    fn block(&self, route: RouteId, part: Part) -> Option<&RouteBlock> {
        match part {
            Part::Claim => self.blocks.get(route.index()),
            Part::Province => self.province_block[route.index()].map(|b| &self.blocks[b]),
        }
    }

    /// The index of `action`, one of `legal`'s actions; `None` for an action the space
    /// cannot place (a substitute payment not listed now, a value beyond the deck).
    #[must_use]
    pub fn index_of(&self, map: &Map, legal: &LegalActions<'_, '_>, action: Action) -> Option<usize> {
        match action {
            Action::Keep(mask) => (mask != 0 && usize::from(mask) <= KEEP).then(|| usize::from(mask) - 1),
            Action::Pick(i) => (usize::from(i) < MAX_OFFER).then(|| PICK + usize::from(i)),
            Action::TakeFaceUp(slot) => (usize::from(slot) < MARKET_SLOTS).then(|| TAKE + usize::from(slot)),
            Action::DrawBlind => Some(BLIND),
            Action::DrawTickets => Some(TICKETS),
            Action::Pass => Some(PASS),
            Action::TunnelBack => Some(TUNNEL_BACK),
            Action::TunnelPay(extra) => {
                (usize::from(extra[Card::Loco]) <= MAX_DUE).then(|| TUNNEL_PAY + usize::from(extra[Card::Loco]))
            }
            Action::ExpressCards(v) => self.express_slot(v).map(|i| EXPRESS + i),
            Action::ExpressTickets(v) => self.express_slot(v).map(|i| EXPRESS + self.express.len() + i),
            Action::Claim { route, pay } => {
                let block = self.block(route, Part::Claim)?;
                let r = map.route(route);
                let length = usize::from(r.length);
                let direct = colors(r).len() * length;
                let offset = if pay.total() as usize == length {
                    match pay.single_color() {
                        Some(c) => colors(r).iter().position(|&x| x == c)? * length + usize::from(pay[Card::Loco]),
                        None if pay.colored() == 0 => direct,
                        None => return None,
                    }
                } else {
                    direct + 1 + substitutes(map, legal, route).position(|p| p == pay)?
                };
                (offset < block.len).then_some(block.start + offset)
            }
            Action::ClaimProvince { route, pay, line, express } => {
                let block = self.block(route, Part::Province)?;
                let r = map.route(route);
                let li = block.lines.iter().position(|&l| l == line)?;
                let ei = if express == 0 { 0 } else { 1 + self.express_slot(express)? };
                let (locos, stride) = (pay[Card::Loco], self.loco_stride());
                if locos > self.locos {
                    return None;
                }
                let slot = match pay.single_color() {
                    Some(c) if (1..=self.per_color).contains(&pay[c]) => {
                        let ci = colors(r).iter().position(|&x| x == c)?;
                        (ci * usize::from(self.per_color) + usize::from(pay[c] - 1)) * stride + usize::from(locos)
                    }
                    None if pay.colored() == 0 && locos > 0 => {
                        colors(r).len() * usize::from(self.per_color) * stride + usize::from(locos - 1)
                    }
                    _ => return None,
                };
                Some(block.start + (li * (self.express.len() + 1) + ei) * self.province_payments(r) + slot)
            }
        }
    }

    /// The action at `index` when it is legal in `legal`; `None` otherwise (an index out of
    /// range included).
    #[must_use]
    pub fn action(&self, map: &Map, legal: &LegalActions<'_, '_>, index: usize) -> Option<Action> {
        let action = match self.decode(map, index)? {
            Decoded::Action(a) => a,
            Decoded::TunnelPay(locos) => {
                legal.iter().find(|a| matches!(a, Action::TunnelPay(extra) if extra[Card::Loco] == locos))?
            }
            Decoded::Substitute(route, slot) => Action::Claim { route, pay: substitutes(map, legal, route).nth(slot)? },
        };
        (legal.is_legal(action) && self.index_of(map, legal, action) == Some(index)).then_some(action)
    }

    /// What an index stands for, legal or not.
    fn decode(&self, map: &Map, index: usize) -> Option<Decoded> {
        let n_express = self.express.len();
        let action = match index {
            i if i < PICK => Action::Keep((i + 1) as u8),
            i if i < TAKE => Action::Pick((i - PICK) as u8),
            i if i < BLIND => Action::TakeFaceUp((i - TAKE) as u8),
            BLIND => Action::DrawBlind,
            TICKETS => Action::DrawTickets,
            PASS => Action::Pass,
            TUNNEL_BACK => Action::TunnelBack,
            i if i < EXPRESS => return Some(Decoded::TunnelPay((i - TUNNEL_PAY) as u8)),
            i if i < EXPRESS + n_express => Action::ExpressCards(self.express[i - EXPRESS]),
            i if i < EXPRESS + 2 * n_express => Action::ExpressTickets(self.express[i - EXPRESS - n_express]),
            i if i >= self.len => return None,
            i => {
                let block = &self.blocks[self.blocks.partition_point(|b| b.start <= i) - 1];
                let route = map.route(block.route);
                let offset = i - block.start;
                match block.part {
                    Part::Claim => {
                        let length = usize::from(route.length);
                        let direct = colors(route).len() * length;
                        let pay = if offset < direct {
                            let (c, locos) = (colors(route)[offset / length], (offset % length) as u8);
                            CardCounts::of(c, route.length - locos).with(Card::Loco, locos)
                        } else if offset == direct {
                            CardCounts::of(Card::Loco, route.length)
                        } else {
                            return Some(Decoded::Substitute(block.route, offset - direct - 1));
                        };
                        Action::Claim { route: block.route, pay }
                    }
                    Part::Province => {
                        let payments = self.province_payments(route);
                        let (group, slot) = (offset / payments, offset % payments);
                        let (li, ei) = (group / (n_express + 1), group % (n_express + 1));
                        let express = if ei == 0 { 0 } else { self.express[ei - 1] };
                        let stride = self.loco_stride();
                        let per_color = usize::from(self.per_color) * stride;
                        let pay = if slot < colors(route).len() * per_color {
                            let c = colors(route)[slot / per_color];
                            CardCounts::of(c, ((slot % per_color) / stride + 1) as u8)
                                .with(Card::Loco, (slot % stride) as u8)
                        } else {
                            CardCounts::of(Card::Loco, (slot - colors(route).len() * per_color + 1) as u8)
                        };
                        Action::ClaimProvince { route: block.route, pay, line: block.lines[li], express }
                    }
                }
            }
        };
        Some(Decoded::Action(action))
    }

    /// Sets `mask[i]` for the index of every legal action and clears the rest; `mask` must
    /// hold [`ActionSpace::len`] entries. Returns the number of legal actions.
    pub fn fill_mask(&self, map: &Map, legal: &LegalActions<'_, '_>, mask: &mut [bool]) -> usize {
        mask.fill(false);
        for_each_legal(legal, |action| {
            mask[self.index_of(map, legal, action).expect("every legal action has an index")] = true;
        });
        legal.len() as usize
    }

    /// The indices of the legal actions, ascending.
    #[must_use]
    pub fn legal_indices(&self, map: &Map, legal: &LegalActions<'_, '_>) -> Vec<usize> {
        let mut v = Vec::with_capacity(legal.len() as usize);
        for_each_legal(legal, |a| v.push(self.index_of(map, legal, a).expect("every legal action has an index")));
        v.sort_unstable();
        v
    }

    /// A readable name for `index`, the same in every position and different for every
    /// index (routes are named by number, as double routes share their cities); `None`
    /// past the end.
    #[must_use]
    pub fn describe(&self, map: &Map, index: usize) -> Option<String> {
        let route_name = |r: RouteId| {
            let route = map.route(r);
            let color = route.color.map_or("gray", Card::name);
            format!("route {} {}-{} ({color} {})", r.0, map.city_name(route.a), map.city_name(route.b), route.length)
        };
        let cards = |pay: CardCounts| {
            let parts: Vec<String> = pay.iter().filter(|(_, n)| *n > 0).map(|(c, n)| format!("{n} {c}")).collect();
            parts.join(" + ")
        };
        Some(match self.decode(map, index)? {
            Decoded::TunnelPay(locos) => format!("pay the tunnel surcharge with {locos} locomotives"),
            Decoded::Substitute(route, slot) => format!("claim {}: substitute payment {slot}", route_name(route)),
            Decoded::Action(action) => match action {
                Action::Keep(mask) => format!("keep the tickets in offer slots {mask:#08b}"),
                Action::Pick(i) => format!("pick the ticket in packet slot {i}"),
                Action::TakeFaceUp(slot) => format!("take face-up slot {slot}"),
                Action::DrawBlind => "draw blind".into(),
                Action::DrawTickets => "draw tickets".into(),
                Action::Pass => "pass".into(),
                Action::TunnelBack => "take the tunnel cards back".into(),
                Action::ExpressCards(v) => format!("play express card {v} for cards"),
                Action::ExpressTickets(v) => format!("play express card {v} for tickets"),
                Action::Claim { route, pay } => format!("claim {}: {}", route_name(route), cards(pay)),
                Action::ClaimProvince { route, pay, line, express } => {
                    let express = if express == 0 { String::new() } else { format!(", express card {express}") };
                    format!(
                        "claim {} with a provinces train on the {line} line: {}{express}",
                        route_name(route),
                        cards(pay)
                    )
                }
                Action::TunnelPay(_) => unreachable!("decoded as TunnelPay above"),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;
    use std::path::Path;
    use ttr::GameState;

    /// Random games on every shipped map and player count: every legal action has its own
    /// index, which maps back to it; the mask holds exactly the legal set; a sample of other
    /// indices decodes to nothing.
    #[test]
    fn indices_and_legal_actions_match_on_every_map() {
        for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../maps/{name}.toml"));
            let map = Map::load(&path).unwrap();
            let space = ActionSpace::new(&map);
            let mut mask = vec![false; space.len()];
            let [lo, hi] = map.rules.players;
            for players in usize::from(lo)..=usize::from(hi) {
                let mut rng = Pcg64Mcg::seed_from_u64(players as u64);
                let mut state = GameState::new(&map, players, 11 + players as u64).unwrap();
                while !state.is_over() {
                    let legal = state.legal_actions();
                    let n = space.fill_mask(&map, &legal, &mut mask);
                    assert_eq!(n, legal.len() as usize);
                    assert_eq!(mask.iter().filter(|&&m| m).count(), n, "{name}: two legal actions share an index");
                    for action in legal.iter() {
                        let i = space.index_of(&map, &legal, action).unwrap();
                        assert_eq!(space.action(&map, &legal, i), Some(action), "{name}: index {i}");
                        assert!(space.describe(&map, i).is_some());
                        if action == Action::DrawBlind {
                            assert_eq!(space.describe(&map, i).as_deref(), Some("draw blind"));
                        }
                    }
                    for _ in 0..20 {
                        let i = rng.random_range(0..space.len() + 10);
                        assert_eq!(space.action(&map, &legal, i).is_some(), i < space.len() && mask[i], "{name} {i}");
                    }
                    let k = rng.random_range(0..legal.len());
                    let action = legal.get(k);
                    state.try_apply(action).unwrap();
                }
            }
        }
    }
}
