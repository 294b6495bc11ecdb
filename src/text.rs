//! Text folding for search: case- and accent-insensitive matching in all
//! four languages ("ziva" finds "živá", "hohe" finds "Höhe"), with a map back
//! to the original text so a snippet can mark what matched.

use deunicode::deunicode_char;

/// ASCII folded: lower-case letters and digits kept, everything else a space.
const ASCII_FOLD: [u8; 128] = {
    let mut table = [b' '; 128];
    let mut i = 0;
    while i < 128 {
        let b = i as u8;
        if b.is_ascii_alphanumeric() {
            table[i] = b.to_ascii_lowercase();
        }
        i += 1;
    }
    table
};

/// Appends the folded form of `text` to `out`: lower-case ASCII letters and
/// digits, accents removed, everything else kept as a single space. The
/// result is ASCII. Runs of ASCII (most of every rulebook) go through a
/// table; only other characters are looked up one by one.
pub fn fold_into(text: &str, out: &mut Vec<u8>) {
    fold_runs(text, out, |_, _| {});
}

/// Folds `text` onto `out`, telling `record` for each stretch of output the
/// offset in `text` it came from and how many bytes it took: a run of ASCII
/// as one stretch of `offset..offset + len`, any other character as `len`
/// bytes from its one offset.
fn fold_runs(text: &str, out: &mut Vec<u8>, mut record: impl FnMut(Stretch, usize)) {
    let mut at = 0;
    let mut scratch = String::new();
    while let Some(rest) = text.get(at..).filter(|r| !r.is_empty()) {
        let run = rest
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        let (ascii, tail) = rest.split_at(run);
        out.extend(
            ascii
                .bytes()
                .map(|b| ASCII_FOLD.get(usize::from(b)).copied().unwrap_or(b' ')),
        );
        record(Stretch::Run(at), run);
        at += run;
        let Some(c) = tail.chars().next() else {
            break;
        };
        scratch.clear();
        push_folded(c, &mut scratch, |_| {});
        out.extend_from_slice(scratch.as_bytes());
        record(Stretch::Char(at), scratch.len());
        at += c.len_utf8();
    }
}

/// Where a stretch of folded output came from.
#[derive(Clone, Copy)]
enum Stretch {
    /// ASCII from this offset on, byte for byte.
    Run(usize),
    /// One character at this offset.
    Char(usize),
}

/// The folded form of `text`.
pub fn fold(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    fold_into(text, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Folded text with, for every folded byte, the byte offset of the original
/// character it came from.
pub struct Folded {
    /// The folded text.
    pub text: String,
    /// `origin[i]` is the offset in the original of folded byte `i`; one
    /// extra entry holds the original's length.
    pub origin: Vec<usize>,
}

/// Folds `text`, keeping the map back to the original.
pub fn fold_mapped(text: &str) -> Folded {
    let mut folded = Vec::with_capacity(text.len());
    let mut origin = Vec::with_capacity(text.len() + 1);
    fold_runs(text, &mut folded, |from, len| match from {
        Stretch::Run(offset) => origin.extend(offset..offset + len),
        Stretch::Char(offset) => origin.extend(std::iter::repeat_n(offset, len)),
    });
    origin.push(text.len());
    Folded {
        text: String::from_utf8(folded).unwrap_or_default(),
        origin,
    }
}

fn push_folded(c: char, out: &mut String, mut record: impl FnMut(usize)) {
    let before = out.len();
    if c.is_ascii() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(' ');
        }
    } else if c.is_alphanumeric() {
        match deunicode_char(c) {
            Some(ascii) if !ascii.is_empty() => {
                for a in ascii.chars() {
                    if a.is_ascii_alphanumeric() {
                        out.push(a.to_ascii_lowercase());
                    }
                }
                if out.len() == before {
                    out.push(' ');
                }
            }
            _ => out.push(' '),
        }
    } else {
        out.push(' ');
    }
    record(out.len() - before);
}

