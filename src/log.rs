//! The incident log: one JSON object per line, appended under an exclusive
//! lock and flushed to disk before the ruling is reported as logged. A
//! reader skips (and reports) a torn last line. Times are stored in UTC and
//! shown in the local time zone, with its offset.

pub use crate::error::LogError;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use serde::Serialize;

use crate::engine::Ruling;
use crate::engine::ruling::Citation;

/// One logged ruling.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Entry {
    /// When it was ruled (RFC 3339, UTC).
    pub time: String,
    /// The edition in use.
    pub edition: String,
    /// The incident.
    pub incident: String,
    /// The answers used.
    pub answers: serde_json::Map<String, serde_json::Value>,
    /// The outcome id.
    pub outcome: String,
    /// The amounts.
    pub amounts: serde_json::Map<String, serde_json::Value>,
    /// The citations (edition, number, concept, title).
    pub citations: Vec<serde_json::Value>,
    /// The table the incident happened at (`--table`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// The floor person's note (`--note`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The remedy variant whose words the outcome took (in limit the
    /// reopened raise is one bet, no minimum), so that the log words it
    /// as the card did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remedy_variant: Option<String>,
}

impl Entry {
    /// The log entry of a ruling made at `time`.
    pub fn new(ruling: &Ruling, time: std::time::SystemTime) -> Entry {
        Entry {
            time: rfc3339_seconds(time),
            edition: ruling.edition.clone(),
            incident: ruling.incident.clone(),
            answers: ruling.answers.clone(),
            outcome: ruling.outcome.clone(),
            amounts: ruling.amounts.clone(),
            citations: ruling.citations.iter().map(citation).collect(),
            table: None,
            note: None,
            remedy_variant: ruling.remedy_variant.map(str::to_string),
        }
    }
}

/// A moment as RFC 3339 in UTC to the second (`2026-11-21T18:04:05Z`).
fn rfc3339_seconds(time: std::time::SystemTime) -> String {
    jiff::Timestamp::try_from(time)
        .ok()
        .and_then(|t| jiff::Timestamp::from_second(t.as_second()).ok())
        .map_or_else(String::new, |t| t.to_string())
}

fn citation(c: &Citation) -> serde_json::Value {
    let mut cited = serde_json::json!({
        "edition": c.edition, "number": c.number, "concept": c.concept, "title": c.title
    });
    if let Some(map) = cited.as_object_mut() {
        if let Some(part) = &c.part {
            map.insert("part".into(), part.clone().into());
        }
        if let Some(printed) = &c.printed {
            map.insert("printed".into(), serde_json::json!(printed));
        }
    }
    cited
}

/// Appends `entry` as one line: exclusive lock, one write, fsync.
pub fn append(path: &Path, entry: &Entry) -> crate::Result<()> {
    let err = |e: std::io::Error| LogError::Write {
        file: path.display().to_string(),
        cause: e,
    };
    let mut line = serde_json::to_vec(entry).map_err(|e| err(std::io::Error::other(e)))?;
    line.push(b'\n');
    // Only a regular file is a log: a FIFO would block the ruling until
    // someone reads it, a device swallows it or fails mid-write, a directory
    // or socket is no log; each is refused before a byte is written. A path
    // that cannot be opened is the user's to fix (exit 2); a write that
    // fails once the file is open is the system's (exit 1).
    let mut file =
        crate::data::open_path(path, crate::data::Access::Append).map_err(|e| match e {
            crate::data::OpenError::NotAFile => LogError::NotAFile {
                file: path.display().to_string(),
            },
            crate::data::OpenError::Io(cause) => LogError::Open {
                file: path.display().to_string(),
                cause,
            },
        })?;
    file.lock().map_err(err)?;
    let before = file.metadata().map_err(err)?.len();
    // A torn line left by a writer killed mid-write would swallow this one:
    // start on a fresh line if the file does not end with a newline.
    let needs_newline = ends_without_newline(&file).map_err(err)?;
    let mut buf = Vec::with_capacity(line.len() + 1);
    if needs_newline {
        buf.push(b'\n');
    }
    buf.extend_from_slice(&line);
    let written = file.write_all(&buf).and_then(|()| file.sync_data());
    if let Err(e) = written {
        // Leave the log as it was: no partial line (a full disk).
        let _ = file.set_len(before);
        let _ = file.unlock();
        return Err(err(e).into());
    }
    file.unlock().map_err(err)?;
    Ok(())
}

