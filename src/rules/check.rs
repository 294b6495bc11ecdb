//! Validation of a data tree beyond its schema: unique numbers, known
//! concepts, resolvable cross-references, consistent numbering between
//! editions of the same TDA basis, provisions that match their texts,
//! complete UI texts. House overlays pass the same edition checks when
//! they are loaded (`rules::overlay`).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::error::LoadError;
use crate::message::{Message, Msg};
use crate::rules::{Edition, Lang, RuleKind, RuleRef, Store};
use crate::ui::{Ui, ui_path};

/// One problem found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The file it is in.
    pub file: String,
    /// What is wrong, rendered in the UI language where it is shown.
    pub message: Message,
}

/// Rule counts of one edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionStats {
    /// Edition id.
    pub id: String,
    /// TDA rules.
    pub rules: usize,
    /// Recommended procedures.
    pub procedures: usize,
    /// House rules.
    pub house: usize,
    /// Cross-references checked.
    pub refs: usize,
    /// Worked examples.
    pub examples: usize,
}

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
    let (counts, problems) = crate::rules::lexicon::check(store.source(), &slugs);
    report.lexicon = counts;
    for (file, message) in problems {
        report.add(&file, message);
    }
    match Ui::load(store.source(), Lang::En) {
        Ok(ui) => {
            if let Some(problem) = store.source().rulings_problem() {
                report.add("rulings/", problem);
            }
            for (file, message) in
                crate::incident::validate::validate_all(store.source(), concepts, &ui)
            {
                report.add(&file, message);
            }
            report.incidents = crate::incident::ids(store.source())
                .map(|i| i.len())
                .unwrap_or(0);
        }
        Err(e) => report.add(&ui_path(Lang::En), e.message()),
    }
    report
}

/// The problems [`check`] finds in one edition on its own (everything but
/// what compares editions with each other): what a house overlay's edition
/// must pass before it is used.
pub fn edition_problems(ed: &Edition, store: &Store) -> Vec<Message> {
    let mut kinds: HashMap<&str, RuleKind> = match store.concepts() {
        Ok(concepts) => concepts.iter().map(|c| (c.slug.as_str(), c.kind)).collect(),
        Err(e) => return vec![e.message()],
    };
    for rule in ed.rules().filter(|r| r.kind == RuleKind::House) {
        kinds
            .entry(rule.concept.as_str())
            .or_insert(RuleKind::House);
    }
    let mut findings = Vec::new();
    check_edition(ed, &kinds, &mut findings);
    findings.into_iter().map(|f| f.message).collect()
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
        for problem in provisions::attach(&mut with, &record, &catalog) {
            report.add(&file, problem);
        }
        for problem in provisions::edition_problems(&with, &catalog) {
            report.add(&file, problem);
        }
    }
}

