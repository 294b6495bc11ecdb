//! A rule's body: its text, lettered or numbered sub-parts with their
//! items, the text after them, and worked examples.
//!
//! Lines broken in the middle of a sentence (a PDF's page or column break)
//! are joined. Parts are read from labels at the start of a line ("A:",
//! "A.", "- A.", "B)", "1.", " - a.") that go on in order; items written
//! in a sentence ("… include: 1) …; 2) …", "either A) … or B) …") become
//! parts too. An example starts at its marker ("Voorbeeld:", "Ex-1:",
//! "z.B.", "Príklad č.1:") and belongs to the part it follows; a marker on a
//! line of its own takes the lines after it. Every word of the body is
//! kept, in reading order.

use crate::import::cues::Cues;
use crate::import::source::Line;
use crate::rules::{Example, Part};

/// A rule's text, sub-parts and examples, as `Rule` holds them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Body {
    /// Text before the sub-parts.
    pub text: String,
    /// The sub-parts.
    pub parts: Vec<Part>,
    /// Text after the sub-parts.
    pub tail: String,
    /// Examples of the rule as a whole.
    pub examples: Vec<Example>,
}

/// A label at the start of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Upper(char),
    Lower(char),
    Number(u32),
}

impl Label {
    fn text(self) -> String {
        match self {
            Label::Upper(c) | Label::Lower(c) => c.to_string(),
            Label::Number(n) => n.to_string(),
        }
    }

    /// The label after this one.
    fn next(self) -> Label {
        match self {
            Label::Upper(c) => Label::Upper(char::from(c as u8 + 1)),
            Label::Lower(c) => Label::Lower(char::from(c as u8 + 1)),
            Label::Number(n) => Label::Number(n + 1),
        }
    }

    fn first_of(self) -> Label {
        match self {
            Label::Upper(_) => Label::Upper('A'),
            Label::Lower(_) => Label::Lower('a'),
            Label::Number(_) => Label::Number(1),
        }
    }

    fn same_kind(self, other: Label) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }
}

/// Reads a rule's body from its lines.
pub fn parse(lines: &[Line], cues: &Cues) -> Body {
    let markers = cues.all(|c| &c.example_words);
    let units = join_broken(lines);
    let upper_later: Vec<bool> = (0..units.len())
        .map(|i| {
            units[i + 1..]
                .iter()
                .any(|u| matches!(label_at(u), Some((Label::Upper('B'), _))))
        })
        .collect();
    let mut b = Builder::default();
    for (i, unit) in units.iter().enumerate() {
        if let Some((label, rest)) = example_at(unit, &markers) {
            b.example(label, rest);
            continue;
        }
        let labelled = label_at(unit).or_else(|| {
            // "ABij een showdown": A glued to its text, where B follows.
            (b.expects_top() == Some(Label::Upper('A')) && upper_later[i])
                .then(|| glued_a(unit))
                .flatten()
        });
        match labelled {
            Some((label, rest)) if b.takes(label) => b.label(label, rest, &markers),
            _ => b.plain(unit, &markers),
        }
    }
    b.finish()
}

/// Lines with breaks in mid-sentence joined: a line that ends in a letter
/// or digit, followed by one that starts in lower case, go on from it.
fn join_broken(lines: &[Line]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in lines {
        let text = line.text.as_str();
        let continues = out.last().is_some_and(|prev: &String| {
            let ends = prev
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric());
            let mut chars = text.chars();
            let starts = match chars.next() {
                Some(c) if c.is_lowercase() => true,
                Some('“' | '"' | '‘' | '(') => chars.next().is_some_and(char::is_lowercase),
                _ => false,
            };
            ends && starts && label_at(text).is_none()
        });
        match out.last_mut() {
            Some(prev) if continues => {
                prev.push(' ');
                prev.push_str(text);
            }
            _ => out.push(text.to_string()),
        }
    }
    out
}

