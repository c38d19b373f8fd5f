//! A small builder for inline SVG: elements with escaped attributes, text and tooltips.

use std::fmt::{Display, Write};

/// Escapes `&`, `<`, `>`, `"` and `'`, so that text is safe as HTML or SVG content and as a
/// quoted attribute value.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A coordinate or length rounded to a tenth of a pixel, without a trailing `.0`.
#[must_use]
pub fn coord(value: f64) -> String {
    let text = format!("{value:.1}");
    match text.strip_suffix(".0") {
        Some("-0") => "0".to_string(),
        Some(whole) => whole.to_string(),
        None => text,
    }
}

/// An SVG drawing of a fixed size, built element by element.
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

impl Svg {
    /// An empty drawing, `width` by `height` pixels.
    #[must_use]
    pub fn new(width: f64, height: f64) -> Svg {
        Svg { width, height, body: String::new() }
    }

    /// Appends an element; later elements are drawn on top of earlier ones.
    pub fn add(&mut self, element: Element) {
        element.write_to(&mut self.body);
    }

    /// The `<svg>` markup, described by `label` for screen readers.
    #[must_use]
    pub fn finish(self, label: &str) -> String {
        let (w, h) = (coord(self.width), coord(self.height));
        format!(
            "<svg viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"{}\">\n{}</svg>\n",
            escape(label),
            self.body
        )
    }
}

/// One SVG element: a tag with attributes, and optionally text content and a tooltip.
pub struct Element {
    tag: &'static str,
    attrs: String,
    text: Option<String>,
    title: Option<String>,
}

impl Element {
    /// A `tag` element without attributes.
    #[must_use]
    pub fn new(tag: &'static str) -> Element {
        Element { tag, attrs: String::new(), text: None, title: None }
    }

    /// A line from (`x1`, `y1`) to (`x2`, `y2`).
    #[must_use]
    pub fn line(x1: f64, y1: f64, x2: f64, y2: f64) -> Element {
        Element::new("line").num("x1", x1).num("y1", y1).num("x2", x2).num("y2", y2)
    }

    /// A rectangle with its top-left corner at (`x`, `y`).
    #[must_use]
    pub fn rect(x: f64, y: f64, width: f64, height: f64) -> Element {
        Element::new("rect").num("x", x).num("y", y).num("width", width.max(0.0)).num("height", height.max(0.0))
    }

    /// A circle of radius `r` centred on (`cx`, `cy`).
    #[must_use]
    pub fn circle(cx: f64, cy: f64, r: f64) -> Element {
        Element::new("circle").num("cx", cx).num("cy", cy).num("r", r)
    }

    /// `text` with its anchor point at (`x`, `y`).
    #[must_use]
    pub fn text_at(x: f64, y: f64, text: &str) -> Element {
        Element::new("text").num("x", x).num("y", y).text(text)
    }

    /// Adds an attribute; its value is escaped.
    #[must_use]
    pub fn attr(mut self, name: &str, value: impl Display) -> Element {
        let value = escape(&value.to_string());
        write!(self.attrs, " {name}=\"{value}\"").expect("writing to a String cannot fail");
        self
    }

    /// Adds a coordinate or length attribute, rounded to a tenth of a pixel.
    #[must_use]
    pub fn num(self, name: &str, value: f64) -> Element {
        self.attr(name, coord(value))
    }

    /// Sets the text content (escaped when written).
    #[must_use]
    pub fn text(mut self, text: &str) -> Element {
        self.text = Some(text.to_string());
        self
    }

    /// Sets a tooltip: a `<title>` child (escaped when written).
    #[must_use]
    pub fn title(mut self, title: &str) -> Element {
        self.title = Some(title.to_string());
        self
    }

    fn write_to(&self, out: &mut String) {
        let Element { tag, attrs, text, title } = self;
        if text.is_none() && title.is_none() {
            out.push_str(&format!("<{tag}{attrs}/>\n"));
            return;
        }
        out.push_str(&format!("<{tag}{attrs}>"));
        if let Some(title) = title {
            out.push_str(&format!("<title>{}</title>", escape(title)));
        }
        if let Some(text) = text {
            out.push_str(&escape(text));
        }
        out.push_str(&format!("</{tag}>\n"));
    }
}
