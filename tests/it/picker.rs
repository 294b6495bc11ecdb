//! The incident picker finds each incident by the words a floor person
//! types, in every UI language: `tests/picker.yaml` lists them.

use floor::data::DataSource;
use floor::engine::pick::{Choice, matching, sorted};
use floor::rules::lexicon::Lexicon;
use floor::rules::search::Vocab;
use floor::ui::{Lang, Ui};
use serde::Deserialize;

const TABLE: &str = include_str!("../picker.yaml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    incident: String,
    en: Vec<String>,
    nl: Vec<String>,
    de: Vec<String>,
    sk: Vec<String>,
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

#[test]
fn the_picker_finds_each_incident_by_its_words_in_every_language() {
    let rows: Vec<Row> = floor::yaml::from_str(TABLE, "tests/picker.yaml").expect("table reads");
    let (lexicon, vocab) = (Lexicon::embedded(), Vocab::embedded());
    let mut missed = Vec::new();
    for lang in Lang::ALL {
        let ui = Ui::load(&DataSource::Embedded, lang).expect("ui");
        let choices = choices(&ui);
        for row in &rows {
            let words = match lang.code() {
                "en" => &row.en,
                "nl" => &row.nl,
                "de" => &row.de,
                _ => &row.sk,
            };
            for typed in words {
                let shown = matching(&choices, typed, &lexicon, &vocab);
                if !shown.iter().any(|&i| choices[i].id == row.incident) {
                    missed.push(format!("{} ({}): \"{typed}\"", row.incident, lang.code()));
                }
            }
        }
    }
    assert!(missed.is_empty(), "not found:\n{}", missed.join("\n"));
}
