//! `floor log show`: the rulings of an incident log, oldest first. A torn
//! line (a writer cut off mid-write) is skipped with a warning on stderr.

use std::io::Write;
use std::path::Path;
use std::time::SystemTime;

use floor::log::{LogError, read, since};

use crate::ctx::{Ctx, Output};
use crate::render;

pub fn show(ctx: &Ctx, file: Option<&Path>, since_arg: Option<&str>) -> anyhow::Result<Output> {
    let file = file.ok_or(LogError::NoFile)?;
    let from = since_arg.map(|s| since(s, SystemTime::now())).transpose()?;
    let log = read(file)?;
    if !log.skipped.is_empty() {
        let lines: Vec<String> = log.skipped.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            std::io::stderr(),
            "{}",
            ctx.ui.f(
                "log.skipped",
                &[
                    ("file", &file.display().to_string()),
                    ("lines", &lines.join(", "))
                ]
            )
        );
    }
    let entries: Vec<_> = log
        .entries
        .iter()
        .filter(|e| from.is_none_or(|f| e.when().is_some_and(|w| w >= f)))
        .collect();
    if ctx.json {
        let mut out = String::new();
        for e in &entries {
            out.push_str(&serde_json::to_string(e)?);
            out.push('\n');
        }
        return Ok(Output::ok(out));
    }
    let ui = &ctx.ui;
    let mut table = render::table_with_header(
        ctx,
        &[
            "log.time",
            "log.edition",
            "log.incident",
            "log.outcome",
            "log.amounts",
            "log.rule",
        ],
    );
    for e in &entries {
        let amounts: Vec<String> = e.amounts.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let rule = e
            .citations
            .first()
            .and_then(|c| c["number"].as_str())
            .unwrap_or("")
            .to_string();
        table.add_row(vec![
            // A space lets a narrow table wrap the time.
            e.time
                .replacen('T', " ", 1)
                .trim_end_matches('Z')
                .to_string(),
            e.edition.clone(),
            e.incident.clone(),
            e.outcome.clone(),
            amounts.join(", "),
            rule,
        ]);
    }
    Ok(Output::ok(format!(
        "{table}\n{}\n",
        ui.f("log.count", &[("count", &entries.len().to_string())])
    )))
}
