//! The checks behind the engine's fuzz targets (`fuzz/fuzz_targets/map_toml.rs` and
//! `actions.rs`) and their short property-test versions (`tests/fuzzing.rs`): each takes
//! arbitrary bytes and panics only on a finding.

use std::path::Path;
use std::sync::OnceLock;

use ttr::{Action, Card, CardCounts, GameState, Map, RouteId};

use super::invariants::{check_position, check_transition, Ctx};

/// The shipped maps: their file names and texts.
pub const MAPS: [(&str, &str); 4] = [
    ("maps/usa.toml", include_str!("../../maps/usa.toml")),
    ("maps/nordic.toml", include_str!("../../maps/nordic.toml")),
    ("maps/legendary_asia.toml", include_str!("../../maps/legendary_asia.toml")),
    ("maps/south_korea.toml", include_str!("../../maps/south_korea.toml")),
];

/// The shipped map `i`, loaded once.
pub fn shipped(i: usize) -> &'static Map {
    static LOADED: [OnceLock<Map>; MAPS.len()] = [const { OnceLock::new() }; MAPS.len()];
    let (file, text) = MAPS[i];
    LOADED[i].get_or_init(|| Map::from_toml(text, Path::new(file)).unwrap_or_else(|e| panic!("{e}")))
}

/// Bytes read one at a time; zeros once they run out.
pub struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes(data.iter())
    }

    pub fn next(&mut self) -> u8 {
        self.0.next().copied().unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.0.len() == 0
    }
}

/// The map loader on any text: it either builds a map, on which games start and run for
/// every player count it allows, or refuses with problems that each name the file and a
/// line of the text.
pub fn map_toml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = Path::new("fuzzed.toml");
    match Map::from_toml(text, file) {
        Ok(map) => {
            let [lo, hi] = map.rules.players;
            for players in usize::from(lo)..=usize::from(hi) {
                let mut state = GameState::new(&map, players, 1).unwrap_or_else(|e| panic!("{players} players: {e}"));
                for k in 0..200u32 {
                    if state.is_over() {
                        break;
                    }
                    let legal = state.legal_actions();
                    state.try_apply(legal.get(k % legal.len())).unwrap_or_else(|e| panic!("legal action: {e}"));
                }
            }
        }
        Err(e) => {
            assert_eq!(e.file, file);
            assert!(!e.problems.is_empty(), "an error without problems");
            let last_line = text.matches('\n').count() + 1;
            for p in &e.problems {
                let line = p.line.unwrap_or_else(|| panic!("no line for {:?}", p.message));
                assert!((1..=last_line).contains(&line), "line {line} of {last_line}: {}", p.message);
                assert!(!p.message.is_empty(), "an empty message at line {line}");
            }
        }
    }
}

/// An action made from bytes: any variant, any values, legal or not.
fn arbitrary_action(b: &mut Bytes<'_>) -> Action {
    let counts = |b: &mut Bytes<'_>| {
        let mut pay = CardCounts::EMPTY;
        for _ in 0..b.next() % 4 {
            let card = Card::ALL[usize::from(b.next()) % Card::ALL.len()];
            pay[card] = pay[card].saturating_add(b.next() % 8);
        }
        pay
    };
    match b.next() % 12 {
        0 => Action::Keep(b.next()),
        1 => Action::TakeFaceUp(b.next()),
        2 => Action::DrawBlind,
        3 => Action::Claim { route: RouteId(b.next()), pay: counts(b) },
        4 => Action::DrawTickets,
        5 => Action::TunnelPay(counts(b)),
        6 => Action::TunnelBack,
        7 => Action::Pass,
        8 => Action::Pick(b.next()),
        9 => Action::ExpressCards(b.next()),
        10 => Action::ExpressTickets(b.next()),
        _ => Action::ClaimProvince {
            route: RouteId(b.next()),
            pay: counts(b),
            line: Card::ALL[usize::from(b.next()) % Card::ALL.len()],
            express: b.next() % 8,
        },
    }
}

