//! Maps: a plain spec read from TOML, then a validated, immutable [`Map`] with precomputed masks.

pub mod spec;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::bitset::{CitySet, RouteSet, TicketSet};
use crate::card::Card;
use crate::ids::{CityId, RouteId, TicketId, MAX_SEATS};
use crate::rule_set::Rules;
pub use spec::{CityData, MapData, MapSpec, RouteData, TicketData, TicketKind};
use toml::Spanned;

/// Longest route length any map may have.
pub const MAX_ROUTE_LENGTH: usize = 15;
/// Most tickets one offer may hold.
pub const MAX_OFFER: usize = 6;

/// A city on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct City {
    /// Name as printed on the board.
    pub name: String,
    /// Horizontal position, 0 = left edge, 1 = right edge.
    pub x: f64,
    /// Vertical position, 0 = top, 1 = bottom.
    pub y: f64,
}

/// A route between two cities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// One end.
    pub a: CityId,
    /// The other end.
    pub b: CityId,
    /// Number of spaces (trains placed on the board).
    pub length: u8,
    /// The colour it needs; `None` for gray (any one colour).
    pub color: Option<Card>,
    /// Locomotives it requires (ferry symbols).
    pub ferry_locos: u8,
    /// Whether it is a tunnel.
    pub tunnel: bool,
    /// Mountain symbols: extra trains paid from the supply, points each.
    pub mountains: u8,
    /// The other track of a double route.
    pub twin: Option<RouteId>,
    /// If non-zero, any this many cards may stand in for one card of the colour.
    pub any_cards: u8,
}

impl Route {
    /// Trains a claim takes from the supply: the length plus the mountain symbols.
    #[must_use]
    pub fn trains_needed(&self) -> u8 {
        self.length + self.mountains
    }

    /// Whether paying for it needs more than "length cards of one colour, locomotives wild".
    #[must_use]
    pub fn is_special(&self) -> bool {
        self.ferry_locos > 0 || self.tunnel || self.any_cards > 0
    }

    /// The city at the other end from `city`, which must be an end of the route. Computed
    /// without a branch (`a ^ b ^ city`): which end a search arrives from is unpredictable.
    #[must_use]
    pub fn other_end(&self, city: CityId) -> CityId {
        debug_assert!(city == self.a || city == self.b, "{city:?} is not an end of the route");
        CityId(self.a.0 ^ self.b.0 ^ city.0)
    }
}

/// Plain routes sharing a colour slot and a length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainClass {
    /// Colour slot: 0..8 index [`Card::COLORS`], 8 is gray.
    pub slot: u8,
    /// Route length.
    pub length: u8,
    /// The routes.
    pub routes: RouteSet,
}

impl PlainClass {
    /// The route colour of this class (`None`: gray).
    #[must_use]
    pub fn color(&self) -> Option<Card> {
        (self.slot < 8).then(|| Card::COLORS[usize::from(self.slot)])
    }
}

/// A destination ticket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// First city.
    pub a: CityId,
    /// Second city.
    pub b: CityId,
    /// Points gained when completed, lost when not.
    pub points: u8,
    /// Normal or long.
    pub kind: TicketKind,
}

/// A validated map: board, tickets and rule set, with masks precomputed for the engine.
/// Built once, immutable, shared by reference across threads.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// Short machine name, e.g. `usa`.
    pub name: String,
    /// Human title.
    pub title: String,
    /// Set when tickets or board data are not from the printed game.
    pub provisional: bool,
    /// The rule set.
    pub rules: Rules,
    cities: Vec<City>,
    routes: Vec<Route>,
    tickets: Vec<Ticket>,
    route_points: [u8; MAX_ROUTE_LENGTH + 1],
    city_routes: Vec<RouteSet>,
    all_routes: RouteSet,
    special_routes: RouteSet,
    tunnels: RouteSet,
    /// Non-empty classes of plain routes: (colour slot, 8 = gray; length; routes).
    plain_classes: Vec<PlainClass>,
    /// Per colour slot (0..8) and length `n`: the plain classes of that slot or gray no
    /// longer than `n` (bit `i`: `plain_classes[i]`; a map has at most 128 routes, so at
    /// most 128 classes).
    plain_within: [[u128; MAX_ROUTE_LENGTH + 1]; 8],
    /// Per route: the index of its plain class, `u8::MAX` for a special route.
    plain_class_of: Vec<u8>,
    /// Routes needing more than `t` trains, indexed by `t`.
    needs_more_than: Vec<RouteSet>,
    normal_tickets: TicketSet,
    long_tickets: TicketSet,
}

