//! The edition an import makes: the book's sections and rules with the
//! numbers they are cited by, their kinds and concepts, their texts as
//! printed, their cross-references, and what they do not apply.
//!
//! A rule keeps the number its heading prints ("43", "MEC-2", "RP-5");
//! where the printed numbers are not the rules' numbers — they restart in
//! each section, or every heading prints "1." — a rule takes the number
//! its concept has in the numbering whose order the book follows, and the
//! printed one is kept as its label. House rules without a number get the
//! house's prefix ("HR-1"). A rule that repeats another is set aside with
//! the text that was printed, as the editions keep such copies.

use std::collections::{HashMap, HashSet};

use crate::import::knowledge::Knowledge;
use crate::import::mapping::BookMapping;
use crate::import::structure::{Book, BookRule, Headless, Style};
use crate::rules::{Edition, Lang, Params, Part, Rule, RuleKind, RuleRef, Section, Stray};

/// What names the edition.
#[derive(Debug, Clone, Default)]
pub struct Naming {
    /// The edition's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Whose rules these are.
    pub house: Option<String>,
    /// The prefix of house rules the book prints without a number.
    pub prefix: String,
    /// The file it was read from.
    pub source: String,
}

/// A rule of the edition, and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// Its position in the book's rules (from 0).
    pub book: usize,
    /// Its number in the edition.
    pub number: String,
}

/// The edition, and for each of its rules the book rule it came from.
#[derive(Debug, Clone)]
pub struct Built {
    /// The edition.
    pub edition: Edition,
    /// Per rule of the edition, in order.
    pub placed: Vec<Placed>,
    /// Book rules set aside as repeats (position, the number it repeats).
    pub set_aside: Vec<(usize, String)>,
    /// Numbers two rules claimed: the later one got a house number
    /// (position, the number claimed).
    pub clashes: Vec<(usize, String)>,
}

