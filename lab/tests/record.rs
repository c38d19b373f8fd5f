//! Game records: every game replays from its events alone on every map and player count,
//! and corrupted records are rejected with the offending event named.

mod common;

use std::path::Path;

use common::load;
use ttr::{play_game_recorded, Bot, Card, Event, Map};
use ttr_bots::BotSpec;
use ttr_lab::record::{replay_record, EventRecord, GameRecord, Header, RecordError, ResultRecord};

/// A recorded random game, as it reads back from JSON.
fn recorded(map: &Map, players: usize, seed: u64) -> GameRecord {
    recorded_by(map, players, seed, "random")
}

/// A recorded game of `bot` (a bot spec) in every seat, as it reads back from JSON.
fn recorded_by(map: &Map, players: usize, seed: u64, bot: &str) -> GameRecord {
    let spec = BotSpec::parse(bot).expect("a known bot");
    let mut bots: Vec<Box<dyn Bot>> = (0..players).map(|s| spec.build(seed * 10 + s as u64)).collect();
    let mut events: Vec<Event> = Vec::new();
    let result = play_game_recorded(map, seed, &mut bots, &mut events).expect("legal game");
    let game = GameRecord {
        game: seed,
        seed,
        players,
        bots: vec![bot.to_string(); players],
        events: events.iter().map(EventRecord::from_event).collect(),
        result: ResultRecord::from_result(&result),
    };
    let json = serde_json::to_string(&game).expect("serialise");
    serde_json::from_str(&json).expect("parse back")
}

fn check(map: &Map, game: &GameRecord) -> Result<(), RecordError> {
    replay_record(map, game, &mut |_, _| {}).map(|_| ())
}

#[test]
fn every_map_and_player_count_round_trips_through_the_header_map() {
    for name in ["usa", "nordic", "legendary_asia", "south_korea"] {
        let file_map = load(name);
        let header: Header =
            serde_json::from_str(&serde_json::to_string(&Header::new(&file_map, "test")).unwrap()).unwrap();
        let map = header.to_map(Path::new("header")).expect("the header rebuilds the map");
        assert_eq!(map.routes(), file_map.routes());
        assert_eq!(map.tickets(), file_map.tickets());
        assert_eq!(map.rules, file_map.rules);
        let [lo, hi] = map.rules.players;
        for players in usize::from(lo)..=usize::from(hi) {
            for seed in 0..25 {
                let game = recorded(&map, players, seed);
                check(&map, &game).unwrap_or_else(|e| panic!("{name} {players}p seed {seed}: {e}"));
            }
        }
    }
}

#[test]
fn a_card_the_deck_cannot_hold_is_rejected_at_its_event() {
    let map = load("usa");
    let mut game = recorded(&map, 4, 1);
    // Deal four locomotives to every seat: the deck has only 14.
    for e in game.events.iter_mut().take(4) {
        match e {
            EventRecord::Deal { cards, .. } => *cards = vec![Card::Loco; 4],
            other => panic!("setup starts with the deals, found {other:?}"),
        }
    }
    let err = check(&map, &game).expect_err("15th locomotive");
    assert_eq!(err.event, Some(3), "{err}");
    assert!(err.message.contains("deck holds none"), "{err}");
}

#[test]
fn a_claim_paid_short_is_rejected_at_its_event() {
    let map = load("usa");
    let mut game = recorded(&map, 2, 2);
    let at = game.events.iter().position(|e| matches!(e, EventRecord::Claim { .. })).expect("a claim");
    if let EventRecord::Claim { pay, .. } = &mut game.events[at] {
        let (&card, _) = pay.iter().next().expect("paid something");
        *pay.get_mut(&card).expect("present") -= 1;
        pay.retain(|_, n| *n > 0);
    }
    let err = check(&map, &game).expect_err("short payment");
    assert_eq!(err.event, Some(at), "{err}");
    assert!(err.message.contains("payment"), "{err}");
}

