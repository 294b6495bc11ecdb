//! `floor import FILE`: a room's rulebook read into an edition; the report
//! (points for a person first), and with `--out` the edition written — a
//! data tree, or with `--base` a house overlay of only what differs.

use std::path::{Path, PathBuf};

use floor::data::DataSource;
use floor::import::difference::{self, Change};
use floor::import::provisions::Recorded;
use floor::import::report::{Closing, Point, Report};
use floor::import::{Knowledge, Options, source, tree};
use floor::message::{Message, Msg};
use floor::rules::{Lang, Store};
use floor::text::one_line;
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::render;

/// What the command line gives.
pub struct Args {
    pub file: PathBuf,
    pub out: Option<PathBuf>,
    pub base: Option<String>,
    pub id: Option<String>,
    pub title: Option<String>,
    pub room: Option<String>,
    pub prefix: Option<String>,
    pub book_lang: Option<Lang>,
}

/// What was written.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum Written {
    /// A data tree with the edition in it.
    Tree { dir: String, file: String },
    /// A house overlay.
    Overlay { file: String },
}

#[derive(Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    report: &'a Report,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    changes: Option<&'a [Change]>,
    written: Option<Written>,
}

pub fn run(ctx: &Ctx, args: &Args) -> floor::Result<Output> {
    // The id names the files written: one that is not a slug could name a
    // path outside the tree, or one the tree cannot load.
    if let Some(id) = args
        .id
        .as_deref()
        .filter(|id| !floor::rules::provisions::is_slug(id))
    {
        return Err(floor::Error::input(
            "--id",
            Message::new(Msg::OverlayBadId).arg("id", id.escape_debug()),
        ));
    }
    let shown = args.file.display().to_string();
    let (text, kind) = source::read_file(&args.file)?;
    let knowledge = Knowledge::from_store(&ctx.store)?;
    let name = args
        .file
        .file_name()
        .map_or_else(|| shown.clone(), |n| n.to_string_lossy().into_owned());
    let options = Options {
        id: args.id.clone(),
        title: args.title.clone(),
        house: args.room.clone(),
        prefix: args.prefix.clone(),
        lang: args.book_lang,
        source: name,
    };
    let import = floor::import::read(&text, kind, &knowledge, &options);
    let mut report = Report::of(&import, &shown);
    let mut edition = import.built.edition.clone();
    let difference = match &args.base {
        Some(base_id) => {
            let mut base = ctx.store.edition(base_id)?.clone();
            // What its rules state, so that a reworded rule says what it
            // still states in its new words.
            if let Some(catalog) = floor::rules::provisions::Catalog::load(ctx.store.source())? {
                base =
                    floor::rules::provisions::with_provisions(base, ctx.store.source(), &catalog)?;
            }
            if base.id == edition.id {
                return Err(floor::Error::bad(
                    Message::new(Msg::ImportSameId).arg("id", &edition.id),
                ));
            }
            let d = difference::against(&edition, &base, &edition.id);
            for change in &d.changes {
                if let Change::Renumbered { number, printed } = change {
                    report.points.push(Point::Renumbered {
                        number: number.clone(),
                        printed: printed.clone(),
                    });
                }
            }
            Some(d)
        }
        None => None,
    };
    // What the rules state, as the tree written would record it: a
    // parameter no provision quotes is a point for a person whether or not
    // the tree is written, so the report is the same with and without
    // `--out`.
    let recorded = match &difference {
        None => floor::import::provisions::record(&mut edition, &import.params, &ctx.store)?,
        Some(_) => None,
    };
    for found in recorded.iter().flat_map(|r| &r.unquoted) {
        report
            .params
            .retain(|p| !(p.rule == found.rule && p.key == found.key));
        report.points.push(Point::Param {
            number: found.rule.clone(),
            key: found.key.clone(),
            readings: vec![found.value.clone()],
            sentence: found.sentence.clone(),
        });
    }
    let written = match (&args.out, &difference) {
        (Some(out), None) => {
            if let Some(r) = recorded.as_ref().filter(|r| !r.unstated.is_empty()) {
                report.points.push(Point::Provisions {
                    rules: r.unstated.clone(),
                    file: out.join(&r.path).display().to_string(),
                });
            }
            write_tree(ctx, out, &edition, recorded.as_ref())?;
            Some(Written::Tree {
                dir: out.display().to_string(),
                file: out.join(tree::edition_path(&edition)).display().to_string(),
            })
        }
        (Some(out), Some(d)) => {
            let body = floor::yaml::to_string(&d.overlay, &out.display().to_string())?;
            let head = format!(
                "# {} — what {} changes in {}, read by `floor import` from {}.\n",
                one_line(&edition.title),
                edition.id,
                args.base.as_deref().unwrap_or_default(),
                one_line(&edition.source)
            );
            let text = format!("{head}{body}");
            // An overlay `--house` would refuse is not written.
            floor::rules::overlay::parse(&text, &out.display().to_string(), &ctx.store)?;
            floor::data::write_file(out, text.as_bytes())?;
            Some(Written::Overlay {
                file: out.display().to_string(),
            })
        }
        (None, _) => None,
    };
    if ctx.json {
        let json = Json {
            report: &report,
            base: args.base.as_deref(),
            changes: difference.as_ref().map(|d| d.changes.as_slice()),
            written,
        };
        return Ok(Output::ok(render::json(&json)?));
    }
    Ok(Output::ok(human(
        ctx,
        &report,
        args.base.as_deref(),
        difference.as_ref(),
        written.as_ref(),
    )))
}

