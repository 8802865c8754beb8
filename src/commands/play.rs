//! `ludopress play`: a game in the terminal between people and computer players, on a bundled
//! engine or on a game's own program (which is then said, with how fast it played).
//!
//! The position is drawn with its cell names, the legal moves are listed in the game's
//! notation, and a move is typed in that notation. The game is saved after every ply as a
//! record: the start position and `record = [...]`, the moves played (with the roll that came
//! where chance follows a move), which `ludopress moves` and `diagram` replay.

use crate::base::diag::Error;
use crate::rules::ai::{Player, Tuning};
use crate::rules::engine::WithRules;
use crate::rules::rng::Rng;
use crate::rules::{self, Board, Field, Rules};
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;

/// The terminal that could not be read or written, in the system's words (exit status 1).
fn terminal(e: impl std::fmt::Display) -> Error {
    Error::system(e)
}

/// Longest line read at the prompt.
const MAX_LINE: usize = 4096;

/// Most bytes of an overlong line skipped, looking for its end, before the game stops: input
/// that is not typed (`play < /dev/zero`) is never read without end.
const MAX_SKIPPED: usize = 1 << 20;

/// Skips the rest of an overlong line, up to [`MAX_SKIPPED`] bytes without keeping them; true
/// when its end (or the end of the input) was found.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<bool> {
    let mut skipped = 0;
    while skipped < MAX_SKIPPED {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(true);
        }
        if let Some(i) = buf.iter().position(|&b| b == b'\n') {
            input.consume(i + 1);
            return Ok(true);
        }
        let n = buf.len();
        input.consume(n);
        skipped += n;
    }
    Ok(false)
}

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seat {
    /// A person at the keyboard.
    Human,
    /// A computer player.
    Computer(Player),
}

impl Seat {
    /// Reads `human` or a player (`random`, `greedy`, `mcts:N`...).
    pub fn parse(s: &str) -> Result<Seat, Error> {
        if s == "human" {
            Ok(Seat::Human)
        } else {
            Player::parse(s)
                .map(Seat::Computer)
                .map_err(|e| Error::usage(String::new(), format!("{e}, or human")))
        }
    }

    fn name(&self) -> String {
        match self {
            Seat::Human => "you".into(),
            Seat::Computer(p) => p.name(),
        }
    }
}

/// A game to play.
pub struct Game<'a, I: BufRead, O: Write> {
    /// Seats, repeated round the table.
    pub seats: Vec<Seat>,
    /// The seed (the deal, the dice, the computer's choices).
    pub seed: u64,
    /// The variant's index.
    pub variant: usize,
    /// A position to start from instead (a position file's text), with its name.
    pub from: Option<(String, String)>,
    /// The record this game goes on with: its start position (a position file's text) and its
    /// moves, written before the new ones.
    pub history: Option<(String, Vec<String>)>,
    /// Plies after which the game stops unfinished.
    pub cap: u64,
    /// Where the record is written after every ply.
    pub record: PathBuf,
    /// Keyboard.
    pub input: I,
    /// Screen.
    pub output: &'a mut O,
}

/// One ply of the game: the position before it and the record's entry.
struct Ply<P> {
    before: P,
    entry: String,
}

