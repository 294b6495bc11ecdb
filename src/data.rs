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

/// Bundled files by path. The paths are one text apart from the files: a
/// lookup compares paths of the same length byte by byte, and a path stored
/// beside its file's text made it read (and map) a page of each such file.
struct ByPath<T: 'static> {
    /// A path a line, in the order of `items`.
    paths: &'static str,
    items: &'static [T],
}

impl<T> ByPath<T> {
    fn iter(&self) -> impl Iterator<Item = (&'static str, &'static T)> + use<T> {
        self.paths.split('\n').zip(self.items)
    }

    fn get(&self, path: &str) -> Option<(&'static str, &'static T)> {
        self.iter().find(|(p, _)| *p == path)
    }
}

static EMBEDDED: ByPath<(Format, &str)> = include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The path of the provision catalog in a data tree.
pub const CATALOG_PATH: &str = "locales/provisions.yaml";

/// The bundled provision catalog as JSON with every description empty
/// (empty where the catalog could not be read at build time).
static CATALOG_BARE: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog_bare.json"));

/// The bundled decision trees as written (see [`DataSource::written`]).
static RULINGS_WRITTEN: ByPath<&str> = include!(concat!(env!("OUT_DIR"), "/rulings_sources.rs"));

static RULE_INDEXES: ByPath<&str> = include!(concat!(env!("OUT_DIR"), "/rule_indexes.rs"));

/// The build-time rule index of a bundled edition (see `rules::book`).
pub fn rule_index(path: &str) -> Option<&'static str> {
    RULE_INDEXES.get(path).map(|(_, i)| *i)
}

/// A bundled file's text when it was embedded as JSON.
pub fn embedded_json(path: &str) -> Option<&'static str> {
    EMBEDDED
        .get(path)
        .filter(|(_, (format, _))| *format == Format::Json)
        .map(|(_, (_, text))| *text)
}

static SEARCH_INDEX: (&str, &[u32]) = include!(concat!(env!("OUT_DIR"), "/search_index.rs"));

/// The build-time search index of the bundled editions: one text, and the
/// offsets in it where each field of each rule's record starts (nine
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
    /// Where `terms` says each stem (see `rules::analyze::stem_index`).
    pub stem_index: &'static str,
    /// How many terms name each topic (see `rules::analyze::term_counts`).
    pub term_counts: &'static str,
    /// Where the rules of the index say each stem, the rules numbered in
    /// index order (see `rules::analyze::postings`).
    pub postings: &'static str,
    /// The topics of the example questions (`locales/<lang>/questions.yaml`),
    /// each on its own line, a topic no rulebook covers marked as in
    /// `terms` (see `rules::search::Examples`).
    pub example_topics: &'static str,
    /// Per language and stem, how many questions of each topic say it
    /// (see `rules::analyze::AnalysedExamples`).
    pub example_counts: &'static str,
    /// Where each line of `example_counts` starts.
    pub example_lines: &'static [u32],
    /// Per language and topic: its questions and the naive Bayes model's
    /// constants for it, log P(topic) and log P(stem | topic) of a stem none
    /// of them says (see `rules::analyze::TopicTotals`).
    pub example_totals: &'static [(u8, u16, u32, f64, f64)],
    /// Per topic answered otherwise, the topics whose rules answer for it
    /// (`rules::Concept::otherwise`).
    pub otherwise: &'static [(&'static str, &'static [&'static str])],
}

static SEARCH_TABLES: SearchTables = include!(concat!(env!("OUT_DIR"), "/search_tables.rs"));

/// The search tables of the bundled tree (see `rules::lexicon`,
/// `rules::search`).
pub fn search_tables() -> &'static SearchTables {
    &SEARCH_TABLES
}

static TOPIC_MODEL: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/topic_model.bin"));

