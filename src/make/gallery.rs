//! The gallery: `output/index.html`, a page per game (`output/<game>/index.html`) showing every
//! print file, rulebook, sheet, component and export the output folder holds, with the build's
//! warnings, and `output/build.js`, the build's time and outcome.
//!
//! The pages are plain files that work from `file://`: each loads `build.js` for the time of the
//! last build and, under `ludopress watch`, loads it again every half second (a script element,
//! which browsers allow from `file://` where they refuse `fetch`) and reloads itself when a new
//! build has finished. A failed rebuild leaves the last good files and pages; `build.js` carries
//! its error, which every page shows in a banner.

use crate::base::output;
use std::fmt::Write as _;
use std::path::Path;

/// Most component images a game page shows per language (a page stays light for a 5,000-card
/// deck; the folder holds them all).
const MAX_FACES: usize = 400;

/// A game as the gallery shows it.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its id (its folder's name).
    pub id: String,
    /// Its title in each language.
    pub title: String,
    /// The warnings of its last build, as printed.
    pub warnings: Vec<String>,
}

/// The last build: when, how it went, and whether a watch reloads the pages.
#[derive(Debug, Clone)]
pub struct Status {
    /// When it finished, as shown (`2026-11-23 08:41:07 UTC`).
    pub time: String,
    /// Its error, when it failed (the pages then show the last good files).
    pub error: Option<String>,
    /// Set under `watch`: the pages reload after each build.
    pub watch: bool,
    /// Changes with every build: what the pages compare to know a new one finished.
    pub stamp: u64,
}

impl Status {
    /// A build that finished now.
    pub fn now(error: Option<String>, watch: bool) -> Status {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        Status {
            time: utc(t.as_secs()),
            error,
            watch,
            stamp: t.as_nanos() as u64,
        }
    }
}

/// `YYYY-MM-DD hh:mm:ss UTC` of seconds since 1970.
fn utc(secs: u64) -> String {
    let (y, m, d, hh, mm, ss) = crate::base::time::civil(secs as i64);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02}:{ss:02} UTC")
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The text [`esc`] escaped.
fn unesc(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&amp;", "&")
}

/// A path as a link: each part percent-encoded where it must be.
fn href(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-_./~".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Writes `build.js` (the status), every game's page and the index. Games are the folders of
/// `out` that a build wrote (they hold a manifest), so a build of one game keeps the others'.
pub fn write(out: &Path, entries: &[Entry], status: &Status) -> Result<(), output::Error> {
    for e in entries {
        let dir = out.join(&e.id);
        if dir.join(output::MANIFEST).is_file() {
            output::write_one(&dir.join("index.html"), game_page(&dir, e).as_bytes())?;
        }
    }
    write_status(out, status)?;
    output::write_one(&out.join("index.html"), index(out).as_bytes())
}

/// Writes `build.js` alone (a failed rebuild: the pages stay, the banner says why).
pub fn write_status(out: &Path, status: &Status) -> Result<(), output::Error> {
    let js = format!(
        "ludopressBuild({{\"stamp\": \"{}\", \"time\": {}, \"error\": {}, \"watch\": {}}});\n",
        status.stamp,
        serde_json::to_string(&status.time).unwrap_or_default(),
        serde_json::to_string(&status.error).unwrap_or_else(|_| "null".into()),
        status.watch
    );
    output::write_one(&out.join("build.js"), js.as_bytes())
}

const STYLE: &str = "body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}\
header{background:#2f4f3e;color:#fff;padding:14px 24px}header a{color:#cfe3d6}\
h1{margin:0;font-size:24px}h2{margin:28px 0 8px;font-size:18px}h3{margin:16px 0 6px;font-size:15px;color:#555}\
main{padding:8px 24px 40px}.when{font-size:13px;opacity:.85}\
#error{display:none;background:#b3261e;color:#fff;padding:12px 24px;white-space:pre-wrap;font-family:monospace;max-height:40vh;overflow:auto}\
.links a{display:inline-block;margin:0 10px 6px 0;padding:4px 10px;background:#fff;border:1px solid #ccc;border-radius:4px;text-decoration:none;color:#2f4f3e}\
.grid{display:flex;flex-wrap:wrap;gap:10px}.grid a{display:block;background:#fff;border:1px solid #ddd;padding:4px;text-decoration:none;color:#444;font-size:12px;text-align:center}\
.grid img{display:block;max-height:180px;max-width:260px;margin:auto}.sheets img{max-height:240px;max-width:340px}\
.warn{background:#fff4d6;border-left:4px solid #e0a800;padding:6px 10px;margin:4px 0;font-family:monospace;font-size:12px;white-space:pre-wrap}\
.games a{display:block;width:300px}.more{color:#777;font-size:13px}";

/// The script every page runs: shows the build's time and error, and under `watch` reloads
/// the page when `build.js` says a new build finished.
fn script(root: &str) -> String {
    format!(
        "<script>\
var ludopressSeen=null;\
function ludopressShow(b){{\
var w=document.getElementById('when');if(w)w.textContent=(b.error?'last build failed at ':'built at ')+b.time+(b.watch?' · watching for changes':'');\
var e=document.getElementById('error');if(e){{e.style.display=b.error?'block':'none';e.textContent=b.error?'The last build failed; these are the last good files.\\n\\n'+b.error:'';}}}}\
function ludopressBuild(b){{\
if(ludopressSeen!==null&&b.stamp!==ludopressSeen){{location.reload();return;}}\
ludopressSeen=b.stamp;\
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',function(){{ludopressShow(b);}});else ludopressShow(b);\
if(b.watch)setTimeout(ludopressPoll,500);}}\
function ludopressPoll(){{var s=document.createElement('script');s.src='{root}build.js?'+Date.now();\
s.onload=s.onerror=function(){{s.remove();}};document.head.appendChild(s);}}\
</script><script src=\"{root}build.js\"></script>"
    )
}

fn head(title: &str, root: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>{}</title><style>{STYLE}</style>{}</head>\n<body>\n<div id=\"error\"></div>\n",
        esc(title),
        script(root)
    )
}

