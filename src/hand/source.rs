//! The hands of what `floor hand` is given: files, directories (every hand
//! file under them), standard input; one hand a file (`.phh`, the compact
//! notation) or many (`.phhs`: one TOML table a hand, `[1]`, `[2]`, …).
//!
//! Hands are handed out one at a time as they are read, so a stream of any
//! length takes the memory of one hand; a hand that cannot be read is
//! reported with its file and section, and the others go on.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use crate::error::{Error, LoadError};
use crate::message::{Message, Msg};

/// The extensions of hand files taken from a directory.
pub const EXTENSIONS: [&str; 3] = ["phh", "phhs", "hand"];

/// Most bytes of one hand read from a stream.
pub const MAX_HAND_BYTES: usize = 1 << 20;

/// How a hand's text is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// PHH (TOML).
    Phh,
    /// The compact notation.
    Compact,
}

/// One hand's text and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The file as given (`-`: standard input).
    pub file: String,
    /// The section of a `.phhs` file (`3` for `[3]`).
    pub section: Option<String>,
    /// The hand's text.
    pub text: String,
    /// Its notation.
    pub form: Form,
}

/// What was given: a path or standard input (`-`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A file or a directory.
    Path(PathBuf),
    /// Standard input.
    Stdin,
}

impl Input {
    /// `-` is standard input.
    pub fn from_arg(path: &Path) -> Input {
        if path == Path::new("-") {
            Input::Stdin
        } else {
            Input::Path(path.to_path_buf())
        }
    }
}

/// Whether `inputs` can hold more than one hand (then each is reported on
/// its own: JSON Lines): several inputs, a directory, a `.phhs` file, or
/// standard input.
pub fn many(inputs: &[Input]) -> bool {
    match inputs {
        [Input::Path(p)] => p.is_dir() || is_phhs_name(p),
        [Input::Stdin] => false,
        _ => true,
    }
}

fn is_phhs_name(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "phhs")
}

/// A PHH text holds a `variant` key; anything else is the compact
/// notation.
pub fn form_of(text: &str) -> Form {
    if text
        .lines()
        .map(str::trim_start)
        .any(|l| l.starts_with("variant") && l.contains('='))
    {
        Form::Phh
    } else {
        Form::Compact
    }
}

/// Calls `each` with every hand of `inputs` in order, a hand that cannot be
/// read as its error (with the file). Stops at the first error `each`
/// returns.
pub fn for_each(
    inputs: &[Input],
    each: &mut dyn FnMut(Result<Record, Error>) -> Result<(), Error>,
) -> Result<(), Error> {
    for input in inputs {
        match input {
            Input::Stdin => {
                let stdin = std::io::stdin();
                split(&mut stdin.lock(), "-", each)?;
            }
            Input::Path(p) if p.is_dir() => {
                let mut files = Vec::new();
                if let Err(e) = walk(p, &mut files) {
                    each(Err(e))?;
                }
                files.sort();
                for f in files {
                    file(&f, each)?;
                }
            }
            Input::Path(p) => file(p, each)?,
        }
    }
    Ok(())
}

/// The hand files under `dir`, in any order; directories reached through a
/// symbolic link are not entered (no loops).
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Error> {
    let unreadable = |e: std::io::Error| {
        Error::from(LoadError::Unreadable {
            file: dir.display().to_string(),
            problem: crate::error::io_problem(&e),
        })
    };
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let entry = entry.map_err(unreadable)?;
        let path = entry.path();
        let kind = entry.file_type().map_err(unreadable)?;
        if kind.is_dir() {
            walk(&path, out)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
        {
            out.push(path);
        }
    }
    Ok(())
}

fn file(
    path: &Path,
    each: &mut dyn FnMut(Result<Record, Error>) -> Result<(), Error>,
) -> Result<(), Error> {
    let shown = path.display().to_string();
    match crate::data::read_limited(path) {
        Ok(text) => split(&mut text.as_bytes(), &shown, each),
        Err(e) => each(Err(e)),
    }
}

/// Whether `line` opens a section of a `.phhs` file: `[NAME]` alone on its
/// line (a comment may follow), not an array of tables.
fn section_name(line: &str) -> Option<&str> {
    let code = line.split('#').next().unwrap_or("").trim();
    let name = code.strip_prefix('[')?.strip_suffix(']')?;
    (!name.starts_with('[') && !name.trim().is_empty()).then(|| name.trim())
}

