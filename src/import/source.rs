//! The rulebook as it arrives: what kind of file it is, and its lines as
//! the structure reader sees them.
//!
//! Plain text and Markdown (UTF-8) are read; a PDF, a word processor's
//! file, RTF, HTML, UTF-16 or any other binary is refused with how to
//! convert it. The lines keep the words of the file; what is changed is
//! only what no reader sees as text: no-break and other odd spaces, runs
//! of spaces, link markup left by a web page or a Markdown export
//! ("[TDA Regel 36](#)" reads "TDA Regel 36"), Markdown's escapes and
//! emphasis.

use std::path::Path;

use crate::error::LoadError;
use crate::message::{Message, Msg};

/// How the file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Plain text.
    Text,
    /// Markdown: `#` headings and emphasis are markup.
    Markdown,
}

/// What the first bytes say a file is, when it is no text the importer
/// reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// A PDF.
    Pdf,
    /// A word processor's file (.docx, .odt: a zip; .doc: OLE).
    WordProcessor,
    /// Rich text.
    Rtf,
    /// A web page.
    Html,
    /// Text in UTF-16.
    Utf16,
    /// Any other binary.
    Binary,
}

impl Refused {
    /// The message that names the file's kind and how to convert it.
    pub fn message(self) -> Message {
        Message::new(match self {
            Refused::Pdf => Msg::ImportPdf,
            Refused::WordProcessor => Msg::ImportWordProcessor,
            Refused::Rtf => Msg::ImportRtf,
            Refused::Html => Msg::ImportHtml,
            Refused::Utf16 => Msg::ImportUtf16,
            Refused::Binary => Msg::ImportBinary,
        })
    }
}

/// Tells what `bytes` (the start of the file is enough) are, from their
/// magic numbers and the file's name.
pub fn sniff(bytes: &[u8], name: &Path) -> Result<Kind, Refused> {
    let head = bytes.strip_prefix(crate::data::BOM).unwrap_or(bytes);
    if head.starts_with(b"%PDF-") {
        return Err(Refused::Pdf);
    }
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1") {
        return Err(Refused::WordProcessor);
    }
    if head.starts_with(b"{\\rtf") {
        return Err(Refused::Rtf);
    }
    if head.starts_with(b"\xff\xfe") || head.starts_with(b"\xfe\xff") {
        return Err(Refused::Utf16);
    }
    let start = &head[..head.len().min(4096)];
    if start.contains(&0) {
        // UTF-16 without a byte-order mark has a zero in every other byte.
        let zeros = start.iter().filter(|b| **b == 0).count();
        return Err(if zeros * 3 > start.len() {
            Refused::Utf16
        } else {
            Refused::Binary
        });
    }
    let lower: Vec<u8> = start
        .iter()
        .skip_while(|b| b.is_ascii_whitespace())
        .take(64)
        .map(u8::to_ascii_lowercase)
        .collect();
    if lower.starts_with(b"<!doctype html") || lower.starts_with(b"<html") {
        return Err(Refused::Html);
    }
    let markdown = name
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "md" | "markdown"));
    Ok(if markdown { Kind::Markdown } else { Kind::Text })
}

/// Reads the rulebook at `path`: its kind told from its first bytes and
/// its name, a file of any other kind refused (naming it and how to
/// convert it), then its text as every file a user names is read (size
/// limit, byte-order mark, UTF-8).
pub fn read_file(path: &Path) -> crate::Result<(String, Kind)> {
    use std::io::Read as _;
    let shown = path.display().to_string();
    let file = crate::data::open_regular(path).map_err(|e| match e {
        crate::data::OpenError::NotAFile => {
            LoadError::file(&shown, None, Message::new(Msg::NotRegularFile))
        }
        crate::data::OpenError::Io(e) => LoadError::Unreadable {
            file: shown.clone(),
            problem: crate::error::io_problem(&e),
        },
    })?;
    let mut bytes = Vec::new();
    file.take(crate::data::MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| LoadError::Unreadable {
            file: shown.clone(),
            problem: crate::error::io_problem(&e),
        })?;
    let kind = sniff(&bytes, path).map_err(|r| LoadError::file(&shown, None, r.message()))?;
    let text = crate::data::read_limited_from(bytes.as_slice(), &shown)?;
    Ok((text, kind))
}

/// One line of the rulebook with text on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Its line number in the file, from 1.
    pub no: usize,
    /// Its text: trimmed, spaces folded, markup removed.
    pub text: String,
    /// Spaces before the text.
    pub indent: usize,
    /// An empty line came before it.
    pub blank_before: bool,
    /// A Markdown heading's level (`#` = 1); 0 for any other line.
    pub heading: u8,
}

