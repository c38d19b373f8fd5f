//! `ttr._native`: the Python bindings of ttr-lab. A thin shim: the rules are the engine's
//! (`ttr`), the action index space and observation vectors are the lab's
//! (`ttr_lab::action_space`, `ttr_lab::obs_tensor`), the bots are `ttr-bots`. Every
//! argument from Python is checked here before it reaches the engine, so a bad one raises
//! `ValueError` and no Rust panic reaches Python.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

use ttr::{
    bot_seed, game_seed, sample_world, Bot, Event, EventSink, GameError, GameState, LegalActions, Map, Observation,
    Phase, Seat, MAX_SEATS,
};
use ttr_bots::spec::BotSpec;
use ttr_lab::action_space::ActionSpace;
use ttr_lab::design::official;
use ttr_lab::obs_tensor::ObservationEncoder;
use ttr_lab::record::{EventRecord, GameRecord, Header, ResultRecord};
use ttr_lab::trace::Tracer;
use ttr_lab::GameOutcome;

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A whole number in `0..2^64` from Python, or a `ValueError` naming the argument.
fn whole(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    value.extract::<u64>().map_err(|_| value_error(format!("{name}: {value} is not a whole number in 0..2^64")))
}

/// The map named `map` (a shipped map's name, or a path to a map file), loaded once per
/// process and kept for its lifetime, so states can borrow it.
fn load_map(map: &str) -> PyResult<&'static Map> {
    static LOADED: OnceLock<Mutex<HashMap<String, &'static Map>>> = OnceLock::new();
    let mut loaded = LOADED.get_or_init(Default::default).lock().expect("map cache");
    if let Some(m) = loaded.get(map) {
        return Ok(m);
    }
    let parsed = match official::load(map) {
        Some(parsed) => parsed,
        None if Path::new(map).is_file() => Map::load(Path::new(map)),
        None => {
            let names: Vec<&str> = official::TEXTS.iter().map(|(n, _)| *n).collect();
            return Err(value_error(format!(
                "map: {map:?} is neither a shipped map ({}) nor a map file",
                names.join(", ")
            )));
        }
    };
    let m: &'static Map = Box::leak(Box::new(parsed.map_err(|e| value_error(format!("map: {e}")))?));
    loaded.insert(map.to_string(), m);
    Ok(m)
}

/// What every state of one game shares.
struct Info {
    map: &'static Map,
    players: usize,
    space: ActionSpace,
    encoder: ObservationEncoder,
}

fn check_seat(info: &Info, player: i64, what: &str) -> PyResult<Seat> {
    if player < 0 || player as usize >= info.players {
        return Err(value_error(format!("{what}: {player} is not a seat (0 to {})", info.players - 1)));
    }
    Ok(Seat(player as u8))
}

/// The engine action at index `index` if it is one of `legal`, else `None`.
fn action_at(info: &Info, legal: &LegalActions<'_, '_>, index: i64) -> Option<ttr::Action> {
    usize::try_from(index).ok().and_then(|i| info.space.action(info.map, legal, i))
}

/// Writes what `obs`'s seat sees into `tensor` (the observation vector) and its legal
/// actions `legal` into `mask`.
fn write_row(
    info: &Info,
    obs: &Observation<'_, '_>,
    legal: &LegalActions<'_, '_>,
    tensor: &mut [f32],
    mask: &mut [bool],
) {
    info.encoder.encode(obs, tensor);
    info.space.fill_mask(info.map, legal, mask);
}

/// Lets `bots[s]` move for seat `s` until a seat without a bot is to move or the game is
/// over, reporting the events to `sink`. Each decision is shown to the other bots that
/// watch ([`Bot::observes`]); decisions applied from Python are not.
fn play_bots(
    state: &mut GameState<'_>,
    bots: &mut [Option<Box<dyn Bot>>],
    sink: &mut impl EventSink,
) -> Result<(), ttr::IllegalAction> {
    while !state.is_over() {
        let seat = state.to_move();
        let Some(bot) = bots[seat.index()].as_mut() else { break };
        let action = bot.choose(&Observation::new(state, seat));
        for (s, watcher) in bots.iter_mut().enumerate().filter(|&(s, _)| s != seat.index()) {
            if let Some(watcher) = watcher.as_mut().filter(|w| w.observes()) {
                let own = Observation::new(state, ttr::Seat(s as u8));
                watcher.observe(&own, seat, ttr::PublicAction::of(action));
            }
        }
        state.try_apply_recorded(action, sink)?;
    }
    Ok(())
}

/// A map and player count: the action space, the observation layout, new games.
#[pyclass(module = "ttr._native", frozen)]
struct Game {
    info: Arc<Info>,
    name: String,
}

#[pymethods]
impl Game {
    /// `Game(map, players)`: `map` is a shipped map's name or a map file's path; `players`
    /// must be in the map's range.
    #[new]
    #[pyo3(signature = (map = "usa", players = 4))]
    fn new(map: &str, players: i64) -> PyResult<Game> {
        let m = load_map(map)?;
        let [lo, hi] = m.rules.players;
        if players < i64::from(lo) || players > i64::from(hi) {
            return Err(value_error(format!("players: {players}; {} is for {lo} to {hi} players", m.name)));
        }
        let players = players as usize;
        let info = Info { map: m, players, space: ActionSpace::new(m), encoder: ObservationEncoder::new(m, players) };
        Ok(Game { info: Arc::new(info), name: map.to_string() })
    }

