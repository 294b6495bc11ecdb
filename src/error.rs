//! The library's one error type, [`Error`]: every failure carries a
//! [`Message`] (a key of ui.yaml with its arguments, rendered in the UI
//! language) and an [`Exit`] kind. The failures of data files, lookups, the
//! walkthrough and the log keep their typed detail ([`LoadError`],
//! [`LookupError`], [`WalkError`], [`LogError`]) inside it, for callers that
//! branch on it. Every public function that reads a file, looks something
//! up, walks a decision tree or rules returns [`Error`]; a parser of one
//! value (an amount, a seat, an action list) returns the problem as a
//! [`Message`], which its caller frames with the input's name
//! ([`Error::input`]), and an answer source, which the walk calls, reports a
//! bare [`WalkError`].
//!
//! The detail types are not errors of their own: a caller cannot hand one
//! on without the one [`Error`] around it, so every failure that leaves the
//! library carries its message and exit.
//!
//! ```compile_fail
//! fn is_error<E: std::error::Error>() {}
//! is_error::<floor::LoadError>();
//! ```
//! ```compile_fail
//! fn is_error<E: std::error::Error>() {}
//! is_error::<floor::LookupError>();
//! ```
//! ```compile_fail
//! fn is_error<E: std::error::Error>() {}
//! is_error::<floor::engine::WalkError>();
//! ```
//! ```compile_fail
//! fn is_error<E: std::error::Error>() {}
//! is_error::<floor::log::LogError>();
//! ```
//! ```
//! fn is_error<E: std::error::Error>() {}
//! is_error::<floor::Error>();
//! ```

use std::fmt;

use crate::message::{Exit, Message, Msg};

/// A result of the library.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Any failure of the library.
#[derive(Debug)]
pub enum Error {
    /// A data file could not be used.
    Load(LoadError),
    /// Something asked for does not exist.
    Lookup(LookupError),
    /// The walkthrough stopped before every answer was known.
    Walk(WalkError),
    /// The incident log could not be written or read.
    Log(LogError),
    /// An answer or an input of a calculation is at fault: the answer key
    /// and the problem.
    Input {
        /// The answer key (or other input) at fault.
        input: &'static str,
        /// What is wrong and what would be valid.
        problem: Message,
    },
    /// A module refused to rule because the case is another incident's (an
    /// undercall is not a bet): typed, for a caller that rules it there.
    Refused(Refusal),
    /// The output could not be written (a full disk, a closed stream); the
    /// system's error kept for callers that tell a reader who quit (a
    /// broken pipe) from a failure.
    Output(std::io::Error),
    /// Any other failure, with its message.
    Other(Message, Exit),
}

/// In English, from the bundled UI texts; the binary renders
/// [`Error::message`] in the UI language.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

// The system's error inside Output is shown in the message, not chained
// under it: a chain would print it twice.
impl std::error::Error for Error {}

// The detail is the error itself, not a cause under it: a chain would
// print its message twice.
macro_rules! detail {
    ($($variant:ident($detail:ty)),*) => {$(
        impl From<$detail> for Error {
            fn from(e: $detail) -> Error {
                Error::$variant(e)
            }
        }
    )*};
}

detail!(
    Load(LoadError),
    Lookup(LookupError),
    Walk(WalkError),
    Log(LogError),
    Refused(Refusal)
);

impl Error {
    /// An answer or calculation input at fault.
    pub fn input(input: &'static str, problem: Message) -> Error {
        Error::Input { input, problem }
    }

    /// A failure of bad input that is not about one answer.
    pub fn bad(message: Message) -> Error {
        Error::Other(message, Exit::Input)
    }

    /// The message, in no particular language yet.
    pub fn message(&self) -> Message {
        match self {
            Error::Load(e) => e.message(),
            Error::Lookup(e) => e.message(),
            Error::Walk(e) => e.message(),
            Error::Log(e) => e.message(),
            Error::Input { input, problem } => {
                // The key is named once, in front.
                let problem = if problem.msg == Msg::Overflow {
                    Message::new(Msg::OverflowHere)
                } else {
                    problem.clone()
                };
                Message::new(Msg::Calc)
                    .arg("input", input)
                    .nested("problem", problem)
            }
            Error::Refused(r) => Error::input(r.input(), r.problem()).message(),
            Error::Output(e) => Message::new(Msg::WriteOutput).nested("problem", io_problem(e)),
            Error::Other(m, _) => m.clone(),
        }
    }