impl Map {
    /// Reads and validates a map file.
    pub fn load(path: &Path) -> Result<Map, MapError> {
        Map::load_for(path, Purpose::Play)
    }

    /// Reads and validates a board that may not have enough tickets to play yet (for
    /// designing tickets); every other check applies.
    pub fn load_board(path: &Path) -> Result<Map, MapError> {
        Map::load_for(path, Purpose::Design)
    }

    fn load_for(path: &Path, purpose: Purpose) -> Result<Map, MapError> {
        let refuse = |line, message| MapError { file: path.to_path_buf(), problems: vec![Problem { line, message }] };
        let bytes = std::fs::read(path).map_err(|e| refuse(None, format!("cannot read the file: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            refuse(Some(line), format!("not UTF-8 text: byte 0x{:02x} at byte offset {at}", e.as_bytes()[at]))
        })?;
        Map::from_toml_for(&text, path, purpose)
    }

    /// Parses and validates map text; `file` names it in errors.
    pub fn from_toml(text: &str, file: &Path) -> Result<Map, MapError> {
        Map::from_toml_for(text, file, Purpose::Play)
    }

    fn from_toml_for(text: &str, file: &Path, purpose: Purpose) -> Result<Map, MapError> {
        let spec: MapSpec = toml::from_str(text).map_err(|e| {
            let at = e.span().map(|s| s.start);
            // The parser gives no message for some characters (a control character in a
            // comment): name the character.
            let message = match (e.message().trim(), at.and_then(|i| text.get(i..)?.chars().next())) {
                ("", Some(c)) => format!("unexpected character {c:?}"),
                ("", None) => "invalid TOML".to_string(),
                (m, _) => m.to_string(),
            };
            MapError {
                file: file.to_path_buf(),
                problems: vec![Problem { line: at.map(|i| line_of(text, i)), message }],
            }
        })?;
        Map::from_spec_for(spec, text, purpose).map_err(|problems| MapError { file: file.to_path_buf(), problems })
    }

    /// Validates a spec; `text` is the file it came from, for line numbers.
    /// Returns every problem found, not only the first.
    pub fn from_spec(spec: MapSpec, text: &str) -> Result<Map, Vec<Problem>> {
        Map::from_spec_for(spec, text, Purpose::Play)
    }

    /// Validates a map given as plain data, with the checks of [`Map::from_toml`]: the map
    /// is built exactly when a map file with the same contents would load. Returns every
    /// problem found (without line numbers), not only the first.
    pub fn from_data(data: MapData) -> Result<Map, Vec<Problem>> {
        Map::validate(data, &Lines::default(), Purpose::Play)
    }

    /// The map as plain data: [`Map::from_data`] of it builds an equal map. Double routes
    /// are numbered by the index of their first track.
    #[must_use]
    pub fn to_data(&self) -> MapData {
        let name = |id: CityId| self.city_name(id).to_string();
        let routes = self
            .routes
            .iter()
            .enumerate()
            .map(|(i, r)| RouteData {
                a: name(r.a),
                b: name(r.b),
                length: r.length,
                color: r.color.map_or("gray", Card::name).to_string(),
                ferry_locos: r.ferry_locos,
                tunnel: r.tunnel,
                mountains: r.mountains,
                double: r.twin.map(|t| t.index().min(i) as u32),
                any_cards: r.any_cards,
            })
            .collect();
        let tickets = self
            .tickets
            .iter()
            .map(|t| TicketData { a: name(t.a), b: name(t.b), points: t.points, kind: t.kind })
            .collect();
        MapData {
            name: self.name.clone(),
            title: self.title.clone(),
            provisional: self.provisional,
            rules: self.rules.clone(),
            cities: self.cities.iter().map(|c| CityData { name: c.name.clone(), x: c.x, y: c.y }).collect(),
            routes,
            tickets,
        }
    }

    fn from_spec_for(spec: MapSpec, text: &str, purpose: Purpose) -> Result<Map, Vec<Problem>> {
        let at = |offset: usize| Some(line_of(text, offset));
        let lines = Lines {
            rules: at(spec.rules.span().start),
            cities: spec.cities.iter().map(|c| at(c.span().start)).collect(),
            routes: spec.routes.iter().map(|r| at(r.span().start)).collect(),
            tickets: spec.tickets.iter().map(|t| at(t.span().start)).collect(),
        };
        let data = MapData {
            name: spec.name,
            title: spec.title,
            provisional: spec.provisional,
            rules: spec.rules.into_inner(),
            cities: spec.cities.into_iter().map(Spanned::into_inner).collect(),
            routes: spec.routes.into_iter().map(Spanned::into_inner).collect(),
            tickets: spec.tickets.into_iter().map(Spanned::into_inner).collect(),
        };
        Map::validate(data, &lines, purpose)
    }

    fn validate(data: MapData, lines: &Lines, purpose: Purpose) -> Result<Map, Vec<Problem>> {
        let mut v = Validator { problems: Vec::new() };
        let rules_line = lines.rules;
        let rules = data.rules;
        let route_points = v.rules(&rules, rules_line);

        let mut city_index: HashMap<&str, CityId> = HashMap::new();
        if data.cities.len() > CitySet::CAPACITY {
            v.problem(
                None,
                format!("{} cities, more than the {} a city set holds", data.cities.len(), CitySet::CAPACITY),
            );
        }
        for (i, c) in data.cities.iter().enumerate() {
            if city_index.insert(c.name.as_str(), CityId(i as u8)).is_some() {
                v.problem(lines.city(i), format!("duplicate city {:?}", c.name));
            }
        }
        let cities: Vec<City> = data.cities.iter().map(|c| City { name: c.name.clone(), x: c.x, y: c.y }).collect();

        if data.routes.len() > RouteSet::CAPACITY {
            v.problem(
                None,
                format!("{} routes, more than the {} a route set holds", data.routes.len(), RouteSet::CAPACITY),
            );
        }
        let mut routes = Vec::with_capacity(data.routes.len());
        let mut doubles: HashMap<u32, Vec<usize>> = HashMap::new();
        for (i, s) in data.routes.iter().enumerate() {
            let line = lines.route(i);
            let a = v.city(&city_index, &s.a, line, "route");
            let b = v.city(&city_index, &s.b, line, "route");
            if s.a == s.b {
                v.problem(line, format!("route joins {:?} to itself", s.a));
            }
            let color = match s.color.as_str() {
                "gray" => None,
                name => match Card::from_name(name).filter(|c| !c.is_loco()) {
                    Some(c) => Some(c),
                    None => {
                        v.problem(line, format!("unknown route colour {name:?} (a card colour or gray)"));
                        None
                    }
                },
            };
            if s.length == 0 || usize::from(s.length) > MAX_ROUTE_LENGTH {
                v.problem(line, format!("route length {} is outside 1..={MAX_ROUTE_LENGTH}", s.length));
            } else if route_points[usize::from(s.length)] == 0 {
                v.problem(line, format!("route length {} is missing from rules.route_points", s.length));
            }
            if s.ferry_locos > s.length {
                v.problem(line, format!("{} ferry locomotives on a route of length {}", s.ferry_locos, s.length));
            }
            if let Some(id) = s.double {
                doubles.entry(id).or_default().push(i);
            }
            routes.push(Route {
                a: a.unwrap_or(CityId(0)),
                b: b.unwrap_or(CityId(0)),
                length: s.length,
                color,
                ferry_locos: s.ferry_locos,
                tunnel: s.tunnel,
                mountains: s.mountains,
                twin: None,
                any_cards: s.any_cards,
            });
        }
        let mut double_ids: Vec<_> = doubles.into_iter().collect();
        double_ids.sort();
        for (id, members) in double_ids {
            let line = lines.route(members[0]);
            if members.len() != 2 {
                v.problem(line, format!("double route {id} has {} tracks, expected 2", members.len()));
                continue;
            }
            let (x, y) = (routes[members[0]], routes[members[1]]);
            let same = (x.a == y.a && x.b == y.b) || (x.a == y.b && x.b == y.a);
            if !same {
                let see = line.map_or(String::new(), |l| format!(" (see line {l})"));
                v.problem(
                    lines.route(members[1]),
                    format!("double route {id}: its twins do not join the same cities{see}"),
                );
            }
            routes[members[0]].twin = Some(RouteId(members[1] as u8));
            routes[members[1]].twin = Some(RouteId(members[0] as u8));
        }

        if data.tickets.len() > TicketSet::CAPACITY {
            v.problem(
                None,
                format!("{} tickets, more than the {} a ticket set holds", data.tickets.len(), TicketSet::CAPACITY),
            );
        }
        let components = components(cities.len(), &routes);
        let mut tickets = Vec::with_capacity(data.tickets.len());
        for (i, s) in data.tickets.iter().enumerate() {
            let line = lines.ticket(i);
            let a = v.city(&city_index, &s.a, line, "ticket");
            let b = v.city(&city_index, &s.b, line, "ticket");
            if s.points == 0 {
                v.problem(line, "ticket worth 0 points".to_string());
            }
            if let (Some(a), Some(b)) = (a, b) {
                if a == b {
                    v.problem(line, format!("ticket joins {:?} to itself", s.a));
                } else if components[a.index()] != components[b.index()] {
                    v.problem(line, format!("ticket cities {:?} and {:?} are not connected by any routes", s.a, s.b));
                }
            }
            tickets.push(Ticket {
                a: a.unwrap_or(CityId(0)),
                b: b.unwrap_or(CityId(0)),
                points: s.points,
                kind: s.kind,
            });
        }
        let count = |kind| tickets.iter().filter(|t| t.kind == kind).count();
        let max_players = usize::from(rules.players[1]);
        let short_allowed = purpose == Purpose::Design;
        let long_needed = usize::from(rules.setup_tickets.long) * max_players;
        if count(TicketKind::Long) < long_needed && !short_allowed {
            v.problem(
                rules_line,
                format!(
                "rules.setup_tickets deals {} long tickets to each of up to {max_players} players, but the map has {}",
                rules.setup_tickets.long, count(TicketKind::Long)),
            );
        }
        let normal_needed = usize::from(rules.setup_tickets.deal) * max_players;
        if count(TicketKind::Normal) < normal_needed && !short_allowed {
            v.problem(rules_line, format!(
                "rules.setup_tickets deals {} tickets to each of up to {max_players} players, but the map has {} normal tickets",
                rules.setup_tickets.deal, count(TicketKind::Normal)));
        }

        if !v.problems.is_empty() {
            // File order; problems without a line (whole-file limits) last.
            v.problems.sort_by_key(|p| p.line.unwrap_or(usize::MAX));
            return Err(v.problems);
        }
        Ok(Map::precompute(data.name, data.title, data.provisional, rules, route_points, cities, routes, tickets))
    }

    #[allow(clippy::too_many_arguments)]
    fn precompute(
        name: String,
        title: String,
        provisional: bool,
        rules: Rules,
        route_points: [u8; MAX_ROUTE_LENGTH + 1],
        cities: Vec<City>,
        routes: Vec<Route>,
        tickets: Vec<Ticket>,
    ) -> Map {
        let mut city_routes = vec![RouteSet::EMPTY; cities.len()];
        let mut special_routes = RouteSet::EMPTY;
        let mut tunnels = RouteSet::EMPTY;
        let mut plain_classes: Vec<PlainClass> = Vec::new();
        let max_trains = usize::from(rules.trains);
        let mut needs_more_than = vec![RouteSet::EMPTY; max_trains + 1];
        for (i, r) in routes.iter().enumerate() {
            let id = RouteId(i as u8);
            city_routes[r.a.index()].insert(id);
            city_routes[r.b.index()].insert(id);
            if r.tunnel {
                tunnels.insert(id);
            }
            if r.is_special() {
                special_routes.insert(id);
            } else {
                let slot = r.color.map_or(8, Card::index) as u8;
                match plain_classes.iter_mut().find(|c| c.slot == slot && c.length == r.length) {
                    Some(class) => class.routes.insert(id),
                    None => plain_classes.push(PlainClass { slot, length: r.length, routes: RouteSet::single(id) }),
                }
            }
            for (t, set) in needs_more_than.iter_mut().enumerate() {
                if usize::from(r.trains_needed()) > t {
                    set.insert(id);
                }
            }
        }
        let select =
            |kind| tickets.iter().enumerate().filter(|(_, t)| t.kind == kind).map(|(i, _)| TicketId(i as u8)).collect();
        let mut plain_within = [[0u128; MAX_ROUTE_LENGTH + 1]; 8];
        let mut plain_class_of = vec![u8::MAX; routes.len()];
        for (i, class) in plain_classes.iter().enumerate() {
            for r in class.routes.iter() {
                plain_class_of[r.index()] = i as u8;
            }
            for (slot, within) in plain_within.iter_mut().enumerate() {
                if class.slot == 8 || usize::from(class.slot) == slot {
                    for set in &mut within[usize::from(class.length)..] {
                        *set |= 1 << i;
                    }
                }
            }
        }
        Map {
            normal_tickets: select(TicketKind::Normal),
            long_tickets: select(TicketKind::Long),
            all_routes: RouteSet::first(routes.len()),
            name,
            title,
            provisional,
            rules,
            cities,
            routes,
            tickets,
            route_points,
            city_routes,
            special_routes,
            tunnels,
            plain_classes,
            plain_within,
            plain_class_of,
            needs_more_than,
        }
    }

    /// The cities, indexed by [`CityId`].
    #[must_use]
    pub fn cities(&self) -> &[City] {
        &self.cities
    }

    /// The routes, indexed by [`RouteId`].
    #[must_use]
    pub fn routes(&self) -> &[Route] {
        &self.routes
    }

    /// The tickets, indexed by [`TicketId`].
    #[must_use]
    pub fn tickets(&self) -> &[Ticket] {
        &self.tickets
    }

    /// One route.
    #[must_use]
    pub fn route(&self, id: RouteId) -> &Route {
        &self.routes[id.index()]
    }

    /// One ticket.
    #[must_use]
    pub fn ticket(&self, id: TicketId) -> &Ticket {
        &self.tickets[id.index()]
    }

    /// One city's name.
    #[must_use]
    pub fn city_name(&self, id: CityId) -> &str {
        &self.cities[id.index()].name
    }

    /// Points a route of this length scores when claimed (mountain points not included).
    #[must_use]
    pub fn route_points(&self, length: u8) -> u8 {
        self.route_points[usize::from(length)]
    }

    /// Points claiming a route scores at once: the score of its length plus the rule set's
    /// mountain points for each of its mountain symbols.
    #[must_use]
    pub fn route_score(&self, id: RouteId) -> u16 {
        let route = self.route(id);
        u16::from(self.route_points(route.length)) + u16::from(route.mountains) * u16::from(self.rules.mountain_points)
    }

    /// All routes that touch a city.
    #[must_use]
    pub fn routes_at(&self, city: CityId) -> RouteSet {
        self.city_routes[city.index()]
    }

    /// Every route of the map.
    #[must_use]
    pub fn all_routes(&self) -> RouteSet {
        self.all_routes
    }

    /// The plain classes of colour slot `slot` (below 8) or gray no longer than `length`
    /// (at most [`MAX_ROUTE_LENGTH`]), as a mask over [`Map::plain_classes`] (bit `i`:
    /// class `i`): those that `length` cards of that colour pay for.
    #[must_use]
    pub(crate) fn plain_classes_within(&self, slot: usize, length: u8) -> u128 {
        self.plain_within[slot][usize::from(length)]
    }

    /// The index in [`Map::plain_classes`] of `route`'s class; `None` for a special route.
    #[must_use]
    pub(crate) fn plain_class_of(&self, route: RouteId) -> Option<usize> {
        let class = self.plain_class_of[route.index()];
        (class != u8::MAX).then_some(usize::from(class))
    }

    /// The tunnels.
    #[must_use]
    pub fn tunnels(&self) -> RouteSet {
        self.tunnels
    }

    /// Routes with ferry symbols, tunnels or card substitutes: paid for one by one.
    #[must_use]
    pub fn special_routes(&self) -> RouteSet {
        self.special_routes
    }

    /// The non-empty classes of plain routes (no ferry, tunnel or substitutes), in a fixed
    /// order: every route of a class is paid for the same ways.
    #[must_use]
    pub fn plain_classes(&self) -> &[PlainClass] {
        &self.plain_classes
    }

    /// Routes that need more than `trains` trains to claim.
    #[must_use]
    pub fn routes_needing_more_than(&self, trains: u8) -> RouteSet {
        self.needs_more_than[usize::from(trains).min(self.needs_more_than.len() - 1)]
    }

    /// The normal tickets (the draw deck).
    #[must_use]
    pub fn normal_tickets(&self) -> TicketSet {
        self.normal_tickets
    }

    /// The long tickets (dealt at setup only).
    #[must_use]
    pub fn long_tickets(&self) -> TicketSet {
        self.long_tickets
    }

    /// Number of double routes (pairs of twins).
    #[must_use]
    pub fn double_count(&self) -> usize {
        self.routes.iter().filter(|r| r.twin.is_some()).count() / 2
    }

    /// A one-line summary: cities, routes, total length, tickets, doubles.
    #[must_use]
    pub fn summary(&self) -> String {
        let total: u32 = self.routes.iter().map(|r| u32::from(r.length)).sum();
        format!(
            "{}: {} cities, {} routes (total length {}), {} tickets, {} double routes{}",
            self.name,
            self.cities.len(),
            self.routes.len(),
            total,
            self.tickets.len(),
            self.double_count(),
            if self.provisional { " [provisional data]" } else { "" }
        )
    }
}

/// What a map is loaded for: playing needs enough tickets for every seat's setup deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Play,
    Design,
}

