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

use crate::error::LoadError;

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
    /// Each language's stop words, as written in its lexicon.
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
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, LoadError> {
        match self.format {
            Format::Flat => Err(LoadError::Invalid {
                file: self.shown.clone(),
                message: "a flattened UI file is read with Ui::load".into(),
            }),
            Format::Json => serde_json::from_str(&self.text).map_err(|e| LoadError::Schema {
                file: self.shown.clone(),
                location: None,
                message: e.to_string(),
            }),
            Format::Yaml => {
                serde_yaml::from_str(&self.text).map_err(|e| yaml_error(&self.shown, &e))
            }
        }
    }
}

/// A YAML error as a load error: the position goes in front (`file:line:col`),
/// so it is dropped from the parser's message.
pub fn yaml_error(file: &str, e: &serde_yaml::Error) -> LoadError {
    let location = e.location().map(|l| (l.line(), l.column()));
    let mut message = e.to_string();
    if let Some((line, column)) = location {
        let suffix = format!(" at line {line} column {column}");
        if let Some(stripped) = message.strip_suffix(&suffix) {
            message = stripped.to_string();
        }
    }
    LoadError::Schema {
        file: file.to_string(),
        location,
        message,
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
    /// Opens a `--data` directory, checking that it looks like a data tree.
    pub fn dir(root: &Path) -> Result<Self, LoadError> {
        if !root.is_dir() {
            return Err(LoadError::DataDir {
                dir: root.display().to_string(),
                problem: "is not a directory".into(),
            });
        }
        if !root.join("locales").is_dir() {
            return Err(LoadError::DataDir {
                dir: root.display().to_string(),
                problem: "has no locales/ folder".into(),
            });
        }
        Ok(DataSource::Dir(root.to_path_buf()))
    }

    /// Every data file's relative path, sorted.
    pub fn paths(&self) -> Result<Vec<String>, LoadError> {
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

    /// Reads one file by relative path; `Ok(None)` when it does not exist.
    pub fn read(&self, rel: &str) -> Result<Option<DataFile>, LoadError> {
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
                // Only files of the tree itself: no `..`, no symbolic links.
                let inside = Path::new(rel)
                    .components()
                    .all(|c| matches!(c, std::path::Component::Normal(_)));
                let regular = fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
                if !inside || !regular {
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
pub fn check_shape(text: &str, file: &str) -> Result<(), LoadError> {
    let refuse = |line: usize, column: usize, what: &str| LoadError::Schema {
        file: file.to_string(),
        location: Some((line, column)),
        message: what.to_string(),
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
            return Err(refuse(
                n + 1,
                indent + 1,
                "indented too deeply for a data file",
            ));
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
                        return Err(refuse(
                            n + 1,
                            col + 1,
                            "YAML aliases (*name) are not allowed in data files",
                        ));
                    }
                }
                (None, '[' | '{') => {
                    depth += 1;
                    if depth > MAX_FLOW_DEPTH {
                        return Err(refuse(n + 1, col + 1, "nested too deeply for a data file"));
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
pub fn read_yaml(path: &Path) -> Result<String, LoadError> {
    let text = read_limited(path)?;
    check_shape(&text, &path.display().to_string())?;
    Ok(text)
}

/// Reads a user-supplied text file: only a regular file (a FIFO, device or
/// directory is refused before it is opened, so nothing blocks), at most
/// [`MAX_FILE_BYTES`] read whatever size it reports or grows to, UTF-8.
pub fn read_limited(path: &Path) -> Result<String, LoadError> {
    use std::io::Read as _;
    let shown = path.display().to_string();
    let io = |e: std::io::Error| LoadError::Io {
        file: shown.clone(),
        message: e.to_string(),
    };
    let not_file = || LoadError::Invalid {
        file: shown.clone(),
        message: "is not a regular file: give the path of a file".into(),
    };
    let meta = fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(not_file());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            file: shown,
            bytes: meta.len(),
            limit: MAX_FILE_BYTES,
        });
    }
    let file = fs::File::open(path).map_err(io)?;
    // The path may have been swapped since it was looked at.
    if !file.metadata().map_err(io)?.is_file() {
        return Err(not_file());
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge {
            file: shown,
            bytes: read,
            limit: MAX_FILE_BYTES,
        });
    }
    String::from_utf8(bytes).map_err(|e| LoadError::NotUtf8 {
        file: shown,
        offset: e.utf8_error().valid_up_to(),
    })
}

/// Lists the `.yaml` files under `dir`. Symbolic links are not followed:
/// a link can neither lead out of the tree nor into a cycle.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<(), LoadError> {
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
