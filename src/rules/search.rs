//! Ranked full-text search over rule titles and texts, case- and
//! accent-insensitive in every language.
//!
//! Searching works on [`Doc`]s: a rule's identity, title and text with their
//! folded forms. For the bundled editions the folded forms are computed at
//! build time (`embedded_docs`), so a search parses no edition at all.

use std::borrow::Cow;

use crate::rules::{Edition, Rule};
use crate::text::{Folded, fold, fold_mapped, terms};

/// A searchable rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doc<'a> {
    /// The edition's id.
    pub edition: &'a str,
    /// The rule number.
    pub number: &'a str,
    /// The concept.
    pub concept: &'a str,
    /// The title.
    pub title: &'a str,
    /// The whole text (`Rule::full_text`).
    pub text: Cow<'a, str>,
    /// The folded title.
    pub folded_title: Cow<'a, str>,
    /// The folded whole text.
    pub folded_text: Cow<'a, str>,
}

impl<'a> Doc<'a> {
    /// The doc of a parsed rule (editions not in the build-time index:
    /// `--data` trees and house overlays).
    pub fn of(edition: &'a Edition, rule: &'a Rule) -> Doc<'a> {
        let text = rule.full_text();
        Doc {
            edition: &edition.id,
            number: &rule.number,
            concept: &rule.concept,
            title: &rule.title,
            folded_title: Cow::Owned(fold(&rule.title)),
            folded_text: Cow::Owned(fold(&text)),
            text: Cow::Owned(text),
        }
    }
}

/// The docs of the bundled editions, from the build-time index.
pub fn embedded_docs() -> Vec<Doc<'static>> {
    crate::data::search_index()
        .split('\x1e')
        .filter_map(|record| {
            let mut f = record.split('\x1f');
            Some(Doc {
                edition: f.next()?,
                number: f.next()?,
                concept: f.next()?,
                title: f.next()?,
                folded_title: Cow::Borrowed(f.next()?),
                folded_text: Cow::Borrowed(f.next()?),
                text: Cow::Borrowed(f.next()?),
            })
        })
        .collect()
}

/// One search hit.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit<'d, 'a> {
    /// The rule found.
    pub doc: &'d Doc<'a>,
    /// How well it matched (higher is better).
    pub score: f64,
    /// A short excerpt around the best match.
    pub snippet: Snippet,
}

/// An excerpt of a rule's text with the matched ranges marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// The excerpt.
    pub text: String,
    /// Byte ranges of `text` that matched the query.
    pub marks: Vec<(usize, usize)>,
}

const SNIPPET_RADIUS: usize = 70;

/// A query word and its stem: the word without its final vowels, so that
/// inflected forms match ("ziva ruka" finds "živé ruky", "živú ruku").
struct Term<'q> {
    word: &'q str,
    stem: &'q str,
}

impl<'q> Term<'q> {
    fn new(word: &'q str) -> Self {
        let trimmed = word.trim_end_matches(['a', 'e', 'i', 'o', 'u', 'y']);
        let stem = if trimmed.len() >= 3 { trimmed } else { word };
        Term { word, stem }
    }
}

/// Searches `docs` for `query`; best first, at most `limit` hits. Every
/// word of the query must occur (as a word prefix, or its stem as a word
/// prefix) in the title or text; exact words score higher.
pub fn search<'d, 'a>(docs: &'d [Doc<'a>], query: &str, limit: usize) -> Vec<Hit<'d, 'a>> {
    let folded_query = fold(query);
    let words = terms(&folded_query);
    if words.is_empty() {
        return Vec::new();
    }
    let query_terms: Vec<Term> = words.iter().map(|w| Term::new(w)).collect();
    let phrase = words.join(" ");
    let slug = words.join("-");
    let mut scored: Vec<(f64, &'d Doc<'a>)> = docs
        .iter()
        .filter_map(|doc| {
            let score = score(
                doc.folded_title.as_bytes(),
                doc.folded_text.as_bytes(),
                &query_terms,
                &phrase,
            )?;
            let concept_bonus = if doc.concept == slug { 5.0 } else { 0.0 };
            Some((score + concept_bonus, doc))
        })
        .collect();
    scored.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then_with(|| a.1.edition.cmp(b.1.edition))
    });
    scored.truncate(limit);
    // Snippets only for the hits shown.
    scored
        .into_iter()
        .map(|(score, doc)| Hit {
            doc,
            score,
            snippet: snippet(doc.title, &doc.text, &query_terms, &phrase),
        })
        .collect()
}

