//! A rulebook's structure: its title and front matter, its sections, and
//! its rules with their printed headings, titles and bodies.
//!
//! Rule headings are read in every style the bundled editions print:
//! worded ("TDA Regel 43: Raise amounts", "MEC Regel 2: …"), prefixed
//! ("RP-5. …", "OP5. …"), and numbered ("43. …", "43: …", "22Discussie",
//! numbers that restart in each section, or that were lost and read "1."
//! everywhere). A numbered line is a heading only where the numbering
//! goes on from the headings before it; numbered list items inside a rule
//! (a run of 1, 2, 3 with no text between, or a list after a line ending
//! in ":") are not. A table of contents (headings with no text between
//! that the body prints again) and a web page's furniture are set aside,
//! and reported. Sections are the numbered section headings ("3 -
//! Potten / Showdown"), or the short title lines printed before a rule's
//! heading; text between a section's title and its first rule is its
//! introduction. Paragraphs before the first rule that oblige ("you must be
//! 21") are house rules without a heading; a closing note ("NOTE: …")
//! after the last rule is a house note, and a source line ("Quelle: …") is
//! kept apart. Where no cue word names such a line, its form does (`Word:
//! text`, a year or an address for a source; short lines that are no
//! sentences are left out), and a person confirms ([`Guessed`]).

use std::collections::HashSet;

use crate::import::body::{self, Body};
use crate::import::cues::Cues;
use crate::import::source::Line;

/// How a heading prints its rule's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A word before the number: "TDA Regel 43", "MEC Regel 2", "Rule 43".
    Worded,
    /// A prefix joined to the number: "RP-5", "OP5", "MEC-2".
    Prefixed,
    /// The number alone: "43.", "43:".
    Numbered,
}

/// A rule number as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// A house or procedure prefix ("MEC", "RP", "OP"); `None` for a rule
    /// of the book's main numbering.
    pub prefix: Option<String>,
    /// The number.
    pub ordinal: u32,
    /// How it is printed.
    pub style: Style,
}

/// One rule as the book prints it.
#[derive(Debug, Clone, PartialEq)]
pub struct BookRule {
    /// The line of its heading (of its first line, without one).
    pub line: usize,
    /// The heading's label as printed ("TDA Regel 43", "RP-5", "4"), if it
    /// has a heading.
    pub label: Option<String>,
    /// The number its heading prints.
    pub printed: Option<Printed>,
    /// The printed title ("" without a heading).
    pub title: String,
    /// Its text, sub-parts and examples.
    pub body: Body,
    /// What the rule is without a heading.
    pub headless: Option<Headless>,
}

/// A rule printed without a heading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Headless {
    /// A paragraph before the first rule that obliges: a house rule.
    FrontMatter,
    /// A note after the last rule ("NOTE: …"): a house note.
    ClosingNote,
}

/// A section of the book.
#[derive(Debug, Clone, PartialEq)]
pub struct BookSection {
    /// Its printed number, if any.
    pub label: Option<String>,
    /// Its title ("" for the rules before any section title).
    pub title: String,
    /// Text between its title and its first rule.
    pub intro: Option<String>,
    /// The line of its title.
    pub line: usize,
    /// Its rules, in order.
    pub rules: Vec<BookRule>,
}

/// Lines of the file not read as rule text, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// First and last line.
    pub lines: (usize, usize),
    /// Why.
    pub why: SkipReason,
}

/// Why lines were set aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipReason {
    /// A table of contents.
    Contents,
    /// A web page's furniture ("Skip to content").
    Furniture,
    /// Short lines after the last rule that are no sentences.
    NotText,
}

/// What lines after the last rule were taken for by their form alone, no
/// cue word naming them: a person confirms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guess {
    /// `Word: text`: a house note.
    Note,
    /// `Word: text` naming a date or an address: the book's source.
    Source,
    /// Short lines that are no sentences: left out (a web page's
    /// furniture).
    NotText,
}

