//! The documents stand alone: every link in the README and under `docs/` leads to a file of
//! the repository, and each page that restates one of the project's shared originals names
//! the SHA-256 of the version it follows, checked whenever `../shared` sits beside the
//! repository (a clone on its own has none, and skips that comparison).

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").canonicalize().expect("the repository root")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The README and every page under `docs/`.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages = vec![root.join("README.md"), root.join("maps/data/README.md"), root.join("results/README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages
}

/// The targets of the Markdown links `[text](target)` in `text`, anchors dropped.
fn links(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            let target = &rest[..rest.find(')')?];
            Some(target.split('#').next().unwrap_or(target))
        })
        .filter(|t| !t.is_empty() && !t.contains("://"))
        .collect()
}

#[test]
fn every_link_of_the_readme_and_docs_leads_to_a_file_of_the_repository() {
    let root = root();
    for page in pages() {
        let dir = page.parent().expect("a page's directory");
        for target in links(&read(&page)) {
            let file = dir.join(target).canonicalize();
            let inside = file.as_ref().is_ok_and(|f| f.starts_with(&root));
            assert!(inside, "{}: the link {target} leads to no file of the repository", page.display());
        }
    }
}

#[test]
fn the_pages_restating_the_shared_originals_follow_their_current_version() {
    let root = root();
    let shared = root.join("../shared");
    for (page, original) in [
        ("docs/rules.md", "rules/RULES.md"),
        ("docs/game-record.md", "GAME-RECORD.md"),
        ("docs/personas.md", "PERSONAS.md"),
    ] {
        let text = read(&root.join(page));
        let marker = format!("shared/{original} (sha256 ");
        let at = text.find(&marker).unwrap_or_else(|| panic!("{page} names no version of shared/{original}"));
        let named = &text[at + marker.len()..][..64];
        assert!(named.bytes().all(|b| b.is_ascii_hexdigit()), "{page}: {named:?} is no SHA-256");
        let path = shared.join(original);
        if !path.is_file() {
            eprintln!("no {}: nothing to compare {page} with", path.display());
            continue;
        }
        let current: String = Sha256::digest(read(&path).as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            named,
            current,
            "{} changed since {page} was written from it: bring {page} in step, then name the new hash",
            path.display()
        );
    }
}
