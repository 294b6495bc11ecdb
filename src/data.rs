//! Where the data tree comes from: the copy compiled into the binary, or a
//! directory given with `--data`.
//!
//! Both hold the same layout (`locales/<lang>/<edition>.yaml`,
//! `locales/<lang>/ui.yaml`, `locales/concepts.yaml`, `rulings/<incident>.yaml`)
//! and are read one file at a time, so a command parses only what it needs.

use std::borrow::Cow;
use std::fs;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::error::{LoadError, io_problem};
use crate::message::{Message, Msg};

/// How an embedded file is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Converted from YAML at build time.
    Json,
    /// YAML text (every file of a `--data` tree; an embedded file that did not parse).
    Yaml,
    /// A UI file flattened at build time: `key\x1fvalue\x1e` records, sorted.
    Flat,
}

static EMBEDDED: &[(&str, Format, &str)] = include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The bundled decision trees as written (see [`DataSource::written`]).
static RULINGS_WRITTEN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/rulings_sources.rs"));

static RULE_INDEXES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/rule_indexes.rs"));

/// The build-time rule index of a bundled edition (see `rules::book`).
pub fn rule_index(path: &str) -> Option<&'static str> {
    RULE_INDEXES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, i)| *i)
}

/// A bundled file's text when it was embedded as JSON.
pub fn embedded_json(path: &str) -> Option<&'static str> {
    EMBEDDED
        .iter()
        .find(|(p, format, _)| *p == path && *format == Format::Json)
        .map(|(_, _, text)| *text)
}

static SEARCH_INDEX: (&str, &[u32]) = include!(concat!(env!("OUT_DIR"), "/search_index.rs"));

/// The build-time search index of the bundled editions: one text, and the
/// offsets in it where each field of each rule's record starts (eight
/// fields a rule, then the text's length; see
/// `rules::search::embedded_docs`).
pub fn search_index() -> (&'static str, &'static [u32]) {
    SEARCH_INDEX
}

/// The search tables of the bundled tree, made at build time.
pub struct SearchTables {
    /// Every folded word of the editions' texts, sorted, each on its own
    /// line (`\nword\n`).
    pub vocab: &'static str,
    /// `lang stem` of every word, in the language of its text, sorted, each
    /// on its own line.
    pub stems: &'static str,
    /// Each language's stop words, folded, sorted and without repeats.
    pub stop_words: &'static [(&'static str, &'static [&'static str])],
    /// Every lexicon term analysed, and each concept's English name as an
    /// English term: sorted lines (see `rules::lexicon::Lexicon`).
    pub terms: &'static str,
}

static SEARCH_TABLES: SearchTables = include!(concat!(env!("OUT_DIR"), "/search_tables.rs"));

/// The search tables of the bundled tree (see `rules::lexicon`,
/// `rules::search`).
pub fn search_tables() -> &'static SearchTables {
    &SEARCH_TABLES
}

/// Files larger than this are refused before parsing.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// One data file, read but not yet parsed.
#[derive(Debug, Clone)]
pub struct DataFile {
    /// Path relative to the tree root, with `/` separators.
    pub path: String,
    /// Where to point the user in error messages (the real path for `--data`).
    pub shown: String,
    format: Format,
    text: Cow<'static, str>,
}

impl DataFile {
    /// The records of a file flattened at build time, borrowed from the
    /// binary; `None` for any other file.
    pub fn flat_records(&self) -> Option<&'static str> {
        match (&self.format, &self.text) {
            (Format::Flat, Cow::Borrowed(text)) => Some(text),
            _ => None,
        }
    }

    /// Parses the file into `T`, naming the file (and line and column for
    /// YAML) on error.
    pub fn parse<T: DeserializeOwned>(&self) -> crate::Result<T> {
        match self.format {
            Format::Flat => {
                Err(LoadError::file(&self.shown, None, Message::new(Msg::CheckFlatUi)).into())
            }
            Format::Json => serde_json::from_str(&self.text)
                .map_err(|e| LoadError::Schema {
                    file: self.shown.clone(),
                    location: None,
                    message: e.to_string(),
                })
                .map_err(crate::Error::from),
            Format::Yaml => {
                // Maps other than YAML's own keep the last of two equal keys
                // without a word; a text declared twice is an error here.
                serde_yaml::from_str::<serde_yaml::Value>(&self.text)
                    .map_err(|e| yaml_error(&self.shown, &e))?;
                serde_yaml::from_str(&self.text)
                    .map_err(|e| yaml_error(&self.shown, &e))
                    .map_err(crate::Error::from)
            }
        }
    }
}