/// Lines after the last rule taken for something by their form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guessed {
    /// What they were taken for.
    pub kind: Guess,
    /// First and last line.
    pub lines: (usize, usize),
    /// Their text (lines joined by " / ").
    pub text: String,
}

/// A line after the last rule that names the document's source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Closing {
    /// Its line.
    pub line: usize,
    /// Its opening word ("Quelle").
    pub label: String,
    /// The rest.
    pub text: String,
}

/// A rulebook's structure.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Book {
    /// The first line, when it reads as a title.
    pub title: Option<String>,
    /// The lines before the first section or rule (the title included).
    pub preamble: Vec<String>,
    /// The sections, in order.
    pub sections: Vec<BookSection>,
    /// What was set aside.
    pub skipped: Vec<Skipped>,
    /// Source lines after the last rule.
    pub closing: Vec<Closing>,
    /// Lines after the last rule that their form alone kept out of its
    /// text.
    pub guessed: Vec<Guessed>,
    /// The table of contents' entries, as (label, title), when it has one.
    pub contents: Vec<(String, String)>,
    /// The numbering restarts in each section (the numbers printed are
    /// not the rules' numbers).
    pub restarts: bool,
    /// Every heading prints the same number: the numbers were lost.
    pub lost_numbers: bool,
}

impl Book {
    /// Every rule, in order.
    pub fn rules(&self) -> impl Iterator<Item = &BookRule> {
        self.sections.iter().flat_map(|s| s.rules.iter())
    }

    /// Every rule, mutably.
    pub fn rules_mut(&mut self) -> impl Iterator<Item = &mut BookRule> {
        self.sections.iter_mut().flat_map(|s| s.rules.iter_mut())
    }
}

/// A line that reads as a heading.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Candidate {
    kind: CandidateKind,
    /// The label as printed ("TDA Regel 43", "RP-5", "43").
    label: String,
    prefix: Option<String>,
    number: u32,
    title: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CandidateKind {
    Rule(Style),
    /// "3 - Potten / Showdown".
    Section,
}

/// Reads the structure of the book's lines.
pub fn read(lines: &[Line], cues: &Cues) -> Book {
    let mut book = Book::default();
    let furniture = furniture_words(cues);
    let mut kept: Vec<&Line> = Vec::with_capacity(lines.len());
    for line in lines {
        if is_furniture(&line.text, &furniture) {
            push_skipped(&mut book.skipped, line.no, SkipReason::Furniture);
        } else {
            kept.push(line);
        }
    }
    let grammar = Grammar::new(cues);
    let candidates: Vec<Option<Candidate>> = kept.iter().map(|l| grammar.candidate(l)).collect();
    let contents = contents_run(&kept, &candidates);
    if let Some((from, to)) = contents {
        for (line, cand) in kept[from..to].iter().zip(&candidates[from..to]) {
            if let Some(c) = cand
                && matches!(c.kind, CandidateKind::Rule(_))
            {
                book.contents.push((c.label.clone(), c.title.clone()));
            }
            push_skipped(&mut book.skipped, line.no, SkipReason::Contents);
        }
    }
    let start = contents.map_or(0, |(_, to)| to);
    let contents_start = contents.map(|(from, _)| from);
    let lines: Vec<&Line> = kept[start..].to_vec();
    let candidates: Vec<Option<Candidate>> = candidates[start..].to_vec();
    let front: Vec<&Line> = contents_start.map_or(Vec::new(), |from| kept[..from].to_vec());

    let headings = choose_headings(&lines, &candidates, &mut book);
    let sections = section_lines(&lines, &candidates, &headings, &grammar);
    assemble(
        &mut book,
        &front,
        &lines,
        &candidates,
        &headings,
        &sections,
        cues,
    );
    book.skipped.sort_by_key(|s| s.lines.0);
    book
}

fn push_skipped(skipped: &mut Vec<Skipped>, no: usize, why: SkipReason) {
    if let Some(last) = skipped.last_mut()
        && last.why == why
        && no <= last.lines.1 + 3
    {
        last.lines.1 = no;
        return;
    }
    skipped.push(Skipped {
        lines: (no, no),
        why,
    });
}

