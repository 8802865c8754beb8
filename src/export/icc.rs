//! The bundled ICC profiles and a colour transform through the CMYK one: sRGB to CIELAB (D50),
//! then the FOGRA39 profile's own table from Lab to CMYK (`B2A0`, an ICC `lut16Type`), and back
//! (`A2B0`) to check it.
//!
//! In: the profiles' bytes (`assets/icc/`, licence in its README); out: colours. Only what the
//! bundled profile uses is read: `lut16Type` tables with an identity matrix (a Lab PCS), input
//! curves, a colour lookup table interpolated multilinearly, and output curves.

use std::sync::OnceLock;

/// The CMYK output profile (FOGRA39, coated offset), made from free characterization data.
pub const CMYK_PROFILE: &[u8] = include_bytes!("../../assets/icc/FOGRA39L-coated.icc");
/// The sRGB profile, the output intent of a press file kept in RGB.
pub const RGB_PROFILE: &[u8] = include_bytes!("../../assets/icc/sRGB.icc");

/// An ICC `lut16Type` table (`mft2`): input curves, a colour lookup table, output curves.
#[derive(Debug)]
struct Lut16 {
    inputs: usize,
    outputs: usize,
    grid: usize,
    /// Each input's curve, values 0–1.
    in_curves: Vec<Vec<f64>>,
    /// The grid, `grid^inputs` points of `outputs` values 0–1, the last input varying fastest.
    clut: Vec<f64>,
    /// Each output's curve, values 0–1.
    out_curves: Vec<Vec<f64>>,
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*b.get(at)?, *b.get(at + 1)?]))
}

fn u32_at(b: &[u8], at: usize) -> Option<usize> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?) as usize)
}

/// The tag `sig` of an ICC profile, as a `lut16Type`.
fn lut16(profile: &[u8], sig: &[u8; 4]) -> Option<Lut16> {
    let count = u32_at(profile, 128)?;
    let (offset, size) = (0..count.min(256)).find_map(|i| {
        let at = 132 + 12 * i;
        (profile.get(at..at + 4)? == sig)
            .then(|| Some((u32_at(profile, at + 4)?, u32_at(profile, at + 8)?)))?
    })?;
    let t = profile.get(offset..offset.checked_add(size)?)?;
    if t.get(0..4)? != b"mft2" {
        return None;
    }
    let (inputs, outputs, grid) = (
        *t.get(8)? as usize,
        *t.get(9)? as usize,
        *t.get(10)? as usize,
    );
    let (n_in, n_out) = (u16_at(t, 48)? as usize, u16_at(t, 50)? as usize);
    if !(1..=4).contains(&inputs)
        || !(1..=4).contains(&outputs)
        || grid < 2
        || n_in < 2
        || n_out < 2
    {
        return None;
    }
    let mut at = 52;
    let mut read = |n: usize| -> Option<Vec<f64>> {
        let v = (0..n)
            .map(|i| u16_at(t, at + 2 * i).map(|x| f64::from(x) / 65535.0))
            .collect::<Option<Vec<f64>>>()?;
        at += 2 * n;
        Some(v)
    };
    let in_curves = (0..inputs)
        .map(|_| read(n_in))
        .collect::<Option<Vec<_>>>()?;
    let clut = read(grid.checked_pow(inputs as u32)? * outputs)?;
    let out_curves = (0..outputs)
        .map(|_| read(n_out))
        .collect::<Option<Vec<_>>>()?;
    Some(Lut16 {
        inputs,
        outputs,
        grid,
        in_curves,
        clut,
        out_curves,
    })
}

/// A curve (equally spaced samples over 0–1) at `x`, linearly interpolated.
fn curve(c: &[f64], x: f64) -> f64 {
    let p = x.clamp(0.0, 1.0) * (c.len() - 1) as f64;
    let i = (p.floor() as usize).min(c.len() - 2);
    let f = p - i as f64;
    c[i] + (c[i + 1] - c[i]) * f
}

impl Lut16 {
    /// The table at `input` (each 0–1): curves, grid (multilinear), curves.
    fn eval(&self, input: &[f64]) -> Vec<f64> {
        let g = self.grid;
        let mut base = [0usize; 4];
        let mut frac = [0.0f64; 4];
        for (k, &x) in input.iter().enumerate().take(self.inputs) {
            let p = curve(&self.in_curves[k], x) * (g - 1) as f64;
            base[k] = (p.floor() as usize).min(g - 2);
            frac[k] = p - base[k] as f64;
        }
        let mut out = vec![0.0; self.outputs];
        // Every corner of the grid cell, weighted by its share.
        for corner in 0..(1usize << self.inputs) {
            let mut weight = 1.0;
            let mut index = 0;
            for k in 0..self.inputs {
                let up = corner >> (self.inputs - 1 - k) & 1;
                weight *= if up == 1 { frac[k] } else { 1.0 - frac[k] };
                index = index * g + base[k] + up;
            }
            if weight == 0.0 {
                continue;
            }
            for (o, v) in out.iter_mut().enumerate() {
                *v += weight * self.clut[index * self.outputs + o];
            }
        }
        out.iter()
            .enumerate()
            .map(|(o, &v)| curve(&self.out_curves[o], v))
            .collect()
    }
}