/// Writes the data tree in use with the edition added into `out` (a new
/// or empty folder, or a data tree), once it passes `floor check --data`:
/// the tree is first written beside `out` and checked there, so an edition
/// that does not pass leaves nothing behind. A finding the data in use has
/// already is not the import's (`floor check` reports it there).
fn write_tree(
    ctx: &Ctx,
    out: &Path,
    edition: &floor::rules::Edition,
    recorded: Option<&Recorded>,
) -> floor::Result<()> {
    floor::data::create_dirs(out)?;
    let empty = std::fs::read_dir(out).map_or(true, |mut d| d.next().is_none());
    if !empty && !out.join("locales").is_dir() {
        return Err(floor::Error::bad(
            Message::new(Msg::ImportOutNotTree).arg("dir", out.display()),
        ));
    }
    let files = tree::files(ctx.store.source(), edition, recorded)?;
    let staged = Staged::new(out)?;
    for (path, text) in &files {
        floor::data::write_file(&staged.0.join(path), text.as_bytes())?;
    }
    let store = Store::open(DataSource::dir(&staged.0)?)?;
    let report = floor::check::check(&store);
    let before = floor::check::check(&ctx.store).findings;
    // Rules that state nothing yet are the one point left to a person
    // (listed in the report); anything else new is a fault of the import.
    let record = recorded.map(|r| r.path.as_str());
    let left_to_a_person = |f: &floor::rules::check::Finding| {
        f.message.msg == Msg::CheckStatesNothing && Some(f.file.as_str()) == record
    };
    let fault = report
        .findings
        .iter()
        .find(|f| !before.contains(f) && !left_to_a_person(f));
    if let Some(finding) = fault {
        return Err(floor::Error::bad(
            Message::new(Msg::ImportTreeFails)
                .arg("dir", out.display())
                .arg("file", &finding.file)
                .arg("problem", finding.message.render(&ctx.ui)),
        ));
    }
    drop(staged);
    for (path, text) in &files {
        floor::data::write_file(&out.join(path), text.as_bytes())?;
    }
    Ok(())
}

/// A folder beside the import's `--out` where the tree is checked before
/// it is written there; removed when dropped, whatever happened.
struct Staged(std::path::PathBuf);

