//! The plots of the report, drawn as inline SVG from plain data: horizontal bars of rates
//! (with intervals), a scatter plot, histograms, a curve with its interval band, and the map
//! of routes coloured by a rate.

use crate::svg::{coord, Element, Svg};

/// Width of the full-width plots, in pixels.
pub(crate) const WIDTH: f64 = 760.0;

/// Labels longer than this are shortened (the full text is in the tooltip).
const LABEL_CHARS: usize = 40;

/// Colours of the groups of a scatter plot.
const PALETTE: [&str; 6] = ["#1f77b4", "#e8710a", "#2ca02c", "#9467bd", "#8c564b", "#d62728"];

/// Stops of the colour scale of rates, from 0 (cool grey) to the highest (dark red).
const HEAT: [[f64; 3]; 5] =
    [[184.0, 196.0, 210.0], [253.0, 212.0, 158.0], [252.0, 141.0, 89.0], [215.0, 48.0, 31.0], [127.0, 0.0, 0.0]];

/// One bar of a [`bar_chart`]: a rate in 0..1, maybe with its interval.
pub(crate) struct Bar {
    /// Text left of the bar.
    pub(crate) label: String,
    /// The rate.
    pub(crate) value: f64,
    /// The interval of the rate, drawn as an error bar.
    pub(crate) interval: Option<(f64, f64)>,
    /// Fill colour of the bar.
    pub(crate) fill: String,
    /// Tooltip.
    pub(crate) detail: String,
}

/// One dot of a [`scatter`] plot.
pub(crate) struct Dot {
    /// Position on the horizontal axis.
    pub(crate) x: f64,
    /// A rate in 0..1, on the vertical axis.
    pub(crate) y: f64,
    /// The dot's area grows with this.
    pub(crate) size: f64,
    /// Index of the dot's colour group.
    pub(crate) group: usize,
    /// Tooltip.
    pub(crate) detail: String,
}

/// One point of a [`curve`]: a mean with its interval.
pub(super) struct Point {
    /// Position on the horizontal axis.
    pub(super) x: f64,
    /// The mean.
    pub(super) y: f64,
    /// The interval of the mean.
    pub(super) interval: (f64, f64),
    /// Tooltip.
    pub(super) detail: String,
}

/// A named point of the map, with coordinates in 0..1 from the top-left.
pub(crate) struct Place {
    /// The city's name.
    pub(crate) name: String,
    /// Horizontal position.
    pub(crate) x: f64,
    /// Vertical position (down).
    pub(crate) y: f64,
}

/// A line of the map between two [`Place`]s (indices), coloured by a rate.
pub(crate) struct Link {
    /// One end.
    pub(crate) a: usize,
    /// The other end.
    pub(crate) b: usize,
    /// The rate that sets the colour.
    pub(crate) rate: f64,
    /// Tooltip.
    pub(crate) detail: String,
}

/// A linear map from data values to pixels.
struct Scale {
    domain: (f64, f64),
    pixels: (f64, f64),
}

impl Scale {
    fn new(domain: (f64, f64), pixels: (f64, f64)) -> Scale {
        Scale { domain, pixels }
    }

    fn at(&self, value: f64) -> f64 {
        let ((d0, d1), (p0, p1)) = (self.domain, self.pixels);
        if d1 == d0 {
            p0
        } else {
            p0 + (value - d0) / (d1 - d0) * (p1 - p0)
        }
    }
}

/// A rate as a percentage with one decimal.
pub(crate) fn percent(rate: f64) -> String {
    format!("{:.1}%", rate * 100.0)
}

/// The colour of `t` in 0..1 on the rate scale.
pub(crate) fn heat(t: f64) -> String {
    let t = t.clamp(0.0, 1.0) * (HEAT.len() - 1) as f64;
    let i = (t.floor() as usize).min(HEAT.len() - 2);
    let f = t - i as f64;
    let channel = |k: usize| (HEAT[i][k] + (HEAT[i + 1][k] - HEAT[i][k]) * f).round() as u8;
    format!("#{:02x}{:02x}{:02x}", channel(0), channel(1), channel(2))
}