/// The CMYK profile's Lab-to-CMYK table (`None` if the bundled profile could not be read,
/// which a unit test rules out).
fn to_device() -> Option<&'static Lut16> {
    static LUT: OnceLock<Option<Lut16>> = OnceLock::new();
    LUT.get_or_init(|| lut16(CMYK_PROFILE, b"B2A0")).as_ref()
}

/// The D50 white point of the profile connection space.
const D50: [f64; 3] = [0.9642, 1.0, 0.8249];

/// An sRGB colour (0–1 each) in CIELAB, D50 (the sRGB primaries adapted to D50 by Bradford,
/// as the ICC's sRGB profile has them).
pub fn srgb_to_lab(rgb: [f64; 3]) -> [f64; 3] {
    let lin = rgb.map(|v| {
        let v = v.clamp(0.0, 1.0);
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    });
    let m = [
        [0.436_074_7, 0.385_064_9, 0.143_080_4],
        [0.222_504_5, 0.716_878_6, 0.060_616_9],
        [0.013_932_2, 0.097_104_5, 0.714_173_3],
    ];
    let xyz = m.map(|row| row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]);
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let [fx, fy, fz] = [0, 1, 2].map(|i| f(xyz[i] / D50[i]));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// Lab as a `lut16Type` reads it (the ICC's legacy 16-bit encoding, 0–1): L* 0–100 on
/// 0–0xFF00, a* and b* −128–127.996 on 0–0xFFFF.
fn lab_encoded(lab: [f64; 3]) -> [f64; 3] {
    [
        lab[0] * 652.80 / 65535.0,
        (lab[1] + 128.0) * 256.0 / 65535.0,
        (lab[2] + 128.0) * 256.0 / 65535.0,
    ]
}

/// An sRGB colour (0–1 each) as the FOGRA39 profile prints it: C, M, Y, K, 0–1 each.
pub fn srgb_to_fogra39(rgb: [f64; 3]) -> Option<[f64; 4]> {
    let v = to_device()?.eval(&lab_encoded(srgb_to_lab(rgb)));
    Some([v[0], v[1], v[2], v[3]].map(|x| x.clamp(0.0, 1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CMYK back to Lab through the profile's `A2B0` (legacy 16-bit Lab out).
    fn fogra39_to_lab(c: [f64; 4]) -> [f64; 3] {
        let lut = lut16(CMYK_PROFILE, b"A2B0").expect("A2B0");
        let v = lut.eval(&c);
        [
            v[0] * 65535.0 / 652.80,
            v[1] * 65535.0 / 256.0 - 128.0,
            v[2] * 65535.0 / 256.0 - 128.0,
        ]
    }

    fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    #[test]
    fn the_bundled_profile_s_tables_are_read() {
        let b2a = lut16(CMYK_PROFILE, b"B2A0").expect("B2A0");
        assert_eq!((b2a.inputs, b2a.outputs, b2a.grid), (3, 4, 17));
        let a2b = lut16(CMYK_PROFILE, b"A2B0").expect("A2B0");
        assert_eq!((a2b.inputs, a2b.outputs), (4, 3));
        assert!(
            lut16(RGB_PROFILE, b"B2A0").is_none(),
            "sRGB has no lut16 table"
        );
        assert!(
            lut16(&CMYK_PROFILE[..200], b"B2A0").is_none(),
            "a cut profile"
        );
    }

    #[test]
    fn srgb_white_is_the_d50_white_and_black_is_black() {
        let w = srgb_to_lab([1.0, 1.0, 1.0]);
        assert!(delta_e(w, [100.0, 0.0, 0.0]) < 0.05, "{w:?}");
        let k = srgb_to_lab([0.0, 0.0, 0.0]);
        assert!(delta_e(k, [0.0, 0.0, 0.0]) < 1e-9, "{k:?}");
    }

    #[test]
    fn colours_in_the_press_gamut_come_back_within_a_few_delta_e() {
        // Pale and mid colours FOGRA39 prints: CMYK through A2B0 lands near the Lab asked for.
        for rgb in [
            [0.85, 0.75, 0.6],
            [0.6, 0.7, 0.5],
            [0.5, 0.5, 0.7],
            [0.9, 0.6, 0.55],
            [0.4, 0.4, 0.4],
        ] {
            let lab = srgb_to_lab(rgb);
            let cmyk = srgb_to_fogra39(rgb).unwrap();
            let back = fogra39_to_lab(cmyk);
            assert!(
                delta_e(lab, back) < 3.0,
                "{rgb:?}: {lab:?} → {cmyk:?} → {back:?}"
            );
        }
    }

    #[test]
    fn primaries_take_the_press_inks_a_formula_would_miss() {
        // sRGB blue is cyan and magenta with little yellow, not 100 % of both.
        let blue = srgb_to_fogra39([0.0, 0.0, 1.0]).unwrap();
        assert!(
            blue[0] > 0.7 && blue[1] > 0.5 && blue[1] < 0.95 && blue[2] < 0.15,
            "{blue:?}"
        );
        let red = srgb_to_fogra39([1.0, 0.0, 0.0]).unwrap();
        assert!(red[0] < 0.15 && red[1] > 0.8 && red[2] > 0.8, "{red:?}");
    }
}