impl<I: BufRead, O: Write> WithRules for Game<'_, I, O> {
    type Out = Result<String, Error>;

    fn call<R: Rules>(mut self, r: &R) -> Result<String, Error> {
        let mut rng = Rng::new(self.seed);
        let start = match &self.from {
            Some((name, text)) => {
                let (_, raw) = rules::raw(name, text)?;
                rules::load(r, raw)?
            }
            None => r.start_variant(rng.next(), self.variant),
        };
        let tuning = Tuning::default();
        let mut p = start.clone();
        let mut plies: Vec<Ply<R::Pos>> = Vec::new();
        let out = &mut *self.output;
        // Every text shown, the board included, with its control characters escaped.
        let say = |out: &mut O, s: String| -> Result<(), Error> {
            writeln!(out, "{}", crate::base::diag::escape_controls(&s)).map_err(terminal)
        };
        say(
            out,
            format!(
                "{}: {} (type a move, `moves`, `undo`, `hint`, `help` or `quit`)",
                r.id(),
                r.seats(&p)
                    .iter()
                    .enumerate()
                    .map(|(i, s)| format!("{s} {}", self.seats[i % self.seats.len()].name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )?;
        let mut bytes = Vec::new();
        let mut legal = Vec::new();
        // The legal moves' notations, made once per position and only when a person needs
        // them (a game's default notation looks each move up among all the named moves).
        let mut names: Option<Vec<String>> = None;
        let mut shown = None;
        save(r, &start, self.history.as_ref(), &plies, &self.record)?;
        loop {
            // The board and the legal moves again only when the position changed.
            if shown.as_ref() != Some(&p) {
                legal.clear();
                r.legal(&p, &mut legal);
                names = None;
                say(out, draw(r, &p, plies.len()))?;
                shown = Some(p.clone());
            }
            if !legal.is_empty() && plies.len() as u64 >= self.cap {
                say(
                    out,
                    format!(
                        "Stopped unfinished after {} plies (--cap). Record: {}",
                        plies.len(),
                        self.record.display()
                    ),
                )?;
                return Ok("stopped".into());
            }
            if legal.is_empty() {
                let s = r.score(&p);
                let result = match s.winner.as_deref() {
                    Some("draw") => "a draw".to_string(),
                    Some(w) => format!("{w} wins"),
                    None => "over".to_string(),
                };
                say(
                    out,
                    format!(
                        "The game is over after {} plies: {result}. Record: {}",
                        plies.len(),
                        self.record.display()
                    ),
                )?;
                return Ok(result);
            }
            let seat = r.seat(&p);
            let who = self.seats[seat % self.seats.len()];
            let mv = match who {
                Seat::Computer(player) => {
                    let t = std::time::Instant::now();
                    let m = player
                        .choose(r, &p, &tuning, &mut rng)
                        .ok_or_else(|| Error::engine(player.name(), "no move for the computer"))?;
                    say(
                        out,
                        format!(
                            "{} ({}) plays {}   [{:.1} s]",
                            r.seats(&p)[seat],
                            player.name(),
                            r.notation(&p, m),
                            t.elapsed().as_secs_f64()
                        ),
                    )?;
                    m
                }
                Seat::Human => {
                    let prompt = format!("{} to move> ", r.seats(&p)[seat]);
                    write!(out, "{}", crate::base::diag::escape_controls(&prompt))
                        .map_err(terminal)?;
                    out.flush().map_err(terminal)?;
                    bytes.clear();
                    let n = std::io::Read::by_ref(&mut self.input)
                        .take(MAX_LINE as u64)
                        .read_until(b'\n', &mut bytes)
                        .map_err(terminal)?;
                    if n == MAX_LINE
                        && bytes.last() != Some(&b'\n')
                        && !skip_line(&mut self.input).map_err(terminal)?
                    {
                        // The rest of an overlong line is dropped, within a bound.
                        return Err(Error::limit(
                            "standard input: a line",
                            format!(
                                "{} KiB, not a move typed at the prompt; the game stopped (record: {})",
                                MAX_SKIPPED >> 10,
                                self.record.display()
                            ),
                        ));
                    }
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    if n == 0 {
                        say(out, format!("\nStopped. Record: {}", self.record.display()))?;
                        return Ok("stopped".into());
                    }
                    let typed = line.trim();
                    match typed {
                        "" | "moves" | "?" => {
                            let names = names.get_or_insert_with(|| notations(r, &p, &legal));
                            say(out, list(names))?;
                            continue;
                        }
                        "help" => {
                            say(out, "Type a move as listed by `moves`. `undo` takes back your last move (and the computer's answer), `hint` asks the computer, `quit` stops; the record is saved after every ply.".into())?;
                            continue;
                        }
                        "quit" | "exit" => {
                            say(out, format!("Stopped. Record: {}", self.record.display()))?;
                            return Ok("stopped".into());
                        }
                        "hint" => {
                            let m = Player::Mcts(crate::rules::ai::Budget::Playouts(1000)).choose(
                                r,
                                &p,
                                &tuning,
                                &mut rng.clone(),
                            );
                            if let Some(m) = m {
                                say(out, format!("hint: {}", r.notation(&p, m)))?;
                            }
                            continue;
                        }
                        "undo" => {
                            // Back to the last position where a person was to move.
                            let seats = &self.seats;
                            let human = |q: &R::Pos| seats[r.seat(q) % seats.len()] == Seat::Human;
                            let back = plies.iter().rposition(|ply| human(&ply.before));
                            let mut undone = 0;
                            if let Some(i) = back {
                                undone = plies.len() - i;
                                p = plies[i].before.clone();
                                plies.truncate(i);
                            }
                            if undone == 0 {
                                say(out, "Nothing to undo.".into())?;
                            } else {
                                say(out, format!("Took back {undone} plies."))?;
                                save(r, &start, self.history.as_ref(), &plies, &self.record)?;
                            }
                            continue;
                        }
                        _ => {}
                    }
                    let names = names.get_or_insert_with(|| notations(r, &p, &legal));
                    match find(r, &p, &legal, names, typed) {
                        Some(m) => m,
                        None => {
                            say(
                                out,
                                format!(
                                    "`{}{}` is not a legal move here.\n{}",
                                    typed.chars().take(40).collect::<String>(),
                                    if typed.chars().count() > 40 {
                                        "…"
                                    } else {
                                        ""
                                    },
                                    list(names)
                                ),
                            )?;
                            continue;
                        }
                    }
                }
            };
            let n = r.chances(&p, mv);
            let k = rules::draw_outcome(r, &p, mv, &mut rng);
            let q = r.apply(&p, mv, k);
            let mut entry = r.notation(&p, mv);
            if n > 1 {
                // Which outcome came: the fields in which the outcomes differ.
                let other = r.apply(&p, mv, (k + 1) % n);
                let (a, b) = (r.fields(&q), r.fields(&other));
                for ((key, v), (_, w)) in a.iter().zip(&b) {
                    if v != w {
                        let shown = rules::to_line(&[(key, v.clone())]);
                        let value = shown.split_once('=').map_or("", |x| x.1);
                        entry.push_str(&format!("; {key} = {value}"));
                        say(out, format!("chance: {key} = {value}"))?;
                    }
                }
            }
            plies.push(Ply {
                before: p.clone(),
                entry,
            });
            p = q;
            save(r, &start, self.history.as_ref(), &plies, &self.record)?;
        }
    }
}

/// The legal move typed as `typed`: however the game writes it (a move written two ways is
/// found either way).
fn find<R: Rules>(
    r: &R,
    p: &R::Pos,
    legal: &[R::Move],
    names: &[String],
    typed: &str,
) -> Option<R::Move> {
    if let Some((&m, _)) = legal.iter().zip(names).find(|(_, n)| *n == typed) {
        return Some(m);
    }
    let q = r.find_move(p, typed)?;
    legal.iter().copied().find(|&m| r.apply(p, m, 0) == q)
}

/// The legal moves in notation.
/// The notation of each legal move, in the same order.
fn notations<R: Rules>(r: &R, p: &R::Pos, legal: &[R::Move]) -> Vec<String> {
    legal.iter().map(|&m| r.notation(p, m)).collect()
}

/// The legal moves' notations, listed in natural order.
fn list(names: &[String]) -> String {
    let mut names = names.to_vec();
    names.sort_by_key(|n| rules::natural_key(n));
    names.dedup();
    let mut s = format!("{} legal moves:", names.len());
    let mut width = 80;
    for n in names {
        if width + n.len() + 2 > 78 {
            s.push_str("\n ");
            width = 1;
        }
        s.push_str("  ");
        s.push_str(&n);
        width += n.len() + 2;
    }
    s
}

/// The position drawn in text: its board with the cell names at the ends of each row, then its
/// other fields and scores.
pub fn draw<R: Rules>(r: &R, p: &R::Pos, ply: usize) -> String {
    let fields = r.shown_fields(p);
    let mut s = format!("\n— ply {ply} —\n");
    let mut rest = Vec::new();
    for (k, v) in &fields {
        match v {
            Field::Board(b) => s.push_str(&board(b)),
            v => rest.push(rules::to_line(&[(k, v.clone())])),
        }
    }
    let score = r.score(p);
    let scores: Vec<String> = score
        .scores
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    s.push_str(&format!(
        "{}\nscores: {}",
        rest.join("  "),
        scores.join(", ")
    ));
    s
}

/// Board rows with the names of each row's first and last cells beside them, and the columns'
/// letters above and below when the names are a letter and a number.
fn board(b: &Board) -> String {
    let rows = b.tokens();
    let names = b.names();
    let width = rows
        .iter()
        .flatten()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1);
    let longest = rows.iter().map(Vec::len).max().unwrap_or(0);
    let label = names
        .iter()
        .flatten()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0);
    let shape_fits =
        names.len() == rows.len() && names.iter().zip(&rows).all(|(n, r)| n.len() == r.len());
    // Column letters: the last row's names, when each is letters then the same number.
    let letters: Option<Vec<String>> = names.last().filter(|_| shape_fits).and_then(|row| {
        let split: Vec<(String, String)> = row
            .iter()
            .map(|n| {
                let i = n.find(|c: char| c.is_ascii_digit()).unwrap_or(n.len());
                (n[..i].to_string(), n[i..].to_string())
            })
            .collect();
        let same = split.windows(2).all(|w| w[0].1 == w[1].1);
        let all_letters = split
            .iter()
            .all(|(a, _)| !a.is_empty() && a.chars().all(char::is_alphabetic));
        (same && all_letters && rows.iter().all(|r| r.len() == longest))
            .then(|| split.into_iter().map(|x| x.0).collect())
    });
    let mut s = String::new();
    let head = |s: &mut String, letters: &[String]| {
        s.push_str(&" ".repeat(label + 2));
        for l in letters {
            s.push_str(&format!("{l:<width$} "));
        }
        s.push('\n');
    };
    if let Some(l) = &letters {
        head(&mut s, l);
    }
    for (i, row) in rows.iter().enumerate() {
        let indent = (longest - row.len()) * (width + 1) / 2;
        let (first, last) = match names.get(i).filter(|_| shape_fits) {
            Some(n) => (
                n.first().cloned().unwrap_or_default(),
                n.last().cloned().unwrap_or_default(),
            ),
            None => (String::new(), String::new()),
        };
        let (first, last) = if letters.is_some() {
            // The rank alone: the letters are above.
            let num = |n: &str| n.trim_start_matches(char::is_alphabetic).to_string();
            (num(&first), num(&last))
        } else {
            (first, last)
        };
        s.push_str(&format!("{first:>label$}  {}", " ".repeat(indent)));
        for t in row {
            s.push_str(&format!("{t:<width$} "));
        }
        s.push_str(&format!("{}{last}\n", " ".repeat(indent + 1)));
    }
    if let Some(l) = &letters {
        head(&mut s, l);
    }
    s
}