fn furniture_words(cues: &Cues) -> HashSet<String> {
    cues.furniture.iter().map(|w| w.to_lowercase()).collect()
}

/// A short line made only of a web page's words ("Previous Next").
fn is_furniture(text: &str, words: &HashSet<String>) -> bool {
    let tokens: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    !tokens.is_empty() && tokens.len() <= 6 && tokens.iter().all(|t| words.contains(t))
}

/// The heading grammar, with the book's words for "rule".
struct Grammar {
    rule_words: Vec<String>,
    tda: Vec<String>,
    procedures: Vec<String>,
}

impl Grammar {
    fn new(cues: &Cues) -> Grammar {
        Grammar {
            rule_words: cues.all(|c| &c.rule_words),
            tda: cues.tda_prefixes.clone(),
            procedures: cues.procedure_prefixes.clone(),
        }
    }

    fn candidate(&self, line: &Line) -> Option<Candidate> {
        let text = line.text.as_str();
        self.worded(text)
            .or_else(|| prefixed(text))
            .or_else(|| section_numbered(text))
            .or_else(|| numbered(text))
    }

    /// "TDA Regel 43: Title", "MEC Regel 2: Title", "Rule 4 Title".
    fn worded(&self, text: &str) -> Option<Candidate> {
        let (first, rest) = split_word(text);
        let (prefix, word, rest) = if self.is_rule_word(first) {
            (None, first, rest)
        } else {
            let (second, rest2) = split_word(rest);
            let is_prefix = (2..=8).contains(&first.chars().count())
                && first.chars().all(|c| c.is_ascii_uppercase());
            if !is_prefix || !self.is_rule_word(second) {
                return None;
            }
            (Some(first), second, rest2)
        };
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let number: u32 = digits.parse().ok().filter(|n| *n < 1000)?;
        let after = &rest[digits.len()..];
        let title = strip_separator(after)?;
        if !title_within(title, 24) {
            return None;
        }
        let label = format!(
            "{}{word} {digits}",
            prefix.map_or(String::new(), |p| format!("{p} "))
        );
        let prefix = prefix
            .filter(|p| !self.tda.iter().any(|t| t.eq_ignore_ascii_case(p)))
            .map(str::to_string);
        Some(Candidate {
            kind: CandidateKind::Rule(Style::Worded),
            label,
            prefix,
            number,
            title: title.to_string(),
        })
    }

    fn is_rule_word(&self, word: &str) -> bool {
        self.rule_words.iter().any(|w| w.eq_ignore_ascii_case(word))
    }

    fn is_procedure(&self, prefix: &str) -> bool {
        self.procedures
            .iter()
            .any(|p| p.eq_ignore_ascii_case(prefix))
    }
}

/// The first word (up to a space) and the rest, trimmed.
fn split_word(text: &str) -> (&str, &str) {
    match text.split_once(' ') {
        Some((a, b)) => (a, b.trim_start()),
        None => (text, ""),
    }
}

/// The title after a number: past one of `:` `.` `)` `-` and spaces, or
/// glued to the number ("22Discussie").
fn strip_separator(after: &str) -> Option<&str> {
    let trimmed = after.trim_start();
    let rest = match trimmed.chars().next() {
        Some(':' | '.' | ')') => trimmed[1..].trim_start(),
        Some('-' | '–') if trimmed.len() > 1 => {
            trimmed[trimmed.chars().next()?.len_utf8()..].trim_start()
        }
        Some(_) => trimmed,
        None => return None,
    };
    (!rest.is_empty()).then_some(rest)
}

/// Whether `title` can be a heading's title: it starts with a capital (or
/// a quote), is not long, and does not end mid-sentence.
fn title_like(title: &str) -> bool {
    title_within(title, 16)
}

