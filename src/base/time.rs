//! Civil time: seconds since 1970 as a UTC calendar date and time, for the dates outputs write
//! (the gallery's status, PDF and XMP dates). No clock is read here.

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
