//! The official maps of `maps/`, built into the binary, so a board can be compared with
//! them wherever `ttr` runs.

use std::path::Path;

use ttr::Map;

/// The official map files, by file name.
const FILES: [(&str, &str); 4] = [
    ("usa.toml", include_str!("../../../maps/usa.toml")),
    ("nordic.toml", include_str!("../../../maps/nordic.toml")),
    ("legendary_asia.toml", include_str!("../../../maps/legendary_asia.toml")),
    ("south_korea.toml", include_str!("../../../maps/south_korea.toml")),
];

/// Every official map, in a fixed order (USA, Nordic, Legendary Asia, South Korea).
///
/// # Panics
/// Never for a built binary: the files are checked by the tests that build them.
#[must_use]
pub fn maps() -> Vec<Map> {
    FILES.iter().map(|(name, text)| Map::from_toml(text, Path::new(name)).expect("official maps are valid")).collect()
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
}