/// [`title_like`], for headings whose form is unmistakable (a rule word, a
/// prefix): their titles may run longer.
fn title_within(title: &str, words: usize) -> bool {
    let first = title.chars().next();
    let starts =
        first.is_some_and(|c| c.is_uppercase() || matches!(c, '„' | '“' | '"' | '\'' | '‘'));
    starts && title.split_whitespace().count() <= words && !title.ends_with([',', ';'])
}

/// "RP-5. Title", "OP5. Title", "MEC-2 Title", "RP-10: Title".
fn prefixed(text: &str) -> Option<Candidate> {
    let letters: String = text
        .chars()
        .take_while(|c| c.is_ascii_uppercase())
        .collect();
    if !(2..=5).contains(&letters.len()) {
        return None;
    }
    let rest = &text[letters.len()..];
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let number: u32 = digits.parse().ok().filter(|n| *n < 1000)?;
    let after = &rest[digits.len()..];
    // "RP-5-D" in a text is a citation, not a heading.
    if after.starts_with('-') {
        return None;
    }
    let title = strip_separator(after)?;
    if !title_within(title, 24) {
        return None;
    }
    Some(Candidate {
        kind: CandidateKind::Rule(Style::Prefixed),
        label: format!("{letters}-{number}"),
        prefix: Some(letters),
        number,
        title: title.to_string(),
    })
}

/// "3 - Potten / Showdown".
fn section_numbered(text: &str) -> Option<Candidate> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let number: u32 = digits.parse().ok().filter(|n| *n < 100)?;
    let title = text[digits.len()..]
        .strip_prefix(" - ")
        .or_else(|| text[digits.len()..].strip_prefix(" – "))?;
    title_like(title).then(|| Candidate {
        kind: CandidateKind::Section,
        label: digits.clone(),
        prefix: None,
        number,
        title: title.trim().to_string(),
    })
}

/// "43. Title", "43: Title", "43 Title", "22Title".
fn numbered(text: &str) -> Option<Candidate> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let number: u32 = digits.parse().ok()?;
    let after = &text[digits.len()..];
    // "1.) item", "2.5 %" and "10 van 10" are no headings.
    if after.starts_with(".)") || after.starts_with(|c: char| c.is_ascii_digit() || c == ',') {
        return None;
    }
    let title = strip_separator(after)?;
    if !title_like(title) || after.starts_with('-') {
        return None;
    }
    Some(Candidate {
        kind: CandidateKind::Rule(Style::Numbered),
        label: number.to_string(),
        prefix: None,
        number,
        title: title.to_string(),
    })
}

/// The table of contents, as a range of lines: a run of headings with no
/// text between them, whose entries the body prints again. The run ends
/// where an entry comes again (the body's first headings follow the
/// contents directly); a short line just before it (its title) goes with
/// it.
fn contents_run(lines: &[&Line], candidates: &[Option<Candidate>]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i < lines.len() {
        if candidates[i].is_none() {
            i += 1;
            continue;
        }
        let start = i;
        let mut seen: Vec<&Candidate> = Vec::new();
        let mut end = i;
        while end < lines.len() {
            match &candidates[end] {
                Some(c) if !seen.contains(&c) => seen.push(c),
                _ => break,
            }
            end += 1;
        }
        let rules = seen
            .iter()
            .filter(|c| matches!(c.kind, CandidateKind::Rule(_)))
            .count();
        let again = seen
            .iter()
            .filter(|c| candidates[end..].iter().flatten().any(|later| later == **c))
            .count();
        if rules >= 4 && again * 2 >= seen.len() {
            let title_before = start > 0
                && candidates[start - 1].is_none()
                && lines[start - 1].text.split_whitespace().count() <= 5
                && !lines[start - 1].text.ends_with('.');
            return Some((if title_before { start - 1 } else { start }, end));
        }
        i = end.max(start + 1);
    }
    None
}