/// The first line of a record.
pub const RECORD_HEADER: &str =
    "# A game played with `ludopress play`: the start position and the moves since.";

/// Writes the record: the start position and the moves since.
fn save<R: Rules>(
    r: &R,
    start: &R::Pos,
    history: Option<&(String, Vec<String>)>,
    plies: &[Ply<R::Pos>],
    path: &std::path::Path,
) -> Result<(), Error> {
    let head = match history {
        Some((text, _)) => text.clone(),
        None => rules::to_toml(r.id(), &r.fields(start)),
    };
    let mut text =
        format!("{RECORD_HEADER}\n# `ludopress moves` and `ludopress diagram` replay it.\n{head}");
    text.push_str("record = [\n");
    for entry in history.iter().flat_map(|h| &h.1) {
        text.push_str(&format!("  {},\n", rules::json_str(entry)));
    }
    for ply in plies {
        text.push_str(&format!("  {},\n", rules::json_str(&ply.entry)));
    }
    text.push_str("]\n");
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Error::file("", dir, e))?;
    }
    crate::base::output::write_one(path, text.as_bytes()).map_err(crate::make::sink::output_error)
}

/// What `ludopress play` was asked for.
#[derive(Debug, Clone)]
pub struct Request {
    /// Who sits in each seat, in turn order, repeated round the table.
    pub seats: Vec<Seat>,
    /// Seed of the deal, the dice and the computer's choices (from the clock when `None`).
    pub seed: Option<u64>,
    /// Variant by name.
    pub variant: Option<String>,
    /// A position file (or a record) to start from.
    pub from: Option<PathBuf>,
    /// Where to save the record (default: `<out>/<game>/play/<game>-<seed>.toml`).
    pub record: Option<PathBuf>,
    /// Plies after which the game stops unfinished.
    pub cap: u64,
    /// Output folder.
    pub out: PathBuf,
}