/// Splits a text into its hands: the sections of a `.phhs` text, or the
/// whole text as one hand. Lines inside a multi-line string never open a
/// section.
fn split(
    reader: &mut dyn BufRead,
    file: &str,
    each: &mut dyn FnMut(Result<Record, Error>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut current = String::new();
    let mut section: Option<String> = None;
    // Sections seen: from the first one on, every hand is a section.
    let mut sectioned = false;
    let mut open_string: Option<&'static str> = None;
    let mut too_long = false;
    let mut line = Vec::new();
    let mut first = true;
    let emit = |current: &mut String,
                section: &Option<String>,
                too_long: &mut bool,
                each: &mut dyn FnMut(Result<Record, Error>) -> Result<(), Error>|
     -> Result<(), Error> {
        let text = std::mem::take(current);
        if std::mem::take(too_long) {
            return each(Err(Error::input(
                "hand",
                at(
                    file,
                    section.as_deref(),
                    Message::new(Msg::HandTooLong).arg("most", MAX_HAND_BYTES),
                ),
            )));
        }
        each(Ok(Record {
            file: file.to_string(),
            section: section.clone(),
            form: if section.is_some() {
                Form::Phh
            } else {
                form_of(&text)
            },
            text,
        }))
    };
    loop {
        line.clear();
        let read = reader.read_until(b'\n', &mut line).map_err(|e| {
            Error::from(LoadError::Unreadable {
                file: file.to_string(),
                problem: crate::error::io_problem(&e),
            })
        })?;
        if read == 0 {
            break;
        }
        if first && line.starts_with(crate::data::BOM) {
            line.drain(..crate::data::BOM.len());
        }
        first = false;
        let Ok(text) = std::str::from_utf8(&line) else {
            return each(Err(Error::from(LoadError::NotUtf8 {
                file: file.to_string(),
                offset: 0,
            })));
        };
        if open_string.is_none()
            && let Some(name) = section_name(text)
        {
            if sectioned || current.lines().any(is_content) {
                if !sectioned {
                    // Text before the first section: a hand of its own.
                    emit(&mut current, &None, &mut too_long, each)?;
                } else {
                    emit(&mut current, &section, &mut too_long, each)?;
                }
            }
            current.clear();
            sectioned = true;
            section = Some(name.to_string());
            continue;
        }
        open_string = strings_open(text, open_string);
        if current.len() + text.len() > MAX_HAND_BYTES {
            too_long = true;
        } else {
            current.push_str(text);
        }
    }
    emit(&mut current, &section, &mut too_long, each)
}

/// A line that says something: not blank, not only a comment.
fn is_content(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && !t.starts_with('#')
}

/// Which multi-line string is still open after `line` (`'''` or `"""`),
/// given the one open before it.
fn strings_open(line: &str, mut open: Option<&'static str>) -> Option<&'static str> {
    let mut rest = line;
    loop {
        match open {
            Some(q) => match rest.find(q) {
                Some(i) => {
                    rest = rest.get(i + q.len()..).unwrap_or("");
                    open = None;
                }
                None => return open,
            },
            None => {
                let next = ["'''", "\"\"\""]
                    .iter()
                    .filter_map(|q| rest.find(q).map(|i| (i, *q)))
                    .min_by_key(|(i, _)| *i);
                // A `#` before any quote starts a comment.
                let comment = rest.find('#');
                match next {
                    Some((i, q)) if comment.is_none_or(|c| c > i) => {
                        rest = rest.get(i + q.len()..).unwrap_or("");
                        open = Some(q);
                    }
                    _ => return None,
                }
            }
        }
    }
}

/// `problem` of the hand in `file` (section `section`).
pub fn at(file: &str, section: Option<&str>, problem: Message) -> Message {
    match section {
        Some(s) => Message::new(Msg::HandSectionAt)
            .arg("file", file)
            .arg("section", s)
            .nested("problem", problem),
        None => Message::new(Msg::LoadInvalid)
            .arg("file", file)
            .nested("message", problem),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &str) -> Vec<Result<Record, Error>> {
        let mut out = Vec::new();
        split(&mut text.as_bytes(), "f.phhs", &mut |r| {
            out.push(r);
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn a_phhs_text_is_split_at_its_sections() {
        let text = "# a comment\n[1]\nvariant = 'NT'\ntable = '''AMY'S\n[2]\nAVE'''\n\n[2] # next\nvariant = 'NT'\n";
        let got: Vec<(Option<String>, String)> = records(text)
            .into_iter()
            .map(|r| r.map(|r| (r.section, r.text)).unwrap())
            .collect();
        assert_eq!(
            got,
            [
                (
                    Some("1".to_string()),
                    "variant = 'NT'\ntable = '''AMY'S\n[2]\nAVE'''\n\n".to_string()
                ),
                (Some("2".to_string()), "variant = 'NT'\n".to_string()),
            ]
        );
    }

    #[test]
    fn a_text_without_sections_is_one_hand() {
        let got = records("NL 1/2 button 1\n1:5 2:5\n");
        assert_eq!(got.len(), 1);
        let r = got[0].as_ref().unwrap();
        assert_eq!((r.section.as_deref(), r.form), (None, Form::Compact));
        assert_eq!(records("").len(), 1);
    }

    #[test]
    fn arrays_of_tables_and_strings_do_not_open_sections() {
        assert_eq!(section_name("[[x]]"), None);
        assert_eq!(section_name(" [12] # c"), Some("12"));
        assert_eq!(strings_open("a = '''x", None), Some("'''"));
        assert_eq!(strings_open("x''' # '''", Some("'''")), None);
        assert_eq!(strings_open("# '''", None), None);
    }
}
