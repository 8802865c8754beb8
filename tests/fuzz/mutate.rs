//! Mutations: of text (deletions, duplications, inserted tokens, lines repeated or swapped, a
//! word replaced, a truncation) and of bytes (bit flips, bytes set to extremes, slices repeated
//! or cut), each drawn from the input's own random numbers.

use ludopress::rules::rng::Rng;

/// Pieces the mutations insert: multi-byte white space, huge and odd values, deep nesting,
/// path-like ids, syntax of each format.
pub fn tokens() -> Vec<String> {
    let mut t: Vec<String> = [
        "\u{a0}",
        "\u{3000}",
        "\u{2003}",
        "\u{feff}",
        "\u{200b}",
        "\t",
        "\r\n",
        "\0",
        "é",
        "😀",
        "e\u{301}",
        "\u{202e}",
        "-1",
        "0",
        "1e308",
        "-1e308",
        "nan",
        "inf",
        "-inf",
        "1e-320",
        "9223372036854775807",
        "-9223372036854775808",
        "99999999999999999999999",
        "0.0001",
        "3.5",
        "\"../../../../tmp/escaped\"",
        "\"/tmp/x\"",
        "\"..\"",
        "\"a/b\"",
        "\"CON\"",
        "\"\"",
        "\"\\u0000\"",
        "\"\"\"",
        "'''",
        "```",
        "```position\n",
        "```component\n",
        "---",
        "# ",
        "[",
        "]",
        "{",
        "}",
        "[[",
        "]]",
        "=",
        ",",
        "\"",
        "\n",
        "\\",
        "*",
        "_",
        "|",
        "> ",
        "- ",
        "1. ",
        "L",
        "D",
        "R",
        "W",
        "S",
        "N",
        "3",
        ".",
        "x",
        "a1",
        "z99",
        "pass",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    t.push("[".repeat(5000));
    t.push("{a=".repeat(3000));
    t.push("> ".repeat(3000));
    t.push("- ".repeat(3000));
    t.push("x".repeat(100_000));
    t.push(". ".repeat(30_000));
    t.push("\u{a0}".repeat(10_000));
    t.push("*".repeat(10_000));
    t
}

/// One mutation of `text`: a deletion, a duplication, an inserted token, a line repeated or
/// swapped, a number replaced by an extreme, a truncation; one to three at once.
pub fn mutate(text: &str, rng: &mut Rng, tokens: &[String]) -> String {
    let mut s = text.to_string();
    for _ in 0..1 + rng.below(3) {
        let at = |s: &str, rng: &mut Rng| {
            let mut i = rng.below(s.len() as u64 + 1) as usize;
            while !s.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        match rng.below(8) {
            0 => {
                let a = at(&s, rng);
                let mut b = (a + 1 + rng.below(40) as usize).min(s.len());
                while !s.is_char_boundary(b) {
                    b -= 1;
                }
                s.replace_range(a..b, "");
            }
            1 => {
                let a = at(&s, rng);
                let mut b = (a + 1 + rng.below(200) as usize).min(s.len());
                while !s.is_char_boundary(b) {
                    b -= 1;
                }
                let piece = s[a..b].to_string();
                s.insert_str(b, &piece);
            }
            2 | 3 => {
                let a = at(&s, rng);
                let t = &tokens[rng.below(tokens.len() as u64) as usize];
                s.insert_str(a, t);
            }
            4 => {
                let mut lines: Vec<&str> = s.lines().collect();
                if !lines.is_empty() {
                    let i = rng.below(lines.len() as u64) as usize;
                    let copies = [2, 10, 300][rng.below(3) as usize];
                    let line = lines[i];
                    for _ in 0..copies {
                        lines.insert(i, line);
                    }
                }
                s = lines.join("\n");
            }
            5 => {
                let mut lines: Vec<&str> = s.lines().collect();
                if lines.len() > 1 {
                    let i = rng.below(lines.len() as u64) as usize;
                    let j = rng.below(lines.len() as u64) as usize;
                    lines.swap(i, j);
                }
                s = lines.join("\n");
            }
            6 => {
                // A number (or a word) replaced by one of the tokens.
                let starts: Vec<usize> = s
                    .char_indices()
                    .filter(|(i, c)| {
                        c.is_ascii_alphanumeric()
                            && s[..*i]
                                .chars()
                                .last()
                                .is_none_or(|p| !p.is_ascii_alphanumeric())
                    })
                    .map(|(i, _)| i)
                    .collect();
                if !starts.is_empty() {
                    let a = starts[rng.below(starts.len() as u64) as usize];
                    let len = s[a..]
                        .find(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '.')
                        .unwrap_or(s.len() - a);
                    let t = &tokens[rng.below(tokens.len() as u64) as usize];
                    s.replace_range(a..a + len, t);
                }
            }
            _ => {
                let a = at(&s, rng);
                s.truncate(a);
            }
        }
    }
    s
}

/// One to four byte mutations of `data`: bit flips, bytes set to 0 or 0xff, a big-endian field
/// set to an extreme, a slice repeated or removed, a truncation.
pub fn mutate_bytes(data: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = data.to_vec();
    for _ in 0..1 + rng.below(4) {
        if b.is_empty() {
            b.push(0);
        }
        let i = rng.below(b.len() as u64) as usize;
        match rng.below(7) {
            0 | 1 => b[i] ^= 1 << rng.below(8),
            2 => b[i] = [0, 0xff, 0x7f, 0x80][rng.below(4) as usize],
            3 => {
                let v: u32 =
                    [0, u32::MAX, 0x7fff_ffff, 0x8000_0000, 0xffff, 1 << 20][rng.below(6) as usize];
                let end = (i + 4).min(b.len());
                b[i..end].copy_from_slice(&v.to_be_bytes()[..end - i]);
            }
            4 => {
                let end = (i + 1 + rng.below(64) as usize).min(b.len());
                let piece = b[i..end].to_vec();
                let times = [1, 8, 200][rng.below(3) as usize];
                for _ in 0..times {
                    b.splice(end..end, piece.iter().copied());
                }
            }
            5 => {
                let end = (i + 1 + rng.below(256) as usize).min(b.len());
                b.drain(i..end);
            }
            _ => b.truncate(i),
        }
    }
    b
}

/// An index below `n` (which is more than 0).
pub fn pick(rng: &mut Rng, n: usize) -> usize {
    rng.below(n as u64) as usize
}
