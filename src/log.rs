//! The incident log: one JSON object per line, appended under an exclusive
//! lock and flushed to disk before the ruling is reported as logged. A
//! reader skips (and reports) a torn last line.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use serde::Serialize;

use crate::incident::Ruling;
use crate::incident::ruling::Citation;

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
}

impl Entry {
    /// The log entry of a ruling made at `time`.
    pub fn new(ruling: &Ruling, time: std::time::SystemTime) -> Entry {
        Entry {
            time: humantime::format_rfc3339_seconds(time).to_string(),
            edition: ruling.edition.clone(),
            incident: ruling.incident.clone(),
            answers: ruling.answers.clone(),
            outcome: ruling.outcome.clone(),
            amounts: ruling.amounts.clone(),
            citations: ruling.citations.iter().map(citation).collect(),
        }
    }
}

fn citation(c: &Citation) -> serde_json::Value {
    serde_json::json!({
        "edition": c.edition, "number": c.number, "concept": c.concept, "title": c.title
    })
}

/// Why the log could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    /// The file could not be opened, locked or written.
    #[error("cannot write the log {file}: {cause}; give a writable --log path")]
    Write {
        /// The log file.
        file: String,
        /// The operating system's message.
        cause: String,
    },
    /// `--since` is not a date, time or duration.
    #[error(
        "--since `{given}` is not a time: give a date (2026-11-21), a time (2026-11-21T18:00:00Z) or a duration back from now (2h)"
    )]
    Since {
        /// What was given.
        given: String,
    },
    /// No log file was named.
    #[error("no log file: give it with --log FILE")]
    NoFile,
    /// The file could not be read.
    #[error("cannot read the log {file}: {cause}")]
    Read {
        /// The log file.
        file: String,
        /// The operating system's message.
        cause: String,
    },
}

/// Appends `entry` as one line: exclusive lock, one write, fsync.
pub fn append(path: &Path, entry: &Entry) -> Result<(), LogError> {
    let err = |e: std::io::Error| LogError::Write {
        file: path.display().to_string(),
        cause: e.to_string(),
    };
    let mut line = serde_json::to_vec(entry).map_err(|e| err(std::io::Error::other(e)))?;
    line.push(b'\n');
    let mut file = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(path)
        .map_err(err)?;
    file.lock().map_err(err)?;
    // A torn line left by a writer killed mid-write would swallow this one:
    // start on a fresh line if the file does not end with a newline.
    let needs_newline = ends_without_newline(&file).map_err(err)?;
    let mut buf = Vec::with_capacity(line.len() + 1);
    if needs_newline {
        buf.push(b'\n');
    }
    buf.extend_from_slice(&line);
    file.write_all(&buf).map_err(err)?;
    file.sync_data().map_err(err)?;
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

/// What reading a log found.
#[derive(Debug, Default)]
pub struct Read {
    /// Every valid entry, in order.
    pub entries: Vec<Entry>,
    /// Line numbers of lines that are not valid entries (a torn line).
    pub skipped: Vec<usize>,
}

/// The moment `--since` names: a duration back from `now`, a date (its
/// midnight, UTC) or an RFC 3339 time.
pub fn since(given: &str, now: std::time::SystemTime) -> Result<std::time::SystemTime, LogError> {
    let bad = || LogError::Since {
        given: given.to_string(),
    };
    let g = given.trim();
    if let Ok(d) = humantime::parse_duration(g) {
        return now.checked_sub(d).ok_or_else(bad);
    }
    let full = if g.len() == 10 {
        format!("{g}T00:00:00Z")
    } else {
        g.to_string()
    };
    humantime::parse_rfc3339_weak(&full).map_err(|_| bad())
}

impl Entry {
    /// When the entry was logged, if its time parses.
    pub fn when(&self) -> Option<std::time::SystemTime> {
        humantime::parse_rfc3339_weak(&self.time).ok()
    }
}

/// Reads every entry, skipping lines that do not parse.
pub fn read(path: &Path) -> Result<Read, LogError> {
    let err = |e: std::io::Error| LogError::Read {
        file: path.display().to_string(),
        cause: e.to_string(),
    };
    let file = File::open(path).map_err(err)?;
    let mut out = Read::default();
    for (i, line) in BufReader::new(file).split(b'\n').enumerate() {
        let line = line.map_err(err)?;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<Entry>(&line) {
            Ok(entry) => out.entries.push(entry),
            Err(_) => out.skipped.push(i + 1),
        }
    }
    Ok(out)
}