/// Splits a folded query into its words.
pub fn terms(folded: &str) -> Vec<&str> {
    folded.split(' ').filter(|t| !t.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_and_accents_of_all_four_languages() {
        assert_eq!(fold("Živá RUKA"), "ziva ruka");
        assert_eq!(fold("Höhe eines Raises"), "hohe eines raises");
        assert_eq!(fold("Officiële taal"), "officiele taal");
        assert_eq!(fold("Štyri karty na flope"), "styri karty na flope");
        assert_eq!(fold("Größe"), "grosse");
    }

    #[test]
    fn punctuation_becomes_spaces_so_words_stay_apart() {
        assert_eq!(fold("call/raise, 50%"), "call raise  50 ");
    }

    #[test]
    fn mapped_fold_is_the_fold_with_a_map_of_char_starts() {
        for original in [
            "Größe: živá",
            "",
            "ß",
            "Regel 43-A: Höhe des Raises …",
            "a\u{1F600}b",
            "ÆØ Ǆ",
        ] {
            let f = fold_mapped(original);
            assert_eq!(f.text, fold(original), "{original}");
            assert_eq!(f.origin.len(), f.text.len() + 1, "{original}");
            assert!(f.origin.windows(2).all(|w| w[0] <= w[1]), "{original}");
            assert!(
                f.origin.iter().all(|&o| original.is_char_boundary(o)),
                "{original}"
            );
        }
    }

    #[test]
    fn mapped_fold_points_back_to_the_original() {
        let original = "Größe: živá";
        let f = fold_mapped(original);
        let at = f.text.find("ziva").expect("found");
        let start = f.origin[at];
        let end = f.origin[at + "ziva".len()];
        assert_eq!(&original[start..end], "živá");
    }
}

/// Whether `c` may not be written to a terminal as it is: a control
/// character other than newline and tab (it could set the window title,
/// clear the screen, move the cursor or start a style), or an invisible
/// format character (zero-width spaces and joiners, bidirectional
/// embeddings, overrides and isolates, line and paragraph separators, the
/// byte-order mark, tags), which can hide or reorder what is shown.
pub fn is_hidden(c: char) -> bool {
    // Nearly all output is ASCII: decided without the table below.
    if c.is_ascii() {
        return c.is_ascii_control() && c != '\n' && c != '\t';
    }
    if c.is_control() {
        return c != '\n' && c != '\t';
    }
    matches!(
        c,
        '\u{ad}'
            | '\u{600}'..='\u{605}'
            | '\u{61c}'
            | '\u{6dd}'
            | '\u{70f}'
            | '\u{8e2}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{110bd}'
            | '\u{110cd}'
            | '\u{13430}'..='\u{1343f}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0001}'
            | '\u{e0020}'..='\u{e007f}'
    )
}

/// Whether `text` has a character [`is_hidden`] holds for. Every run
/// passes its whole output through here, and output is nearly all
/// printable ASCII: blocks of such bytes are passed over without decoding
/// (a fold without an early exit, which the compiler vectorizes), and only
/// a block holding another byte is read character by character.
pub fn has_hidden(text: &str) -> bool {
    const BLOCK: usize = 32;
    let bytes = text.as_bytes();
    // Always at a character boundary: a block passed over whole is ASCII,
    // and the slow path stops after a whole character.
    let mut start = 0;
    while let Some(rest) = bytes.get(start..).filter(|r| !r.is_empty()) {
        let block = rest.get(..BLOCK).unwrap_or(rest);
        let plain = block.iter().fold(true, |plain, &b| {
            plain & ((0x20..0x7f).contains(&b) | (b == b'\n') | (b == b'\t'))
        });
        if plain {
            start += block.len();
            continue;
        }
        let end = start + block.len();
        for c in text.get(start..).unwrap_or_default().chars() {
            if is_hidden(c) {
                return true;
            }
            start += c.len_utf8();
            if start >= end {
                break;
            }
        }
    }
    false
}

/// Text from data or input, made visible for a terminal: every character
/// of [`is_hidden`] is written as its escape (`\u{1b}`), everything else as
/// it is. Applied where such text enters the output (a table cell, a
/// message argument, a prompt), so that the only escape sequences in what
/// the tool writes are its own styles. Escaping twice changes nothing.
pub fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    if !has_hidden(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(escaped(text, is_hidden))
}

/// `text` with every character `hide` picks written as its escape.
fn escaped(text: &str, hide: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if hide(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// Text from data or input on one line: [`shown`], and newline and tab
/// escaped too (a title or file name in a comment line of a file written).
pub fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['\n', '\t']) {
        return shown(text);
    }
    std::borrow::Cow::Owned(escaped(text, |c| is_hidden(c) || c == '\n' || c == '\t'))
}

/// [`shown`] for `format!`: `format!("{}", Shown(title))`.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a>(pub &'a str);

impl std::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&shown(self.0))
    }
}

