//! `floor check`: validate the data tree.

use std::process::ExitCode;

use floor::rules::check::check;
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::render;

#[derive(Serialize)]
struct CheckJson<'a> {
    ok: bool,
    editions: Vec<EditionJson<'a>>,
    ui_keys: &'a std::collections::BTreeMap<String, usize>,
    incidents: usize,
    findings: Vec<FindingJson<'a>>,
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
    message: &'a str,
}

pub fn run(ctx: &Ctx) -> anyhow::Result<Output> {
    let report = check(&ctx.store);
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
            findings: report
                .findings
                .iter()
                .map(|f| FindingJson {
                    file: &f.file,
                    message: &f.message,
                })
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
    for f in &report.findings {
        out.push_str(&format!(
            "{}: {}\n",
            floor::text::Shown(&f.file),
            floor::text::Shown(&f.message)
        ));
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
