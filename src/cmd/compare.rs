//! `floor compare A B`: what changes a ruling between two editions or house
//! overlays, then what else differs, in a form a floor person reads in a
//! minute (text or Markdown); `floor compare --house FILE`: what a house
//! changed against the edition it extends, with warnings.

use std::path::Path;

use floor::compare::align::Aligned;
use floor::compare::{
    Comparison, Flag, Index, Options, Parameter, Piece, Quote, Row, RowDispute, Said, Side, Silent,
    Stating, TermDiff, Weighs, compare_indexed,
};
use floor::rules::overlay::{self, Warning};
use floor::rules::provisions::{Catalog, Descriptions, Kind, Term, with_provisions};
use floor::rules::{Book, Edition, Rule, RuleRef, Store};

use crate::ctx::{Ctx, Output};
use crate::render;
use floor::text::Shown;

/// How the report is written for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text with tables, for the terminal.
    Text,
    /// Markdown, to print or pin at the floor desk.
    Markdown,
}

/// What was asked.
pub struct Args<'a> {
    pub a: Option<&'a str>,
    pub b: Option<&'a str>,
    pub concept: Option<&'a str>,
    pub diff: bool,
    pub all: bool,
    pub format: Format,
}

pub fn run(ctx: &Ctx, args: &Args<'_>) -> floor::Result<Output> {
    // A JSON answer shows no description; a report those of its language.
    let keep = if ctx.json {
        Descriptions::None
    } else {
        Descriptions::Only(ctx.ui.lang)
    };
    let catalog = Catalog::load_describing(ctx.store.source(), keep)?.unwrap_or_default();
    let house_file = ctx.settings.house.as_ref().map(|h| h.value.clone());
    let (ea, eb, warnings) = match (args.a, args.b, &house_file) {
        (Some(a), Some(b), _) => (edition(ctx, a, &catalog)?, edition(ctx, b, &catalog)?, None),
        (Some(a), None, Some(_)) => (
            edition(ctx, a, &catalog)?,
            edition(ctx, &ctx.edition, &catalog)?,
            None,
        ),
        (None, _, Some(file)) => {
            let house = overlay_file(ctx, file)?;
            (house.base, house.edition, Some(house.warnings))
        }
        _ => {
            return Err(floor::Error::bad(
                floor::message::Message::new(floor::message::Msg::Text)
                    .arg("text", ctx.ui.t("compare.two_needed")),
            ));
        }
    };
    let concept = match args.concept {
        Some(c) => Some(topic(ctx, c, &ea, &eb)?),
        None => None,
    };
    // Two bundled editions named by id from the embedded data, neither
    // extended by a house: the differ's stored pair is theirs.
    let shipped = |given: Option<&str>, e: &Edition| {
        matches!(ctx.store.source(), floor::data::DataSource::Embedded)
            && given.is_some_and(|g| g == e.id)
            && e.extends.is_empty()
    };
    let options = Options {
        concept,
        // What a house changed is shown sentence by sentence.
        sentences: args.diff || args.concept.is_some() || warnings.is_some(),
        shipped: shipped(args.a, &ea) && shipped(args.b, &eb),
    };
    let index = [Index::of(&ea, &catalog), Index::of(&eb, &catalog)];
    let comparison = compare_indexed(&ea, &eb, &index, &catalog, &options)?;
    if ctx.json {
        #[derive(serde::Serialize)]
        struct WithWarnings<'a> {
            #[serde(flatten)]
            comparison: &'a Comparison,
            #[serde(skip_serializing_if = "Option::is_none")]
            warnings: Option<Vec<serde_json::Value>>,
        }
        let warnings = warnings
            .as_ref()
            .map(|w| w.iter().map(warning_json).collect());
        let out = Output::ok(render::json(&WithWarnings {
            comparison: &comparison,
            warnings,
        })?);
        forget_at_exit(index);
        forget_at_exit((comparison, ea, eb, catalog));
        return Ok(out);
    }
    let report = Report {
        ctx,
        catalog: &catalog,
        c: &comparison,
        ea: &ea,
        eb: &eb,
        ia: &index[0],
        ib: &index[1],
        all: args.all || args.concept.is_some(),
        // Across languages a word diff cannot be made: the provisions are
        // held side by side instead.
        provisions_side_by_side: !comparison.same_language && (args.diff || args.concept.is_some()),
        texts_side_by_side: !comparison.same_language && args.concept.is_some(),
        diff_asked: args.diff,
        markdown: args.format == Format::Markdown,
        runnable: options.shipped,
        one_topic: args.concept.is_some(),
    };
    let mut doc = Vec::new();
    if let Some(warnings) = &warnings {
        report.house_head(&mut doc, warnings);
    }
    report.build(&mut doc);
    let out = Output::ok(match args.format {
        Format::Text => text(ctx, &doc),
        Format::Markdown => markdown(&doc),
    });
    forget_at_exit(index);
    forget_at_exit((comparison, ea, eb, catalog, doc));
    Ok(out)
}

/// The process ends after the report is written: freeing the editions, the
/// catalog and the comparison would cost a tenth of the run (as freeing
/// clap's command tree would, see `app`).
fn forget_at_exit<T>(built: T) {
    std::mem::forget(built);
}

/// An edition by id, or a house overlay by file name, with its provisions.
fn edition(ctx: &Ctx, given: &str, catalog: &Catalog) -> floor::Result<Edition> {
    let is_file = given.ends_with(".yaml") || given.ends_with(".yml") || given.contains('/');
    if is_file && ctx.store.language_of(given).is_none() {
        return Ok(overlay_file(ctx, Path::new(given))?.edition);
    }
    let edition = ctx.store.edition_owned(given)?;
    if !edition.extends.is_empty() {
        // The --house overlay: its provisions came with it.
        return Ok(edition);
    }
    with_provisions(edition, ctx.store.source(), catalog)
}

/// The topic `--concept` names: a concept slug, or the number of a rule of
/// the first edition (of the second where the first has no such rule), as
/// a floor person holding one of the rulebooks cites it.
fn topic(ctx: &Ctx, given: &str, a: &Edition, b: &Edition) -> floor::Result<String> {
    let unknown = match ctx.store.concept(given) {
        Ok(concept) => return Ok(concept.slug.clone()),
        Err(e) => e,
    };
    let Some(number) = RuleRef::parse(given) else {
        return Err(unknown);
    };
    match Book::Full(a).find(&number) {
        Ok(found) => Ok(found.rule.concept.clone()),
        Err(in_a) => Book::Full(b)
            .find(&number)
            .map(|found| found.rule.concept.clone())
            .map_err(|_| in_a),
    }
}

/// Loads an overlay against the data tree alone (not against the store in
/// use, which may already hold an overlay of the same id).
fn overlay_file(ctx: &Ctx, path: &Path) -> floor::Result<overlay::House> {
    let store = Store::open(ctx.store.source().clone())?;
    overlay::load(path, &store)
}

