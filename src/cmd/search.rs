//! `floor search <QUERY>`: ranked matches in rule titles and texts.

use floor::rules::search::{Doc, Hit, search};
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::render;

#[derive(Serialize)]
struct HitJson<'a> {
    edition: &'a str,
    number: &'a str,
    concept: &'a str,
    title: &'a str,
    snippet: &'a str,
    score: f64,
}

pub fn run(ctx: &Ctx, query: &str, limit: usize, all_editions: bool) -> anyhow::Result<Output> {
    let embedded = floor::rules::search::embedded_docs();
    let docs_of = |ids: &[&str]| -> anyhow::Result<Vec<Doc>> {
        let mut docs = Vec::new();
        for id in ids {
            if ctx.store.is_embedded(id) {
                docs.extend(embedded.iter().filter(|d| d.edition == *id).cloned());
            } else {
                let edition = ctx.store.edition(id)?;
                docs.extend(edition.rules().map(|r| Doc::of(edition, r)));
            }
        }
        Ok(docs)
    };
    let mut widened = false;
    let mut docs = if all_editions {
        Vec::new()
    } else {
        docs_of(&[ctx.edition.as_str()])?
    };
    let mut hits = search(&docs, query, limit);
    // A query in another language than the edition in use finds nothing
    // there: look in every edition rather than answer with nothing.
    if hits.is_empty() {
        widened = !all_editions;
        let ids: Vec<&str> = ctx.store.ids().collect();
        docs = docs_of(&ids)?;
        hits = search(&docs, query, limit);
    }
    if ctx.json {
        let rows: Vec<HitJson> = hits.iter().map(hit_json).collect();
        return Ok(Output::ok(render::json(&rows)?));
    }
    let ui = &ctx.ui;
    if hits.is_empty() {
        return Ok(Output::ok(format!(
            "{}\n",
            ui.f("search.none", &[("query", query)])
        )));
    }
    let mut out = String::new();
    if widened {
        out.push_str(&render::wrap(
            ctx,
            &ui.f("search.widened", &[("edition", &ctx.edition)]),
            0,
        ));
        out.push('\n');
    }
    // A list, not a table: the highlighted snippet is the point, and colour
    // codes inside table cells would break the column widths.
    for (i, hit) in hits.iter().enumerate() {
        let head = format!("{} {}  {}", hit.doc.edition, hit.doc.number, hit.doc.title);
        let head = render::wrap(ctx, &format!("{:>2}. {head}", i + 1), 4);
        out.push_str(&format!("{}\n", render::bold(ctx, &head)));
        let snippet = render::wrap(
            ctx,
            &format!("    {}", render::snippet(ctx, &hit.snippet)),
            4,
        );
        out.push_str(&format!("{snippet}\n"));
    }
    Ok(Output::ok(out))
}

fn hit_json<'a>(hit: &'a Hit) -> HitJson<'a> {
    HitJson {
        edition: hit.doc.edition,
        number: hit.doc.number,
        concept: hit.doc.concept,
        title: hit.doc.title,
        snippet: &hit.snippet.text,
        score: hit.score,
    }
}