fn ends_without_newline(file: &File) -> std::io::Result<bool> {
    use std::io::{Read, Seek, SeekFrom};
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(false);
    }
    let mut f = file;
    f.seek(SeekFrom::Start(len - 1))?;
    let mut last = [0u8; 1];
    f.read_exact(&mut last)?;
    Ok(last[0] != b'\n')
}

/// The lines of a log that are not valid entries (a torn line, a foreign
/// line): how many, and the first.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Skipped {
    /// How many lines were skipped.
    pub count: usize,
    /// The first of them (1-based).
    pub first: Option<usize>,
}

/// The longest line read as an entry; a longer one is skipped unread.
pub const MAX_LINE_BYTES: u64 = 1024 * 1024;

/// The moment `--since` names: a duration back from `now` (`2h`), an
/// RFC 3339 time with its offset (`2026-11-21T18:00:00+01:00`), or a date or
/// a time without offset (`2026-11-21`, `2026-11-21T18:00`), read in `zone`.
pub fn since(
    given: &str,
    now: std::time::SystemTime,
    zone: &jiff::tz::TimeZone,
) -> crate::Result<jiff::Timestamp> {
    let bad = || {
        crate::Error::from(LogError::Since {
            given: given.to_string(),
        })
    };
    let g = given.trim();
    // A duration in jiff's friendly words (`2h`, `90m`, `1h 30m`,
    // `2 days`), a day taken as 24 hours.
    if let Ok(span) = g.parse::<jiff::Span>() {
        // A time further back than the calendar reaches is no time.
        return span
            .to_duration(jiff::SpanRelativeTo::days_are_24_hours())
            .ok()
            .and_then(|d| jiff::Timestamp::try_from(now).ok()?.checked_sub(d).ok())
            .ok_or_else(bad);
    }
    if let Ok(at) = g.parse::<jiff::Timestamp>() {
        return Ok(at);
    }
    let local = g
        .parse::<jiff::civil::DateTime>()
        .or_else(|_| {
            g.parse::<jiff::civil::Date>()
                .map(|d| d.to_datetime(jiff::civil::Time::midnight()))
        })
        .map_err(|_| bad())?;
    let at = local.to_zoned(zone.clone()).map_err(|_| bad())?;
    Ok(at.timestamp())
}

impl Entry {
    /// When the entry was logged, if its time parses.
    pub fn when(&self) -> Option<jiff::Timestamp> {
        self.time.parse().ok()
    }

    /// When the entry was logged, in `zone`, with the offset
    /// (`2026-11-21 19:04:05 +01:00`); the stored text if it does not parse.
    pub fn local_time(&self, zone: &jiff::tz::TimeZone) -> String {
        match self.when() {
            Some(at) => at
                .to_zoned(zone.clone())
                .strftime("%Y-%m-%d %H:%M:%S %:z")
                .to_string(),
            None => self.time.clone(),
        }
    }

    /// The outcome as the ruling card words it (its remedy variant's words
    /// where it had one), with the logged amounts; the outcome id if the
    /// incident or the amounts are not known in `ui`.
    pub fn outcome_words(&self, ui: &crate::ui::Ui) -> String {
        let key = format!("incidents.{}.outcome.{}", self.incident, self.outcome);
        if ui.get(&key).is_none() {
            return self.outcome.clone();
        }
        let amounts: Vec<(String, u64)> = self
            .amounts
            .iter()
            .filter_map(|(k, v)| Some((k.clone(), v.as_u64()?)))
            .collect();
        let template = crate::engine::ruling::outcome_text(
            ui,
            &self.incident,
            &self.outcome,
            self.remedy_variant.as_deref(),
        );
        let text = crate::engine::ruling::with_amounts(&template, &amounts);
        if text.contains('{') {
            self.outcome.clone()
        } else {
            text
        }
    }
}