pub fn warning_json(w: &Warning) -> serde_json::Value {
    use serde_json::json;
    match w {
        Warning::StaleText {
            number,
            param,
            span,
        } => {
            json!({"kind": "stale-text", "number": number, "param": param, "span": span})
        }
        Warning::Unread { number, param } => {
            json!({"kind": "unread", "number": number, "param": param})
        }
        Warning::TwoEntries {
            number,
            house,
            param,
        } => json!({"kind": "two-entries", "number": number, "house": house, "param": param}),
        Warning::UnmatchedPart { number, label } => {
            json!({"kind": "unmatched-part", "number": number, "label": label})
        }
        Warning::UnstatedPart { number, label } => {
            json!({"kind": "unstated-part", "number": number, "label": label})
        }
        Warning::LostProvision { number, id, span } => {
            json!({"kind": "lost-provision", "number": number, "provision": id, "span": span})
        }
        Warning::TermNotGiven { number, id, term } => {
            json!({"kind": "term-not-given", "number": number, "provision": id, "term": term})
        }
    }
}

/// A house overlay's warning in words (`compare --house`, `check --house`).
pub fn warning_line(ui: &floor::ui::Ui, catalog: &Catalog, w: &Warning) -> String {
    let provision = |id: &str| {
        catalog
            .get(id)
            .map_or_else(|| id.to_string(), |p| p.text(ui.lang).to_string())
    };
    match w {
        Warning::StaleText {
            number,
            param,
            span,
        } => ui.f(
            "house.warn.stale_text",
            &[
                ("number", number),
                ("param", ui.param_name(param)),
                ("span", &cut(span)),
            ],
        ),
        Warning::Unread { number, param } => ui.f(
            "house.warn.unread",
            &[("number", number), ("param", ui.param_name(param))],
        ),
        Warning::TwoEntries {
            number,
            house,
            param,
        } => ui.f(
            "house.warn.two_entries",
            &[
                ("number", number),
                ("house", house),
                ("param", ui.param_name(param)),
            ],
        ),
        Warning::UnmatchedPart { number, label } => ui.f(
            "house.warn.unmatched_part",
            &[("number", number), ("label", label)],
        ),
        Warning::UnstatedPart { number, label } => ui.f(
            "house.warn.unstated_part",
            &[("number", number), ("label", label)],
        ),
        Warning::TermNotGiven { number, id, term } => ui.f(
            "house.warn.term_not_given",
            &[
                ("number", number),
                ("provision", &provision(id)),
                ("id", id),
                ("term", ui.t(&format!("compare.term.{}", term.id()))),
            ],
        ),
        Warning::LostProvision { number, id, span } => ui.f(
            "house.warn.lost_provision",
            &[
                ("number", number),
                ("provision", &provision(id)),
                ("span", &cut(span)),
            ],
        ),
    }
}

/// A report as blocks, written out as text or Markdown.
enum Block {
    Title(String),
    Line(String),
    Heading(String),
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    Item {
        head: String,
        lines: Vec<String>,
    },
}

struct Report<'a> {
    ctx: &'a Ctx,
    catalog: &'a Catalog,
    c: &'a Comparison,
    ea: &'a Edition,
    eb: &'a Edition,
    ia: &'a Index<'a>,
    ib: &'a Index<'a>,
    all: bool,
    /// Every provision of a listed topic, both editions side by side
    /// (across languages, with `--diff` or `--concept`).
    provisions_side_by_side: bool,
    /// Both rule texts side by side (across languages, with `--concept`).
    texts_side_by_side: bool,
    /// `--diff` was given.
    diff_asked: bool,
    /// Parameters as a table in Markdown, where a page has the width.
    markdown: bool,
    /// Both editions are bundled ones named by id: `floor incident
    /// --rules` takes them.
    runnable: bool,
    /// `--concept` asked for one topic.
    one_topic: bool,
}

/// Spans longer than this are cut (the whole span is in `--json`).
const SPAN_CHARS: usize = 110;
/// In the parameter table, shorter still.
const CELL_SPAN_CHARS: usize = 60;

