//! `ttr replay`: rebuild recorded games from their events, check them against the rules,
//! and print one turn by turn.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::CliError;
use crate::record_file::RecordFile;
use crate::replay_text::narrate;

/// The raw arguments of `ttr replay`.
#[derive(Args, Debug)]
#[command(group = clap::ArgGroup::new("what").required(true).args(["game", "check"]))]
#[command(after_help = "\
Examples:
  ttr simulate --map maps/usa.toml --players 4 --games 100 --record games.jsonl
  ttr replay games.jsonl --check
  ttr replay games.jsonl --game 7 | less")]
pub struct ReplayArgs {
    /// A record file written by `ttr simulate --record`.
    pub file: PathBuf,
    /// Print game N (its `game` index) turn by turn.
    #[arg(long)]
    pub game: Option<u64>,
    /// Check every game silently; exit non-zero at the first inconsistent event.
    #[arg(long)]
    pub check: bool,
}

/// Replays the games of a record file: prints game `--game` to `stdout`, or checks them all.
pub fn run(args: &ReplayArgs, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let file = RecordFile::read(&args.file)?;
    let mut found = false;
    for k in 0..file.lines.len() {
        let game = file.game(&args.file, k)?;
        if args.game.is_some_and(|n| n != game.game) {
            continue;
        }
        found = true;
        let print = !args.check;
        if print {
            writeln!(
                stdout,
                "game {} (seed {}), {} players: {}",
                game.game,
                game.seed,
                game.players,
                game.bots.join(", ")
            )
            .map_err(CliError::Stdout)?;
        }
        // The replay's callback cannot fail: keep the first write error and stop writing.
        let mut written = Ok(());
        let mut on_step = |state: &ttr::GameState<'_>, events: &[ttr::Event]| {
            if print && written.is_ok() {
                written = stdout.write_all(narrate(state, events).as_bytes());
            }
        };
        let end = crate::record::replay_record(&file.map, &game, &mut on_step).map_err(|error| CliError::Replay {
            file: args.file.clone(),
            line: file.lines[k].0,
            error,
        })?;
        written.map_err(CliError::Stdout)?;
        if print {
            let result = end.result();
            for (s, r) in result.seats().iter().enumerate() {
                writeln!(
                    stdout,
                    "seat {s} ({}): {} points = {} routes + {} tickets - {} failed + {} bonus; longest path {}",
                    game.bots[s],
                    r.score,
                    r.route_points,
                    r.ticket_points_gained,
                    r.ticket_points_lost,
                    r.bonus_points,
                    r.longest_path
                )
                .map_err(CliError::Stdout)?;
            }
            let winners: Vec<String> = result.winners.iter().map(|s| s.0.to_string()).collect();
            writeln!(stdout, "end: {}; winner(s): seat {}", result.end.name(), winners.join(", seat "))
                .map_err(CliError::Stdout)?;
        }
    }
    if !found {
        return Err(match args.game {
            Some(game) => CliError::NoSuchGame { file: args.file.clone(), game },
            None => CliError::EmptyRecord { file: args.file.clone() },
        });
    }
    if args.check {
        writeln!(
            stdout,
            "{}: {} games replay consistently with the rules and their results",
            args.file.display(),
            file.lines.len()
        )
        .map_err(CliError::Stdout)?;
    }
    Ok(ExitCode::SUCCESS)
}
