//! Legal actions, generated set-wise: claims are grouped by (colour, length) class and
//! counted with popcounts, so a uniform choice never expands the full list.

use crate::action::{Action, Phase};
use crate::bitset::RouteSet;
use crate::card::CardCounts;
use crate::ids::RouteId;
use crate::lanes::nth_set_bit_u8;
use crate::map::{Map, PlainClass, MAX_ROUTE_LENGTH};
use crate::rules::claims::{self, PlainPayments};
use crate::rules::tickets::{keep_mask_count, nth_keep_mask};
use crate::rules::{market, provinces, tunnels};
use crate::state::{GameState, MARKET_SLOTS};

/// The legal actions of the seat to move, as sets. Cheap to build; counts without expanding.
#[derive(Clone, Copy, Debug)]
pub struct LegalActions<'s, 'm> {
    state: &'s GameState<'m>,
    kind: Kind,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    None,
    Keep {
        offer_len: u8,
        min: u8,
        max: u8,
    },
    Pick {
        offer_len: u8,
    },
    Draw(Draws),
    /// The start of a turn: its choices ([`Turn`]) are derived from the state when a
    /// question needs them, each question deriving only what it needs.
    Turn,
    Tunnel {
        laid: CardCounts,
        hand: CardCounts,
        due: u8,
    },
}

/// The choices at the start of a turn. Order: draws, tickets, express cards for cards,
/// express cards for tickets, claims by class and payment, claims with a provinces train.
/// The claims are counted only when asked for ([`LegalActions::len`]): a bot that wants the
/// `k`-th action does not pay for counting them. A turn with none of them is a pass.
#[derive(Clone, Copy)]
struct Turn {
    draws: Draws,
    tickets: bool,
    /// Unused express cards (bit `i`: `rules.express[i]`) that may be played now.
    express_cards: u8,
    express_tickets: u8,
    /// The plain classes (bit `i`: [`Map::plain_classes`]`[i]`) the hand pays for with a
    /// route open to some seat; the seat's trains and closed twins may still rule out all
    /// their routes.
    classes: u128,
    claims: Claims,
}

/// What the claims of the seat to move are drawn from, derived from the state.
#[derive(Clone, Copy)]
struct Claims {
    hand: CardCounts,
    /// Routes open to the seat that its trains reach.
    claimable: RouteSet,
    payments: PlainPayments,
}

impl Claims {
    fn of(state: &GameState<'_>) -> Claims {
        let hand = state.hands[state.to_move.index()];
        Claims {
            hand,
            claimable: state.claimable_routes(state.to_move),
            payments: PlainPayments::new(&hand, &state.map.rules),
        }
    }
}

impl Draws {
    /// The draws of the seat to move in `state`.
    fn of(state: &GameState<'_>) -> Draws {
        Draws { slots: market::market_slots(state), blind: state.can_draw_blind() }
    }
}

/// Which cards may be drawn: market slots (bit per slot) and the deck.
#[derive(Clone, Copy, Debug)]
struct Draws {
    slots: u8,
    blind: bool,
}

impl Draws {
    fn count(self) -> u32 {
        self.slots.count_ones() + u32::from(self.blind)
    }

    fn contains(self, action: Action) -> bool {
        match action {
            Action::TakeFaceUp(slot) => usize::from(slot) < MARKET_SLOTS && self.slots >> slot & 1 == 1,
            Action::DrawBlind => self.blind,
            _ => false,
        }
    }

    fn nth(self, k: u32) -> Action {
        if k < self.slots.count_ones() {
            Action::TakeFaceUp(nth_set_bit_u8(self.slots, k) as u8)
        } else {
            Action::DrawBlind
        }
    }
}

impl<'s, 'm> LegalActions<'s, 'm> {
    /// The legal actions of the seat to move in `state`.
    #[must_use]
    pub fn new(state: &'s GameState<'m>) -> LegalActions<'s, 'm> {
        let seat = state.to_move.index();
        let kind = match state.phase {
            Phase::Over(_) => Kind::None,
            Phase::Draft => Kind::Pick { offer_len: state.offers[seat].len() as u8 },
            Phase::SetupKeep | Phase::KeepTickets => {
                let range = state.keep_range().expect("a phase that keeps tickets");
                Kind::Keep { offer_len: state.offers[seat].len() as u8, min: *range.start(), max: *range.end() }
            }
            Phase::Tunnel { laid, due, .. } => Kind::Tunnel { laid, hand: state.hands[seat], due },
            Phase::FirstCard | Phase::SecondCard => Kind::Draw(Draws::of(state)),
            Phase::Turn => Kind::Turn,
        };
        LegalActions { state, kind }
    }

