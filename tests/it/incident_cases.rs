//! Worked cases built from the editions' wording, for incidents no rulebook
//! prints an example of: `tests/incident_cases.yaml`. Each row is ruled the
//! way `floor incident ID --rules EDITION --answer KEY=VALUE` rules it, and
//! must give the row's outcome, amounts, extra fields and every rule cited.

use std::collections::{BTreeMap, BTreeSet};

use floor::data::DataSource;
use floor::engine::{self, GivenAnswers};
use floor::ui::{Lang, Ui};
use serde::Deserialize;

use crate::common::{json, store};

const TABLE_PATH: &str = "tests/incident_cases.yaml";
const TABLE: &str = include_str!("../incident_cases.yaml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    edition: String,
    incident: String,
    label: String,
    answers: BTreeMap<String, serde_yaml_value::Answer>,
    outcome: String,
    #[serde(default)]
    amounts: BTreeMap<String, u64>,
    #[serde(default)]
    data: serde_json::Map<String, serde_json::Value>,
    cites: Vec<String>,
}

mod serde_yaml_value {
    /// An answer as written: a number or a text, given as `--answer` gives it.
    #[derive(Debug, Clone, serde::Deserialize)]
    #[serde(untagged)]
    pub enum Answer {
        Number(u64),
        Text(String),
    }

    impl Answer {
        pub fn text(&self) -> String {
            match self {
                Answer::Number(n) => n.to_string(),
                Answer::Text(s) => s.clone(),
            }
        }
    }
}

fn rows() -> Vec<Row> {
    floor::yaml::from_str(TABLE, TABLE_PATH).expect("the cases table reads")
}

#[test]
fn incident_cases_rule_as_the_editions_word_it() {
    let store = store();
    let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
    let mut failures = Vec::new();
    let rows = rows();
    for row in &rows {
        let at = format!("{} {}: {}", row.edition, row.incident, row.label);
        // The tree as `floor incident --rules EDITION` walks it: questions
        // that change nothing in the edition are not asked.
        let book = store.book(&row.edition).expect("the edition loads");
        let tree = engine::load_for(store.source(), &row.incident, &book).expect("tree");
        let given = row
            .answers
            .iter()
            .map(|(k, v)| (k.clone(), v.text()))
            .collect();
        let refused = |e: floor::Error| e.message().render(&ui);
        let ruling = GivenAnswers::new(&tree, given)
            .and_then(|mut source| engine::walk(&tree, &mut source))
            .and_then(|answers| {
                if let Some(key) = row.answers.keys().find(|k| answers.get(k).is_none()) {
                    panic!("{at}: answer `{key}` is not asked with these answers");
                }
                engine::decide(&tree, &book, &ui, &answers)
            });
        let ruling = match ruling {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{at}: refused: {}", refused(e)));
                continue;
            }
        };
        if ruling.outcome != row.outcome {
            failures.push(format!(
                "{at}: outcome {} (want {})",
                ruling.outcome, row.outcome
            ));
        }
        for (name, want) in &row.amounts {
            let got = ruling.amounts.get(name).and_then(serde_json::Value::as_u64);
            if got != Some(*want) {
                failures.push(format!("{at}: amount {name} {got:?} (want {want})"));
            }
        }
        for (name, want) in &row.data {
            if ruling.data.get(name) != Some(want) {
                failures.push(format!(
                    "{at}: {name} {:?} (want {want})",
                    ruling.data.get(name)
                ));
            }
        }
        let cited: Vec<String> = ruling
            .citations
            .iter()
            .map(|c| match &c.part {
                Some(p) => format!("{}-{p}", c.number),
                None => c.number.clone(),
            })
            .collect();
        if cited != row.cites {
            failures.push(format!("{at}: cites {cited:?} (want {:?})", row.cites));
        }
    }
    // Every incident of the table shows each of its outcomes and each edition.
    let mut seen: BTreeMap<&str, (BTreeSet<&str>, BTreeSet<&str>)> = BTreeMap::new();
    for row in &rows {
        let e = seen.entry(row.incident.as_str()).or_default();
        e.0.insert(row.outcome.as_str());
        e.1.insert(row.edition.as_str());
    }
    for (id, (outcomes, editions)) in &seen {
        let entry = floor::incidents::find(id).expect("a registered incident");
        for o in entry.outcomes {
            if !outcomes.contains(o) {
                failures.push(format!("{id}: no case rules `{o}`"));
            }
        }
        for ed in store.ids() {
            if !editions.contains(ed) {
                failures.push(format!("{id}: no case in {ed}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One path to a penalty's length: the hands `offence-penalty` proposes are
/// those `floor incident penalty` counts for the same rounds and table.
#[test]
fn offence_penalty_counts_hands_as_penalty_does() {
    for edition in ["onk-2023-nl", "dpc-2019-en"] {
        for players in [2u8, 6, 9, 10] {
            for (earlier, earlier_rounds, rounds) in [
                ("warning", None, 1u64),
                ("missed-rounds", Some(1u64), 2),
                ("missed-rounds", Some(3), 4),
            ] {
                let players_arg = format!("players_at_table={players}");
                let earlier_arg = format!("earlier={earlier}");
                let mut args = vec![
                    "incident",
                    "offence-penalty",
                    "--rules",
                    edition,
                    "--answer",
                    "offence=out-of-turn",
                    "--answer",
                    &earlier_arg,
                    "--answer",
                    &players_arg,
                ];
                let er = earlier_rounds.map(|r| format!("earlier_rounds={r}"));
                if let Some(er) = &er {
                    args.extend(["--answer", er]);
                }
                let proposed = json(&args);
                let rounds_arg = format!("rounds={rounds}");
                let direct = json(&[
                    "incident",
                    "penalty",
                    "--rules",
                    edition,
                    "--answer",
                    "kind=missed-rounds",
                    "--answer",
                    &players_arg,
                    "--answer",
                    &rounds_arg,
                ]);
                assert_eq!(proposed["amounts"]["rounds"], rounds, "{edition} {args:?}");
                assert_eq!(
                    proposed["amounts"]["hands_missed"], direct["amounts"]["hands_missed"],
                    "{edition} {args:?}"
                );
            }
        }
    }
}
