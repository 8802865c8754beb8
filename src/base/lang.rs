//! Player-facing languages and localized strings.

use serde::Deserialize;
use std::fmt;
use std::str::FromStr;

/// A language of player-facing text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Lang {
    /// French (the default).
    #[default]
    Fr,
    /// English.
    En,
}

impl Lang {
    /// All languages, in output order.
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// The code used in file names and options.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }
}

impl FromStr for Lang {
    type Err = crate::base::diag::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "fr" => Ok(Lang::Fr),
            "en" => Ok(Lang::En),
            _ => Err(crate::base::diag::Error::usage(
                String::new(),
                format!("unknown language `{s}` (expected fr or en)"),
            )),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A text given in French and English (`{ fr = "...", en = "..." }`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// French.
    pub fr: String,
    /// English.
    pub en: String,
}

impl Text {
    /// The text in one language.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
        }
    }
}

/// No-break space, before `:` and `»` and after `«` in French.
pub const NBSP: char = '\u{a0}';
/// Narrow no-break space, before `;`, `!` and `?` and between groups of digits in French.
pub const NNBSP: char = '\u{202f}';

/// French typography on a text's spaces: the space before `;`, `!` and `?` becomes a narrow
/// no-break space (`narrow`), the one before `:` and `»` and after `«` a no-break space, and the
/// one between groups of three digits (`1 770`) a narrow one; so that no line starts with a
/// sign or ends with `«`. Only spaces are changed, each for one character: `chars` of the result
/// line up with those of `text`. A colon that opens an icon (`:coin:`) is left alone.
pub fn french_spaces(text: &str, narrow: char) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &ch) in c.iter().enumerate() {
        if ch != ' ' {
            out.push(ch);
            continue;
        }
        let prev = i.checked_sub(1).map(|j| c[j]);
        let next = c.get(i + 1).copied();
        let after = c.get(i + 2).copied();
        let digits_group = || {
            // 1 to 3 digits before (starting the number), exactly 3 after.
            let before = c[..i]
                .iter()
                .rev()
                .take_while(|d| d.is_ascii_digit())
                .count();
            let starts = i
                .checked_sub(before + 1)
                .is_none_or(|j| !c[j].is_alphanumeric());
            (1..=3).contains(&before)
                && starts
                && c.get(i + 1..i + 4)
                    .is_some_and(|g| g.iter().all(char::is_ascii_digit))
                && c.get(i + 4).is_none_or(|d| !d.is_ascii_digit())
        };
        // The second number of a pair of coordinates, `(3 ; 1)`, stays with the first.
        let pair_end = || {
            let rest: String = c[i + 1..].iter().take(6).collect();
            let n = rest.strip_prefix('-').unwrap_or(&rest);
            let digits = n.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && n[digits..].starts_with(')')
        };
        let replaced = match next {
            _ if prev == Some(';') && pair_end() => NBSP,
            Some(';' | '!' | '?') => narrow,
            Some('»') => NBSP,
            Some(':') if after.is_none_or(|a| !a.is_alphanumeric()) => NBSP,
            _ if prev == Some('«') => NBSP,
            _ if digits_group() => narrow,
            _ => ' ',
        };
        out.push(replaced);
    }
    out
}

#[cfg(test)]
mod typography_tests {
    use super::*;

    #[test]
    fn french_spaces_bind_signs_quotes_and_digit_groups() {
        let t = french_spaces(
            "« Oui ; non ! Vraiment ? » Règle : 1 770 pions, a1 234.",
            NNBSP,
        );
        assert_eq!(
            t,
            "«\u{a0}Oui\u{202f}; non\u{202f}! Vraiment\u{202f}?\u{a0}» Règle\u{a0}: 1\u{202f}770 pions, a1 234."
        );
        // An icon's colon, a time and a plain number are left alone; the length in characters is kept.
        for s in ["Gagnez 2 :coin:", "à 10:30", "12 3456", "b2 345"] {
            assert_eq!(french_spaces(s, NNBSP), s);
        }
        assert_eq!(french_spaces("Oui ?", NBSP), "Oui\u{a0}?");
        // A pair of coordinates is never broken.
        assert_eq!(
            french_spaces("en (2 ; -1), puis ; 3 pions", NNBSP),
            "en (2\u{202f};\u{a0}-1), puis\u{202f}; 3 pions"
        );
    }
}