    fn map(&self) -> &'m Map {
        self.state.map
    }

    /// Number of legal actions. At the start of a turn this counts the claims (by class;
    /// on a map with a provinces board it also walks the claims with a provinces train).
    #[must_use]
    pub fn len(&self) -> u32 {
        match self.kind {
            Kind::None => 0,
            Kind::Keep { offer_len, min, max } => keep_mask_count(usize::from(offer_len), min, max),
            Kind::Pick { offer_len } => u32::from(offer_len),
            Kind::Draw(draws) => draws.count(),
            Kind::Tunnel { laid, hand, due } => 1 + tunnels::surcharge_count(&laid, &hand, due),
            // A turn with nothing else to do is a pass.
            Kind::Turn => Turn::of(self.state).len(self.state).max(1),
        }
    }

    /// Whether there is no legal action (the game is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `k`-th legal action (0-based), `k` below [`LegalActions::len`]. The order is
    /// fixed: draws, tickets, express cards, claims by class and payment, provinces claims.
    #[must_use]
    pub fn get(&self, k: u32) -> Action {
        match self.kind {
            Kind::None => panic!("no legal actions: the game is over"),
            Kind::Keep { offer_len, min, max } => Action::Keep(nth_keep_mask(usize::from(offer_len), min, max, k)),
            Kind::Pick { .. } => Action::Pick(k as u8),
            Kind::Draw(draws) => draws.nth(k),
            Kind::Tunnel { laid, hand, due } => {
                if k == 0 {
                    Action::TunnelBack
                } else {
                    Action::TunnelPay(tunnels::nth_surcharge(&laid, &hand, due, k - 1))
                }
            }
            Kind::Turn => {
                let (state, t) = (self.state, Turn::of(self.state));
                t.nth_other(state.map, k)
                    .or_else(|k| nth_claim(state.map, &t.claims, t.classes, k))
                    .or_else(|rest| nth_province_claim(state, t.claims.hand, rest))
                    .unwrap_or_else(|rest| {
                        // Only a turn with no action at all has nothing before index 0.
                        assert!(rest == 0 && k == 0, "index {k} beyond the legal actions");
                        Action::Pass
                    })
            }
        }
    }

    /// The action `choose(n)` names among the `n` legal actions, `n` being
    /// [`LegalActions::len`] and the index `choose` returns below it: `self.get(choose(self.len()))`,
    /// but the claims are counted once, for both. `choose` is called exactly once, so a
    /// uniform random choice (`|n| rng.random_range(0..n)`) draws the same action from the
    /// same random numbers as `get` and `len` would.
    #[must_use]
    pub fn pick(&self, choose: impl FnOnce(u32) -> u32) -> Action {
        match self.kind {
            Kind::Turn => {}
            Kind::Draw(draws) => return draws.nth(choose(draws.count())),
            _ => return self.get(choose(self.len())),
        }
        let (state, map) = (self.state, self.map());
        let t = Turn::of(state);
        let c = &t.claims;
        // The claim counts of the plain classes (index: the class): at most 128 routes, each
        // with at most 9 slots' worth of payments of one length, fit in 16 bits.
        const _: () = assert!(128 * 9 * (MAX_ROUTE_LENGTH + 1) <= u16::MAX as usize);
        let (mut counts, mut plain_total) = ([0u16; 128], 0);
        for (i, class) in classes_in(map, t.classes) {
            if let Some((set, per)) = class_claims(c, class) {
                let n = set.count() * per;
                counts[i] = n as u16;
                plain_total += n;
            }
        }
        let others = t.others();
        let rest = special_claim_count(map, c) + province_claim_count(state);
        let total = others + plain_total + rest;
        // A turn with nothing else to do is a pass, the one action.
        let k = choose(total.max(1));
        if total == 0 {
            return Action::Pass;
        }
        let mut k = match t.nth_other(map, k) {
            Ok(action) => return action,
            Err(k) => k,
        };
        if k >= plain_total {
            return nth_claim(map, c, 0, k - plain_total)
                .or_else(|k| nth_province_claim(state, c.hand, k))
                .expect("k is below the legal actions' count");
        }
        for (i, class) in classes_in(map, t.classes) {
            let n = u32::from(counts[i]);
            if k < n {
                let (set, per) = class_claims(c, class).expect("counted");
                return class_claim(c, class, set, per, k);
            }
            k -= n;
        }
        unreachable!("k is below the plain claims' total")
    }

    /// Every legal action, in the order of [`LegalActions::get`]; each route's payments are
    /// worked out once, so a full walk costs no more than listing the actions.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        let (state, map) = (self.state, self.map());
        let at_turn_start = matches!(self.kind, Kind::Turn);
        let turn = at_turn_start.then(|| Turn::of(state)).filter(|t| !t.is_pass(state));
        // Listed by index: every action but at the start of a turn, where only a pass is.
        let listed = if at_turn_start { u32::from(turn.is_none()) } else { self.len() };
        let others =
            turn.into_iter().flat_map(move |t| (0..t.others()).map(move |k| t.nth_other(map, k).expect("counted")));
        let claims = turn.into_iter().flat_map(move |t| {
            let Claims { hand, claimable, .. } = t.claims;
            let plain = classes_in(map, t.classes).flat_map(move |(_, class)| claimable.and(class.routes).iter());
            let routes = plain.chain(claimable.and(map.special_routes()).iter()).flat_map(move |route| {
                let payments = claims::RoutePayments::new(map.route(route), &hand, &map.rules);
                (0..payments.len()).map(move |k| Action::Claim { route, pay: payments.get(k) })
            });
            routes.chain(provinces::province_claims(state, state.province_routes(), hand))
        });
        (0..listed).map(move |k| self.get(k)).chain(others).chain(claims)
    }

    /// Whether `action` is one of the legal actions ([`LegalActions::iter`] yields it),
    /// decided from the rules directly, without going through the list: a claim looks at
    /// its one route's payments only. Every action it accepts, [`GameState::check`] accepts
    /// too; `check` also takes payments the list leaves out (other mixes of substitute
    /// cards, see [`RoutePayments`](crate::RoutePayments)).
    #[must_use]
    pub fn is_legal(&self, action: Action) -> bool {
        let state = self.state;
        let map = self.map();
        match (self.kind, action) {
            (Kind::Turn, Action::Pass) => Turn::of(state).is_pass(state),
            (Kind::Keep { offer_len, min, max }, Action::Keep(mask)) => {
                mask != 0 && u16::from(mask) >> offer_len == 0 && (min..=max).contains(&(mask.count_ones() as u8))
            }
            (Kind::Pick { offer_len }, Action::Pick(i)) => i < offer_len,
            (Kind::Draw(draws), action) => draws.contains(action),
            (Kind::Tunnel { .. }, Action::TunnelBack) => true,
            (Kind::Tunnel { laid, hand, due }, Action::TunnelPay(extra)) => {
                hand.contains(&extra) && tunnels::is_canonical_surcharge(&laid, &hand, due, &extra)
            }
            (Kind::Turn, Action::DrawTickets) => state.can_draw_tickets(),
            (Kind::Turn, Action::ExpressCards(value)) => {
                map.rules.express_index(Turn::of(state).express_cards, value).is_some()
            }
            (Kind::Turn, Action::ExpressTickets(value)) => {
                map.rules.express_index(Turn::of(state).express_tickets, value).is_some()
            }
            (Kind::Turn, Action::Claim { route, pay }) => {
                let c = Claims::of(state);
                route.index() < map.routes().len()
                    && c.claimable.contains(route)
                    && c.hand.contains(&pay)
                    && claims::RoutePayments::new(map.route(route), &c.hand, &map.rules).contains(&pay)
            }
            (Kind::Turn, Action::ClaimProvince { route, pay, line, express }) => {
                route.index() < map.routes().len()
                    && state.province_routes().contains(route)
                    && state.check_province_claim(route, &pay, line, express).is_ok()
            }
            (Kind::Turn, action) => Draws::of(state).contains(action),
            _ => false,
        }
    }

    /// The payments the seat to move may claim `route` with now, in the order of
    /// [`LegalActions::iter`]: exactly the `pay` of its `Action::Claim { route, pay }`
    /// actions. `None` when the route cannot be claimed now (another phase, a route taken
    /// or closed to the seat, too few trains); it may also be empty (cards short).
    #[must_use]
    pub fn claim_payments(&self, route: RouteId) -> Option<claims::RoutePayments<'m>> {
        let map = self.map();
        let c = Claims::of(self.state);
        match self.kind {
            Kind::Turn if route.index() < map.routes().len() && c.claimable.contains(route) => {
                Some(claims::RoutePayments::new(map.route(route), &c.hand, &map.rules))
            }
            _ => None,
        }
    }

    /// Routes that can be claimed now with at least one payment.
    #[must_use]
    pub fn claimable_routes(&self) -> RouteSet {
        match self.kind {
            Kind::Turn => {
                let (state, seat) = (self.state, self.state.to_move);
                state.claimable_routes(seat).and(claims::payable_routes(self.map(), &state.hands[seat.index()]))
            }
            _ => RouteSet::EMPTY,
        }
    }
}

