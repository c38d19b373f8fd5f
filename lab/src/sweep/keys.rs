//! The keys of `ttr sweep --vary KEY=V1,V2,...`: what a key addresses in a map, and how a
//! value is written into the map's plain data.
//!
//! - `rules.FIELD[.FIELD|.INDEX...]`: any field of the `[rules]` table, by its name in a
//!   map file (`rules.trains`, `rules.deck.locos`, `rules.setup_tickets.keep`,
//!   `rules.players.1`); a list is indexed from 0. `rules.route_points.L` is the points of
//!   a route of length `L`.
//! - `route.A-B.length`: the length of the route (both tracks of a double) joining cities
//!   `A` and `B`, in either order.
//! - `ticket.A-B.points`: the points of the ticket(s) joining `A` and `B`.

use serde_json::Value;
use ttr::MapData;

/// What a key addresses.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    /// A path into the `[rules]` table.
    Rules(Vec<String>),
    /// The length of the routes joining two cities.
    RouteLength(String, String),
    /// The points of the tickets joining two cities.
    TicketPoints(String, String),
}

/// One `--vary` argument: a key and its values, checked against the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vary {
    /// The key as given.
    pub key: String,
    /// The values, in the order given.
    pub values: Vec<String>,
    target: Target,
}

impl Vary {
    /// Parses `KEY=V1,V2,...` against the map `data`: the key must address something the
    /// map has (a `[rules]` field, or cities that a route or ticket joins); the values must be
    /// distinct and non-empty. Whether each value fits is checked by [`Vary::apply`].
    pub fn parse(text: &str, data: &MapData) -> Result<Vary, String> {
        let fail = |why: String| format!("--vary {text}: {why}");
        let (key, values) =
            text.split_once('=').ok_or_else(|| fail("expected KEY=V1,V2,... (e.g. rules.trains=35,40,45)".into()))?;
        let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
        if let Some(v) = values.iter().find(|v| v.is_empty()) {
            return Err(fail(format!("an empty value in {v:?}")));
        }
        if let Some((_, v)) = values.iter().enumerate().find(|(i, v)| values[..*i].contains(v)) {
            return Err(fail(format!("value {v} is given twice")));
        }
        let target = target(key, data).map_err(fail)?;
        let vary = Vary { key: key.to_string(), values, target };
        Ok(vary)
    }

    /// Writes `value` at the key's place in `data`; the error names the key, the value and
    /// the problem (an unknown field, or a value of the wrong type).
    pub fn apply(&self, data: &mut MapData, value: &str) -> Result<(), String> {
        let fail = |why: String| format!("--vary {}={value}: {why}", self.key);
        let whole =
            |what: &str| value.parse::<u8>().map_err(|_| fail(format!("{what} must be a whole number from 0 to 255")));
        match &self.target {
            Target::Rules(path) => {
                let mut rules = serde_json::to_value(&data.rules).map_err(|e| fail(e.to_string()))?;
                *place(&mut rules, path).map_err(fail)? = parse_value(value);
                data.rules = serde_json::from_value(rules).map_err(|e| fail(e.to_string()))?;
            }
            Target::RouteLength(a, b) => {
                let length = whole("a route length")?;
                data.routes.iter_mut().filter(|r| joins(&r.a, &r.b, a, b)).for_each(|r| r.length = length);
            }
            Target::TicketPoints(a, b) => {
                let points = whole("ticket points")?;
                data.tickets.iter_mut().filter(|t| joins(&t.a, &t.b, a, b)).for_each(|t| t.points = points);
            }
        }
        Ok(())
    }
}

/// Whether the route or ticket from `x` to `y` joins `a` and `b`.
fn joins(x: &str, y: &str, a: &str, b: &str) -> bool {
    (x == a && y == b) || (x == b && y == a)
}

/// What `key` addresses in `data`.
fn target(key: &str, data: &MapData) -> Result<Target, String> {
    let ends = |rest: &str, suffix: &str, kind: &str| -> Result<(String, String), String> {
        let cities = rest.strip_suffix(suffix).ok_or_else(|| format!("a {kind} key ends in `{suffix}`"))?;
        city_pair(cities, data)
    };
    if let Some(rest) = key.strip_prefix("rules.") {
        let path: Vec<String> = rest.split('.').map(str::to_string).collect();
        let mut rules = serde_json::to_value(&data.rules).map_err(|e| e.to_string())?;
        place(&mut rules, &path)?;
        Ok(Target::Rules(path))
    } else if let Some(rest) = key.strip_prefix("route.") {
        let (a, b) = ends(rest, ".length", "route")?;
        if !data.routes.iter().any(|r| joins(&r.a, &r.b, &a, &b)) {
            return Err(format!("no route joins {a} and {b}"));
        }
        Ok(Target::RouteLength(a, b))
    } else if let Some(rest) = key.strip_prefix("ticket.") {
        let (a, b) = ends(rest, ".points", "ticket")?;
        if !data.tickets.iter().any(|t| joins(&t.a, &t.b, &a, &b)) {
            return Err(format!("no ticket joins {a} and {b}"));
        }
        Ok(Target::TicketPoints(a, b))
    } else {
        Err(format!(
            "unknown key `{key}`: keys are rules.FIELD (e.g. rules.trains, rules.route_points.6), \
             route.A-B.length or ticket.A-B.points"
        ))
    }
}

