//! A balance report as data (read and written as JSON), and its text and HTML forms. The HTML
//! page draws its charts as inline SVG, with no script and no network.

use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The report of one `analyze` run: one entry per setting swept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The game's id.
    pub game: String,
    /// The game's title.
    pub title: String,
    /// Games played per setting.
    pub games: u64,
    /// The players, seat by seat (repeated round the table when fewer than the seats).
    pub players: Vec<String>,
    /// Whether the players changed seats from one game to the next.
    pub rotate: bool,
    /// Plies after which a game is stopped unfinished.
    pub cap: u64,
    /// The seed of the run.
    pub seed: u64,
    /// One result per setting.
    pub settings: Vec<Setting>,
}

/// The results of one setting (a variant and values of the game's `[rules]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setting {
    /// A short label: `classic`, `pawns_per_side=15`, or `default`.
    pub label: String,
    /// The variant played, if the game has variants.
    pub variant: Option<String>,
    /// The `[rules]` values that differ from the definition's.
    pub params: Vec<(String, i64)>,
    /// Wins by seat.
    pub seats: Vec<Rate>,
    /// Wins by player, when the players are not all alike.
    pub players: Vec<Rate>,
    /// Games drawn.
    pub draws: u64,
    /// Games stopped at the ply cap.
    pub capped: u64,
    /// Of those, games in which a position came back: the game was going round.
    pub cycling: u64,
    /// Of those, games whose scores had not changed for their last half or more.
    pub stalled: u64,
    /// The most plies a game stopped at the cap played since its scores last changed.
    pub longest_stall: u64,
    /// Of the games stopped at the cap, how often each seat was ahead by score when stopped
    /// (what decides a game played against the clock).
    #[serde(default)]
    pub ahead_at_cap: Vec<Rate>,
    /// The position that came back most often in one game, as evidence.
    pub cycle: Option<Cycle>,
    /// Game length in plies.
    pub length: Length,
    /// Legal moves of the side to move, by tenth of the game (finished and capped games).
    pub branching: Vec<f64>,
    /// Legal moves of the side to move, over every ply played.
    pub branching_mean: f64,
    /// Of the finished, decided games with one seat ahead by score at half their length, how
    /// often that seat won.
    pub mid_leader: Rate,
}

/// A position that came back in a game stopped at the cap.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cycle {
    /// The game (its index in the setting, from 0).
    pub game: u64,
    /// How many times the position was on the board.
    pub times: u64,
    /// The plies it was seen at (the first twelve).
    pub plies: Vec<u64>,
    /// The position, as a position file (`ludopress moves` and `diagram` read it).
    pub position: String,
}

/// A count out of a number of games, with a 95 % confidence interval (Wilson's).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// What is counted (a seat, a player).
    pub name: String,
    /// Times it happened.
    pub count: u64,
    /// Out of this many games.
    pub of: u64,
    /// Lower bound of the interval.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl Rate {
    /// `count` of `of`, with Wilson's 95 % interval.
    pub fn new(name: &str, count: u64, of: u64) -> Rate {
        let (low, high) = wilson(count, of);
        Rate {
            name: name.into(),
            count,
            of,
            low,
            high,
        }
    }

    /// The proportion (0 when out of nothing).
    pub fn rate(&self) -> f64 {
        if self.of == 0 {
            0.0
        } else {
            self.count as f64 / self.of as f64
        }
    }
}

/// Wilson's score interval at 95 % for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Game lengths.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Length {
    /// Mean.
    pub mean: f64,
    /// Shortest.
    pub min: u64,
    /// Tenth percentile.
    pub p10: u64,
    /// Median.
    pub median: u64,
    /// Ninetieth percentile.
    pub p90: u64,
    /// Longest.
    pub max: u64,
    /// A histogram: bins `[low, high)` of plies with their counts.
    pub histogram: Vec<(u64, u64, u64)>,
}