impl Turn {
    /// The choices of the seat to move in `state`, at the start of its turn.
    #[inline]
    fn of(state: &GameState<'_>) -> Turn {
        let map = state.map;
        let seat = state.to_move.index();
        let draws = Draws::of(state);
        let tickets = state.can_draw_tickets();
        let express = state.express[seat];
        let claims = Claims::of(state);
        Turn {
            draws,
            tickets,
            // At the start of a turn a card can be drawn exactly when some draw is legal.
            express_cards: if draws.count() > 0 { express } else { 0 },
            express_tickets: if tickets { express } else { 0 },
            classes: claims.payments.payable_classes(map) & state.open_classes,
            claims,
        }
    }

    /// Whether the turn has nothing to do but pass.
    fn is_pass(&self, state: &GameState<'_>) -> bool {
        self.others() == 0 && self.claims_total(state) == 0
    }

    /// The number of legal actions, or 0 for a pass.
    fn len(&self, state: &GameState<'_>) -> u32 {
        self.others() + self.claims_total(state)
    }

    /// The number of legal actions but the claims.
    fn others(&self) -> u32 {
        self.draws.count()
            + u32::from(self.tickets)
            + self.express_cards.count_ones()
            + self.express_tickets.count_ones()
    }

    /// The `k`-th of the actions but the claims (0-based), in the order of
    /// [`LegalActions::get`]; when `k` is not below [`Turn::others`], `Err` with `k` less it.
    #[inline]
    fn nth_other(&self, map: &Map, mut k: u32) -> Result<Action, u32> {
        let rules = &map.rules;
        let d = self.draws.count();
        if k < d {
            return Ok(self.draws.nth(k));
        }
        k -= d;
        if self.tickets {
            if k == 0 {
                return Ok(Action::DrawTickets);
            }
            k -= 1;
        }
        if k < self.express_cards.count_ones() {
            return Ok(Action::ExpressCards(
                rules.express_values(self.express_cards).nth(k as usize).expect("counted"),
            ));
        }
        k -= self.express_cards.count_ones();
        if k < self.express_tickets.count_ones() {
            return Ok(Action::ExpressTickets(
                rules.express_values(self.express_tickets).nth(k as usize).expect("counted"),
            ));
        }
        Err(k - self.express_tickets.count_ones())
    }