/// A round step (1, 2 or 5 times a power of ten) giving about five ticks over `span`.
fn tick_step(span: f64) -> f64 {
    if span <= 0.0 {
        return 1.0;
    }
    let raw = span / 5.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let factor = match raw / magnitude {
        m if m <= 1.0 => 1.0,
        m if m <= 2.0 => 2.0,
        m if m <= 5.0 => 5.0,
        _ => 10.0,
    };
    factor * magnitude
}

/// The multiples of a round step from `lo` to `hi`.
fn ticks(lo: f64, hi: f64) -> Vec<f64> {
    let step = tick_step(hi - lo);
    let first = (lo / step).ceil();
    (0..).map(|i| (first + f64::from(i)) * step).take_while(|t| *t <= hi + step * 1e-9).collect()
}

/// The end of an axis from 0 that holds `max`: the next multiple of a round step.
fn axis_end(max: f64) -> f64 {
    if max <= 0.0 {
        return 1.0;
    }
    let step = tick_step(max);
    (max / step - 1e-9).ceil() * step
}

/// A tick value without float noise (`0.30000000000000004` reads `0.3`).
fn tick_label(value: f64) -> String {
    format!("{}", (value * 1e6).round() / 1e6 + 0.0)
}

/// A rate tick as a whole percentage, or with one decimal for steps under 1%.
fn percent_tick(rate: f64, step: f64) -> String {
    if step < 0.01 {
        format!("{:.1}%", rate * 100.0)
    } else {
        format!("{:.0}%", rate * 100.0)
    }
}

/// `label` cut to [`LABEL_CHARS`] characters.
fn shorten(label: &str) -> String {
    if label.chars().count() <= LABEL_CHARS {
        label.to_string()
    } else {
        label.chars().take(LABEL_CHARS - 1).chain(['…']).collect()
    }
}

/// Room for the longest of `labels` (shortened), at about 7 pixels a character.
fn label_width<'a>(labels: impl Iterator<Item = &'a str>) -> f64 {
    let chars = labels.map(|l| l.chars().count().min(LABEL_CHARS)).max().unwrap_or(0);
    (chars as f64 * 6.8 + 16.0).max(60.0)
}

/// Horizontal bars of rates, one row each, `width` pixels wide, with whiskers for intervals
/// and, if given, a dashed reference line with its caption.
pub(crate) fn bar_chart(bars: &[Bar], reference: Option<(f64, &str)>, width: f64, label: &str) -> String {
    const ROW: f64 = 24.0;
    let left = label_width(bars.iter().map(|b| b.label.as_str()));
    let right = width - 64.0;
    let top = if reference.is_some() { 24.0 } else { 8.0 };
    let bottom = top + ROW * bars.len() as f64;
    let mut svg = Svg::new(width, bottom + 26.0);
    let max = bars
        .iter()
        .map(|b| b.interval.map_or(b.value, |(_, hi)| hi.max(b.value)))
        .chain(reference.map(|(v, _)| v))
        .fold(0.0, f64::max);
    let end = axis_end(max);
    let x = Scale::new((0.0, end), (left, right));
    let step = tick_step(end);
    for t in ticks(0.0, end) {
        svg.add(Element::line(x.at(t), top, x.at(t), bottom).attr("class", "grid"));
        let tick = Element::text_at(x.at(t), bottom + 16.0, &percent_tick(t, step));
        svg.add(tick.attr("class", "tick").attr("text-anchor", "middle"));
    }
    svg.add(Element::line(left, top, left, bottom).attr("class", "axis"));
    for (i, bar) in bars.iter().enumerate() {
        let y = top + ROW * i as f64;
        let mid = y + ROW / 2.0;
        let name = Element::text_at(left - 8.0, mid + 4.0, &shorten(&bar.label)).attr("text-anchor", "end");
        svg.add(name.title(&bar.label));
        let rect = Element::rect(left, y + 5.0, x.at(bar.value) - left, ROW - 10.0);
        svg.add(rect.attr("class", "bar").attr("fill", &bar.fill).title(&bar.detail));
        if let Some((lo, hi)) = bar.interval {
            let (l, h, a, b) = (coord(x.at(lo)), coord(x.at(hi)), coord(mid - 5.0), coord(mid + 5.0));
            let m = coord(mid);
            let path =
                Element::new("path").attr("class", "err").attr("d", format!("M{l} {m}H{h}M{l} {a}V{b}M{h} {a}V{b}"));
            svg.add(path.title(&bar.detail));
        }
        svg.add(Element::text_at(right + 8.0, mid + 4.0, &percent(bar.value)).attr("class", "value"));
    }
    if let Some((value, caption)) = reference {
        let rx = x.at(value);
        svg.add(Element::line(rx, top - 4.0, rx, bottom).attr("class", "ref"));
        svg.add(Element::text_at(rx, top - 8.0, caption).attr("class", "tick").attr("text-anchor", "middle"));
    }
    svg.finish(label)
}