/// A label at the start of `text` ("A:", "- A.", "b)", "1.", "1)",
/// ": 1)"), and the text after it.
fn label_at(text: &str) -> Option<(Label, &str)> {
    let bare = text
        .strip_prefix("- ")
        .or_else(|| text.strip_prefix("• "))
        .or_else(|| text.strip_prefix("* "))
        .or_else(|| text.strip_prefix(": "))
        .unwrap_or(text);
    let mut chars = bare.char_indices();
    let (_, first) = chars.next()?;
    let (label, rest) = if first.is_ascii_digit() {
        let digits: String = bare.chars().take_while(char::is_ascii_digit).collect();
        if digits.len() > 2 {
            return None;
        }
        (Label::Number(digits.parse().ok()?), &bare[digits.len()..])
    } else if first.is_ascii_uppercase() {
        (Label::Upper(first), &bare[1..])
    } else if first.is_ascii_lowercase() {
        (Label::Lower(first), &bare[1..])
    } else {
        return None;
    };
    let rest = rest
        .strip_prefix(".)")
        .or_else(|| rest.strip_prefix(':'))
        .or_else(|| rest.strip_prefix(')'))
        // "a. text", "A. text", "1. text"; not "e.g." or "z.B.".
        .or_else(|| rest.strip_prefix('.'))?;
    if !rest.starts_with(' ') && !rest.is_empty() {
        return None;
    }
    let rest = rest.trim_start();
    if rest.is_empty() {
        return None;
    }
    Some((label, rest))
}

/// "ABij een …": the label A glued to a capitalised word.
fn glued_a(text: &str) -> Option<(Label, &str)> {
    let rest = text.strip_prefix('A')?;
    let mut chars = rest.chars();
    let (a, b) = (chars.next()?, chars.next()?);
    (a.is_uppercase() && b.is_lowercase()).then_some((Label::Upper('A'), rest))
}

/// An example's marker at the start of `text` ("Voorbeeld:", "Voorbeeld
/// 1:", "Ex-1:", "Príklad č.1:", "z.B."): the marker as printed and the
/// text after it.
fn example_at<'t>(text: &'t str, markers: &[String]) -> Option<(String, &'t str)> {
    for marker in markers {
        let Some(head) = text.get(..marker.len()) else {
            continue;
        };
        if !head.eq_ignore_ascii_case(marker) {
            continue;
        }
        let rest = &text[marker.len()..];
        // An optional number: " 1", "-1", " č.1".
        let numbered = rest
            .strip_prefix(" č.")
            .or_else(|| rest.strip_prefix('-'))
            .or_else(|| rest.strip_prefix(' '))
            .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()));
        let (label_len, rest) = match numbered {
            Some(r) => {
                let digits = r.chars().take_while(char::is_ascii_digit).count();
                (text.len() - r.len() + digits, &r[digits..])
            }
            None => (marker.len(), rest),
        };
        let label = &text[..label_len];
        if marker.ends_with('.') {
            if rest.is_empty() || rest.starts_with([' ', ':']) {
                let rest = rest.trim_start_matches([' ', ':']);
                return Some((label.to_string(), rest));
            }
            continue;
        }
        if let Some(after) = rest.strip_prefix(':') {
            return Some((label.to_string(), after.trim_start()));
        }
    }
    None
}

/// Where an example marker starts inside `text`, after a sentence's end.
fn inline_example(text: &str, markers: &[String]) -> Option<usize> {
    let mut at = 0;
    while let Some(off) = text[at..].find(". ") {
        let start = at + off + 2;
        if example_at(&text[start..], markers).is_some() {
            return Some(start);
        }
        at = start;
    }
    None
}