    /// Whose failure it is.
    pub fn exit(&self) -> Exit {
        // A file the user named that cannot be read is bad input (exit 2);
        // failures of the environment carry Exit::Io.
        match self {
            Error::Other(_, exit) => *exit,
            Error::Log(e) if e.is_io() => Exit::Io,
            Error::Output(_) => Exit::Io,
            _ => Exit::Input,
        }
    }

    /// The answer key at fault, for an input error.
    pub fn input_key(&self) -> Option<&'static str> {
        match self {
            Error::Input { input, .. } => Some(input),
            Error::Refused(r) => Some(r.input()),
            _ => None,
        }
    }

    /// True when the output could not be written because its reader quit
    /// (`floor ... | head`): not a failure.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// A case a module refused because another incident rules it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Less than the call, not all-in: an undercall (incident `undercall`).
    Undercall {
        /// The answer at fault (`pushed`, `chips`...).
        input: &'static str,
        /// The player's total for the round the chips reach.
        total: u64,
        /// The total bet he faced.
        facing: u64,
    },
}

impl Refusal {
    /// The answer at fault.
    pub fn input(self) -> &'static str {
        match self {
            Refusal::Undercall { input, .. } => input,
        }
    }

    /// The same refusal blamed on another answer (a caller that asked in
    /// its own terms).
    pub fn blamed_on(self, key: &'static str) -> Refusal {
        match self {
            Refusal::Undercall { total, facing, .. } => Refusal::Undercall {
                input: key,
                total,
                facing,
            },
        }
    }

    fn problem(self) -> Message {
        match self {
            Refusal::Undercall { total, facing, .. } => Message::new(Msg::BetUndercall)
                .arg("total", total)
                .arg("facing", facing),
        }
    }
}

/// A data file (bundled, `--data`, `--house`, `--answers`) could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The file does not parse, or does not have the expected shape.
    Schema {
        /// The file as shown to the user.
        file: String,
        /// Line and column, where the parser knows them.
        location: Option<(usize, usize)>,
        /// The parser's message.
        message: String,
    },
    /// A file at fault (with the position, where known), the problem as a
    /// message in the UI language.
    File {
        /// The file as shown to the user.
        file: String,
        /// Line and column, where known.
        location: Option<(usize, usize)>,
        /// What is wrong and what would be valid.
        problem: Message,
    },
    /// A file that cannot be opened or read, the reason as a message.
    Unreadable {
        /// The file as given.
        file: String,
        /// Why (the common reasons in the UI language).
        problem: Message,
    },
    /// The file could not be read.
    Io {
        /// The file as given.
        file: String,
        /// The operating system's message.
        message: String,
    },
    /// The file is larger than any data file needs to be.
    TooLarge {
        /// The file as given.
        file: String,
        /// How much of it was seen (the limit and one byte when it grew
        /// while being read; its real size may be larger still).
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// The file is not UTF-8 text.
    NotUtf8 {
        /// The file as given.
        file: String,
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// `--data` does not point at a data tree.
    DataDir {
        /// The directory as given.
        dir: String,
        /// What is wrong with it.
        problem: Message,
    },
}

impl LoadError {
    /// The message of this failure.
    pub fn message(&self) -> Message {
        match self {
            LoadError::Schema {
                file,
                location,
                message,
            } => Message::new(Msg::LoadSchema)
                .arg("file", file)
                .arg("location", Location(*location))
                .arg("message", message),
            LoadError::File {
                file,
                location,
                problem,
            } => Message::new(Msg::FileProblem)
                .arg("file", file)
                .arg("location", Location(*location))
                .nested("problem", problem.clone()),
            LoadError::Unreadable { file, problem } => Message::new(Msg::LoadIo)
                .arg("file", file)
                .nested("message", problem.clone()),
            LoadError::Io { file, message } => Message::new(Msg::LoadIo)
                .arg("file", file)
                .arg("message", message),
            LoadError::TooLarge { file, limit, .. } => Message::new(Msg::LoadTooLarge)
                .arg("file", file)
                .arg("limit", Size(*limit)),
            LoadError::NotUtf8 { file, offset } => Message::new(Msg::LoadNotUtf8)
                .arg("file", file)
                .arg("offset", offset),
            LoadError::DataDir { dir, problem } => Message::new(Msg::LoadDataDir)
                .arg("dir", dir)
                .nested("problem", problem.clone()),
        }
    }
}

impl LoadError {
    /// A file at fault, the problem keyed.
    pub fn file(file: &str, location: Option<(usize, usize)>, problem: Message) -> LoadError {
        LoadError::File {
            file: file.to_string(),
            location,
            problem,
        }
    }
}

/// Too many levels of symbolic links.
#[cfg(unix)]
const ELOOP: Option<i32> = Some(libc::ELOOP);
#[cfg(not(unix))]
const ELOOP: Option<i32> = None;

/// Why the system could not open or read a file, in the UI language for
/// the common reasons; otherwise the UI language says the system refused
/// it, with the system's code and words.
pub fn io_problem(e: &std::io::Error) -> Message {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => Message::new(Msg::IoNotFound),
        ErrorKind::PermissionDenied => Message::new(Msg::IoPermission),
        ErrorKind::NotADirectory => Message::new(Msg::IoNotADirectory),
        ErrorKind::IsADirectory => Message::new(Msg::NotRegularFile),
        ErrorKind::StorageFull => Message::new(Msg::IoStorageFull),
        ErrorKind::NotConnected => Message::new(Msg::IoStdoutClosed),
        ErrorKind::AlreadyExists => Message::new(Msg::IoExists),
        ErrorKind::InvalidFilename => Message::new(Msg::IoNameTooLong),
        ErrorKind::UnexpectedEof => Message::new(Msg::IoTruncated),
        _ if e.raw_os_error().is_some() && e.raw_os_error() == ELOOP => {
            Message::new(Msg::IoLinkLoop)
        }
        // The system's own words are English whatever the UI language: the
        // message says what failed in the UI language, and its code.
        _ => match e.raw_os_error() {
            Some(code) => Message::new(Msg::IoSystem)
                .arg("code", code)
                .arg("message", e),
            None => Message::new(Msg::IoOther).arg("message", e),
        },
    }
}