/// Dots with a value on the horizontal axis and a rate on the vertical one, coloured by group
/// (`groups` names them, in a legend) and shifted sideways by group so groups stay visible.
pub(crate) fn scatter(dots: &[Dot], groups: &[String], x_title: &str, y_title: &str, label: &str) -> String {
    const SHIFT: f64 = 0.22;
    let (left, right, top, bottom) = (60.0, WIDTH - 16.0, 34.0, 384.0);
    let mut svg = Svg::new(WIDTH, bottom + 46.0);
    let x_end = axis_end(dots.iter().map(|d| d.x).fold(0.0, f64::max));
    let x = Scale::new((0.0, x_end + SHIFT * groups.len() as f64), (left, right));
    let y = Scale::new((0.0, 1.0), (bottom, top));
    for t in ticks(0.0, x_end) {
        svg.add(Element::line(x.at(t), top, x.at(t), bottom).attr("class", "grid"));
        svg.add(
            Element::text_at(x.at(t), bottom + 16.0, &tick_label(t))
                .attr("class", "tick")
                .attr("text-anchor", "middle"),
        );
    }
    for t in ticks(0.0, 1.0) {
        svg.add(Element::line(left, y.at(t), right, y.at(t)).attr("class", "grid"));
        let tick = Element::text_at(left - 6.0, y.at(t) + 4.0, &percent_tick(t, 0.2));
        svg.add(tick.attr("class", "tick").attr("text-anchor", "end"));
    }
    let x_caption = Element::text_at((left + right) / 2.0, bottom + 36.0, x_title).attr("text-anchor", "middle");
    svg.add(x_caption.attr("class", "axis-title"));
    let y_caption = Element::text_at(0.0, 0.0, y_title).attr("text-anchor", "middle").attr("class", "axis-title");
    svg.add(y_caption.attr("transform", format!("translate(16 {}) rotate(-90)", coord((top + bottom) / 2.0))));
    for (i, group) in groups.iter().enumerate() {
        let gx = left + 10.0 + 110.0 * i as f64;
        svg.add(Element::circle(gx, 14.0, 5.0).attr("class", "key").attr("fill", PALETTE[i % PALETTE.len()]));
        svg.add(Element::text_at(gx + 10.0, 18.0, group));
    }
    let max_size = dots.iter().map(|d| d.size).fold(0.0, f64::max);
    let mut order: Vec<&Dot> = dots.iter().collect();
    order.sort_by(|p, q| q.size.total_cmp(&p.size));
    let centre = (groups.len() as f64 - 1.0) / 2.0;
    for dot in order {
        let r = if max_size > 0.0 { 2.5 + 7.5 * (dot.size / max_size).sqrt() } else { 2.5 };
        let cx = x.at(dot.x + (dot.group as f64 - centre) * SHIFT);
        let circle = Element::circle(cx, y.at(dot.y), r).attr("class", "dot");
        svg.add(circle.attr("fill", PALETTE[dot.group % PALETTE.len()]).title(&dot.detail));
    }
    svg.finish(label)
}