impl Report<'_> {
    fn t(&self, key: &str) -> String {
        self.ctx.ui.t(&format!("compare.{key}")).to_string()
    }

    fn f(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.ctx.ui.f(&format!("compare.{key}"), args)
    }

    /// A text said of `count` topics (one topic, two topics).
    fn f_count(&self, key: &str, count: usize, args: &[(&str, &str)]) -> String {
        self.ctx.ui.f_count(&format!("compare.{key}"), count, args)
    }

    fn house_head(&self, doc: &mut Vec<Block>, warnings: &[Warning]) {
        let ui = &self.ctx.ui;
        doc.push(Block::Title(ui.f(
            "house.report",
            &[
                ("id", &self.eb.id),
                ("house", self.eb.house.as_deref().unwrap_or("")),
                ("base", &self.ea.id),
            ],
        )));
        doc.push(Block::Heading(ui.t("house.warnings").to_string()));
        if warnings.is_empty() {
            doc.push(Block::Line(ui.t("house.no_warnings").to_string()));
        }
        for w in warnings {
            let line = warning_line(ui, self.catalog, w);
            doc.push(Block::Item {
                head: line,
                lines: Vec::new(),
            });
        }
    }

    fn build(&self, doc: &mut Vec<Block>) {
        let c = self.c;
        doc.push(Block::Title(self.f(
            "title",
            &[
                ("a", &c.a),
                ("title_a", &self.ea.title),
                ("b", &c.b),
                ("title_b", &self.eb.title),
            ],
        )));
        doc.push(Block::Line(if c.same_language {
            self.t("same_language")
        } else {
            self.t("other_language")
        }));
        let n = |id: &str| c.summary.flags.get(id).copied().unwrap_or(0).to_string();
        // The rows the report lists as worded differently only, or as
        // procedures only, so the header and the lists give one count.
        let wording_only = c.rows.iter().filter(|r| r.wording_only()).count();
        let procedure_only = c.rows.iter().filter(|r| r.procedure_only()).count();
        let practice_only = c.rows.iter().filter(|r| r.practice_only()).count();
        let s = |id: &str| c.summary.status.get(id).copied().unwrap_or(0).to_string();
        doc.push(Block::Line(self.f_count(
            "summary",
            c.summary.rows,
            &[
                ("ruling", &n("ruling")),
                ("substance", &n("substance")),
                ("procedure", &procedure_only.to_string()),
                ("tda_practice", &practice_only.to_string()),
                ("not_applicable", &n("not-applicable")),
                ("house", &n("house")),
                ("structure", &n("structure")),
                ("wording", &wording_only.to_string()),
                ("renumbered", &n("renumbered")),
                ("only_a", &s("only-a")),
                ("only_b", &s("only-b")),
                ("a", &c.a),
                ("b", &c.b),
            ],
        )));
        for id in &c.without_provisions {
            doc.push(Block::Line(self.f("no_provisions", &[("edition", id)])));
        }
        if self.diff_asked && !c.same_language {
            doc.push(Block::Line(self.t("diff_other_language")));
        }
        self.parameters(doc);
        self.changes(doc);
        self.practice(doc);
        self.procedures(doc);
        self.renumbering(doc);
        self.wording(doc);
        self.equal(doc);
    }

    fn parameters(&self, doc: &mut Vec<Block>) {
        let mut shown: Vec<&Parameter> = self
            .c
            .parameters
            .iter()
            .filter(|p| p.differs || self.all)
            .collect();
        let equal = self.c.parameters.iter().filter(|p| !p.differs).count();
        // What changes a ruling first; otherwise in the order of the topics.
        shown.sort_by_key(|p| !p.changes_ruling);
        doc.push(Block::Heading(self.t("params_heading")));
        let star = |p: &Parameter| if p.changes_ruling { "★ " } else { "" };
        if shown.is_empty() {
            doc.push(Block::Line(self.t("params_agree")));
        } else if self.all || self.markdown {
            // A table: with --all every parameter, with the words that
            // state each value.
            let rows = shown
                .iter()
                .map(|p| {
                    let (a, b) = self.values(p);
                    vec![format!("{}{}", star(p), self.param_name(&p.param)), a, b]
                })
                .collect();
            doc.push(Block::Table {
                header: vec![self.t("param_col"), self.c.a.clone(), self.c.b.clone()],
                rows,
            });
        } else {
            // One line each, first edition → second, so that the first
            // screen holds the parameters and the first differences.
            doc.push(Block::Line(
                self.f("params_direction", &[("a", &self.c.a), ("b", &self.c.b)]),
            ));
            let lines = shown
                .iter()
                .map(|p| {
                    format!(
                        "{}{}: {}",
                        star(p),
                        self.param_name(&p.param),
                        self.change(p)
                    )
                })
                .collect();
            doc.push(Block::Item {
                head: String::new(),
                lines,
            });
        }
        let mut notes = Vec::new();
        if shown.iter().any(|p| p.changes_ruling) {
            notes.push(format!("★ {}", self.t("ruling_mark")));
        }
        if !self.all && !self.c.parameters.is_empty() {
            notes.push(self.f("params_equal", &[("count", &equal.to_string())]));
        }
        if !notes.is_empty() {
            doc.push(Block::Line(notes.join(" · ")));
        }
    }

    /// What a side that does not state a parameter says: what it states
    /// instead, or "not stated" (with the TDA practice a ruling applies).
    fn unstated(&self, p: &Parameter, instead: &[Quote]) -> String {
        if !instead.is_empty() {
            let said: Vec<String> = instead
                .iter()
                .map(|q| format!("{} ({})", self.provision(&q.id), q.number))
                .collect();
            return self.f("instead", &[("provisions", &said.join("; "))]);
        }
        let tda = if p.ruling {
            floor::rules::Params::default().value_or_tda(&p.param)
        } else {
            None
        };
        match tda {
            Some(v) => self.f("not_stated_tda", &[("value", &self.value_text(&v))]),
            None => self.t("not_stated"),
        }
    }

    /// The rule that states a value: `29`, `29, printed 4` where the
    /// edition prints its own numbers, or `house rule DPC-1`.
    fn source(&self, s: &Stating) -> String {
        if s.house {
            return self.f("set_by_house", &[("number", &s.number)]);
        }
        match &s.printed {
            Some(label) => format!("{}, {}", s.number, self.f("printed", &[("label", label)])),
            None => s.number.clone(),
        }
    }

    /// A parameter that differs, in one line: `a (rule) → b (rule)`; for a
    /// list, what each side has alone and how many they share.
    fn change(&self, p: &Parameter) -> String {
        let side = |s: &Option<Stating>, instead: &[Quote]| match s {
            Some(s) => format!("{} ({})", self.value_text(&s.value), self.source(s)),
            None => self.unstated(p, instead),
        };
        let list =
            |s: &Option<Stating>| s.as_ref().and_then(|s| floor::compare::elements(&s.value));
        let (Some(la), Some(lb)) = (list(&p.a), list(&p.b)) else {
            return format!(
                "{} → {}",
                side(&p.a, &p.instead.only_a),
                side(&p.b, &p.instead.only_b)
            );
        };
        let only = |mine: &[String], theirs: &[String]| -> Vec<String> {
            mine.iter()
                .filter(|v| !theirs.contains(v))
                .map(|v| self.value_name(v))
                .collect()
        };
        let mut parts = Vec::new();
        for (items, id) in [(only(&la, &lb), &self.c.a), (only(&lb, &la), &self.c.b)] {
            if !items.is_empty() {
                parts.push(self.f("only_in", &[("edition", id), ("items", &items.join(", "))]));
            }
        }
        // A long shared list is only counted: the difference is what matters.
        let both: Vec<String> = la
            .iter()
            .filter(|v| lb.contains(v))
            .map(|v| self.value_name(v))
            .collect();
        let shared = if both.len() <= 2 {
            both.join(", ")
        } else {
            both.len().to_string()
        };
        if !both.is_empty() {
            parts.push(self.f("in_both", &[("items", &shared)]));
        }
        let numbers = [&p.a, &p.b]
            .iter()
            .filter_map(|s| s.as_ref().map(|s| self.source(s)))
            .collect::<Vec<_>>()
            .join(" ↔ ");
        format!("{} ({numbers})", parts.join("; "))
    }

    /// Both cells of a parameter: the value (for lists, what each side has
    /// that the other lacks) and the rule that states it; with `--all`, the
    /// words that state it too, one line each.
    fn values(&self, p: &Parameter) -> (String, String) {
        let list =
            |s: &Option<Stating>| s.as_ref().and_then(|s| floor::compare::elements(&s.value));
        let (la, lb) = (list(&p.a), list(&p.b));
        let cell = |side: &Option<Stating>,
                    instead: &[Quote],
                    mine: &Option<Vec<String>>,
                    theirs: &Option<Vec<String>>| {
            let Some(s) = side else {
                return self.unstated(p, instead);
            };
            let mut lines = Vec::new();
            match (mine, theirs) {
                (Some(mine), Some(theirs)) if p.differs => {
                    let only: Vec<String> = mine
                        .iter()
                        .filter(|v| !theirs.contains(v))
                        .map(|v| self.value_name(v))
                        .collect();
                    let both: Vec<String> = mine
                        .iter()
                        .filter(|v| theirs.contains(v))
                        .map(|v| self.value_name(v))
                        .collect();
                    if !only.is_empty() {
                        lines.push(self.f("only_here", &[("items", &only.join(", "))]));
                    }
                    // A long shared list is only counted: the difference
                    // is what matters.
                    let shared = if both.len() <= 2 {
                        both.join(", ")
                    } else {
                        both.len().to_string()
                    };
                    if !both.is_empty() {
                        lines.push(self.f("in_both", &[("items", &shared)]));
                    }
                }
                _ => lines.push(self.value_text(&s.value)),
            }
            let source = self.source(s);
            let quoted: Vec<String> = s
                .spans
                .iter()
                .filter(|_| self.all)
                .filter(|w| match (mine, theirs, &w.element) {
                    (Some(_), Some(theirs), Some(element)) if p.differs => {
                        !theirs.contains(element)
                    }
                    _ => true,
                })
                .map(|w| {
                    // The number the words state stays in view when the
                    // words are cut.
                    let value = w.element.clone().or_else(|| match &s.value {
                        serde_json::Value::Number(n) => Some(n.to_string()),
                        _ => None,
                    });
                    format!(
                        "“{}”",
                        cut_keeping(&w.span, value.as_deref(), CELL_SPAN_CHARS)
                    )
                })
                .collect();
            if quoted.is_empty() {
                // One line: the value and where it is stated.
                format!("{} ({source})", lines.join("; "))
            } else {
                lines.push(format!("({source}: {})", quoted.join(" … ")));
                lines.join("\n")
            }
        };
        (
            cell(&p.a, &p.instead.only_a, &la, &lb),
            cell(&p.b, &p.instead.only_b, &lb, &la),
        )
    }

    fn changes(&self, doc: &mut Vec<Block>) {
        let shown: Vec<&Row> = self
            .c
            .rows
            .iter()
            .filter(|r| {
                !r.procedure_only()
                    && !r.practice_only()
                    && r.flags
                        .iter()
                        .any(|f| !matches!(f, Flag::Wording | Flag::Renumbered))
            })
            .collect();
        doc.push(Block::Heading(self.f_count(
            "changes_heading",
            shown.len(),
            &[],
        )));
        if shown.is_empty() {
            doc.push(Block::Line(if self.c.same_language {
                self.t("changes_none")
            } else {
                self.t("changes_none_provisions")
            }));
        }
        let starred = shown.iter().any(|r| r.has(Flag::Ruling));
        for row in shown {
            doc.push(self.row_item(row));
            if self.texts_side_by_side {
                doc.extend(self.texts(row));
            }
        }
        // Ruling the facts again is for one topic: where to find them.
        if starred && !self.one_topic {
            doc.push(Block::Line(self.t("dispute_hint")));
        }
    }

    /// Topics that differ in procedures, explanations or advice only: one
    /// line each (all of it with `--all`).
    fn procedures(&self, doc: &mut Vec<Block>) {
        self.one_liners(doc, "procedures_heading", Row::procedure_only);
    }

    /// Topics one edition has no rule on, where the TDA practice it
    /// applies rules as the other states: one line each (all of it with
    /// `--all`).
    fn practice(&self, doc: &mut Vec<Block>) {
        self.one_liners(doc, "practice_heading", Row::practice_only);
    }

    /// The rows `which` picks under `heading`, one line each (all of it
    /// with `--all`).
    fn one_liners(&self, doc: &mut Vec<Block>, heading: &str, which: fn(&Row) -> bool) {
        let rows: Vec<&Row> = self.c.rows.iter().filter(|r| which(r)).collect();
        if rows.is_empty() {
            return;
        }
        doc.push(Block::Heading(self.f_count(heading, rows.len(), &[])));
        for row in rows {
            if self.all {
                doc.push(self.row_item(row));
                if self.texts_side_by_side {
                    doc.extend(self.texts(row));
                }
            } else {
                doc.push(Block::Item {
                    head: self.row_head(row),
                    lines: Vec::new(),
                });
            }
        }
    }

    /// `4 (printed 3) Player Identity`, or "not in …".
    fn side(&self, side: &Option<Side>, id: &str) -> String {
        match side {
            Some(s) => match &s.printed {
                Some(printed) => format!(
                    "{} ({}) {}",
                    s.number,
                    self.f("printed", &[("label", printed)]),
                    s.title
                ),
                None => format!("{} {}", s.number, s.title),
            },
            None => self.f("absent", &[("edition", id)]),
        }
    }

    fn row_head(&self, row: &Row) -> String {
        let flags: Vec<String> = row
            .flags
            .iter()
            .map(|f| self.t(&format!("flag.{}", f.id().replace('-', "_"))))
            .collect();
        format!(
            "{} · {} ↔ {}  [{}]",
            row.concept,
            self.side(&row.a, &self.c.a),
            self.side(&row.b, &self.c.b),
            flags.join(", ")
        )
    }

    /// "★ " before a difference that changes a ruling.
    fn star(&self, row: &Row, id: &str, term: Option<Term>) -> &'static str {
        match row.weighs(self.catalog, &self.c.ruled, id, term) {
            Weighs::Ruling => "★ ",
            _ => "",
        }
    }

    /// A provision's kind in words where it is not a ruling.
    fn kind_note(&self, kind: Kind) -> String {
        match kind {
            Kind::Ruling => String::new(),
            other => format!(" ({})", self.t(&format!("kind.{}", other.id()))),
        }
    }

    fn term_value(&self, id: &str, term: Term, value: Option<&str>) -> String {
        match value {
            Some(v) => self
                .catalog
                .term_words(id, term, v)
                .map_or_else(|| v.to_string(), |w| w.text(self.ctx.ui.lang).to_string()),
            None => self.t("term_unstated"),
        }
    }

    /// A term that differs: the provision, the term, both values; then
    /// the words of each edition, whole, so the difference is in view.
    fn term_lines(&self, row: &Row, d: &TermDiff) -> Vec<String> {
        let star = if d.weighed() {
            self.star(row, &d.id, Some(d.term))
        } else {
            ""
        };
        let mut lines = vec![format!(
            "{star}{}{} — {}: {} ({} {}) → {} ({} {})",
            self.provision(&d.id),
            self.kind_note(d.kind),
            self.t(&format!("term.{}", d.term.id())),
            self.term_value(&d.id, d.term, d.a.as_deref()),
            self.c.a,
            d.numbers[0],
            self.term_value(&d.id, d.term, d.b.as_deref()),
            self.c.b,
            d.numbers[1],
        )];
        for (edition, span) in [(&self.c.a, &d.spans[0]), (&self.c.b, &d.spans[1])] {
            lines.push(format!(
                "  {edition}: “{}”",
                floor::rules::provisions::squeeze(span)
            ));
        }
        lines
    }

    /// The facts a ★ stands on: the incident, its answers in words, the
    /// ruling under each edition and the command that rules it again.
    fn dispute_lines(&self, d: &RowDispute) -> Vec<String> {
        use floor::engine::ruling::{
            amount_label_in, answer_in_words, names_amount, outcome_text, with_amounts,
        };
        let ui = &self.ctx.ui;
        let incident = &d.incident;
        // An empty list (no cause named) says nothing in words.
        let facts: Vec<String> = d
            .answers
            .iter()
            .map(|(k, v)| (k, v.json()))
            .filter(|(_, v)| v.as_array().is_none_or(|items| !items.is_empty()))
            .map(|(k, v)| answer_in_words(ui, incident, k, &v))
            .collect();
        let title = ui.t(&format!("incidents.{incident}.title")).to_string();
        let mut lines = vec![if facts.is_empty() {
            self.f("dispute_any", &[("incident", &title)])
        } else {
            self.f(
                "dispute",
                &[("incident", &title), ("facts", &facts.join("; "))],
            )
        }];
        for (edition, v) in [(&self.c.a, &d.a), (&self.c.b, &d.b)] {
            let template = &outcome_text(ui, incident, &v.outcome, v.remedy_variant);
            // The amounts the outcome's words name are filled in, as the
            // card fills them; the others follow.
            let named: Vec<(String, u64)> =
                v.amounts.iter().map(|(k, n)| (k.clone(), *n)).collect();
            let outcome = with_amounts(template, &named);
            let amounts: Vec<String> = v
                .amounts
                .iter()
                .filter(|(k, _)| !names_amount(template, k))
                .map(|(k, n)| {
                    let label = amount_label_in(ui, Some(&v.outcome), v.amounts_worded_by, k);
                    format!("{label} {}", render::chips(&serde_json::Value::from(*n)))
                })
                .collect();
            let ruled = if amounts.is_empty() {
                outcome
            } else {
                format!("{outcome} ({})", amounts.join(", "))
            };
            lines.push(format!("  {edition}: {ruled}"));
        }
        // A house's version has no id `--rules` takes.
        if self.runnable {
            let mut command = format!("floor incident {incident}");
            for (k, v) in &d.answers {
                command.push_str(&format!(" --answer {k}={}", v.canonical()));
            }
            lines.push(format!(
                "  {}",
                self.f(
                    "dispute_again",
                    &[("command", &command), ("a", &self.c.a), ("b", &self.c.b)]
                )
            ));
        }
        lines
    }

    /// A provision one edition states alone, with its words; stated in
    /// another rule than the row's, that rule's number follows the edition
    /// (ONK states a premature flop's burn in 39, the row is RP-5).
    fn only_line(&self, row: &Row, q: &Quote, edition: &str, side: Option<&Side>) -> String {
        let edition = if side.is_some_and(|s| s.number == q.number) {
            edition.to_string()
        } else {
            format!("{edition} {}", q.number)
        };
        format!(
            "{}{}",
            self.star(row, &q.id, None),
            self.f(
                "only_states",
                &[
                    ("edition", &edition),
                    (
                        "provision",
                        &format!("{}{}", self.provision(&q.id), self.kind_note(q.kind)),
                    ),
                    ("span", &cut(&q.span)),
                ],
            )
        )
    }

    fn row_item(&self, row: &Row) -> Block {
        let c = self.c;
        let head = self.row_head(row);
        let mut lines = Vec::new();
        let one_sided = row.a.is_none() || row.b.is_none();
        // Differences in rulings first, then duties, then the rest.
        let weight =
            |id: &str, term: Option<Term>| row.weighs(self.catalog, &self.c.ruled, id, term);
        let mut terms: Vec<&TermDiff> = row.terms.iter().collect();
        terms.sort_by_key(|d| (weight(&d.id, Some(d.term)), !d.weighed()));
        for d in terms {
            lines.extend(self.term_lines(row, d));
        }
        for (quotes, id, side) in [
            (&row.provisions.only_a, &c.a, row.a.as_ref()),
            (&row.provisions.only_b, &c.b, row.b.as_ref()),
        ] {
            let mut quotes: Vec<&Quote> = quotes.iter().collect();
            quotes.sort_by_key(|q| weight(&q.id, None));
            // A topic the other edition lacks: what changes a ruling is
            // quoted, the rest counted (`--all` quotes all).
            let (shown, rest): (Vec<&Quote>, Vec<&Quote>) = if one_sided && !self.all {
                quotes
                    .into_iter()
                    .partition(|q| weight(&q.id, None) == Weighs::Ruling)
            } else {
                (quotes, Vec::new())
            };
            lines.extend(shown.iter().map(|q| self.only_line(row, q, id, side)));
            if !rest.is_empty() {
                let key = match (shown.is_empty(), rest.len()) {
                    (true, _) => "states_count",
                    (false, 1) => "states_count_more_one",
                    (false, _) => "states_count_more",
                };
                let count = rest.len().to_string();
                lines.push(self.f(key, &[("edition", id), ("count", &count)]));
            }
        }
        // Stated by one side alone, the other's silence read as the
        // practice: said once, naming the silent edition.
        for (quotes, silent) in [
            (&row.provisions.only_a, &c.b),
            (&row.provisions.only_b, &c.a),
        ] {
            let named: Vec<String> = quotes
                .iter()
                .filter(|q| row.silence_as_practice.contains(&q.id))
                .map(|q| self.provision(&q.id))
                .collect();
            if !named.is_empty() && (!one_sided || self.all) {
                lines.push(self.f(
                    "silent_in_rule_as_tda",
                    &[("edition", silent), ("provisions", &named.join("; "))],
                ));
            }
        }
        if let Some(silence) = &row.silence {
            let silent = match silence.silent {
                Silent::A => &c.a,
                Silent::B => &c.b,
            };
            for (ids, key) in [
                (&silence.as_tda, "silent_as_tda"),
                (&silence.unlike_tda, "silent_unlike_tda"),
            ] {
                if ids.is_empty() {
                    continue;
                }
                let named: Vec<String> = ids.iter().map(|id| self.provision(id)).collect();
                lines.push(self.f(
                    key,
                    &[("edition", silent), ("provisions", &named.join("; "))],
                ));
            }
        }
        for (sentences, id) in [
            (&row.unrecorded.only_a, &c.a),
            (&row.unrecorded.only_b, &c.b),
        ] {
            for s in sentences {
                lines.push(self.f("unrecorded", &[("edition", id), ("span", &cut(s))]));
            }
        }
        // A parameter is listed here only where no quote above shows it.
        let quoted: Vec<&str> = row
            .provisions
            .only_a
            .iter()
            .chain(&row.provisions.only_b)
            .filter_map(|q| self.catalog.get(&q.id)?.param.as_deref())
            .collect();
        let shown_quotes = !one_sided || self.all;
        for (key, d) in row
            .params
            .iter()
            .filter(|(k, _)| !(shown_quotes && quoted.contains(&k.as_str())))
        {
            let p = self
                .c
                .parameters
                .iter()
                .find(|p| p.concept == row.concept && p.param == *key);
            let value = |v: &serde_json::Value, instead: Option<&[Quote]>| match (p, instead) {
                (Some(p), Some(instead)) if v.is_null() => self.unstated(p, instead),
                _ => self.value_or_absent(v),
            };
            lines.push(format!(
                "{}: {} → {}",
                self.param_name(key),
                value(&d.a, p.map(|p| p.instead.only_a.as_slice())),
                value(&d.b, p.map(|p| p.instead.only_b.as_slice()))
            ));
        }
        let (ra, rb) = (
            self.ia.rule_for(&row.concept),
            self.ib.rule_for(&row.concept),
        );
        // What one side marks not applicable, where the other does not.
        let na_parts = |r: Option<&Rule>| -> Vec<String> {
            r.map(|r| {
                r.parts
                    .iter()
                    .filter(|p| p.not_applicable)
                    .map(|p| p.label.clone())
                    .collect()
            })
            .unwrap_or_default()
        };
        let same_na = ra.is_some_and(|a| rb.is_some_and(|b| a.not_applicable == b.not_applicable))
            && na_parts(ra) == na_parts(rb);
        for (rule, other, id) in [(ra, rb, &c.a), (rb, ra, &c.b)] {
            let Some(rule) = rule else { continue };
            if rule.not_applicable && !same_na {
                lines.push(self.f("na_in", &[("edition", id)]));
            }
            let parts = na_parts(Some(rule));
            if !parts.is_empty() && !same_na {
                lines.push(self.f("na_parts", &[("edition", id), ("parts", &parts.join(", "))]));
            }
            // The overlays that made the change, leaving out those both
            // sides build on.
            let shared = other.map_or(&[][..], |o| o.changed_by.as_slice());
            let by: Vec<&str> = rule
                .changed_by
                .iter()
                .filter(|o| !shared.contains(o))
                .map(String::as_str)
                .collect();
            if !by.is_empty() {
                lines.push(self.f("changed_by_house", &[("edition", &by.join(", "))]));
            }
        }
        for (numbers, id, edition) in [
            (&row.house.a, &c.a, &self.ia),
            (&row.house.b, &c.b, &self.ib),
        ] {
            // House rules both sides share (one house's two versions) are
            // no difference.
            if numbers.is_empty() || row.house.a == row.house.b {
                continue;
            }
            // A house note that contradicts the rule text says so.
            let shown: Vec<String> = numbers
                .iter()
                .map(|n| match edition.rule(n) {
                    Some(r) if r.conflicts => {
                        format!("{n} ({})", self.ctx.ui.t("card.conflicts"))
                    }
                    _ => n.clone(),
                })
                .collect();
            lines.push(self.f(
                "house_in",
                &[("edition", id), ("numbers", &shown.join(", "))],
            ));
        }
        if row.has(Flag::Structure) {
            let count = |r: Option<&Rule>| r.map_or(0, |r| r.parts.len()).to_string();
            lines.push(self.f(
                "structure",
                &[
                    ("a", &count(self.ia.rule_for(&row.concept))),
                    ("b", &count(self.ib.rule_for(&row.concept))),
                ],
            ));
        }
        for d in &row.disputes {
            lines.extend(self.dispute_lines(d));
        }
        if let Some(sentences) = &row.sentences {
            lines.extend(self.sentences(sentences));
        }
        if self.provisions_side_by_side {
            lines.extend(self.provision_comparison(row));
        }
        Block::Item { head, lines }
    }

    /// Every provision of the row's topic on both sides: `=` stated alike,
    /// `≠` stated on other terms, `+`/`−` stated by one edition only.
    fn provision_comparison(&self, row: &Row) -> Vec<String> {
        let (sa, sb) = (self.ia.said(&row.concept), self.ib.said(&row.concept));
        let mut ids: Vec<&str> = sa
            .iter()
            .chain(sb)
            .map(|s| s.stated.id.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if ids.is_empty() {
            return Vec::new();
        }
        ids.sort_by_key(|id| self.catalog.position(id));
        let find = |list: &[Said<'_>], id: &str| -> Option<String> {
            list.iter()
                .find(|s| s.stated.id == id)
                .map(|s| s.rule.number.clone())
        };
        let mut lines = vec![self.t("provisions_side_by_side")];
        for id in ids {
            let (na, nb) = (find(sa, id), find(sb, id));
            let differs = row.terms.iter().any(|d| d.id == id);
            let mark = match (&na, &nb) {
                (Some(_), Some(_)) if differs => "≠",
                (Some(_), Some(_)) => "=",
                (Some(_), None) => "−",
                _ => "+",
            };
            let at = |n: &Option<String>, e: &str| match n {
                Some(n) => format!("{e} {n}"),
                None => self.f("absent", &[("edition", e)]),
            };
            let terms: Vec<String> = Term::ALL
                .iter()
                .filter_map(|t| {
                    fn value<'s>(list: &[Said<'s>], id: &str, t: Term) -> Option<&'s str> {
                        list.iter()
                            .find(|s| s.stated.id == id)
                            .and_then(|s| s.stated.terms.get(t))
                    }
                    let value = |list| value(list, id, *t);
                    let (va, vb) = (value(sa), value(sb));
                    if va.is_none() && vb.is_none() {
                        return None;
                    }
                    let name = self.t(&format!("term.{}", t.id()));
                    Some(if va == vb || va.is_none() || vb.is_none() {
                        format!("{name}: {}", self.term_value(id, *t, va.or(vb)))
                    } else {
                        format!(
                            "{name}: {} → {}",
                            self.term_value(id, *t, va),
                            self.term_value(id, *t, vb)
                        )
                    })
                })
                .collect();
            let terms = if terms.is_empty() {
                String::new()
            } else {
                format!(" [{}]", terms.join("; "))
            };
            lines.push(format!(
                "  {mark} {}{terms} ({} ↔ {})",
                self.provision(id),
                at(&na, &self.c.a),
                at(&nb, &self.c.b)
            ));
        }
        lines
    }

    /// Both rules' texts side by side (across languages, where no word
    /// diff can be made).
    fn texts(&self, row: &Row) -> Vec<Block> {
        let text = |rule: Option<&Rule>, id: &str| match rule {
            Some(r) => format!("{} {}\n{}", r.number, r.title, r.full_text().trim()),
            None => self.f("absent", &[("edition", id)]),
        };
        vec![Block::Table {
            header: vec![self.c.a.clone(), self.c.b.clone()],
            rows: vec![vec![
                text(self.ia.rule_for(&row.concept), &self.c.a),
                text(self.ib.rule_for(&row.concept), &self.c.b),
            ]],
        }]
    }

    fn sentences(&self, steps: &[Aligned]) -> Vec<String> {
        let color = self.ctx.color;
        // A sentence rewritten more than kept reads better as the two
        // sentences, one under the other, than as a word diff.
        let both = |mark: &str, a: &str, b: &str| {
            vec![
                format!("{mark} {}: {}", self.c.a, Shown(a)),
                format!("  {}: {}", self.c.b, Shown(b)),
            ]
        };
        steps
            .iter()
            .flat_map(|s| match s {
                Aligned::Same { .. } => Vec::new(),
                Aligned::Reworded { a, b, diff } if mostly_changed(diff) => both("~", a, b),
                Aligned::Moved { a, b, diff } if mostly_changed(diff) => both("↕", a, b),
                Aligned::Reworded { diff, .. } => vec![format!("~ {}", diff_text(color, diff))],
                Aligned::Moved { diff, .. } => vec![format!("↕ {}", diff_text(color, diff))],
                Aligned::OnlyA { a } => vec![format!("− {}", Shown(a))],
                Aligned::OnlyB { b } => vec![format!("+ {}", Shown(b))],
            })
            .collect()
    }

    fn renumbering(&self, doc: &mut Vec<Block>) {
        let c = self.c;
        doc.push(Block::Heading(self.t("renumbering_heading")));
        if c.renumbering.is_empty() {
            // Where an edition prints numbers of its own, the topics keep
            // only the concordance number: the reader of the printed book
            // sees others (listed below).
            let none = if c.printed.is_empty() {
                "renumbering_none"
            } else {
                "renumbering_none_printed"
            };
            doc.push(Block::Line(self.t(none)));
        } else {
            let numbering = if self.ea.numbering == self.eb.numbering {
                String::new()
            } else {
                format!(" ({} ↔ {})", self.ea.numbering, self.eb.numbering)
            };
            let lines = c
                .renumbering
                .iter()
                .map(|run| {
                    let args = [
                        ("a", c.a.as_str()),
                        ("from", run.a.as_str()),
                        ("b", c.b.as_str()),
                        ("to", run.b.as_str()),
                    ];
                    match run.kind {
                        "moved" => self.f("moved", &args),
                        "reordered" => {
                            format!(
                                "{}{numbering}",
                                self.f_count("reordered", run.topics, &args)
                            )
                        }
                        _ => self.f("shift", &args),
                    }
                })
                .collect();
            doc.push(Block::Item {
                head: String::new(),
                lines,
            });
        }
        if !c.sections.is_empty() {
            let lines = c
                .sections
                .iter()
                .map(|s| {
                    self.f(
                        "section_number",
                        &[
                            ("title", s.title.as_str()),
                            ("a", c.a.as_str()),
                            ("from", s.a.as_str()),
                            ("b", c.b.as_str()),
                            ("to", s.b.as_str()),
                        ],
                    )
                })
                .collect();
            doc.push(Block::Item {
                head: String::new(),
                lines,
            });
        }
        // The numbers a reader holding the printed book sees.
        let mut editions: Vec<&str> = c.printed.iter().map(|p| p.edition.as_str()).collect();
        editions.dedup();
        for edition in editions {
            doc.push(Block::Line(
                self.f("printed_heading", &[("edition", edition)]),
            ));
            let lines = c
                .printed
                .iter()
                .filter(|p| p.edition == edition)
                .map(|p| {
                    let runs: Vec<String> = p
                        .runs
                        .iter()
                        .map(|r| self.f("printed_run", &[("numbers", &r.a), ("printed", &r.b)]))
                        .collect();
                    format!("{}: {}", p.section, runs.join(", "))
                })
                .collect();
            doc.push(Block::Item {
                head: String::new(),
                lines,
            });
        }
    }

    fn wording(&self, doc: &mut Vec<Block>) {
        let rows: Vec<&Row> = self.c.rows.iter().filter(|r| r.wording_only()).collect();
        if rows.is_empty() {
            return;
        }
        if !self.all {
            doc.push(Block::Line(self.f_count("wording_hidden", rows.len(), &[])));
            return;
        }
        doc.push(Block::Heading(self.f_count(
            "wording_heading",
            rows.len(),
            &[],
        )));
        for row in rows {
            doc.push(self.row_item(row));
        }
    }

    /// With `--all`: the topics compared and found equal (a new number
    /// aside), one line each.
    fn equal(&self, doc: &mut Vec<Block>) {
        let rows: Vec<&Row> = self
            .c
            .rows
            .iter()
            .filter(|r| r.flags.iter().all(|f| *f == Flag::Renumbered))
            .collect();
        if rows.is_empty() || !self.all {
            return;
        }
        doc.push(Block::Heading(self.f_count(
            "equal_heading",
            rows.len(),
            &[],
        )));
        let line = |r: &Row| {
            format!(
                "{} · {} ↔ {}",
                r.concept,
                self.side(&r.a, &self.c.a),
                self.side(&r.b, &self.c.b)
            )
        };
        if self.texts_side_by_side {
            // One topic asked for across languages: what both state, and
            // both texts.
            for row in rows {
                doc.push(Block::Item {
                    head: line(row),
                    lines: self.provision_comparison(row),
                });
                doc.extend(self.texts(row));
            }
            return;
        }
        // A term worded otherwise that weighs nothing (silence, values that
        // rule alike) is shown under its topic.
        let lines = rows
            .iter()
            .flat_map(|r| {
                let terms = r.terms.iter().flat_map(|d| self.term_lines(r, d));
                std::iter::once(line(r)).chain(terms.map(|l| format!("  {l}")))
            })
            .collect();
        doc.push(Block::Item {
            head: String::new(),
            lines,
        });
    }

    fn provision(&self, id: &str) -> String {
        self.catalog
            .get(id)
            .map_or_else(|| id.to_string(), |p| p.text(self.ctx.ui.lang).to_string())
    }

    fn param_name(&self, key: &str) -> String {
        self.ctx.ui.param_name(key).to_string()
    }

    fn value_name(&self, value: &str) -> String {
        self.ctx.ui.value_word(value)
    }

    fn value_text(&self, value: &serde_json::Value) -> String {
        self.ctx.ui.value_words(value)
    }

    fn value_or_absent(&self, value: &serde_json::Value) -> String {
        if value.is_null() {
            self.t("not_stated")
        } else {
            self.value_text(value)
        }
    }
}

