//! Helpers shared by the rule tests: building, applying and refusing actions.
#![allow(dead_code)]

use ttr::{Action, Card, CardCounts, GameState, Phase, RouteId, Seat, SeatSet};

/// Applies a legal action and checks the engine's invariants (cards and trains conserved).
pub fn act(g: &mut GameState<'_>, action: Action) {
    g.apply(action).unwrap_or_else(|e| panic!("{e}"));
    g.check_invariants().unwrap_or_else(|e| panic!("{e}"));
}

pub fn cards(list: &[(Card, u8)]) -> CardCounts {
    list.iter().fold(CardCounts::EMPTY, |acc, &(c, n)| acc.with(c, n))
}

pub fn claim(route: RouteId, pay: CardCounts) -> Action {
    Action::Claim { route, pay }
}

pub fn legal(g: &GameState<'_>) -> Vec<Action> {
    g.legal_actions().iter().collect()
}

/// Asserts that `action` is neither generated nor accepted, and that refusing it leaves the
/// position untouched; returns the reason.
pub fn refuse(g: &mut GameState<'_>, action: Action) -> &'static str {
    let before = g.to_setup();
    assert!(!legal(g).contains(&action), "{action:?} is generated as legal");
    assert!(g.check(action).is_err(), "check accepts {action:?}");
    let err = g.apply(action).expect_err("an illegal action was applied");
    assert_eq!(g.to_setup(), before, "refusing {action:?} changed the state");
    err.reason
}

pub fn seats(list: &[u8]) -> SeatSet {
    list.iter().map(|&s| Seat(s)).collect()
}

/// Plays one turn of two blind draws (or one, if no second card can be taken).
pub fn draw_turn(g: &mut GameState<'_>) {
    let seat = g.to_move();
    act(g, Action::DrawBlind);
    if g.phase() == Phase::SecondCard && g.to_move() == seat {
        act(g, Action::DrawBlind);
    }
}