fn check_edition(
    ed: &Edition,
    kinds: &HashMap<&str, RuleKind>,
    findings: &mut Vec<Finding>,
) -> EditionStats {
    let file = format!("locales/{}/{}.yaml", ed.language.code(), ed.id);
    let mut add = |message: Message| {
        findings.push(Finding {
            file: file.clone(),
            message,
        })
    };
    let mut stats = EditionStats {
        id: ed.id.clone(),
        rules: 0,
        procedures: 0,
        house: 0,
        refs: 0,
        examples: 0,
    };
    let mut numbers = HashMap::new();
    let mut concepts = HashMap::new();
    for rule in ed.rules() {
        match rule.kind {
            RuleKind::Rule => stats.rules += 1,
            RuleKind::Procedure => stats.procedures += 1,
            RuleKind::House => stats.house += 1,
        }
        stats.examples += rule.examples.len() + count_part_examples(&rule.parts);
        if RuleRef::parse(&rule.number).is_none_or(|r| r.part.is_some()) {
            add(Message::new(Msg::CheckNotRuleNumber).arg("number", &rule.number));
        }
        if let Some(prev) = numbers.insert(rule.number.as_str(), &rule.title) {
            add(Message::new(Msg::CheckRuleTwice)
                .arg("rule", &rule.number)
                .arg("first", prev)
                .arg("second", &rule.title));
        }
        if let Some(prev) = concepts.insert(rule.concept.as_str(), &rule.number) {
            add(Message::new(Msg::CheckConceptTwoRules)
                .arg("concept", &rule.concept)
                .arg("first", prev)
                .arg("second", &rule.number));
        }
        // A topic can move between the rules and the recommended procedures
        // from one TDA version to the next (final-table size did), but house
        // rules and TDA topics never share a concept.
        match kinds.get(rule.concept.as_str()) {
            None => add(Message::new(Msg::CheckConceptUnknown)
                .arg("rule", &rule.number)
                .arg("concept", &rule.concept)),
            Some(kind) if (*kind == RuleKind::House) != (rule.kind == RuleKind::House) => {
                let msg = if *kind == RuleKind::House {
                    Msg::CheckConceptOfHouse
                } else {
                    Msg::CheckConceptNotHouse
                };
                add(Message::new(msg)
                    .arg("rule", &rule.number)
                    .arg("concept", &rule.concept))
            }
            Some(_) => {}
        }
        for touched in &rule.touches {
            if !kinds.contains_key(touched.as_str()) {
                add(Message::new(Msg::CheckTouchesUnknown)
                    .arg("rule", &rule.number)
                    .arg("concept", touched));
            }
        }
        for key in rule.params.to_map().keys() {
            // A house rule may set the parameters of the topics it touches.
            match crate::rules::Params::home(key) {
                Some(concept)
                    if concept != rule.concept && !rule.touches.iter().any(|t| t == concept) =>
                {
                    add(Message::new(Msg::CheckParamElsewhere)
                        .arg("rule", &rule.number)
                        .arg("param", key)
                        .arg("concept", concept))
                }
                None => add(Message::new(Msg::CheckParamNoHome)
                    .arg("rule", &rule.number)
                    .arg("param", key)),
                _ => {}
            }
        }
        if rule.title.trim().is_empty() {
            add(Message::new(Msg::CheckEmptyTitle).arg("rule", &rule.number));
        }
        if rule.text.trim().is_empty() && rule.parts.is_empty() {
            add(Message::new(Msg::CheckNoText).arg("rule", &rule.number));
        }
    }
    // Looked up once: a house overlay may add tens of thousands of rules.
    let by_number: std::collections::HashMap<&str, &crate::rules::Rule> =
        ed.rules().map(|r| (r.number.as_str(), r)).collect();
    for rule in ed.rules() {
        for reference in &rule.refs {
            stats.refs += 1;
            let Some(parsed) = RuleRef::parse(reference) else {
                add(Message::new(Msg::CheckRefMalformed)
                    .arg("rule", &rule.number)
                    .arg("reference", reference));
                continue;
            };
            let target = parsed
                .candidates()
                .iter()
                .find_map(|n| by_number.get(n.as_str()).copied());
            match target {
                None => add(Message::new(Msg::CheckRefNoRule)
                    .arg("rule", &rule.number)
                    .arg("reference", reference)
                    .arg("edition", &ed.id)),
                Some(t) => {
                    if let Some(part) = &parsed.part
                        && t.part(part).is_none()
                    {
                        add(Message::new(Msg::CheckRefNoPart)
                            .arg("rule", &rule.number)
                            .arg("reference", reference)
                            .arg("target", &t.number)
                            .arg("part", part));
                    }
                }
            }
        }
    }
    for rule in ed.rules() {
        for erratum in &rule.errata {
            if !rule.refs.contains(&erratum.means) {
                add(Message::new(Msg::CheckErratumNotInRefs)
                    .arg("rule", &rule.number)
                    .arg("printed", &erratum.printed)
                    .arg("means", &erratum.means));
            }
        }
        for reference in &rule.external_refs {
            let inside = RuleRef::parse(reference).is_some_and(|r| {
                r.candidates()
                    .iter()
                    .any(|n| by_number.contains_key(n.as_str()))
            });
            if inside {
                add(Message::new(Msg::CheckExternalRefInside)
                    .arg("rule", &rule.number)
                    .arg("reference", reference)
                    .arg("edition", &ed.id));
            }
        }
    }
    for stray in &ed.strays {
        if ed.rule(&stray.after).is_none() {
            add(Message::new(Msg::CheckStrayAfter)
                .arg("title", &stray.title)
                .arg("after", &stray.after));
        }
        if let Some(dup) = &stray.duplicate_of
            && ed.rule(dup).is_none()
        {
            add(Message::new(Msg::CheckStrayDuplicate)
                .arg("title", &stray.title)
                .arg("rule", dup));
        }
    }
    stats
}

fn count_part_examples(parts: &[crate::rules::Part]) -> usize {
    parts
        .iter()
        .map(|p| p.examples.len() + count_part_examples(&p.parts))
        .sum()
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

fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

/// Wraps a load error of a single file as a finding (for callers that check
/// extra files such as house overlays).
pub fn finding_from(err: &LoadError, file: &str) -> Finding {
    Finding {
        file: file.to_string(),
        message: err.message(),
    }
}
