//! `ttr compare DIR_A DIR_B`: two runs of the same bots at the same player count (two
//! versions of a map, or two rule sets) side by side: every win rate, ticket, route and
//! score distribution of run B against run A, tested, with the Benjamini-Hochberg
//! correction over all the tests, in CSV files and one HTML page.

pub mod differences;
pub mod distributions;
pub mod input;
mod page;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::atomic_file::AtomicFile;
use crate::cli::CliError;
use crate::export::{self, Row};
use differences::{DifferenceRow, UnmatchedRow};
use distributions::DistributionRow;
use input::Side;

/// The raw arguments of `ttr compare`.
#[derive(Args, Debug)]
#[command(after_help = "\
Two results directories of `ttr simulate` with the same bots (in the same order) and player
count are compared: run B against run A. Tickets are matched by the cities they join, routes
by their cities, length and colour; those in only one run are listed in unmatched.csv.

Writes to DIR:
  differences.csv    every metric in A and B, B - A with its 95% interval, p-value, and the
                     Benjamini-Hochberg q-value over all tests; significant (q <= 0.05) first
  distributions.csv  score, route/ticket/bonus points and game length: means with intervals,
                     standard deviations, quantiles, for each run
  unmatched.csv      tickets and routes found in one run only
  report.html        the two runs side by side

Examples:
  ttr simulate --map maps/usa.toml --players 4 --bots greedy,hungry --games 20000 --out results/usa
  ttr simulate --map my-usa.toml --players 4 --bots greedy,hungry --games 20000 --out results/my-usa
  ttr compare results/usa results/my-usa --out results/usa-vs-my-usa")]
pub struct CompareArgs {
    /// The first results directory (run A).
    pub dir_a: PathBuf,
    /// The second results directory (run B); differences are B - A.
    pub dir_b: PathBuf,
    /// Output directory.
    #[arg(long)]
    pub out: PathBuf,
}

/// Reads both runs, refuses them if they are not comparable (writing nothing), writes the
/// files, and prints a summary of what changed significantly.
pub fn run(args: &CompareArgs, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let a = Side::read(&args.dir_a)?;
    let b = Side::read(&args.dir_b)?;
    if let Some(why) = a.incomparable(&b) {
        return Err(CliError::Message(why));
    }
    let (differences, unmatched) = differences::compare(&a, &b);
    let distributions = distributions::rows(&a, &b);
    let page = page::page(&a, &b, &differences, &unmatched, &distributions);
    let out = &args.out;
    write_files(out, &differences, &unmatched, &distributions, &page)
        .map_err(|source| CliError::Write { path: out.clone(), source })?;
    let significant = differences.iter().filter(|r| r.significant).count();
    let tested = differences.iter().filter(|r| r.q_value.is_some()).count();
    writeln!(
        stdout,
        "{significant} of {tested} differences significant at q = {} (Benjamini-Hochberg); {} items in one run only",
        differences::FDR,
        unmatched.len()
    )
    .map_err(CliError::Stdout)?;
    for r in differences.iter().filter(|r| r.significant).take(10) {
        let shown = |x: Option<export::Fixed<6>>| x.map_or_else(String::new, |x| x.to_string());
        writeln!(
            stdout,
            "  {} {} {}: {} -> {} (q {})",
            r.kind,
            r.name,
            r.metric,
            shown(r.a),
            shown(r.b),
            shown(r.q_value)
        )
        .map_err(CliError::Stdout)?;
    }
    writeln!(stdout, "wrote {}/ (differences, distributions, unmatched .csv; report.html)", out.display())
        .map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes every file under a temporary name, then moves them all into place.
fn write_files(
    out: &Path,
    differences: &[DifferenceRow],
    unmatched: &[UnmatchedRow],
    distributions: &[DistributionRow],
    page: &str,
) -> std::io::Result<()> {
    let contents = [
        (DifferenceRow::FILE, csv(differences)?),
        (UnmatchedRow::FILE, csv(unmatched)?),
        (DistributionRow::FILE, csv(distributions)?),
        ("report.html", page.as_bytes().to_vec()),
    ];
    std::fs::create_dir_all(out)?;
    let mut files = Vec::new();
    for (name, bytes) in contents {
        let mut file = AtomicFile::create(&out.join(name))?;
        file.writer().write_all(&bytes)?;
        file.flush()?;
        files.push(file);
    }
    for file in files {
        file.commit()?;
    }
    Ok(())
}

/// A CSV file of `rows`, in memory.
fn csv<R: Row + Clone>(rows: &[R]) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    export::write_rows(&mut bytes, false, rows.iter().cloned())?;
    Ok(bytes)
}