/// A style the tool itself writes, through the terminal crate: bold
/// (headings, a strong word), the search mark, and the deleted and
/// inserted words of a diff. Nothing else reaches the terminal as an
/// escape sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Headings and strong words.
    Bold,
    /// A search match in a snippet.
    Mark,
    /// A word a diff deletes.
    Deleted,
    /// A word a diff inserts.
    Inserted,
}

impl Style {
    const ALL: [Style; 4] = [Style::Bold, Style::Mark, Style::Deleted, Style::Inserted];

    fn console(self) -> console::Style {
        // Whether to style at all is the caller's decision (`--color`).
        let style = console::Style::new().force_styling(true);
        match self {
            Style::Bold => style.bold(),
            Style::Mark => style.yellow().bold(),
            Style::Deleted => style.red().strikethrough(),
            Style::Inserted => style.green().underlined(),
        }
    }

    /// `text` in this style.
    pub fn paint(self, text: &str) -> String {
        self.console().apply_to(text).to_string()
    }
}

/// The escape sequences of the tool's own [`Style`]s (each style's opening
/// as one sequence, and the reset), as the terminal crate writes them.
pub fn own_styles() -> &'static [String] {
    static STYLES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    STYLES.get_or_init(|| {
        let mut all: Vec<String> = Vec::new();
        for style in Style::ALL {
            let painted = style.paint("\0");
            if let Some((open, close)) = painted.split_once('\0') {
                for seq in [open, close] {
                    if !seq.is_empty() && !all.iter().any(|s| s == seq) {
                        all.push(seq.to_string());
                    }
                }
            }
        }
        // The longest first: an opening that starts with another is kept whole.
        all.sort_by_key(|s| std::cmp::Reverse(s.len()));
        all
    })
}

/// The last check on finished output, after data was made visible where it
/// entered ([`shown`]): every hidden character is escaped, except, with
/// `keep_style`, the tool's own styles ([`Style`]). A sequence from
/// data that was missed on the way in (a colour, hidden text, a title, a
/// cursor move) is shown escaped here rather than sent.
pub fn visible(text: &str, keep_style: bool) -> std::borrow::Cow<'_, str> {
    if !has_hidden(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\u{1b}'
            && keep_style
            && let Some(style) = own_styles().iter().find(|s| rest.starts_with(s.as_str()))
        {
            out.push_str(style);
            rest = rest.get(style.len()..).unwrap_or("");
            continue;
        }
        if is_hidden(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
        rest = rest.get(c.len_utf8()..).unwrap_or("");
    }
    std::borrow::Cow::Owned(out)
}