/// Splits `text` at its example markers: the text before, and each
/// example.
fn split_examples(text: &str, markers: &[String]) -> (String, Vec<Example>) {
    let Some(start) = inline_example(text, markers) else {
        return (text.to_string(), Vec::new());
    };
    let lead = text[..start].trim_end().to_string();
    let mut examples = Vec::new();
    let mut rest = &text[start..];
    while let Some((label, after)) = example_at(rest, markers) {
        let next = inline_example(after, markers);
        let (own, more) = match next {
            Some(n) => (&after[..n], &after[n..]),
            None => (after, ""),
        };
        examples.push(Example {
            label,
            text: own.trim().to_string(),
            against_rule: false,
        });
        if more.is_empty() {
            break;
        }
        rest = more;
    }
    (lead, examples)
}

/// A sentence's items: the lead-in, each item, and the tail.
type Inline = (String, Vec<(Label, String)>, String);

/// Items written in a sentence: "… 1) x; 2) y", "either A) x or B) y",
/// "A: x B: y". The lead-in, the items, and a tail (what follows the
/// last item's sentence).
fn inline_items(text: &str) -> Option<Inline> {
    for (first, close) in [
        (Label::Number(1), ')'),
        (Label::Upper('A'), ')'),
        (Label::Upper('A'), ':'),
    ] {
        let mut marks: Vec<(Label, usize, usize)> = Vec::new();
        let mut want = first;
        let mut from = 0;
        while let Some((at, len)) = find_mark(text, from, want, close) {
            marks.push((want, at, at + len));
            from = at + len;
            want = want.next();
        }
        if marks.len() < 2 {
            continue;
        }
        let lead = text[..marks[0].1].trim_end().to_string();
        if lead.is_empty() && close == ':' {
            continue;
        }
        let mut items = Vec::new();
        let mut tail = String::new();
        for (k, &(label, _, start)) in marks.iter().enumerate() {
            let end = marks.get(k + 1).map_or(text.len(), |m| m.1);
            let mut own = text[start..end].trim().to_string();
            if k + 1 == marks.len()
                && let Some(cut) = sentence_end(&own)
            {
                tail = own[cut..].trim().to_string();
                own.truncate(cut);
                own = own.trim_end().to_string();
            }
            items.push((label, own));
        }
        return Some((lead, items, tail));
    }
    None
}

/// A label `want` followed by `close` at a word's start in `text`, from
/// byte `from`: its position and length.
fn find_mark(text: &str, from: usize, want: Label, close: char) -> Option<(usize, usize)> {
    let needle = format!("{}{close}", want.text());
    let mut at = from;
    while let Some(off) = text.get(at..)?.find(&needle) {
        let pos = at + off;
        let before = text[..pos].chars().next_back();
        let after = text[pos + needle.len()..].chars().next();
        let word_start = before.is_none_or(|c| c == ' ' || c == '(');
        if word_start && after.is_none_or(|c| c == ' ') && (pos > 0 || close == ')') {
            return Some((pos, needle.len()));
        }
        at = pos + needle.len();
    }
    None
}

/// The end of the first sentence of `text` when another follows (". " and
/// a capital), as a byte offset after the full stop.
fn sentence_end(text: &str) -> Option<usize> {
    let mut at = 0;
    while let Some(off) = text[at..].find(". ") {
        let pos = at + off + 1;
        if text[pos + 1..].starts_with(|c: char| c.is_uppercase()) {
            return Some(pos);
        }
        at = pos + 1;
    }
    None
}

fn push_line(into: &mut String, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    if !into.is_empty() {
        into.push('\n');
    }
    into.push_str(text);
}

fn part(label: Label, text: String) -> Part {
    Part {
        label: label.text(),
        text,
        parts: Vec::new(),
        tail: String::new(),
        examples: Vec::new(),
        not_applicable: false,
        notes: None,
    }
}

/// Where the next example or loose text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    Rule,
    Part,
    Item,
}

#[derive(Default)]
struct Builder {
    body: Body,
    /// An example taking the lines after its marker.
    open_example: bool,
    /// Where the last content went.
    at: Option<Open>,
    /// Loose text after the parts, until it is known whose it is.
    pending: Vec<String>,
}

impl Builder {
    fn top_kind(&self) -> Option<Label> {
        self.body.parts.last().and_then(|p| parse_label(&p.label))
    }