    /// The number of claims, those with a provinces train included, the seat to move in
    /// `state` (the state this turn was made from) can make.
    fn claims_total(&self, state: &GameState<'_>) -> u32 {
        claim_count(state.map, &self.claims, self.classes) + province_claim_count(state)
    }
}

/// Number of claims with a provinces train the seat to move can make (0 on a map without
/// a provinces board).
#[inline]
fn province_claim_count(state: &GameState<'_>) -> u32 {
    if state.map.rules.provinces.is_none() {
        return 0;
    }
    count_province_claims(state)
}

/// [`province_claim_count`] on a map with a provinces board.
#[inline(never)]
fn count_province_claims(state: &GameState<'_>) -> u32 {
    let routes = state.province_routes();
    if routes.is_empty() {
        return 0;
    }
    let (map, hand) = (state.map, state.hands[state.to_move.index()]);
    let landings = provinces::Landings::of(state);
    routes.iter().map(|r| landings.claims_of(map.route(r), hand, &map.rules)).sum()
}

/// The `k`-th claim with a provinces train (0-based), in the order of
/// [`provinces::province_claims`]: routes before the one it falls in are skipped by their
/// counts. When `k` is not below [`province_claim_count`], `Err` with `k` less that count.
fn nth_province_claim(state: &GameState<'_>, hand: CardCounts, mut k: u32) -> Result<Action, u32> {
    let routes = state.province_routes();
    if routes.is_empty() {
        return Err(k);
    }
    let map = state.map;
    let landings = provinces::Landings::of(state);
    for r in routes.iter() {
        let n = landings.claims_of(map.route(r), hand, &map.rules);
        if k < n {
            let claim = provinces::province_claims(state, RouteSet::EMPTY.with(r), hand).nth(k as usize);
            return Ok(claim.expect("counted"));
        }
        k -= n;
    }
    Err(k)
}