/// Builds the edition.
pub fn build(
    book: &Book,
    mapping: &BookMapping,
    lang: Lang,
    naming: &Naming,
    knowledge: &Knowledge,
) -> Built {
    let rules: Vec<&BookRule> = book.rules().collect();
    let numberings = knowledge.numberings();
    let order = mapping
        .order_numbering
        .as_ref()
        .and_then(|id| numberings.iter().find(|n| &n.id == id));
    let recovered = book.lost_numbers || book.restarts;
    // Sections whose headings restart at a number above 1 print global
    // numbers ("67: …" after sections numbered from 1).
    let mut global_section: HashSet<usize> = HashSet::new();
    if book.restarts {
        for (s, section) in book.sections.iter().enumerate() {
            let first = section
                .rules
                .iter()
                .find_map(|r| r.printed.as_ref().filter(|p| p.prefix.is_none()));
            if first.is_some_and(|p| p.ordinal > 1) {
                global_section.insert(s);
            }
        }
    }
    let section_of: Vec<usize> = book
        .sections
        .iter()
        .enumerate()
        .flat_map(|(s, sec)| std::iter::repeat_n(s, sec.rules.len()))
        .collect();
    let procedures = &knowledge.cues.procedure_prefixes;
    let is_procedure = |p: &str| procedures.iter().any(|q| q.eq_ignore_ascii_case(p));
    let mut used: HashSet<String> = HashSet::new();
    let mut numbers: Vec<Option<String>> = vec![None; rules.len()];
    let mut set_aside = Vec::new();
    let mut clashes = Vec::new();
    // Printed and recovered numbers first; house numbers after.
    for (i, r) in rules.iter().enumerate() {
        let m = &mapping.rules[i];
        if m.duplicate_of.is_some() {
            continue;
        }
        let Some(p) = &r.printed else { continue };
        let number = match &p.prefix {
            Some(prefix) => Some(format!("{prefix}-{}", p.ordinal)),
            None if !recovered || global_section.contains(&section_of[i]) => {
                Some(p.ordinal.to_string())
            }
            None => m
                .concept
                .as_ref()
                .and_then(|c| order?.number_of.get(c))
                .filter(|n| RuleRef::parse(n).is_some_and(|r| r.prefix.is_none()))
                .cloned(),
        };
        if let Some(n) = number {
            if used.insert(canonical(&n)) {
                numbers[i] = Some(n);
            } else {
                clashes.push((i, n));
            }
        }
    }
    let mut next_house = 1;
    for (i, _) in rules.iter().enumerate() {
        if numbers[i].is_some() || mapping.rules[i].duplicate_of.is_some() {
            continue;
        }
        loop {
            let n = format!("{}-{next_house}", naming.prefix);
            next_house += 1;
            if used.insert(canonical(&n)) {
                numbers[i] = Some(n);
                break;
            }
        }
    }
    for (i, m) in mapping.rules.iter().enumerate() {
        if let Some(j) = m.duplicate_of {
            set_aside.push((i, numbers[j].clone().unwrap_or_default()));
        }
    }
    // House concepts: a slug of their own.
    let known: HashSet<&str> = knowledge.concepts.iter().map(|c| c.slug.as_str()).collect();
    let mut slugs: HashSet<String> = HashSet::new();
    let mut placed = Vec::new();
    let mut sections = Vec::new();
    let mut strays = Vec::new();
    let mut k = 0;
    for section in &book.sections {
        let mut out = Vec::new();
        for r in &section.rules {
            let i = k;
            k += 1;
            let m = &mapping.rules[i];
            let Some(number) = numbers[i].clone() else {
                if m.duplicate_of.is_some() {
                    strays.push(stray(r, i, &numbers, m.duplicate_of));
                }
                continue;
            };
            let prefix = r.printed.as_ref().and_then(|p| p.prefix.clone());
            let kind = match (&m.concept, &prefix) {
                (None, _) => RuleKind::House,
                (Some(_), Some(p)) if is_procedure(p) => RuleKind::Procedure,
                (Some(c), _) => knowledge.concept(c).map_or(RuleKind::Rule, |c| c.kind),
            };
            let concept = match &m.concept {
                Some(c) => c.clone(),
                None => {
                    let base = house_slug(&naming.prefix, r);
                    let mut slug = base.clone();
                    let mut n = 2;
                    while known.contains(slug.as_str()) || !slugs.insert(slug.clone()) {
                        slug = format!("{base}-{n}");
                        n += 1;
                    }
                    slug
                }
            };
            let (label, title, text) = heading_of(r, &number);
            let mut rule = Rule {
                number: number.clone(),
                label,
                kind,
                concept,
                title,
                text,
                parts: r.body.parts.clone(),
                examples: r.body.examples.clone(),
                tail: r.body.tail.clone(),
                refs: Vec::new(),
                external_refs: Vec::new(),
                errata: Vec::new(),
                params: Params::default(),
                unsettled: Default::default(),
                not_applicable: false,
                touches: if kind == RuleKind::House {
                    m.touches.clone()
                } else {
                    Vec::new()
                },
                also: Vec::new(),
                conflicts: false,
                notes: None,
                provisions: Vec::new(),
                changed_by: Vec::new(),
            };
            mark_not_applicable(&mut rule, knowledge, lang);
            placed.push(Placed { book: i, number });
            out.push(rule);
        }
        if out.is_empty() && section.intro.is_none() {
            continue;
        }
        sections.push(Section {
            label: section.label.clone(),
            title: if section.title.is_empty() {
                naming.title.clone()
            } else {
                section.title.clone()
            },
            intro: section.intro.clone(),
            rules: out,
        });
    }
    for closing in &book.closing {
        strays.push(Stray {
            after: placed.last().map(|p| p.number.clone()).unwrap_or_default(),
            duplicate_of: None,
            label: None,
            title: closing.label.clone(),
            text: closing.text.clone(),
            parts: Vec::new(),
            examples: Vec::new(),
            notes: String::new(),
        });
    }
    let numbering = match (&mapping.numbering, order) {
        (Some(n), _) => n.clone(),
        (None, Some(o)) if recovered => o.id.clone(),
        _ => naming.id.clone(),
    };
    let basis = numbering
        .strip_prefix("tda-")
        .map_or_else(|| "—".to_string(), |year| format!("TDA {year}"));
    let mut edition = Edition {
        id: naming.id.clone(),
        title: naming.title.clone(),
        language: lang,
        basis,
        numbering,
        house: naming.house.clone(),
        source: naming.source.clone(),
        date: None,
        extends: Vec::new(),
        preamble: (!book.preamble.is_empty()).then(|| book.preamble.join("\n")),
        strays,
        sections,
    };
    resolve_references(&mut edition, knowledge);
    Built {
        edition,
        placed,
        set_aside,
        clashes,
    }
}

/// A number in one spelling, to tell two apart ("OP-5" is "RP-5").
fn canonical(number: &str) -> String {
    RuleRef::parse(number).map_or_else(|| number.to_string(), |r| r.candidates()[0].clone())
}

/// A repeated rule as the editions keep one.
fn stray(r: &BookRule, i: usize, numbers: &[Option<String>], of: Option<usize>) -> Stray {
    let after = numbers[..i]
        .iter()
        .rev()
        .flatten()
        .next()
        .cloned()
        .unwrap_or_default();
    Stray {
        after,
        duplicate_of: of.and_then(|j| numbers.get(j).cloned().flatten()),
        label: r.label.clone(),
        title: r.title.clone(),
        text: r.body.text.clone(),
        parts: r.body.parts.clone(),
        examples: r.body.examples.clone(),
        notes: String::new(),
    }
}