#[test]
fn a_wrong_final_score_is_rejected() {
    let map = load("nordic");
    let mut game = recorded(&map, 3, 3);
    check(&map, &game).expect("untouched record replays");
    game.result.scores[1] += 1;
    let err = check(&map, &game).expect_err("score off by one");
    assert_eq!(err.event, None);
    assert!(err.message.contains("recorded result"), "{err}");
}

#[test]
fn a_decision_by_the_wrong_seat_or_a_missing_event_is_rejected() {
    let map = load("usa");
    let game = recorded(&map, 3, 4);
    let mut wrong_seat = game.clone();
    let at = wrong_seat.events.iter().position(|e| matches!(e, EventRecord::Claim { .. })).expect("a claim");
    if let EventRecord::Claim { s, .. } = &mut wrong_seat.events[at] {
        *s = (*s + 1) % 3;
    }
    let err = check(&map, &wrong_seat).expect_err("wrong seat");
    assert_eq!(err.event, Some(at), "{err}");
    // A ticket keep names its seat's offer: a seat past the table is refused, not looked up.
    for seat in [1, 5] {
        let mut keep_elsewhere = game.clone();
        let at =
            keep_elsewhere.events.iter().position(|e| matches!(e, EventRecord::Keep { s: 0, .. })).expect("a keep");
        if let EventRecord::Keep { s, .. } = &mut keep_elsewhere.events[at] {
            *s = seat;
        }
        let err = check(&map, &keep_elsewhere).expect_err("keep by another seat");
        assert_eq!(err.event, Some(at), "{err}");
        assert!(err.message.contains(&format!("seat {seat} acts, but seat 0 is to move")), "{err}");
    }
    let mut truncated = game;
    truncated.events.pop();
    assert!(check(&map, &truncated).is_err());
}

#[test]
fn an_unrefillable_slot_is_written_as_a_refill_of_null_and_may_not_be_left_out() {
    // Random bots claim too eagerly to run the piles dry on most maps; card hoarders do.
    for (name, bot) in
        [("usa", "random"), ("nordic", "hungry"), ("legendary_asia", "one-step"), ("south_korea", "greedy")]
    {
        let map = load(name);
        let players = usize::from(map.rules.players[1]);
        let is_null_refill = |e: &EventRecord| matches!(e, EventRecord::Refill { card: None, .. });
        let game = (0..2000)
            .map(|seed| recorded_by(&map, players, seed, bot))
            .find(|game| game.events.iter().any(is_null_refill))
            .unwrap_or_else(|| panic!("{name}: no {players}-player game of {bot} in 2000 ran the piles dry"));
        check(&map, &game).unwrap_or_else(|e| panic!("{name} seed {}: {e}", game.seed));
        let at = game.events.iter().position(is_null_refill).expect("found above");
        let json = serde_json::to_string(&game.events[at]).unwrap();
        assert!(json.contains(r#""card":null"#), "{json}");
        let mut omitted = game.clone();
        omitted.events.remove(at);
        let err = check(&map, &omitted).expect_err("the refill of null is left out");
        assert_eq!(err.event, Some(at), "{name} seed {}: {err}", game.seed);
        assert!(err.message.contains(r#"{"e":"refill","slot":"#), "{name}: {err}");
    }
}

#[test]
fn a_refill_must_name_its_card_even_when_it_is_null() {
    let read = |line: &str| serde_json::from_str::<EventRecord>(line);
    assert_eq!(read(r#"{"e":"refill","slot":2,"card":null}"#).unwrap(), EventRecord::Refill { slot: 2, card: None });
    assert_eq!(
        read(r#"{"e":"refill","slot":2,"card":"red"}"#).unwrap(),
        EventRecord::Refill { slot: 2, card: Some(Card::Red) }
    );
    let err = read(r#"{"e":"refill","slot":2}"#).expect_err("no card key");
    assert!(err.to_string().contains("missing field `card`"), "{err}");
}
