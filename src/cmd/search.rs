//! `floor search <QUERY>`: ranked matches by topic, in the edition in use or
//! in every edition.

use floor::rules::search::{Hit, Index, search};
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
    /// Only on hits from another edition than the one in use.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    fallback: bool,
}

pub fn run(ctx: &Ctx, query: &str, limit: usize, all_editions: bool) -> floor::Result<Output> {
    let index = Index::of_store(&ctx.store)?;
    let edition = (!all_editions).then_some(ctx.edition.as_str());
    let found = search(&index, query, edition, limit)?;
    let hits = &found.hits;
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
    if found.widened {
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
        let mut head = format!("{} {}  {}", hit.doc.edition, hit.doc.number, hit.doc.title);
        // Among the edition's own hits, one from another edition says why.
        if hit.fallback && !found.widened {
            head.push_str(&format!(
                "  ({})",
                ui.f("search.fallback", &[("edition", &ctx.edition)])
            ));
        }
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
        fallback: hit.fallback,
    }
}
