//! Helpers shared by the lab's integration tests that work on maps directly.

use std::path::Path;

use ttr::Map;

/// Loads `maps/<name>.toml` from the workspace; panics with the loader's error.
pub fn load(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps").join(format!("{name}.toml"));
    Map::load(&path).unwrap_or_else(|e| panic!("{e}"))
}