/// A byte count as people read it: `4 MiB`, `512 KiB`, `100 bytes`.
struct Size(u64);

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const KIB: u64 = 1024;
        const MIB: u64 = 1024 * 1024;
        match self.0 {
            n if n >= MIB && n % MIB == 0 => write!(f, "{} MiB", n / MIB),
            n if n >= KIB && n % KIB == 0 => write!(f, "{} KiB", n / KIB),
            n => write!(f, "{n} B"),
        }
    }
}

struct Location(Option<(usize, usize)>);

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some((line, column)) => write!(f, ":{line}:{column}"),
            None => Ok(()),
        }
    }
}

/// Something the user asked for does not exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LookupError {
    /// No edition has this id.
    UnknownEdition {
        /// What the user typed.
        given: String,
        /// The closest edition ids.
        nearest: Vec<String>,
    },
    /// The edition has no rule with this number.
    UnknownRule {
        /// The edition searched.
        edition: String,
        /// What the user typed.
        given: String,
        /// The closest rule numbers of that edition.
        nearest: Vec<String>,
    },
    /// The rule exists but has no such sub-part.
    UnknownPart {
        /// The edition searched.
        edition: String,
        /// The rule number.
        number: String,
        /// The part asked for.
        part: String,
        /// The parts the rule has.
        nearest: Vec<String>,
    },
    /// No concept has this slug.
    UnknownConcept {
        /// What the user typed.
        given: String,
        /// The closest concept slugs.
        nearest: Vec<String>,
    },
    /// No incident has this id.
    UnknownIncident {
        /// What the user typed.
        given: String,
        /// The closest incident ids.
        nearest: Vec<String>,
    },
    /// A search query longer than a topic needs.
    QueryTooLong {
        /// Characters in the query.
        chars: usize,
        /// The most accepted.
        limit: usize,
    },
    /// The concept exists but this edition has no rule for it.
    ConceptNotInEdition {
        /// The edition searched.
        edition: String,
        /// The concept slug.
        concept: String,
        /// Editions that have it.
        nearest: Vec<String>,
    },
}

