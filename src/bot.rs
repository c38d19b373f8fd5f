//! The bot interface, and playing one game with a bot in each seat.

use crate::action::{Action, EventSink, PublicAction};
use crate::bitset::SeatSet;
use crate::ids::Seat;
use crate::map::Map;
use crate::observation::Observation;
use crate::play::IllegalAction;
use crate::rules::end::GameResult;
use crate::state::{GameState, SetupError};

/// A player. A bot owns its random generator and is built fresh for every game.
pub trait Bot {
    /// Chooses one of `obs.legal_actions()`; called only when the observing seat is to move.
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action;

    /// Whether the bot watches the other seats' decisions ([`Bot::observe`]). Asked once per
    /// game, before the first decision; the default, no, costs the game loop nothing.
    fn observes(&self) -> bool {
        false
    }

    /// Another seat's decision as this bot's seat sees it ([`PublicAction`]): `obs` is the
    /// bot's view of the position the decision was taken in, just before it is played, and
    /// `seat` the seat that took it. When [`Bot::observes`], a game driver calls it for every
    /// decision of every other seat, in the order they are played.
    fn observe(&mut self, obs: &Observation<'_, '_>, seat: Seat, action: PublicAction) {
        let _ = (obs, seat, action);
    }
}

/// Why a game could not be played to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game could not be set up.
    Setup(SetupError),
    /// A bot chose an action the rules do not allow.
    Illegal(IllegalAction),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Setup(e) => e.fmt(f),
            GameError::Illegal(e) => write!(f, "a bot chose an illegal action: {e}"),
        }
    }
}

impl std::error::Error for GameError {}

/// Plays a whole game from `seed`, `bots[s]` in seat `s`, and scores it.
pub fn play_game(map: &Map, seed: u64, bots: &mut [Box<dyn Bot>]) -> Result<GameResult, GameError> {
    play_game_recorded(map, seed, bots, &mut ())
}

/// [`play_game`], reporting every event of the game to `sink`.
pub fn play_game_recorded(
    map: &Map,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    sink: &mut impl EventSink,
) -> Result<GameResult, GameError> {
    let mut state = GameState::new_recorded(map, bots.len(), seed, sink).map_err(GameError::Setup)?;
    let watchers: SeatSet = (0..bots.len()).filter(|&s| bots[s].observes()).map(|s| Seat(s as u8)).collect();
    while !state.is_over() {
        let seat: Seat = state.to_move();
        let action = bots[seat.index()].choose(&Observation::new(&state, seat));
        if !watchers.is_empty() {
            show(bots, watchers.without(seat), &state, seat, action);
        }
        state.try_apply_recorded(action, sink).map_err(GameError::Illegal)?;
    }
    Ok(state.result())
}

/// Shows `seat`'s decision `action`, about to be played in `state`, to the bots of
/// `watchers`, each in its own seat's view. Out of line: a table whose bots do not watch
/// pays one test per decision for it.
#[cold]
#[inline(never)]
fn show(bots: &mut [Box<dyn Bot>], watchers: SeatSet, state: &GameState<'_>, seat: Seat, action: Action) {
    for watcher in watchers.iter() {
        bots[watcher.index()].observe(&Observation::new(state, watcher), seat, PublicAction::of(action));
    }
}
