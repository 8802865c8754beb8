//! A fixed-size set of board cells: 256 bits in four words, the declared engine's regions,
//! neighbour masks and the cells of each side's pieces.
//!
//! In: cell indices `0..MAX_CELLS` (the grid's own indices). Out: set algebra and the members in
//! increasing order. Copy, no allocation, so a position holding a few of these is one `memcpy`.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign};

/// Most cells a declared game plays on (16 × 16; Hex 11 × 11 is 121, draughts 64).
pub const MAX_CELLS: usize = 256;

/// A set of cells `0..MAX_CELLS`; cell `i` is bit `i % 64` of word `i / 64`. `Ord` compares
/// the words in order, so it is a fixed, deterministic order (not the order of the members).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Bits(pub [u64; 4]);

impl Bits {
    /// No cell.
    pub const EMPTY: Bits = Bits([0; 4]);

    /// The first `n` cells, `0..n` (`n` beyond [`MAX_CELLS`] counts as [`MAX_CELLS`]): a board of
    /// `n` cells.
    pub const fn first(n: usize) -> Bits {
        let n = if n > MAX_CELLS { MAX_CELLS } else { n };
        let mut w = [0u64; 4];
        let mut i = 0;
        while i < 4 {
            let lo = i * 64;
            w[i] = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            i += 1;
        }
        Bits(w)
    }

    /// The set holding only `cell` (`cell < MAX_CELLS`).
    pub const fn one(cell: usize) -> Bits {
        Bits::EMPTY.with(cell)
    }

    /// This set and `cell` (`cell < MAX_CELLS`): the `const` form of [`Bits::set`].
    pub const fn with(self, cell: usize) -> Bits {
        let mut w = self.0;
        w[cell >> 6] |= 1u64 << (cell & 63);
        Bits(w)
    }

    /// Adds `cell` (`cell < MAX_CELLS`; a larger one is a caller's bug and panics).
    #[inline]
    pub fn set(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1u64 << (cell & 63);
    }

    /// Removes `cell`.
    #[inline]
    pub fn clear(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1u64 << (cell & 63));
    }

    /// True when `cell` is in the set.
    #[inline]
    pub const fn test(&self, cell: usize) -> bool {
        self.0[cell >> 6] >> (cell & 63) & 1 == 1
    }

    /// How many cells the set holds.
    #[inline]
    pub const fn count(&self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// True when the set holds no cell.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// The cells in both sets.
    #[inline]
    pub const fn and(self, o: Bits) -> Bits {
        let (a, b) = (self.0, o.0);
        Bits([a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]])
    }

    /// The cells in either set.
    #[inline]
    pub const fn or(self, o: Bits) -> Bits {
        let (a, b) = (self.0, o.0);
        Bits([a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]])
    }

    /// The cells of this set that are not in `o`.
    #[inline]
    pub const fn andnot(self, o: Bits) -> Bits {
        let (a, b) = (self.0, o.0);
        Bits([a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]])
    }

    /// True when the two sets share a cell.
    #[inline]
    pub const fn meets(self, o: Bits) -> bool {
        !self.and(o).is_empty()
    }

    /// The smallest cell of the set, if any.
    #[inline]
    pub const fn lowest(&self) -> Option<usize> {
        let mut i = 0;
        while i < 4 {
            if self.0[i] != 0 {
                return Some(i * 64 + self.0[i].trailing_zeros() as usize);
            }
            i += 1;
        }
        None
    }

    /// The cells of the set, smallest first.
    #[inline]
    pub fn iter(&self) -> Iter {
        Iter {
            words: self.0,
            word: 0,
        }
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    fn bitand(self, o: Bits) -> Bits {
        self.and(o)
    }
}

impl BitOr for Bits {
    type Output = Bits;
    fn bitor(self, o: Bits) -> Bits {
        self.or(o)
    }
}

impl BitAndAssign for Bits {
    fn bitand_assign(&mut self, o: Bits) {
        *self = self.and(o);
    }
}

impl BitOrAssign for Bits {
    fn bitor_assign(&mut self, o: Bits) {
        *self = self.or(o);
    }
}

impl FromIterator<usize> for Bits {
    /// The set of the cells given (each `< MAX_CELLS`).
    fn from_iter<T: IntoIterator<Item = usize>>(cells: T) -> Bits {
        let mut b = Bits::EMPTY;
        for c in cells {
            b.set(c);
        }
        b
    }
}