impl LookupError {
    /// The message of this failure.
    pub fn message(&self) -> Message {
        let nearest = |list: &[String]| {
            if list.is_empty() {
                Message::new(Msg::Text).arg("text", "")
            } else {
                Message::new(Msg::Nearest).arg("list", list.join(", "))
            }
        };
        match self {
            LookupError::UnknownEdition { given, nearest: n } => Message::new(Msg::UnknownEdition)
                .arg("given", given)
                .nested("nearest", nearest(n)),
            LookupError::UnknownRule {
                edition,
                given,
                nearest: n,
            } => Message::new(Msg::UnknownRule)
                .arg("edition", edition)
                .arg("given", given)
                .nested("nearest", nearest(n)),
            LookupError::UnknownPart {
                edition,
                number,
                part,
                nearest: n,
            } => Message::new(Msg::UnknownPart)
                .arg("edition", edition)
                .arg("number", number)
                .arg("part", part)
                .nested("nearest", nearest(n)),
            LookupError::UnknownConcept { given, nearest: n } => Message::new(Msg::UnknownConcept)
                .arg("given", given)
                .nested("nearest", nearest(n)),
            LookupError::UnknownIncident { given, nearest: n } => {
                Message::new(Msg::UnknownIncident)
                    .arg("given", given)
                    .nested("nearest", nearest(n))
            }
            LookupError::QueryTooLong { chars, limit } => Message::new(Msg::QueryTooLong)
                .arg("chars", chars.to_string())
                .arg("limit", limit.to_string()),
            LookupError::ConceptNotInEdition {
                edition,
                concept,
                nearest: n,
            } => Message::new(Msg::ConceptNotInEdition)
                .arg("edition", edition)
                .arg("concept", concept)
                .nested("nearest", nearest(n)),
        }
    }
}

/// Why a walk stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WalkError {
    /// Required answers were not given (non-interactive use).
    Missing(Vec<String>),
    /// An answer does not parse.
    Invalid {
        /// The answer key.
        key: String,
        /// The value given.
        value: String,
        /// What is wrong and what would be valid.
        problem: Message,
    },
    /// An answer was given for a key the incident does not have.
    UnknownKey {
        /// The key given.
        key: String,
        /// The incident.
        incident: String,
        /// The keys it has.
        valid: Vec<String>,
    },
    /// The user left the walkthrough (Ctrl-C).
    Interrupted,
    /// The user went back from the first question.
    BackToStart,
    /// The answer source failed (closed input, terminal error): why.
    Source(Message),
}

impl WalkError {
    /// The message of this failure.
    pub fn message(&self) -> Message {
        match self {
            WalkError::Missing(keys) => Message::new(Msg::WalkMissing).arg("list", keys.join(", ")),
            WalkError::Invalid {
                key,
                value,
                problem,
            } => Message::new(Msg::InvalidAnswer)
                .arg("key", key)
                .arg("value", value)
                .nested("problem", problem.clone()),
            WalkError::UnknownKey {
                key,
                incident,
                valid,
            } => Message::new(Msg::UnknownKey)
                .arg("key", key)
                .arg("incident", incident)
                .arg("keys", valid.join(", ")),
            WalkError::Interrupted => Message::new(Msg::WalkInterrupted),
            WalkError::BackToStart => Message::new(Msg::WalkBackToStart),
            WalkError::Source(problem) => problem.clone(),
        }
    }
}

/// Why the log could not be written or read.
#[derive(Debug)]
pub enum LogError {
    /// The file could not be opened, locked or written.
    Write {
        /// The log file.
        file: String,
        /// What the system said.
        cause: std::io::Error,
    },
    /// `--since` is not a date, time or duration.
    Since {
        /// What was given.
        given: String,
    },
    /// No log file was named.
    NoFile,
    /// Something to record was given, but no log to record it in.
    NoFileFor {
        /// The option given (`--note`, `--table`).
        option: &'static str,
    },
    /// The file could not be opened or created.
    Open {
        /// The log file.
        file: String,
        /// The operating system's reason.
        cause: std::io::Error,
    },
    /// The file does not exist or may not be opened.
    Unreadable {
        /// The log file.
        file: String,
        /// The operating system's reason.
        cause: std::io::Error,
    },
    /// The path names a directory, device, FIFO or socket.
    NotAFile {
        /// The log file.
        file: String,
    },
    /// The file could not be read.
    Read {
        /// The log file.
        file: String,
        /// What the system said.
        cause: std::io::Error,
    },
}

