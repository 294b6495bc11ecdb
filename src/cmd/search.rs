//! `floor search <QUERY>`: ranked matches by topic, in the edition in use or
//! in every edition. Exits 1 when no rule covers the query, as grep does
//! when nothing matches.

use std::process::ExitCode;

use floor::rules::search::{Coverage, Found, Hit, Index, search};
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
    /// Only on hits offered as a nearby topic when no rule covers the
    /// query.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    nearest: bool,
}

pub fn run(ctx: &Ctx, query: &str, limit: usize, all_editions: bool) -> floor::Result<Output> {
    let index = Index::of_store(&ctx.store)?;
    let edition = (!all_editions).then_some(ctx.edition.as_str());
    let found = search(&index, query, edition, limit)?;
    let code = if found.coverage == Coverage::Covered && !found.hits.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    };
    let stdout = if ctx.json {
        let rows: Vec<HitJson> = found.hits.iter().map(hit_json).collect();
        render::json(&rows)?
    } else {
        human(ctx, query, &found, edition)
    };
    Ok(Output { stdout, code })
}

fn human(ctx: &Ctx, query: &str, found: &Found, edition: Option<&str>) -> String {
    let ui = &ctx.ui;
    let mut out = String::new();
    let mut say = |text: String| say_to(ctx, &mut out, text);
    // Not covered: said first, in words, whatever is listed after.
    let (not_covered, topic_not_covered) = match edition {
        Some(_) => ("search.not_covered", "search.topic_not_covered"),
        None => (
            "search.not_covered_anywhere",
            "search.topic_not_covered_anywhere",
        ),
    };
    let edition = edition.unwrap_or("");
    match found.coverage {
        Coverage::Covered => {}
        _ if found.hits.is_empty() && found.coverage == Coverage::NotCovered => {
            say(ui.f("search.none", &[("query", query)]));
        }
        Coverage::NotCovered => {
            say(ui.f(not_covered, &[("query", query), ("edition", edition)]));
        }
        Coverage::Uncovered(slug) => {
            let topic = ui.get(&format!("search.topics.{slug}")).unwrap_or(slug);
            say(ui.f(topic_not_covered, &[("topic", topic), ("edition", edition)]));
        }
    }
    // A list, not a table: the highlighted snippet is the point, and colour
    // codes inside table cells would break the column widths.
    let mut nearest_said = false;
    for (i, hit) in found.hits.iter().enumerate() {
        if hit.nearest && !nearest_said {
            say_to(ctx, &mut out, ui.t("search.nearest").to_string());
            nearest_said = true;
        }
        let mut head = format!("{} {}  {}", hit.doc.edition, hit.doc.number, hit.doc.title);
        // A rule of another edition says why it is shown.
        if hit.fallback {
            head.push_str(&format!(
                "  ({})",
                ui.f("search.fallback", &[("edition", edition)])
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
    out
}

fn say_to(ctx: &Ctx, out: &mut String, text: String) {
    out.push_str(&render::wrap(ctx, &text, 0));
    out.push('\n');
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
        nearest: hit.nearest,
    }
}
