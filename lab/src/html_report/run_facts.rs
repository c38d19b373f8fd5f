//! `run.json`: the facts that reproduce a run, shown as a table at the top of the page.

use std::path::Path;

use serde::Deserialize;
use serde_json::{Map, Value};

use super::html_table;
use crate::svg::escape;
use crate::timing::DecisionSeconds;

/// The keys of `run.json` shown on the page, in order, with their labels.
const FACTS: [(&str, &str); 13] = [
    ("command", "command"),
    ("seed", "seed"),
    ("map_name", "map"),
    ("map", "map file"),
    ("map_sha256", "map SHA-256"),
    ("players", "players"),
    ("bots", "bots"),
    ("games", "games"),
    ("threads", "threads"),
    ("wall_seconds", "wall time (s)"),
    ("games_per_second", "games per second"),
    ("version", "version"),
    ("provisional", "provisional map data"),
];

/// The contents of `run.json`.
pub(super) struct RunFacts {
    fields: Map<String, Value>,
    /// `decision_seconds`, when the run timed its decisions.
    decision_seconds: Option<Vec<DecisionSeconds>>,
}

impl RunFacts {
    /// Reads `dir/run.json`, which must exist and hold a JSON object.
    pub(super) fn read(dir: &Path) -> Result<RunFacts, String> {
        let path = dir.join("run.json");
        let shown = path.display();
        let text = std::fs::read_to_string(&path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("{shown}: not found"),
            _ => format!("{shown}: {e}"),
        })?;
        match serde_json::from_str(&text) {
            Ok(Value::Object(fields)) => {
                if !matches!(fields.get("provisional"), None | Some(Value::Bool(_))) {
                    return Err(format!("{shown}: `provisional` must be true or false"));
                }
                let decision_seconds = match fields.get("decision_seconds") {
                    None => None,
                    Some(rows) => Some(
                        Vec::<DecisionSeconds>::deserialize(rows)
                            .map_err(|e| format!("{shown}: `decision_seconds`: {e}"))?,
                    ),
                };
                Ok(RunFacts { fields, decision_seconds })
            }
            Ok(_) => Err(format!("{shown}:1: expected a JSON object")),
            Err(e) => Err(format!("{shown}:{}: invalid JSON: {e}", e.line())),
        }
    }

    /// Whether the run says its map data is provisional.
    pub(super) fn provisional(&self) -> bool {
        self.fields.get("provisional") == Some(&Value::Bool(true))
    }

    /// The number of players, if given.
    pub(super) fn players(&self) -> Option<u64> {
        self.fields.get("players").and_then(Value::as_u64)
    }

    /// A short text for `key` (a string as is, anything else as JSON), if present.
    pub(super) fn text(&self, key: &str) -> Option<String> {
        self.fields.get(key).map(plain)
    }

    /// The facts as an HTML table, in the order of [`FACTS`]; absent keys are left out.
    pub(super) fn html_table(&self) -> String {
        let mut html = String::from("<table class=\"facts\">\n");
        for (key, label) in FACTS {
            if let Some(value) = self.fields.get(key) {
                html.push_str(&format!("<tr><th>{label}</th><td>{}</td></tr>\n", fact_html(value)));
            }
        }
        html.push_str("</table>\n");
        html
    }

    /// The seconds per decision of each bot (`decision_seconds`, written by `ttr simulate
    /// --time-decisions`) as an HTML table, if the run timed its decisions.
    pub(super) fn decision_table(&self) -> Option<String> {
        let times = self.decision_seconds.as_ref()?;
        let clock = times.first().map_or("", |t| t.clock.label());
        Some(format!(
            "<p>Every decision timed on {clock}; percentiles within 3%, longest and mean exact.</p>\n{}",
            html_table(&DecisionSeconds::COLUMNS, times.iter().map(DecisionSeconds::cells))
        ))
    }
}

/// A value as HTML: arrays as a sequence of `<code>` items, fractional numbers to 3 places.
fn fact_html(value: &Value) -> String {
    match value {
        Value::Array(items) => {
            items.iter().map(|v| format!("<code>{}</code>", escape(&plain(v)))).collect::<Vec<_>>().join(" ")
        }
        Value::Number(n) if !n.is_u64() && !n.is_i64() => {
            n.as_f64().map_or_else(|| n.to_string(), |f| format!("{f:.3}"))
        }
        other => escape(&plain(other)),
    }
}

/// A string without its JSON quotes; anything else as JSON.
fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