/// A game of `play` ready to start: the request checked, the seed drawn, the record's path
/// chosen (the binary says them before the game starts).
pub struct Ready {
    engine: crate::rules::engine::Engine,
    seats: Vec<Seat>,
    /// The seed.
    pub seed: u64,
    variant: usize,
    from: Option<(String, String)>,
    history: Option<(String, Vec<String>)>,
    cap: u64,
    /// Where the record is saved.
    pub record: PathBuf,
}

impl Ready {
    /// Plays the game in the terminal (`input`, `output`).
    pub fn run(self, input: impl BufRead, output: &mut impl Write) -> Result<(), Error> {
        // A program's speed: the plies played through it over the time spent in the game but
        // at the prompt.
        let plies = self.engine.program_plies();
        let typing = std::cell::Cell::new(std::time::Duration::ZERO);
        let start = std::time::Instant::now();
        let input = Timed {
            inner: input,
            spent: &typing,
        };
        let result = self.engine.with(Game {
            seats: self.seats,
            seed: self.seed,
            variant: self.variant,
            from: self.from,
            history: self.history,
            cap: self.cap,
            record: self.record,
            input,
            output: &mut *output,
        })?;
        if let Some(before) = plies {
            let now = self.engine.program_plies().unwrap_or(before);
            let secs = start.elapsed().saturating_sub(typing.get()).as_secs_f64();
            if let Some(note) = self.engine.program_note(now - before, secs) {
                writeln!(output, "{note}").map_err(terminal)?;
            }
        }
        result.map(|_| ())
    }
}