    /// The label a new top-level part would take next.
    fn expects_top(&self) -> Option<Label> {
        match self.top_kind() {
            None => Some(Label::Upper('A')),
            Some(l) => Some(l.next()),
        }
    }

    fn item_kind(&self) -> Option<Label> {
        self.body
            .parts
            .last()
            .and_then(|p| p.parts.last())
            .and_then(|p| parse_label(&p.label))
    }

    /// Whether `label` goes on from the parts so far (as a part or an
    /// item); otherwise the line is text.
    fn takes(&self, label: Label) -> bool {
        self.place(label).is_some()
    }

    fn place(&self, label: Label) -> Option<Open> {
        let top = self.top_kind();
        let item = self.item_kind();
        if let Some(t) = top
            && label.same_kind(t)
            && label == t.next()
        {
            return Some(Open::Part);
        }
        if top.is_some() {
            let last = self.body.parts.last()?;
            match item {
                Some(i) if label.same_kind(i) && label == i.next() => return Some(Open::Item),
                None if label == label.first_of()
                    && !top.is_some_and(|t| t.same_kind(label))
                    && (last.text.ends_with(':') || matches!(label, Label::Lower(_))) =>
                {
                    return Some(Open::Item);
                }
                _ => {}
            }
            return None;
        }
        (label == label.first_of()).then_some(Open::Part)
    }

    fn settle_pending(&mut self, into_part: bool) {
        if self.pending.is_empty() {
            return;
        }
        let text = std::mem::take(&mut self.pending).join("\n");
        match self.body.parts.last_mut() {
            Some(last) if into_part => {
                if last.parts.is_empty() && last.examples.is_empty() {
                    push_line(&mut last.text, &text);
                } else {
                    push_line(&mut last.tail, &text);
                }
            }
            _ => push_line(&mut self.body.tail, &text),
        }
    }

    fn label(&mut self, label: Label, rest: &str, markers: &[String]) {
        self.open_example = false;
        let (own, examples) = split_examples(rest, markers);
        match self.place(label) {
            Some(Open::Part) => {
                self.settle_pending(true);
                let mut p = part(label, String::new());
                fill(&mut p, &own);
                p.examples = examples;
                self.body.parts.push(p);
                self.at = Some(Open::Part);
            }
            Some(Open::Item) => {
                self.settle_pending(true);
                if let Some(last) = self.body.parts.last_mut() {
                    let mut p = part(label, String::new());
                    fill(&mut p, &own);
                    p.examples = examples;
                    last.parts.push(p);
                }
                self.at = Some(Open::Item);
            }
            _ => {}
        }
    }

    fn example(&mut self, label: String, rest: &str) {
        self.open_example = rest.trim().is_empty();
        let example = Example {
            label,
            text: rest.trim().to_string(),
            against_rule: false,
        };
        if !self.pending.is_empty() {
            self.settle_pending(false);
            self.body.examples.push(example);
            self.at = Some(Open::Rule);
            return;
        }
        match self.at {
            Some(Open::Item) => {
                if let Some(item) = self.body.parts.last_mut().and_then(|p| p.parts.last_mut()) {
                    item.examples.push(example);
                }
            }
            Some(Open::Part) => {
                if let Some(p) = self.body.parts.last_mut() {
                    p.examples.push(example);
                }
            }
            _ => self.body.examples.push(example),
        }
    }

    fn open_example_text(&mut self) -> Option<&mut String> {
        let examples = match self.at {
            Some(Open::Item) => &mut self.body.parts.last_mut()?.parts.last_mut()?.examples,
            Some(Open::Part) => &mut self.body.parts.last_mut()?.examples,
            _ => &mut self.body.examples,
        };
        examples.last_mut().map(|e| &mut e.text)
    }

