//! Fuzzers of what engines read and answer: records (a position file with `record = [...]`, the
//! moves played from it, replayed by `Engine::open_record`) and the answers of a game's own
//! engine program (a fake engine, a shell one-liner that prints mutated JSON lines, talked to
//! through `rules::external::External`).

use super::harness::{self, placed, Verdict};
use super::mutate::{mutate, pick, tokens};
use crate::common;
use ludopress::definition::model::EngineDef;
use ludopress::definition::Project;
use ludopress::rules::engine::{self, Engine};
use ludopress::rules::external::External;
use ludopress::rules::rng::Rng;

/// A record of `plies` moves from the start position of `engine`'s game, played at random (a
/// move followed by chance says which outcome came, as `ludopress play` writes it).
fn record(engine: &Engine, seed: u64, plies: usize) -> String {
    let mut rng = Rng::new(seed);
    let start = engine.start(seed);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let all = engine.all_moves(&pos);
        if all.is_empty() {
            break;
        }
        let (name, next) = all[pick(&mut rng, all.len())].clone();
        let mut entry = name.clone();
        let twin = all.iter().find(|(n, q)| *n == name && *q != next);
        if let Some((_, other)) = twin {
            let mine = engine.fields(&next);
            let theirs = engine.fields(other);
            if let Some((k, v)) = mine
                .iter()
                .zip(&theirs)
                .find(|(a, b)| a.1 != b.1)
                .map(|(a, _)| a)
            {
                entry = format!("{name}; {}", ludopress::rules::to_line(&[(k, v.clone())]));
            }
        }
        moves.push(entry);
        pos = next;
    }
    let mut text = engine.to_toml(&start);
    text.push_str("record = [\n");
    for m in &moves {
        text.push_str(&format!("  {},\n", ludopress::rules::json_str(m)));
    }
    text.push_str("]\n");
    text
}

/// One mutation of a record's list of moves, most keeping each move as written (so that many
/// mutated records still replay, and go deeper): the list cut short, a move dropped, repeated
/// or swapped with the next, a move's outcome changed, the list repeated many times.
fn mutate_record(text: &str, rng: &mut Rng) -> String {
    let Some((head, rest)) = text.split_once("record = [\n") else {
        return text.to_string();
    };
    let (list, tail) = rest.rsplit_once(']').unwrap_or((rest, ""));
    let mut moves: Vec<String> = list.lines().map(str::to_string).collect();
    if moves.is_empty() {
        moves.push("  \"pass\",".into());
    }
    let i = pick(rng, moves.len());
    match rng.below(7) {
        0 => moves.truncate(i),
        1 => {
            moves.remove(i);
        }
        2 => {
            let m = moves[i].clone();
            moves.insert(i, m);
        }
        3 if i + 1 < moves.len() => moves.swap(i, i + 1),
        4 => {
            let m = &mut moves[i];
            *m = match m.split_once(';') {
                Some((mv, _)) => format!(
                    "{mv}; {}\",",
                    ["die = 0", "die = 7", "die = 3", "x = 1", "die = \\\"", "="][pick(rng, 6)]
                ),
                None => m.replace("\",", &format!("; die = {}\",", rng.below(8))),
            };
        }
        5 if moves.len() < 1000 => {
            let times = [10, 400][pick(rng, 2)];
            let copy = moves.clone();
            for _ in 0..times {
                moves.extend(copy.iter().cloned());
            }
        }
        _ => {
            let j = pick(rng, moves.len());
            moves[i] = moves[j].clone();
        }
    }
    format!("{head}record = [\n{}\n]{tail}", moves.join("\n"))
}

