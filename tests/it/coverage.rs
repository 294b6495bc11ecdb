//! Coverage of the concordance by the incidents: `tests/coverage.yaml`
//! places every topic of `locales/concepts.yaml` exactly once, as reached by
//! incidents, planned for an incident not written yet, or a procedure on
//! which no one rules at a table (with the reason). The test recomputes
//! which incidents reach each topic and fails on a topic unplaced or placed
//! twice, a topic marked procedure or planned while an incident reaches it,
//! and a reached list that is not exactly the incidents that reach it.

use std::collections::{BTreeMap, BTreeSet};

use floor::data::DataSource;
use floor::rules::provisions::Unique;
use serde::Deserialize;

use crate::common::store;

const TABLE_PATH: &str = "tests/coverage.yaml";
const TABLE: &str = include_str!("../coverage.yaml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    topics: Unique<Placement>,
}

/// Where a topic stands: reached or procedure, or planned; a reached topic
/// may also name the incident planned for its own ruling (another incident
/// reaches it only in passing).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Placement {
    reached: Option<Vec<String>>,
    planned: Option<String>,
    procedure: Option<String>,
}

/// Per topic, the incidents that reach it: a tree's `cite:`, a module's
/// outcome concepts, or a parameter the module decides by
/// (`cx.concept_stating("param")`) that a rule of the topic states in a
/// bundled edition.
fn reached() -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let source = DataSource::Embedded;
    let mut add = |concept: &str, id: &str| {
        out.entry(concept.to_string())
            .or_default()
            .insert(id.to_string());
    };
    for entry in floor::incidents::ALL {
        let tree = floor::engine::load(&source, entry.id).expect("tree");
        for outcome in &tree.outcomes {
            for cite in &outcome.cite {
                add(cite.split('#').next().unwrap_or(cite), entry.id);
            }
        }
        for (_, concepts) in entry.cites() {
            for c in concepts {
                add(c.slug(), entry.id);
            }
        }
    }
    let store = store();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for entry in floor::incidents::ALL {
        let file = root
            .join("src/incidents")
            .join(format!("{}.rs", entry.id.replace('-', "_")));
        let code = std::fs::read_to_string(&file).expect("module source");
        for edition in store.ids().collect::<Vec<_>>() {
            let book = store.book(edition).expect("book");
            let (_, sources) = book.params_with_sources();
            for (param, concept) in &sources {
                if code.contains(&format!("concept_stating(\"{param}\")")) {
                    add(concept, entry.id);
                }
            }
        }
    }
    out
}

#[test]
fn every_topic_is_placed_once_and_reached_as_placed() {
    let table: Table = floor::yaml::from_str(TABLE, TABLE_PATH).expect("coverage table reads");
    let store = store();
    let topics: Vec<String> = store
        .concepts()
        .expect("concepts")
        .iter()
        .map(|c| c.slug.clone())
        .collect();
    let reached = reached();
    let placed: BTreeMap<&str, &Placement> = table
        .topics
        .0
        .iter()
        .map(|(k, v)| (k.as_str(), v))
        .collect();
    let mut problems = Vec::new();
    for (topic, _) in &table.topics.0 {
        if !topics.contains(topic) {
            problems.push(format!("{topic}: not a topic of locales/concepts.yaml"));
        }
    }
    let (mut n_reached, mut n_planned, mut n_procedure, mut n_unplaced) = (0, 0, 0, 0);
    let mut n_reached_planned = 0;
    for topic in &topics {
        let by: BTreeSet<String> = reached.get(topic).cloned().unwrap_or_default();
        let Some(p) = placed.get(topic.as_str()) else {
            n_unplaced += 1;
            problems.push(format!(
                "{topic}: not placed in {TABLE_PATH} (reached by {by:?})"
            ));
            continue;
        };
        let kinds = [
            p.reached.is_some(),
            p.planned.is_some() && p.reached.is_none(),
            p.procedure.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            problems.push(format!(
                "{topic}: give exactly one of reached, planned, procedure"
            ));
            continue;
        }
        if let Some(listed) = &p.reached {
            n_reached += 1;
            if p.planned.is_some() {
                n_reached_planned += 1;
            }
            let listed: BTreeSet<String> = listed.iter().cloned().collect();
            if by.is_empty() {
                problems.push(format!(
                    "{topic}: marked reached but no incident reaches it"
                ));
            } else if listed != by {
                problems.push(format!(
                    "{topic}: marked reached by {listed:?}, reached by {by:?}"
                ));
            }
        } else if let Some(id) = &p.planned {
            n_planned += 1;
            if !by.is_empty() {
                problems.push(format!(
                    "{topic}: planned for {id} but reached by {by:?}: mark it reached"
                ));
            }
        } else if let Some(why) = &p.procedure {
            n_procedure += 1;
            if !by.is_empty() {
                problems.push(format!("{topic}: marked procedure but reached by {by:?}"));
            }
            if why.trim().is_empty() {
                problems.push(format!("{topic}: a procedure needs its reason"));
            }
        }
    }
    println!(
        "coverage of {} topics: reached {n_reached} ({n_reached_planned} of them with an incident still planned for their own ruling), planned {n_planned}, procedure {n_procedure}, unplaced {n_unplaced}",
        topics.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_topic_placed_twice_is_refused() {
    let twice = "topics:\n  misdeals: {reached: [misdeal]}\n  misdeals: {procedure: x}\n";
    assert!(floor::yaml::from_str::<Table>(twice, "twice").is_err());
}
