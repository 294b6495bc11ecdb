//! Help beyond clap's: `floor help [COMMAND]...` (which, unlike clap's own
//! help subcommand, takes `-h`), and `floor incident ID --help`, which adds
//! the incident's answer keys — kind, choices, default, when asked — read
//! from its decision tree and worded in the UI language.

use floor::data::DataSource;
use floor::engine::tree::{Condition, Kind, Question};
use floor::settings::Settings;
use floor::ui::Ui;

use crate::cli::Global;
use crate::ctx::Output;

/// `floor help [COMMAND]...`: the long help of that (sub)command; after
/// `incident`, a word is an incident id.
pub fn run(global: &Global, settings: Settings, path: &[String]) -> floor::Result<Output> {
    let mut root = crate::cli_text::command_for(settings.lang.value);
    root.build();
    let mut current = root.clone();
    for (i, name) in path.iter().enumerate() {
        if current.get_name() == "incident" && i + 1 == path.len() {
            return incident(global, settings, Some(name));
        }
        match current.find_subcommand(name) {
            Some(sub) => current = sub.clone(),
            None => {
                use floor::message::{Message, Msg};
                let problem = Message::new(Msg::UsageUnknownCommand)
                    .arg("command", name)
                    .nested("suggestion", Message::new(Msg::Text).arg("text", ""));
                return Err(floor::Error::bad(
                    Message::new(Msg::Usage).nested("problem", problem),
                ));
            }
        }
    }
    if current.get_name() == "incident" {
        return incident(global, settings, None);
    }
    Ok(Output::ok(current.render_long_help().to_string()))
}

/// The help of `floor incident`; with an id, followed by that incident's
/// answer keys.
pub fn incident(global: &Global, settings: Settings, id: Option<&str>) -> floor::Result<Output> {
    let mut root = crate::cli_text::command_for(settings.lang.value);
    root.build();
    let mut help = root
        .find_subcommand_mut("incident")
        .map(|c| c.render_long_help().to_string())
        .unwrap_or_default();
    if let Some(id) = id {
        let source = match &global.data {
            Some(dir) => DataSource::dir(dir)?,
            None => DataSource::Embedded,
        };
        let tree = floor::engine::load(&source, id)?;
        let ui = Ui::load(&source, settings.lang.value)?;
        help.push('\n');
        help.push_str(&answer_keys(&ui, &tree.id, &tree.questions));
    }
    Ok(Output::ok(help))
}

/// Every question of an incident as `--answer` takes it: the key, what it
/// takes, its default or whether it is required, when it is asked, and the
/// question itself.
pub fn answer_keys(ui: &Ui, incident: &str, questions: &[Question]) -> String {
    let title_key = format!("incidents.{incident}.title");
    let title = ui.t(&title_key);
    let mut out = ui.f("keys.heading", &[("incident", incident), ("title", title)]);
    out.push('\n');
    let width = questions.iter().map(|q| q.id.len()).max().unwrap_or(0) + 2;
    let pad = " ".repeat(width + 2);
    let wrap = |text: &str, first: &str| {
        let options = textwrap::Options::new(LINE_WIDTH)
            .initial_indent(first)
            .subsequent_indent(&pad)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        let mut lines = textwrap::wrap(text, options).join("\n");
        lines.push('\n');
        lines
    };
    for q in questions {
        out.push_str(&wrap(&format!("{:width$}{}", q.id, facts(ui, q)), "  "));
        let text = |field: &str| ui.get(&format!("incidents.{incident}.q.{}.{field}", q.id));
        for line in [text("text"), text("help")].into_iter().flatten() {
            out.push_str(&wrap(line, &pad));
        }
    }
    out
}

/// Help is wrapped as clap wraps it.
const LINE_WIDTH: usize = 100;

/// What a question takes, its default and when it is asked, on one line.
fn facts(ui: &Ui, q: &Question) -> String {
    let kind_id = id_of(&q.kind);
    let mut kind = ui
        .get(&format!("keys.kind.{kind_id}"))
        .unwrap_or(&kind_id)
        .to_string();
    if matches!(q.kind, Kind::Choice | Kind::MultiChoice) {
        let choices: Vec<String> = q
            .choices
            .iter()
            .map(|c| match q.choice_label(ui, c) {
                label if !label.eq_ignore_ascii_case(c) => format!("{c} ({label})"),
                _ => c.clone(),
            })
            .collect();
        kind = format!("{kind} {}", choices.join(", "));
    }
    if let (Some(min), Some(max)) = (q.min, q.max) {
        kind.push_str(&format!(
            " ({})",
            ui.f(
                "keys.range",
                &[("min", &min.to_string()), ("max", &max.to_string())]
            )
        ));
    }
    let mut parts = vec![kind];
    parts.push(match (&q.default, q.default_from.is_empty(), q.optional) {
        (Some(d), _, _) => {
            // yes/no defaults in the UI language (ja, nein... are accepted too).
            let shown = match (q.kind, d.as_str()) {
                (Kind::YesNo, "yes") => ui.t("incident.yes"),
                (Kind::YesNo, "no") => ui.t("incident.no"),
                _ => d,
            };
            ui.f("keys.default", &[("value", shown)])
        }
        (None, false, _) => ui.f("keys.default_from", &[("keys", &q.default_from.join(", "))]),
        (None, true, true) => ui.t("keys.optional").to_string(),
        (None, true, false) => ui.t("keys.required").to_string(),
    });
    if q.detail {
        parts.push(ui.t("keys.detail").to_string());
    }
    if !q.when.is_empty() {
        let conditions: Vec<String> = q
            .when
            .iter()
            .map(|(key, c)| condition(ui, key, c))
            .collect();
        parts.push(ui.f("keys.when", &[("conditions", &conditions.join(", "))]));
    }
    parts.join("; ")
}

/// A condition on an earlier answer, in the key's own terms (`facing ≥ 1`).
fn condition(ui: &Ui, key: &str, c: &Condition) -> String {
    match c {
        Condition::AnyOf(values) => format!("{key} = {}", values.join(" | ")),
        Condition::Is(value) => format!("{key} = {value}"),
        Condition::Flag(flag) => {
            let answer = if *flag { "incident.yes" } else { "incident.no" };
            format!("{key} = {}", ui.t(answer))
        }
        Condition::Compare(cmp) => {
            let mut parts = Vec::new();
            if let Some(min) = cmp.min {
                parts.push(format!("{key} ≥ {min}"));
            }
            if let Some(not) = &cmp.not {
                parts.push(format!("{key} ≠ {}", not.join(" | ")));
            }
            match cmp.given {
                Some(true) => parts.push(ui.f("keys.given", &[("key", key)])),
                Some(false) => parts.push(ui.f("keys.not_given", &[("key", key)])),
                None => {}
            }
            parts.join(", ")
        }
    }
}

/// A kind's id as the trees write it (`yes-no`, `amount`).
fn id_of(kind: &Kind) -> String {
    match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(s)) => s,
        _ => format!("{kind:?}"),
    }
}