/// A YAML error as a load error: the position goes in front (`file:line:col`)
/// and the problem is a message in the UI language (the parser's own words
/// are English).
pub fn yaml_error(file: &str, e: &serde_yaml::Error) -> LoadError {
    let location = e.location().map(|l| (l.line(), l.column()));
    LoadError::file(file, location, yaml_problem(e))
}

thread_local! {
    /// The last problem a deserializer of the library reported with
    /// [`custom_error`], so the error the parser wraps it in can be shown
    /// in the UI language.
    static KEYED: std::cell::RefCell<Option<Message>> = const { std::cell::RefCell::new(None) };
}

/// An error for a deserializer to return (an id out of its grammar, a value
/// out of range): the parser carries it as text; [`yaml_error`] finds the
/// message again.
pub fn custom_error<E: serde::de::Error>(problem: Message) -> E {
    let text = problem.to_string();
    KEYED.with(|k| *k.borrow_mut() = Some(problem));
    E::custom(text)
}

/// What a YAML error says, as a message: the common kinds of the parser
/// keyed, the position left out (it goes in front).
pub fn yaml_problem(e: &serde_yaml::Error) -> Message {
    let mut text = e.to_string();
    if let Some(l) = e.location() {
        let suffix = format!(" at line {} column {}", l.line(), l.column());
        if let Some(at) = text.find(&suffix) {
            text.truncate(at);
        }
    }
    let keyed = KEYED.with(|k| k.borrow_mut().take());
    // `path.to.field: problem`, where the parser knows the path.
    let (path, problem) = match text.split_once(": ") {
        Some((path, rest))
            if !path.is_empty()
                && path
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '[' | ']')) =>
        {
            (Some(path.to_string()), rest.to_string())
        }
        _ => (None, text.clone()),
    };
    let message = match keyed {
        Some(m) if m.to_string() == problem => m,
        _ => parser_problem(&problem, e.location().is_some()),
    };
    match path {
        Some(path) => Message::new(Msg::YamlAt)
            .arg("path", path)
            .nested("problem", message),
        None => message,
    }
}

/// The words between the first pair of backticks of `text`, and the rest.
fn ticked(text: &str) -> Option<(&str, &str)> {
    let (_, rest) = text.split_once('`')?;
    rest.split_once('`')
}

/// Every word in backticks in `text`, in backticks, joined by ", ".
fn all_ticked(text: &str) -> String {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some((word, after)) = ticked(rest) {
        out.push(format!("`{word}`"));
        rest = after;
    }
    out.join(", ")
}

pub(crate) fn parser_problem(problem: &str, placed: bool) -> Message {
    let text = |s: &str| Message::new(Msg::Text).arg("text", s);
    if let Some(rest) = problem.strip_prefix("unknown field ")
        && let Some((field, after)) = ticked(rest)
    {
        return if after.contains("there are no fields") {
            Message::new(Msg::YamlNoFields).arg("field", field)
        } else {
            Message::new(Msg::YamlUnknownField)
                .arg("field", field)
                .arg("expected", all_ticked(after))
        };
    }
    if let Some(rest) = problem.strip_prefix("unknown variant ")
        && let Some((value, after)) = ticked(rest)
    {
        return Message::new(Msg::YamlUnknownVariant)
            .arg("value", value)
            .arg("expected", all_ticked(after));
    }
    if let Some(rest) = problem.strip_prefix("missing field ")
        && let Some((field, _)) = ticked(rest)
    {
        return Message::new(Msg::YamlMissingField).arg("field", field);
    }
    if let Some(rest) = problem.strip_prefix("duplicate field ")
        && let Some((field, _)) = ticked(rest)
    {
        return Message::new(Msg::YamlDuplicateField).arg("field", field);
    }
    if let Some(rest) = problem.strip_prefix("duplicate entry with key ") {
        let key = rest.trim().trim_matches('"');
        return Message::new(Msg::YamlDuplicateKey).arg("key", key);
    }
    if let Some(rest) = problem.strip_prefix("invalid type: ")
        && let Some((found, expected)) = rest.split_once(", expected ")
    {
        return Message::new(Msg::YamlInvalidType)
            .nested("found", kind(found))
            .nested("expected", kind(expected));
    }
    if let Some(rest) = problem.strip_prefix("invalid length ")
        && let Some((length, _)) = rest.split_once(',')
    {
        return Message::new(Msg::YamlInvalidLength).arg("length", length);
    }
    if problem.contains("more than one document") {
        return Message::new(Msg::YamlDocuments);
    }
    if problem.contains("recursion limit exceeded") {
        return Message::new(Msg::YamlTooDeep);
    }
    if placed {
        // The YAML reader's own errors ("did not find expected …",
        // "mapping values are not allowed …"): a place, not a reason.
        return Message::new(Msg::YamlSyntax);
    }
    Message::new(Msg::YamlOther).nested("message", text(problem))
}