/// Means joined by a line over a shaded band of their intervals, with a dot per point (its
/// tooltip gives the numbers); both axes start at 0.
pub(super) fn curve(points: &[Point], x_title: &str, y_title: &str, label: &str) -> String {
    let (left, right, top, bottom) = (60.0, WIDTH - 16.0, 12.0, 300.0);
    let mut svg = Svg::new(WIDTH, bottom + 46.0);
    let x_end = axis_end(points.iter().map(|p| p.x).fold(0.0, f64::max));
    let y_end = axis_end(points.iter().map(|p| p.interval.1.max(p.y)).fold(0.0, f64::max));
    let x = Scale::new((0.0, x_end), (left, right));
    let y = Scale::new((0.0, y_end), (bottom, top));
    for t in ticks(0.0, x_end) {
        svg.add(Element::line(x.at(t), top, x.at(t), bottom).attr("class", "grid"));
        let tick = Element::text_at(x.at(t), bottom + 16.0, &tick_label(t));
        svg.add(tick.attr("class", "tick").attr("text-anchor", "middle"));
    }
    for t in ticks(0.0, y_end) {
        svg.add(Element::line(left, y.at(t), right, y.at(t)).attr("class", "grid"));
        let tick = Element::text_at(left - 6.0, y.at(t) + 4.0, &tick_label(t));
        svg.add(tick.attr("class", "tick").attr("text-anchor", "end"));
    }
    let x_caption = Element::text_at((left + right) / 2.0, bottom + 36.0, x_title).attr("text-anchor", "middle");
    svg.add(x_caption.attr("class", "axis-title"));
    let y_caption = Element::text_at(0.0, 0.0, y_title).attr("text-anchor", "middle").attr("class", "axis-title");
    svg.add(y_caption.attr("transform", format!("translate(16 {}) rotate(-90)", coord((top + bottom) / 2.0))));
    let at = |px: f64, py: f64| format!("{} {}", coord(x.at(px)), coord(y.at(py)));
    let upper = points.iter().map(|p| at(p.x, p.interval.1));
    let lower = points.iter().rev().map(|p| at(p.x, p.interval.0));
    let band: Vec<String> = upper.chain(lower).collect();
    svg.add(Element::new("path").attr("class", "band").attr("d", format!("M{}Z", band.join("L"))));
    let line: Vec<String> = points.iter().map(|p| at(p.x, p.y)).collect();
    svg.add(Element::new("path").attr("class", "curve").attr("d", format!("M{}", line.join("L"))));
    for p in points {
        svg.add(Element::circle(x.at(p.x), y.at(p.y), 2.5).attr("class", "point").title(&p.detail));
    }
    svg.finish(label)
}

