//! Colours: sRGB values parsed from `#rrggbb` and named in palettes.

use std::fmt;

/// An opaque sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Color {
    /// Red, 0..=255.
    pub r: u8,
    /// Green, 0..=255.
    pub g: u8,
    /// Blue, 0..=255.
    pub b: u8,
}

impl Color {
    /// Black.
    pub const BLACK: Color = Color::rgb(0, 0, 0);
    /// White.
    pub const WHITE: Color = Color::rgb(255, 255, 255);

    /// A colour from its components.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Color { r, g, b }
    }

    /// Parses `#rrggbb` (or `#rgb`).
    pub fn parse_hex(s: &str) -> Option<Color> {
        let h = s.strip_prefix('#')?;
        let v = |i: usize, n: usize| u8::from_str_radix(h.get(i..i + n)?, 16).ok();
        match h.len() {
            6 => Some(Color::rgb(v(0, 2)?, v(2, 2)?, v(4, 2)?)),
            3 => Some(Color::rgb(v(0, 1)? * 17, v(1, 1)? * 17, v(2, 1)? * 17)),
            _ => None,
        }
    }

    /// Relative luminance in 0..=1, to choose a readable text colour on top.
    pub fn luminance(self) -> f64 {
        (0.2126 * f64::from(self.r) + 0.7152 * f64::from(self.g) + 0.0722 * f64::from(self.b))
            / 255.0
    }

    /// Relative luminance as WCAG 2 defines it (sRGB channels linearised).
    pub fn relative_luminance(self) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)
    }

    /// The contrast ratio of two colours, 1 to 21 (WCAG 2): 4.5 is the least for small text.
    pub fn contrast(self, other: Color) -> f64 {
        let (a, b) = (self.relative_luminance(), other.relative_luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// This colour made just dark enough (or, on a dark ground, light enough) to reach a
    /// contrast of `ratio` with `ground`: a label keeps its tint where it can.
    pub fn readable_on(self, ground: Color, ratio: f64) -> Color {
        let dark_ground = ground.relative_luminance() < 0.18;
        for step in 0..=20 {
            let t = f64::from(step) / 20.0;
            let c = if dark_ground {
                self.lighten(t)
            } else {
                self.darken(t)
            };
            if c.contrast(ground) >= ratio {
                return c;
            }
        }
        ground.ink_on()
    }

    /// The ink that reads on this background: near-black on light colours, white on dark ones.
    pub fn ink_on(self) -> Color {
        if self.luminance() > 0.55 {
            Color::rgb(0x1d, 0x1d, 0x1b)
        } else {
            Color::WHITE
        }
    }

    /// Mixes with white: `t = 0` gives self, `t = 1` white.
    pub fn lighten(self, t: f64) -> Color {
        let m = |c: u8| {
            (f64::from(c) + (255.0 - f64::from(c)) * t)
                .round()
                .clamp(0.0, 255.0) as u8
        };
        Color::rgb(m(self.r), m(self.g), m(self.b))
    }

    /// Mixes with black: `t = 0` gives self, `t = 1` black.
    pub fn darken(self, t: f64) -> Color {
        let m = |c: u8| (f64::from(c) * (1.0 - t)).round().clamp(0.0, 255.0) as u8;
        Color::rgb(m(self.r), m(self.g), m(self.b))
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_hex() {
        assert_eq!(
            Color::parse_hex("#3a8d4f"),
            Some(Color::rgb(0x3a, 0x8d, 0x4f))
        );
        assert_eq!(Color::parse_hex("#fff"), Some(Color::WHITE));
        assert_eq!(Color::parse_hex("3a8d4f"), None);
        assert_eq!(Color::parse_hex("#3a8d4g"), None);
        assert_eq!(Color::rgb(1, 2, 255).to_string(), "#0102ff");
    }
}
