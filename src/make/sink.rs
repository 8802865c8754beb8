//! Where a build's files go ([`Sink`]): the output folder as each file is ready, or memory;
//! and how one drawing is written (its SVG, and its PNG preview drawn once for scenes alike).

use super::Output;
use crate::base::diag::Error;
use crate::export::{png, svg};
use crate::scene::Scene;
use std::path::Path;

/// The library's error for a file the output folder refused, its path kept as data.
pub(crate) fn output_error(e: crate::base::output::Error) -> Error {
    Error::file("", &e.path, e.reason)
}

/// Where a build's files go: into the output folder the moment each is ready
/// ([`crate::base::output::Stream`]), or into memory ([`Collect`]).
pub trait Sink: Sync {
    /// Takes one file, its path relative to the game's folder.
    fn put(&self, path: &Path, bytes: Vec<u8>) -> Result<(), Error>;
}

impl Sink for crate::base::output::Stream {
    fn put(&self, path: &Path, bytes: Vec<u8>) -> Result<(), Error> {
        crate::base::output::Stream::put(self, path, &bytes).map_err(output_error)
    }
}

/// Files kept in memory.
#[derive(Default)]
pub struct Collect(std::sync::Mutex<Vec<Output>>);

impl Sink for Collect {
    fn put(&self, path: &Path, bytes: Vec<u8>) -> Result<(), Error> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(Output {
                path: path.to_path_buf(),
                bytes,
            });
        Ok(())
    }
}

impl Collect {
    /// The files, by path.
    pub fn into_files(self) -> Vec<Output> {
        let mut files = self.0.into_inner().unwrap_or_else(|p| p.into_inner());
        files.sort_by(|a, b| a.path.cmp(&b.path));
        files
    }
}

/// The last few previews drawn, by the fingerprint of their SVG: scenes alike (a deck's backs
/// on page after page) are drawn once.
#[derive(Default)]
pub(super) struct Drawn(Vec<(u64, Vec<u8>)>);

impl Drawn {
    /// How many are kept: alike scenes follow one another.
    const KEPT: usize = 4;
}

/// Writes `<stem>.svg` for a scene and, with previews (`drawn`), `<stem>.png` drawn at `dpi`, or
/// taken from `drawn` when the same SVG was drawn just before.
pub(super) fn write_scene(
    sink: &dyn Sink,
    drawn: Option<&mut Drawn>,
    stem: &str,
    scene: &Scene,
    dpi: f64,
) -> Result<(), Error> {
    let text = svg::to_svg(scene);
    let key = crate::scene::fnv(text.as_bytes());
    sink.put(Path::new(&format!("{stem}.svg")), text.into_bytes())?;
    if let Some(drawn) = drawn {
        let png = match drawn.0.iter().find(|d| d.0 == key) {
            Some(d) => d.1.clone(),
            None => {
                let png = png::render_scene(scene, dpi)?;
                if drawn.0.len() == Drawn::KEPT {
                    drawn.0.remove(0);
                }
                drawn.0.push((key, png.clone()));
                png
            }
        };
        sink.put(Path::new(&format!("{stem}.png")), png)?;
    }
    Ok(())
}