/// A kind of value as the parser names it (`sequence`, `a string`,
/// `integer `5``, `u32`), as a message.
fn kind(name: &str) -> Message {
    let name = name.trim();
    // A parameter's range, as `Count` words it.
    if let Some(range) = name.strip_prefix("a whole number from ")
        && let Some((lo, hi)) = range.split_once(" to ")
    {
        return Message::new(Msg::KindRange).arg("lo", lo).arg("hi", hi);
    }
    let bare = name
        .strip_prefix("a ")
        .or_else(|| name.strip_prefix("an "))
        .unwrap_or(name);
    let word = bare.split([' ', '`']).next().unwrap_or(bare);
    let msg = match word {
        "string" | "borrowed" | "char" | "text" => Msg::KindText,
        "sequence" | "list" | "tuple" | "array" => Msg::KindList,
        "map" | "mapping" | "struct" => Msg::KindMap,
        "integer" | "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32"
        | "i64" | "i128" | "isize" | "number" => Msg::KindWholeNumber,
        "floating" | "f32" | "f64" => Msg::KindNumber,
        "boolean" | "bool" => Msg::KindYesNo,
        "unit" | "null" | "option" => Msg::KindEmpty,
        _ => return Message::new(Msg::KindOther).arg("name", name),
    };
    Message::new(msg)
}

/// The data tree in use.
#[derive(Debug, Clone)]
pub enum DataSource {
    /// The tree compiled into the binary.
    Embedded,
    /// A replacement tree on disk (`--data DIR`).
    Dir(PathBuf),
}

impl DataSource {
    /// Opens a `--data` directory, checking that it looks like a data tree:
    /// `locales/` (and `rulings/`, if there) are directories of the tree
    /// itself, not symbolic links (no link in the tree is followed).
    pub fn dir(root: &Path) -> crate::Result<Self> {
        let refuse = |problem: Message| LoadError::DataDir {
            dir: root.display().to_string(),
            problem,
        };
        if !root.is_dir() {
            return Err(refuse(Message::new(Msg::DataNotADirectory)).into());
        }
        for top in ["locales", "rulings"] {
            if fs::symlink_metadata(root.join(top)).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(
                    refuse(Message::new(Msg::DataLink).arg("name", format!("{top}/"))).into(),
                );
            }
        }
        if !root.join("locales").is_dir() {
            return Err(refuse(Message::new(Msg::DataNoLocales)).into());
        }
        Ok(DataSource::Dir(root.to_path_buf()))
    }

    /// Every data file's relative path, sorted.
    pub fn paths(&self) -> crate::Result<Vec<String>> {
        match self {
            DataSource::Embedded => Ok(EMBEDDED.iter().map(|(p, _, _)| p.to_string()).collect()),
            DataSource::Dir(root) => {
                let mut out = Vec::new();
                for top in ["locales", "rulings"] {
                    walk(root, &root.join(top), &mut out)?;
                }
                out.sort();
                Ok(out)
            }
        }
    }

    /// A data file's text as its author wrote it (the bundled decision
    /// trees are kept as written too), for placing a problem at its line
    /// and column; `None` when the file is not there.
    pub fn written(&self, rel: &str) -> Option<std::borrow::Cow<'static, str>> {
        match self {
            DataSource::Embedded => RULINGS_WRITTEN
                .iter()
                .find(|(p, _)| *p == rel)
                .map(|(_, text)| Cow::Borrowed(*text)),
            DataSource::Dir(_) => self.read(rel).ok().flatten().map(|f| f.text),
        }
    }

    /// Reads one file by relative path; `Ok(None)` when it does not exist.
    pub fn read(&self, rel: &str) -> crate::Result<Option<DataFile>> {
        match self {
            DataSource::Embedded => {
                Ok(EMBEDDED
                    .iter()
                    .find(|(p, _, _)| *p == rel)
                    .map(|(p, format, text)| DataFile {
                        path: p.to_string(),
                        shown: p.to_string(),
                        format: *format,
                        text: Cow::Borrowed(text),
                    }))
            }
            DataSource::Dir(root) => {
                let path = root.join(rel);
                // Only files of the tree itself: no `..`, and no symbolic
                // link anywhere on the way (as the walk in `paths`).
                let inside = Path::new(rel)
                    .components()
                    .all(|c| matches!(c, std::path::Component::Normal(_)));
                if !inside || !within(root, Path::new(rel)) {
                    return Ok(None);
                }
                let text = read_yaml(&path)?;
                Ok(Some(DataFile {
                    path: rel.to_string(),
                    shown: path.display().to_string(),
                    format: Format::Yaml,
                    text: Cow::Owned(text),
                }))
            }
        }
    }
}