/// Two city names of the map written `A-B` (a name may hold `-` itself).
fn city_pair(text: &str, data: &MapData) -> Result<(String, String), String> {
    let known = |name: &str| data.cities.iter().any(|c| c.name == name);
    text.match_indices('-')
        .map(|(i, _)| (&text[..i], &text[i + 1..]))
        .find(|(a, b)| known(a) && known(b))
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .ok_or_else(|| format!("`{text}` is not two cities of {} joined by `-` (e.g. Seattle-Portland)", data.name))
}

/// The place `path` addresses in the `[rules]` table as JSON. An object's field by name, a
/// list's item by index; in `route_points`, the points of a length.
fn place<'v>(rules: &'v mut Value, path: &[String]) -> Result<&'v mut Value, String> {
    let mut at = rules;
    let mut walked = String::from("rules");
    for (i, step) in path.iter().enumerate() {
        if walked == "rules.route_points" {
            let lengths: Vec<String> = at.as_array().into_iter().flatten().map(|p| p[0].to_string()).collect();
            let length = step.parse::<u64>().ok();
            let pair =
                at.as_array_mut().into_iter().flatten().find(|p| p[0].as_u64().is_some() && p[0].as_u64() == length);
            let Some(pair) = pair else {
                return Err(format!("rules.route_points has no length {step} (lengths {})", lengths.join(", ")));
            };
            at = &mut pair[1];
        } else {
            at = match at {
                Value::Object(fields) => {
                    let names: Vec<String> = fields.keys().cloned().collect();
                    fields
                        .get_mut(step)
                        .ok_or_else(|| format!("{walked} has no field `{step}` (fields: {})", names.join(", ")))?
                }
                Value::Array(items) => {
                    let n = items.len();
                    step.parse::<usize>().ok().and_then(|k| items.get_mut(k)).ok_or_else(|| {
                        format!("{walked} is a list of {n}: `{step}` is not an index from 0 to {}", n.max(1) - 1)
                    })?
                }
                _ => return Err(format!("{walked} is a single value: `{}` goes too deep", path[i..].join("."))),
            };
        }
        walked = format!("{walked}.{step}");
    }
    Ok(at)
}

/// A value as written on the command line: a number, `true`, `false` or JSON if it reads
/// as such, else a string (`rules.locos=wild`).
fn parse_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usa() -> MapData {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/usa.toml");
        ttr::Map::load(&path).expect("usa loads").to_data()
    }

    fn set(key_values: &str, value: &str) -> Result<MapData, String> {
        let mut data = usa();
        let vary = Vary::parse(key_values, &data)?;
        vary.apply(&mut data, value)?;
        Ok(data)
    }

    #[test]
    fn every_kind_of_key_changes_what_it_names_and_nothing_else() {
        let base = usa();
        let d = set("rules.trains=35,40", "35").unwrap();
        assert_eq!(d.rules.trains, 35);
        assert_eq!(MapData { rules: base.rules.clone(), ..d.clone() }, base);
        let d = set("rules.route_points.6=12", "12").unwrap();
        assert!(d.rules.route_points.contains(&[6, 12]) && !d.rules.route_points.contains(&[6, 15]));
        assert_eq!(d.rules.route_points.len(), base.rules.route_points.len());
        assert_eq!(set("rules.deck.locos=10", "10").unwrap().rules.deck.locos, 10);
        assert_eq!(set("rules.players.1=4", "4").unwrap().rules.players, [2, 4]);
        assert!(!set("rules.loco_reset=false", "false").unwrap().rules.loco_reset);
        // A double route: both tracks; the key's cities in either order.
        let d = set("route.Portland-Seattle.length=3", "3").unwrap();
        let changed: Vec<usize> = (0..d.routes.len()).filter(|&i| d.routes[i] != base.routes[i]).collect();
        assert_eq!(changed.len(), 2);
        assert!(changed
            .iter()
            .all(|&i| d.routes[i].length == 3 && joins(&d.routes[i].a, &d.routes[i].b, "Seattle", "Portland")));
        // A city whose name holds spaces and a dot.
        let d = set("ticket.Sault St. Marie-Nashville.points=5", "5").unwrap();
        let changed: Vec<usize> = (0..d.tickets.len()).filter(|&i| d.tickets[i] != base.tickets[i]).collect();
        assert_eq!(changed.len(), 1);
        assert_eq!((d.tickets[changed[0]].b.as_str(), d.tickets[changed[0]].points), ("Nashville", 5));
    }

    #[test]
    fn bad_keys_and_values_are_named() {
        let err = |key: &str, value: &str| set(key, value).unwrap_err();
        assert!(err("rules.train=35", "35").contains("rules has no field `train`"));
        assert!(err("rules.route_points.9=3", "3").contains("no length 9"));
        assert!(err("rules.trains.x=3", "3").contains("goes too deep"));
        assert!(err("rules.trains=abc", "abc").contains("--vary rules.trains=abc: invalid type"));
        assert!(err("rules.trains=300", "300").contains("invalid value"));
        assert!(err("route.Seattle-Miami.length=3", "3").contains("no route joins Seattle and Miami"));
        assert!(err("route.Seattle-Gotham.length=3", "3").contains("not two cities of usa"));
        assert!(err("route.Seattle-Portland.points=3", "3").contains("ends in `.length`"));
        assert!(err("ticket.Boston-Miami.points=x", "x").contains("whole number"));
        assert!(err("board.size=3", "3").contains("unknown key"));
        assert!(err("rules.trains=35,35", "35").contains("given twice"));
        assert!(err("rules.trains", "35").contains("expected KEY=V1,V2"));
    }
}