/// The files a game's manifest lists (relative, with `/`), and the files at the top of each of
/// its export folders (exports/<kind>/<lang>/, each with its own manifest).
fn files_of(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = output::read_manifest(dir).into_iter().collect();
    for kind in folders(&dir.join("exports")) {
        for lang in folders(&kind) {
            let at = |n: &Path| {
                n.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            };
            files.extend(
                output::read_manifest(&lang)
                    .into_iter()
                    .filter(|f| !f.contains('/'))
                    .map(|f| format!("exports/{}/{}/{f}", at(&kind), at(&lang))),
            );
        }
    }
    files
}

/// The real folders (not links) in `dir`, by name.
fn folders(dir: &Path) -> Vec<std::path::PathBuf> {
    let real = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir());
    let mut found: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| real(p))
        .collect();
    found.sort();
    found
}

/// A game's page.
fn game_page(dir: &Path, e: &Entry) -> String {
    let files = files_of(dir);
    let has = |f: &str| files.iter().any(|x| x == f);
    let mut h = head(&format!("{} — ludopress", e.title), "../");
    let _ = write!(
        h,
        "<header><a href=\"../index.html\">← all games</a><h1>{}</h1><div class=\"when\" id=\"when\"></div></header>\n<main>\n",
        esc(&e.title)
    );
    // Print files and rulebooks.
    let pdfs: Vec<&String> = files
        .iter()
        .filter(|f| !f.contains('/') && (f.ends_with(".pdf") || f.ends_with(".html")))
        .filter(|f| f.as_str() != "index.html")
        .collect();
    h.push_str("<h2>Print files and rulebooks</h2>\n<div class=\"links\">");
    for f in &pdfs {
        let _ = write!(h, "<a href=\"{}\">{}</a>", href(f), esc(f));
    }
    if pdfs.is_empty() {
        h.push_str("<span class=\"more\">none yet: run a whole build</span>");
    }
    h.push_str("</div>\n");
    if !e.warnings.is_empty() {
        let _ = writeln!(h, "<h2>Warnings ({})</h2>", e.warnings.len());
        for w in &e.warnings {
            let _ = writeln!(h, "<div class=\"warn\">{}</div>", esc(w));
        }
    }
    // Sheets, then components, in each language.
    let langs: std::collections::BTreeSet<&str> = files
        .iter()
        .filter_map(|f| f.strip_prefix("sheets/").or(f.strip_prefix("components/")))
        .filter_map(|f| f.split_once('/').map(|p| p.0))
        .collect();
    for (folder, label, class) in [
        ("sheets", "Sheets", "grid sheets"),
        ("components", "Components", "grid"),
    ] {
        for lang in &langs {
            let prefix = format!("{folder}/{lang}/");
            let svgs: Vec<&String> = files
                .iter()
                .filter(|f| f.starts_with(&prefix) && f.ends_with(".svg"))
                .collect();
            if svgs.is_empty() {
                continue;
            }
            let _ = write!(h, "<h2>{label} ({lang})</h2>\n<div class=\"{class}\">");
            let mut paper = "";
            for svg in svgs.iter().take(MAX_FACES) {
                // Sheets start a row for each paper (`a4-…`, `letter-…`).
                let this = svg[prefix.len()..].split('-').next().unwrap_or("");
                if folder == "sheets" && this != paper {
                    paper = this;
                    let _ = write!(h, "</div><h3>{}</h3><div class=\"{class}\">", esc(this));
                }
                let png = format!("{}.png", svg.trim_end_matches(".svg"));
                let img = if has(&png) { &png } else { svg };
                let name = svg.trim_start_matches(&prefix).trim_end_matches(".svg");
                let _ = write!(
                    h,
                    "<a href=\"{}\"><img loading=\"lazy\" src=\"{}\" alt=\"{}\">{}</a>",
                    href(svg),
                    href(img),
                    esc(name),
                    esc(name)
                );
            }
            h.push_str("</div>\n");
            if svgs.len() > MAX_FACES {
                let _ = writeln!(
                    h,
                    "<p class=\"more\">and {} more in <a href=\"{}\">{}</a></p>",
                    svgs.len() - MAX_FACES,
                    href(&prefix),
                    esc(&prefix)
                );
            }
        }
    }
    let exports: Vec<&String> = files.iter().filter(|f| f.starts_with("exports/")).collect();
    if !exports.is_empty() {
        let _ = write!(
            h,
            "<h2>Exports ({})</h2>\n<div class=\"links\">",
            exports.len()
        );
        for f in exports {
            let _ = write!(h, "<a href=\"{}\">{}</a>", href(f), esc(f));
        }
        h.push_str("</div>\n");
    }
    h.push_str("</main>\n</body></html>\n");
    h
}