#[test]
fn mutated_records_are_replayed_or_refused_at_a_place() {
    let f = harness::run(
        "records",
        harness::runs(),
        || {
            let project = Project::new(common::root());
            let mut texts = Vec::new();
            for g in ludopress::rules::registry::NAMES {
                let e = Engine::new(&project, g).expect("engine");
                for (seed, plies) in [(1, 12), (2, 40), (3, 200)] {
                    let text = record(&e, seed, plies);
                    // The records the mutations start from replay as written.
                    if Engine::open_record(&project, "r.toml", &text).is_ok() {
                        texts.push(text);
                    }
                }
            }
            assert!(
                texts.len() >= ludopress::rules::registry::NAMES.len(),
                "{} records replay",
                texts.len()
            );
            let mut tokens = tokens();
            for t in [
                "\"pass\",",
                "\"\",",
                "; die = 9",
                "; die = -1",
                "; die = 1e9",
                ";",
                "; =",
                "; die",
                "; turn = \"x\"",
                "\"a1\",\n",
                "1,",
                "[\"x\"],",
                "{a = 1},",
                "record = [\"a\"]\n",
                "record = \"a1\"\n",
                "record = []\n",
            ] {
                tokens.push(t.to_string());
            }
            tokens.push("\"x\",".repeat(20_000));
            tokens.push("  \"a1\",\n".repeat(3000));
            (project, texts, tokens)
        },
        |(project, texts, tokens), case| {
            let text = &texts[case.index % texts.len()];
            let bad = match case.rng.below(3) {
                0 => mutate(text, &mut case.rng, tokens),
                1 => mutate_record(text, &mut case.rng),
                _ => {
                    let once = mutate_record(text, &mut case.rng);
                    mutate_record(&once, &mut case.rng)
                }
            };
            case.input(bad.as_bytes());
            match Engine::open_record(project, "r.toml", &bad) {
                Ok((e, r)) => {
                    // The end of an accepted record is a position the engine plays from.
                    assert!(r.moves.len() <= engine::MAX_RECORD);
                    e.score(&r.end);
                    e.successor_moves(&r.end);
                    // Written back, the end is a position that opens again.
                    let again = e.to_toml(&r.end);
                    if let Err(err) = Engine::open(project, "end.toml", &again) {
                        panic!(
                            "the end of a replayed record does not open again: {err:?}\n{again}"
                        );
                    }
                    Verdict::Accepted
                }
                Err(engine::Error::Input(d)) => {
                    placed(&d, &bad);
                    Verdict::Refused
                }
                Err(e) => {
                    panic!("not an input error: {e}\n{}", harness::short(&bad))
                }
            }
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}

/// The fake engine: prints the answers file given as its argument, one answer a line, then reads
/// its input to the end with its output closed (so ludopress sees the end of the answers at once
/// rather than waiting for more).
const FAKE: &str = "cat \"$0\"; exec cat >/dev/null";

/// Transcripts of a well-behaved engine of the game `fuzz`, for the requests the test makes in
/// order: `info`, `score` of the position, `moves` of it, `score` of its first two successors,
/// `moves` of the first.
fn transcripts() -> Vec<String> {
    let pos = |board: &str, turn: &str| {
        format!("{{\"game\":\"fuzz\",\"board\":\"{board}\",\"turn\":\"{turn}\",\"seen\":[1,2],\"pot\":{{\"white\":3}}}}")
    };
    let info = "{\"id\":1,\"protocol\":1,\"game\":\"fuzz\",\"sides\":[\"white\",\"black\"]}";
    let score = |id: u32, over: bool, winner: &str| {
        format!("{{\"id\":{id},\"over\":{over},\"winner\":{winner},\"scores\":{{\"white\":2,\"black\":-1}}}}")
    };
    let moves = |id: u32, list: &[(&str, String)]| {
        let items: Vec<String> = list
            .iter()
            .map(|(m, p)| format!("{{\"move\":\"{m}\",\"position\":{p}}}"))
            .collect();
        format!("{{\"id\":{id},\"moves\":[{}]}}", items.join(","))
    };
    let a = [
        ("a1-a2", pos("W .\\n. B", "black")),
        ("b2-b1", pos(". W\\nB .", "black")),
        ("pass", pos("W .\\nB .", "black")),
    ];
    let b = [("a2-b2", pos(". .\\n. W", "white"))];
    let one = [
        info.to_string(),
        score(2, false, "null"),
        moves(3, &a),
        score(4, false, "null"),
        score(5, true, "\"white\""),
        moves(6, &b),
    ]
    .join("\n");
    let two = [info.to_string(), score(2, true, "\"draw\""), moves(3, &[])].join("\n");
    let three = [
        info.to_string(),
        "{\"id\":2,\"error\":\"no such board\"}".to_string(),
    ]
    .join("\n");
    vec![one, two, three]
}

fn json_tokens() -> Vec<String> {
    let mut t: Vec<String> = [
        "null",
        "true",
        "false",
        "0",
        "-0",
        "1e999",
        "-1e999",
        "18446744073709551616",
        "-1",
        "1.5",
        "\"\"",
        "\"\\ud800\"",
        "\"\\u0000\"",
        "\"\u{1b}[2J\"",
        "[]",
        "{}",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        "\"",
        "\\",
        "\n",
        "\"id\":1,",
        "\"id\":99,",
        "\"error\":\"bad\",",
        "\"error\":{\"a\":1},",
        "\"moves\":7,",
        "\"moves\":[{}],",
        "\"position\":null,",
        "\"move\":1,",
        "\"protocol\":2,",
        "\"game\":\"other\",",
        "\"sides\":\"white\",",
        "\"scores\":{\"white\":1e300},",
        "\"winner\":5,",
        "\"board\":\"\\n\\n\\n\",",
        "\"board\":7,",
        "\"turn\":[[[]]],",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    t.push("[".repeat(100_000));
    t.push("{\"a\":".repeat(20_000));
    t.push(format!("\"{}\"", "x".repeat(1_000_000)));
    t.push(format!(
        "\"moves\":[{}{{\"move\":\"z\",\"position\":{{}}}}],",
        "{\"move\":\"m\",\"position\":{\"board\":\"W\"}},".repeat(20_000)
    ));
    t.push("{\"id\":2}\n".repeat(1000));
    t
}

#[test]
fn mutated_engine_answers_are_used_or_refused_naming_the_engine() {
    let f = harness::run(
        "engine-answers",
        harness::runs(),
        || {
            // The fake engine is the test's own: consent for this run, as `--allow-engine`.
            ludopress::rules::external::trust::allow_for_this_run();
            let root = harness::scratch("engine");
            let mut tokens = tokens();
            tokens.extend(json_tokens());
            let json = json_tokens();
            (root, transcripts(), tokens, json)
        },
        |(root, bases, tokens, json), case| {
            let base = &bases[case.index % bases.len()];
            let bad = if case.rng.below(3) == 0 {
                mutate(base, &mut case.rng, tokens)
            } else {
                mutate(base, &mut case.rng, json)
            };
            case.input(bad.as_bytes());
            let answers = root.join("answers.jsonl");
            std::fs::write(&answers, &bad).unwrap();
            let def = EngineDef {
                command: vec![
                    "sh".into(),
                    "-c".into(),
                    FAKE.into(),
                    answers.display().to_string(),
                ],
                dir: root.clone(),
            };
            let label = def.command.join(" ");
            // Every failure names the engine, as the check reports it.
            let named = |e: &str| {
                assert!(
                    e.contains(&label) || e.contains("engine"),
                    "an engine error that does not name it: {e}"
                );
            };
            let ext = match External::start("fuzz", &def) {
                Ok(x) => x,
                Err(e) => {
                    named(&e.to_string());
                    return Verdict::Refused;
                }
            };
            let rows = vec![
                vec!["W".to_string(), ".".to_string()],
                vec![".".to_string(), "B".to_string()],
            ];
            let mut fields = toml::Table::new();
            fields.insert("turn".into(), toml::Value::String("white".into()));
            let p = match ext.position(&rows, &fields) {
                Ok(p) => p,
                Err(e) => {
                    assert!(!e.to_string().trim().is_empty(), "an empty error");
                    return Verdict::Refused;
                }
            };
            ext.score(&p);
            let next = ext.moves(&p);
            assert!(next.len() <= ludopress::rules::external::MAX_MOVES);
            for (_, q) in next.iter().take(2) {
                ext.score(q);
                let text = ext.to_toml(q);
                assert!(text.starts_with("game = \"fuzz\""), "{text}");
                q.data();
            }
            if let Some((_, q)) = next.first() {
                ext.moves(q);
            }
            match ext.failure() {
                Some(e) => {
                    named(&e);
                    Verdict::Refused
                }
                None => Verdict::Accepted,
            }
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}

/// Found by the engine fuzzer: an `error` answer to `info` is reported as the engine's answer to
/// that request, naming the engine, not as its bare text.
#[test]
fn an_error_answer_to_info_names_the_engine_and_the_request() {
    ludopress::rules::external::trust::allow_for_this_run();
    let answers = common::root().join("tests/fixtures/fuzz/engine-info-error.jsonl");
    let root = harness::scratch("engine-info-error");
    let def = EngineDef {
        command: vec![
            "sh".into(),
            "-c".into(),
            FAKE.into(),
            answers.display().to_string(),
        ],
        dir: root,
    };
    let e = match External::start("fuzz", &def) {
        Ok(_) => panic!("an engine whose `info` answers an error was started"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("sh -c"), "the engine is not named: {e}");
    assert!(e.contains("`info`"), "the request is not named: {e}");
}

/// What a generated engine command reaches, and so what consent must do with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// A file of the game the engine can run: consent covers it (a change asks again).
    Covered,
    /// A file out of the game folder, or a special file in it: refused, naming it.
    Refused,
    /// The game's program through an empty or relative PATH entry: never found, never run.
    NotFound,
    /// The game's data named by no word (a picture): consent leaves it out (an edit does not ask
    /// again).
    Data,
}

/// One generated game folder (`dir`, fresh) and engine command reaching `target` (relative to
/// `dir`) one way; `outside` is a file out of every game folder; `nodes` whether `mknod` works.
fn consent_case(
    dir: &std::path::Path,
    outside: &std::path::Path,
    nodes: bool,
    rng: &mut Rng,
) -> (Vec<String>, Option<std::ffi::OsString>, String, Reach) {
    use std::os::unix::fs::{symlink, PermissionsExt};
    for (rel, text) in [
        ("engine.py", "print(1)\n"),
        ("lib/helper.py", "x = 1\n"),
        ("lib/deep/more.py", "y = 2\n"),
        ("art/board.svg", "<svg/>\n"),
        ("eng/main.py", "import helper\n"),
        ("bin/engine", "#!/bin/sh\nexit 3\n"),
    ] {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
    }
    let engine = dir.join("bin/engine");
    std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    let abs = dir.canonicalize().unwrap().display().to_string();
    let system = std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".into());
    let files = ["engine.py", "lib/helper.py", "lib/deep/more.py"];
    let target = files[pick(rng, files.len())].to_string();
    let mut reach = Reach::Covered;
    let mut path = Some(std::ffi::OsString::from(&system));
    let mut words: Vec<String> = vec!["python3".into()];
    let word = match rng.below(17) {
        0 => target.clone(),
        1 => format!("art/../{target}"),
        2 => format!("--require=./{target}"),
        3 => format!("-I./{target}"),
        4 => format!("{abs}/{target}"),
        5 => {
            symlink(&target, dir.join("run.py")).unwrap();
            "run.py".into()
        }
        6 => {
            // The folder holding the target (or one above it).
            let folder = std::path::Path::new(&target)
                .parent()
                .map(|p| p.display().to_string())
                .filter(|p| !p.is_empty())
                .unwrap_or_else(|| ".".into());
            format!("--path={folder}")
        }
        7 => {
            symlink(format!("../{target}"), dir.join("eng/linked.py")).unwrap();
            "eng".into()
        }
        8 => {
            let up = std::path::Path::new(&target)
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .map_or("..".to_string(), |p| format!("../{}", p.display()));
            symlink(up, dir.join("eng/pkg")).unwrap();
            "eng".into()
        }
        9 => {
            // The game's own program by a bare name, through a PATH entry of some kind.
            let (entry, r) = match rng.below(3) {
                0 => (String::new(), Reach::NotFound),
                1 => ("bin".to_string(), Reach::NotFound),
                _ => (format!("{abs}/bin"), Reach::Covered),
            };
            let var = if rng.below(2) == 0 {
                format!("{system}:{entry}")
            } else {
                format!("{entry}:{system}")
            };
            return (
                vec!["engine".into(), target.clone()],
                Some(var.into()),
                "bin/engine".into(),
                r,
            );
        }
        10 => {
            reach = Reach::Refused;
            let out = outside.display().to_string();
            match rng.below(4) {
                0 => out,
                1 => format!("--hook={out}"),
                2 => {
                    symlink(outside, dir.join("eng/out.py")).unwrap();
                    "eng".into()
                }
                _ => {
                    let up = "../".repeat(dir.components().count());
                    format!("{up}{}", out.trim_start_matches('/'))
                }
            }
        }
        13 => {
            // Inline code naming the target (a picture too: it is run as code).
            let target = if rng.below(3) == 0 {
                "art/board.svg".to_string()
            } else {
                target.clone()
            };
            let (option, code) = match rng.below(4) {
                0 => ("-c", format!("exec(open('{target}').read())")),
                1 => ("-e", format!("require(\"./{target}\")")),
                2 => ("--eval", format!("import(`{target}`);1")),
                _ => ("-c", format!("python3 {target} <x|y>&2;true")),
            };
            return (vec!["sh".into(), option.into(), code], path, target, reach);
        }
        14 => {
            // A file loaded by no word (imported, sourced, a library): any kind of code.
            let loaded = [
                "lib/helper.py",
                "hook.mjs",
                "lib/deep/lib.so",
                "engine.dat",
                "tool",
            ][pick(rng, 5)];
            let p = dir.join(loaded);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "code\n").unwrap();
            return (
                vec!["python3".into(), "engine.py".into()],
                path,
                loaded.into(),
                reach,
            );
        }
        15 | 16 => {
            // The game's data named by no word: an edit does not ask again.
            let data = [
                "art/board.svg",
                "rules.en.md",
                "game.toml",
                "notes.TXT",
                "analysis.json",
            ][pick(rng, 5)];
            let p = dir.join(data);
            std::fs::write(&p, "data\n").unwrap();
            let inline = format!("exec(open('engine.py').read()) # {}", rng.below(100));
            let command = if rng.below(2) == 0 {
                vec!["python3".into(), "engine.py".into()]
            } else {
                vec!["python3".into(), "-c".into(), inline]
            };
            return (command, path, data.into(), Reach::Data);
        }
        _ => {
            // A special file somewhere in the game folder: refused whatever the command.
            reach = Reach::Refused;
            let at = ["art/pipe", "lib/deep/node", "sock"][pick(rng, 3)];
            let p = dir.join(at);
            let made = if nodes && rng.below(2) == 0 {
                std::process::Command::new("mknod")
                    .arg(&p)
                    .args(["c", "1", "3"])
                    .status()
            } else {
                std::process::Command::new("mkfifo").arg(&p).status()
            };
            assert!(
                made.is_ok_and(|s| s.success()),
                "cannot make {}",
                p.display()
            );
            target.clone()
        }
    };
    // Words that name nothing, around the one that does.
    let noise = ["-u", "-c", "--fast", "x=1", "-", "--", "", "-W", "ignore"];
    for _ in 0..rng.below(3) {
        words.push(noise[pick(rng, noise.len())].into());
    }
    words.push(word);
    for _ in 0..rng.below(3) {
        words.push(noise[pick(rng, noise.len())].into());
    }
    if rng.below(4) == 0 {
        path = Some(format!(":{system}:.").into());
    }
    (words, path, target, reach)
}

#[cfg(unix)]
#[test]
fn generated_engine_commands_are_refused_or_consented_to_exactly() {
    use ludopress::rules::external::trust::fingerprint_with;
    let f = harness::run(
        "engine-consent",
        harness::runs(),
        || {
            let root = harness::scratch("engine-consent");
            let outside = root.join("outside/evil.py");
            std::fs::create_dir_all(outside.parent().unwrap()).unwrap();
            std::fs::write(&outside, "print('evil')\n").unwrap();
            let probe = root.join("probe-node");
            let nodes = std::process::Command::new("mknod")
                .arg(&probe)
                .args(["c", "1", "3"])
                .output()
                .is_ok_and(|o| o.status.success());
            let _ = std::fs::remove_file(&probe);
            if !nodes {
                println!("note: mknod needs root; device nodes are not generated");
            }
            (root, outside.canonicalize().unwrap(), nodes)
        },
        |(root, outside, nodes), case| {
            let dir = root.join(format!("game-{}", case.index));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            let (command, path, target, reach) = consent_case(&dir, outside, *nodes, &mut case.rng);
            let shown = format!("{command:?} PATH={path:?} target={target} {reach:?}");
            case.input(shown.as_bytes());
            let def = EngineDef {
                command,
                dir: dir.clone(),
            };
            let verdict = match (fingerprint_with(&def, path.as_deref()), reach) {
                (Err(e), Reach::Refused) => {
                    let e = e.to_string();
                    assert!(
                        e.contains("outside the game's folder")
                            || e.contains("FIFO")
                            || e.contains("device node"),
                        "an unclear refusal: {e}\n{shown}"
                    );
                    assert!(
                        e.contains(&dir.display().to_string()) || e.contains("evil.py"),
                        "the refusal names no path: {e}\n{shown}"
                    );
                    Verdict::Refused
                }
                (Err(e), _) => panic!("refused: {e}\n{shown}"),
                (Ok(r), Reach::Refused) => {
                    panic!("consented to as {:?}: {shown}", r.files)
                }
                (Ok(before), reach) => {
                    let again = fingerprint_with(&def, path.as_deref()).unwrap();
                    assert_eq!(before, again, "not deterministic: {shown}");
                    let t = dir.join(&target);
                    let mut text = std::fs::read(&t).unwrap();
                    text.extend_from_slice(b"# changed\n");
                    std::fs::write(&t, text).unwrap();
                    let after = fingerprint_with(&def, path.as_deref()).unwrap();
                    match reach {
                        Reach::Covered => assert_ne!(
                            before.sha256, after.sha256,
                            "{target} changed after consent, not asked again: {shown} (files {:?})",
                            before.files
                        ),
                        Reach::Data => assert_eq!(
                            before.sha256, after.sha256,
                            "the game's data {target} edited after consent, asked again: {shown}"
                        ),
                        _ => {
                            // Found only through a relative entry: never run at all.
                            let found =
                                ludopress::rules::external::program::resolve(&def, path.as_deref());
                            let dir_real = dir.canonicalize().unwrap();
                            assert!(
                                found.as_ref().map_or(true, |p| !p.starts_with(&dir_real)
                                    && !p.is_relative()),
                                "the game's program found through a relative PATH entry: {found:?}: {shown}"
                            );
                        }
                    }
                    Verdict::Accepted
                }
            };
            let _ = std::fs::remove_dir_all(&dir);
            verdict
        },
    );
    assert!(f.accepted > 0 && f.refused > 0, "{f:?}");
}