/// The label (when it differs from the number), title and text of a rule.
/// A rule without a heading is titled by its first words; a closing note's
/// opening word ("NOTE:") is its label.
fn heading_of(r: &BookRule, number: &str) -> (Option<String>, String, String) {
    match r.headless {
        None => {
            let label = r.label.clone().filter(|l| {
                let printed = r.printed.as_ref();
                let same = printed.is_some_and(|p| {
                    p.style == Style::Numbered && p.prefix.is_none() && l == number
                }) || l == number;
                !same
            });
            (label, r.title.clone(), r.body.text.clone())
        }
        Some(Headless::ClosingNote) => {
            let (word, rest) = r
                .body
                .text
                .split_once(':')
                .map_or(("", r.body.text.as_str()), |(w, t)| (w.trim(), t.trim()));
            (
                (!word.is_empty()).then(|| word.to_string()),
                first_words(rest),
                rest.to_string(),
            )
        }
        Some(Headless::FrontMatter) => (None, first_words(&r.body.text), r.body.text.clone()),
    }
}

/// The first words of a text, as a title for a rule printed without one.
fn first_words(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let sentence_end = words.iter().position(|w| w.ends_with(['.', ':', ';']));
    let take = sentence_end.map_or(6, |e| e + 1).min(6);
    let mut title = words[..take.min(words.len())].join(" ");
    let title_trimmed = title.trim_end_matches(['.', ':', ';', ',']).to_string();
    if take < words.len() {
        title = format!("{title_trimmed} …");
    } else {
        title = title_trimmed;
    }
    title
}

/// A house rule's concept slug: the house prefix and the title's first
/// words, folded.
fn house_slug(prefix: &str, r: &BookRule) -> String {
    let source = if r.title.is_empty() {
        &r.body.text
    } else {
        &r.title
    };
    let words: Vec<String> = crate::text::fold(source)
        .split_whitespace()
        .take(5)
        .map(str::to_string)
        .collect();
    let mut slug = prefix.to_lowercase();
    for w in words {
        slug.push('-');
        slug.push_str(&w);
    }
    slug
}

/// A rule, or a part, that says it does not apply.
fn mark_not_applicable(rule: &mut Rule, knowledge: &Knowledge, lang: Lang) {
    let phrases: Vec<String> = knowledge
        .cues
        .of(lang)
        .not_applicable
        .iter()
        .map(|p| p.to_lowercase())
        .collect();
    let names = |text: &str| {
        let lower = text.to_lowercase();
        phrases.iter().any(|p| lower.contains(p.as_str()))
    };
    // A text says so in a short sentence of its own; a title that names
    // it at all is the heading of a rule the house does not play.
    let says = |text: &str| text.split_whitespace().count() <= 16 && names(text);
    if names(&rule.title) || (rule.parts.is_empty() && says(&rule.text)) {
        rule.not_applicable = true;
    }
    fn parts(list: &mut [Part], says: &dyn Fn(&str) -> bool) {
        for p in list {
            if p.parts.is_empty() && says(&p.text) {
                p.not_applicable = true;
            }
            parts(&mut p.parts, says);
        }
    }
    parts(&mut rule.parts, &says);
}

/// Reads each rule's citations and sorts them: a rule of the edition
/// (`refs`; a part it does not have is cited as the rule), or one it does
/// not print (`external_refs`).
fn resolve_references(edition: &mut Edition, knowledge: &Knowledge) {
    let rule_words = knowledge.cues.all(|c| &c.rule_words);
    let procedures = knowledge.cues.procedure_prefixes.clone();
    let words = knowledge.cues.words.references();
    let by_number: HashMap<String, Vec<String>> = edition
        .rules()
        .map(|r| {
            let mut labels = Vec::new();
            collect_labels(&r.parts, &mut labels);
            (canonical(&r.number), labels)
        })
        .collect();
    let numbers: HashMap<String, String> = edition
        .rules()
        .map(|r| (canonical(&r.number), r.number.clone()))
        .collect();
    for rule in edition.rules_mut() {
        let text = rule.full_text();
        let mut refs = Vec::new();
        let mut external = Vec::new();
        for cited in crate::import::refs::citations(&text, &rule_words, &procedures, &words) {
            let Some(parsed) = RuleRef::parse(&cited) else {
                continue;
            };
            let whole = RuleRef {
                part: None,
                ..parsed.clone()
            };
            let key = canonical(&whole.to_string());
            match (numbers.get(&key), by_number.get(&key)) {
                (Some(number), Some(labels)) => {
                    let with_part = parsed
                        .part
                        .as_ref()
                        .filter(|p| labels.iter().any(|l| l.eq_ignore_ascii_case(p)));
                    let r = match with_part {
                        Some(p) => format!("{number}-{}", p.to_uppercase()),
                        None => number.clone(),
                    };
                    if r != rule.number && !refs.contains(&r) {
                        refs.push(r);
                    }
                }
                _ => {
                    let r = whole.to_string();
                    if !external.contains(&r) {
                        external.push(r);
                    }
                }
            }
        }
        rule.refs = refs;
        rule.external_refs = external;
    }
}

fn collect_labels(parts: &[Part], out: &mut Vec<String>) {
    for p in parts {
        out.push(p.label.clone());
    }
}