    fn plain(&mut self, text: &str, markers: &[String]) {
        if self.open_example
            && let Some(example) = self.open_example_text()
        {
            push_line(example, text);
            return;
        }
        self.open_example = false;
        let (own, examples) = split_examples(text, markers);
        if self.body.parts.is_empty() {
            if self.body.text.is_empty()
                && let Some((lead, items, tail)) = inline_items(&own)
                && items.first().is_some_and(|(l, _)| *l == l.first_of())
            {
                self.body.text = lead;
                for (label, text) in items {
                    self.body.parts.push(part(label, text));
                }
                push_line(&mut self.body.tail, &tail);
                self.body.examples.extend(examples);
                self.at = Some(Open::Rule);
                return;
            }
            push_line(&mut self.body.text, &own);
            self.body.examples.extend(examples);
            self.at = Some(Open::Rule);
            return;
        }
        if !own.trim().is_empty() {
            self.pending.push(own);
        }
        if !examples.is_empty() {
            self.settle_pending(false);
            self.body.examples.extend(examples);
        }
        self.at = Some(Open::Rule);
    }

    fn finish(mut self) -> Body {
        self.settle_pending(false);
        self.body
    }
}

/// A part's own text, with items written in its sentence split out.
fn fill(p: &mut Part, text: &str) {
    match inline_items(text) {
        Some((lead, items, tail)) if !lead.is_empty() => {
            p.text = lead;
            p.parts = items.into_iter().map(|(l, t)| part(l, t)).collect();
            p.tail = tail;
        }
        _ => p.text = text.to_string(),
    }
}

fn parse_label(label: &str) -> Option<Label> {
    let mut chars = label.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return label.parse().ok().map(Label::Number);
    }
    Some(if c.is_ascii_digit() {
        Label::Number(c.to_digit(10)?)
    } else if c.is_ascii_uppercase() {
        Label::Upper(c)
    } else {
        Label::Lower(c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::source::{Kind, lines};

    fn cues() -> Cues {
        Cues::load(&crate::data::DataSource::Embedded).expect("cues")
    }

    fn body(text: &str) -> Body {
        parse(&lines(text, Kind::Text), &cues())
    }

    #[test]
    fn lettered_parts_with_items_and_a_tail() {
        let b = body(
            "A: Misdeals are:\n 1. two boxed cards\n 2. first card wrong\n\
             B: Two cards to the button.\nThe rest is for the TD.",
        );
        assert_eq!(b.text, "");
        assert_eq!(b.parts.len(), 2);
        assert_eq!(b.parts[0].parts.len(), 2);
        assert_eq!(b.parts[0].parts[1].text, "first card wrong");
        assert_eq!(b.tail, "The rest is for the TD.");
    }

    #[test]
    fn items_in_a_sentence_become_parts() {
        let b =
            body("Substantial Action is either A) any 2 actions or B) any 3 actions. See Rule 35.");
        assert_eq!(b.text, "Substantial Action is either");
        assert_eq!(
            b.parts.iter().map(|p| p.text.as_str()).collect::<Vec<_>>(),
            ["any 2 actions or", "any 3 actions."]
        );
        assert_eq!(b.tail, "See Rule 35.");
    }

    #[test]
    fn examples_belong_to_the_part_they_follow() {
        let b = body(
            "A: A raise must be a full raise. Ex-1: A opens, B raises. Ex-2: more.\n\
             B: Declaring raise and an amount is the total.\nVoorbeeld:\nSpeler A bet.\nSpeler B raist.",
        );
        assert_eq!(b.parts[0].text, "A raise must be a full raise.");
        assert_eq!(b.parts[0].examples.len(), 2);
        assert_eq!(b.parts[0].examples[1].label, "Ex-2");
        assert_eq!(
            b.parts[1].examples[0].text,
            "Speler A bet.\nSpeler B raist."
        );
    }

    #[test]
    fn a_sentence_broken_by_a_page_is_joined() {
        let b = body("Other\n\ndevices must not create a nuisance.");
        assert_eq!(b.text, "Other devices must not create a nuisance.");
    }
}