/// Deepest nesting of `[` `{` allowed in a user-supplied YAML file. Real data
/// needs three or four levels; hostile nesting makes the YAML parser slow.
pub const MAX_FLOW_DEPTH: usize = 32;
/// Deepest block indentation allowed, in columns.
pub const MAX_INDENT: usize = 96;

/// Refuses YAML that no data file needs and that makes the parser slow or
/// large, before the parser sees it: flow nesting deeper than
/// [`MAX_FLOW_DEPTH`], indentation deeper than [`MAX_INDENT`] (libyaml takes
/// quadratic time on deep nesting), and aliases (`*name`, which can expand
/// a small file into a huge value).
pub fn check_shape(text: &str, file: &str) -> crate::Result<()> {
    let refuse = |line: usize, column: usize, what: Msg| {
        LoadError::file(file, Some((line, column)), Message::new(what))
    };
    let (mut depth, mut quote) = (0usize, None::<char>);
    let mut block: Option<usize> = None;
    for (n, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if let Some(block_indent) = block {
            // Inside a literal or folded block scalar: content, not syntax.
            if line.trim().is_empty() || indent > block_indent {
                continue;
            }
            block = None;
        }
        if quote.is_none() && depth == 0 && indent > MAX_INDENT {
            return Err(refuse(n + 1, indent + 1, Msg::ShapeIndent).into());
        }
        let mut prev = ' ';
        let mut content_end = line.len();
        for (col, (at, c)) in line.char_indices().enumerate() {
            let token_start = matches!(prev, ' ' | '[' | '{' | ',');
            match (quote, c) {
                (Some('"'), '"') if prev != '\\' => quote = None,
                (Some('\''), '\'') => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') if token_start => quote = Some(c),
                (None, '#') if prev == ' ' || col == 0 => {
                    content_end = at;
                    break;
                }
                (None, '*') if token_start => {
                    let next = line.get(at + 1..).and_then(|r| r.chars().next());
                    if next.is_some_and(|n| n.is_alphanumeric() || n == '_') {
                        return Err(refuse(n + 1, col + 1, Msg::ShapeAlias).into());
                    }
                }
                (None, '[' | '{') => {
                    depth += 1;
                    if depth > MAX_FLOW_DEPTH {
                        return Err(refuse(n + 1, col + 1, Msg::ShapeTooDeep).into());
                    }
                }
                (None, ']' | '}') => depth = depth.saturating_sub(1),
                _ => {}
            }
            prev = c;
        }
        let code = line.get(..content_end).unwrap_or(line).trim_end();
        let block_start = ["|", "|-", "|+", ">", ">-", ">+"]
            .iter()
            .any(|m| code.ends_with(&format!(" {m}")) || code == *m);
        if quote.is_none() && block_start {
            block = Some(indent);
        }
    }
    Ok(())
}

/// Reads a user-supplied YAML file: size, encoding and nesting checked
/// before it is parsed.
pub fn read_yaml(path: &Path) -> crate::Result<String> {
    let text = read_limited(path)?;
    check_shape(&text, &path.display().to_string())?;
    Ok(text)
}

