//! `floor compare A B [--concept C] [--diff]`: what differs between two
//! editions, with word diffs where they share a language.

use floor::compare::{Comparison, Piece, Row, Status, compare};

use crate::ctx::{Ctx, Output};
use crate::render;

pub fn run(
    ctx: &Ctx,
    a: &str,
    b: &str,
    concept: Option<&str>,
    diff: bool,
) -> anyhow::Result<Output> {
    let (ea, eb) = (ctx.store.edition(a)?, ctx.store.edition(b)?);
    let concept = match concept {
        Some(c) => Some(ctx.store.concept(c)?.slug.clone()),
        None => None,
    };
    let comparison = compare(ea, eb, concept.as_deref(), diff || concept.is_some());
    if ctx.json {
        return Ok(Output::ok(render::json(&comparison)?));
    }
    Ok(Output::ok(human(ctx, &comparison)))
}

fn status_text(ctx: &Ctx, status: Status) -> String {
    let key = match status {
        Status::Same => "same",
        Status::Renumbered => "renumbered",
        Status::Changed => "changed",
        Status::OnlyA => "only_a",
        Status::OnlyB => "only_b",
    };
    ctx.ui.t(&format!("compare.{key}")).to_string()
}

fn human(ctx: &Ctx, c: &Comparison) -> String {
    let ui = &ctx.ui;
    let s = c.summary;
    let mut out = ui.f(
        "compare.summary",
        &[
            ("a", &c.a),
            ("b", &c.b),
            ("same", &s.same.to_string()),
            ("renumbered", &s.renumbered.to_string()),
            ("changed", &s.changed.to_string()),
            ("only_a", &s.only_a.to_string()),
            ("only_b", &s.only_b.to_string()),
        ],
    );
    out = render::wrap(ctx, &out, 2);
    out.push('\n');
    let mut table = render::table(ctx);
    table.set_header(vec![
        ui.t("compare.concept").to_string(),
        c.a.clone(),
        c.b.clone(),
        ui.t("compare.status").to_string(),
        ui.t("compare.differs").to_string(),
    ]);
    for row in &c.rows {
        let side = |s: &Option<floor::compare::Side>| {
            s.as_ref()
                .map_or_else(|| "—".to_string(), |s| format!("{} {}", s.number, s.title))
        };
        table.add_row(vec![
            row.concept.clone(),
            side(&row.a),
            side(&row.b),
            status_text(ctx, row.status),
            differs(ctx, row),
        ]);
    }
    out.push_str(&format!("{table}\n"));
    for row in c.rows.iter().filter(|r| r.diff.is_some()) {
        if let (Some(a), Some(b), Some(pieces)) = (&row.a, &row.b, &row.diff) {
            out.push_str(&format!(
                "\n{} ({} {} → {} {})\n{}\n",
                render::bold(ctx, &row.concept),
                c.a,
                a.number,
                c.b,
                b.number,
                render::wrap(ctx, &diff_text(ctx, pieces), 0)
            ));
        }
    }
    out
}

/// What differs in a row: the parameters with both values, then the other
/// aspects compared.
fn differs(ctx: &Ctx, row: &Row) -> String {
    let mut lines: Vec<String> = row
        .params
        .iter()
        // Spaces, not underscores, so a narrow column can wrap the name.
        .map(|(k, d)| format!("{}: {} → {}", k.replace('_', " "), value(&d.a), value(&d.b)))
        .collect();
    for what in row.differs.iter().filter(|w| **w != "params") {
        lines.push(ctx.ui.t(&format!("compare.aspect.{what}")).to_string());
    }
    lines.join("\n")
}

fn value(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Null => "—".into(),
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(items) => items.iter().map(value).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// Deleted words in red, inserted in green on a terminal; `[-…-]` and
/// `{+…+}` otherwise.
fn diff_text(ctx: &Ctx, pieces: &[Piece]) -> String {
    let mut out = String::new();
    for p in pieces {
        match (p.tag, ctx.color) {
            ("equal", _) => out.push_str(&p.text),
            ("delete", true) => out.push_str(&format!("\x1b[31;9m{}\x1b[0m", p.text)),
            ("insert", true) => out.push_str(&format!("\x1b[32;4m{}\x1b[0m", p.text)),
            ("delete", false) => out.push_str(&format!("[-{}-]", p.text)),
            (_, false) => out.push_str(&format!("{{+{}+}}", p.text)),
            (_, true) => out.push_str(&p.text),
        }
    }
    out
}
