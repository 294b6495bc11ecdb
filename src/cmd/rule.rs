//! `floor rule <NUMBER|CONCEPT> [--all]`: one rule, or one topic in every
//! edition.

use floor::rules::{Book, Found, Part, Rule, RuleRef};
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::render;
use floor::text::Shown;

/// The contract JSON shape of a rule (SPEC section 4), plus extra fields.
#[derive(Serialize)]
pub struct RuleJson<'a> {
    edition: &'a str,
    number: &'a str,
    concept: &'a str,
    title: &'a str,
    text: String,
    parts: Vec<PartJson<'a>>,
    refs: &'a [String],
    label: Option<&'a str>,
    kind: floor::rules::RuleKind,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    examples: &'a [floor::rules::Example],
    #[serde(skip_serializing_if = "floor::rules::Params::is_empty")]
    params: &'a floor::rules::Params,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    not_applicable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    part: Option<PartJson<'a>>,
}

#[derive(Serialize)]
struct PartJson<'a> {
    label: &'a str,
    text: String,
}

impl<'a> RuleJson<'a> {
    pub fn new(edition: &'a str, rule: &'a Rule, part: Option<&'a Part>) -> Self {
        RuleJson {
            edition,
            number: &rule.number,
            concept: &rule.concept,
            title: &rule.title,
            text: rule.full_text(),
            parts: rule.parts.iter().map(PartJson::new).collect(),
            refs: &rule.refs,
            label: rule.label.as_deref(),
            kind: rule.kind,
            examples: &rule.examples,
            params: &rule.params,
            not_applicable: rule.not_applicable,
            part: part.map(PartJson::new),
        }
    }
}

impl<'a> PartJson<'a> {
    fn new(part: &'a Part) -> Self {
        PartJson {
            label: &part.label,
            text: part.full_text(),
        }
    }
}

pub fn run(ctx: &Ctx, query: &str, all: bool) -> floor::Result<Output> {
    let book = ctx.store.book(&ctx.edition)?;
    let found = match RuleRef::parse(query) {
        Some(number) => book.find(&number)?,
        None => {
            let concept = ctx.store.concept(query)?;
            if all {
                return all_editions(ctx, &concept.slug);
            }
            let rule = book.rule_for(&concept.slug)?.ok_or_else(|| {
                floor::Error::from(floor::LookupError::ConceptNotInEdition {
                    edition: book.id().to_string(),
                    concept: concept.slug.clone(),
                    nearest: editions_with(ctx, &concept.slug),
                })
            })?;
            Found { rule, part: None }
        }
    };
    if all {
        return all_editions(ctx, &found.rule.concept);
    }
    if ctx.json {
        return Ok(Output::ok(render::json(&RuleJson::new(
            book.id(),
            &found.rule,
            found.part(),
        ))?));
    }
    Ok(Output::ok(card(ctx, &book, &found)))
}

/// The edition ids that have a rule for `concept`.
fn editions_with(ctx: &Ctx, concept: &str) -> Vec<String> {
    ctx.store
        .ids()
        .filter(|id| {
            ctx.store
                .book(id)
                .ok()
                .and_then(|b| b.rule_for(concept).ok().flatten())
                .is_some()
        })
        .map(str::to_string)
        .collect()
}

fn all_editions(ctx: &Ctx, concept: &str) -> floor::Result<Output> {
    let mut found = Vec::new();
    for id in ctx.store.ids() {
        let book = ctx.store.book(id)?;
        if let Some(rule) = book.rule_for(concept)? {
            found.push((book, Found { rule, part: None }));
        }
    }
    if ctx.json {
        let rows: Vec<RuleJson> = found
            .iter()
            .map(|(b, f)| RuleJson::new(b.id(), &f.rule, None))
            .collect();
        return Ok(Output::ok(render::json(&rows)?));
    }
    let mut table = render::table_with_header(ctx, &["rule.edition", "rule.number", "rule.title"]);
    for (book, f) in &found {
        let rule = &f.rule;
        let label = match book.printed_as(rule) {
            Some(printed) => format!("{} ({printed})", rule.number),
            None => rule.number.clone(),
        };
        table.add_row(vec![
            render::cell(book.id()),
            render::cell(&label),
            render::cell(&rule.title),
        ]);
    }
    let mut out = format!("{}\n{table}\n", render::bold(ctx, concept));
    for (book, f) in &found {
        out.push('\n');
        out.push_str(&card(ctx, book, f));
    }
    Ok(Output::ok(out))
}

/// A rule as a table: number and title, then the text, each part, the
/// examples and the references.
pub fn card(ctx: &Ctx, book: &Book, found: &Found) -> String {
    let rule = &found.rule;
    let part = found.part();
    let ui = &ctx.ui;
    let header = vec![
        render::cell(&rule.number).into(),
        render::cell(&rule.title).into(),
    ];
    let mut rows = Vec::new();
    let parts: Vec<&Part> = match part {
        Some(p) => vec![p],
        None => rule.parts.iter().collect(),
    };
    if part.is_none() && !rule.text.trim().is_empty() {
        rows.push(vec!["".into(), render::cell(rule.text.trim()).into()]);
    }
    for p in parts {
        rows.push(vec![
            render::cell(&p.label).into(),
            render::cell(&p.full_text()).into(),
        ]);
    }
    if part.is_none() {
        if !rule.tail.trim().is_empty() {
            rows.push(vec!["".into(), render::cell(rule.tail.trim()).into()]);
        }
        for ex in &rule.examples {
            rows.push(vec![
                render::cell(&ex.label).into(),
                render::cell(&ex.text).into(),
            ]);
        }
    }
    if !rule.refs.is_empty() {
        rows.push(vec![
            ui.t("rule.refs").into(),
            render::cell(&rule.refs.join(", ")).into(),
        ]);
    }
    let table = render::text_table(ctx, header, rows);
    let printed = book
        .printed_as(rule)
        .map(|l| format!(" · {} {}", ui.t("rule.printed"), Shown(&l)))
        .unwrap_or_default();
    let mut head = format!(
        "{} ({}) · {}{printed}",
        Shown(book.title()),
        Shown(book.id()),
        render::bold(ctx, &rule.concept)
    );
    if rule.not_applicable {
        head.push_str(&format!(" · {}", ui.t("rule.not_applicable")));
    }
    let mut out = format!("{}\n{table}\n", render::wrap(ctx, &head, 2));
    // Printed as the edition prints it, so the reader is told which example
    // its rule's words contradict.
    if part.is_none() {
        for ex in rule.examples.iter().filter(|e| e.against_rule) {
            let label = Shown(&ex.label).to_string();
            let note = ui.f("rule.example_against_rule", &[("example", &label)]);
            out.push_str(&render::wrap(ctx, &note, 0));
            out.push('\n');
        }
    }
    out
}