/// A span cut to [`SPAN_CHARS`] characters, at a word.
fn cut(span: &str) -> String {
    cut_to(span, SPAN_CHARS)
}

/// A span cut to at most `max` characters, at the end of a word (a word
/// longer than that is cut where it must be).
fn cut_to(span: &str, max: usize) -> String {
    let squeezed = floor::rules::provisions::squeeze(span);
    if squeezed.chars().count() <= max {
        return squeezed;
    }
    let head: String = squeezed.chars().take(max).collect();
    let at_word = match head.rfind(' ') {
        Some(space) if space > 0 => head[..space].trim_end_matches([',', ';', ':']),
        _ => head.as_str(),
    };
    format!("{at_word} …")
}

/// [`cut_to`], keeping `number` in view: where the words state it past the
/// cut, they are shown from a few words before it, marked `… ` at the
/// start.
fn cut_keeping(span: &str, number: Option<&str>, max: usize) -> String {
    let squeezed = floor::rules::provisions::squeeze(span);
    let at = number
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        .and_then(|n| number_at(&squeezed, n).map(|at| (at, n.len())));
    let Some((at, len)) = at else {
        return cut_to(&squeezed, max);
    };
    let chars_to_end = squeezed[..at + len].chars().count();
    if squeezed.chars().count() <= max || chars_to_end + 2 <= max {
        return cut_to(&squeezed, max);
    }
    // Start at a word about a third of the width before the number.
    let before = squeezed[..at].chars().count().saturating_sub(max / 3);
    let from = squeezed.char_indices().nth(before).map_or(0, |(i, _)| i);
    let start = match squeezed[from..at].find(' ') {
        Some(space) if from > 0 => from + space + 1,
        _ => from,
    };
    let rest = squeezed.get(start..).unwrap_or("");
    let shown = cut_to(rest, max.saturating_sub(2));
    if start == 0 {
        shown
    } else {
        format!("… {shown}")
    }
}

