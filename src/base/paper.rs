//! Paper sizes and orientation: a fact of the lowest floor, read by validation (a card must fit
//! both papers) and by imposition.

use std::fmt;
use std::str::FromStr;

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Every paper, in output order.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// Portrait width and height in mm.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    /// Name used in file names and options.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

impl FromStr for Paper {
    type Err = crate::base::diag::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(crate::base::diag::Error::usage(
                String::new(),
                format!("unknown paper `{s}` (expected a4 or letter)"),
            )),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
