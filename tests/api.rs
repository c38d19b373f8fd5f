//! The engine's vocabulary for bots, on the real maps: route scores, ticket keep ranges,
//! face-up draws, express cards, checked and unchecked application, maps as plain data.

mod common;

use common::{act, cards, load, route, shared, start, track};
use ttr::{Action, Card, Event, GameState, Map, MapData, Observation, Phase, RouteId, Seat, Setup, MARKET_SLOTS};

const MAPS: [&str; 4] = ["usa", "nordic", "legendary_asia", "south_korea"];

#[test]
fn route_score_is_the_length_score_plus_mountain_points() {
    let asia = shared("legendary_asia");
    let moscow_perm = track(asia, "Moscow", "Perm", Some(Card::Red));
    assert_eq!(asia.route(moscow_perm).mountains, 1);
    assert_eq!(asia.route_score(moscow_perm), 4 + 2, "length 3 scores 4, one mountain 2");
    let nordic = shared("nordic");
    assert_eq!(nordic.route_score(route(nordic, "Lieksa", "Murmansk")), 27);
    let usa = shared("usa");
    assert_eq!(usa.route_score(route(usa, "Los Angeles", "El Paso")), 15);
    for name in MAPS {
        let map = shared(name);
        for (i, r) in map.routes().iter().enumerate() {
            let expected = u16::from(map.route_points(r.length)) + u16::from(r.mountains * map.rules.mountain_points);
            assert_eq!(map.route_score(RouteId(i as u8)), expected, "{name} route {i}");
        }
    }
}

#[test]
fn claiming_scores_the_route_score() {
    let asia = shared("legendary_asia");
    let moscow_perm = track(asia, "Moscow", "Perm", Some(Card::Red));
    let mut s = Setup::empty(asia, 2);
    s.give(0, cards(&[(Card::Red, 3)]));
    let mut g = start(asia, &s);
    act(&mut g, Action::Claim { route: moscow_perm, pay: cards(&[(Card::Red, 3)]) });
    assert_eq!(g.route_points(Seat(0)), i32::from(asia.route_score(moscow_perm)));
    assert_eq!(g.result().seats[Seat(0)].route_points, 6);
}

/// Whether `Keep(mask)` is legal exactly for the masks of offered tickets whose count is in
/// the keep range.
fn keep_masks_follow_the_range(g: &GameState<'_>) {
    let range = g.keep_range().expect("a phase that keeps tickets");
    let offered = g.offer(g.to_move()).len();
    let legal = g.legal_actions();
    for mask in 0..=u8::MAX {
        let fits = mask != 0 && usize::from(mask) >> offered == 0 && range.contains(&(mask.count_ones() as u8));
        assert_eq!(legal.is_legal(Action::Keep(mask)), fits, "mask {mask:#b} of {offered}, range {range:?}");
    }
}

#[test]
fn keep_range_follows_each_maps_ticket_deal() {
    for (name, players, expected) in [("usa", 2, 2..=3), ("nordic", 3, 2..=5), ("legendary_asia", 4, 2..=4)] {
        let map = shared(name);
        let g = GameState::new(map, players, 11).expect("players");
        assert_eq!(g.keep_range(), Some(expected.clone()), "{name} setup");
        assert_eq!(Observation::new(&g, Seat(1)).keep_range(), Some(expected), "{name}: seat 1's own offer");
        keep_masks_follow_the_range(&g);
    }
    // In play: draw 3, keep at least 1; no keeping at the start of a turn.
    let usa = shared("usa");
    let mut s = Setup::empty(usa, 2);
    s.give(0, cards(&[(Card::Red, 1)]));
    let mut g = start(usa, &s);
    assert_eq!(g.keep_range(), None);
    assert_eq!(Observation::new(&g, Seat(0)).keep_range(), None);
    act(&mut g, Action::DrawTickets);
    assert_eq!(g.keep_range(), Some(1..=3));
    keep_masks_follow_the_range(&g);
}

