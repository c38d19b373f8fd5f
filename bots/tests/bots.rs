//! The bots of `ttr-bots` in play: thousands of seeded games on every map and player count
//! without an illegal action, the same game from the same seeds, and greedy against random.

mod common;

use common::load;
use ttr::{bot_seed, game_seed};
use ttr::{play_game, Bot, GameResult, Map, Seat};
use ttr_bots::BotSpec;

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

#[test]
fn every_bot_name_is_known_and_takes_no_parameters() {
    for name in BOTS {
        assert_eq!(BotSpec::parse(name).expect("known").as_str(), *name);
        assert!(ttr_bots::spec::KNOWN_BOTS.contains(name));
        let err = BotSpec::parse(&format!("{name}:depth=2")).unwrap_err();
        assert!(err.0.contains("no parameter \"depth\""), "{err}");
    }
}
