//! The files a designer draws with: art (SVG, PNG, JPEG) and fonts, loaded once, bounded and
//! measured for the layout.

pub mod art;
pub mod fonts;
