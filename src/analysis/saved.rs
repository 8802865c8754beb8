//! A balance report saved beside a game's definition (`games/<game>/analysis.json`, written by
//! `ludopress analyze --save`), read back for the build and checked against the game: its
//! settings' variants are the game's, their seats the seats of that variant (each once, none
//! more), their players the report's; `games` and `cap` within the limits `analyze` plays by, and
//! each setting's counts adding up as `analyze` counts them; every list is bounded, so reading
//! is linear in the file.
//!
//! In: the file's text and what the game's engine says of its seats ([`Seats`]); out: the
//! [`Report`], or errors at the line and column of the offending value.

use super::report::{Rate, Report, Setting};
use crate::base::diag::{Diagnostic, Diagnostics, Source};

/// Largest saved report, in bytes (the shipped ones are under 40 KiB).
pub const MAX_BYTES: u64 = 16 << 20;
/// Most players a report names (`analyze --players` and a saved report alike).
pub const MAX_PLAYERS: usize = 64;
/// Most seats a setting of a game played through its own program may list (the seats of a
/// bundled or declared game are known: a setting lists exactly those).
pub const MAX_SEATS: usize = 16;

/// What a report may say of a game's seats.
#[derive(Debug, Clone, PartialEq)]
pub enum Seats {
    /// The game's variants (none: a game without variants) and the seats of each, known from
    /// its engine; a setting without a variant plays the first.
    Known(Vec<(Option<String>, Vec<String>)>),
    /// A game played through its own program, not started to read a report: at most
    /// [`MAX_SEATS`] seats a setting, each once.
    Program,
    /// A game without a rules engine: no report can be made of it.
    None,
}

/// Reads the report `text` of the file `path` for the game `id` and checks it against `seats`.
pub fn read(path: &str, text: &str, id: &str, seats: &Seats) -> Result<Report, Diagnostics> {
    let src = Source::new(path, text);
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bom = text.len() - body.len();
    let report: Report = serde_json::from_str(body).map_err(|e| {
        let offset = bom
            + body
                .split_inclusive('\n')
                .take(e.line().saturating_sub(1))
                .map(str::len)
                .sum::<usize>()
            + e.column().saturating_sub(1);
        let at = offset.min(text.len());
        Diagnostics(vec![src.error(
            at..at,
            format!("not a balance report written by `ludopress analyze --save`: {e}"),
        )])
    })?;
    let top = 0..text.find('\n').unwrap_or(text.len());
    if report.game != id {
        return Err(src
            .error(
                top,
                format!(
                    "a balance report of `{}`, not of `{id}`: run `ludopress analyze {id} --save`",
                    report.game
                ),
            )
            .into());
    }
    if *seats == Seats::None {
        return Err(src
            .error(
                top,
                format!("`{id}` has no rules engine to play it: a balance report of it cannot be made (remove analysis.json)"),
            )
            .into());
    }
    if report.settings.is_empty() {
        return Err(src
            .error(top, "a balance report without any setting played")
            .into());
    }
    let check = Check {
        src: &src,
        body,
        bom,
        id,
    };
    let mut diags = Diagnostics::default();
    if report.settings.len() > super::MAX_SETTINGS {
        let at = check.at(&[Key("settings"), Index(super::MAX_SETTINGS)]);
        diags.push(check.error(
            at,
            format!(
                "more than {} settings: `ludopress analyze` sweeps at most {}",
                super::MAX_SETTINGS,
                super::MAX_SETTINGS
            ),
        ));
        return Err(diags);
    }
    if report.players.len() > MAX_PLAYERS {
        let at = check.at(&[Key("players"), Index(MAX_PLAYERS)]);
        diags.push(check.error(
            at,
            format!(
                "more than {MAX_PLAYERS} players: `ludopress analyze` plays at most {MAX_PLAYERS}"
            ),
        ));
        return Err(diags);
    }
    // The counts `analyze` itself bounds, with its own limits; the settings' counts are read
    // against them (a wrong `games` would make every setting wrong).
    let most = |key: &'static str, value: u64, max: u64, what: &str, does: &str| {
        (!(1..=max).contains(&value)).then(|| {
            check.error(
                check.at(&[Key(key)]),
                format!(
                    "`{key}`: {value} {what}; `ludopress analyze` {does} 1 to {}",
                    crate::rules::engine::thousands(max)
                ),
            )
        })
    };
    let top = [
        most(
            "games",
            report.games,
            super::MAX_GAMES,
            "games per setting",
            "plays",
        ),
        most(
            "cap",
            report.cap,
            super::MAX_CAP,
            "plies",
            "stops a game after",
        ),
    ];
    if top.iter().any(Option::is_some) {
        diags.0.extend(top.into_iter().flatten());
        return Err(diags);
    }
    for (i, st) in report.settings.iter().enumerate() {
        if let Err(d) = check.counts(i, st, report.games, report.cap) {
            diags.0.extend(d.0);
        }
    }
    for (i, st) in report.settings.iter().enumerate() {
        let expected: Option<&[String]> = match seats {
            Seats::Known(variants) => match &st.variant {
                Some(v) => match variants.iter().find(|(name, _)| name.as_ref() == Some(v)) {
                    Some((_, s)) => Some(s),
                    None => {
                        let names: Vec<&str> =
                            variants.iter().filter_map(|(n, _)| n.as_deref()).collect();
                        let at = check.at(&[Key("settings"), Index(i), Key("variant")]);
                        diags.push(check.error(
                            at,
                            format!(
                                "no variant `{v}` in `{id}` ({})",
                                if names.is_empty() {
                                    "it has no variants".to_string()
                                } else {
                                    format!("its variants: {}", names.join(", "))
                                }
                            ),
                        ));
                        break;
                    }
                },
                None => variants.first().map(|(_, s)| &s[..]),
            },
            _ => None,
        };
        check.seats(&mut diags, i, "seats", &st.seats, expected, true);
        if !st.ahead_at_cap.is_empty() {
            check.seats(
                &mut diags,
                i,
                "ahead_at_cap",
                &st.ahead_at_cap,
                expected,
                true,
            );
        }
        check.seats(
            &mut diags,
            i,
            "players",
            &st.players,
            Some(&report.players),
            false,
        );
    }
    diags.finish(report)
}