/// The plain classes in `classes` (bit `i`: [`Map::plain_classes`]`[i]`) with their
/// indices, in that order: the others are skipped unseen.
pub(crate) fn classes_in(map: &Map, classes: u128) -> impl Iterator<Item = (usize, &PlainClass)> {
    // One 64-bit half at a time: cheaper to scan than the 128-bit mask.
    let (mut word, mut high, mut base) = (classes as u64, (classes >> 64) as u64, 0);
    let all = map.plain_classes();
    std::iter::from_fn(move || {
        if word == 0 {
            if high == 0 {
                return None;
            }
            (word, high, base) = (high, 0, 64);
        }
        let i = base + word.trailing_zeros() as usize;
        word &= word - 1;
        Some((i, &all[i]))
    })
}

/// The routes of `class` claimable from `c` and the payments of each, when there are both.
#[inline]
fn class_claims(c: &Claims, class: &PlainClass) -> Option<(RouteSet, u32)> {
    let set = c.claimable.and(class.routes);
    if set.is_empty() {
        return None;
    }
    let per = c.payments.get(class.slot, class.length);
    (per > 0).then_some((set, per))
}

/// The `k`-th claim (0-based, below `set.count() * per`) of `class`, whose claimable routes
/// from `c` are `set`, each with `per` payments: routes in order, payments within a route.
#[inline]
fn class_claim(c: &Claims, class: &PlainClass, set: RouteSet, per: u32, k: u32) -> Action {
    Action::Claim { route: set.nth(k / per), pay: c.payments.nth(class.slot, class.length, k % per) }
}

/// Number of claims of the special routes (those outside the plain classes) from `c`.
fn special_claim_count(map: &Map, c: &Claims) -> u32 {
    c.claimable.and(map.special_routes()).iter().map(|r| claims::payment_count(map.route(r), &c.hand, &map.rules)).sum()
}

/// Number of canonical claims from `c`: plain routes by class (`classes`, a superset of
/// the classes with a claimable route the hand pays for), the special routes one by one.
fn claim_count(map: &Map, c: &Claims, classes: u128) -> u32 {
    let plain: u32 = classes_in(map, classes)
        .filter_map(|(_, class)| class_claims(c, class))
        .map(|(set, per)| set.count() * per)
        .sum();
    plain + special_claim_count(map, c)
}

/// The `k`-th claim from `c` (0-based), in the order [`claim_count`] counts; when `k` is not
/// below that count, `Err` with `k` less the count.
fn nth_claim(map: &Map, c: &Claims, classes: u128, mut k: u32) -> Result<Action, u32> {
    for (_, class) in classes_in(map, classes) {
        if let Some((set, per)) = class_claims(c, class) {
            let n = set.count() * per;
            if k < n {
                return Ok(class_claim(c, class, set, per, k));
            }
            k -= n;
        }
    }
    for r in c.claimable.and(map.special_routes()).iter() {
        let n = claims::payment_count(map.route(r), &c.hand, &map.rules);
        if k < n {
            return Ok(Action::Claim { route: r, pay: claims::nth_payment(map.route(r), &c.hand, &map.rules, k) });
        }
        k -= n;
    }
    Err(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kth_draw_is_the_kth_open_slot_then_the_deck() {
        for slots in 0..1u8 << MARKET_SLOTS {
            for blind in [false, true] {
                let draws = Draws { slots, blind };
                let mut listed: Vec<Action> =
                    (0..MARKET_SLOTS as u8).filter(|s| slots >> s & 1 == 1).map(Action::TakeFaceUp).collect();
                if blind {
                    listed.push(Action::DrawBlind);
                }
                assert_eq!(draws.count() as usize, listed.len(), "slots {slots:05b}");
                for (k, &action) in listed.iter().enumerate() {
                    assert_eq!(draws.nth(k as u32), action, "slots {slots:05b}, draw {k}");
                    assert!(draws.contains(action));
                }
            }
        }
    }
}