/// Where `number` stands in `text` as a number of its own (not inside a
/// longer one: "1" is not found in "10").
fn number_at(text: &str, number: &str) -> Option<usize> {
    text.match_indices(number).map(|(i, _)| i).find(|&i| {
        let digit_before = text[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit());
        let digit_after = text[i + number.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit());
        !digit_before && !digit_after
    })
}

/// Whether a word diff changes more letters than it keeps.
fn mostly_changed(pieces: &[Piece]) -> bool {
    let letters = |tag: &str| -> usize {
        pieces
            .iter()
            .filter(|p| (p.tag == "equal") == (tag == "equal"))
            .map(|p| p.text.chars().filter(|c| c.is_alphanumeric()).count())
            .sum()
    };
    // Each change shows both sides: halve them to weigh against the kept.
    letters("changed") / 2 > letters("equal")
}

/// Deleted words in red, inserted in green on a terminal; `[-…-]` and
/// `{+…+}` otherwise. The words are made visible: only these colours are
/// styles.
fn diff_text(color: bool, pieces: &[Piece]) -> String {
    use floor::text::Style;
    let mut out = String::new();
    for p in pieces {
        let p = Piece {
            tag: p.tag,
            text: floor::text::shown(&p.text).into_owned(),
        };
        match (p.tag, color) {
            ("equal", _) => out.push_str(&p.text),
            ("delete", true) => out.push_str(&Style::Deleted.paint(&p.text)),
            ("insert", true) => out.push_str(&Style::Inserted.paint(&p.text)),
            ("delete", false) => out.push_str(&format!("[-{}-]", p.text)),
            (_, false) => out.push_str(&format!("{{+{}+}}", p.text)),
            (_, true) => out.push_str(&p.text),
        }
    }
    out
}

