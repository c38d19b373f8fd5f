//! The bots of `ttr-bots` in play: thousands of seeded games on every map and player count
//! without an illegal action, the same game from the same seeds, and greedy against random.

mod common;

use common::load;
use ttr::{bot_seed, game_seed};
use ttr::{play_game, Action, Bot, Card, GameResult, GameState, Map, Observation, Seat};
use ttr_bots::{BotSpec, GreedyBot};

/// The maps and player counts every bot must handle.
const TABLES: &[(&str, &[usize])] =
    &[("usa", &[2, 3, 4, 5]), ("nordic", &[2, 3]), ("legendary_asia", &[2, 3, 4, 5]), ("south_korea", &[2, 3, 4, 5])];

/// The bots under test besides random.
const BOTS: &[&str] = &["greedy", "hungry", "route-focus", "one-step", "long-route"];

/// Plays one game, the specs rotated by `index` over the seats; panics on an illegal action.
fn play(map: &Map, specs: &[&str], seed: u64, index: u64) -> (GameResult, Vec<usize>) {
    let n = specs.len();
    let order: Vec<usize> = (0..n).map(|s| (s + index as usize) % n).collect();
    let game = game_seed(seed, index);
    let mut bots: Vec<Box<dyn Bot>> = order
        .iter()
        .enumerate()
        .map(|(s, &b)| BotSpec::parse(specs[b]).expect("known bot").build(bot_seed(game, Seat(s as u8))))
        .collect();
    match play_game(map, game, &mut bots) {
        Ok(result) => (result, order),
        Err(e) => panic!("{} game {index} (seed {game}, lineup {order:?} of {specs:?}): {e}", map.name),
    }
}

/// `games` games of `bot` on every table: alone, against random, and against the other bots.
fn plays_every_map(bot: &str, games: u64) {
    for &(name, counts) in TABLES {
        let map = load(name);
        for &players in counts {
            let lineups: Vec<Vec<&str>> = vec![
                vec![bot; players],
                std::iter::once(bot).chain(std::iter::repeat("random")).take(players).collect(),
                std::iter::once(bot).chain(BOTS.iter().copied().filter(|&b| b != bot).cycle()).take(players).collect(),
            ];
            for (l, lineup) in lineups.iter().enumerate() {
                for i in 0..games {
                    let (result, _) = play(&map, lineup, 1000 + l as u64, i);
                    assert!(result.turns <= map.rules.turn_cap);
                }
            }
        }
    }
}

#[test]
fn greedy_plays_every_map_legally() {
    plays_every_map("greedy", 200);
}

#[test]
fn hungry_plays_every_map_legally() {
    plays_every_map("hungry", 150);
}

#[test]
fn route_focus_plays_every_map_legally() {
    plays_every_map("route-focus", 200);
}

#[test]
fn one_step_plays_every_map_legally() {
    plays_every_map("one-step", 200);
}

#[test]
fn long_route_plays_every_map_legally() {
    plays_every_map("long-route", 200);
}

#[test]
fn the_same_seeds_give_the_same_game() {
    let map = load("legendary_asia");
    let specs = ["greedy", "hungry", "route-focus", "one-step", "long-route"];
    for i in 0..20 {
        assert_eq!(play(&map, &specs, 5, i), play(&map, &specs, 5, i));
    }
}

#[test]
fn greedy_beats_random_in_nearly_every_two_player_game() {
    let map = load("usa");
    let games = 200;
    let mut wins = 0;
    for i in 0..games {
        let (result, order) = play(&map, &["greedy", "random"], 11, i);
        let seat = Seat(order.iter().position(|&b| b == 0).expect("greedy seated") as u8);
        if result.winners.count() == 1 && result.winners.contains(seat) {
            wins += 1;
        }
    }
    assert!(wins >= games * 98 / 100, "greedy won only {wins} of {games} games against random");
}

/// Whether `action` takes a face-up locomotive in the position `obs` sees.
fn takes_face_up_loco(obs: &Observation<'_, '_>, action: Action) -> bool {
    matches!(action, Action::TakeFaceUp(slot) if obs.market()[usize::from(slot)] == Some(Card::Loco))
}

/// Greedy's `loco` rule changes only whether a face-up locomotive is taken: in 4-player USA
/// games of default greedy bots, a bot with `loco=0` (and one with `loco=8`) shadowing each
/// seat, fed the same positions, answers the same but where one of them takes a face-up
/// locomotive that the other leaves; and `loco=0` takes fewer of them, `loco=8` more.
#[test]
fn greedys_loco_rule_decides_only_face_up_locomotives() {
    let map = load("usa");
    let (mut fewer, mut more) = (0, 0);
    for index in 0..40 {
        let mut state = GameState::new(&map, 4, game_seed(7, index)).expect("a 4-player USA game");
        let mut bots: Vec<[GreedyBot; 3]> = (0..4)
            .map(|_| [GreedyBot::new(), GreedyBot::new().with_loco_colors(0), GreedyBot::new().with_loco_colors(8)])
            .collect();
        while !state.is_over() {
            let obs = Observation::new(&state, state.to_move());
            let [default, none, any] = bots[state.to_move().index()].each_mut().map(|bot| bot.choose(&obs));
            if none != default {
                assert!(takes_face_up_loco(&obs, default) && !takes_face_up_loco(&obs, none), "{default:?} {none:?}");
                fewer += 1;
            }
            if any != default {
                assert!(takes_face_up_loco(&obs, any) && !takes_face_up_loco(&obs, default), "{any:?} {default:?}");
                more += 1;
            }
            state.try_apply(default).expect("greedy plays legally");
        }
    }
    assert!(fewer > 0 && more > 0, "the rule never mattered: {fewer} fewer, {more} more");
}

#[test]
fn every_bot_name_is_known_and_takes_no_parameters() {
    for name in BOTS {
        assert_eq!(BotSpec::parse(name).expect("known").as_str(), *name);
        assert!(ttr_bots::spec::KNOWN_BOTS.contains(name));
        let err = BotSpec::parse(&format!("{name}:depth=2")).unwrap_err();
        assert!(err.0.contains("no parameter \"depth\""), "{err}");
    }
    assert_eq!(BotSpec::parse("greedy:loco=0:eps=0.1").expect("valid").as_str(), "greedy:loco=0:eps=0.1");
    for bad in ["greedy:loco=9", "greedy:loco=-1", "greedy:loco=x"] {
        let err = BotSpec::parse(bad).unwrap_err();
        assert!(err.0.contains("loco must be a whole number from 0 to 8"), "{err}");
    }
}
