//! `floor check`: validation of a whole data tree beyond its schema, on top
//! of everything it checks: each edition on its own
//! ([`crate::rules::check`]), consistent numbering between editions of the
//! same TDA basis, provisions that match their texts, complete UI texts, the
//! search lexicons, and every decision tree against its incident module
//! ([`trees`]).

pub mod trees;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::message::{Message, Msg};
use crate::rules::check::check_edition;
pub use crate::rules::check::{EditionStats, Finding, finding_from};
use crate::rules::{Edition, Lang, RuleKind, Store};
use crate::ui::{Ui, placeholders, ui_path};

/// The outcome of `floor check`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Per-edition counts.
    pub editions: Vec<EditionStats>,
    /// UI keys per language.
    pub ui_keys: BTreeMap<String, usize>,
    /// Decision trees checked.
    pub incidents: usize,
    /// The search lexicon of each language that has one.
    pub lexicon: Vec<crate::rules::lexicon::Counts>,
    /// Every problem found.
    pub findings: Vec<Finding>,
}

impl Report {
    /// True when nothing is wrong.
    pub fn ok(&self) -> bool {
        self.findings.is_empty()
    }

    /// Adds a problem found in `file`.
    pub fn add(&mut self, file: &str, message: Message) {
        self.findings.push(Finding {
            file: file.to_string(),
            message,
        });
    }
}

/// Checks every edition of the store and the UI texts.
pub fn check(store: &Store) -> Report {
    let mut report = Report::default();
    let concepts = match store.concepts() {
        Ok(c) => c,
        Err(e) => {
            report.add(crate::rules::CONCEPTS_PATH, e.message());
            return report;
        }
    };
    let kinds: HashMap<&str, RuleKind> =
        concepts.iter().map(|c| (c.slug.as_str(), c.kind)).collect();
    let mut seen_slugs = BTreeSet::new();
    for c in concepts {
        if !seen_slugs.insert(c.slug.as_str()) {
            report.add(
                crate::rules::CONCEPTS_PATH,
                Message::new(Msg::CheckConceptTwice).arg("concept", &c.slug),
            );
        }
        // A topic answered otherwise by a topic the vocabulary has.
        for other in &c.otherwise {
            let problem = if other == &c.slug {
                Message::new(Msg::CheckOtherwiseItself).arg("concept", other)
            } else if !kinds.contains_key(other.as_str()) {
                Message::new(Msg::CheckLexiconConcept).arg("concept", other)
            } else {
                continue;
            };
            report.add(crate::rules::CONCEPTS_PATH, problem);
        }
    }
    let ids: Vec<String> = store.ids().map(str::to_string).collect();
    let mut loaded = Vec::new();
    for id in &ids {
        match store.edition(id) {
            Ok(ed) => {
                report
                    .editions
                    .push(check_edition(ed, &kinds, &mut report.findings));
                loaded.push(ed);
            }
            Err(e) => report.add(id, e.message()),
        }
    }
    check_shared_numbering(&loaded, &mut report);
    check_provisions(store, &loaded, &mut report);
    check_ui(store, &mut report);
    check_param_words(store, &loaded, &mut report);
    let slugs: BTreeSet<&str> = concepts.iter().map(|c| c.slug.as_str()).collect();
    let (mut counts, problems) = crate::rules::lexicon::check(store.source(), &slugs);
    let (questions, question_problems) = crate::rules::questions::check(store.source(), &slugs);
    for (lang, n) in questions {
        if let Some(c) = counts.iter_mut().find(|c| c.lang == lang) {
            c.questions = n;
        }
    }
    report.lexicon = counts;
    for (file, message) in problems.into_iter().chain(question_problems) {
        report.add(&file, message);
    }
    match Ui::load(store.source(), Lang::En) {
        Ok(ui) => {
            if let Some(problem) = store.source().rulings_problem() {
                report.add("rulings/", problem);
            }
            for (file, message) in trees::validate_all(store.source(), concepts, &ui) {
                report.add(&file, message);
            }
            report.incidents = crate::engine::ids(store.source())
                .map(|i| i.len())
                .unwrap_or(0);
            check_topics(store.source(), &slugs, &mut report);
        }
        Err(e) => report.add(&ui_path(Lang::En), e.message()),
    }
    report
}

