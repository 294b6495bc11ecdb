//! The incident picker finds each incident by the words a floor person
//! types, in every UI language, and leads with a procedure topic (which
//! `floor rule` quotes) for words that name it rather than an incident:
//! `tests/picker.yaml` lists them.

use floor::data::DataSource;
use floor::engine::pick::{Choice, Procedure, listing, sorted};
use floor::engine::topics::Placement;
use floor::rules::lexicon::Lexicon;
use floor::rules::search::Vocab;
use floor::ui::{Lang, Ui};
use serde::Deserialize;

const TABLE: &str = include_str!("../picker.yaml");

/// An incident the words must list, or a procedure topic they must lead
/// with.
enum Wanted<'a> {
    Incident(&'a str),
    Rule(&'a str),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    incident: Option<String>,
    rule: Option<String>,
    en: Vec<String>,
    nl: Vec<String>,
    de: Vec<String>,
    sk: Vec<String>,
}

impl Row {
    fn wanted(&self) -> Wanted<'_> {
        match (&self.incident, &self.rule) {
            (Some(id), None) => Wanted::Incident(id),
            (None, Some(slug)) => Wanted::Rule(slug),
            _ => panic!("tests/picker.yaml: give one of incident, rule: {self:?}"),
        }
    }
}

fn choices(ui: &Ui) -> Vec<Choice> {
    let source = DataSource::Embedded;
    sorted(
        floor::incidents::ALL
            .iter()
            .map(|e| {
                let tree = floor::engine::load(&source, e.id).expect("tree");
                let cites: Vec<String> = tree
                    .outcomes
                    .iter()
                    .flat_map(|o| o.cite.iter().cloned())
                    .collect();
                Choice::new(
                    e.id,
                    ui.t(&format!("incidents.{}.title", e.id)),
                    cites.iter().map(String::as_str),
                )
            })
            .collect(),
    )
}

fn procedures(ui: &Ui) -> Vec<Procedure> {
    Placement::load(&DataSource::Embedded)
        .expect("topics")
        .procedures()
        .into_iter()
        .map(|slug| Procedure::new(slug, ui.t(&format!("topics.{slug}"))))
        .collect()
}

#[test]
fn the_picker_finds_each_incident_by_its_words_in_every_language() {
    let rows: Vec<Row> = floor::yaml::from_str(TABLE, "tests/picker.yaml").expect("table reads");
    let (lexicon, vocab) = (Lexicon::embedded(), Vocab::embedded());
    let mut missed = Vec::new();
    for lang in Lang::ALL {
        let ui = Ui::load(&DataSource::Embedded, lang).expect("ui");
        let (choices, procedures) = (choices(&ui), procedures(&ui));
        for row in &rows {
            let words = match lang.code() {
                "en" => &row.en,
                "nl" => &row.nl,
                "de" => &row.de,
                _ => &row.sk,
            };
            for typed in words {
                let shown = listing(&choices, &procedures, typed, &lexicon, &vocab);
                let leading = shown.procedure.map(|i| procedures[i].slug.as_str());
                match row.wanted() {
                    Wanted::Incident(id) => {
                        if !shown.incidents.iter().any(|&i| choices[i].id == id) {
                            missed.push(format!("{id} ({}): \"{typed}\"", lang.code()));
                        }
                        if let Some(slug) = leading {
                            missed.push(format!(
                                "{id} ({}): \"{typed}\" leads with the procedure {slug}",
                                lang.code()
                            ));
                        }
                    }
                    Wanted::Rule(slug) => {
                        if leading != Some(slug) {
                            let first = shown.incidents.first().map(|&i| choices[i].id.as_str());
                            missed.push(format!(
                                "rule {slug} ({}): \"{typed}\" leads with {leading:?}, first incident {first:?}",
                                lang.code()
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(missed.is_empty(), "not found:\n{}", missed.join("\n"));
}

/// Every procedure topic of the picker table is one the file places.
#[test]
fn the_rule_rows_name_procedure_topics() {
    let rows: Vec<Row> = floor::yaml::from_str(TABLE, "tests/picker.yaml").expect("table reads");
    let placement = Placement::load(&DataSource::Embedded).expect("topics");
    for row in &rows {
        if let Wanted::Rule(slug) = row.wanted() {
            assert!(
                placement.is_procedure(slug),
                "{slug}: not a procedure topic"
            );
        }
    }
}