#[test]
fn keep_range_after_a_draft_is_exactly_four() {
    let korea = shared("south_korea");
    let mut g = GameState::new(korea, 3, 5).expect("players");
    assert_eq!(g.keep_range(), None, "drafting, not keeping");
    while g.phase() == Phase::Draft {
        act(&mut g, Action::Pick(0));
    }
    assert_eq!(g.phase(), Phase::SetupKeep);
    assert_eq!(g.keep_range(), Some(4..=4));
    keep_masks_follow_the_range(&g);
}

#[test]
fn may_take_face_up_forbids_a_second_locomotive_where_the_rules_do() {
    let market = [Some(Card::Loco), Some(Card::Red), None, Some(Card::Blue), Some(Card::Loco)];
    for (name, loco_second) in [("usa", false), ("nordic", true)] {
        let map = shared(name);
        let mut s = Setup::empty(map, 2);
        s.lay(market);
        let g = start(map, &s);
        let takeable: Vec<bool> = (0..MARKET_SLOTS as u8).map(|slot| g.may_take_face_up(slot)).collect();
        assert_eq!(takeable, [true, true, false, true, true], "{name}: first card");
        assert!(!g.may_take_face_up(MARKET_SLOTS as u8), "no such slot");
        assert!(!Observation::new(&g, Seat(1)).may_take_face_up(1), "{name}: not seat 1's move");
        s.phase = Phase::SecondCard;
        let g = start(map, &s);
        let obs = Observation::new(&g, Seat(0));
        let takeable: Vec<bool> = (0..MARKET_SLOTS as u8).map(|slot| obs.may_take_face_up(slot)).collect();
        assert_eq!(takeable, [loco_second, true, false, true, loco_second], "{name}: second card");
        let legal = g.legal_actions();
        for slot in 0..8 {
            assert_eq!(legal.is_legal(Action::TakeFaceUp(slot)), g.may_take_face_up(slot), "{name} slot {slot}");
        }
        s.phase = Phase::Turn;
    }
}

/// Checks the observation's cheap predicates against the legal set, for every seat.
fn predicates_agree_with_the_legal_set(g: &GameState<'_>, context: &str) {
    let legal = g.legal_actions();
    for seat in 0..g.players() {
        let obs = Observation::new(g, Seat(seat as u8));
        let to_move = g.to_move() == Seat(seat as u8);
        assert_eq!(obs.can_draw_blind(), to_move && legal.is_legal(Action::DrawBlind), "{context}: blind, seat {seat}");
        assert_eq!(
            obs.can_draw_tickets(),
            to_move && legal.is_legal(Action::DrawTickets),
            "{context}: tickets, seat {seat}"
        );
        if to_move && g.phase() == Phase::Turn {
            let claimable = obs.claimable_routes();
            assert!(
                legal.claimable_routes().minus(claimable).is_empty(),
                "{context}: a claim outside claimable_routes"
            );
            for r in g.map().all_routes().iter() {
                assert_eq!(legal.claim_payments(r).is_some(), claimable.contains(r), "{context}: route {r:?}");
            }
        }
    }
}

#[test]
fn observation_predicates_answer_like_the_legal_set() {
    for name in MAPS {
        let map = shared(name);
        for seed in 0..20 {
            let mut g = GameState::new(map, 3, seed).expect("players");
            let mut k = seed as u32;
            while !g.is_over() {
                predicates_agree_with_the_legal_set(&g, &format!("{name} seed {seed} turn {}", g.turns()));
                let legal = g.legal_actions();
                g.apply(legal.get(k % legal.len()));
                k = k.wrapping_mul(31).wrapping_add(7);
            }
        }
    }
    // Deck and discard pile empty: nothing blind, but the market still deals.
    let usa = shared("usa");
    let mut s = Setup::empty(usa, 2);
    s.lay([Some(Card::Red), Some(Card::Blue), None, None, None]);
    let rest = s.deck;
    s.give(1, rest);
    s.ticket_deck.clear();
    let g = start(usa, &s);
    let obs = Observation::new(&g, Seat(0));
    assert!(!obs.can_draw_blind() && !obs.can_draw_tickets());
    assert!(obs.may_take_face_up(0));
    predicates_agree_with_the_legal_set(&g, "empty decks");
}