/// A legal action with one more or one fewer card of some kind in its payment.
fn near_miss(action: Action, b: &mut Bytes<'_>) -> Action {
    let card = Card::ALL[usize::from(b.next()) % Card::ALL.len()];
    let more = b.next().is_multiple_of(2);
    let change = |pay: CardCounts| {
        let n = if more { pay[card].saturating_add(1) } else { pay[card].saturating_sub(1) };
        pay.with(card, n)
    };
    match action {
        Action::Claim { route, pay } => Action::Claim { route, pay: change(pay) },
        Action::TunnelPay(pay) => Action::TunnelPay(change(pay)),
        Action::ClaimProvince { route, pay, line, express } => {
            Action::ClaimProvince { route, pay: change(pay), line, express }
        }
        Action::Keep(mask) => Action::Keep(mask ^ (1 << (b.next() % 8))),
        other => other,
    }
}

/// Arbitrary action sequences on a seeded game of a shipped map: the bytes choose the map,
/// the player count, the seed, and then per step a legal action, a near miss of one, or an
/// arbitrary action. Each action is either refused, by `check` and by the legal set alike
/// (but for payments with substitute cards, which `check` takes in any mix), with the state
/// untouched (its random generator included), or applied with every invariant of the
/// property tests holding.
pub fn actions(data: &[u8]) {
    let mut b = Bytes::new(data);
    let map = shipped(usize::from(b.next()) % MAPS.len());
    let [lo, hi] = map.rules.players;
    let players = usize::from(lo + b.next() % (hi - lo + 1));
    let seed = u64::from(u16::from_le_bytes([b.next(), b.next()]));
    let mut state = GameState::new(map, players, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut ctx = Ctx { map: &map.name, players, seed, action: 0 };
    check_position(&state, ctx);
    while !b.is_empty() && !state.is_over() {
        let (action, listed, next) = {
            let legal = state.legal_actions();
            let pick = |b: &mut Bytes<'_>| legal.get(u32::from(u16::from_le_bytes([b.next(), b.next()])) % legal.len());
            let action = match b.next() % 4 {
                0 | 1 => pick(&mut b),
                2 => near_miss(pick(&mut b), &mut b),
                _ => arbitrary_action(&mut b),
            };
            let next = legal.iter().find(|&a| a == Action::DrawBlind).unwrap_or_else(|| legal.get(0));
            (action, legal.is_legal(action), next)
        };
        let before = state.clone();
        let checked = state.check(action);
        // The legal set lists one payment per mix of substitute cards; `check` takes the
        // other mixes too (`LegalActions::is_legal`).
        let substitute = |action: Action| match action {
            Action::Claim { route, pay } => {
                let r = map.route(route);
                let may_substitute = r.any_cards > 0 || (r.ferry_locos > 0 && map.rules.ferry_substitute > 0);
                may_substitute && pay.total() > u32::from(r.length)
            }
            _ => false,
        };
        assert!(
            listed == checked.is_ok() || (checked.is_ok() && substitute(action)),
            "{ctx}: legal set ({listed}) and check ({checked:?}) disagree on {action:?}"
        );
        match state.try_apply(action) {
            Err(refused) => {
                assert!(checked.is_err(), "{ctx}: check accepts {action:?}, try_apply refuses it: {refused}");
                assert!(state.to_setup() == before.to_setup(), "{ctx}: refusing {action:?} changed the state");
                // Not even the random generator moved: the next legal action has the same
                // outcome as on the untouched copy.
                let (mut after, mut untouched) = (state.clone(), before);
                after.apply(next);
                untouched.apply(next);
                assert!(after.to_setup() == untouched.to_setup(), "{ctx}: refusing {action:?} moved the generator");
            }
            Ok(()) => {
                assert!(checked.is_ok(), "{ctx}: check refuses {action:?}, try_apply applies it");
                ctx.action += 1;
                check_transition(&before, action, &state, ctx);
                check_position(&state, ctx);
            }
        }
    }
}