    /// The map as given to the constructor.
    #[getter]
    fn map(&self) -> &str {
        &self.name
    }

    /// Number of players.
    fn num_players(&self) -> usize {
        self.info.players
    }

    /// Size of the action index space (see `ttr.ACTION_SPACE_DOC`).
    fn num_distinct_actions(&self) -> usize {
        self.info.space.len()
    }

    /// A readable name of action index `action`.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        usize::try_from(action)
            .ok()
            .and_then(|a| self.info.space.describe(self.info.map, a))
            .ok_or_else(|| value_error(format!("action: {action} is outside 0..{}", self.info.space.len())))
    }

    /// Length of `State.observation_tensor`.
    fn observation_tensor_size(&self) -> usize {
        self.info.encoder.len()
    }

    /// The observation layout: name -> (offset, shape), in vector order.
    fn observation_spec<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for f in self.info.encoder.spec() {
            d.set_item(f.name, (f.offset, f.shape.clone()))?;
        }
        Ok(d)
    }

    /// The game dealt from `seed` (default 0): the same deal as the game with that seed in `ttr simulate`
    /// (its `seed` column).
    #[pyo3(signature = (seed = None))]
    fn new_initial_state(&self, seed: Option<&Bound<'_, PyAny>>) -> PyResult<State> {
        Ok(State::deal(&self.info, seed.map_or(Ok(0), |s| whole(s, "seed"))?))
    }

    /// The seed of game `index` in a run with master seed `master` (`ttr simulate --seed`).
    #[staticmethod]
    fn game_seed(master: &Bound<'_, PyAny>, index: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(game_seed(whole(master, "master")?, whole(index, "index")?))
    }
}

/// One game in progress; chance is resolved inside from its seed.
#[pyclass(module = "ttr._native")]
struct State {
    info: Arc<Info>,
    state: GameState<'static>,
    seed: u64,
    /// The game's events since the deal; `None` for a resampled state, whose past is a guess.
    events: Option<Vec<Event>>,
}

impl State {
    fn deal(info: &Arc<Info>, seed: u64) -> State {
        let mut events = Vec::new();
        let state =
            GameState::new_recorded(info.map, info.players, seed, &mut events).expect("players checked in Game");
        State { info: info.clone(), state, seed, events: Some(events) }
    }

    fn legal_index(&self, action: i64) -> PyResult<ttr::Action> {
        if self.state.is_over() {
            return Err(value_error(format!("action: {action}; the game is over")));
        }
        let legal = self.state.legal_actions();
        action_at(&self.info, &legal, action).ok_or_else(|| {
            let what = self
                .info
                .space
                .describe(self.info.map, action.max(0) as usize)
                .unwrap_or_else(|| "out of range".into());
            value_error(format!("action: {action} ({what}) is not legal now"))
        })
    }
}

#[pymethods]
impl State {
    /// The seat to move; -1 once the game is over.
    fn current_player(&self) -> i64 {
        if self.state.is_over() {
            -1
        } else {
            i64::from(self.state.to_move().0)
        }
    }

