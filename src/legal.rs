//! Legal actions, generated set-wise: claims are grouped by (colour, length) class and
//! counted with popcounts, so a uniform choice never expands the full list.

use crate::action::{Action, Phase};
use crate::bitset::RouteSet;
use crate::card::{Card, CardCounts};
use crate::ids::RouteId;
use crate::map::Map;
use crate::payment::{self, PlainPayments};
use crate::state::{GameState, MARKET_SLOTS};
use crate::tickets::{keep_mask_count, nth_keep_mask, TicketOffer};

/// The legal actions of the seat to move, as sets. Cheap to build; counts without expanding.
#[derive(Clone, Copy, Debug)]
pub struct LegalActions<'m> {
    map: &'m Map,
    kind: Kind,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    None,
    Pass,
    Keep { offer_len: u8, min: u8 },
    Turn { draws: Draws, tickets: bool, claimable: RouteSet, hand: CardCounts, table: PlainPayments, claims: u32 },
    SecondCard(Draws),
    Tunnel { laid: CardCounts, hand: CardCounts, due: u8 },
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

    fn nth(self, k: u32) -> Action {
        let n = self.slots.count_ones();
        if k < n {
            let mut bits = self.slots;
            for _ in 0..k {
                bits &= bits - 1;
            }
            Action::TakeFaceUp(bits.trailing_zeros() as u8)
        } else {
            Action::DrawBlind
        }
    }
}

impl<'m> LegalActions<'m> {
    /// The legal actions of the seat to move in `state`.
    #[must_use]
    pub fn new(state: &GameState<'m>) -> LegalActions<'m> {
        let map = state.map;
        let seat = state.to_move.index();
        let kind = match state.phase {
            Phase::Over(_) => Kind::None,
            Phase::SetupKeep => keep(&state.offers[seat], map.rules.setup_tickets.keep),
            Phase::KeepTickets => keep(&state.offers[seat], map.rules.draw_tickets.keep),
            Phase::Tunnel { laid, due, .. } => Kind::Tunnel { laid, hand: state.hands[seat], due },
            Phase::SecondCard => Kind::SecondCard(Draws {
                slots: market_slots(state, map.rules.face_up_loco_ends_draw),
                blind: state.can_draw_blind(),
            }),
            Phase::Turn => {
                let draws = Draws { slots: market_slots(state, false), blind: state.can_draw_blind() };
                let tickets = !state.ticket_deck.is_empty();
                let hand = state.hands[seat];
                let claimable = state.open_to(state.to_move).minus(map.routes_needing_more_than(state.trains[seat]));
                let table = PlainPayments::new(&hand, &map.rules, map.max_plain_length());
                let claims = LegalActions { map, kind: Kind::None }.claim_count(claimable, &hand, &table);
                if claims == 0 && draws.count() == 0 && !tickets {
                    Kind::Pass
                } else {
                    Kind::Turn { draws, tickets, claimable, hand, table, claims }
                }
            }
        };
        LegalActions { map, kind }
    }

    /// Number of legal actions.
    #[must_use]
    pub fn len(&self) -> u32 {
        match self.kind {
            Kind::None => 0,
            Kind::Pass => 1,
            Kind::Keep { offer_len, min } => keep_mask_count(usize::from(offer_len), min),
            Kind::SecondCard(draws) => draws.count(),
            Kind::Tunnel { laid, hand, due } => 1 + payment::surcharge_count(&laid, &hand, due),
            Kind::Turn { draws, tickets, claims, .. } => draws.count() + u32::from(tickets) + claims,
        }
    }

    /// Whether there is no legal action (the game is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `k`-th legal action (0-based), `k` below [`LegalActions::len`]. The order is
    /// fixed: draws, tickets, then claims by class and payment.
    #[must_use]
    pub fn get(&self, k: u32) -> Action {
        match self.kind {
            Kind::None => panic!("no legal actions: the game is over"),
            Kind::Pass => Action::Pass,
            Kind::Keep { offer_len, min } => Action::Keep(nth_keep_mask(usize::from(offer_len), min, k)),
            Kind::SecondCard(draws) => draws.nth(k),
            Kind::Tunnel { laid, hand, due } => {
                if k == 0 {
                    Action::TunnelBack
                } else {
                    Action::TunnelPay(payment::nth_surcharge(&laid, &hand, due, k - 1))
                }
            }
            Kind::Turn { draws, tickets, claimable, hand, table, .. } => {
                let d = draws.count();
                if k < d {
                    return draws.nth(k);
                }
                let k = k - d;
                if tickets {
                    if k == 0 {
                        return Action::DrawTickets;
                    }
                    return self.nth_claim(claimable, &hand, &table, k - 1);
                }
                self.nth_claim(claimable, &hand, &table, k)
            }
        }
    }

    /// Every legal action, in the order of [`LegalActions::get`]; each route's payments are
    /// worked out once, so a full walk costs no more than listing the actions.
    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        let (prefix, claims) = match self.kind {
            Kind::Turn { claims, claimable, hand, .. } => (self.len() - claims, Some((claimable, hand))),
            _ => (self.len(), None),
        };
        let map = self.map;
        let routes = claims.into_iter().flat_map(move |(claimable, hand)| {
            let plain = map.plain_classes().iter().flat_map(move |class| claimable.and(class.routes).iter());
            plain.chain(claimable.and(map.special_routes()).iter()).map(move |r| (r, hand))
        });
        let claim_actions = routes.flat_map(move |(route, hand)| {
            let payments = payment::RoutePayments::new(map.route(route), &hand, &map.rules);
            (0..payments.len()).map(move |k| Action::Claim { route, pay: payments.get(k) })
        });
        (0..prefix).map(move |k| self.get(k)).chain(claim_actions)
    }