impl LogError {
    /// The message in the UI language.
    pub fn message(&self) -> crate::message::Message {
        use crate::message::{Message, Msg};
        match self {
            LogError::NoFile => Message::new(Msg::LogNoFile),
            LogError::NoFileFor { option } => Message::new(Msg::LogNoFileFor).arg("option", option),
            LogError::Since { given } => Message::new(Msg::LogSince).arg("given", given),
            LogError::NotAFile { file } => Message::new(Msg::LogNotAFile).arg("file", file),
            LogError::Open { file, cause } => Message::new(Msg::LogOpen)
                .arg("file", file)
                .nested("cause", crate::error::io_problem(cause)),
            LogError::Unreadable { file, cause } => Message::new(Msg::LogUnreadable)
                .arg("file", file)
                .nested("cause", crate::error::io_problem(cause)),
            LogError::Write { file, cause } => Message::new(Msg::LogWrite)
                .arg("file", file)
                .nested("cause", crate::error::io_problem(cause)),
            LogError::Read { file, cause } => Message::new(Msg::LogUnreadable)
                .arg("file", file)
                .nested("cause", crate::error::io_problem(cause)),
        }
    }
}

impl LogError {
    /// Whether this is a failure of the file system (exit 1) rather than
    /// bad input (exit 2).
    pub fn is_io(&self) -> bool {
        matches!(self, LogError::Write { .. } | LogError::Read { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DataSource;
    use crate::ui::Lang;
    use crate::ui::Ui;

    /// One failure of every kind the library reports, with the exit it
    /// must give.
    fn one_of_each() -> Vec<(Error, Exit)> {
        let io = || std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        vec![
            (
                LoadError::NotUtf8 {
                    file: "a.yaml".into(),
                    offset: 3,
                }
                .into(),
                Exit::Input,
            ),
            (
                LookupError::UnknownIncident {
                    given: "x".into(),
                    nearest: vec!["bet".into()],
                }
                .into(),
                Exit::Input,
            ),
            (
                WalkError::Missing(vec!["facing".into()]).into(),
                Exit::Input,
            ),
            (WalkError::Interrupted.into(), Exit::Input),
            (WalkError::BackToStart.into(), Exit::Input),
            (
                WalkError::Source(
                    Message::new(Msg::TerminalInput).nested("problem", io_problem(&io())),
                )
                .into(),
                Exit::Input,
            ),
            (LogError::NoFile.into(), Exit::Input),
            (
                LogError::Open {
                    file: "log".into(),
                    cause: io(),
                }
                .into(),
                Exit::Input,
            ),
            (
                LogError::Write {
                    file: "log".into(),
                    cause: io(),
                }
                .into(),
                Exit::Io,
            ),
            (Error::Output(io()), Exit::Io),
            (
                Error::input("stack", Message::new(Msg::Overflow).arg("input", "stack")),
                Exit::Input,
            ),
        ]
    }

    #[test]
    fn every_failure_renders_in_each_language_with_its_exit() {
        let english = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
        for lang in [Lang::Nl, Lang::De, Lang::Sk] {
            let ui = Ui::load(&DataSource::Embedded, lang).expect("ui");
            for (err, exit) in one_of_each() {
                assert_eq!(err.exit(), exit, "{err:?}");
                let there = err.message().render(&ui);
                let here = err.message().render(&english);
                assert_ne!(there, here, "{lang:?}: {err:?} renders in English");
                assert!(!there.contains('{'), "{lang:?}: {there}");
            }
        }
    }

    #[test]
    fn only_a_reader_who_quit_is_a_broken_pipe() {
        let quit = Error::Output(std::io::ErrorKind::BrokenPipe.into());
        let full = Error::Output(std::io::ErrorKind::StorageFull.into());
        assert!(quit.is_broken_pipe());
        assert!(!full.is_broken_pipe());
        assert!(!Error::from(LogError::NoFile).is_broken_pipe());
    }
}