    /// The seed the game was dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.is_over()
    }

    /// Indices of the legal actions, ascending (empty once the game is over).
    fn legal_actions(&self) -> Vec<usize> {
        if self.state.is_over() {
            return Vec::new();
        }
        self.info.space.legal_indices(self.info.map, &self.state.legal_actions())
    }

    /// The engine's own count of legal actions (its set-wise generator, not the index
    /// space): equal to `len(legal_actions())`.
    fn num_engine_legal_actions(&self) -> u32 {
        if self.state.is_over() {
            0
        } else {
            self.state.legal_actions().len()
        }
    }

    /// Boolean mask over the action space: True at the legal actions.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.info.space.len()];
        if !self.state.is_over() {
            self.info.space.fill_mask(self.info.map, &self.state.legal_actions(), &mut mask);
        }
        PyArray1::from_vec(py, mask)
    }

    /// Plays action index `action` for the seat to move; `ValueError` if it is not legal.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let a = self.legal_index(action)?;
        match &mut self.events {
            Some(events) => self.state.try_apply_recorded(a, events),
            None => self.state.try_apply(a),
        }
        .expect("a legal action applies");
        Ok(())
    }

    /// Final scores per seat once the game is over; the route points so far before.
    fn scores(&self) -> Vec<i32> {
        if self.state.is_over() {
            self.state.result().seats().iter().map(|r| r.score).collect()
        } else {
            (0..self.info.players).map(|s| self.state.route_points(Seat(s as u8))).collect()
        }
    }

    /// Per seat: 1/(number of winners) for each winner once the game is over, else 0.
    fn returns(&self) -> Vec<f64> {
        let mut r = vec![0.0; self.info.players];
        if self.state.is_over() {
            let winners = self.state.result().winners;
            for s in winners.iter() {
                r[s.index()] = 1.0 / winners.count() as f64;
            }
        }
        r
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State { info: self.info.clone(), state: self.state.clone(), seed: self.seed, events: self.events.clone() }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// What seat `player` sees, as a float32 vector (layout: `Game.observation_spec()`).
    fn observation_tensor<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = check_seat(&self.info, player, "player")?;
        let mut out = vec![0.0; self.info.encoder.len()];
        self.info.encoder.encode(&Observation::new(&self.state, seat), &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// What seat `player` sees, as a readable dict (names of cards, cities and tickets).
    fn observation<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyDict>> {
        let seat = check_seat(&self.info, player, "player")?;
        observation_dict(py, &Observation::new(&self.state, seat))
    }

    /// A full state drawn from what seat `player` sees (the engine's determinization):
    /// hidden cards, tickets and later chance are a guess seeded by `seed`.
    fn resample_from_infostate(&self, player: i64, seed: &Bound<'_, PyAny>) -> PyResult<State> {
        let seat = check_seat(&self.info, player, "player")?;
        let seed = whole(seed, "seed")?;
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let state = sample_world(&Observation::new(&self.state, seat), &mut rng);
        Ok(State { info: self.info.clone(), state, seed, events: None })
    }

    /// The finished game as a game record (JSON Lines: header, game line), the format
    /// `ttr replay --check` reads. `ValueError` before the end, or for a resampled state.
    fn to_record(&self) -> PyResult<String> {
        if !self.state.is_over() {
            return Err(value_error("to_record: the game is not over"));
        }
        let Some(events) = &self.events else {
            return Err(value_error("to_record: a resampled state has no recorded history"));
        };
        let map = self.info.map;
        let header = Header::new(map, concat!("ttr-py ", env!("CARGO_PKG_VERSION")));
        let line = GameRecord {
            game: 0,
            seed: self.seed,
            players: self.info.players,
            bots: vec!["python".to_string(); self.info.players],
            events: events.iter().map(EventRecord::from_event).collect(),
            result: ResultRecord::from_result(&self.state.result()),
        };
        let json = |v: serde_json::Result<String>| v.map_err(|e| value_error(format!("to_record: {e}")));
        Ok(format!("{}\n{}\n", json(serde_json::to_string(&header))?, json(serde_json::to_string(&line))?))
    }

    fn __repr__(&self) -> String {
        format!("<ttr State seed={} turn={} to_move={}>", self.seed, self.state.turns(), self.current_player())
    }
}

fn cards_dict<'py>(py: Python<'py>, cards: ttr::CardCounts) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (c, n) in cards.iter().filter(|(_, n)| *n > 0) {
        d.set_item(c.name(), n)?;
    }
    Ok(d)
}

fn observation_dict<'py>(py: Python<'py>, obs: &Observation<'_, '_>) -> PyResult<Bound<'py, PyDict>> {
    let map = obs.map();
    let ticket = |t: ttr::TicketId| {
        let tk = map.ticket(t);
        (map.city_name(tk.a).to_string(), map.city_name(tk.b).to_string(), tk.points)
    };
    let d = PyDict::new(py);
    d.set_item("seat", obs.seat().0)?;
    d.set_item("to_move", obs.to_move().0)?;
    let phase = match obs.phase() {
        Phase::SetupKeep => "setup_keep",
        Phase::Turn => "turn",
        Phase::SecondCard => "second_card",
        Phase::Draft => "draft",
        Phase::FirstCard => "first_card",
        Phase::KeepTickets => "keep_tickets",
        Phase::Tunnel { .. } => "tunnel",
        Phase::Over(_) => "over",
    };
    d.set_item("phase", phase)?;
    d.set_item("hand", cards_dict(py, obs.hand())?)?;
    d.set_item("tickets", obs.tickets().iter().map(ticket).collect::<Vec<_>>())?;
    d.set_item("offer", obs.offer().tickets().iter().map(|&t| ticket(t)).collect::<Vec<_>>())?;
    d.set_item("market", obs.market().iter().map(|c| c.map(|c| c.name())).collect::<Vec<_>>())?;
    let seats = PyList::empty(py);
    for s in 0..obs.players() {
        let seat = Seat(s as u8);
        let e = PyDict::new(py);
        e.set_item("trains", obs.trains(seat))?;
        e.set_item("route_points", obs.route_points(seat))?;
        e.set_item("hand_size", obs.hand_size(seat))?;
        e.set_item("known_cards", cards_dict(py, obs.known_cards(seat))?)?;
        e.set_item("ticket_count", obs.ticket_count(seat))?;
        e.set_item("routes", obs.owned(seat).iter().map(|r| r.index()).collect::<Vec<_>>())?;
        e.set_item("express", obs.express_cards(seat).map(u32::from).collect::<Vec<_>>())?;
        seats.append(e)?;
    }
    d.set_item("seats", seats)?;
    d.set_item("deck_size", obs.deck_size())?;
    d.set_item("discard_size", obs.discard_size())?;
    d.set_item("ticket_deck_size", obs.ticket_deck_size())?;
    d.set_item("turns", obs.turns())?;
    d.set_item("final_turns_left", obs.final_turns_left())?;
    Ok(d)
}

/// Built-in bots (any `ttr bots` spec) playing some seats of a state, for single-agent
/// environments. Rebuilt per game from the game's seed.
#[pyclass(module = "ttr._native", unsendable)]
struct Opponents {
    specs: Vec<Option<BotSpec>>,
    bots: Vec<Option<Box<dyn Bot>>>,
}