/// The report for the terminal.
fn text(ctx: &Ctx, doc: &[Block]) -> String {
    let mut out = String::new();
    for block in doc {
        match block {
            Block::Title(t) => {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&render::bold(ctx, &render::wrap(ctx, t, 2)));
                out.push('\n');
            }
            Block::Line(t) => {
                out.push_str(&render::wrap(ctx, &Shown(t).to_string(), 2));
                out.push('\n');
            }
            Block::Heading(t) => {
                out.push('\n');
                out.push_str(&render::bold(ctx, t));
                out.push('\n');
            }
            Block::Table { header, rows } => {
                let mut table = render::table(ctx);
                table.set_header(header.clone());
                for row in rows {
                    table.add_row(row.iter().map(|c| render::cell(c)).collect::<Vec<_>>());
                }
                out.push_str(&format!("{table}\n"));
            }
            Block::Item { head, lines } => {
                let indent = if head.is_empty() {
                    "  "
                } else {
                    out.push_str(&render::wrap(ctx, &format!("• {}", Shown(head)), 4));
                    out.push('\n');
                    "    "
                };
                for line in lines {
                    let wrapped = render::wrap(ctx, &format!("{indent}{line}"), indent.len() + 2);
                    out.push_str(&wrapped);
                    out.push('\n');
                }
            }
        }
    }
    out
}