/// Which candidate lines are rule headings.
fn choose_headings(
    lines: &[&Line],
    candidates: &[Option<Candidate>],
    book: &mut Book,
) -> Vec<bool> {
    let mut heading = vec![false; lines.len()];
    let is = |i: usize, style: Style| matches!(&candidates[i], Some(c) if c.kind == CandidateKind::Rule(style));
    let worded = (0..lines.len()).filter(|&i| is(i, Style::Worded)).count();
    // A heading has text after it: a candidate followed at once by the
    // next number is a list item, not a heading.
    let has_body = |i: usize| match candidates.get(i + 1) {
        None => false,
        Some(None) => true,
        Some(Some(next)) => {
            let Some(c) = &candidates[i] else {
                return false;
            };
            !(next.kind == c.kind && next.number == c.number + 1 && next.prefix == c.prefix)
        }
    };
    for (i, h) in heading.iter_mut().enumerate() {
        *h = is(i, Style::Prefixed) && has_body(i);
    }
    if worded >= 3 {
        for (i, h) in heading.iter_mut().enumerate() {
            *h |= is(i, Style::Worded);
        }
        return heading;
    }
    let items = list_items(lines, candidates);
    let numbered: Vec<usize> = (0..lines.len())
        .filter(|&i| is(i, Style::Numbered) && !items[i] && has_body(i))
        .collect();
    let ones = numbered
        .iter()
        .filter(|&&i| candidates[i].as_ref().is_some_and(|c| c.number == 1))
        .count();
    if numbered.len() >= 5 && ones * 10 >= numbered.len() * 6 {
        // The numbers were lost: every heading prints "1.".
        book.lost_numbers = true;
        for &i in &numbered {
            if candidates[i].as_ref().is_some_and(|c| c.number == 1) {
                heading[i] = true;
            }
        }
        return heading;
    }
    let mut expected: Option<u32> = None;
    let mut last: Option<usize> = None;
    for &i in &numbered {
        let Some(c) = &candidates[i] else { continue };
        let n = c.number;
        let titled_between = last.is_some_and(|l| {
            (l + 1..i).any(|j| candidates[j].is_none() && section_title_like(&lines[j].text))
        }) && i > 0
            && candidates[i - 1].is_none()
            && section_title_like(&lines[i - 1].text);
        let accept = match expected {
            None => n == 1 || (n <= 3 && lines[i].blank_before),
            Some(e) if n == e => true,
            Some(_) if n == 1 && titled_between => {
                book.restarts = true;
                true
            }
            Some(e) if n > e && n <= e + 2 => true,
            Some(e) if n > e && titled_between => true,
            _ => false,
        };
        if accept {
            heading[i] = true;
            expected = Some(n + 1);
            last = Some(i);
        }
    }
    heading
}

/// Numbered lines that are list items: runs of consecutive numbers with no
/// text between (a heading always has text after it).
fn list_items(lines: &[&Line], candidates: &[Option<Candidate>]) -> Vec<bool> {
    let mut items = vec![false; lines.len()];
    // Any line that starts with a number and a full stop or bracket, title
    // or not.
    let numbered = |i: usize| {
        let c = candidates.get(i)?;
        if c.as_ref()
            .is_some_and(|c| c.kind != CandidateKind::Rule(Style::Numbered))
        {
            return None;
        }
        let text = &lines.get(i)?.text;
        let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
        let after = &text[digits.len()..];
        (!digits.is_empty()
            && digits.len() <= 2
            && (after.starts_with(". ") || after.starts_with(") ") || after.starts_with(".) ")))
        .then(|| digits.parse::<u32>().ok())
        .flatten()
    };
    for i in 0..lines.len() {
        let (Some(n), Some(m)) = (numbered(i), numbered(i + 1)) else {
            continue;
        };
        if m == n + 1 {
            items[i] = true;
            items[i + 1] = true;
        }
    }
    items
}

/// A line that can be a section's title: short, and not a sentence.
fn section_title_like(text: &str) -> bool {
    let words = text.split_whitespace().count();
    let first = text.chars().next();
    first.is_some_and(|c| c.is_uppercase())
        && words <= 12
        && !text.ends_with(['.', ',', ';'])
        && (!text.ends_with(':') || words <= 4)
        && !text.contains(". ")
}