/// A step of a path into a JSON document.
#[derive(Debug, Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}
use Step::{Index, Key};

/// The checks of one report's text.
struct Check<'a> {
    src: &'a Source,
    /// The text without its byte order mark.
    body: &'a str,
    bom: usize,
    id: &'a str,
}

impl Check<'_> {
    /// Checks that setting `i`'s counts add up as `analyze` counts them, for `games` games
    /// stopped at `cap` plies: each game won by one seat, drawn or stopped at the cap; each rate
    /// out of the games it is of; lengths within the cap. The first wrong count, at its place.
    fn counts(&self, i: usize, st: &Setting, games: u64, cap: u64) -> Result<(), Diagnostics> {
        let fail = |path: &[Step], why: String| -> Result<(), Diagnostics> {
            let mut full = vec![Key("settings"), Index(i)];
            full.extend_from_slice(path);
            Err(self.error(self.at(&full), why).into())
        };
        // Each rate of a list: out of `of` games (when known), its count within them.
        let rates = |key: &'static str, list: &[Rate], of: Option<u64>, most: u64, what: &str| {
            for (k, rate) in list.iter().enumerate() {
                let at = |field| [Key(key), Index(k), Key(field)];
                match of {
                    Some(of) if rate.of != of => {
                        return fail(
                            &at("of"),
                            format!(
                                "`of`: out of {} games, not the report's {of}{what}",
                                rate.of
                            ),
                        )
                    }
                    _ if rate.of > most => {
                        return fail(
                            &at("of"),
                            format!(
                                "`of`: out of {} games, more than the report's {most}",
                                rate.of
                            ),
                        )
                    }
                    _ if rate.count > rate.of => {
                        return fail(
                            &at("count"),
                            format!("`count`: {} of {} games", rate.count, rate.of),
                        )
                    }
                    _ => {}
                }
            }
            Ok(())
        };
        rates("seats", &st.seats, Some(games), games, "")?;
        let sum = |list: &[Rate]| list.iter().map(|r| u128::from(r.count)).sum::<u128>();
        let won = sum(&st.seats);
        let all = won + u128::from(st.draws) + u128::from(st.capped);
        if all != u128::from(games) {
            let wins: Vec<String> = st.seats.iter().map(|r| r.count.to_string()).collect();
            return fail(
                &[Key("seats")],
                format!(
                    "{} games won, {} drawn and {} stopped at the cap make {all}, not the report's {games} games",
                    wins.join(" + "),
                    st.draws,
                    st.capped
                ),
            );
        }
        for (key, n) in [("cycling", st.cycling), ("stalled", st.stalled)] {
            if n > st.capped {
                return fail(
                    &[Key(key)],
                    format!("`{key}`: {n} of the {} games stopped at the cap", st.capped),
                );
            }
        }
        if st.longest_stall > cap {
            return fail(
                &[Key("longest_stall")],
                format!(
                    "`longest_stall`: {} plies, past the report's `cap` of {cap}",
                    st.longest_stall
                ),
            );
        }
        rates(
            "ahead_at_cap",
            &st.ahead_at_cap,
            Some(st.capped),
            st.capped,
            " stopped at the cap",
        )?;
        if sum(&st.ahead_at_cap) > u128::from(st.capped) {
            return fail(
                &[Key("ahead_at_cap")],
                format!(
                    "`ahead_at_cap`: {} games ahead, of the {} stopped at the cap",
                    sum(&st.ahead_at_cap),
                    st.capped
                ),
            );
        }
        rates("players", &st.players, None, games, "")?;
        if !st.players.is_empty() && sum(&st.players) != won {
            return fail(
                &[Key("players")],
                format!(
                    "`players`: {} games won by the players, {won} by the seats",
                    sum(&st.players)
                ),
            );
        }
        let lead = &st.mid_leader;
        if u128::from(lead.of) > won {
            return fail(
                &[Key("mid_leader"), Key("of")],
                format!("`of`: out of {} games, more than the {won} won", lead.of),
            );
        }
        if lead.count > lead.of {
            return fail(
                &[Key("mid_leader"), Key("count")],
                format!("`count`: {} of {} games", lead.count, lead.of),
            );
        }
        let l = &st.length;
        let order = [
            ("min", l.min),
            ("p10", l.p10),
            ("median", l.median),
            ("p90", l.p90),
            ("max", l.max),
        ];
        for pair in order.windows(2) {
            let ((a, x), (b, y)) = (pair[0], pair[1]);
            if x > y {
                return fail(
                    &[Key("length"), Key(b)],
                    format!("`{b}`: {y} plies, less than `{a}` ({x})"),
                );
            }
        }
        if l.max > cap {
            return fail(
                &[Key("length"), Key("max")],
                format!("`max`: {} plies, past the report's `cap` of {cap}", l.max),
            );
        }
        let counted: u128 = l.histogram.iter().map(|b| u128::from(b.2)).sum();
        if counted != u128::from(games) {
            return fail(
                &[Key("length"), Key("histogram")],
                format!("`histogram`: {counted} games, not the report's {games}"),
            );
        }
        if let Some(c) = &st.cycle {
            if c.game >= games {
                return fail(
                    &[Key("cycle"), Key("game")],
                    format!(
                        "`game`: game {}, of the report's {games} (counted from 0)",
                        c.game
                    ),
                );
            }
            if c.times < 2 || c.times > cap + 1 {
                return fail(
                    &[Key("cycle"), Key("times")],
                    format!(
                        "`times`: {} times, where a position that came back is seen 2 to {} times",
                        c.times,
                        cap + 1
                    ),
                );
            }
        }
        Ok(())
    }

    /// Where the value at `path` is written (a byte range of the file), or the file's first
    /// line when the text does not hold it.
    fn at(&self, path: &[Step]) -> std::ops::Range<usize> {
        match locate(self.body.as_bytes(), path) {
            Some(r) => r.start + self.bom..r.end + self.bom,
            None => 0..self.src.text.find('\n').unwrap_or(self.src.text.len()),
        }
    }

    fn error(&self, at: std::ops::Range<usize>, message: String) -> Diagnostic {
        self.src.error(at, message)
    }

    /// Checks the names of setting `i`'s list `key` against `expected` (all of them, each
    /// once, no other, when `whole`; some of them, each once, otherwise); without `expected`,
    /// at most [`MAX_SEATS`], each once. One error per list: the first wrong name.
    fn seats(
        &self,
        diags: &mut Diagnostics,
        i: usize,
        key: &str,
        list: &[Rate],
        expected: Option<&[String]>,
        whole: bool,
    ) {
        let what = if key == "players" { "player" } else { "seat" };
        let most = expected.map_or(MAX_SEATS, <[String]>::len);
        let known = |e: &[String]| e.join(", ");
        let mut seen = std::collections::BTreeSet::new();
        for (k, rate) in list.iter().enumerate() {
            let name = &rate.name;
            let wrong = if k >= most {
                Some(match expected {
                    Some(e) if what == "seat" => format!(
                        "more seats than `{}` has: {} seats ({})",
                        self.id,
                        e.len(),
                        known(e)
                    ),
                    Some(e) => format!("more players than the report's {} ({})", e.len(), known(e)),
                    None => format!("more than {MAX_SEATS} seats in one setting"),
                })
            } else if expected.is_some_and(|e| !e.contains(name)) {
                let e = expected.unwrap_or_default();
                Some(if what == "seat" {
                    format!(
                        "no seat `{name}` in `{}` (its seats: {})",
                        self.id,
                        known(e)
                    )
                } else {
                    format!(
                        "no player `{name}` among the report's players ({})",
                        known(e)
                    )
                })
            } else if !seen.insert(name) {
                Some(format!("the {what} `{name}` is listed twice"))
            } else {
                None
            };
            if let Some(why) = wrong {
                let at = self.at(&[Key("settings"), Index(i), Key(key), Index(k), Key("name")]);
                diags.push(self.error(at, format!("`{key}`: {why}")));
                return;
            }
        }
        if let (true, Some(e)) = (whole, expected) {
            if list.len() < e.len() {
                let at = self.at(&[Key("settings"), Index(i), Key(key)]);
                diags.push(self.error(
                    at,
                    format!(
                        "`{key}`: {} of the {} seats of `{}` ({})",
                        list.len(),
                        e.len(),
                        self.id,
                        known(e)
                    ),
                ));
            }
        }
    }
}