/// A histogram of `(value, count)` pairs: a bar per value, or per bin of equal width when the
/// values span 60 or more.
pub(crate) fn histogram(counts: &[(f64, f64)], label: &str) -> String {
    let (left, right, top, bottom) = (8.0, 352.0, 8.0, 120.0);
    let mut svg = Svg::new(360.0, bottom + 24.0);
    let lo = counts.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
    let hi = counts.iter().map(|c| c.0).fold(f64::NEG_INFINITY, f64::max);
    let width = if hi - lo < 60.0 { 1.0 } else { ((hi - lo + 1.0) / 40.0).ceil() };
    let mut bins = vec![0.0; ((hi - lo) / width).floor() as usize + 1];
    for &(value, count) in counts {
        bins[((value - lo) / width).floor() as usize] += count;
    }
    let total: f64 = bins.iter().sum();
    let tallest = bins.iter().copied().fold(0.0, f64::max);
    let x = Scale::new((lo, lo + width * bins.len() as f64), (left, right));
    let y = Scale::new((0.0, tallest), (bottom, top));
    let gap = if x.at(lo + width) - x.at(lo) > 3.0 { 1.0 } else { 0.0 };
    for (i, &count) in bins.iter().enumerate() {
        if count == 0.0 {
            continue;
        }
        let start = lo + width * i as f64;
        let range = if width == 1.0 {
            tick_label(start)
        } else {
            format!("{} to {}", tick_label(start), tick_label(start + width - 1.0))
        };
        let share = if total > 0.0 { count / total } else { 0.0 };
        let rect =
            Element::rect(x.at(start), y.at(count), x.at(start + width) - x.at(start) - gap, bottom - y.at(count));
        svg.add(rect.attr("class", "hist").title(&format!("{range}: {count} ({})", percent(share))));
    }
    svg.add(Element::line(left, bottom, right, bottom).attr("class", "axis"));
    for t in ticks(lo, hi) {
        let tick = Element::text_at(x.at(t + width / 2.0), bottom + 16.0, &tick_label(t));
        svg.add(tick.attr("class", "tick").attr("text-anchor", "middle"));
    }
    svg.finish(label)
}

/// The map: every link a line between its places, coloured by its rate (a legend below shows
/// the scale); parallel links between the same places are drawn side by side; the places are
/// dots with their names. `legend` names the rate and writes its values under the scale.
pub(crate) fn route_map(places: &[Place], links: &[Link], legend: (&str, fn(f64) -> String), label: &str) -> String {
    let (width, height, pad) = (960.0, 640.0, 36.0);
    let mut svg = Svg::new(width, height + 52.0);
    svg.add(Element::rect(0.0, 0.0, width, height).attr("class", "board"));
    let x = Scale::new((0.0, 1.0), (pad, width - pad));
    let y = Scale::new((0.0, 1.0), (pad, height - pad));
    let max = links.iter().map(|l| l.rate).fold(0.0, f64::max);
    let top_rate = if max > 0.0 { max } else { 1.0 };
    let ends = |l: &Link| (l.a.min(l.b), l.a.max(l.b));
    let mut order: Vec<usize> = (0..links.len()).collect();
    order.sort_by(|&i, &j| links[i].rate.total_cmp(&links[j].rate));
    for i in order {
        let (p, q) = ends(&links[i]);
        let twins: Vec<usize> = (0..links.len()).filter(|&j| ends(&links[j]) == (p, q)).collect();
        let k = twins.iter().position(|&j| j == i).unwrap_or(0) as f64;
        let offset = (k - (twins.len() as f64 - 1.0) / 2.0) * 6.0;
        let (x1, y1, x2, y2) = (x.at(places[p].x), y.at(places[p].y), x.at(places[q].x), y.at(places[q].y));
        let length = (x2 - x1).hypot(y2 - y1);
        let (nx, ny) = if length > 0.0 { ((y1 - y2) / length, (x2 - x1) / length) } else { (0.0, 0.0) };
        let (dx, dy) = (nx * offset, ny * offset);
        let line = Element::line(x1 + dx, y1 + dy, x2 + dx, y2 + dy).attr("class", "route");
        svg.add(line.attr("stroke", heat(links[i].rate / top_rate)).title(&links[i].detail));
    }
    for place in places {
        let (px, py) = (x.at(place.x), y.at(place.y));
        svg.add(Element::circle(px, py, 4.0).attr("class", "city-dot").title(&place.name));
        let (lx, anchor) = if place.x > 0.85 { (px - 6.0, "end") } else { (px + 6.0, "start") };
        svg.add(Element::text_at(lx, py - 6.0, &place.name).attr("class", "city").attr("text-anchor", anchor));
    }
    let (key_x, key_y, swatch) = (pad + 80.0, height + 14.0, 28.0);
    let (title, value) = legend;
    svg.add(Element::text_at(pad, key_y + 10.0, title));
    for i in 0..10 {
        let fill = heat((f64::from(i) + 0.5) / 10.0);
        svg.add(Element::rect(key_x + swatch * f64::from(i), key_y, swatch, 12.0).attr("fill", fill));
    }
    for (t, anchor) in [(0.0, "start"), (0.5, "middle"), (1.0, "end")] {
        let text = Element::text_at(key_x + swatch * 10.0 * t, key_y + 28.0, &value(top_rate * t));
        svg.add(text.attr("class", "tick").attr("text-anchor", anchor));
    }
    svg.finish(label)
}

