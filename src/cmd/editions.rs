//! `floor editions`: the editions of the data tree.

use floor::rules::{Edition, RuleKind};
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::render;

#[derive(Serialize)]
struct EditionRow<'a> {
    id: &'a str,
    title: &'a str,
    language: &'static str,
    basis: &'a str,
    house: Option<&'a str>,
    date: Option<&'a str>,
    source: &'a str,
    rules: usize,
    procedures: usize,
    house_rules: usize,
}

impl<'a> EditionRow<'a> {
    fn new(ed: &'a Edition) -> Self {
        let count = |kind| ed.rules().filter(|r| r.kind == kind).count();
        EditionRow {
            id: &ed.id,
            title: &ed.title,
            language: ed.language.code(),
            basis: &ed.basis,
            house: ed.house.as_deref(),
            date: ed.date.as_deref(),
            source: &ed.source,
            rules: count(RuleKind::Rule),
            procedures: count(RuleKind::Procedure),
            house_rules: count(RuleKind::House),
        }
    }
}

pub fn run(ctx: &Ctx) -> floor::Result<Output> {
    let editions = ctx.store.editions()?;
    let rows: Vec<EditionRow> = editions.iter().map(|e| EditionRow::new(e)).collect();
    if ctx.json {
        return Ok(Output::ok(render::json(&rows)?));
    }
    let ui = &ctx.ui;
    let mut table = render::table_with_header(
        ctx,
        &[
            "editions.id",
            "editions.title",
            "editions.language",
            "editions.basis",
            "editions.house",
            "editions.rules",
        ],
    );
    for row in &rows {
        let marker = if row.id == ctx.edition { " *" } else { "" };
        table.add_row(vec![
            render::cell(&format!("{}{marker}", row.id)),
            render::cell(row.title),
            row.language.to_string(),
            render::cell(row.basis),
            render::cell(row.house.unwrap_or("—")),
            format!("{} + {} + {}", row.rules, row.procedures, row.house_rules),
        ]);
    }
    let note = render::wrap(ctx, &ui.f("editions.note", &[("edition", &ctx.edition)]), 2);
    Ok(Output::ok(format!("{table}\n{note}\n")))
}
