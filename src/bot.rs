//! The bot interface, and playing one game with a bot in each seat.

use crate::action::{Action, EventSink};
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
    while !state.is_over() {
        let seat: Seat = state.to_move();
        let action = bots[seat.index()].choose(&Observation::new(&state, seat));
        state.try_apply_recorded(action, sink).map_err(GameError::Illegal)?;
    }
    Ok(state.result())
}
