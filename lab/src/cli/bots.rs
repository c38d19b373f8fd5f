//! `ttr bots`: every bot, how it plays, and its parameters.

use std::io::{self, Write};
use std::process::ExitCode;

use ttr_bots::spec::{BotInfo, CATALOG};

use super::CliError;

/// How to use the catalogue, printed after `ttr bots --help`.
pub const AFTER_HELP: &str = "\
Examples:
  ttr bots
  ttr simulate --map maps/usa.toml --players 2 --bots greedy,mcts:iters=500:worlds=10";

/// Prints the catalogue to `stdout`.
pub fn run(stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    write_catalog(CATALOG, stdout).map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes one line per bot (its spec name and how it plays), then one line per parameter
/// (`key=default`, the values accepted, what it does).
pub fn write_catalog(catalog: &[BotInfo], w: &mut impl Write) -> io::Result<()> {
    writeln!(w, "Bots for --bots: a name, then optional :key=value parameters (e.g. mcts:iters=500:c=1).")?;
    let name_width = catalog.iter().map(|b| b.name.len()).max().unwrap_or(0);
    for bot in catalog {
        writeln!(w)?;
        writeln!(w, "{:<name_width$}  {}", bot.name, bot.plays)?;
        let key_width = bot.params.iter().map(|p| p.key.len() + 1 + p.default.len()).max().unwrap_or(0);
        let range_width = bot.params.iter().map(|p| p.range.len()).max().unwrap_or(0);
        for p in bot.params {
            let setting = format!("{}={}", p.key, p.default);
            writeln!(w, "    {setting:<key_width$}  {:<range_width$}  {}", p.range, p.meaning)?;
        }
    }
    Ok(())
}