#[test]
fn express_masks_decode_to_the_rule_sets_values() {
    let rules = &shared("south_korea").rules;
    assert_eq!(rules.all_express(), 0b111);
    assert_eq!(rules.express_values(0b101).collect::<Vec<_>>(), [1, 3]);
    assert_eq!(rules.express_index(0b101, 3), Some(2));
    assert_eq!(rules.express_index(0b101, 2), None, "+2 is used");
    assert_eq!(rules.express_mask([3, 1]), 0b101);
    assert_eq!(rules.express_mask([2, 2]), 0b010, "only one +2 card");
    assert_eq!(shared("usa").rules.all_express(), 0, "no express cards");
    let mut s = Setup::empty(shared("south_korea"), 2);
    s.express[0] = rules.express_mask([1, 3]);
    s.give(0, cards(&[(Card::Red, 1)]));
    let g = start(shared("south_korea"), &s);
    assert_eq!(g.express_cards(Seat(0)).collect::<Vec<_>>(), [1, 3]);
    let legal = g.legal_actions();
    assert!(legal.is_legal(Action::ExpressCards(3)));
    assert!(!legal.is_legal(Action::ExpressCards(2)), "used");
    assert!(!legal.is_legal(Action::ExpressTickets(4)), "no such card");
}

#[test]
fn apply_unchecked_matches_try_apply_on_legal_actions_event_for_event() {
    for name in MAPS {
        let map = shared(name);
        let mut checked = GameState::new(map, 2, 3).expect("players");
        let mut unchecked = checked.clone();
        let mut k = 0u32;
        while !checked.is_over() {
            let legal = checked.legal_actions();
            let action = legal.get(k % legal.len());
            k = k.wrapping_mul(31).wrapping_add(7);
            let (mut told, mut untold) = (Vec::<Event>::new(), Vec::<Event>::new());
            checked.try_apply_recorded(action, &mut told).expect("generated actions are legal");
            unchecked.apply_recorded(action, &mut untold);
            assert_eq!(told, untold, "{name}: events of {action:?}");
            assert_eq!(checked.to_setup(), unchecked.to_setup(), "{name}: after {action:?}");
        }
        assert_eq!(checked.result(), unchecked.result());
    }
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "illegal action applied unchecked")]
fn apply_unchecked_asserts_legality_in_debug_builds() {
    let usa = shared("usa");
    let mut g = start(usa, &Setup::empty(usa, 2));
    g.apply(Action::TakeFaceUp(0));
}

#[test]
fn try_apply_refuses_and_leaves_the_state_untouched() {
    let usa = shared("usa");
    let mut g = start(usa, &Setup::empty(usa, 2));
    let before = g.to_setup();
    let err = g.try_apply(Action::TakeFaceUp(0)).expect_err("the market is empty");
    assert_eq!(err.reason, "that market slot is empty");
    assert_eq!(g.to_setup(), before);
}

#[test]
fn maps_round_trip_through_plain_data() {
    for name in MAPS {
        let map = load(name);
        let data = map.to_data();
        let back = Map::from_data(data.clone()).unwrap_or_else(|p| panic!("{name}: {p:?}"));
        assert_eq!(back, map, "{name}");
        assert_eq!(back.to_data(), data, "{name}");
    }
}

