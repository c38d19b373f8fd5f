//! `ttr report`: turn a results directory into one self-contained HTML page.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::CliError;

/// The raw arguments of `ttr report`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  ttr simulate --map maps/usa.toml --players 4 --out results/usa-4p
  ttr report results/usa-4p
  ttr report results/usa-4p --out usa.html")]
pub struct ReportArgs {
    /// A directory written by `ttr simulate` or `ttr tournament` (one holding `ratings.csv`).
    pub dir: PathBuf,
    /// The page to write [default: DIR/report.html].
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Writes the page and names it on `stdout`.
pub fn run(args: &ReportArgs, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let out = args.out.clone().unwrap_or_else(|| args.dir.join("report.html"));
    if args.dir.join("ratings.csv").is_file() {
        crate::tournament::report::write_report(&args.dir, &out).map_err(|e| CliError::Message(e.to_string()))?;
    } else {
        crate::html_report::write_report(&args.dir, &out)?;
    }
    writeln!(stdout, "wrote {}", out.display()).map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}
