//! `ttr sweep`: play one map under every combination of `--vary` values, one results
//! directory per setting (with its edited map), and `sweep.csv`, one row per setting.
//!
//! Every setting is checked (keys, values, the edited map's validity) before any game is
//! played; every setting plays the same seeds.

pub mod keys;
mod page;
pub mod summary;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use ttr::Map;

use crate::atomic_file::AtomicFile;
use crate::cli::simulate::{PlayArgs, SimulateArgs, SimulateConfig};
use crate::cli::CliError;
use crate::shard;
use keys::Vary;
use summary::Summary;

/// The raw arguments of `ttr sweep`.
#[derive(Args, Debug)]
#[command(after_help = "\
Keys (--vary KEY=V1,V2,...; several --vary give every combination):
  rules.FIELD              any field of the map's [rules] table: rules.trains, rules.end_trains,
                           rules.starting_hand, rules.deck.locos, rules.setup_tickets.keep,
                           rules.players.1 (a list is indexed from 0), rules.loco_reset (true/false)
  rules.route_points.L     the points of a route of length L
  route.A-B.length         the length of the route joining cities A and B (both tracks of a double)
  ticket.A-B.points        the points of the ticket joining A and B
City names are written as in the map file, in either order; quote keys with spaces.
A bad key or value, or a value that makes the map invalid, is refused before any game.

Writes to DIR: one results directory per setting, named from it (e.g. rules.trains=40), with
the files of `ttr simulate` and the edited map as map.toml (`ttr simulate --map DIR/S/map.toml`
with the same options plays the same games); sweep.csv, one row per setting (each bot's win
rate, seat 0's advantage, game length, shares of points, spread of ticket values, with 95%
intervals; see results/README.md); report.html, each figure against the setting.

Examples:
  ttr sweep --map maps/usa.toml --vary rules.route_points.6=9,12,15,18 --players 4 \\
      --bots greedy,hungry,one-step,long-route --games 20000 --out results/sweep-6-routes
  ttr sweep --map maps/usa.toml --vary rules.trains=35,40,45 --vary rules.route_points.6=12,15,18 \\
      --players 4 --bots greedy --games 1e4 --seed 1 --out results/sweep-trains
  ttr sweep --map maps/usa.toml --vary 'ticket.Denver-El Paso.points=4,8' \\
      --vary 'route.Seattle-Portland.length=1,2' --players 3 --bots greedy --out results/sweep-edits")]
pub struct SweepArgs {
    /// The map, players, bots, games (per setting), seed (the same for every setting) and threads.
    #[command(flatten)]
    pub play: PlayArgs,
    /// A key and its values, `KEY=V1,V2,...`; repeat for a grid (see the keys below).
    #[arg(long, required = true, value_name = "KEY=V1,V2,...")]
    pub vary: Vec<String>,
    /// Output directory.
    #[arg(long)]
    pub out: PathBuf,
}

/// One setting of the grid, ready to play.
struct Setting {
    /// One value per `--vary`, in order.
    values: Vec<String>,
    /// `KEY=VALUE` joined by `+`: the directory's name, made safe for file names.
    name: String,
    /// The run.
    config: SimulateConfig,
}

/// Checks every setting, then plays them in grid order (the first `--vary` changes
/// slowest) and writes `sweep.csv` and `report.html`. Exits 130 when interrupted, leaving
/// the settings played so far and no `sweep.csv`.
pub fn run(args: &SweepArgs, stdout: &mut impl Write) -> Result<ExitCode, CliError> {
    let (varies, settings) = plan(args)?;
    std::fs::create_dir_all(&args.out).map_err(|source| CliError::Write { path: args.out.clone(), source })?;
    let mut summaries = Vec::new();
    for (i, setting) in settings.iter().enumerate() {
        if !args.play.quiet {
            eprintln!("setting {} of {}: {}", i + 1, settings.len(), setting.name);
        }
        let config = &setting.config;
        std::fs::create_dir_all(&config.out).map_err(|source| CliError::Write { path: config.out.clone(), source })?;
        write_file(&config.map_file, config.map_toml.as_bytes())?;
        let code = crate::cli::simulate::run(config, &mut std::io::sink())?;
        if code != ExitCode::SUCCESS {
            eprintln!("sweep interrupted: {i} of {} settings complete in {}", settings.len(), args.out.display());
            return Ok(code);
        }
        summaries.push(Summary::read(&config.out, config.players)?);
        writeln!(stdout, "{}", line(&setting.name, &summaries[i])).map_err(CliError::Stdout)?;
    }
    let keys: Vec<&str> = varies.iter().map(|v| v.key.as_str()).collect();
    let rows: Vec<page::SettingRow<'_>> =
        settings.iter().zip(&summaries).map(|(s, m)| (s.name.as_str(), s.values.as_slice(), m)).collect();
    let mut csv = Vec::new();
    page::write_csv(&mut csv, &keys, &rows).map_err(|source| CliError::Write { path: args.out.clone(), source })?;
    write_file(&args.out.join("sweep.csv"), &csv)?;
    write_file(&args.out.join("report.html"), page::page(&args.play.map, &keys, &rows).as_bytes())?;
    writeln!(stdout, "wrote {}/ ({} settings; sweep.csv, report.html)", args.out.display(), settings.len())
        .map_err(CliError::Stdout)?;
    Ok(ExitCode::SUCCESS)
}