#[pymethods]
impl Opponents {
    /// `specs[s]`: the bot spec playing seat `s`, or None for a seat played from Python.
    #[new]
    fn new(specs: Vec<Option<String>>) -> PyResult<Opponents> {
        let specs = specs
            .into_iter()
            .map(|s| {
                s.map(|s| BotSpec::parse(&s).map_err(|e| value_error(format!("opponents: {s:?}: {e}")))).transpose()
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Opponents { bots: specs.iter().map(|_| None).collect(), specs })
    }

    /// Builds fresh bots for a new game dealt from `state`'s seed.
    fn reset(&mut self, state: &State) -> PyResult<()> {
        if self.specs.len() != state.info.players {
            return Err(value_error(format!(
                "state: {} players, opponents for {}",
                state.info.players,
                self.specs.len()
            )));
        }
        self.bots = self
            .specs
            .iter()
            .enumerate()
            .map(|(s, spec)| spec.as_ref().map(|b| b.build(ttr::bot_seed(state.seed, Seat(s as u8)))))
            .collect();
        Ok(())
    }

    /// Lets the bots move until a seat without a bot is to move or the game is over.
    fn play(&mut self, state: &mut State) -> PyResult<()> {
        if self.bots.len() != state.info.players {
            return Err(value_error("state: call reset(state) first"));
        }
        match &mut state.events {
            Some(events) => play_bots(&mut state.state, &mut self.bots, events),
            None => play_bots(&mut state.state, &mut self.bots, &mut ()),
        }
        .map_err(|e| value_error(format!("bot: {e}")))
    }
}

/// N games stepped together: observations (of the seat to move), masks, rewards and done
/// flags are written into numpy arrays; a finished game is replaced by the next one.
#[pyclass(module = "ttr._native")]
struct VecGames {
    info: Arc<Info>,
    master: u64,
    next_index: u64,
    states: Vec<GameState<'static>>,
    seeds: Vec<u64>,
}

/// Writes one game's observation of its seat to move, its mask and that seat.
fn write_game(info: &Info, state: &GameState<'_>, obs: &mut [f32], mask: &mut [bool], player: &mut i64) {
    let seat = state.to_move();
    write_row(info, &Observation::new(state, seat), &state.legal_actions(), obs, mask);
    *player = i64::from(seat.0);
}

#[pymethods]
impl VecGames {
    /// `n` games of `game`; game `k` of the run is dealt from `Game.game_seed(seed, k)`, as
    /// game `k` of `ttr simulate --seed SEED`.
    #[new]
    fn new(game: &Game, n: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<VecGames> {
        let (n, seed) = (whole(n, "n")? as usize, whole(seed, "seed")?);
        if n == 0 {
            return Err(value_error("n: must be at least 1"));
        }
        let info = game.info.clone();
        let seeds: Vec<u64> = (0..n as u64).map(|k| game_seed(seed, k)).collect();
        let states =
            seeds.iter().map(|&s| GameState::new(info.map, info.players, s).expect("players checked")).collect();
        Ok(VecGames { info, master: seed, next_index: n as u64, states, seeds })
    }

    /// Number of games.
    fn __len__(&self) -> usize {
        self.states.len()
    }

    /// The seed of each current game.
    fn seeds(&self) -> Vec<u64> {
        self.seeds.clone()
    }

    /// Writes each game's observation (for its seat to move) into `obs` (n × tensor size,
    /// float32), its mask into `mask` (n × actions, bool) and its seat to move into
    /// `player` (n, int64).
    fn observe(
        &self,
        obs: &Bound<'_, PyArray2<f32>>,
        mask: &Bound<'_, PyArray2<bool>>,
        player: &Bound<'_, PyArray1<i64>>,
    ) -> PyResult<()> {
        let (mut obs, mut mask, mut player) = (obs.readwrite(), mask.readwrite(), player.readwrite());
        let (o, m, p) = self.buffers(&mut obs, &mut mask, &mut player)?;
        let (ol, al) = (self.info.encoder.len(), self.info.space.len());
        let rows = o.chunks_mut(ol).zip(m.chunks_mut(al)).zip(p.iter_mut());
        for (state, ((obs, mask), player)) in self.states.iter().zip(rows) {
            write_game(&self.info, state, obs, mask, player);
        }
        Ok(())
    }

    /// Plays `actions[i]` in game `i` for its seat to move, then writes the next
    /// observations as `observe` does. `rewards` (n × players, float32) gets each finished
    /// game's returns (1/winners for the winners) and zero otherwise; `done` (n, bool) marks
    /// the games that ended; those are replaced by the next games of the run. All actions
    /// are checked before any is played: an illegal one raises `ValueError` and changes
    /// nothing.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyArray1<i64>>,
        obs: &Bound<'_, PyArray2<f32>>,
        mask: &Bound<'_, PyArray2<bool>>,
        player: &Bound<'_, PyArray1<i64>>,
        rewards: &Bound<'_, PyArray2<f32>>,
        done: &Bound<'_, PyArray1<bool>>,
    ) -> PyResult<()> {
        let n = self.states.len();
        let players = self.info.players;
        let actions = actions.readonly();
        let actions = actions.as_slice()?;
        if actions.len() != n {
            return Err(value_error(format!("actions: {} entries for {n} games", actions.len())));
        }
        let (mut obs, mut mask, mut player) = (obs.readwrite(), mask.readwrite(), player.readwrite());
        let (mut rewards, mut done) = (rewards.readwrite(), done.readwrite());
        let (o, m, p) = self.buffers(&mut obs, &mut mask, &mut player)?;
        let r = rewards.as_slice_mut()?;
        let d = done.as_slice_mut()?;
        if r.len() != n * players || d.len() != n {
            return Err(value_error(format!("rewards/done: shapes must be ({n}, {players}) and ({n},)")));
        }
        let mut chosen = Vec::with_capacity(n);
        for (i, &a) in actions.iter().enumerate() {
            let legal = self.states[i].legal_actions();
            let action = action_at(&self.info, &legal, a);
            chosen.push(action.ok_or_else(|| value_error(format!("actions[{i}]: {a} is not legal in game {i}")))?);
        }
        py.allow_threads(|| {
            // Games are independent: played on the rayon pool. Finished games take the run's
            // next game indices in game order, so the result does not depend on the threads.
            self.states.par_iter_mut().zip(chosen).zip(r.par_chunks_mut(players)).zip(d.par_iter_mut()).for_each(
                |(((state, action), row), done)| {
                    state.try_apply(action).expect("checked legal");
                    row.fill(0.0);
                    *done = state.is_over();
                    if *done {
                        let winners = state.result().winners;
                        for s in winners.iter() {
                            row[s.index()] = 1.0 / winners.count() as f32;
                        }
                    }
                },
            );
            for i in (0..n).filter(|&i| d[i]) {
                self.seeds[i] = game_seed(self.master, self.next_index);
                self.next_index += 1;
            }
            let (info, seeds) = (&self.info, &self.seeds);
            let (ol, al) = (info.encoder.len(), info.space.len());
            let rows = o.par_chunks_mut(ol).zip(m.par_chunks_mut(al)).zip(p.par_iter_mut());
            self.states.par_iter_mut().zip(rows).enumerate().for_each(|(i, (state, ((obs, mask), player)))| {
                if d[i] {
                    *state = GameState::new(info.map, players, seeds[i]).expect("players checked");
                }
                write_game(info, state, obs, mask, player);
            });
        });
        Ok(())
    }
}

impl VecGames {
    /// The three observation buffers as slices, their shapes checked.
    fn buffers<'b>(
        &self,
        obs: &'b mut numpy::PyReadwriteArray2<'_, f32>,
        mask: &'b mut numpy::PyReadwriteArray2<'_, bool>,
        player: &'b mut numpy::PyReadwriteArray1<'_, i64>,
    ) -> PyResult<(&'b mut [f32], &'b mut [bool], &'b mut [i64])> {
        let n = self.states.len();
        let (ol, al) = (self.info.encoder.len(), self.info.space.len());
        let o = obs.as_slice_mut().map_err(|_| value_error("obs: must be a C-contiguous float32 array"))?;
        let m = mask.as_slice_mut().map_err(|_| value_error("mask: must be a C-contiguous bool array"))?;
        let p = player.as_slice_mut().map_err(|_| value_error("player: must be a contiguous int64 array"))?;
        if o.len() != n * ol || m.len() != n * al || p.len() != n {
            return Err(value_error(format!("obs/mask/player: shapes must be ({n}, {ol}), ({n}, {al}), ({n},)")));
        }
        Ok((o, m, p))
    }
}

