//! `floor import`: a room's own rulebook, as plain text or Markdown, read
//! into an edition of the corpus's shape.
//!
//! The book's language is told from its words ([`language`]); its structure
//! — sections, rule headings in every numbering style, titles, lettered
//! parts, examples, each rule's text as written — is read by
//! [`structure`] and [`body`]; each rule is mapped to a concept of the
//! concordance with a confidence and its evidence ([`mapping`]); the
//! parameters the rulings read are recognised in the sentences that state
//! them ([`params`]); and the result is an edition ([`edition`]). What is
//! uncertain is listed for a person to decide ([`report`]). Pure logic:
//! no terminal, no files but the data tree.

pub mod body;
pub mod cues;
pub mod difference;
pub mod edition;
pub mod eval;
pub mod knowledge;
pub mod language;
pub mod mapping;
pub mod params;
pub mod provisions;
pub mod refs;
pub mod report;
pub mod similarity;
pub mod source;
pub mod structure;
pub mod tree;
pub mod words;

use crate::rules::Lang;

pub use edition::{Built, Naming};
pub use knowledge::Knowledge;
pub use mapping::BookMapping;
pub use structure::Book;

/// How to name the edition, and what the director says of the book.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The edition's id; from the title (or the file's name) if not given.
    pub id: Option<String>,
    /// Its title; the book's first line if not given.
    pub title: Option<String>,
    /// Whose rules they are.
    pub house: Option<String>,
    /// The prefix for house rules printed without a number ("HR").
    pub prefix: Option<String>,
    /// The book's language, if the director says it.
    pub lang: Option<Lang>,
    /// The file's name.
    pub source: String,
}

/// A rulebook read.
#[derive(Debug, Clone)]
pub struct Import {
    /// Its structure.
    pub book: Book,
    /// Its language.
    pub lang: Lang,
    /// How sure the language is (the share of its stop words), 0-1; 1 when
    /// the director said it.
    pub lang_share: f32,
    /// Each rule's concept.
    pub mapping: BookMapping,
    /// The edition.
    pub built: Built,
    /// The parameters recognised, with their sentences.
    pub params: Vec<params::Found>,
    /// The parameters whose value the words leave to a person.
    pub doubts: Vec<params::Doubt>,
}

/// The prefix of house rules when none is given.
pub const DEFAULT_PREFIX: &str = "HR";

/// Reads a rulebook's text.
pub fn read(text: &str, kind: source::Kind, knowledge: &Knowledge, options: &Options) -> Import {
    let lines = source::lines(text, kind);
    let book = structure::read(&lines, &knowledge.cues);
    let (lang, lang_share) = match options.lang {
        Some(l) => (l, 1.0),
        None => language::detect(text, &knowledge.stop_words).unwrap_or((Lang::En, 0.0)),
    };
    let mapping = mapping::map(&book, lang, knowledge);
    let title = options
        .title
        .clone()
        .or_else(|| book.title.clone())
        .unwrap_or_else(|| stem_of(&options.source));
    let id = options.id.clone().unwrap_or_else(|| id_from(&title, lang));
    let naming = Naming {
        id,
        title,
        house: options.house.clone(),
        prefix: options
            .prefix
            .clone()
            .unwrap_or_else(|| DEFAULT_PREFIX.to_string()),
        source: options.source.clone(),
    };
    let mut built = edition::build(&book, &mapping, lang, &naming, knowledge);
    let (mut params, mut doubts) = params::recognise(&mut built.edition, knowledge);
    // What the readers of the words left open stays open to the later ones.
    let fixed: std::collections::BTreeSet<(String, String)> = doubts
        .iter()
        .map(|d| (d.rule.clone(), d.key.clone()))
        .collect();
    params.extend(params::by_position(&mut built.edition, knowledge, &doubts));
    let (meant, open) = params::by_meaning(&mut built.edition, knowledge, &doubts);
    params.extend(meant);
    doubts.extend(open);
    let (aligned, open) = params::by_quote(&mut built.edition, knowledge, &mut doubts);
    params.extend(aligned);
    doubts.extend(open);
    params.extend(params::by_unit(
        &mut built.edition,
        knowledge,
        &mut doubts,
        &fixed,
    ));
    params.extend(params::by_table(&mut built.edition, knowledge, &doubts));
    let (named, open) = params::by_name(&mut built.edition, knowledge, &doubts);
    params.extend(named);
    doubts.extend(open);
    params.extend(params::decide(&mut built.edition, knowledge, &mut doubts));
    let alike = params::alike(&mut built.edition, knowledge, &params, &doubts);
    params.extend(alike);
    // What is left to a person stays on its rule, so that a ruling says the
    // rule words it rather than that the edition is silent.
    for d in &doubts {
        if let Some(rule) = built.edition.rules_mut().find(|r| r.number == d.rule)
            && !rule.params.stated().contains(&d.key.as_str())
        {
            rule.unsettled.insert(d.key.clone(), d.readings.clone());
        }
    }
    Import {
        book,
        lang,
        lang_share,
        mapping,
        built,
        params,
        doubts,
    }
}

/// A file name without its folders and extension.
fn stem_of(source: &str) -> String {
    std::path::Path::new(source)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("rules")
        .to_string()
}

/// An edition id from a title: its words folded, joined by "-", with the
/// language at the end ("pokerclub-de-kaart-2024-nl").
pub fn id_from(title: &str, lang: Lang) -> String {
    let words: Vec<String> = crate::text::fold(title)
        .split_whitespace()
        .take(6)
        .map(str::to_string)
        .collect();
    let base = if words.is_empty() {
        "rules".to_string()
    } else {
        words.join("-")
    };
    format!("{base}-{}", lang.code())
}