impl Length {
    /// The statistics of `lengths`.
    pub fn of(lengths: &[u64]) -> Length {
        let mut v = lengths.to_vec();
        v.sort_unstable();
        let at = |q: f64| {
            if v.is_empty() {
                0
            } else {
                v[((v.len() - 1) as f64 * q).round() as usize]
            }
        };
        let (min, max) = (
            v.first().copied().unwrap_or(0),
            v.last().copied().unwrap_or(0),
        );
        let bins = 20u64;
        let width = ((max - min) / bins + 1).max(1);
        let mut histogram: Vec<(u64, u64, u64)> = (0..bins)
            .map(|i| (min + i * width, min + (i + 1) * width, 0))
            .take_while(|b| b.0 <= max)
            .collect();
        for &l in &v {
            let i = ((l - min) / width) as usize;
            if let Some(b) = histogram.get_mut(i) {
                b.2 += 1;
            }
        }
        Length {
            mean: if v.is_empty() {
                0.0
            } else {
                v.iter().sum::<u64>() as f64 / v.len() as f64
            },
            min,
            p10: at(0.1),
            median: at(0.5),
            p90: at(0.9),
            max,
            histogram,
        }
    }
}

fn pct(x: f64) -> String {
    let x = x.clamp(0.0, 1.0);
    format!("{:.1}\u{a0}%", 100.0 * x)
}

fn rate_text(r: &Rate) -> String {
    format!(
        "{} ({} of {}; 95 % CI {}–{})",
        pct(r.rate()),
        r.count,
        r.of,
        pct(r.low),
        pct(r.high)
    )
}

/// What the games stopped at the cap show: how many, how many went round, how many stood still.
fn cap_sentence(r: &Report, st: &Setting) -> String {
    format!(
        "{} games of {} did not end within {} plies; in {} of them a position came back, and in {} the scores had not changed for the last half of the game (the longest: {} plies without a change)",
        st.capped, r.games, r.cap, st.cycling, st.stalled, st.longest_stall
    )
}

