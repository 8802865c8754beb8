//! PDF/X-4 marks of a print-shop file: page boxes, dates, the output intent with its embedded
//! ICC profile, the PDF/X version in the document information and in XMP metadata.
//!
//! In: a lopdf document made by `pdf.rs`; out: the same document, marked. The profiles
//! and their licence are in `assets/icc/` (see its README).

use crate::base::units::PT_PER_MM;
use lopdf::{Dictionary, Document, Object, Stream, StringFormat};

use super::icc::{CMYK_PROFILE, RGB_PROFILE};

/// Sets a page's TrimBox (the page less `bleed` mm on every side) and BleedBox (the whole
/// page, the MediaBox), from its MediaBox.
pub fn boxes(page: &mut Dictionary, bleed: f64) {
    let Ok(Object::Array(media)) = page.get(b"MediaBox").cloned() else {
        return;
    };
    let v: Vec<f32> = media
        .iter()
        .filter_map(|o| match o {
            Object::Integer(i) => Some(*i as f32),
            Object::Real(r) => Some(*r),
            _ => None,
        })
        .collect();
    let [x0, y0, x1, y1] = v[..] else {
        return;
    };
    let b = (bleed * PT_PER_MM) as f32;
    let rect = |a: [f32; 4]| Object::Array(a.iter().map(|&v| Object::Real(v)).collect());
    page.set("BleedBox", rect([x0, y0, x1, y1]));
    page.set("TrimBox", rect([x0 + b, y0 + b, x1 - b, y1 - b]));
    page.set("CropBox", rect([x0, y0, x1, y1]));
}

/// Sets the document's creation and modification dates to `secs` (seconds since 1970, UTC).
pub fn date(lo: &mut Document, secs: i64) {
    let (pdf, _) = dates(secs);
    if let Some(info) = info(lo) {
        for key in ["CreationDate", "ModDate"] {
            info.set(key, Object::string_literal(pdf.as_str()));
        }
    }
}

fn info(lo: &mut Document) -> Option<&mut Dictionary> {
    let id = lo
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .ok()?;
    lo.get_dictionary_mut(id).ok()
}

/// A date as PDF writes it (`D:20261126193000Z`) and as XMP does (`2026-11-26T19:30:00Z`).
pub fn dates(secs: i64) -> (String, String) {
    let (y, m, d, hh, mm, ss) = crate::base::time::civil(secs);
    (
        format!("D:{y:04}{m:02}{d:02}{hh:02}{mm:02}{ss:02}Z"),
        format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z"),
    )
}

/// Marks `lo` as PDF/X-4: the output intent (FOGRA39 CMYK when `cmyk`, else sRGB) with its
/// profile, `GTS_PDFXVersion`, `Trapped`, XMP metadata and PDF 1.6.
pub fn mark(lo: &mut Document, title: &str, secs: i64, cmyk: bool) {
    lo.version = "1.6".into();
    let (profile, n, condition, info_text) = if cmyk {
        (
            CMYK_PROFILE,
            4,
            "FOGRA39",
            "Coated FOGRA39 (ISO 12647-2:2004/Amd 1), profile made from free data",
        )
    } else {
        (RGB_PROFILE, 3, "sRGB IEC61966-2.1", "sRGB IEC61966-2.1")
    };
    let mut icc = Stream::new(
        Dictionary::from_iter([("N", Object::Integer(n))]),
        profile.to_vec(),
    );
    let _ = icc.compress();
    let icc = lo.add_object(icc);
    let intent = Dictionary::from_iter([
        ("Type", Object::Name(b"OutputIntent".to_vec())),
        ("S", Object::Name(b"GTS_PDFX".to_vec())),
        (
            "OutputConditionIdentifier",
            Object::string_literal(condition),
        ),
        ("OutputCondition", Object::string_literal(info_text)),
        ("Info", Object::string_literal(info_text)),
        (
            "RegistryName",
            Object::string_literal("http://www.color.org"),
        ),
        ("DestOutputProfile", Object::Reference(icc)),
    ]);
    let intent = lo.add_object(intent);
    let (_, xmp_date) = dates(secs);
    let xmp = xmp(title, &xmp_date);
    let mut xmp = Stream::new(
        Dictionary::from_iter([
            ("Type", Object::Name(b"Metadata".to_vec())),
            ("Subtype", Object::Name(b"XML".to_vec())),
        ]),
        xmp.into_bytes(),
    );
    // XMP stays readable by tools that do not decompress streams.
    xmp.allows_compression = false;
    let xmp = lo.add_object(xmp);
    if let Ok(catalog) = lo.catalog_mut() {
        catalog.set(
            "OutputIntents",
            Object::Array(vec![Object::Reference(intent)]),
        );
        catalog.set("Metadata", Object::Reference(xmp));
    }
    if let Some(info) = info(lo) {
        info.set(
            "GTS_PDFXVersion",
            Object::String(b"PDF/X-4".to_vec(), StringFormat::Literal),
        );
        info.set("Trapped", Object::Name(b"False".to_vec()));
        if !info.has(b"CreationDate") {
            let (pdf, _) = dates(secs);
            info.set("CreationDate", Object::string_literal(pdf.as_str()));
            info.set("ModDate", Object::string_literal(pdf.as_str()));
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The XMP packet of a PDF/X-4 file: title, dates, producer, trapping and the PDF/X version.
fn xmp(title: &str, date: &str) -> String {
    let id = crate::scene::fnv(format!("{title}\n{date}").as_bytes());
    let uuid = format!(
        "{:08x}-{:04x}-4{:03x}-8{:03x}-{:012x}",
        id >> 32,
        (id >> 16) & 0xffff,
        id & 0xfff,
        (id >> 4) & 0xfff,
        id & 0xffff_ffff_ffff
    );
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\" xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\">\n\
<dc:format>application/pdf</dc:format>\n\
<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{}</rdf:li></rdf:Alt></dc:title>\n\
<xmp:CreateDate>{date}</xmp:CreateDate>\n<xmp:ModifyDate>{date}</xmp:ModifyDate>\n<xmp:MetadataDate>{date}</xmp:MetadataDate>\n\
<xmp:CreatorTool>ludopress</xmp:CreatorTool>\n<pdf:Producer>ludopress</pdf:Producer>\n<pdf:Trapped>False</pdf:Trapped>\n\
<xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>\n<xmpMM:InstanceID>uuid:{uuid}</xmpMM:InstanceID>\n\
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>\n<xmpMM:VersionID>1</xmpMM:VersionID>\n\
<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>\n\
</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>",
        escape(title)
    )
}
