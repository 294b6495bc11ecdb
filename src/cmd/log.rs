//! The incident log from the command line: recording a ruling (with the
//! table and a note) and `floor log show`, the rulings oldest first with
//! localized titles and outcomes and local times. A torn line (a writer cut
//! off mid-write) is skipped with a warning on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use floor::engine::Ruling;
use floor::log::{Entry, LogError, append, read_each, since};
use floor::ui::Ui;
use jiff::tz::TimeZone;

use crate::ctx::{Ctx, Output};
use crate::render;

/// Where a ruling is logged, and what is recorded with it.
#[derive(Debug, Default)]
pub struct Record {
    /// The log file, if any.
    pub file: Option<PathBuf>,
    /// `--table`: the table of the incident.
    pub table: Option<String>,
    /// `--note`: the floor person's note.
    pub note: Option<String>,
}

impl Record {
    /// Refuses a table or note that no log would keep.
    pub fn new(
        file: Option<PathBuf>,
        table: Option<String>,
        note: Option<String>,
    ) -> floor::Result<Record> {
        if file.is_none() {
            if note.is_some() {
                return Err(LogError::NoFileFor { option: "--note" }.into());
            }
            if table.is_some() {
                return Err(LogError::NoFileFor { option: "--table" }.into());
            }
        }
        Ok(Record { file, table, note })
    }

    /// Appends the ruling to the log, if there is one. After an
    /// interactive ruling, says where it went (on stderr, after the card).
    pub fn write(&self, ctx: &Ctx, ruling: &Ruling, interactive: bool) -> floor::Result<()> {
        let Some(file) = &self.file else {
            return Ok(());
        };
        let mut entry = Entry::new(ruling, SystemTime::now());
        entry.table = self.table.clone();
        entry.note = self.note.clone();
        append(file, &entry)?;
        if interactive {
            let file = file.display().to_string();
            ctx.notice(ctx.ui.f("log.logged", &[("file", &printable(&file))]));
        }
        Ok(())
    }
}

pub fn show(ctx: &Ctx, file: Option<&Path>, since_arg: Option<&str>) -> floor::Result<Output> {
    let file = file.ok_or(floor::Error::from(LogError::NoFile))?;
    let zone = TimeZone::system();
    let from = since_arg
        .map(|s| since(s, SystemTime::now(), &zone))
        .transpose()?;
    let wanted = |e: &Entry| from.is_none_or(|f| e.when().is_some_and(|w| w >= f));
    let ui = &ctx.ui;
    // Entries are filtered as they are read: JSON goes out line by line;
    // the table keeps only the words of each row, and a long log goes out
    // as tables of ROWS_PER_TABLE rows, so memory does not grow with it.
    let mut rows: Vec<Row> = Vec::new();
    let mut shown = 0usize;
    let mut streamed = false;
    let mut failed: Option<floor::Error> = None;
    let stdout = std::io::stdout();
    let skipped = if ctx.json {
        crate::output::stdout_open()?;
        let mut out = std::io::BufWriter::new(stdout.lock());
        let skipped = read_each(file, |e| {
            if failed.is_none() && wanted(&e) {
                let line = serde_json::to_string(&e).unwrap_or_default();
                if let Err(err) = writeln!(out, "{}", crate::output::escaped(&line, true, false)) {
                    failed = Some(floor::Error::Output(err));
                }
            }
        })?;
        if failed.is_none()
            && let Err(err) = out.flush()
        {
            failed = Some(floor::Error::Output(err));
        }
        skipped
    } else {
        read_each(file, |e| {
            if failed.is_some() || !wanted(&e) {
                return;
            }
            shown += 1;
            rows.push(Row::of(ui, &zone, &e));
            if rows.len() == ROWS_PER_TABLE {
                if !streamed && let Err(err) = crate::output::stdout_open() {
                    failed = Some(err);
                    return;
                }
                streamed = true;
                let block = table_of(ctx, std::mem::take(&mut rows));
                let block = block.to_string();
                if let Err(err) = writeln!(
                    stdout.lock(),
                    "{}",
                    crate::output::escaped(&block, false, ctx.color)
                ) {
                    failed = Some(floor::Error::Output(err));
                }
            }
        })?
    };
    if let Some(err) = failed {
        return Err(err);
    }
    if let Some(first) = skipped.first {
        let _ = writeln!(
            std::io::stderr(),
            "{}",
            crate::output::escaped(
                &ctx.ui.f(
                    "log.skipped",
                    &[
                        ("file", &printable(&file.display().to_string())),
                        ("count", &skipped.count.to_string()),
                        ("first", &first.to_string()),
                    ]
                ),
                false,
                true
            )
        );
    }
    if ctx.json {
        return Ok(Output::ok(String::new()));
    }
    let mut text = String::new();
    if !rows.is_empty() || !streamed {
        text = format!("{}\n", table_of(ctx, rows));
    }
    text.push_str(&ui.f("log.count", &[("count", &shown.to_string())]));
    text.push('\n');
    if streamed {
        writeln!(
            stdout.lock(),
            "{}",
            crate::output::escaped(text.trim_end(), false, ctx.color)
        )
        .map_err(floor::Error::Output)?;
        return Ok(Output::ok(String::new()));
    }
    Ok(Output::ok(text))
}