impl IntoIterator for &Bits {
    type Item = usize;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// The cells of a [`Bits`], smallest first; it works on a copy, so the set may change meanwhile.
#[derive(Clone, Debug)]
pub struct Iter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for Iter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                // Clear the lowest bit and answer its index.
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word.min(4)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift), so the tests need no dependency.
    fn cells(seed: u64, n: usize) -> Vec<usize> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % MAX_CELLS as u64) as usize
            })
            .collect()
    }

    /// The same set as a plain boolean array, to compare against.
    fn model(c: &[usize]) -> [bool; MAX_CELLS] {
        let mut m = [false; MAX_CELLS];
        for &i in c {
            m[i] = true;
        }
        m
    }

    fn of_model(m: &[bool; MAX_CELLS]) -> Vec<usize> {
        (0..MAX_CELLS).filter(|&i| m[i]).collect()
    }

    #[test]
    fn set_test_clear_at_word_edges() {
        let mut b = Bits::EMPTY;
        for c in [0, 1, 62, 63, 64, 65, 127, 128, 191, 192, 254, 255] {
            assert!(!b.test(c), "{c}");
            b.set(c);
            assert!(b.test(c), "{c}");
            assert!(!b.test(c ^ 2), "{c}: a neighbour stays out");
        }
        assert_eq!(b.count(), 12);
        b.set(64);
        assert_eq!(b.count(), 12, "setting twice adds nothing");
        b.clear(64);
        b.clear(64);
        assert!(!b.test(64));
        assert_eq!(b.count(), 11);
        assert_eq!(
            b.iter().collect::<Vec<_>>(),
            [0, 1, 62, 63, 65, 127, 128, 191, 192, 254, 255]
        );
    }

    #[test]
    fn iteration_is_sorted_and_matches_a_plain_array() {
        for seed in 1..40u64 {
            let c = cells(seed, (seed as usize * 7) % 300);
            let b: Bits = c.iter().copied().collect();
            let m = model(&c);
            let want = of_model(&m);
            assert_eq!(b.iter().collect::<Vec<_>>(), want, "seed {seed}");
            assert_eq!(b.count() as usize, want.len());
            assert_eq!(b.iter().len(), want.len(), "exact size");
            assert_eq!(b.is_empty(), want.is_empty());
            assert_eq!(b.lowest(), want.first().copied());
            assert_eq!((&b).into_iter().count(), want.len());
            for (i, &inside) in m.iter().enumerate() {
                assert_eq!(b.test(i), inside, "seed {seed} cell {i}");
            }
        }
    }

    #[test]
    fn algebra_matches_a_plain_array() {
        for seed in 1..30u64 {
            let (ca, cb) = (cells(seed, 90), cells(seed * 31 + 7, 120));
            let (a, b): (Bits, Bits) = (ca.iter().copied().collect(), cb.iter().copied().collect());
            let (ma, mb) = (model(&ca), model(&cb));
            let pick = |f: &dyn Fn(bool, bool) -> bool| -> Vec<usize> {
                (0..MAX_CELLS).filter(|&i| f(ma[i], mb[i])).collect()
            };
            let and = pick(&|x, y| x && y);
            assert_eq!(a.and(b).iter().collect::<Vec<_>>(), and);
            assert_eq!((a & b).iter().collect::<Vec<_>>(), and);
            let or = pick(&|x, y| x || y);
            assert_eq!(a.or(b).iter().collect::<Vec<_>>(), or);
            assert_eq!((a | b).iter().collect::<Vec<_>>(), or);
            assert_eq!(
                a.andnot(b).iter().collect::<Vec<_>>(),
                pick(&|x, y| x && !y)
            );
            assert_eq!(a.meets(b), !and.is_empty());
            let mut c = a;
            c &= b;
            assert_eq!(c, a & b);
            let mut c = a;
            c |= b;
            assert_eq!(c, a | b);
        }
    }

    #[test]
    fn first_n_cells() {
        for n in [0, 1, 5, 63, 64, 65, 121, 127, 128, 200, 255, 256, 300] {
            let b = Bits::first(n);
            let want: Vec<usize> = (0..n.min(MAX_CELLS)).collect();
            assert_eq!(b.iter().collect::<Vec<_>>(), want, "n = {n}");
        }
        assert_eq!(Bits::first(256), Bits([u64::MAX; 4]));
    }

    #[test]
    fn const_construction() {
        const B: Bits = Bits::one(3).with(200).or(Bits::one(64));
        const N: u32 = B.count();
        const T: [bool; 2] = [B.test(200), B.test(201)];
        assert_eq!(N, 3);
        assert_eq!(T, [true, false]);
        assert_eq!(B.iter().collect::<Vec<_>>(), [3, 64, 200]);
        assert!(Bits::EMPTY.is_empty() && Bits::EMPTY.lowest().is_none());
        assert_eq!(Bits::default(), Bits::EMPTY);
    }

    #[test]
    fn the_iterator_works_on_a_copy() {
        let mut b: Bits = [1, 2, 3].into_iter().collect();
        let it = b.iter();
        b.clear(2);
        assert_eq!(it.collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(b.iter().collect::<Vec<_>>(), [1, 3]);
    }
}