/// Who was ahead in the games stopped at the cap, if any was.
fn ahead_sentence(st: &Setting) -> Option<String> {
    (st.capped > 0 && !st.ahead_at_cap.is_empty()).then(|| {
        format!(
            "ahead by score when stopped at the cap: {}",
            st.ahead_at_cap
                .iter()
                .map(|r| format!("{} {}", r.name, rate_text(r)))
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// The evidence of a game going round: its position and the plies it came back at.
fn cycle_sentence(c: &Cycle) -> String {
    format!(
        "game {} was on the same position {} times (plies {}{})",
        c.game,
        c.times,
        c.plies
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        if c.times > c.plies.len() as u64 {
            ", …"
        } else {
            ""
        }
    )
}

/// The report as a text summary.
pub fn text(r: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} — balance report", r.title);
    let _ = writeln!(
        s,
        "{} games per setting; players {}{}; games stopped at {} plies; seed {}",
        r.games,
        r.players.join(", "),
        if r.rotate {
            " (changing seats each game)"
        } else {
            ""
        },
        r.cap,
        r.seed
    );
    for st in &r.settings {
        let _ = writeln!(s, "\n== {}", st.label);
        for seat in &st.seats {
            let _ = writeln!(s, "  {:<14} wins {}", seat.name, rate_text(seat));
        }
        for p in &st.players {
            let _ = writeln!(s, "  player {:<7} wins {}", p.name, rate_text(p));
        }
        let _ = writeln!(s, "  draws {}  stopped at the cap {}", st.draws, st.capped);
        let l = &st.length;
        let _ = writeln!(
            s,
            "  length: mean {:.1}, min {}, 10 % {}, median {}, 90 % {}, max {} plies",
            l.mean, l.min, l.p10, l.median, l.p90, l.max
        );
        let _ = writeln!(
            s,
            "  branching: mean {:.1}; by tenth of the game {}",
            st.branching_mean,
            st.branching
                .iter()
                .map(|b| format!("{b:.1}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let _ = writeln!(
            s,
            "  the side ahead at mid-game won {}",
            rate_text(&st.mid_leader)
        );
        if st.capped > 0 {
            let _ = writeln!(s, "  warning: {}", cap_sentence(r, st));
        }
        if let Some(ahead) = ahead_sentence(st) {
            let _ = writeln!(s, "  {ahead}");
        }
        if let Some(c) = &st.cycle {
            let _ = writeln!(
                s,
                "  {}:\n{}",
                cycle_sentence(c),
                c.position
                    .lines()
                    .map(|l| format!("    {l}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }
    s
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Colours of the settings in the charts.
const COLOURS: [&str; 6] = [
    "#2f6f8f", "#c0622d", "#5b8c3a", "#8e4f8c", "#b8962e", "#555555",
];

/// The seats and players of every setting, in the order they first come.
fn columns(r: &Report) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for st in &r.settings {
        for x in st.seats.iter().chain(&st.players) {
            if seen.insert(&x.name) {
                names.push(x.name.clone());
            }
        }
    }
    names
}

/// Win rates with their intervals: one group of bars per seat (and player), one bar per
/// setting.
fn win_chart(r: &Report) -> String {
    let mut names = columns(r);
    names.push("draw".into());
    let n = r.settings.len();
    let (w, h, left, bottom) = (640.0, 260.0, 44.0, 36.0);
    let group = (w - left - 10.0) / names.len() as f64;
    let bar = (group * 0.8 / n as f64).min(40.0);
    let y = |v: f64| 10.0 + (h - bottom - 10.0) * (1.0 - v.clamp(0.0, 1.0));
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"win rates\">\n"
    );
    for t in 0..=4 {
        let v = t as f64 / 4.0;
        let _ = writeln!(
            s,
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{}%</text>",
            w - 10.0,
            y(v),
            y(v),
            left - 4.0,
            y(v) + 4.0,
            t * 25
        );
    }
    for (g, name) in names.iter().enumerate() {
        let x0 = left + g as f64 * group + group * 0.1;
        for (k, st) in r.settings.iter().enumerate() {
            let rate = if name == "draw" {
                Rate::new("draw", st.draws, r.games)
            } else {
                match st.seats.iter().chain(&st.players).find(|x| &x.name == name) {
                    Some(x) => x.clone(),
                    None => continue,
                }
            };
            let x = x0 + k as f64 * bar;
            let _ = writeln!(
                s,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"><title>{}: {}</title></rect>",
                y(rate.rate()),
                bar * 0.9,
                y(0.0) - y(rate.rate()),
                COLOURS[k % COLOURS.len()],
                esc(&st.label),
                esc(&rate_text(&rate))
            );
            let cx = x + bar * 0.45;
            let _ = writeln!(
                s,
                "<line x1=\"{cx:.1}\" x2=\"{cx:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#111\"/><line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#111\"/><line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#111\"/>",
                y(rate.low),
                y(rate.high),
                cx - 3.0,
                cx + 3.0,
                y(rate.low),
                y(rate.low),
                cx - 3.0,
                cx + 3.0,
                y(rate.high),
                y(rate.high)
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            left + g as f64 * group + group / 2.0,
            h - bottom + 16.0,
            esc(name)
        );
    }
    // A seat's fair share, when every setting has as many seats.
    let seats = r.settings[0].seats.len().max(1);
    if r.settings.iter().all(|st| st.seats.len() == seats) {
        let _ = writeln!(
            s,
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#888\" stroke-dasharray=\"4 3\"><title>a fair share: 1 in {seats}</title></line>",
            w - 10.0,
            y(1.0 / seats as f64),
            y(1.0 / seats as f64)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// One histogram of game lengths per setting.
fn length_chart(st: &Setting, colour: &str) -> String {
    let (w, h, left, bottom) = (300.0, 150.0, 34.0, 30.0);
    let most = st
        .length
        .histogram
        .iter()
        .map(|b| b.2)
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let bins = st.length.histogram.len().max(1) as f64;
    let bw = (w - left - 8.0) / bins;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"game lengths\">\n"
    );
    for (i, (lo, hi, c)) in st.length.histogram.iter().enumerate() {
        let bh = (h - bottom - 10.0) * *c as f64 / most;
        let _ = writeln!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"{colour}\"><title>{lo}–{} plies: {c} games</title></rect>",
            left + i as f64 * bw,
            h - bottom - bh,
            (bw - 1.0).max(0.5),
            hi - 1
        );
    }
    let _ = writeln!(
        s,
        "<line x1=\"{left}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#888\"/>",
        w - 8.0,
        h - bottom,
        h - bottom
    );
    let _ = writeln!(
        s,
        "<text x=\"{left}\" y=\"{:.1}\" font-size=\"11\">{}</text><text x=\"{}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{} plies</text>",
        h - bottom + 14.0,
        st.length.min,
        w - 8.0,
        h - bottom + 14.0,
        st.length.max
    );
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{}</text>",
        left - 4.0,
        14.0,
        most as u64
    );
    s.push_str("</svg>\n");
    s
}

/// Branching by tenth of the game, one line per setting.
fn branching_chart(r: &Report) -> String {
    let (w, h, left, bottom) = (640.0, 220.0, 44.0, 34.0);
    let most = r
        .settings
        .iter()
        .flat_map(|s| s.branching.iter().copied())
        .filter(|b| b.is_finite())
        .fold(1.0, f64::max);
    let x = |i: usize| left + (w - left - 20.0) * (i as f64 + 0.5) / 10.0;
    let y = |v: f64| 10.0 + (h - bottom - 10.0) * (1.0 - (v / most).clamp(0.0, 1.0));
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"branching factor\">\n"
    );
    for t in 0..=4 {
        let v = most * t as f64 / 4.0;
        let _ = writeln!(
            s,
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{v:.0}</text>",
            w - 10.0,
            y(v),
            y(v),
            left - 4.0,
            y(v) + 4.0
        );
    }
    for (k, st) in r.settings.iter().enumerate() {
        let pts: Vec<String> = st
            .branching
            .iter()
            .enumerate()
            .map(|(i, b)| format!("{:.1},{:.1}", x(i), y(*b)))
            .collect();
        let _ = writeln!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"><title>{}</title></polyline>",
            pts.join(" "),
            COLOURS[k % COLOURS.len()],
            esc(&st.label)
        );
    }
    for i in 0..10 {
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}–{}%</text>",
            x(i),
            h - bottom + 16.0,
            i * 10,
            i * 10 + 10
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The report as a standalone HTML page with SVG charts.
pub fn html(r: &Report) -> String {
    let mut h = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{} — balance report</title>\n<style>\n\
body {{ font-family: Lato, 'Helvetica Neue', Arial, sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em; line-height: 1.45; color: #1d1d1b; }}\n\
table {{ border-collapse: collapse; margin: 1em 0; }} td, th {{ border: 1px solid #bbb; padding: 0.25em 0.5em; text-align: right; }} th:first-child, td:first-child {{ text-align: left; }}\n\
.key span {{ display: inline-block; margin-right: 1.2em; }} .key i {{ display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em; vertical-align: -0.1em; }}\n\
.lengths {{ display: flex; flex-wrap: wrap; gap: 1em; }} .lengths div {{ text-align: center; font-size: 0.9em; }}\n\
td small {{ white-space: nowrap; }}\n\
.warn {{ background: #fbe9e7; border-left: 4px solid #c62828; padding: 0.5em 1em; }}\n</style>\n</head>\n<body>\n",
        esc(&r.title)
    );
    let _ = writeln!(h, "<h1>{} — balance report</h1>", esc(&r.title));
    let _ = writeln!(
        h,
        "<p>{} games per setting between {}{}, each stopped unfinished after {} plies; seed {}. Intervals are 95 % (Wilson). Made by <code>ludopress analyze {}</code>.</p>",
        r.games,
        esc(&r.players.join(", ")),
        if r.rotate { ", changing seats each game" } else { "" },
        r.cap,
        r.seed,
        esc(&r.game)
    );
    for st in &r.settings {
        if st.capped > 0 {
            let _ = writeln!(
                h,
                "<p class=\"warn\"><b>{}</b>: {}. A game that goes round under this play needs a rule that ends it.</p>",
                esc(&st.label),
                esc(&cap_sentence(r, st))
            );
        }
        if let Some(ahead) = ahead_sentence(st) {
            let _ = writeln!(h, "<p><b>{}</b>: {}.</p>", esc(&st.label), esc(&ahead));
        }
        if let Some(c) = &st.cycle {
            let _ = writeln!(
                h,
                "<details><summary>{}: {}</summary><pre>{}</pre></details>",
                esc(&st.label),
                esc(&cycle_sentence(c)),
                esc(&c.position)
            );
        }
    }
    if r.settings.is_empty() {
        h.push_str("<p>No setting was played.</p>\n</body>\n</html>\n");
        return h;
    }
    h.push_str("<p class=\"key\">");
    for (k, st) in r.settings.iter().enumerate() {
        let _ = write!(
            h,
            "<span><i style=\"background: {}\"></i>{}</span>",
            COLOURS[k % COLOURS.len()],
            esc(&st.label)
        );
    }
    h.push_str("</p>\n<h2>Who wins</h2>\n");
    h.push_str(&win_chart(r));
    h.push_str("<table>\n<tr><th>setting</th>");
    let names = columns(r);
    for name in &names {
        let _ = write!(h, "<th>{} wins</th>", esc(name));
    }
    h.push_str(
        "<th>draws</th><th>stopped at the cap</th><th>side ahead at mid-game wins</th></tr>\n",
    );
    for st in &r.settings {
        let _ = write!(h, "<tr><td>{}</td>", esc(&st.label));
        for name in &names {
            match st.seats.iter().chain(&st.players).find(|x| &x.name == name) {
                Some(seat) => {
                    let _ = write!(
                        h,
                        "<td>{}<br><small>{}–{}</small></td>",
                        pct(seat.rate()),
                        pct(seat.low),
                        pct(seat.high)
                    );
                }
                None => h.push_str("<td>—</td>"),
            }
        }
        let _ = writeln!(
            h,
            "<td>{}</td><td>{}</td><td>{}<br><small>of {} games</small></td></tr>",
            st.draws,
            st.capped,
            pct(st.mid_leader.rate()),
            st.mid_leader.of
        );
    }
    h.push_str("</table>\n<h2>How long</h2>\n<table>\n<tr><th>setting</th><th>mean</th><th>min</th><th>10 %</th><th>median</th><th>90 %</th><th>max</th></tr>\n");
    for st in &r.settings {
        let l = &st.length;
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{:.1}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&st.label),
            l.mean,
            l.min,
            l.p10,
            l.median,
            l.p90,
            l.max
        );
    }
    h.push_str("</table>\n<div class=\"lengths\">\n");
    for (k, st) in r.settings.iter().enumerate() {
        let _ = writeln!(
            h,
            "<div>{}<br>{}</div>",
            length_chart(st, COLOURS[k % COLOURS.len()]),
            esc(&st.label)
        );
    }
    h.push_str("</div>\n<h2>How many choices</h2>\n<p>Legal moves of the side to move, by tenth of the game.</p>\n");
    h.push_str(&branching_chart(r));
    h.push_str("<table>\n<tr><th>setting</th><th>mean over all plies</th></tr>\n");
    for st in &r.settings {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{:.1}</td></tr>",
            esc(&st.label),
            st.branching_mean
        );
    }
    h.push_str("</table>\n</body>\n</html>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        // 50 of 100: 40.4 % to 59.6 %; 0 of 10: 0 to 27.8 %.
        let (lo, hi) = wilson(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
    }

    #[test]
    fn lengths_fall_in_their_bins() {
        let l = Length::of(&[10, 12, 12, 30, 50]);
        assert_eq!((l.min, l.median, l.max), (10, 12, 50));
        assert_eq!(l.histogram.iter().map(|b| b.2).sum::<u64>(), 5);
        assert!(l.histogram.iter().all(|b| b.0 < b.1));
    }
}