/// The topic model of the bundled example questions, trained at build time
/// (see `rules::classifier`).
pub fn topic_model() -> &'static [u8] {
    TOPIC_MODEL
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
            Format::Yaml => crate::yaml::from_str(&self.text, &self.shown),
        }
    }
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

    /// Why the tree's decision trees cannot be read, if they cannot:
    /// `rulings/` missing from a `--data` tree, or not a folder that can be
    /// listed (every incident would fail; `floor check` reports it).
    pub fn rulings_problem(&self) -> Option<Message> {
        let DataSource::Dir(root) = self else {
            return None;
        };
        let dir = root.join("rulings");
        if !dir.is_dir() {
            return Some(Message::new(Msg::DataNoRulings));
        }
        fs::read_dir(&dir).err().map(|e| {
            Message::new(Msg::DataUnreadable)
                .arg("name", "rulings/")
                .nested("problem", io_problem(&e))
        })
    }

    /// Every data file's relative path, sorted.
    pub fn paths(&self) -> crate::Result<Vec<String>> {
        match self {
            DataSource::Embedded => Ok(EMBEDDED.iter().map(|(p, _)| p.to_string()).collect()),
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
                .get(rel)
                .map(|(_, text)| Cow::Borrowed(*text)),
            DataSource::Dir(_) => self.read(rel).ok().flatten().map(|f| f.text),
        }
    }

    /// The bundled provision catalog without its descriptions, for a
    /// reader that keeps none (`None` for a `--data` tree).
    pub fn catalog_without_descriptions(&self) -> Option<DataFile> {
        match self {
            DataSource::Embedded if !CATALOG_BARE.is_empty() => Some(DataFile {
                path: CATALOG_PATH.to_string(),
                shown: CATALOG_PATH.to_string(),
                format: Format::Json,
                text: Cow::Borrowed(CATALOG_BARE),
            }),
            _ => None,
        }
    }

    /// Reads one file by relative path; `Ok(None)` when it does not exist.
    pub fn read(&self, rel: &str) -> crate::Result<Option<DataFile>> {
        match self {
            DataSource::Embedded => Ok(EMBEDDED.get(rel).map(|(p, (format, text))| DataFile {
                path: p.to_string(),
                shown: p.to_string(),
                format: *format,
                text: Cow::Borrowed(text),
            })),
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
                let text = read_limited(&path)?;
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

/// Why a file a user named could not be opened.
#[derive(Debug)]
pub(crate) enum OpenError {
    /// A directory, device, FIFO or socket.
    NotAFile,
    /// The system's reason.
    Io(std::io::Error),
}

/// What a path is opened for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    /// Reading an existing file.
    Read,
    /// Appending, created if absent (the incident log).
    Append,
    /// Writing anew, created if absent (a manual page).
    Replace,
}

/// Opens a path a user named: only a regular file. A FIFO, device, socket
/// or directory is refused before it is opened, and again once open (a
/// path swapped in between), so nothing is read from or written to one;
/// on Unix the open itself never blocks (`O_NONBLOCK`: a FIFO put in place
/// in between does not hang) and takes no controlling terminal. Every path
/// the tool reads or writes goes through here (a source scan in the
/// layers test holds it): `--answers`, `--house` and its `extends:`,
/// `--hand`, `--log` (both ways), `compare FILE`, the settings file, the
/// files of `--data`, `import FILE`, what `import --out`
/// writes, and the pages of `man --out-dir`.
pub(crate) fn open_path(path: &Path, access: Access) -> Result<fs::File, OpenError> {
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return Err(OpenError::NotAFile),
        Ok(_) => {}
        Err(e) if access != Access::Read && e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(OpenError::Io(e)),
    }
    let mut options = fs::OpenOptions::new();
    match access {
        Access::Read => options.read(true),
        Access::Append => options.read(true).append(true).create(true),
        Access::Replace => options.write(true).create(true),
    };
    without_blocking(&mut options);
    let file = options.open(path).map_err(OpenError::Io)?;
    if !file.metadata().map_err(OpenError::Io)?.is_file() {
        return Err(OpenError::NotAFile);
    }
    if access == Access::Replace {
        // Emptied only once it is known to be a regular file.
        file.set_len(0).map_err(OpenError::Io)?;
    }
    Ok(file)
}