/// The lines of `text` that have text on them.
pub fn lines(text: &str, kind: Kind) -> Vec<Line> {
    let mut out = Vec::new();
    let mut blank = true;
    for (i, raw) in text.lines().enumerate() {
        let spaced: String = raw
            .chars()
            .map(|c| match c {
                '\t'
                | '\u{a0}'
                | '\u{2007}'
                | '\u{202f}'
                | '\u{2000}'..='\u{200a}'
                | '\u{3000}' => ' ',
                c => c,
            })
            .filter(|c| !matches!(c, '\u{200b}' | '\u{feff}' | '\r'))
            .collect();
        let indent = spaced.len() - spaced.trim_start().len();
        let mut body = unlink(spaced.trim());
        let mut heading = 0;
        if kind == Kind::Markdown {
            let hashes = body.chars().take_while(|c| *c == '#').count();
            if (1..=6).contains(&hashes) && body[hashes..].starts_with(' ') {
                heading = u8::try_from(hashes).unwrap_or(6);
                body = body[hashes..].trim_matches([' ', '#']).to_string();
            }
            body = body.replace("**", "").replace("__", "");
        }
        let folded = fold_spaces(&body);
        if folded.is_empty() {
            blank = true;
            continue;
        }
        out.push(Line {
            no: i + 1,
            text: folded,
            indent,
            blank_before: blank,
            heading,
        });
        blank = false;
    }
    out
}

/// Runs of spaces as one.
fn fold_spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.trim().chars() {
        if c == ' ' {
            space = true;
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    out
}

/// Link markup as its text: `[text](target)` reads `text`, and Markdown's
/// backslash escapes inside it (`\(`) read as the character. Anything else
/// in brackets is left as it is.
fn unlink(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        match link_at(from) {
            Some((text, after)) => {
                out.push_str(&unescape(text));
                rest = after;
            }
            None => {
                out.push('[');
                rest = &from[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `[text](target)` at the start of `s`: the text, and what follows.
fn link_at(s: &str) -> Option<(&str, &str)> {
    let mut depth = 0usize;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    let text = &s[1..i];
                    let after = &s[i + 1..];
                    let target = after.strip_prefix('(')?;
                    let close = target.find(')')?;
                    if target[..close].contains(char::is_whitespace) {
                        return None;
                    }
                    return Some((text, &target[close + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(next) = chars.peek()
            && next.is_ascii_punctuation()
        {
            continue;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_that_are_no_text_are_told_apart() {
        let txt = Path::new("rules.txt");
        assert_eq!(sniff(b"%PDF-1.7\n...", txt), Err(Refused::Pdf));
        assert_eq!(sniff(b"PK\x03\x04rest", txt), Err(Refused::WordProcessor));
        assert_eq!(sniff(b"{\\rtf1\\ansi", txt), Err(Refused::Rtf));
        assert_eq!(sniff(b"  <!DOCTYPE html><html>", txt), Err(Refused::Html));
        assert_eq!(sniff(b"\xff\xfeR\0u\0", txt), Err(Refused::Utf16));
        assert_eq!(sniff(b"R\0u\0l\0e\0", txt), Err(Refused::Utf16));
        assert_eq!(
            sniff(b"\x01\x02\0\x7f\x05\x06\x07\x08", txt),
            Err(Refused::Binary)
        );
        assert_eq!(sniff(b"1. Floor Decisions", txt), Ok(Kind::Text));
        assert_eq!(sniff(b"# Rules", Path::new("r.MD")), Ok(Kind::Markdown));
    }

    #[test]
    fn link_debris_and_odd_spaces_are_not_text() {
        let text = "Zie ook [TDA Regel 2](#) en [TDA Regel 53: Action out of turn \\(OOT\\)](#).\n\
                    \n  1.\u{a0}Officiële\u{a0} Taal  \nA [note] stays";
        let lines = lines(text, Kind::Text);
        assert_eq!(
            lines[0].text,
            "Zie ook TDA Regel 2 en TDA Regel 53: Action out of turn (OOT)."
        );
        assert_eq!(
            (
                lines[1].text.as_str(),
                lines[1].indent,
                lines[1].blank_before
            ),
            ("1. Officiële Taal", 2, true)
        );
        assert_eq!(lines[2].text, "A [note] stays");
        assert_eq!(lines[2].no, 4);
    }

    #[test]
    fn markdown_headings_and_emphasis_are_markup() {
        let lines = lines("## 3. **Chip Race**\nThe *pot* size*", Kind::Markdown);
        assert_eq!(
            (lines[0].text.as_str(), lines[0].heading),
            ("3. Chip Race", 2)
        );
        assert_eq!(lines[1].text, "The *pot* size*");
    }
}