/// A seat's player in [`simulate_to_dir`]: a `ttr bots` spec, a Python object with
/// `choose`, or a Python object with `act` (batched).
enum Player {
    Spec(BotSpec),
    Python(Py<PyAny>),
    Batched(Py<PyAny>),
}

/// A Python object with `choose(observation, legal_mask) -> int` playing in a Rust-driven
/// run: it gets the seat's observation vector and the mask, and answers an action index. A
/// Python exception or an illegal index stops the run (`failure`, `cancel`), and the error
/// is raised from `simulate` once the games in flight are done.
struct PyBot {
    obj: Py<PyAny>,
    info: Arc<Info>,
    failure: Arc<Mutex<Option<PyErr>>>,
    cancel: Arc<AtomicBool>,
}

impl Bot for PyBot {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> ttr::Action {
        let legal = obs.legal_actions().expect("a bot is asked only when its seat is to move");
        let info = &self.info;
        let chosen = Python::with_gil(|py| -> PyResult<ttr::Action> {
            let (mut tensor, mut mask) = (vec![0.0; info.encoder.len()], vec![false; info.space.len()]);
            write_row(info, obs, &legal, &mut tensor, &mut mask);
            let args = (PyArray1::from_vec(py, tensor), PyArray1::from_vec(py, mask));
            let index: i64 = self.obj.call_method1(py, "choose", args)?.extract(py)?;
            action_at(info, &legal, index)
                .ok_or_else(|| value_error(format!("bots: choose returned {index}, not a legal action index")))
        });
        chosen.unwrap_or_else(|e| {
            self.failure.lock().expect("failure slot").get_or_insert(e);
            self.cancel.store(true, Ordering::Relaxed);
            legal.get(0)
        })
    }
}

