//! The runner's seating: over every `players` consecutive games each bot sits in each seat once.

use ttr_lab::lineup;

#[test]
fn runner_rotates_bots_across_seats() {
    for players in 2..=5 {
        for bot in 0..players as u8 {
            for seat in 0..players {
                let times = (0..players as u64).filter(|&i| lineup(players, i)[seat] == bot).count();
                assert_eq!(times, 1, "bot {bot} in seat {seat}");
            }
        }
    }
}