/// [`visible`] for JSON output: every hidden character written as JSON's
/// `\uXXXX` escape (a surrogate pair above U+FFFF), which a JSON reader
/// decodes back to the same text. Outside strings JSON has no such
/// characters, so the document stays valid and means the same.
pub fn visible_json(text: &str) -> std::borrow::Cow<'_, str> {
    if !has_hidden(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hidden(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod visible_tests {
    use super::{Shown, Style, has_hidden, is_hidden, shown, visible, visible_json};
    use proptest::prelude::*;

    proptest! {
        // The block-wise scan answers as reading every character would:
        // hidden characters anywhere, after any mix of ASCII and longer
        // characters, at and across block edges.
        #[test]
        fn the_block_scan_finds_what_reading_every_character_finds(
            text in "([ -~\n\t]{0,40}[\u{0}-\u{1f}\u{7f}-\u{a0}\u{ad}\u{200b}-\u{200f}\u{202a}-\u{202e}\u{feff}\u{e0041}\u{e9}\u{17e}\u{1f0a1}]?){0,6}"
        ) {
            prop_assert_eq!(has_hidden(&text), text.chars().any(is_hidden));
        }
    }

    #[test]
    fn the_block_scan_finds_a_hidden_character_at_every_place() {
        for len in [0usize, 1, 31, 32, 33, 63, 64, 65] {
            for at in 0..=len {
                for hidden in ['\u{1b}', '\u{7f}', '\u{200b}', '\u{e0041}'] {
                    let mut text: String = "é".repeat(at % 3) + &"a".repeat(len);
                    text.insert(text.len() - (len - at), hidden);
                    assert!(has_hidden(&text), "{text:?}");
                }
                assert!(!has_hidden(&("é\n\t".repeat(at) + &"a".repeat(len))));
            }
        }
    }

    #[test]
    fn json_output_escapes_hidden_characters_as_json() {
        let value =
            serde_json::json!({"title": "a\u{200b}b\u{202e}c\u{9b}d\u{7f}\u{e0041}", "n": 1});
        let text = serde_json::to_string_pretty(&value).expect("json");
        let shown = visible_json(&text);
        assert!(!shown.chars().any(super::is_hidden), "{shown}");
        assert!(
            shown.contains("a\\u200bb\\u202ec\\u009bd\\u007f\\udb40\\udc41"),
            "{shown}"
        );
        let back: serde_json::Value = serde_json::from_str(&shown).expect("still JSON");
        assert_eq!(back, value);
    }

    #[test]
    fn control_sequences_are_shown_not_sent() {
        assert_eq!(visible("table 4\nnote\tx", false), "table 4\nnote\tx");
        assert_eq!(
            visible("\u{1b}]0;PWNED\u{7}", false),
            "\\u{1b}]0;PWNED\\u{7}"
        );
        assert_eq!(visible("\u{1b}[2Jgone", true), "\\u{1b}[2Jgone");
        assert_eq!(
            visible("\u{1b}[1mbold\u{1b}[0m", true),
            "\u{1b}[1mbold\u{1b}[0m"
        );
        assert_eq!(visible("\u{1b}[1mbold", false), "\\u{1b}[1mbold");
        assert_eq!(visible("\u{9b}31m", true), "\\u{9b}31m");
        assert_eq!(visible("\u{1b}", true), "\\u{1b}");
    }

    #[test]
    fn only_the_tools_own_styles_pass_the_last_check() {
        // Hidden text and colours the tool never writes stay escaped.
        assert_eq!(visible("\u{1b}[8mX", true), "\\u{1b}[8mX");
        assert_eq!(visible("\u{1b}[31mX", true), "\\u{1b}[31mX");
        assert_eq!(visible("\u{1b}[30;40mX", true), "\\u{1b}[30;40mX");
        for style in Style::ALL {
            let painted = style.paint("X");
            assert_eq!(visible(&painted, true), painted);
            assert_ne!(visible(&painted, false), painted);
        }
        // Half of a style's opening is not the style.
        let mark = Style::Mark.paint("X");
        let half = mark.get(..5).expect("an opening");
        assert_eq!(
            visible(&format!("{half}X"), true),
            format!("{}X", shown(half))
        );
    }

    #[test]
    fn data_is_made_visible_where_it_enters() {
        assert_eq!(shown("Höhe\n\tx"), "Höhe\n\tx");
        // Colour from data is escaped even where the tool's own would pass.
        assert_eq!(shown("\u{1b}[1mX"), "\\u{1b}[1mX");
        assert_eq!(shown("a\u{202e}b\u{200b}c"), "a\\u{202e}b\\u{200b}c");
        assert_eq!(shown("\r\u{7f}\u{85}"), "\\u{d}\\u{7f}\\u{85}");
        assert_eq!(shown(&shown("\u{1b}x")), shown("\u{1b}x"));
        assert_eq!(format!("[{}]", Shown("\u{7}")), "[\\u{7}]");
    }
}

/// Text whose words are at most `max` characters: a longer word is broken
/// with a newline every `max` characters, so laying it out in a table takes
/// time in proportion to its length (a table breaks long words one
/// character at a time).
pub fn breakable(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    let max = max.max(1);
    let mut run = 0usize;
    let needs = text.chars().any(|c| {
        run = if c.is_whitespace() { 0 } else { run + 1 };
        run > max
    });
    if !needs {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + text.len() / max + 1);
    let mut run = 0usize;
    for c in text.chars() {
        if c.is_whitespace() {
            run = 0;
        } else {
            if run == max {
                out.push('\n');
                run = 0;
            }
            run += 1;
        }
        out.push(c);
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod breakable_tests {
    use super::breakable;

    #[test]
    fn long_words_are_broken_short_ones_kept() {
        assert_eq!(breakable("a bb ccc", 3), "a bb ccc");
        assert_eq!(breakable("abcdefg hi", 3), "abc\ndef\ng hi");
        let long = "x".repeat(200_000);
        assert_eq!(breakable(&long, 60).lines().count(), 3334);
    }
}