/// Plays `games` games of `map` (read from `map_file`: the map's file, or a copy of a
/// shipped map's text, see `map_toml`) between `bots` (one per seat or one for all: `ttr bots`
/// specs, or Python objects with `choose(observation, legal_mask) -> int`) from master
/// seed `seed` on `threads` threads, writing `ttr simulate`'s files into `out`; the GIL is
/// released while Rust plays. With specs only this is `ttr simulate`'s own code; returns
/// the summary it prints (empty with Python bots). Ctrl-C during a run of specs stops it
/// with `KeyboardInterrupt`. Objects with `act(observations, masks) -> indices` are batched
/// bots: see [`play_batched`] (up to `batch` games in flight, played on the calling thread).
/// With `time_decisions`, every decision of every bot but the batched ones is timed and
/// `run.json` holds `decision_seconds`, as `ttr simulate --time-decisions` writes it.
#[pyfunction]
#[pyo3(signature = (map, map_file, players, bots, games, seed, threads, out, batch, time_decisions))]
#[allow(clippy::too_many_arguments)]
fn simulate_to_dir(
    py: Python<'_>,
    map: &str,
    map_file: std::path::PathBuf,
    players: i64,
    bots: Vec<Bound<'_, PyAny>>,
    games: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    threads: &Bound<'_, PyAny>,
    out: std::path::PathBuf,
    batch: &Bound<'_, PyAny>,
    time_decisions: bool,
) -> PyResult<String> {
    let (games, seed, threads) = (whole(games, "games")?, whole(seed, "seed")?, whole(threads, "threads")? as usize);
    let batch = whole(batch, "batch")? as usize;
    let m = load_map(map)?;
    let [lo, hi] = m.rules.players;
    if players < i64::from(lo) || players > i64::from(hi) {
        return Err(value_error(format!("players: {players}; {} is for {lo} to {hi} players", m.name)));
    }
    if threads == 0 || batch == 0 {
        return Err(value_error(format!("threads, batch: {threads}, {batch}; each must be at least 1")));
    }
    let players = players as usize;
    if bots.len() != 1 && bots.len() != players {
        return Err(value_error(format!("bots: {} given; one per seat ({players}) or one for all", bots.len())));
    }
    let mut seats = Vec::new();
    for b in &bots {
        seats.push(match b.extract::<String>() {
            Ok(spec) => Player::Spec(BotSpec::parse(&spec).map_err(|e| value_error(format!("bots: {spec:?}: {e}")))?),
            Err(_) if b.hasattr("act")? => Player::Batched(b.clone().unbind()),
            Err(_) if b.hasattr("choose")? => Player::Python(b.clone().unbind()),
            Err(_) => {
                return Err(value_error(format!(
                    "bots: {b} is neither a bot spec nor an object with act() or choose()"
                )))
            }
        });
    }
    let text = match official::TEXTS.iter().find(|(name, _)| *name == map) {
        Some((_, text)) => text.to_string(),
        None => std::fs::read_to_string(map).map_err(|e| value_error(format!("map: {map}: {e}")))?,
    };
    if seats.iter().all(|s| matches!(s, Player::Spec(_))) {
        // The CLI's own path: its arguments parsed as `ttr simulate` parses them.
        #[derive(clap::Parser)]
        struct Simulate {
            #[command(flatten)]
            args: ttr_lab::cli::simulate::SimulateArgs,
        }
        let specs: Vec<String> = bots.iter().map(|b| b.extract::<String>()).collect::<PyResult<_>>()?;
        let mut argv: Vec<std::ffi::OsString> = vec![
            "simulate".into(),
            "--map".into(),
            map_file.into_os_string(),
            "--players".into(),
            players.to_string().into(),
            "--bots".into(),
            specs.join(",").into(),
            "--games".into(),
            games.to_string().into(),
            "--seed".into(),
            seed.to_string().into(),
            "--threads".into(),
            threads.to_string().into(),
            "--out".into(),
            out.into_os_string(),
            "--quiet".into(),
        ];
        if time_decisions {
            argv.push("--time-decisions".into());
        }
        let parsed = <Simulate as clap::Parser>::try_parse_from(argv).map_err(|e| value_error(e.to_string()))?;
        let config = ttr_lab::cli::simulate::SimulateConfig::from_args(&parsed.args)
            .map_err(|e| value_error(format!("simulate: {e}")))?;
        let mut stdout = Vec::new();
        let code = py
            .allow_threads(|| ttr_lab::cli::simulate::run(&config, &mut stdout))
            .map_err(|e| value_error(format!("simulate: {e}")))?;
        if code != std::process::ExitCode::SUCCESS {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("simulate: interrupted"));
        }
        return Ok(String::from_utf8_lossy(&stdout).into_owned());
    }
    if seats.len() == 1 {
        let only = seats.pop().expect("one");
        let copy = |p: &Player| match p {
            Player::Spec(s) => Player::Spec(s.clone()),
            Player::Python(o) => Player::Python(o.clone_ref(py)),
            Player::Batched(o) => Player::Batched(o.clone_ref(py)),
        };
        seats = (0..players).map(|_| copy(&only)).collect();
    }
    let names: Vec<String> = bots
        .iter()
        .cycle()
        .take(players)
        .map(|b| match b.extract::<String>() {
            Ok(spec) => Ok(spec),
            Err(_) => Ok(format!("python:{}", b.get_type().name()?)),
        })
        .collect::<PyResult<_>>()?;
    let info =
        Arc::new(Info { map: m, players, space: ActionSpace::new(m), encoder: ObservationEncoder::new(m, players) });
    let failure = Arc::new(Mutex::new(None));
    let cancel = Arc::new(AtomicBool::new(false));
    let clock = ttr_lab::timing::DecisionClock::new(players, time_decisions);
    // The bot of runner index `bot` for game `game`, seeded `seed` (its decisions timed when
    // asked); `None` for a batched bot.
    let build = |bot: usize, game: u64, seed: u64| -> Option<Box<dyn Bot>> {
        let built: Box<dyn Bot> = match &seats[bot] {
            Player::Spec(spec) => spec.build(seed),
            Player::Python(obj) => Box::new(PyBot {
                obj: Python::with_gil(|py| obj.clone_ref(py)),
                info: info.clone(),
                failure: failure.clone(),
                cancel: cancel.clone(),
            }),
            Player::Batched(_) => return None,
        };
        Some(clock.time(bot, Some(game), built))
    };
    let mut report = ttr_lab::report::Report::create(&out, m, &names).map_err(io_error)?;
    let started = std::time::Instant::now();
    let ended = if seats.iter().any(|s| matches!(s, Player::Batched(_))) {
        play_batched(py, &info, &seats, &build, games, seed, batch, &failure, &mut report)
    } else {
        let make_bot = |bot: usize, _seat: Seat, game: u64, seed: u64| build(bot, game, seed).expect("no batched bots");
        let plan = ttr_lab::RunPlan { map: m, players, games: 0..games, seed, record_every: 0 };
        let pool =
            rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| value_error(e.to_string()))?;
        match py.allow_threads(|| plan.run(&pool, &make_bot, &|_| {}, &cancel, |chunk| report.add(chunk))) {
            Ok(_) => Ok(()),
            Err(ttr_lab::RunError::Game { index, seed, error }) => {
                Err(value_error(format!("game {index} (seed {seed}): {error}")))
            }
            Err(ttr_lab::RunError::Sink(e)) => Err(io_error(e)),
        }
    };
    if let Some(e) = failure.lock().expect("failure slot").take() {
        return Err(e);
    }
    ended?;
    // Batched bots decide many games at a call: they are not timed.
    let batched = |spec: &String| names.iter().zip(&seats).any(|(n, p)| n == spec && matches!(p, Player::Batched(_)));
    let decision_times: Vec<_> = clock.by_spec(&names).into_iter().filter(|t| !batched(&t.bot)).collect();
    let command = vec!["ttr.simulate".to_string()];
    let run = ttr_lab::report::RunInfo {
        command: &command,
        seed,
        map_file: Path::new(map),
        map_sha256: ttr_lab::shard::sha256_hex(&text),
        threads,
        wall_seconds: started.elapsed().as_secs_f64(),
        shard: None,
        shard_wall_seconds: Vec::new(),
        decision_times: &decision_times,
    };
    report.finish(&run).map_err(io_error)?;
    Ok(String::new())
}