/// Counts word-prefix occurrences of `word` in folded text.
fn count_word(haystack: &[u8], word: &str) -> usize {
    memchr::memmem::find_iter(haystack, word.as_bytes())
        .filter(|&at| at == 0 || haystack.get(at - 1) == Some(&b' '))
        .count()
}

fn score(title: &[u8], body: &[u8], terms: &[Term], phrase: &str) -> Option<f64> {
    let mut total = 0.0;
    for term in terms {
        let mut weight = 1.0;
        let mut in_title = count_word(title, term.word);
        let mut in_body = count_word(body, term.word);
        if in_title == 0 && in_body == 0 && term.stem != term.word {
            weight = 0.7;
            in_title = count_word(title, term.stem);
            in_body = count_word(body, term.stem);
        }
        if in_title == 0 && in_body == 0 {
            return None;
        }
        total += weight * (4.0 * in_title.min(1) as f64 + 1.0 + (in_body.min(5) as f64) * 0.3);
    }
    if terms.len() > 1 {
        total += 6.0 * count_word(title, phrase).min(1) as f64;
        total += 3.0 * count_word(body, phrase).min(3) as f64;
    }
    // Shorter texts are more about what they mention.
    let length_factor = 1.0 + 400.0 / (400.0 + body.len() as f64);
    Some((total * length_factor * 100.0).round() / 100.0)
}

fn snippet(title: &str, body: &str, terms: &[Term], phrase: &str) -> Snippet {
    let source = if body.trim().is_empty() { title } else { body };
    let folded = fold_mapped(source);
    let padded = format!(" {} ", folded.text);
    let anchor = find_word(&padded, phrase)
        .or_else(|| terms.iter().find_map(|t| find_word(&padded, t.word)))
        .or_else(|| terms.iter().find_map(|t| find_word(&padded, t.stem)))
        .map(|at| at.saturating_sub(1));
    let centre = anchor.map_or(0, |at| folded.origin.get(at).copied().unwrap_or(0));
    let (start, end) = window(source, centre);
    let excerpt = &source[start..end];
    let mut text = String::new();
    if start > 0 {
        text.push('…');
    }
    let offset = text.len();
    text.push_str(&excerpt.replace('\n', " "));
    if end < source.len() {
        text.push('…');
    }
    let stems: Vec<&str> = terms.iter().map(|t| t.stem).collect();
    let marks = marks(&folded, start, end, &stems)
        .into_iter()
        .map(|(a, b)| (a - start + offset, b - start + offset))
        .collect();
    Snippet { text, marks }
}

fn find_word(padded: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = padded[from..].find(word) {
        let start = from + at;
        if padded[..start].ends_with(' ') {
            return Some(start);
        }
        from = start + word.len();
    }
    None
}

/// A window of about `2 * SNIPPET_RADIUS` bytes around `centre`, on char and
/// word boundaries.
fn window(text: &str, centre: usize) -> (usize, usize) {
    let mut start = centre.saturating_sub(SNIPPET_RADIUS);
    while start > 0 && !text.is_char_boundary(start) {
        start -= 1;
    }
    if start > 0
        && let Some(space) = text[start..centre].find(' ')
    {
        start += space + 1;
    }
    let mut end = (centre + SNIPPET_RADIUS).min(text.len());
    while end < text.len() && !text.is_char_boundary(end) {
        end += 1;
    }
    if end < text.len()
        && let Some(space) = text[centre.min(end)..end].rfind(' ')
    {
        end = centre.min(end) + space;
    }
    (start, end.max(start))
}

/// Original-text byte ranges, inside `[start, end)`, of every word-prefix
/// match of the query stems (a stem is a prefix of its word, so this marks
/// exact matches too).
fn marks(folded: &Folded, start: usize, end: usize, words: &[&str]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for word in words {
        let mut from = 0;
        while let Some(at) = folded.text[from..].find(word) {
            let f_start = from + at;
            let f_end = f_start + word.len();
            from = f_end;
            let word_start = f_start == 0 || folded.text[..f_start].ends_with(' ');
            if !word_start {
                continue;
            }
            let (Some(&o_start), Some(&o_end)) =
                (folded.origin.get(f_start), folded.origin.get(f_end))
            else {
                continue;
            };
            if o_start >= start && o_end <= end && o_start < o_end {
                out.push((o_start, o_end));
            }
        }
    }
    out.sort();
    out.dedup();
    // Drop overlaps so the marks can be rendered in order.
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (a, b) in out {
        match merged.last_mut() {
            Some(last) if a < last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    merged
}