/// The byte range of the value at `path` in the JSON text `t` (already read as valid JSON),
/// found in one pass over the text before it.
fn locate(t: &[u8], path: &[Step]) -> Option<std::ops::Range<usize>> {
    let mut i = skip_space(t, 0);
    for step in path {
        match (step, t.get(i)?) {
            (Key(want), b'{') => {
                i = skip_space(t, i + 1);
                loop {
                    if t.get(i)? != &b'"' {
                        return None;
                    }
                    let end = skip_string(t, i)?;
                    let key = &t[i + 1..end - 1];
                    i = skip_space(t, end);
                    if t.get(i)? != &b':' {
                        return None;
                    }
                    i = skip_space(t, i + 1);
                    if key == want.as_bytes() {
                        break;
                    }
                    i = skip_space(t, skip_value(t, i)?);
                    match t.get(i)? {
                        b',' => i = skip_space(t, i + 1),
                        _ => return None,
                    }
                }
            }
            (Index(n), b'[') => {
                i = skip_space(t, i + 1);
                for _ in 0..*n {
                    i = skip_space(t, skip_value(t, i)?);
                    match t.get(i)? {
                        b',' => i = skip_space(t, i + 1),
                        _ => return None,
                    }
                }
                if t.get(i)? == &b']' {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(i..skip_value(t, i)?)
}

fn skip_space(t: &[u8], mut i: usize) -> usize {
    while t.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// The end of the string starting at `i` (its opening quote), past its closing quote.
fn skip_string(t: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    loop {
        match t.get(j)? {
            b'\\' => j += 2,
            b'"' => return Some(j + 1),
            _ => j += 1,
        }
    }
}

/// The end of the value starting at `i`: a string, a number, a literal, or a whole array or
/// object (counted by depth, strings skipped).
fn skip_value(t: &[u8], i: usize) -> Option<usize> {
    match t.get(i)? {
        b'"' => skip_string(t, i),
        b'[' | b'{' => {
            let mut depth = 0usize;
            let mut j = i;
            loop {
                match t.get(j)? {
                    b'"' => {
                        j = skip_string(t, j)?;
                        continue;
                    }
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        _ => {
            let mut j = i;
            while t
                .get(j)
                .is_some_and(|b| !matches!(b, b',' | b']' | b'}') && !b.is_ascii_whitespace())
            {
                j += 1;
            }
            (j > i).then_some(j)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_found_by_its_path() {
        let t = br#"{ "a": [1, {"b": "x\"y"}, [2]], "c": {"d": true} }"#;
        let text = |p: &[Step]| locate(t, p).map(|r| String::from_utf8_lossy(&t[r]).into_owned());
        assert_eq!(
            text(&[Key("a"), Index(1), Key("b")]).as_deref(),
            Some(r#""x\"y""#)
        );
        assert_eq!(text(&[Key("a"), Index(2)]).as_deref(), Some("[2]"));
        assert_eq!(text(&[Key("c"), Key("d")]).as_deref(), Some("true"));
        assert_eq!(text(&[Key("a"), Index(3)]), None);
        assert_eq!(text(&[Key("e")]), None);
    }
}