/// The index: each game folder with a page, its title and a preview.
fn index(out: &Path) -> String {
    let mut games: Vec<(String, String, Option<String>)> = Vec::new();
    for d in std::fs::read_dir(out).into_iter().flatten().flatten() {
        let dir = d.path();
        let real = std::fs::symlink_metadata(&dir).is_ok_and(|m| m.is_dir());
        if !real || !dir.join("index.html").is_file() || !dir.join(output::MANIFEST).is_file() {
            continue;
        }
        let id = d.file_name().to_string_lossy().into_owned();
        let page = std::fs::read_to_string(dir.join("index.html")).unwrap_or_default();
        // The page holds the title escaped: read back as text, escaped again below.
        let title = page
            .split_once("<title>")
            .and_then(|(_, t)| t.split_once(" — ludopress</title>"))
            .map_or(id.clone(), |(t, _)| unesc(t));
        let files = files_of(&dir);
        // The richest component image (the largest file: a board, an illustrated card).
        let size = |f: &String| std::fs::metadata(dir.join(f)).map_or(0, |m| m.len());
        let preview = files
            .iter()
            .filter(|f| f.starts_with("components/") && f.ends_with(".png"))
            .max_by_key(|f| (size(f), std::cmp::Reverse((*f).clone())))
            .or_else(|| {
                files
                    .iter()
                    .find(|f| f.starts_with("components/") && f.ends_with(".svg"))
            })
            .cloned();
        games.push((id, title, preview));
    }
    games.sort();
    let mut h = head("ludopress — gallery", "");
    h.push_str("<header><h1>ludopress</h1><div class=\"when\" id=\"when\"></div></header>\n<main>\n<h2>Games</h2>\n<div class=\"grid games\">");
    for (id, title, preview) in &games {
        let _ = write!(h, "<a href=\"{}/index.html\">", href(id));
        if let Some(p) = preview {
            let _ = write!(
                h,
                "<img loading=\"lazy\" src=\"{}/{}\" alt=\"\">",
                href(id),
                href(p)
            );
        }
        let _ = write!(h, "{}</a>", esc(title));
    }
    h.push_str("</div>\n</main>\n</body></html>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(1_795_420_867), "2026-11-23 08:01:07 UTC");
    }

    #[test]
    fn links_are_escaped() {
        assert_eq!(href("sheets/fr/a4-01.png"), "sheets/fr/a4-01.png");
        assert_eq!(href("a b\"c.svg"), "a%20b%22c.svg");
        assert_eq!(esc("<b>&\""), "&lt;b&gt;&amp;&quot;");
        for t in ["A&B \"dq\" <script>", "&amp; already", "plain"] {
            assert_eq!(unesc(&esc(t)), t);
        }
    }
}