/// Opens without waiting for a writer or reader (a FIFO) and without
/// making a terminal the controlling one.
#[cfg(unix)]
fn without_blocking(options: &mut fs::OpenOptions) {
    use std::os::unix::fs::OpenOptionsExt as _;
    options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
}

/// Elsewhere there are no FIFOs to block on: the checks before and after
/// the open are the guard.
#[cfg(not(unix))]
fn without_blocking(_: &mut fs::OpenOptions) {}

/// Creates or empties a regular file to write (see [`open_path`]).
pub fn create_file(path: &Path) -> crate::Result<fs::File> {
    open_path(path, Access::Replace).map_err(|e| match e {
        OpenError::NotAFile => LoadError::file(
            &path.display().to_string(),
            None,
            Message::new(Msg::NotRegularFile),
        )
        .into(),
        OpenError::Io(e) => write_failed(path, &e),
    })
}

/// Writes a file a user named (`import --out`, `man --out-dir`): its
/// folders made as `install -D` makes them, the file itself created or
/// emptied by [`create_file`], so a FIFO or device is refused, never
/// waited on.
pub fn write_file(path: &Path, bytes: &[u8]) -> crate::Result<()> {
    use std::io::Write as _;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        create_dirs(dir)?;
    }
    create_file(path)?
        .write_all(bytes)
        .map_err(|e| write_failed(path, &e))
}

/// Makes a folder a user named and the folders above it. The nearest part
/// of the path that exists must be a folder: a file, device or FIFO named
/// where a folder belongs is refused as bad input, naming it.
pub fn create_dirs(dir: &Path) -> crate::Result<()> {
    let existing = dir
        .ancestors()
        .find(|a| a.as_os_str().is_empty() || fs::metadata(a).is_ok());
    if let Some(part) = existing.filter(|a| !a.as_os_str().is_empty() && !a.is_dir()) {
        let shown = part.display().to_string();
        return Err(LoadError::file(&shown, None, Message::new(Msg::NotAFolder)).into());
    }
    fs::create_dir_all(dir).map_err(|e| write_failed(dir, &e))
}

/// A file or folder that could not be written: the system's failure
/// (exit 1), the path named.
fn write_failed(path: &Path, e: &std::io::Error) -> crate::Error {
    crate::Error::Other(
        Message::new(Msg::WriteFile)
            .arg("file", path.display())
            .nested("problem", io_problem(e)),
        crate::message::Exit::Io,
    )
}

/// Opens a file a user named for reading (see [`open_path`]).
pub(crate) fn open_regular(path: &Path) -> Result<fs::File, OpenError> {
    open_path(path, Access::Read)
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
    let unreadable = |path: &Path, e: &std::io::Error| {
        crate::Error::from(LoadError::Unreadable {
            file: path.display().to_string(),
            problem: io_problem(e),
        })
    };
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(unreadable(dir, &e)),
    };
    for entry in entries {
        let entry = entry.map_err(|e| unreadable(dir, &e))?;
        let path = entry.path();
        let kind = entry.file_type().map_err(|e| unreadable(&path, &e))?;
        let yaml = path.extension().is_some_and(|e| e == "yaml");
        if kind.is_dir() && !yaml {
            walk(root, &path, out)?;
        } else if yaml && !kind.is_symlink() {
            // A data file that is a directory, device, FIFO or socket is
            // refused here: every command that needs it would fail.
            if !kind.is_file() {
                return Err(LoadError::file(
                    &path.display().to_string(),
                    None,
                    Message::new(Msg::NotRegularFile),
                )
                .into());
            }
            if let Ok(rel) = path.strip_prefix(root) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_grows_after_it_was_looked_at_is_read_only_to_the_limit() {
        use std::io::Write as _;
        let scratch = tempfile::tempdir().expect("scratch dir");
        let dir = scratch.path();
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
