//! `ttr merge`: join the shard directories of one run into the files of the whole run.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::CliError;
use crate::shard::read_shards;

/// The raw arguments of `ttr merge`.
#[derive(Args, Debug)]
#[command(after_help = "\
Every shard directory (written by `ttr simulate --shard I/N` or `ttr tournament --shard I/N`)
holds counters.json: the run's identity and the integer counters of its part. `ttr merge`
checks that the directories are the shards 0..N of one run, each exactly once, sums the
counters and writes every file of the whole run, byte for byte what one unsharded run writes
(run.json's command and timing fields excepted: see results/README.md). Nothing is written
when a check fails.

Examples:
  ttr merge shards/0 shards/1 shards/2 shards/3 --out results/usa-4p
  ttr merge shards/* --out results/tournament-usa")]
pub struct MergeArgs {
    /// The shard directories, in any order.
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Output directory for the merged run.
    #[arg(long)]
    pub out: PathBuf,
}

/// Runs `ttr merge`.
pub fn run(args: &MergeArgs, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let shards = read_shards(&args.dirs)?;
    match shards[0].file.run.command.as_str() {
        "simulate" => super::simulate::merge(&shards, &args.out, stdout),
        "tournament" => crate::tournament::cli::merge(&shards, &args.out, stdout),
        other => Err(format!(
            "{}: shards of `{other}`, which this program cannot merge",
            shards[0].dir.join(crate::shard::COUNTERS_FILE).display()
        )
        .into()),
    }
}
