//! Spaces a line must not break at, in every language: between a number and the word it counts
//! (`3 cases`, `8 × 8`), and inside a pair of coordinates (`(1, 1)`, `(3 ; 1)`). French signs
//! are bound by [`crate::base::lang::french_spaces`]; this binds what both languages share.
//!
//! Each space is replaced by one no-break space, so the characters of the result line up with
//! those of the text (a paragraph's spans are fixed across their borders that way).

use crate::base::lang::NBSP;

/// `text` with the spaces bound that must not end a line: after a number standing alone
/// (`3 cases`, `40 pions`, `8 × 8`), before and after a `×` between numbers, and after the
/// comma or semicolon of a pair of coordinates (`(1, 1)`). A space that French typography
/// already made no-break is left as it is.
pub fn bind_spaces(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &ch) in c.iter().enumerate() {
        if ch != ' ' {
            out.push(ch);
            continue;
        }
        let counted =
            number_before(&c, i) && c.get(i + 1).is_some_and(|n| n.is_alphabetic() || *n == '×');
        let times = i > 0 && c[i - 1] == '×' && c.get(i + 1).is_some_and(char::is_ascii_digit);
        let bound = counted || times || coordinate_pair(&c, i);
        out.push(if bound { NBSP } else { ' ' });
    }
    out
}

/// Whether the characters before `i` end a number standing alone: digits, after the text's
/// start, a space or an opening sign, so that a cell name (`c3`) or a move (`b2xh2`) is not one.
fn number_before(c: &[char], i: usize) -> bool {
    let digits = c[..i]
        .iter()
        .rev()
        .take_while(|d| d.is_ascii_digit())
        .count();
    digits > 0
        && i.checked_sub(digits + 1)
            .is_none_or(|j| c[j].is_whitespace() || "(«“\"'’".contains(c[j]))
}

/// Whether the space at `i` is inside a pair of coordinates: `(` and a number before it, with
/// a comma or a semicolon (and maybe a no-break space) between; a number and `)` after it.
fn coordinate_pair(c: &[char], i: usize) -> bool {
    let mut j = i;
    // Back over the separator and what typography put before it.
    if j == 0 || !matches!(c[j - 1], ',' | ';') {
        return false;
    }
    j -= 1;
    while j > 0 && matches!(c[j - 1], '\u{a0}' | '\u{202f}' | ' ') {
        j -= 1;
    }
    let first = c[..j]
        .iter()
        .rev()
        .take_while(|d| d.is_ascii_digit() || **d == '-')
        .count();
    let opens = first > 0 && j.checked_sub(first + 1).is_some_and(|k| c[k] == '(');
    let rest = &c[i + 1..];
    let rest = rest.strip_prefix(&['-']).unwrap_or(rest);
    let second = rest.iter().take_while(|d| d.is_ascii_digit()).count();
    opens && second > 0 && rest.get(second) == Some(&')')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_keeps_its_noun_and_a_pair_its_two_coordinates() {
        assert_eq!(
            bind_spaces("Light frames 3 squares on an 8 × 8 board, from (1, 1) to (3, -1)."),
            "Light frames 3\u{a0}squares on an 8\u{a0}×\u{a0}8\u{a0}board, from (1,\u{a0}1) to (3,\u{a0}-1)."
        );
    }

    #[test]
    fn cells_moves_and_plain_commas_are_left_alone() {
        let t = "c3 takes b2xh2, then (a, b) or (1, b)";
        assert_eq!(bind_spaces(t), t);
        // French typography's no-break space before the semicolon is kept as it is.
        assert_eq!(
            bind_spaces("(3\u{202f}; 1) et 5 cases"),
            "(3\u{202f};\u{a0}1) et 5\u{a0}cases"
        );
    }
}