/// One point of a [`series`]: a figure at one setting, maybe with its interval.
pub(crate) struct SeriesPoint {
    /// The setting, written under the axis.
    pub(crate) label: String,
    /// The figure.
    pub(crate) value: f64,
    /// Its interval, drawn as a whisker.
    pub(crate) interval: Option<(f64, f64)>,
    /// Tooltip.
    pub(crate) detail: String,
}

/// A figure against settings in order: a dot per setting joined by a line, with whiskers
/// for intervals and, if given, a dashed reference line with its caption.
pub(crate) fn series(points: &[SeriesPoint], reference: Option<(f64, &str)>, x_title: &str, label: &str) -> String {
    let (left, right, top, bottom) = (64.0, 344.0, 16.0, 150.0);
    let mut svg = Svg::new(360.0, bottom + 44.0);
    let ends =
        points.iter().flat_map(|p| [p.value, p.interval.map_or(p.value, |i| i.0), p.interval.map_or(p.value, |i| i.1)]);
    let ends: Vec<f64> = ends.chain(reference.map(|r| r.0)).collect();
    let (lo, hi) =
        (ends.iter().copied().fold(f64::INFINITY, f64::min), ends.iter().copied().fold(f64::NEG_INFINITY, f64::max));
    let pad = if hi > lo { (hi - lo) * 0.08 } else { lo.abs().max(1.0) * 0.1 };
    let y = Scale::new((lo - pad, hi + pad), (bottom, top));
    for t in ticks(lo - pad, hi + pad) {
        svg.add(Element::line(left, y.at(t), right, y.at(t)).attr("class", "grid"));
        let tick = Element::text_at(left - 6.0, y.at(t) + 4.0, &tick_label(t));
        svg.add(tick.attr("class", "tick").attr("text-anchor", "end"));
    }
    let step = (right - left) / points.len().max(1) as f64;
    let x = |i: usize| left + step * (i as f64 + 0.5);
    if let Some((value, caption)) = reference {
        svg.add(Element::line(left, y.at(value), right, y.at(value)).attr("class", "ref"));
        svg.add(Element::text_at(right, y.at(value) - 4.0, caption).attr("class", "tick").attr("text-anchor", "end"));
    }
    let path: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}{} {}", if i == 0 { 'M' } else { 'L' }, coord(x(i)), coord(y.at(p.value))))
        .collect();
    svg.add(Element::new("path").attr("class", "err").attr("d", path.join("")));
    for (i, p) in points.iter().enumerate() {
        if let Some((a, b)) = p.interval {
            svg.add(Element::line(x(i), y.at(a), x(i), y.at(b)).attr("class", "err").title(&p.detail));
        }
        svg.add(Element::circle(x(i), y.at(p.value), 4.0).attr("fill", PALETTE[0]).title(&p.detail));
        let tick = Element::text_at(x(i), bottom + 16.0, &shorten(&p.label)).attr("class", "tick");
        svg.add(tick.attr("text-anchor", "middle").title(&p.label));
    }
    svg.add(Element::line(left, bottom, right, bottom).attr("class", "axis"));
    let title = Element::text_at((left + right) / 2.0, bottom + 36.0, x_title).attr("text-anchor", "middle");
    svg.add(title.attr("class", "axis-title"));
    svg.finish(label)
}