/// The keyboard, with the time spent waiting on it counted (a person thinking is not the
/// program's time).
struct Timed<'a, I> {
    inner: I,
    spent: &'a std::cell::Cell<std::time::Duration>,
}

impl<I: BufRead> Timed<'_, I> {
    fn timed<T>(&mut self, f: impl FnOnce(&mut I) -> T) -> T {
        let t = std::time::Instant::now();
        let out = f(&mut self.inner);
        self.spent.set(self.spent.get() + t.elapsed());
        out
    }
}

impl<I: BufRead> Read for Timed<'_, I> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.timed(|i| i.read(buf))
    }
}

impl<I: BufRead> BufRead for Timed<'_, I> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let t = std::time::Instant::now();
        let out = self.inner.fill_buf();
        self.spent.set(self.spent.get() + t.elapsed());
        out
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
    }
}

/// `play`: checks the request against `game` (a bundled engine, its variant, its seats, the
/// position to start from, the record's folder under the output rule).
pub fn prepare(
    project: &crate::definition::Project,
    game: &str,
    req: Request,
) -> Result<Ready, Error> {
    use super::analyze::variant_index;
    use super::build::output_rule;
    use crate::base::diag::Diagnostic;
    let Request {
        seats,
        seed,
        variant,
        from,
        record,
        cap,
        out,
    } = req;
    crate::rules::engine::Engine::playable(project, game)?;
    let engine = crate::rules::engine::Engine::new(project, game)?;
    let file = project.root.join("games").join(game).join("game.toml");
    if variant.is_some() && from.is_some() {
        return Err(Error::Input(
            Diagnostic::file(
                &file,
                "`--variant` and `--from` together: the position given says its variant",
            )
            .into(),
        ));
    }
    let variant = match variant {
        None => 0,
        Some(v) => variant_index(project, game, &engine, &v)?,
    };
    let seat_count = crate::analysis::seats(&engine, variant)?;
    if seats.len() > seat_count {
        return Err(Error::Input(
            Diagnostic::file(
                &file,
                format!("{} players for {seat_count} seats", seats.len()),
            )
            .into(),
        ));
    }
    let mut history = None;
    let from = match from {
        Some(path) => {
            // Checked whole (a record replayed) before the game starts.
            let (e, rec) = super::position::open_record(project, &path)?;
            if e.id() != game {
                return Err(Error::Input(
                    Diagnostic::file(
                        &path,
                        format!("a position of `{}`, not of `{game}`", e.id()),
                    )
                    .into(),
                ));
            }
            // A record goes on from where it stopped, and its start and moves begin the new
            // record.
            if !rec.moves.is_empty() {
                history = Some((e.to_toml(&rec.start), rec.moves));
            }
            let pos = rec.end;
            Some((path.display().to_string(), e.to_toml(&pos)))
        }
        None => None,
    };
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as u64)
    });
    let record = match record {
        Some(r) => r,
        None => output_rule(project, &out, &[game.to_string()])?
            .join(game)
            .join("play")
            .join(format!("{game}-{seed}.toml")),
    };
    // Its folder under the output rule (read without the disk: `./x/../games/r.toml` is in
    // `games/`), and never over a file that is not a record.
    let record = crate::base::output::lexical(&record);
    let Some(name) = record.file_name().map(std::ffi::OsStr::to_os_string) else {
        return Err(Error::Input(
            Diagnostic::file(
                &record,
                "not a file name: name the record's file in `--record`",
            )
            .into(),
        ));
    };
    let folder = record
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let record = output_rule(project, folder, &[])?.join(name);
    if let Ok(meta) = std::fs::symlink_metadata(&record) {
        // Only a regular file is opened (a pipe would wait for a writer), and only its head read.
        let mut head = Vec::new();
        if meta.is_file() {
            if let Ok(f) = std::fs::File::open(&record) {
                let _ = f.take(RECORD_HEADER.len() as u64).read_to_end(&mut head);
            }
        }
        if !meta.is_file() || !head.starts_with(RECORD_HEADER.as_bytes()) {
            return Err(Error::Input(
                Diagnostic::file(
                    &record,
                    "not a record written by `ludopress play`: choose another `--record`",
                )
                .into(),
            ));
        }
    }
    // Made now (the record is saved before the first ply) and checked again.
    if let Some(folder) = record.parent().filter(|p| !p.as_os_str().is_empty()) {
        crate::base::output::make_output_folder(&project.root, folder)?;
    }
    Ok(Ready {
        engine,
        seats,
        seed,
        variant,
        from,
        history,
        cap,
        record,
    })
}