/// A one-line summary of a played setting.
fn line(name: &str, s: &Summary) -> String {
    let bots: Vec<String> = s.bots.iter().map(|(bot, e)| format!("{bot} {:.3}", e.value)).collect();
    format!(
        "  {name}: win rates {}; seat 0 {:+.3}; {:.1} turns; route share {:.3}",
        bots.join(", "),
        s.seat_advantage.value,
        s.mean_turns.value,
        s.route_share.value
    )
}

/// Writes `bytes` to `path` under a temporary name, then renames it.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let fail = |source| CliError::Write { path: path.to_path_buf(), source };
    let mut file = AtomicFile::create(path).map_err(fail)?;
    file.writer().write_all(bytes).map_err(fail)?;
    file.commit().map_err(fail)
}

/// Reads the map, the `--vary` keys and every setting's edited map, refusing any problem.
fn plan(args: &SweepArgs) -> Result<(Vec<Vary>, Vec<Setting>), CliError> {
    let base = SimulateConfig::from_args(&SimulateArgs {
        play: args.play.clone(),
        out: Some(args.out.clone()),
        record: None,
        record_every: 1,
        shard: None,
        time_decisions: false,
    })?;
    let data = base.map.to_data();
    let varies: Vec<Vary> = args.vary.iter().map(|v| Vary::parse(v, &data)).collect::<Result<_, _>>()?;
    if let Some((_, v)) = varies.iter().enumerate().find(|(i, v)| varies[..*i].iter().any(|w| w.key == v.key)) {
        return Err(CliError::Message(format!("--vary {}: the key is given twice", v.key)));
    }
    let mut settings: Vec<Setting> = Vec::new();
    for values in grid(&varies) {
        let mut edited = data.clone();
        for (vary, value) in varies.iter().zip(&values) {
            vary.apply(&mut edited, value)?;
        }
        let assignment: Vec<String> = varies.iter().zip(&values).map(|(v, x)| format!("{}={x}", v.key)).collect();
        let name: String = assignment
            .join("+")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || "._=+-".contains(c) { c } else { '_' })
            .collect();
        if let Some(twin) = settings.iter().find(|s| s.name == name) {
            return Err(CliError::Message(format!(
                "two settings would share the directory {name}: {twin}",
                twin = twin.name
            )));
        }
        let out = args.out.join(&name);
        let map_file = out.join("map.toml");
        let invalid = |problems: Vec<ttr::MapProblem>| {
            let mut problems: Vec<String> = problems.into_iter().map(|p| p.message).collect();
            problems.dedup();
            CliError::Message(format!(
                "--vary {} makes {} invalid: {}",
                assignment.join(" --vary "),
                args.play.map.display(),
                problems.join("; ")
            ))
        };
        Map::from_data(edited.clone()).map_err(invalid)?;
        let body = toml::to_string(&edited).map_err(|e| CliError::Message(format!("{name}: {e}")))?;
        let map_toml = format!(
            "# {} with {}: written by ttr sweep from {}\n{body}",
            data.name,
            assignment.join(", "),
            args.play.map.display()
        );
        let map = Map::from_toml(&map_toml, &map_file)?;
        let [lo, hi] = map.rules.players;
        if !(usize::from(lo)..=usize::from(hi)).contains(&base.players) {
            return Err(CliError::Message(format!(
                "--vary {}: the map is then for {lo} to {hi} players, not --players {}",
                assignment.join(" --vary "),
                base.players
            )));
        }
        settings.push(Setting {
            values,
            name,
            config: SimulateConfig {
                map,
                map_sha256: shard::sha256_hex(&map_toml),
                map_file,
                map_toml,
                players: base.players,
                bots: base.bots.clone(),
                games: base.games,
                seed: base.seed,
                out,
                threads: base.threads,
                quiet: base.quiet,
                record: None,
                shard: None,
                time_decisions: false,
            },
        });
    }
    Ok((varies, settings))
}

/// Every combination of the values, the first key changing slowest.
fn grid(varies: &[Vary]) -> Vec<Vec<String>> {
    varies.iter().fold(vec![Vec::new()], |settings, vary| {
        settings
            .iter()
            .flat_map(|head| {
                vary.values.iter().map(move |v| {
                    let mut next = head.clone();
                    next.push(v.clone());
                    next
                })
            })
            .collect()
    })
}
