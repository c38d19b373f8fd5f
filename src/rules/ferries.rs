//! Ferries and card substitutes (docs/rules.md 2, 3): a ferry needs a locomotive for each
//! locomotive symbol; on some maps any few cards stand in for one required locomotive
//! (`ferry_substitute`), and on some routes for one colour card (the route's `any_cards`).
//! The check of such payments is [`crate::is_valid_payment`]; here are the substitute
//! payments legal-move generation offers.

use crate::card::{Card, CardCounts};
use crate::fixed_list::FixedList;
use crate::map::Route;
use crate::rule_set::Rules;
use crate::rules::claims::{locos_on_color_spaces, route_colors};

/// Whether the hand is large enough for any substitute payment of `route`.
pub(crate) fn may_substitute(route: &Route, hand: &CardCounts, rules: &Rules) -> bool {
    let loco_extra = (route.ferry_locos > 0 && rules.ferry_substitute > 0).then(|| rules.ferry_substitute - 1);
    let any_extra = (route.any_cards > 0).then(|| route.any_cards - 1);
    match loco_extra.into_iter().chain(any_extra).min() {
        Some(extra) => hand.total() >= u32::from(route.length) + u32::from(extra),
        None => false,
    }
}

/// Most substitute payments generated for one route and hand.
const MAX_SUBSTITUTE_PAYMENTS: usize = 64;

/// A list of distinct payments.
pub type PaymentList = FixedList<CardCounts, MAX_SUBSTITUTE_PAYMENTS>;

/// Canonical payments that use substitutes (any N cards for a required locomotive on a
/// ferry, any N cards for one colour card on a route such as Murmansk-Lieksa).
///
/// The choices offered are: how many spaces are substituted, the colour of the colour
/// spaces (filled with that colour first, then with locomotives where allowed), and a
/// filler kind whose cards make up the substitute groups first; the rest of the groups is
/// taken in card order (colours, then locomotives). So whenever a substitute payment
/// exists, at least one is generated, without listing every mix of substitute cards.
#[must_use]
pub fn substitute_payments(route: &Route, hand: &CardCounts, rules: &Rules) -> PaymentList {
    let mut list = PaymentList::new(CardCounts::EMPTY);
    let mut listed = Listed::new();
    for_each_direct_part(route, hand, rules, |direct, sub_cards| {
        let mut rest = *hand;
        rest.remove(&direct);
        for filler in Card::ALL {
            if rest[filler] == 0 {
                continue;
            }
            let mut pay = direct;
            pay.add(&take_cards(&rest, filler, sub_cards));
            if !listed.push_new(&mut list, pay) {
                // Full: every later payment would be left out.
                return false;
            }
        }
        true
    });
    list
}

/// Whether `hand` has a substitute payment for `route` ([`substitute_payments`] is not
/// empty), found without listing them.
pub(crate) fn has_substitute_payment(route: &Route, hand: &CardCounts, rules: &Rules) -> bool {
    let mut found = false;
    for_each_direct_part(route, hand, rules, |_, _| {
        found = true;
        false
    });
    found
}

/// Calls `f` with each way [`substitute_payments`] lays cards of `hand` on the spaces of
/// `route` not left to substitutes, in its order: the cards laid, and how many cards the
/// substitutes then take (at least one), which the rest of the hand always holds. Stops
/// when `f` returns false.
fn for_each_direct_part(route: &Route, hand: &CardCounts, rules: &Rules, mut f: impl FnMut(CardCounts, u32) -> bool) {
    let loco_sub = if route.ferry_locos > 0 { rules.ferry_substitute } else { 0 };
    let any_sub = route.any_cards;
    if loco_sub == 0 && any_sub == 0 {
        return;
    }
    let ferry = route.ferry_locos;
    let wild = locos_on_color_spaces(route, rules);
    let max_sf = if loco_sub > 0 { ferry } else { 0 };
    let max_sc = if any_sub > 0 { route.length - ferry } else { 0 };
    let total = hand.total();
    for s_f in 0..=max_sf {
        for s_c in 0..=max_sc {
            if s_f == 0 && s_c == 0 {
                continue;
            }
            let sub_cards = u32::from(loco_sub) * u32::from(s_f) + u32::from(any_sub) * u32::from(s_c);
            let direct_locos = ferry - s_f;
            let color_spaces = route.length - ferry - s_c;
            if total < sub_cards + u32::from(direct_locos) + u32::from(color_spaces) {
                continue;
            }
            let mut colorless_done = false;
            for &c in route_colors(route) {
                let from_color = color_spaces.min(hand[c]);
                // Payments without a card of the colour are the same for every colour.
                if from_color == 0 {
                    if colorless_done {
                        continue;
                    }
                    colorless_done = true;
                }
                let locos_on_colors = color_spaces - from_color;
                if locos_on_colors > 0 && !wild {
                    continue;
                }
                let locos = direct_locos + locos_on_colors;
                if hand[Card::Loco] < locos {
                    continue;
                }
                if !f(CardCounts::of(c, from_color).with(Card::Loco, locos), sub_cards) {
                    return;
                }
            }
        }
    }
}

/// Which payments a [`PaymentList`] holds, by a hash of each: [`Listed::push_new`] costs a
/// probe or two where a scan of the list costs up to its length.
struct Listed {
    /// Per hash slot, 1 + the index in the list of a payment with that hash, 0 when empty.
    slots: [u8; Listed::SLOTS],
}

impl Listed {
    /// Twice the list's capacity, so probe runs stay short.
    const SLOTS: usize = 2 * MAX_SUBSTITUTE_PAYMENTS;

    fn new() -> Listed {
        Listed { slots: [0; Listed::SLOTS] }
    }

    /// Adds `pay` to `list` unless it is listed already (the list must only have grown
    /// through this `Listed`); false once the list is full.
    fn push_new(&mut self, list: &mut PaymentList, pay: CardCounts) -> bool {
        let mut slot = Listed::hash(&pay);
        loop {
            match self.slots[slot] {
                0 => break,
                i if list.as_slice()[usize::from(i) - 1] == pay => return true,
                _ => slot = (slot + 1) % Listed::SLOTS,
            }
        }
        list.push(pay);
        self.slots[slot] = list.len() as u8;
        list.len() < MAX_SUBSTITUTE_PAYMENTS
    }

    /// A slot for `pay`: its nine counts mixed by a multiplication, top bits taken.
    fn hash(pay: &CardCounts) -> usize {
        let [a, b, c, d, e, f, g, h, i] = pay.0;
        let low = u64::from_le_bytes([a, b, c, d, e, f, g, h]);
        let mixed = (low ^ u64::from(i) << 59).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> (64 - Listed::SLOTS.trailing_zeros())) as usize
    }
}

/// `n` cards from `pile`, which holds at least `n`: as many of `first` as possible, then in
/// card order.
fn take_cards(pile: &CardCounts, first: Card, n: u32) -> CardCounts {
    let mut taken = CardCounts::EMPTY;
    let mut left = n;
    for c in std::iter::once(first).chain(Card::ALL) {
        if left == 0 {
            break;
        }
        let k = u32::from(pile[c] - taken[c]).min(left);
        taken[c] += k as u8;
        left -= k;
    }
    taken
}