fn io_error(e: std::io::Error) -> PyErr {
    value_error(format!("out: {e}"))
}

/// A game in flight in [`play_batched`].
struct Slot {
    index: u64,
    seed: u64,
    lineup: [u8; MAX_SEATS],
    state: GameState<'static>,
    tracer: Tracer<'static>,
    /// Per seat: its bot, or `None` for a batched bot's seat.
    bots: Vec<Option<Box<dyn Bot>>>,
}

impl Slot {
    /// Game `index` of the run with master seed `master`, dealt, its bots built by
    /// `build(bot, game, seed)` as `RunPlan` builds them (lineup, seeds).
    fn new(
        info: &Info,
        build: &dyn Fn(usize, u64, u64) -> Option<Box<dyn Bot>>,
        master: u64,
        index: u64,
    ) -> PyResult<Slot> {
        let seed = game_seed(master, index);
        let lineup = ttr_lab::lineup(info.players, index);
        let bots =
            (0..info.players).map(|s| build(usize::from(lineup[s]), index, bot_seed(seed, Seat(s as u8)))).collect();
        let mut tracer = Tracer::new(info.map);
        let state = GameState::new_recorded(info.map, info.players, seed, &mut tracer)
            .map_err(|e| value_error(format!("game {index} (seed {seed}): {}", GameError::Setup(e))))?;
        Ok(Slot { index, seed, lineup, state, tracer, bots })
    }

    /// The finished game as `RunPlan` hands it over (without events).
    fn outcome(self) -> GameOutcome {
        let result = self.state.result();
        let trace = self.tracer.finish(&result);
        GameOutcome { index: self.index, seed: self.seed, lineup: self.lineup, result, trace, events: Vec::new() }
    }
}

/// Lets its content cross [`Python::allow_threads`], whose closure runs on the calling
/// thread: the bots inside (not `Send`) never leave the thread that owns them.
struct OnThisThread<T>(T);

// SAFETY: only ever moved into an `allow_threads` closure, which runs on the same thread.
unsafe impl<T> Send for OnThisThread<T> {}

impl<T> OnThisThread<T> {
    fn into_inner(self) -> T {
        self.0
    }
}

/// `act`'s answer for the decisions of `games` (one row each): the indices, or a
/// `ValueError` naming the games unless it is a 1-D integer array of their length.
fn act_indices(np: &Bound<'_, PyModule>, answer: &Bound<'_, PyAny>, games: &[u64]) -> PyResult<Vec<i64>> {
    let array = np.call_method1("asarray", (answer,))?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if shape != [games.len()] || !matches!(kind.as_str(), "i" | "u") {
        return Err(value_error(format!(
            "bots: act returned shape {shape:?} (dtype kind {kind:?}) for {} decisions of games {:?}{}; \
             expected {} integer indices",
            games.len(),
            &games[..games.len().min(8)],
            if games.len() > 8 { " ..." } else { "" },
            games.len()
        )));
    }
    let array = array.call_method1("astype", ("int64",))?.downcast_into::<PyArray1<i64>>()?;
    array.to_vec().map_err(|e| value_error(e.to_string()))
}