/// The lines that are section titles.
fn section_lines(
    lines: &[&Line],
    candidates: &[Option<Candidate>],
    headings: &[bool],
    grammar: &Grammar,
) -> Vec<bool> {
    let mut section = vec![false; lines.len()];
    let numbered_sections = candidates
        .iter()
        .flatten()
        .filter(|c| c.kind == CandidateKind::Section)
        .count();
    if numbered_sections >= 2 {
        for (i, c) in candidates.iter().enumerate() {
            if matches!(c, Some(c) if c.kind == CandidateKind::Section) && !headings[i] {
                section[i] = true;
            }
        }
    }
    let family = |i: usize| {
        candidates[i].as_ref().map(|c| {
            let procedure = c.prefix.as_deref().is_some_and(|p| grammar.is_procedure(p));
            (c.prefix.clone(), procedure)
        })
    };
    let heading_lines: Vec<usize> = (0..lines.len()).filter(|&i| headings[i]).collect();
    for (k, &h) in heading_lines.iter().enumerate() {
        if h == 0 {
            continue;
        }
        let before = h - 1;
        if headings[before] || section[before] || candidates[before].is_some() {
            continue;
        }
        // The previous rule keeps at least one line of its own.
        let previous = k.checked_sub(1).map(|p| heading_lines[p]);
        let leaves_text = previous.is_none_or(|p| before > p + 1);
        if numbered_sections < 2 && leaves_text && section_title_like(&lines[before].text) {
            section[before] = true;
            continue;
        }
        // Where the family of headings changes (rules to procedures),
        // a title line may stand before an introduction.
        let Some(p) = previous else { continue };
        if family(p) == family(h) || (p + 1..h).any(|j| section[j]) {
            continue;
        }
        if let Some(t) = (p + 2..h).rev().find(|&j| {
            section_title_like(&lines[j].text) && lines[j].text.split_whitespace().count() <= 6
        }) && !section[t]
        {
            section[t] = true;
        }
    }
    section
}

