//! `ttr`: the command line of ttr-lab. Parses the arguments, runs one subcommand, and
//! prints its error, if any, once as `error: ...`; a closed standard output (`| head`)
//! ends a command quietly with success.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use ttr_lab::cli::maps::MapsCommand;
use ttr_lab::cli::merge::MergeArgs;
use ttr_lab::cli::replay::ReplayArgs;
use ttr_lab::cli::report::ReportArgs;
use ttr_lab::cli::simulate::{SimulateArgs, SimulateConfig};
use ttr_lab::cli::tickets::TicketsCommand;
use ttr_lab::cli::{self, CliError};
use ttr_lab::tournament::TournamentError;

#[derive(Parser)]
#[command(
    name = "ttr",
    version,
    about = "Ticket to Ride self-play simulator and strategy lab: batch-simulate boards, compare bots, replay games",
    after_help = "\
Examples:
  ttr simulate --map maps/usa.toml --players 4 --bots greedy,random --games 10000
  ttr report results/usa-4p
  ttr merge shards/* --out results/usa-4p
  ttr sweep --map maps/usa.toml --vary rules.route_points.6=12,15,18 --players 4 --bots greedy --out results/sweep
  ttr compare results/usa-4p results/my-usa-4p --out results/usa-vs-my-usa
  ttr bots

`ttr help COMMAND` shows each command's options and examples."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play many seeded games between bots and write CSV statistics.
    Simulate(SimulateArgs),
    /// Rebuild recorded games from their events, check them against the rules, and print one.
    Replay(ReplayArgs),
    /// Turn a results directory into one self-contained HTML page with plots.
    Report(ReportArgs),
    /// Rate many bots on a schedule of duplicate blocks, or decide an A/B question by SPRT.
    Tournament(ttr_lab::tournament::TournamentArgs),
    /// Compare two runs of the same bots (two maps or rule sets): every difference, tested.
    Compare(ttr_lab::compare::CompareArgs),
    /// Play a map under every combination of rule, route or ticket values (a grid), one run each.
    Sweep(ttr_lab::sweep::SweepArgs),
    /// Join the shard directories of one run (`--shard I/N`) into the files of the whole run.
    Merge(MergeArgs),
    /// List every bot, how it plays, and its parameters with their defaults and ranges.
    #[command(after_help = cli::bots::AFTER_HELP)]
    Bots,
    /// Design destination tickets.
    Tickets {
        #[command(subcommand)]
        command: TicketsCommand,
    },
    /// Work with map files.
    Maps {
        #[command(subcommand)]
        command: MapsCommand,
    },
}

/// Runs one subcommand, writing its output to `stdout`.
fn run(command: Command, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    Ok(match command {
        Command::Simulate(args) => cli::simulate::run(&SimulateConfig::from_args(&args)?, stdout)?,
        Command::Replay(args) => cli::replay::run(&args, stdout)?,
        Command::Report(args) => cli::report::run(&args, stdout)?,
        Command::Tournament(args) => match ttr_lab::tournament::tournament(&args, stdout) {
            Ok(code) => code,
            Err(e @ TournamentError::Interrupted(_)) => {
                eprintln!("{e}");
                ExitCode::from(130)
            }
            Err(TournamentError::Stdout(e)) => return Err(CliError::Stdout(e)),
            Err(e) => return Err(CliError::Message(e.to_string())),
        },
        Command::Merge(args) => cli::merge::run(&args, stdout)?,
        Command::Compare(args) => ttr_lab::compare::run(&args, stdout)?,
        Command::Sweep(args) => ttr_lab::sweep::run(&args, stdout)?,
        Command::Bots => cli::bots::run(stdout)?,
        Command::Tickets { command } => cli::tickets::run(&command, stdout)?,
        Command::Maps { command } => cli::maps::run(&command, stdout)?,
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut stdout = io::stdout().lock();
    let outcome = run(cli.command, &mut stdout).and_then(|code| {
        stdout.flush().map_err(CliError::Stdout)?;
        Ok(code)
    });
    match outcome {
        Ok(code) => code,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