/// Plays games `0..games` of the run with master seed `seed`, where `seats[b]` is the
/// runner's bot `b` and `build` builds the other bots, exactly as `RunPlan::run` plays them
/// with the same decisions (game `k` dealt from `game_seed(seed, k)`, bots by `lineup` and
/// `bot_seed`), handing the outcomes to `report` in game order. Up to `batch` games are in
/// flight: the built-in bots move (the GIL released) until every game waits on a batched
/// bot, then each batched bot's `act(observations, masks)` is called once with one row per
/// game waiting on it (float32 [B, observation size], bool [B, actions]) and answers B
/// indices. The files do not depend on `batch` when `act` answers each row from that row
/// alone. An exception in `act` or `choose` is raised; a wrong shape or an illegal index
/// is a `ValueError` naming the game.
#[allow(clippy::too_many_arguments)]
fn play_batched(
    py: Python<'_>,
    info: &Info,
    seats: &[Player],
    build: &dyn Fn(usize, u64, u64) -> Option<Box<dyn Bot>>,
    games: u64,
    seed: u64,
    batch: usize,
    failure: &Mutex<Option<PyErr>>,
    report: &mut ttr_lab::report::Report<'_>,
) -> PyResult<()> {
    let np = py.import("numpy")?;
    let (ol, al) = (info.encoder.len(), info.space.len());
    let mut slots: Vec<Slot> = Vec::new();
    let mut finished: BTreeMap<u64, GameOutcome> = BTreeMap::new();
    let (mut next, mut written) = (0, 0);
    loop {
        while slots.len() < batch && next < games {
            slots.push(Slot::new(info, build, seed, next)?);
            next += 1;
        }
        let moving = OnThisThread(&mut slots);
        let played = py.allow_threads(move || {
            let slots = moving.into_inner();
            slots
                .iter_mut()
                .try_for_each(|s| play_bots(&mut s.state, &mut s.bots, &mut s.tracer).map_err(|e| (s.index, s.seed, e)))
        });
        if let Some(e) = failure.lock().expect("failure slot").take() {
            return Err(e);
        }
        played.map_err(|(index, seed, e)| value_error(format!("game {index} (seed {seed}): {e}")))?;
        let (over, waiting): (Vec<Slot>, Vec<Slot>) = slots.into_iter().partition(|s| s.state.is_over());
        slots = waiting;
        let ended = !over.is_empty();
        finished.extend(over.into_iter().map(|s| (s.index, s.outcome())));
        let mut ready = Vec::new();
        while let Some(o) = finished.remove(&written) {
            ready.push(o);
            written += 1;
        }
        report.add(&ready).map_err(io_error)?;
        if slots.is_empty() {
            return Ok(());
        }
        if ended && next < games {
            continue; // fill the batch before asking Python
        }
        for (b, player) in seats.iter().enumerate() {
            let Player::Batched(obj) = player else { continue };
            let rows: Vec<usize> = (0..slots.len())
                .filter(|&r| {
                    let s = &slots[r];
                    !s.state.is_over() && usize::from(s.lineup[s.state.to_move().index()]) == b
                })
                .collect();
            if rows.is_empty() {
                continue;
            }
            let (mut obs, mut mask) = (vec![0.0; rows.len() * ol], vec![false; rows.len() * al]);
            for ((&r, o), m) in rows.iter().zip(obs.chunks_mut(ol)).zip(mask.chunks_mut(al)) {
                let state = &slots[r].state;
                write_row(info, &Observation::new(state, state.to_move()), &state.legal_actions(), o, m);
            }
            let obs = PyArray1::from_vec(py, obs).reshape([rows.len(), ol])?;
            let mask = PyArray1::from_vec(py, mask).reshape([rows.len(), al])?;
            let answer = obj.call_method1(py, "act", (obs, mask))?;
            let indices: Vec<u64> = rows.iter().map(|&r| slots[r].index).collect();
            let answer = act_indices(&np, answer.bind(py), &indices)?;
            for (&r, &a) in rows.iter().zip(&answer) {
                let s = &mut slots[r];
                let action = action_at(info, &s.state.legal_actions(), a).ok_or_else(|| {
                    value_error(format!(
                        "bots: act returned {a} for game {} (seed {}), not a legal action index",
                        s.index, s.seed
                    ))
                })?;
                s.state.try_apply_recorded(action, &mut s.tracer).expect("checked legal");
            }
        }
    }
}

/// The text of the shipped map `name`.
#[pyfunction]
fn map_toml(name: &str) -> PyResult<&'static str> {
    official::TEXTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
        .ok_or_else(|| value_error(format!("name: {name:?} is not a shipped map")))
}

/// The names of the shipped maps.
#[pyfunction]
fn maps() -> Vec<&'static str> {
    official::TEXTS.iter().map(|(n, _)| *n).collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<Opponents>()?;
    m.add_class::<VecGames>()?;
    m.add_function(wrap_pyfunction!(maps, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_to_dir, m)?)?;
    m.add_function(wrap_pyfunction!(map_toml, m)?)?;
    Ok(())
}