/// Every problem found in one map file.
#[derive(Debug, Clone, PartialEq)]
pub struct MapError {
    /// The file.
    pub file: PathBuf,
    /// The problems, in file order where lines are known.
    pub problems: Vec<Problem>,
}

/// One problem in a map file.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// 1-based line, when it can be told.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.display();
        if let [p] = self.problems.as_slice() {
            return match p.line {
                Some(l) => write!(f, "{file}:{l}: {}", p.message),
                None => write!(f, "{file}: {}", p.message),
            };
        }
        write!(f, "{file}: {} problems", self.problems.len())?;
        for p in &self.problems {
            match p.line {
                Some(l) => write!(f, "\n  {file}:{l}: {}", p.message)?,
                None => write!(f, "\n  {file}: {}", p.message)?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for MapError {}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// Connected-component label of every city over all routes.
fn components(cities: usize, routes: &[Route]) -> Vec<usize> {
    let mut label: Vec<usize> = (0..cities).collect();
    fn find(label: &mut [usize], mut x: usize) -> usize {
        while label[x] != x {
            label[x] = label[label[x]];
            x = label[x];
        }
        x
    }
    for r in routes {
        let (a, b) = (find(&mut label, r.a.index()), find(&mut label, r.b.index()));
        label[a] = b;
    }
    (0..cities).map(|c| find(&mut label, c)).collect()
}

/// The 1-based file lines of a map's items, where known.
#[derive(Default)]
struct Lines {
    rules: Option<usize>,
    cities: Vec<Option<usize>>,
    routes: Vec<Option<usize>>,
    tickets: Vec<Option<usize>>,
}

impl Lines {
    fn city(&self, i: usize) -> Option<usize> {
        self.cities.get(i).copied().flatten()
    }

    fn route(&self, i: usize) -> Option<usize> {
        self.routes.get(i).copied().flatten()
    }

    fn ticket(&self, i: usize) -> Option<usize> {
        self.tickets.get(i).copied().flatten()
    }
}

struct Validator {
    problems: Vec<Problem>,
}

impl Validator {
    fn problem(&mut self, line: Option<usize>, message: String) {
        self.problems.push(Problem { line, message });
    }

    fn city(&mut self, index: &HashMap<&str, CityId>, name: &str, line: Option<usize>, what: &str) -> Option<CityId> {
        let id = index.get(name).copied();
        if id.is_none() {
            self.problem(line, format!("{what} names unknown city {name:?}"));
        }
        id
    }

    /// Checks the rule set; returns the route scoring table by length.
    fn rules(&mut self, r: &Rules, line: Option<usize>) -> [u8; MAX_ROUTE_LENGTH + 1] {
        let l = line;
        let [lo, hi] = r.players;
        if lo < 2 || lo > hi || usize::from(hi) > MAX_SEATS {
            self.problem(l, format!("rules.players [{lo}, {hi}] must satisfy 2 <= min <= max <= {MAX_SEATS}"));
        }
        if r.trains == 0 || r.trains > 60 {
            self.problem(l, format!("rules.trains {} is outside 1..=60", r.trains));
        }
        if r.turn_cap == 0 {
            self.problem(l, "rules.turn_cap must be at least 1".to_string());
        }
        let mut points = [0u8; MAX_ROUTE_LENGTH + 1];
        for &[len, pts] in &r.route_points {
            if len == 0 || usize::from(len) > MAX_ROUTE_LENGTH {
                self.problem(l, format!("rules.route_points: length {len} is outside 1..={MAX_ROUTE_LENGTH}"));
            } else if points[usize::from(len)] != 0 {
                self.problem(l, format!("rules.route_points: length {len} listed twice"));
            } else {
                points[usize::from(len)] = pts;
            }
        }
        let deck = r.deck.counts().total();
        let dealt = u32::from(r.starting_hand) * u32::from(hi) + 5;
        if deck < dealt {
            self.problem(l, format!("rules.deck has {deck} cards, fewer than the {dealt} dealt at setup"));
        }
        for (name, deal) in [("setup_tickets", r.setup_tickets), ("draw_tickets", r.draw_tickets)] {
            if usize::from(deal.offered()) > MAX_OFFER || deal.offered() == 0 {
                self.problem(l, format!("rules.{name} offers {} tickets; 1..={MAX_OFFER} allowed", deal.offered()));
            }
            if deal.keep > deal.offered() {
                self.problem(l, format!("rules.{name}: keep {} exceeds the {} offered", deal.keep, deal.offered()));
            }
        }
        if r.setup_tickets.draft && r.setup_tickets.keep > r.setup_tickets.deal {
            self.problem(l, "rules.setup_tickets: a draft keeps at most the tickets dealt".to_string());
        }
        if r.draw_tickets.draft {
            self.problem(l, "rules.draw_tickets: only the setup deal can be a draft".to_string());
        }
        if r.express.len() > 8 || r.express.contains(&0) {
            self.problem(l, "rules.express: at most 8 cards, each worth at least 1".to_string());
        }
        if let Some(board) = &r.provinces {
            for (line, values) in board {
                let ascending = values.windows(2).all(|w| w[0] < w[1]);
                if line.is_loco() || values.is_empty() || values.len() > 16 || values[0] == 0 || !ascending {
                    self.problem(
                        l,
                        format!("rules.provinces.{line}: 1 to 16 spaces, values ascending from at least 1"),
                    );
                }
            }
            if r.province_awards.len() + 1 < usize::from(hi) {
                self.problem(l, format!("rules.province_awards: need a list for each player count from 2 to {hi}"));
            }
        }
        if r.draw_tickets.long != 0 {
            self.problem(l, "rules.draw_tickets: long tickets are dealt at setup only".to_string());
        }
        points
    }
}
