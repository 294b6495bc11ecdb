//! `floor config`: each setting in force, its value and where it came from
//! (option, environment variable, settings file, locale or default), the
//! edition in use and the settings file.

use floor::settings::{Setting, Source, game_id};
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::render;

/// One setting in machine output.
#[derive(Serialize)]
struct Row {
    value: String,
    /// flag, env, file, locale or default.
    source: &'static str,
    /// The option, variable, file or locale assignment.
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
}

#[derive(Serialize)]
struct Json {
    lang: Row,
    rules: Option<Row>,
    house: Option<Row>,
    log: Option<Row>,
    game: Option<Row>,
    edition: Row,
    file: FileJson,
}

#[derive(Serialize)]
struct FileJson {
    path: Option<String>,
    present: bool,
}

fn row<T>(setting: &Setting<T>, shown: impl Fn(&T) -> String) -> Row {
    Row {
        value: shown(&setting.value),
        source: setting.source.kind(),
        from: setting.source.detail(),
    }
}

fn path(p: &std::path::Path) -> String {
    p.display().to_string()
}

pub fn run(ctx: &Ctx) -> floor::Result<Output> {
    let s = &ctx.settings;
    let edition = Row {
        value: ctx.edition.clone(),
        source: ctx.edition_source.kind(),
        from: ctx.edition_source.detail(),
    };
    if ctx.json {
        let json = Json {
            lang: row(&s.lang, |l| l.code().to_string()),
            rules: s.rules.as_ref().map(|r| row(r, String::clone)),
            house: s.house.as_ref().map(|h| row(h, |p| path(p))),
            log: s.log.as_ref().map(|l| row(l, |p| path(p))),
            game: s.game.as_ref().map(|g| row(g, |g| game_id(*g))),
            edition,
            file: FileJson {
                path: s.file.path.as_deref().map(path),
                present: s.file.present,
            },
        };
        return Ok(Output::ok(render::json(&json)?));
    }
    let ui = &ctx.ui;
    let shown = |value: Option<(String, &Source)>| match value {
        Some((value, source)) => (value, ctx.source_text(source)),
        None => (ui.t("settings.unset").to_string(), String::new()),
    };
    let rows = [
        (
            "lang",
            shown(Some((s.lang.value.code().to_string(), &s.lang.source))),
        ),
        (
            "rules",
            shown(s.rules.as_ref().map(|r| (r.value.clone(), &r.source))),
        ),
        (
            "house",
            shown(s.house.as_ref().map(|h| (path(&h.value), &h.source))),
        ),
        (
            "log",
            shown(s.log.as_ref().map(|l| (path(&l.value), &l.source))),
        ),
        (
            "game",
            shown(s.game.as_ref().map(|g| (game_id(g.value), &g.source))),
        ),
    ];
    let mut table = render::table_with_header(
        ctx,
        &["settings.setting", "settings.value", "settings.source"],
    );
    for (name, (value, from)) in rows {
        table.add_row(vec![
            name.to_string(),
            render::cell(&value),
            render::cell(&from),
        ]);
    }
    let title = ctx
        .store
        .book(&ctx.edition)
        .map(|b| b.title().to_string())
        .unwrap_or_default();
    let edition_from = match &ctx.edition_source {
        Source::Default => ui
            .f(
                "settings.source_language_default",
                &[("lang", s.lang.value.code())],
            )
            .to_string(),
        other => ctx.source_text(other),
    };
    let file = match &s.file.path {
        Some(p) if s.file.present => path(p),
        Some(p) => ui.f("settings.file_absent", &[("file", &path(p))]),
        None => ui.t("settings.unset").to_string(),
    };
    let lines = [
        ui.f(
            "settings.edition",
            &[
                ("edition", &ctx.edition),
                ("title", &title),
                ("source", &edition_from),
            ],
        ),
        ui.f("settings.file", &[("file", &file)]),
    ];
    let mut out = format!("{table}\n");
    for line in lines {
        out.push_str(&render::wrap(ctx, &line, 2));
        out.push('\n');
    }
    Ok(Output::ok(out))
}
