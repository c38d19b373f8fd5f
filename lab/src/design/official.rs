//! The official maps of `maps/`, built into the binary, so a board can be compared with
//! them wherever `ttr` runs.

use std::path::Path;

use ttr::{Map, MapError};

/// The official maps' TOML texts, by map name (the file name in `maps/` without `.toml`),
/// in a fixed order: USA, Nordic, Legendary Asia, South Korea.
pub const TEXTS: [(&str, &str); 4] = [
    ("usa", include_str!("../../../maps/usa.toml")),
    ("nordic", include_str!("../../../maps/nordic.toml")),
    ("legendary_asia", include_str!("../../../maps/legendary_asia.toml")),
    ("south_korea", include_str!("../../../maps/south_korea.toml")),
];

/// The official map called `name` (as in [`TEXTS`]), parsed; `None` for any other name.
/// Errors name the file as `NAME.toml`.
pub fn load(name: &str) -> Option<Result<Map, MapError>> {
    TEXTS.iter().find(|(n, _)| *n == name).map(|(n, text)| Map::from_toml(text, Path::new(&format!("{n}.toml"))))
}

/// Every official map, in a fixed order (USA, Nordic, Legendary Asia, South Korea).
///
/// # Panics
/// Never for a built binary: the files are checked by the tests that build them.
#[must_use]
pub fn maps() -> Vec<Map> {
    TEXTS.iter().map(|(name, _)| load(name).expect("listed").expect("official maps are valid")).collect()
}

/// The official maps whose tickets are the printed ones (not marked provisional): what the
/// ticket-points model is fitted on.
#[must_use]
pub fn printed(maps: &[Map]) -> Vec<&Map> {
    maps.iter().filter(|m| !m.provisional).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_official_map_loads_and_three_have_printed_tickets() {
        let all = maps();
        let names: Vec<&str> = all.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["usa", "nordic", "legendary_asia", "south_korea"]);
        let printed: Vec<&str> = printed(&all).iter().map(|m| m.name.as_str()).collect();
        assert_eq!(printed, ["usa", "nordic", "legendary_asia"]);
    }

    #[test]
    fn a_map_is_found_by_its_name_only() {
        for (name, _) in TEXTS {
            assert_eq!(load(name).expect("listed").expect("valid").name, name);
        }
        assert!(load("usa.toml").is_none());
        assert!(load("mars").is_none());
    }
}