/// Why a file a user named could not be opened.
#[derive(Debug)]
pub(crate) enum OpenError {
    /// A directory, device, FIFO or socket.
    NotAFile,
    /// The system's reason.
    Io(std::io::Error),
}

/// Opens a file a user named, for reading: only a regular file. A FIFO,
/// device, socket or directory is refused before it is opened; the file is
/// opened without blocking (a path swapped for a FIFO in between does not
/// hang) and looked at again once open. Every file a user names is read
/// through here (`--answers`, `--house` and its `extends:`, `--hand`,
/// `--log`, `compare FILE`, `FLOOR_CONFIG`, the files of `--data`).
pub(crate) fn open_regular(path: &Path) -> Result<fs::File, OpenError> {
    use std::os::unix::fs::OpenOptionsExt as _;
    let meta = fs::metadata(path).map_err(OpenError::Io)?;
    if !meta.is_file() {
        return Err(OpenError::NotAFile);
    }
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(OpenError::Io)?;
    if !file.metadata().map_err(OpenError::Io)?.is_file() {
        return Err(OpenError::NotAFile);
    }
    Ok(file)
}

/// The UTF-8 byte-order mark some editors write at the start of a file.
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// Reads a user-supplied text file (opened as `open_regular` opens it): at most
/// [`MAX_FILE_BYTES`] read whatever size it reports or grows to, a
/// byte-order mark dropped, UTF-8.
pub fn read_limited(path: &Path) -> crate::Result<String> {
    let shown = path.display().to_string();
    let file = open_regular(path).map_err(|e| match e {
        OpenError::NotAFile => LoadError::file(&shown, None, Message::new(Msg::NotRegularFile)),
        OpenError::Io(e) => LoadError::Unreadable {
            file: shown.clone(),
            problem: io_problem(&e),
        },
    })?;
    let reported = file.metadata().map(|m| m.len()).unwrap_or(0);
    if reported > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            file: shown,
            bytes: reported,
            limit: MAX_FILE_BYTES,
        }
        .into());
    }
    read_limited_from(file, &shown)
}

/// Reads text from `reader` as [`read_limited`] does (`shown` names it in
/// errors): at most [`MAX_FILE_BYTES`], a byte-order mark dropped, UTF-8.
pub fn read_limited_from(reader: impl std::io::Read, shown: &str) -> crate::Result<String> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| LoadError::Unreadable {
            file: shown.to_string(),
            problem: io_problem(&e),
        })?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            file: shown.to_string(),
            bytes: read,
            limit: MAX_FILE_BYTES,
        }
        .into());
    }
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes)
        .map_err(|e| LoadError::NotUtf8 {
            file: shown.to_string(),
            offset: e.utf8_error().valid_up_to(),
        })
        .map_err(crate::Error::from)
}

/// Whether `rel` under `root` is a regular file reached without passing
/// through a symbolic link.
fn within(root: &Path, rel: &Path) -> bool {
    let mut at = root.to_path_buf();
    let mut components = rel.components().peekable();
    while let Some(c) = components.next() {
        at.push(c);
        let Ok(meta) = fs::symlink_metadata(&at) else {
            return false;
        };
        let last = components.peek().is_none();
        if meta.file_type().is_symlink() || (last && !meta.is_file()) || (!last && !meta.is_dir()) {
            return false;
        }
    }
    true
}

