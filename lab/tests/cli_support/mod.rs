//! Helpers shared by the integration tests that run the `ttr` binary. Each test binary uses
//! some of them.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root: `ttr` runs there, so `maps/usa.toml` names the repository's map.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

/// Runs the `ttr` binary with `args` in the workspace root and returns what it did.
pub fn ttr<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttr")).current_dir(root()).args(args).output().expect("run ttr")
}

/// The standard error of a run, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A path as an argument; the tests' temporary paths are UTF-8.
pub fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}