/// The topics placed as procedures or planned (`locales/topics.yaml`):
/// known topics, placed once, and none an incident reaches.
fn check_topics(source: &crate::data::DataSource, topics: &BTreeSet<&str>, report: &mut Report) {
    use crate::engine::topics::{Placement, TOPICS_PATH, reached};
    let placement = match Placement::load(source) {
        Ok(p) => p,
        Err(e) => return report.add(TOPICS_PATH, e.message()),
    };
    let reached = match reached(source) {
        Ok(r) => r,
        // Unreadable decision trees are reported above, once.
        Err(_) => return,
    };
    for problem in placement.problems(topics, &reached) {
        report.add(TOPICS_PATH, problem);
    }
}

/// The provision catalog, and each edition's provisions against its
/// texts: the record of a bundled or `--data` edition, the provisions a
/// house overlay carries.
fn check_provisions(store: &Store, editions: &[&Edition], report: &mut Report) {
    use crate::rules::provisions::{self, CATALOG_PATH, Catalog, Record, record_path};
    let catalog = match Catalog::load(store.source()) {
        Ok(Some(c)) => c,
        // A data tree without a catalog compares editions without
        // substance; `compare` says so.
        Ok(None) => return,
        Err(e) => return report.add(CATALOG_PATH, e.message()),
    };
    let concepts: BTreeSet<&str> = match store.concepts() {
        Ok(c) => c.iter().map(|c| c.slug.as_str()).collect(),
        Err(_) => return,
    };
    for problem in catalog.problems(&concepts) {
        report.add(CATALOG_PATH, problem);
    }
    for ed in editions {
        if !ed.extends.is_empty() {
            // A house overlay: its provisions were attached and checked
            // when it was loaded; check them again against the result.
            for rule in ed.rules() {
                for problem in provisions::rule_problems(rule, &catalog, false) {
                    report.add(&ed.id, problem);
                }
            }
            continue;
        }
        let file = record_path(ed.language, &ed.id);
        let record = match Record::load(store.source(), ed) {
            Ok(Some(r)) => r,
            Ok(None) => {
                report.add(
                    &file,
                    Message::new(Msg::CheckNoRecord).arg("edition", &ed.id),
                );
                continue;
            }
            Err(e) => {
                report.add(&file, e.message());
                continue;
            }
        };
        let mut with = (*ed).clone();
        for problem in provisions::attach(&mut with, record, &catalog) {
            report.add(&file, problem);
        }
        for problem in provisions::edition_problems(&with, &catalog) {
            report.add(&file, problem);
        }
    }
}

/// Editions that follow the same TDA numbering must give each TDA rule topic
/// the same number: this is what proves a recovered numbering.
fn check_shared_numbering(editions: &[&Edition], report: &mut Report) {
    let mut by_basis: BTreeMap<&str, Vec<&Edition>> = BTreeMap::new();
    for ed in editions {
        by_basis.entry(ed.numbering.as_str()).or_default().push(ed);
    }
    for group in by_basis.values() {
        let Some((first, rest)) = group.split_first() else {
            continue;
        };
        for other in rest {
            for rule in first.rules().filter(|r| r.kind == RuleKind::Rule) {
                if let Some(theirs) = other.rule_for(&rule.concept)
                    && theirs.kind == RuleKind::Rule
                    && theirs.number != rule.number
                {
                    report.add(
                        &other.id,
                        Message::new(Msg::CheckNumberingDisagrees)
                            .arg("concept", &rule.concept)
                            .arg("number", &theirs.number)
                            .arg("other", &rule.number)
                            .arg("edition", &first.id)
                            .arg("numbering", &first.numbering),
                    );
                }
            }
        }
    }
}