impl Staged {
    fn new(out: &Path) -> floor::Result<Self> {
        let parent = out
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = out
            .file_name()
            .map_or_else(|| "tree".into(), |n| n.to_string_lossy());
        // A name no other run holds: the process id, then a count.
        let mut attempt = 0u32;
        loop {
            let dir = parent.join(format!(
                ".{name}.floor-import-{}-{attempt}",
                std::process::id()
            ));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(Self(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    attempt = attempt.saturating_add(1);
                }
                // The error names why, as for any folder written.
                Err(_) => {
                    floor::data::create_dirs(&dir)?;
                    return Ok(Self(dir));
                }
            }
        }
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        // A folder left behind is harmless and named for what it is.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn human(
    ctx: &Ctx,
    report: &Report,
    base: Option<&str>,
    difference: Option<&difference::Difference>,
    written: Option<&Written>,
) -> String {
    let ui = &ctx.ui;
    let mut out = String::new();
    let numbering = report.numbering.as_deref().unwrap_or("—");
    out.push_str(&render::wrap(
        ctx,
        &ui.f(
            "import.summary",
            &[
                ("file", &report.file),
                ("edition", &report.edition),
                ("title", &report.title),
                ("lang", report.language),
                ("share", &format!("{:.2}", report.language_share)),
                ("numbering", numbering),
            ],
        ),
        2,
    ));
    out.push('\n');
    out.push_str(&ui.f(
        "import.counts",
        &[
            ("rules", &report.counts.rules.to_string()),
            ("procedures", &report.counts.procedures.to_string()),
            ("house", &report.counts.house.to_string()),
            ("params", &report.params.len().to_string()),
        ],
    ));
    out.push_str("\n\n");
    if report.points.is_empty() {
        out.push_str(ui.t("import.no_points"));
        out.push('\n');
    } else {
        out.push_str(&render::bold(
            ctx,
            &ui.f("import.points", &[("n", &report.points.len().to_string())]),
        ));
        out.push('\n');
        for point in &report.points {
            out.push_str("  ! ");
            out.push_str(&render::wrap(ctx, &point_text(ctx, point), 4));
            out.push('\n');
        }
    }
    out.push('\n');
    let mut table = render::table_with_header(
        ctx,
        &[
            "import.number",
            "import.title",
            "import.concept",
            "import.confidence",
        ],
    );
    for row in &report.rules {
        let concept = if row.house {
            format!("{} ({})", row.concept, ui.t("import.house_rule"))
        } else {
            row.concept.clone()
        };
        let mark = if row.uncertain { " !" } else { "" };
        table.add_row(vec![
            render::cell(&row.number),
            render::cell(&row.title),
            render::cell(&concept),
            format!("{:.2}{mark}", row.confidence),
        ]);
    }
    out.push_str(&format!("{table}\n\n"));
    out.push_str(&ui.f("import.params", &[("n", &report.params.len().to_string())]));
    out.push('\n');
    for p in &report.params {
        let value = match &p.value {
            serde_json::Value::String(s) => s.clone(),
            v => v.to_string(),
        };
        out.push_str("  ");
        out.push_str(&render::wrap(
            ctx,
            &ui.f(
                "import.param",
                &[
                    ("key", &p.key),
                    ("value", &value),
                    ("rule", &p.rule),
                    ("sentence", &p.sentence),
                ],
            ),
            4,
        ));
        out.push('\n');
    }
    if let (Some(base), Some(d)) = (base, difference) {
        out.push('\n');
        out.push_str(&ui.f(
            "import.changes",
            &[("base", base), ("n", &d.changes.len().to_string())],
        ));
        out.push('\n');
        for change in &d.changes {
            out.push_str("  ");
            out.push_str(&change_text(ctx, change));
            out.push('\n');
        }
    }
    out.push('\n');
    let line = match written {
        Some(Written::Tree { dir, file }) => ui.f(
            "import.wrote_tree",
            &[("dir", dir), ("file", file), ("edition", &report.edition)],
        ),
        Some(Written::Overlay { file }) => ui.f(
            "import.wrote_overlay",
            &[("file", file), ("base", base.unwrap_or_default())],
        ),
        None => ui.t("import.not_written").to_string(),
    };
    out.push_str(&render::wrap(ctx, &line, 2));
    out.push('\n');
    out
}

fn point_text(ctx: &Ctx, point: &Point) -> String {
    let ui = &ctx.ui;
    match point {
        Point::Concept {
            number,
            title,
            line,
            chosen,
            confidence,
            alternatives,
        } => {
            let others = alternatives
                .iter()
                .map(|(c, s)| format!("{c} {s:.2}"))
                .collect::<Vec<_>>()
                .join(", ");
            let others = if others.is_empty() {
                "—".to_string()
            } else {
                others
            };
            let confidence = format!("{confidence:.2}");
            let line = line.to_string();
            let mut args = vec![
                ("number", number.as_str()),
                ("title", title.as_str()),
                ("line", line.as_str()),
                ("confidence", confidence.as_str()),
                ("alternatives", others.as_str()),
            ];
            match chosen {
                Some(c) => {
                    args.push(("concept", c.as_str()));
                    ui.f("import.point_concept", &args)
                }
                None => ui.f("import.point_house", &args),
            }
        }
        Point::NumberClash {
            printed,
            number,
            line,
        } => ui.f(
            "import.point_clash",
            &[
                ("printed", printed),
                ("number", number),
                ("line", &line.to_string()),
            ],
        ),
        Point::Provisions { rules, file } => ui.f(
            "import.point_provisions",
            &[("rules", &rules.join(", ")), ("file", file)],
        ),
        Point::Language { taken, share } => ui.f(
            "import.point_language",
            &[("lang", taken), ("share", &format!("{share:.2}"))],
        ),
        Point::Renumbered { number, printed } => ui.f(
            "import.point_renumbered",
            &[("number", number), ("printed", printed)],
        ),
        Point::Param {
            number,
            key,
            readings,
            sentence,
        } => {
            let readings = readings
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" / ");
            ui.f(
                "import.point_param",
                &[
                    ("number", number),
                    ("key", key),
                    ("readings", &readings),
                    ("sentence", sentence),
                ],
            )
        }
        Point::Closing { taken, lines, text } => {
            let (first, last) = (lines.0.to_string(), lines.1.to_string());
            let key = match taken {
                Closing::Note => "import.point_note",
                Closing::Source => "import.point_source",
                Closing::NotText => "import.point_not_text",
            };
            ui.f(
                key,
                &[
                    ("line", &first),
                    ("first", &first),
                    ("last", &last),
                    ("text", text),
                ],
            )
        }
    }
}

fn change_text(ctx: &Ctx, change: &Change) -> String {
    let ui = &ctx.ui;
    match change {
        Change::Title { number } => ui.f("import.change_title", &[("number", number)]),
        Change::Text { number } => ui.f("import.change_text", &[("number", number)]),
        Change::Params { number, keys } => ui.f(
            "import.change_params",
            &[("number", number), ("keys", &keys.join(", "))],
        ),
        Change::Removed { number } => ui.f("import.change_removed", &[("number", number)]),
        Change::Added { number } => ui.f("import.change_added", &[("number", number)]),
        Change::Section {
            title,
            number,
            printed,
        } => ui.f(
            "import.change_section",
            &[("title", title), ("number", number), ("printed", printed)],
        ),
        Change::Renumbered { number, printed } => ui.f(
            "import.change_renumbered",
            &[("number", number), ("printed", printed)],
        ),
    }
}