/// Text with Markdown's special characters escaped.
fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in floor::text::shown(text).chars() {
        if "\\`*_[]<>|#".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The report in Markdown (GitHub-flavoured tables).
fn markdown(doc: &[Block]) -> String {
    let mut out = String::new();
    for block in doc {
        match block {
            Block::Title(t) => out.push_str(&format!("# {}\n\n", md(t))),
            Block::Line(t) => out.push_str(&format!("{}\n\n", md(t))),
            Block::Heading(t) => out.push_str(&format!("## {}\n\n", md(t))),
            Block::Table { header, rows } => {
                let cell = |c: &str| md(c).replace('\n', "<br>");
                out.push_str(&format!(
                    "| {} |\n",
                    header
                        .iter()
                        .map(|h| cell(h))
                        .collect::<Vec<_>>()
                        .join(" | ")
                ));
                out.push_str(&format!("|{}\n", " --- |".repeat(header.len())));
                for row in rows {
                    out.push_str(&format!(
                        "| {} |\n",
                        row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | ")
                    ));
                }
                out.push('\n');
            }
            Block::Item { head, lines } => {
                let indent = if head.is_empty() {
                    ""
                } else {
                    out.push_str(&format!("- **{}**\n", md(head)));
                    "  "
                };
                for line in lines {
                    out.push_str(&format!("{indent}- {}\n", md(line)));
                }
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_escapes_what_it_would_read_as_markup() {
        let doc = [
            Block::Title("a | b *c*".into()),
            Block::Table {
                header: vec!["x".into()],
                rows: vec![vec!["1|2\n3".into()]],
            },
        ];
        let out = markdown(&doc);
        assert!(out.starts_with("# a \\| b \\*c\\*\n"), "{out}");
        assert!(out.contains("| 1\\|2<br>3 |"), "{out}");
    }

    #[test]
    fn spans_are_cut_at_a_reading_length_and_a_word() {
        assert_eq!(cut("a  b"), "a b");
        assert!(cut(&"x ".repeat(200)).ends_with('…'));
        // Never inside a word: "current st…" was a cut at the difference.
        assert_eq!(cut_to("on the current street", 18), "on the current …");
        assert_eq!(cut_to("one, two three", 9), "one, two …");
        assert_eq!(cut_to("one, two three", 6), "one …");
        assert_eq!(cut_to("unbreakable", 4), "unbr …");
    }

    /// A cut never hides the number the words state.
    #[test]
    fn a_cut_keeps_the_stated_number_in_view() {
        let span = "Wenn die Hand während einer Pause beendet wird, erlischt das Recht auf Anfechtung 1 Minute nachdem der Pot zuerkannt wurde.";
        let cut = cut_keeping(span, Some("1"), 60);
        assert!(cut.contains("Anfechtung 1 Minute"), "{cut}");
        assert!(cut.starts_with("… ") && cut.chars().count() <= 60, "{cut}");
        // Early enough, or not a number of its own: the plain cut.
        assert_eq!(
            cut_keeping(
                "A 10 second countdown follows, and then more words than fit here.",
                Some("10"),
                30
            ),
            cut_to(
                "A 10 second countdown follows, and then more words than fit here.",
                30
            )
        );
        assert_eq!(number_at("10 and 1", "1"), Some(7));
        assert_eq!(number_at("10", "1"), None);
        assert_eq!(cut_keeping(span, Some("smallest"), 60), cut_to(span, 60));
    }
}