/// Lists the `.yaml` files under `dir`. Symbolic links are not followed:
/// a link can neither lead out of the tree nor into a cycle.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) -> crate::Result<()> {
    if fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
        return Ok(());
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if kind.is_dir() {
            walk(root, &path, out)?;
        } else if kind.is_file()
            && path.extension().is_some_and(|e| e == "yaml")
            && let Ok(rel) = path.strip_prefix(root)
        {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::Lang;
    use crate::ui::Ui;

    fn problem(yaml: &str) -> (Option<(usize, usize)>, String, Msg) {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Shape {
            title: String,
            count: u32,
            #[serde(default)]
            kind: Option<Kind>,
        }
        #[derive(Debug, serde::Deserialize)]
        #[serde(rename_all = "kebab-case")]
        enum Kind {
            NoLimit,
            PotLimit,
        }
        let err = serde_yaml::from_str::<Shape>(yaml).expect_err("refused");
        let LoadError::File {
            location, problem, ..
        } = yaml_error("f.yaml", &err)
        else {
            panic!("not keyed: {err}");
        };
        let inner = match &problem.args.iter().find(|(n, _)| *n == "problem") {
            Some((_, crate::message::Arg::Message(m))) => m.msg,
            _ => problem.msg,
        };
        let ui = Ui::load(&DataSource::Embedded, Lang::De).expect("ui");
        (location, problem.render(&ui), inner)
    }

    #[test]
    fn the_parsers_common_errors_are_keyed_with_their_position() {
        let (at, text, msg) = problem("title: t\ncount: 1\ncolour: red\n");
        assert_eq!((at, msg), (Some((3, 1)), Msg::YamlUnknownField), "{text}");
        assert!(
            text.contains("`colour`") && text.contains("`title`"),
            "{text}"
        );
        let (_, _, msg) = problem("title: t\n");
        assert_eq!(msg, Msg::YamlMissingField);
        let (_, _, msg) = problem("title: t\ntitle: u\ncount: 1\n");
        assert_eq!(msg, Msg::YamlDuplicateField);
        let (at, text, msg) = problem("title: [a]\ncount: 1\n");
        assert_eq!((at, msg), (Some((1, 8)), Msg::YamlInvalidType), "{text}");
        assert_eq!(text, "title: eine Liste, wo ein Text nötig ist");
        let (_, text, msg) = problem("title: t\ncount: 1\nkind: poker\n");
        assert_eq!(msg, Msg::YamlUnknownVariant, "{text}");
        assert!(text.contains("`no-limit`, `pot-limit`"), "{text}");
        let (at, text, msg) = problem("count: 1\ntitle: t: u\n");
        assert_eq!((at.map(|a| a.0), msg), (Some(2), Msg::YamlSyntax), "{text}");
        let (_, _, msg) = problem("title: t\ncount: 1\n---\ntitle: u\ncount: 2\n");
        assert_eq!(msg, Msg::YamlDocuments);
    }

    #[test]
    fn a_deserializers_own_problem_keeps_its_key() {
        #[derive(Debug)]
        struct Picky;
        impl<'de> serde::Deserialize<'de> for Picky {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let given = String::deserialize(d)?;
                Err(custom_error(
                    Message::new(Msg::OverlayBadId).arg("id", given),
                ))
            }
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Shape {
            id: Picky,
        }
        let err = serde_yaml::from_str::<Shape>("id: X\n").expect_err("refused");
        let problem = yaml_problem(&err);
        assert_eq!(problem.msg, Msg::OverlayBadId);
        let ui = Ui::load(&DataSource::Embedded, Lang::Sk).expect("ui");
        assert!(problem.render(&ui).starts_with("id `X` nie je id vydania"));
    }

    #[test]
    fn a_file_that_grows_after_it_was_looked_at_is_read_only_to_the_limit() {
        use std::io::Write as _;
        let dir = std::env::temp_dir().join(format!("floor-grow-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("grow.yaml");
        fs::write(&path, "facing: 1\n").expect("write");
        let file = open_regular(&path).expect("a regular file");
        assert!(file.metadata().expect("meta").len() < MAX_FILE_BYTES);
        // Grows between the look and the read.
        let mut writer = fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .expect("append");
        let block = vec![b'#'; 1024 * 1024];
        for _ in 0..6 {
            writer.write_all(&block).expect("grow");
        }
        match read_limited_from(file, "grow.yaml") {
            Err(crate::Error::Load(LoadError::TooLarge { bytes, .. })) => {
                assert_eq!(bytes, MAX_FILE_BYTES + 1)
            }
            other => panic!("{other:?}"),
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_byte_order_mark_is_not_content() {
        let text = read_limited_from(&b"\xef\xbb\xbffacing: 1\n"[..], "bom.yaml").expect("reads");
        assert_eq!(text, "facing: 1\n");
    }

    #[test]
    fn only_regular_files_are_opened() {
        for path in ["/dev/zero", "/dev/null", "/", "/proc"] {
            assert!(
                matches!(open_regular(Path::new(path)), Err(OpenError::NotAFile)),
                "{path}"
            );
        }
    }
}