#[test]
fn plain_data_is_validated_like_a_file() {
    let mut data: MapData = shared("usa").to_data();
    data.routes[0].a = "Atlantis".to_string();
    data.routes[1].length = 0;
    data.tickets[0].points = 0;
    let problems = Map::from_data(data).expect_err("three problems");
    let messages: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(problems.len(), 3, "{messages:?}");
    assert!(problems.iter().all(|p| p.line.is_none()), "plain data has no lines");
    assert!(messages[0].contains("unknown city \"Atlantis\""), "{messages:?}");
    assert!(messages[1].contains("route length 0"), "{messages:?}");
    assert!(messages[2].contains("ticket worth 0 points"), "{messages:?}");
}

#[test]
fn plain_data_written_as_toml_loads_as_the_same_map() {
    for name in MAPS {
        let map = shared(name);
        let text = toml::to_string(&map.to_data()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = Map::from_toml(&text, std::path::Path::new("written.toml")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&back, map, "{name}");
    }
}

/// One entry of a table's log: the seat that wrote it, the seat that decided, what the
/// table saw of the decision and the phase it was taken in.
type Entry = (Seat, Seat, ttr::PublicAction, Phase);

/// A bot that takes a uniformly random legal action and writes what it decided, and what it
/// was shown of the others' decisions, to a log shared by the table.
struct Watcher {
    seat: Seat,
    rng: rand_pcg::Pcg64Mcg,
    watch: bool,
    log: std::rc::Rc<std::cell::RefCell<Vec<Entry>>>,
}

impl ttr::Bot for Watcher {
    fn choose(&mut self, obs: &Observation<'_, '_>) -> Action {
        use rand::Rng;
        let legal = obs.legal_actions().expect("to move");
        let action = legal.get(self.rng.random_range(0..legal.len()));
        // The decider's own entry: (decider, decider, what the table sees, phase).
        self.log.borrow_mut().push((self.seat, self.seat, ttr::PublicAction::of(action), obs.phase()));
        action
    }

    fn observes(&self) -> bool {
        self.watch
    }

    fn observe(&mut self, obs: &Observation<'_, '_>, seat: Seat, action: ttr::PublicAction) {
        assert_eq!(obs.seat(), self.seat, "a watcher is shown its own seat's view");
        assert_eq!(obs.to_move(), seat, "the view is of the position the decision was taken in");
        self.log.borrow_mut().push((self.seat, seat, action, obs.phase()));
    }
}

#[test]
fn the_game_loop_shows_watchers_every_other_seats_decision_in_order() {
    use rand::SeedableRng;
    for (name, players) in [("usa", 4), ("nordic", 3), ("legendary_asia", 2), ("south_korea", 5)] {
        let map = shared(name);
        for game in 0..5u64 {
            let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
            // Seats 0 and 2 watch, the others do not.
            let mut bots: Vec<Box<dyn ttr::Bot>> = (0..players)
                .map(|s| {
                    Box::new(Watcher {
                        seat: Seat(s as u8),
                        rng: rand_pcg::Pcg64Mcg::seed_from_u64(game * 10 + s as u64),
                        watch: s % 2 == 0,
                        log: log.clone(),
                    }) as Box<dyn ttr::Bot>
                })
                .collect();
            ttr::play_game(map, game, &mut bots).expect("legal play");
            let log = log.borrow();
            let decisions: Vec<_> = log.iter().filter(|(who, by, ..)| who == by).collect();
            assert!(decisions.len() > 20, "{name}: a whole game");
            // After each decision, every watcher but the decider sees it, before the next.
            let mut at = 0;
            for &&(by, _, action, phase) in &decisions {
                assert_eq!(log[at].0, by);
                at += 1;
                let watchers: Vec<Seat> = (0..players).step_by(2).map(|s| Seat(s as u8)).filter(|&s| s != by).collect();
                for w in watchers {
                    assert_eq!(log[at], (w, by, action, phase), "{name} game {game}: entry {at}");
                    at += 1;
                }
            }
            assert_eq!(at, log.len(), "{name}: nothing else was shown");
        }
    }
}

#[test]
fn the_table_sees_how_many_tickets_were_kept_and_not_which() {
    use ttr::PublicAction;
    assert_eq!(PublicAction::of(Action::Keep(0b101)), PublicAction::Keep(2));
    assert_eq!(PublicAction::of(Action::Keep(0b011)), PublicAction::of(Action::Keep(0b110)));
    assert_eq!(PublicAction::of(Action::Pick(0)), PublicAction::of(Action::Pick(3)));
    let claim = Action::Claim { route: RouteId(3), pay: cards(&[(Card::Red, 2)]) };
    assert_eq!(PublicAction::of(claim), PublicAction::Seen(claim));
    assert_eq!(PublicAction::of(Action::DrawBlind), PublicAction::Seen(Action::DrawBlind));
}

#[test]
fn trading_one_seats_hidden_part_keeps_everything_else_as_it_was() {
    use rand::{Rng, SeedableRng};
    use ttr::{sample_world, sample_world_given, Given, MAX_SEATS};
    let mut traded = 0;
    for (name, players) in [("usa", 2), ("usa", 4), ("nordic", 3), ("legendary_asia", 3), ("south_korea", 4)] {
        let map = shared(name);
        for game in 0..3 {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(players as u64 + 10 * game);
            let mut state = GameState::new(map, players, 11 + game).expect("setup");
            let mut step = 0;
            while !state.is_over() {
                step += 1;
                if step % 2 == 0 {
                    let me = Seat(0);
                    let seat = Seat(1);
                    let obs = Observation::new(&state, me);
                    // Give seat 1 of a world guessed for seat 0 the hidden part of another guess.
                    let other = sample_world(&obs, &mut rng);
                    let tickets = other.hidden_tickets(seat);
                    let mut world = sample_world(&obs, &mut rng);
                    let before = world.clone();
                    if world.trade_hidden(seat, other.hand(seat), tickets, &mut rng) {
                        traded += 1;
                        assert_eq!(world.hand(seat), other.hand(seat));
                        assert_eq!(
                            (world.tickets(seat), world.offer(seat), world.drafted(seat)),
                            (tickets.held, tickets.offer, tickets.drafted)
                        );
                        world.check_invariants().unwrap_or_else(|e| panic!("{name} step {step}: {e}"));
                        // Every seat but seat 1 sees what it saw, and seat 1's count of everything.
                        for s in (0..players).map(|s| Seat(s as u8)).filter(|&s| s != seat) {
                            assert_eq!(
                                Observation::new(&world, s),
                                Observation::new(&before, s),
                                "{name} step {step}: seat {}",
                                s.0
                            );
                        }
                        assert_eq!(world.deck().total(), before.deck().total());
                        assert_eq!(world.discard().total(), before.discard().total());
                        assert_eq!(world.ticket_deck().len(), before.ticket_deck().len());
                    } else {
                        assert_eq!(world.to_setup(), before.to_setup(), "{name}: a refused trade changes nothing");
                    }
                    // A hand of another size is refused.
                    let mut bigger = world.hand(seat);
                    bigger[Card::Loco] += 1;
                    let held = world.hidden_tickets(seat);
                    assert!(!world.clone().trade_hidden(seat, bigger, held, &mut rng));
                    // The truth, given, is a world where seat 1 holds what it truly holds.
                    let mut given = [Given::default(); MAX_SEATS];
                    given[1].hand = Some(state.hand(seat));
                    let truth = sample_world_given(&obs, &mut rng, |_, _| 1.0, &given).expect("the truth fits");
                    assert_eq!(truth.hand(seat), state.hand(seat));
                    assert_eq!(Observation::new(&truth, me), obs);
                }
                let legal = state.legal_actions();
                state.try_apply(legal.get(rng.random_range(0..legal.len()))).expect("legal");
            }
        }
    }
    assert!(traded > 300, "{traded} trades checked");
}
