//! Coverage of the concordance by the incidents: every topic of
//! `locales/concepts.yaml` is reached by an incident (computed here) or
//! placed in `locales/topics.yaml`, the file the binary lists its procedure
//! topics from, as a procedure on which no one rules at a table (with the
//! reason) or planned for an incident not written yet. The test prints where
//! each topic stands and fails on a topic placed nowhere, or placed in the
//! file while an incident reaches it.

use std::collections::{BTreeMap, BTreeSet};

use floor::data::DataSource;
use floor::engine::topics::{Placement, Standing, TOPICS_PATH};
use floor::rules::Lang;
use floor::ui::Ui;

use crate::common::store;

/// Per topic, the incidents that reach it: the trees' and modules'
/// citations (as `floor check` computes them), and a parameter a module
/// decides by (`cx.concept_stating("param")`) that a rule of the topic
/// states in a bundled edition (a house rule; the Slovak OP12), read in the
/// module itself or through a shared reader of src/incidents that it names.
fn reached() -> BTreeMap<String, BTreeSet<String>> {
    let mut out = floor::engine::topics::reached(&DataSource::Embedded).expect("trees load");
    let store = store();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/incidents");
    let module_of = |id: &str| root.join(format!("{}.rs", id.replace('-', "_")));
    let modules: Vec<(&str, String)> = floor::incidents::ALL
        .iter()
        .map(|e| {
            let code = std::fs::read_to_string(module_of(e.id)).expect("module source");
            (e.id, code)
        })
        .collect();
    let readers = shared_readers(&root, &modules);
    for edition in store.ids().collect::<Vec<_>>() {
        let book = store.book(edition).expect("book");
        let (_, sources) = book.params_with_sources();
        for (param, concept) in &sources {
            let call = format!("concept_stating(\"{param}\")");
            for (id, code) in &modules {
                let through_reader = readers
                    .iter()
                    .any(|(name, p)| p == param && code.contains(name.as_str()));
                if code.contains(&call) || through_reader {
                    out.entry(concept.to_string())
                        .or_default()
                        .insert(id.to_string());
                }
            }
        }
    }
    out
}

/// The shared files of src/incidents (no incident's module): for each
/// `concept_stating("param")` in them, the type or function it sits in
/// (the nearest top-level `impl`, `fn` or `struct` above it: a method's
/// type), which a module that names it reads the parameter through.
fn shared_readers(root: &std::path::Path, modules: &[(&str, String)]) -> Vec<(String, String)> {
    let own: BTreeSet<std::path::PathBuf> = modules
        .iter()
        .map(|(id, _)| root.join(format!("{}.rs", id.replace('-', "_"))))
        .collect();
    let mut readers = Vec::new();
    for file in std::fs::read_dir(root).expect("src/incidents") {
        let path = file.expect("entry").path();
        if own.contains(&path) || path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let code = std::fs::read_to_string(&path).expect("shared source");
        let mut holder: Option<String> = None;
        for line in code.lines() {
            let top_level = !line.starts_with(char::is_whitespace);
            let words: Vec<&str> = line.split_whitespace().collect();
            let item = words
                .windows(2)
                .find(|pair| matches!(pair[0], "impl" | "fn" | "struct"));
            if let (true, Some(pair)) = (top_level, item) {
                let name: String = pair[1]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    holder = Some(name);
                }
            }
            if let (Some(at), Some(name)) = (line.find("concept_stating(\""), &holder) {
                let rest = &line[at + "concept_stating(\"".len()..];
                if let Some(end) = rest.find('"') {
                    readers.push((name.clone(), rest[..end].to_string()));
                }
            }
        }
    }
    readers
}

#[test]
fn every_topic_is_reached_or_placed_once() {
    let placement = Placement::load(&DataSource::Embedded).expect("topics file reads");
    let store = store();
    let topics: Vec<&str> = store
        .concepts()
        .expect("concepts")
        .iter()
        .map(|c| c.slug.as_str())
        .collect();
    let reached = reached();
    let known: BTreeSet<&str> = topics.iter().copied().collect();
    let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
    let mut problems: Vec<String> = placement
        .problems(&known, &reached)
        .iter()
        .map(|m| format!("{TOPICS_PATH}: {}", m.render(&ui)))
        .collect();
    let (mut n_reached, mut n_planned, mut n_procedure, mut n_unplaced) = (0, 0, 0, 0);
    let width = topics.iter().map(|t| t.len()).max().unwrap_or(0);
    for topic in &topics {
        let line = match placement.standing(topic, &reached) {
            Standing::Reached(by) => {
                n_reached += 1;
                let by: Vec<&str> = by.iter().map(String::as_str).collect();
                format!("reached by {}", by.join(", "))
            }
            Standing::Procedure(why) => {
                n_procedure += 1;
                format!("procedure: {why}")
            }
            Standing::Planned(id) => {
                n_planned += 1;
                format!("planned: {id}")
            }
            Standing::Unplaced => {
                n_unplaced += 1;
                problems.push(format!(
                    "{topic}: no incident reaches it and {TOPICS_PATH} does not place it"
                ));
                "unplaced".to_string()
            }
        };
        println!("{topic:width$}  {line}");
    }
    println!(
        "coverage of {} topics: reached {n_reached}, planned {n_planned}, procedure {n_procedure}, unplaced {n_unplaced}",
        topics.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The binary lists exactly the procedure topics of the file after the
/// incidents, each with its slug (the JSON list stays incidents only).
#[test]
fn the_incident_list_ends_with_the_procedure_topics() {
    let placement = Placement::load(&DataSource::Embedded).expect("topics file reads");
    let procedures = placement.procedures();
    assert!(!procedures.is_empty());
    let out = crate::common::floor()
        .args(["incident", "--list", "--lang", "nl"])
        .env("COLUMNS", "100")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).expect("utf-8");
    let heading = crate::interactive::text(Lang::Nl, "incident.procedures");
    let heading_words: Vec<&str> = heading.split_whitespace().collect();
    let text_words: Vec<&str> = text.split_whitespace().collect();
    let at = text_words
        .windows(heading_words.len())
        .position(|w| w == heading_words.as_slice())
        .expect("the procedures heading, in Dutch");
    let after = text_words[at..].join(" ");
    for slug in &procedures {
        assert!(after.contains(slug), "{slug} not listed after the heading");
        assert!(
            !text_words[..at].contains(slug),
            "{slug} listed among the incidents"
        );
    }
    let json = crate::common::floor()
        .args(["incident", "--list", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&json).expect("json");
    assert_eq!(rows.len(), floor::incidents::ALL.len());
    for row in &rows {
        let id = row["id"].as_str().expect("id");
        assert!(!procedures.contains(&id), "{id} in the JSON list");
        assert_eq!(row.as_object().map(|o| o.len()), Some(2), "{row}");
    }
}