/// Reads the log one line at a time, handing each valid entry to `each`
/// (memory does not grow with the log); lines that do not parse, or are
/// longer than [`MAX_LINE_BYTES`], are skipped and counted. Only a regular
/// file is read (as `data::open_regular` opens it): a device would never
/// end.
pub fn read_each(path: &Path, each: impl FnMut(Entry)) -> crate::Result<Skipped> {
    let file = crate::data::open_regular(path).map_err(|e| match e {
        crate::data::OpenError::NotAFile => LogError::NotAFile {
            file: path.display().to_string(),
        },
        crate::data::OpenError::Io(cause) => LogError::Unreadable {
            file: path.display().to_string(),
            cause,
        },
    })?;
    let skipped = read_lines(BufReader::new(file), each).map_err(|e| LogError::Read {
        file: path.display().to_string(),
        cause: e,
    })?;
    Ok(skipped)
}

/// The lines of `reader` as entries (see [`read_each`]).
pub fn read_lines(
    mut reader: impl BufRead,
    mut each: impl FnMut(Entry),
) -> std::io::Result<Skipped> {
    use std::io::Read as _;
    let mut skipped = Skipped::default();
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE_BYTES)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            break;
        }
        let complete = line.last() == Some(&b'\n');
        if !complete && u64::try_from(read).unwrap_or(u64::MAX) >= MAX_LINE_BYTES {
            // Too long to be an entry: the rest of the line is passed over
            // a buffer at a time, never held.
            skip_line(&mut reader)?;
            skipped.count += 1;
            skipped.first.get_or_insert(number);
            continue;
        }
        // A byte-order mark from an editor that saved the log.
        let text = if number == 1 {
            line.strip_prefix(crate::data::BOM).unwrap_or(&line)
        } else {
            &line
        };
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<Entry>(text) {
            Ok(entry) => each(entry),
            Err(_) => {
                skipped.count += 1;
                skipped.first.get_or_insert(number);
            }
        }
    }
    Ok(skipped)
}