/// Builds the book from the chosen headings and section titles.
#[allow(clippy::too_many_arguments)]
fn assemble(
    book: &mut Book,
    front: &[&Line],
    lines: &[&Line],
    candidates: &[Option<Candidate>],
    headings: &[bool],
    sections: &[bool],
    cues: &Cues,
) {
    let first_mark = (0..lines.len()).find(|&i| headings[i] || sections[i]);
    let mut front_lines: Vec<&Line> = front.to_vec();
    front_lines.extend(lines[..first_mark.unwrap_or(lines.len())].iter().copied());
    // The title is the first line when it is short.
    if let Some(first) = front_lines.first()
        && first.text.split_whitespace().count() <= 12
        && !first.text.ends_with('.')
    {
        book.title = Some(first.text.clone());
    }
    let obliging: Vec<String> = cues
        .all(|c| &c.obliging_words)
        .iter()
        .map(|w| w.to_lowercase())
        .collect();
    // Paragraphs that oblige, after the title, before any section title:
    // house rules without a heading.
    let mut house_front: Vec<BookRule> = Vec::new();
    let mut preamble = Vec::new();
    let start_section = first_mark.is_some_and(|i| sections[i]);
    for (k, line) in front_lines.iter().enumerate() {
        let obliges = k > 0 && !start_section && has_any(&line.text, &obliging);
        if obliges || (!house_front.is_empty() && k + 1 == front_lines.len() && !start_section) {
            house_front.push(BookRule {
                line: line.no,
                label: None,
                printed: None,
                title: String::new(),
                body: body::parse(&[(*line).clone()], cues),
                headless: Some(Headless::FrontMatter),
            });
        } else {
            preamble.push(line.text.clone());
        }
    }
    book.preamble = preamble;
    let mut current = BookSection {
        label: None,
        title: if house_front.is_empty() {
            String::new()
        } else {
            book.title.clone().unwrap_or_default()
        },
        intro: None,
        line: front_lines.first().map_or(1, |l| l.no),
        rules: house_front,
    };
    let Some(mut i) = first_mark else {
        book.sections.push(current);
        return;
    };
    let note_words = cues.all(|c| &c.note_words);
    let source_words = cues.all(|c| &c.source_words);
    let example_words = cues.all(|c| &c.example_words);
    while i < lines.len() {
        if sections[i] {
            if !current.rules.is_empty() || !current.title.is_empty() || current.intro.is_some() {
                book.sections.push(std::mem::replace(
                    &mut current,
                    BookSection {
                        label: None,
                        title: String::new(),
                        intro: None,
                        line: lines[i].no,
                        rules: Vec::new(),
                    },
                ));
            }
            let (label, title) = match &candidates[i] {
                Some(c) if c.kind == CandidateKind::Section => {
                    (Some(c.label.clone()), c.title.clone())
                }
                _ => (None, lines[i].text.trim_end_matches(':').to_string()),
            };
            let title = if lines[i].text.ends_with(':')
                && candidates[i].is_none()
                && i + 1 < lines.len()
                && !headings[i + 1]
            {
                lines[i].text.clone()
            } else {
                title
            };
            current.label = label;
            current.title = title;
            current.line = lines[i].no;
            let end = next_mark(i + 1, headings, sections);
            let intro: Vec<&str> = lines[i + 1..end].iter().map(|l| l.text.as_str()).collect();
            if !intro.is_empty() {
                current.intro = Some(join_paragraphs(&lines[i + 1..end]));
            }
            i = end;
            continue;
        }
        // A rule heading.
        let Some(c) = &candidates[i] else {
            i += 1;
            continue;
        };
        let end = next_mark(i + 1, headings, sections);
        let mut body_lines: Vec<Line> = lines[i + 1..end].iter().map(|l| (*l).clone()).collect();
        let mut trailing: Vec<BookRule> = Vec::new();
        if end == lines.len() {
            // After the last rule: a closing note, and the source.
            while let Some(last) = body_lines.last().cloned() {
                if let Some((label, text)) = opening_word(&last.text, &source_words) {
                    book.closing.insert(
                        0,
                        Closing {
                            line: last.no,
                            label,
                            text,
                        },
                    );
                    body_lines.pop();
                } else if opening_word(&last.text, &note_words).is_some() {
                    body_lines.pop();
                    trailing.insert(0, closing_note(last, cues));
                } else if let Some(guess) = by_form(&body_lines, &example_words) {
                    // No cue word names the line: its form says it is no
                    // rule text, and a person confirms what it is.
                    body_lines.pop();
                    guessed(&mut book.guessed, guess, &last);
                    match guess {
                        Guess::Source => {
                            if let Some((label, text)) = last.text.split_once(':') {
                                book.closing.insert(
                                    0,
                                    Closing {
                                        line: last.no,
                                        label: label.trim().to_string(),
                                        text: text.trim().to_string(),
                                    },
                                );
                            }
                        }
                        Guess::Note => trailing.insert(0, closing_note(last, cues)),
                        Guess::NotText => {}
                    }
                } else {
                    break;
                }
            }
            for g in book.guessed.iter().filter(|g| g.kind == Guess::NotText) {
                book.skipped.push(Skipped {
                    lines: g.lines,
                    why: SkipReason::NotText,
                });
            }
        }
        let Candidate {
            label,
            prefix,
            number,
            title,
            kind,
        } = c.clone();
        let style = match kind {
            CandidateKind::Rule(s) => s,
            CandidateKind::Section => Style::Numbered,
        };
        let prefix = prefix.filter(|_| style != Style::Numbered);
        current.rules.push(BookRule {
            line: lines[i].no,
            label: Some(label),
            printed: Some(Printed {
                prefix,
                ordinal: number,
                style,
            }),
            title,
            body: body::parse(&body_lines, cues),
            headless: None,
        });
        if !trailing.is_empty() {
            book.sections.push(std::mem::replace(
                &mut current,
                BookSection {
                    label: None,
                    title: String::new(),
                    intro: None,
                    line: trailing[0].line,
                    rules: Vec::new(),
                },
            ));
            current.title = trailing
                .first()
                .and_then(|r| opening_word(&r.body.text, &note_words))
                .map(|(w, _)| w)
                .unwrap_or_default();
            current.rules = trailing;
        }
        i = end;
    }
    book.sections.push(current);
    book.sections
        .retain(|s| !s.rules.is_empty() || s.intro.is_some());
}

