//! Names loaded at run time made `'static`: the `Rules` trait answers its id, sides and keys as
//! `&'static str`, which a game declared in a `game.toml` only knows once it is read.
//!
//! In: a name. Out: one `&'static str` per distinct name for the whole run (the same pointer
//! every time it is asked), or an error once the run has interned [`MAX_BYTES`] of names. Each
//! distinct name is leaked once, so the memory is bounded by the definitions loaded, and a
//! long `watch` that reloads the same games interns nothing new.
//!
//! Its errors are limits ([`Error::Limit`]); they still reach the callers as text, which the
//! declared and external rules hold errors as until they are converted (issue lean): then only
//! the two signatures change.

use crate::base::diag::Error;
use std::collections::BTreeSet;
use std::sync::Mutex;

/// Most bytes of names one run keeps (a game's names are a few hundred bytes; this is room for
/// thousands of games).
pub const MAX_BYTES: usize = 1 << 20;

/// Longest name interned, in bytes (names are ids checked shorter than this long before).
pub const MAX_NAME: usize = 256;

struct Table {
    names: BTreeSet<&'static str>,
    bytes: usize,
}

static TABLE: Mutex<Table> = Mutex::new(Table {
    names: BTreeSet::new(),
    bytes: 0,
});

/// The run's one `'static` copy of `name`; an error when the name is over [`MAX_NAME`] bytes
/// or the run has kept [`MAX_BYTES`] already.
pub fn intern(name: &str) -> Result<&'static str, Error> {
    // A panic elsewhere while holding the lock leaves the set consistent (an insert is one
    // step), so a poisoned lock is still usable.
    let mut t = TABLE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = t.names.get(name) {
        return Ok(s);
    }
    if name.len() > MAX_NAME {
        return Err(Error::limit(
            format!("a name of {} bytes", name.len()),
            format!("{MAX_NAME} bytes a name"),
        ));
    }
    if t.bytes + name.len() > MAX_BYTES {
        return Err(Error::limit(
            "the names loaded in one run",
            format!("{MAX_BYTES} bytes"),
        ));
    }
    let s: &'static str = Box::leak(name.to_owned().into_boxed_str());
    t.bytes += name.len();
    t.names.insert(s);
    Ok(s)
}

/// Interns each of `names`, in order: a declared game's sides or keys as the trait wants them.
/// Equal lists are one list for the whole run (an engine built again, for a sweep of `analyze`,
/// keeps nothing new), counted in the run's budget like names.
pub fn intern_all<'a>(
    names: impl IntoIterator<Item = &'a str>,
) -> Result<&'static [&'static str], Error> {
    let list = names
        .into_iter()
        .map(intern)
        .collect::<Result<Vec<_>, _>>()?;
    let mut t = LISTS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(l) = t.names.get(list.as_slice()) {
        return Ok(l);
    }
    let bytes = list.len() * std::mem::size_of::<&str>();
    if t.bytes + bytes > MAX_BYTES {
        return Err(Error::limit(
            "the lists of names loaded in one run",
            format!("{MAX_BYTES} bytes"),
        ));
    }
    let l: &'static [&'static str] = Box::leak(list.into_boxed_slice());
    t.bytes += bytes;
    t.names.insert(l);
    Ok(l)
}

struct Lists {
    names: BTreeSet<&'static [&'static str]>,
    bytes: usize,
}

static LISTS: Mutex<Lists> = Mutex::new(Lists {
    names: BTreeSet::new(),
    bytes: 0,
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_name_is_the_same_pointer() {
        let owned = String::from("intern-test-white");
        let a = intern(&owned).unwrap();
        let b = intern("intern-test-white").unwrap();
        assert_eq!(a, "intern-test-white");
        assert!(std::ptr::eq(a, b), "one copy per name");
        let c = intern("intern-test-black").unwrap();
        assert!(!std::ptr::eq(a, c));
        assert_eq!(intern("").unwrap(), "");
    }

    #[test]
    fn lists_keep_their_order() {
        let l = intern_all(["intern-test-b", "intern-test-a", "intern-test-b"]).unwrap();
        assert_eq!(l, ["intern-test-b", "intern-test-a", "intern-test-b"]);
        assert!(std::ptr::eq(l[0], l[2]));
        assert!(std::ptr::eq(l[0], intern("intern-test-b").unwrap()));
    }

    #[test]
    fn a_name_too_long_is_refused_and_the_table_keeps_nothing() {
        let long = "x".repeat(MAX_NAME + 1);
        let e = intern(&long).unwrap_err().to_string();
        assert!(
            e.contains(&format!(
                "a name of {} bytes over the limit of {MAX_NAME} bytes",
                MAX_NAME + 1
            )),
            "{e}"
        );
        let fits = "y".repeat(MAX_NAME);
        assert_eq!(intern(&fits).unwrap(), fits);
        let t = TABLE.lock().unwrap_or_else(|e| e.into_inner());
        assert!(!t.names.contains(long.as_str()));
        assert!(t.bytes <= MAX_BYTES);
    }
}
