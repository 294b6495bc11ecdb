//! `floor search <QUERY>`: ranked matches in rule titles and texts.

use floor::rules::search::{Hit, search};
use serde::Serialize;

use crate::app::{Ctx, Output};
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
    let in_use = ctx.store.edition(&ctx.edition)?;
    let mut hits = Vec::new();
    let mut widened = false;
    if !all_editions {
        hits = search(&[in_use], query, limit);
    }
    // A query in another language than the edition in use finds nothing
    // there: look in every edition rather than answer with nothing.
    if hits.is_empty() {
        widened = !all_editions;
        let editions = ctx.store.editions()?;
        hits = search(&editions, query, limit);
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
        out.push_str(&ui.f("search.widened", &[("edition", &ctx.edition)]));
        out.push('\n');
    }
    let mut table = render::table(ctx);
    table.set_header(vec![
        ui.t("search.edition"),
        ui.t("search.number"),
        ui.t("search.title"),
        ui.t("search.snippet"),
    ]);
    for hit in &hits {
        table.add_row(vec![
            hit.edition.id.clone(),
            hit.rule.number.clone(),
            hit.rule.title.clone(),
            render::snippet(ctx, &hit.snippet),
        ]);
    }
    out.push_str(&format!("{table}\n"));
    Ok(Output::ok(out))
}

fn hit_json<'a>(hit: &'a Hit) -> HitJson<'a> {
    HitJson {
        edition: &hit.edition.id,
        number: &hit.rule.number,
        concept: &hit.rule.concept,
        title: &hit.rule.title,
        snippet: &hit.snippet.text,
        score: hit.score,
    }
}
