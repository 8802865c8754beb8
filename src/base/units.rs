//! Units of length: millimetres for every scene, sheet and page; points for font sizes; inches
//! for a print shop's sizes ([`Inch`]) and inside a dots-per-inch figure. In: a bare number in
//! one unit; out: the same length in another.
//!
//! The numbers themselves stay bare `f64` inside drawing code (a scene is millimetres through
//! and through, and wrapping every coordinate would hide the geometry). What is typed is the
//! crossing between units, where a mistake is easy and silent: a font size in points read as a
//! length in millimetres (or back), a dpi figure applied to millimetres, a print shop's bleed
//! in inches read as millimetres. Every such crossing goes through [`Pt`], [`Mm`] or [`Inch`]
//! here, so a reader sees which unit comes in and which goes out.
//!
//! One conversion: a point is `MM_PER_INCH / PT_PER_INCH` mm. The methods keep the arithmetic
//! order the code has always used (`x * 25.4 / 72.0`, never `x * (25.4 / 72.0)`), so every
//! output stays byte-identical; the ratios [`MM_PER_PT`] and [`PT_PER_MM`] are there for the
//! places that have always multiplied by the ratio.

/// Millimetres in an inch (exact, by definition of the inch).
pub const MM_PER_INCH: f64 = 25.4;
/// Typographic (PostScript) points in an inch.
pub const PT_PER_INCH: f64 = 72.0;
/// One point in millimetres (about 0.3528).
pub const MM_PER_PT: f64 = MM_PER_INCH / PT_PER_INCH;
/// One millimetre in points (about 2.835): PDF user space is in points.
pub const PT_PER_MM: f64 = PT_PER_INCH / MM_PER_INCH;

/// A length in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Mm(pub f64);

/// A length in inches: a print shop's card sizes, bleed and safe zone, as the shops give them.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Inch(pub f64);

/// A length in typographic points (a font size).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Pt(pub f64);

impl Pt {
    /// The length in millimetres (`pt * 25.4 / 72`).
    pub fn in_mm(self) -> f64 {
        self.0 * MM_PER_INCH / PT_PER_INCH
    }
}

impl Inch {
    /// The length in millimetres (`in * 25.4`).
    pub fn in_mm(self) -> f64 {
        self.0 * MM_PER_INCH
    }
}

impl Mm {
    /// The length in points (`mm * 72 / 25.4`).
    pub fn in_pt(self) -> f64 {
        self.0 * PT_PER_INCH / MM_PER_INCH
    }

    /// The length in inches.
    pub fn in_inches(self) -> f64 {
        self.0 / MM_PER_INCH
    }

    /// The length in pixels at `dpi` dots per inch (`mm / 25.4 * dpi`, not rounded).
    pub fn in_px(self, dpi: f64) -> f64 {
        self.0 / MM_PER_INCH * dpi
    }
}

/// Pixels per millimetre at `dpi` dots per inch.
pub fn px_per_mm(dpi: f64) -> f64 {
    dpi / MM_PER_INCH
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_keep_the_old_arithmetic() {
        for x in [0.1, 7.0, 9.5, 10.0, 12.3456, 210.0, 297.0] {
            assert_eq!(Pt(x).in_mm().to_bits(), (x * 25.4 / 72.0).to_bits());
            assert_eq!(Mm(x).in_pt().to_bits(), (x * 72.0 / 25.4).to_bits());
            assert_eq!(Mm(x).in_px(300.0).to_bits(), (x / 25.4 * 300.0).to_bits());
            assert_eq!((x * MM_PER_PT).to_bits(), (x * (25.4 / 72.0)).to_bits());
            assert_eq!((x * PT_PER_MM).to_bits(), (x * (72.0 / 25.4)).to_bits());
        }
        assert_eq!(px_per_mm(254.0), 10.0);
        assert_eq!(Mm(25.4).in_inches(), 1.0);
    }
}