fn check_ui(store: &Store, report: &mut Report) {
    let mut keysets: Vec<(Lang, BTreeSet<String>)> = Vec::new();
    for lang in Lang::ALL {
        match Ui::load(store.source(), lang) {
            Ok(ui) => {
                report
                    .ui_keys
                    .insert(lang.code().to_string(), ui.keys().count());
                // The command line's help is English on its types, so only
                // the translations hold `cli.*`: the binary checks those
                // against its command tree.
                keysets.push((
                    lang,
                    ui.keys()
                        .filter(|k| !k.starts_with("cli."))
                        .map(str::to_string)
                        .collect(),
                ));
            }
            Err(e) => report.add(&ui_path(lang), e.message()),
        }
    }
    let uis: Vec<Ui> = Lang::ALL
        .into_iter()
        .filter_map(|l| Ui::load(store.source(), l).ok())
        .collect();
    if let Some(en) = uis.iter().find(|u| u.lang == Lang::En) {
        for ui in uis.iter().filter(|u| u.lang != Lang::En) {
            for key in en.keys() {
                let (Some(a), Some(b)) = (en.get(key), ui.get(key)) else {
                    continue;
                };
                if placeholders(a) != placeholders(b) {
                    report.add(
                        &ui_path(ui.lang),
                        Message::new(Msg::CheckPlaceholders)
                            .arg("key", key)
                            .arg("found", format!("{:?}", placeholders(b)))
                            .arg("english", format!("{:?}", placeholders(a))),
                    );
                }
            }
        }
    }
    let all: BTreeSet<&String> = keysets.iter().flat_map(|(_, k)| k.iter()).collect();
    for (lang, keys) in &keysets {
        let missing: Vec<&str> = all
            .iter()
            .filter(|k| !keys.contains(**k))
            .map(|k| k.as_str())
            .collect();
        if !missing.is_empty() {
            let shown: Vec<&str> = missing.iter().take(8).copied().collect();
            let more = missing.len() - shown.len();
            let tail = if more > 0 {
                Message::new(Msg::CheckAndMore).arg("count", more)
            } else {
                Message::new(Msg::Text).arg("text", "")
            };
            report.add(
                &ui_path(*lang),
                Message::new(Msg::CheckKeysMissing)
                    .arg("count", missing.len())
                    .arg("keys", shown.join(", "))
                    .nested("more", tail),
            );
        }
    }
}

/// Every parameter has a name and every value words in each language, so
/// that no table or card prints an identifier: the values an enum can
/// take, yes/no, and the ids the editions write (languages).
fn check_param_words(store: &Store, editions: &[&Edition], report: &mut Report) {
    use crate::rules::Params;
    use crate::ui::{PARAM_NAMES, VALUE_WORDS};
    let mut wanted: BTreeSet<String> = BTreeSet::new();
    for key in Params::KEYS {
        wanted.insert(format!("{PARAM_NAMES}.{key}"));
        wanted.insert(format!("params.{key}"));
        for choice in Params::choices(key).unwrap_or_default() {
            wanted.insert(format!("{VALUE_WORDS}.{choice}"));
        }
    }
    fn ids(value: &serde_json::Value, out: &mut BTreeSet<String>) {
        match value {
            serde_json::Value::String(s) => {
                out.insert(format!("{VALUE_WORDS}.{s}"));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|i| ids(i, out)),
            _ => {}
        }
    }
    for ed in editions {
        for rule in ed.rules() {
            for value in rule.params.to_map().values() {
                ids(value, &mut wanted);
            }
        }
    }
    for lang in Lang::ALL {
        let Ok(ui) = Ui::load(store.source(), lang) else {
            continue;
        };
        let missing: Vec<&str> = wanted
            .iter()
            .filter(|k| ui.get(k).is_none())
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            report.add(
                &ui_path(lang),
                Message::new(Msg::CheckParamWords)
                    .arg("count", missing.len())
                    .arg("list", missing.join(", ")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::DataSource;
    use crate::rules::Store;
    use crate::ui::{Lang, Ui};

    /// The one test that judges the bundled data with every check (a
    /// missing translation, a tree and its module apart, a lexicon term
    /// without its concept...): each finding is named with its file. Tests
    /// of other things judge only what their own input adds.
    #[test]
    fn the_bundled_data_passes_every_check() {
        let store = Store::open(DataSource::Embedded).expect("embedded data");
        let report = super::check(&store);
        let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
        let found: Vec<String> = report
            .findings
            .iter()
            .map(|f| format!("{}: {}", f.file, f.message.render(&ui)))
            .collect();
        assert!(found.is_empty(), "{}", found.join("\n"));
        assert_eq!(report.editions.len(), 5);
    }
}