/// A closing note: a house rule without a heading.
fn closing_note(note: Line, cues: &Cues) -> BookRule {
    BookRule {
        line: note.no,
        label: None,
        printed: None,
        title: String::new(),
        body: body::parse(&[note], cues),
        headless: Some(Headless::ClosingNote),
    }
}

/// What the last of the last rule's lines is by its form, when it is no
/// rule text: `Word: text` opened by a single word that is no part label
/// or example marker (a note; the source when it names a year or an
/// address), or a short line that is no sentence. The rule keeps at least
/// one line.
fn by_form(body: &[Line], example_words: &[String]) -> Option<Guess> {
    let [.., before, last] = body else {
        return None;
    };
    let text = last.text.trim();
    if let Some((head, rest)) = text.split_once(':') {
        let head = head.trim();
        let word = head.chars().count() >= 2
            && head.chars().all(char::is_alphabetic)
            && head.chars().next().is_some_and(char::is_uppercase)
            && !example_words.iter().any(|w| w.eq_ignore_ascii_case(head));
        if word && !rest.trim().is_empty() {
            let source = rest.contains("http")
                || rest.contains("www.")
                || rest
                    .split(|c: char| !c.is_ascii_digit())
                    .any(|d| d.len() == 4 && (d.starts_with("19") || d.starts_with("20")));
            return Some(if source { Guess::Source } else { Guess::Note });
        }
    }
    // After a line that ends a sentence, short lines that end none.
    let words = text.split_whitespace().count();
    let sentence_end = |t: &str| t.trim_end().ends_with(['.', '!', '?', ':', ';', ',', ')']);
    let not_text = words <= 6
        && !sentence_end(text)
        && text.chars().next().is_some_and(char::is_alphabetic)
        && !text.chars().any(|c| c.is_ascii_digit());
    let after_text = sentence_end(&before.text) || body.len() > 2;
    (not_text && after_text).then_some(Guess::NotText)
}

/// Adds a line to the guesses, joining it to the run of the same kind
/// that follows it (lines are read from the end).
fn guessed(list: &mut Vec<Guessed>, kind: Guess, line: &Line) {
    if let Some(g) = list.first_mut()
        && g.kind == kind
        && kind == Guess::NotText
        && g.lines.0 <= line.no + 3
    {
        g.lines.0 = line.no;
        g.text = format!("{} / {}", line.text, g.text);
        return;
    }
    list.insert(
        0,
        Guessed {
            kind,
            lines: (line.no, line.no),
            text: line.text.clone(),
        },
    );
}

fn next_mark(from: usize, headings: &[bool], sections: &[bool]) -> usize {
    (from..headings.len())
        .find(|&j| headings[j] || sections[j])
        .unwrap_or(headings.len())
}

/// Paragraphs as one text, a line each.
fn join_paragraphs(lines: &[&Line]) -> String {
    lines
        .iter()
        .map(|l| l.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `text` has one of `words` (whole words, any case).
pub(crate) fn has_any(text: &str, words: &[String]) -> bool {
    let lower = text.to_lowercase();
    words.iter().any(|w| {
        lower.match_indices(w.as_str()).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + w.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    })
}

/// `Word: rest` where Word is one of `words`: the word and the rest.
fn opening_word(text: &str, words: &[String]) -> Option<(String, String)> {
    let (head, rest) = text.split_once(':')?;
    let head = head.trim();
    words
        .iter()
        .any(|w| w == head)
        .then(|| (head.to_string(), rest.trim().to_string()))
}
