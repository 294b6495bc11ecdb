//! Where each topic of the concordance is ruled at the table
//! (`locales/topics.yaml`). The incidents that reach a topic are computed
//! from the decision trees and the incident modules; every other topic is
//! placed in the file, as a procedure on which no one rules at a table (with
//! the reason in one line) or as planned for an incident not written yet.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::data::DataSource;
use crate::message::{Message, Msg};
use crate::rules::provisions::Unique;

/// The file, in the data tree.
pub const TOPICS_PATH: &str = "locales/topics.yaml";

/// The topics no incident reaches, as the file places them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Topic: why no one rules on it at a table.
    #[serde(default)]
    pub procedure: Unique<String>,
    /// Topic: the incident planned for it.
    #[serde(default)]
    pub planned: Unique<String>,
}

impl Placement {
    /// The placement of a data tree; empty when the tree has no such file
    /// (a `--data` tree written before it: no procedure is listed).
    pub fn load(source: &DataSource) -> crate::Result<Placement> {
        match source.read(TOPICS_PATH)? {
            Some(file) => file.parse(),
            None => Ok(Placement::default()),
        }
    }

    /// The procedure topics' slugs, sorted.
    pub fn procedures(&self) -> Vec<&str> {
        let mut slugs: Vec<&str> = self.procedure.keys().map(String::as_str).collect();
        slugs.sort_unstable();
        slugs
    }

    /// Whether `topic` is placed as a procedure.
    pub fn is_procedure(&self, topic: &str) -> bool {
        self.procedure.get(topic).is_some()
    }

    /// Where `topic` stands, given the incidents that reach each topic
    /// ([`reached`]): an incident that reaches it decides, whatever the
    /// file says (a placement it contradicts is one of the [`problems`]).
    ///
    /// [`problems`]: Placement::problems
    pub fn standing<'a>(
        &'a self,
        topic: &str,
        reached: &'a BTreeMap<String, BTreeSet<String>>,
    ) -> Standing<'a> {
        if let Some(by) = reached.get(topic).filter(|by| !by.is_empty()) {
            Standing::Reached(by)
        } else if let Some(why) = self.procedure.get(topic) {
            Standing::Procedure(why)
        } else if let Some(id) = self.planned.get(topic) {
            Standing::Planned(id)
        } else {
            Standing::Unplaced
        }
    }

    /// What is wrong with the placement, given the concordance's topics and
    /// the incidents that reach each ([`reached`]): a topic that is not one,
    /// a topic placed twice, a procedure without its reason, and a topic
    /// placed here that an incident reaches.
    pub fn problems(
        &self,
        topics: &BTreeSet<&str>,
        reached: &BTreeMap<String, BTreeSet<String>>,
    ) -> Vec<Message> {
        let mut out = Vec::new();
        for topic in self.procedure.keys().chain(self.planned.keys()) {
            let at = |msg: Msg| Message::new(msg).arg("topic", topic);
            if !topics.contains(topic.as_str()) {
                out.push(at(Msg::CheckTopicUnknown));
            }
            if let Some(by) = reached.get(topic).filter(|by| !by.is_empty()) {
                let by: Vec<&str> = by.iter().map(String::as_str).collect();
                out.push(at(Msg::CheckTopicReached).arg("incidents", by.join(", ")));
            }
        }
        for (topic, why) in self.procedure.iter() {
            if self.planned.get(topic).is_some() {
                out.push(Message::new(Msg::CheckTopicTwice).arg("topic", topic));
            }
            if why.trim().is_empty() {
                out.push(Message::new(Msg::CheckTopicNoReason).arg("topic", topic));
            }
        }
        out
    }
}

/// Where a topic of the concordance stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing<'a> {
    /// Reached by these incidents.
    Reached(&'a BTreeSet<String>),
    /// A procedure, for this reason.
    Procedure(&'a str),
    /// Planned for this incident.
    Planned(&'a str),
    /// Neither reached nor placed: the concordance has a topic that no one
    /// has placed yet.
    Unplaced,
}

/// Per topic, the incidents of the data tree whose decision tree or module
/// cites it (a tree that does not load reaches nothing; `floor check`
/// reports it on its own).
pub fn reached(source: &DataSource) -> crate::Result<BTreeMap<String, BTreeSet<String>>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut add = |concept: &str, id: &str| {
        out.entry(concept.to_string())
            .or_default()
            .insert(id.to_string());
    };
    for id in super::ids(source)? {
        if let Ok(tree) = super::load(source, &id) {
            for cite in tree.outcomes.iter().flat_map(|o| &o.cite) {
                add(cite.split('#').next().unwrap_or(cite), &id);
            }
        }
        if let Some(entry) = crate::incidents::ALL.iter().find(|e| e.id == id) {
            for (_, concepts) in entry.cites() {
                for c in concepts {
                    add(c.slug(), &id);
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placement(yaml: &str) -> Placement {
        crate::yaml::from_str(yaml, "topics").expect("reads")
    }

    #[test]
    fn a_topic_placed_twice_in_one_list_is_refused() {
        let twice = "procedure:\n  misdeals: x\n  misdeals: y\n";
        assert!(crate::yaml::from_str::<Placement>(twice, "twice").is_err());
    }

    #[test]
    fn the_problems_name_each_misplaced_topic() {
        let p = placement(
            "procedure:\n  rabbit-hunting: \"a prohibition\"\n  misdeals: \"x\"\n  nope: \" \"\nplanned:\n  rabbit-hunting: some-incident\n",
        );
        let topics: BTreeSet<&str> = ["rabbit-hunting", "misdeals"].into();
        let reached: BTreeMap<String, BTreeSet<String>> =
            [("misdeals".to_string(), ["misdeal".to_string()].into())].into();
        let found: Vec<(Msg, String)> = p
            .problems(&topics, &reached)
            .into_iter()
            .map(|m| {
                let topic = m.text_arg("topic").unwrap_or_default().to_string();
                (m.msg, topic)
            })
            .collect();
        assert_eq!(
            found,
            [
                (Msg::CheckTopicReached, "misdeals".to_string()),
                (Msg::CheckTopicUnknown, "nope".to_string()),
                (Msg::CheckTopicTwice, "rabbit-hunting".to_string()),
                (Msg::CheckTopicNoReason, "nope".to_string()),
            ]
        );
    }

    #[test]
    fn a_reaching_incident_decides_and_a_new_topic_stands_unplaced() {
        let p = placement(
            "procedure:\n  rabbit-hunting: \"a prohibition\"\n  misdeals: \"x\"\nplanned:\n  deck-changes: deck-change\n",
        );
        let by: BTreeSet<String> = ["misdeal".to_string()].into();
        let reached: BTreeMap<String, BTreeSet<String>> =
            [("misdeals".to_string(), by.clone())].into();
        assert_eq!(p.standing("misdeals", &reached), Standing::Reached(&by));
        assert_eq!(
            p.standing("rabbit-hunting", &reached),
            Standing::Procedure("a prohibition")
        );
        assert_eq!(
            p.standing("deck-changes", &reached),
            Standing::Planned("deck-change")
        );
        assert_eq!(p.standing("new-topic", &reached), Standing::Unplaced);
    }

    #[test]
    fn the_bundled_placement_lists_procedures_sorted() {
        let p = Placement::load(&DataSource::Embedded).expect("loads");
        let slugs = p.procedures();
        assert!(slugs.contains(&"rabbit-hunting"), "{slugs:?}");
        assert!(slugs.windows(2).all(|w| w[0] < w[1]));
        assert!(p.is_procedure("rabbit-hunting") && !p.is_procedure("misdeals"));
    }
}