/// Rows per table when a long log is shown: a screenful or two, and the
/// memory of one table.
const ROWS_PER_TABLE: usize = 1000;

/// The table of `rows`, the columns that have something.
fn table_of(ctx: &Ctx, rows: Vec<Row>) -> comfy_table::Table {
    let with_table = rows.iter().any(|r| r.table.is_some());
    let with_note = rows.iter().any(|r| r.note.is_some());
    let mut header = vec!["log.time"];
    if with_table {
        header.push("log.table");
    }
    header.extend(["log.incident", "log.outcome", "log.rule"]);
    if with_note {
        header.push("log.note");
    }
    let mut table = render::table_with_header(ctx, &header);
    // Time and rule columns as wide as their lines, the rest shares.
    let rule_column = header.len() - 1 - usize::from(with_note);
    for column in [0, rule_column] {
        if let Some(c) = table.column_mut(column) {
            c.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
    }
    for r in rows {
        let mut row = vec![r.time];
        if with_table {
            row.push(r.table.unwrap_or_default());
        }
        row.extend([r.title, r.outcome, r.rule]);
        if with_note {
            row.push(r.note.unwrap_or_default());
        }
        table.add_row(row.iter().map(|cell| render::cell(&printable(cell))));
    }
    table
}

/// What the table shows of one entry.
struct Row {
    time: String,
    table: Option<String>,
    title: String,
    outcome: String,
    rule: String,
    note: Option<String>,
}

impl Row {
    fn of(ui: &Ui, zone: &TimeZone, e: &Entry) -> Row {
        let rule = e
            .citations
            .first()
            .and_then(|c| c["number"].as_str())
            .unwrap_or("");
        Row {
            // The date above the time and offset: a narrow column.
            time: e.local_time(zone).replacen(' ', "\n", 1),
            table: e.table.clone(),
            title: title(ui, &e.incident),
            outcome: e.outcome_words(ui),
            // The edition above its rule number: a narrow column.
            rule: format!("{}\n{rule}", e.edition),
            note: e.note.clone(),
        }
    }
}

/// The incident's title in the UI language; its id if it has none.
fn title(ui: &Ui, incident: &str) -> String {
    ui.get(&format!("incidents.{incident}.title"))
        .unwrap_or(incident)
        .to_string()
}

/// Text from a log file or the command line, made visible (see
/// [`floor::text::shown`]).
fn printable(text: &str) -> String {
    floor::text::shown(text).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_never_reach_the_terminal() {
        assert_eq!(printable("table 4"), "table 4");
        assert_eq!(printable("\u{1b}[2Jgone"), "\\u{1b}[2Jgone");
        assert_eq!(printable("two\nlines"), "two\nlines");
        assert_eq!(printable("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(printable("a\u{202e}b"), "a\\u{202e}b");
    }

    #[test]
    fn a_table_or_note_without_a_log_is_refused() {
        assert!(Record::new(None, None, Some("x".into())).is_err());
        assert!(Record::new(None, Some("4".into()), None).is_err());
        assert!(Record::new(Some("log".into()), Some("4".into()), Some("x".into())).is_ok());
        assert!(Record::new(None, None, None).is_ok());
    }
}
