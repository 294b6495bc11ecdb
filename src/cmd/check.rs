//! `floor check`: validate the data tree.

use std::process::ExitCode;

use floor::check::check;
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::render;

#[derive(Serialize)]
struct CheckJson<'a> {
    ok: bool,
    editions: Vec<EditionJson<'a>>,
    ui_keys: &'a std::collections::BTreeMap<String, usize>,
    incidents: usize,
    lexicon: Vec<LexiconJson>,
    findings: Vec<FindingJson<'a>>,
    /// What the `--house` overlay does that is legal but likely a mistake.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<serde_json::Value>,
}

#[derive(Serialize)]
struct LexiconJson {
    lang: &'static str,
    terms: usize,
    concepts: usize,
    stop_words: usize,
    questions: usize,
}

#[derive(Serialize)]
struct EditionJson<'a> {
    id: &'a str,
    rules: usize,
    procedures: usize,
    house_rules: usize,
    refs: usize,
    examples: usize,
}

#[derive(Serialize)]
struct FindingJson<'a> {
    file: &'a str,
    /// In the UI language, as the table shows it.
    message: String,
}

pub fn run(ctx: &Ctx) -> floor::Result<Output> {
    let mut report = check(&ctx.store);
    check_cli_texts(ctx, &mut report);
    let code = if report.ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    };
    if ctx.json {
        let json = CheckJson {
            ok: report.ok(),
            editions: report
                .editions
                .iter()
                .map(|e| EditionJson {
                    id: &e.id,
                    rules: e.rules,
                    procedures: e.procedures,
                    house_rules: e.house,
                    refs: e.refs,
                    examples: e.examples,
                })
                .collect(),
            ui_keys: &report.ui_keys,
            incidents: report.incidents,
            lexicon: report
                .lexicon
                .iter()
                .map(|l| LexiconJson {
                    lang: l.lang.code(),
                    terms: l.terms,
                    concepts: l.concepts,
                    stop_words: l.stop_words,
                    questions: l.questions,
                })
                .collect(),
            findings: report
                .findings
                .iter()
                .map(|f| FindingJson {
                    file: &f.file,
                    message: f.message.render(&ctx.ui),
                })
                .collect(),
            warnings: ctx
                .house_warnings
                .iter()
                .map(crate::cmd::compare::warning_json)
                .collect(),
        };
        return Ok(Output {
            stdout: render::json(&json)?,
            code,
        });
    }
    let ui = &ctx.ui;
    let mut table = render::table_with_header(
        ctx,
        &[
            "check.edition",
            "check.rules",
            "check.procedures",
            "check.house",
            "check.refs",
            "check.examples",
        ],
    );
    for e in &report.editions {
        table.add_row(vec![
            render::cell(&e.id),
            e.rules.to_string(),
            e.procedures.to_string(),
            e.house.to_string(),
            e.refs.to_string(),
            e.examples.to_string(),
        ]);
    }
    let mut out = format!("{table}\n");
    let keys: Vec<String> = report
        .ui_keys
        .iter()
        .map(|(lang, n)| format!("{lang} {n}"))
        .collect();
    out.push_str(&format!("{}: {}\n", ui.t("check.ui_keys"), keys.join(", ")));
    out.push_str(&format!(
        "{}: {}\n",
        ui.t("check.incidents"),
        report.incidents
    ));
    let lexicon: Vec<String> = report
        .lexicon
        .iter()
        .map(|l| {
            ui.f(
                "check.lexicon_lang",
                &[
                    ("lang", l.lang.code()),
                    ("terms", &l.terms.to_string()),
                    ("concepts", &l.concepts.to_string()),
                    ("questions", &l.questions.to_string()),
                ],
            )
        })
        .collect();
    if !lexicon.is_empty() {
        let line = format!("{}: {}", ui.t("check.lexicon"), lexicon.join("; "));
        out.push_str(&render::wrap(ctx, &line, 2));
        out.push('\n');
    }
    for f in &report.findings {
        out.push_str(&format!(
            "{}: {}\n",
            floor::text::Shown(&f.file),
            f.message.render(ui)
        ));
    }
    // The overlay passed (it would not have loaded otherwise), but what it
    // does that is likely a mistake is said here as in `compare --house`.
    if let (Some(house), false) = (&ctx.settings.house, ctx.house_warnings.is_empty()) {
        let catalog =
            floor::rules::provisions::Catalog::load(ctx.store.source())?.unwrap_or_default();
        out.push_str(&format!(
            "{}\n",
            ui.f(
                "check.house_warnings",
                &[
                    ("file", &house.value.display().to_string()),
                    ("count", &ctx.house_warnings.len().to_string()),
                ],
            )
        ));
        for w in &ctx.house_warnings {
            let line = crate::cmd::compare::warning_line(ui, &catalog, w);
            out.push_str(&format!("{}\n", render::wrap(ctx, &format!("• {line}"), 2)));
        }
    }
    if report.ok() {
        out.push_str(&format!("{}\n", ui.t("check.ok")));
    } else {
        out.push_str(&format!(
            "{}\n",
            ui.f(
                "check.failed",
                &[("count", &report.findings.len().to_string())]
            )
        ));
    }
    Ok(Output { stdout: out, code })
}

/// Each translation of the command line's help has exactly the keys its
/// command tree needs (see [`crate::cli_text`]).
fn check_cli_texts(ctx: &Ctx, report: &mut floor::check::Report) {
    use floor::message::{Message, Msg};
    use floor::ui::Lang;
    let expected = crate::cli_text::expected_keys();
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let Ok(ui) = floor::ui::Ui::load(ctx.store.source(), lang) else {
            continue;
        };
        let have: std::collections::BTreeSet<&str> =
            ui.keys().filter(|k| k.starts_with("cli.")).collect();
        let missing: Vec<&str> = expected
            .iter()
            .map(String::as_str)
            .filter(|k| !have.contains(k))
            .collect();
        let extra: Vec<&str> = have
            .iter()
            .copied()
            .filter(|k| !expected.iter().any(|e| e == k))
            .collect();
        let file = floor::ui::ui_path(lang);
        if !missing.is_empty() {
            report.add(
                &file,
                Message::new(Msg::CheckCliUntranslated).arg("keys", missing.join(", ")),
            );
        }
        if !extra.is_empty() {
            report.add(
                &file,
                Message::new(Msg::CheckCliExtra).arg("keys", extra.join(", ")),
            );
        }
    }
}
