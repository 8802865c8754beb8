//! Civil time: seconds since 1970 as a UTC calendar date and time, for the dates outputs write
//! (the gallery's status, PDF and XMP dates), and the date a game's outputs carry: that of
//! `SOURCE_DATE_EPOCH` or of its newest input file. No clock is read here.

/// Year, month, day, hour, minute, second (UTC) of `secs` seconds since 1970 (days to a civil
/// date after Howard Hinnant's algorithm; before 1970 too).
pub fn civil(secs: i64) -> (i64, i64, i64, i64, i64, i64) {
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d, rem / 3600, rem / 60 % 60, rem % 60)
}

/// The date from `SOURCE_DATE_EPOCH` (the reproducible-builds convention), when it is set to
/// a number of seconds.
pub fn source_date_epoch() -> Option<i64> {
    std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|v| v.trim().parse::<i64>().ok())
        .filter(|&s| (0..=253_402_300_799).contains(&s))
}

/// The newest modification time, seconds since 1970, of the files under `dir` (a game's
/// folder: its definition, data, art, fonts and rules), links not followed; `None` when none
/// can be read.
pub fn newest_mtime(dir: &std::path::Path) -> Option<i64> {
    let mut newest = None;
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let Ok(m) = e.path().symlink_metadata() else {
                continue;
            };
            if m.is_dir() {
                todo.push(e.path());
            } else if m.is_file() {
                let t = m
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map(|d| d.as_secs() as i64);
                newest = newest.max(t);
            }
        }
    }
    newest
}

/// `SOURCE_DATE_EPOCH`'s value when it is set but is not a date [`source_date_epoch`] takes
/// (not a whole number of seconds, or out of range); an empty value counts as unset.
pub fn malformed_source_date_epoch() -> Option<String> {
    let v = std::env::var_os("SOURCE_DATE_EPOCH")?;
    let shown = v.to_string_lossy().into_owned();
    (!shown.trim().is_empty() && source_date_epoch().is_none()).then_some(shown)
}

/// The date a game's outputs carry, seconds since 1970: `SOURCE_DATE_EPOCH` when it is set
/// (reproducible builds across machines), else the newest modification time of the files of
/// its folder `dir`, so the same inputs give the same bytes.
pub fn inputs_date(dir: &std::path::Path) -> Option<i64> {
    source_date_epoch().or_else(|| newest_mtime(dir))
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_fall_on_their_calendar_days() {
        assert_eq!(super::civil(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(super::civil(1_767_225_600), (2026, 1, 1, 0, 0, 0));
        assert_eq!(super::civil(951_782_400 + 3_723), (2000, 2, 29, 1, 2, 3));
        assert_eq!(super::civil(-1), (1969, 12, 31, 23, 59, 59));
    }
}