    /// Routes that can be claimed now with at least one payment.
    #[must_use]
    pub fn claimable_routes(&self) -> RouteSet {
        match self.kind {
            Kind::Turn { claimable, hand, .. } => claimable
                .iter()
                .filter(|&r| payment::payment_count(self.map.route(r), &hand, &self.map.rules) > 0)
                .collect(),
            _ => RouteSet::EMPTY,
        }
    }

    fn claim_count(&self, claimable: RouteSet, hand: &CardCounts, table: &PlainPayments) -> u32 {
        let mut total = 0;
        for class in self.map.plain_classes() {
            let per = table.get(class.slot, class.length);
            if per > 0 {
                total += claimable.and(class.routes).count() * per;
            }
        }
        for r in claimable.and(self.map.special_routes()).iter() {
            total += payment::payment_count(self.map.route(r), hand, &self.map.rules);
        }
        total
    }

    fn nth_claim(&self, claimable: RouteSet, hand: &CardCounts, table: &PlainPayments, mut k: u32) -> Action {
        for class in self.map.plain_classes() {
            let per = table.get(class.slot, class.length);
            if per == 0 {
                continue;
            }
            let set = claimable.and(class.routes);
            let n = set.count() * per;
            if k < n {
                return self.claim(set.nth(k / per), hand, k % per);
            }
            k -= n;
        }
        for r in claimable.and(self.map.special_routes()).iter() {
            let n = payment::payment_count(self.map.route(r), hand, &self.map.rules);
            if k < n {
                return self.claim(r, hand, k);
            }
            k -= n;
        }
        panic!("claim index beyond the legal claims");
    }

    fn claim(&self, route: RouteId, hand: &CardCounts, k: u32) -> Action {
        Action::Claim { route, pay: payment::nth_payment(self.map.route(route), hand, &self.map.rules, k) }
    }
}

fn keep(offer: &TicketOffer, min: u8) -> Kind {
    Kind::Keep { offer_len: offer.len() as u8, min: min.min(offer.len() as u8).max(1) }
}

/// Market slots that may be taken; with `no_locos`, face-up locomotives are excluded.
fn market_slots(state: &GameState<'_>, no_locos: bool) -> u8 {
    let mut slots = 0u8;
    for (i, card) in state.market.iter().enumerate().take(MARKET_SLOTS) {
        match card {
            Some(Card::Loco) if no_locos => {}
            Some(_) => slots |= 1 << i,
            None => {}
        }
    }
    slots
}