/// Consumes `reader` up to and including the next newline (or to its end)
/// without keeping what it passes.
fn skip_line(reader: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(());
        }
        match memchr::memchr(b'\n', buf) {
            Some(at) => {
                reader.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                reader.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::tz::TimeZone;

    /// The log words an outcome as the card did, for every incident under
    /// every edition, on the first 60 fact sets the differ walks for it,
    /// in all four languages; some of those rulings carry a remedy variant.
    #[test]
    fn the_log_words_every_outcome_as_its_card_did() {
        use crate::data::DataSource;
        use crate::ui::{Lang, Ui};
        let source = DataSource::Embedded;
        let store = crate::rules::Store::open(source.clone()).expect("store");
        let uis: Vec<Ui> = [Lang::En, Lang::Nl, Lang::De, Lang::Sk]
            .into_iter()
            .map(|l| Ui::load(&source, l).expect("ui"))
            .collect();
        let (mut checked, mut by_variant) = (0, 0);
        for edition in crate::incidents::EDITIONS {
            let book = store.book(edition).expect("book");
            for entry in crate::incidents::ALL {
                let tree = crate::engine::load_for(&source, entry.id, &book).expect("tree");
                let facts = crate::engine::differ::facts(&tree, entry.varied);
                for facts in facts.iter().take(60) {
                    let Ok(answers) =
                        crate::engine::walk(&tree, &mut crate::engine::differ::Given(facts))
                    else {
                        continue;
                    };
                    for ui in &uis {
                        let Ok(ruling) = crate::engine::decide(&tree, &book, ui, &answers) else {
                            continue;
                        };
                        let logged = Entry::new(&ruling, std::time::SystemTime::UNIX_EPOCH);
                        assert_eq!(
                            logged.outcome_words(ui),
                            ruling.outcome_text,
                            "{edition} {} {:?}",
                            entry.id,
                            ruling.answers
                        );
                        checked += 1;
                        by_variant += usize::from(ruling.remedy_variant.is_some());
                    }
                }
            }
        }
        assert!(checked > 1000 && by_variant > 0, "{checked} {by_variant}");
    }

    fn zone() -> TimeZone {
        TimeZone::fixed(jiff::tz::offset(1))
    }

    fn at(rfc3339: &str) -> jiff::Timestamp {
        rfc3339.parse().expect("valid")
    }

    #[test]
    fn since_takes_offsets_dates_local_times_and_durations() {
        let now = at("2026-11-21T12:00:00Z").into();
        let z = zone();
        assert_eq!(
            since("2026-01-01T00:00:00+01:00", now, &z).ok(),
            Some(at("2025-12-31T23:00:00Z"))
        );
        assert_eq!(
            since("2026-01-01T00:00:00Z", now, &z).ok(),
            Some(at("2026-01-01T00:00:00Z"))
        );
        // A date is its local midnight.
        assert_eq!(
            since("2026-11-21", now, &z).ok(),
            Some(at("2026-11-20T23:00:00Z"))
        );
        assert_eq!(
            since("2026-11-21T18:00", now, &z).ok(),
            Some(at("2026-11-21T17:00:00Z"))
        );
        assert_eq!(since("2h", now, &z).ok(), Some(at("2026-11-21T10:00:00Z")));
        assert_eq!(since("90m", now, &z).ok(), Some(at("2026-11-21T10:30:00Z")));
        assert_eq!(
            since("1h 30m", now, &z).ok(),
            Some(at("2026-11-21T10:30:00Z"))
        );
        assert_eq!(
            since("2days", now, &z).ok(),
            Some(at("2026-11-19T12:00:00Z"))
        );
        assert_eq!(since("1d", now, &z).ok(), Some(at("2026-11-20T12:00:00Z")));
        for bad in ["yesterday", "2026-13-01", "", "12OO", "20000y"] {
            assert!(
                matches!(
                    since(bad, now, &z),
                    Err(crate::Error::Log(LogError::Since { .. }))
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn times_are_shown_in_the_zone_with_its_offset() {
        let mut entry = Entry {
            time: "2026-11-21T18:04:05Z".into(),
            edition: String::new(),
            incident: String::new(),
            answers: serde_json::Map::new(),
            outcome: String::new(),
            amounts: serde_json::Map::new(),
            citations: Vec::new(),
            table: None,
            note: None,
            remedy_variant: None,
        };
        assert_eq!(entry.local_time(&zone()), "2026-11-21 19:04:05 +01:00");
        let amsterdam = TimeZone::get("Europe/Amsterdam");
        if let Ok(tz) = amsterdam {
            // Summer time: the offset of that moment, not of today.
            entry.time = "2026-07-01T10:00:00Z".into();
            assert_eq!(entry.local_time(&tz), "2026-07-01 12:00:00 +02:00");
        }
        entry.time = "not a time".into();
        assert_eq!(entry.local_time(&zone()), "not a time");
    }

    #[test]
    fn long_lines_are_skipped_and_counted_and_a_bom_is_not_content() {
        let entry = r#"{"time":"2026-11-21T18:04:05Z","edition":"e","incident":"clock","answers":{},"outcome":"check","amounts":{},"citations":[]}"#;
        let long = "x".repeat(3 * MAX_LINE_BYTES as usize + 7);
        let log = format!("\u{feff}{entry}\n{long}\n{entry}\n{long}");
        let mut seen = 0;
        let skipped = read_lines(BufReader::new(log.as_bytes()), |_| seen += 1).expect("reads");
        assert_eq!(seen, 2);
        assert_eq!(
            skipped,
            Skipped {
                count: 2,
                first: Some(2)
            }
        );
    }

    #[test]
    fn table_and_note_are_optional_fields_of_a_line() {
        let old = r#"{"time":"2026-11-21T18:04:05Z","edition":"e","incident":"clock","answers":{},"outcome":"check","amounts":{},"citations":[]}"#;
        let entry: Entry = serde_json::from_str(old).expect("old lines still read");
        assert_eq!(
            (entry.table.as_deref(), entry.note.as_deref()),
            (None, None)
        );
        assert_eq!(serde_json::to_string(&entry).expect("json"), old);
    }
}
