//! Incidents: decision trees (`rulings/<id>.yaml`), the walk through their
//! questions, the calculators that rule on the answers, and the ruling.

pub mod answer;
pub mod calculators;
pub mod registry;
pub mod ruling;
pub mod tree;
pub mod validate;
pub mod walk;

use crate::data::DataSource;
use crate::error::{LoadError, LookupError};
use crate::message::{Message, Msg};
use crate::rules::Book;
use crate::rules::params::Resolved;
use crate::ui::Ui;

pub use registry::{Cx, Entry, Incident};
pub use ruling::{Decision, Ruling};
pub use tree::Tree;
pub use walk::{AnswerSource, Answers, GivenAnswers, Reply, WalkError, walk};

/// The ids of the incidents of a data tree, sorted.
pub fn ids(source: &DataSource) -> Result<Vec<String>, LoadError> {
    Ok(source
        .paths()?
        .iter()
        .filter_map(|p| {
            p.strip_prefix("rulings/")?
                .strip_suffix(".yaml")
                .map(str::to_string)
        })
        .filter(|id| !id.contains('/'))
        .collect())
}

/// Loads one incident's tree.
pub fn load(source: &DataSource, id: &str) -> Result<Tree, crate::Error> {
    let path = format!("rulings/{id}.yaml");
    let Some(file) = source.read(&path)? else {
        let known = ids(source)?;
        return Err(LookupError::UnknownIncident {
            given: id.to_string(),
            nearest: crate::nearest(id, known.iter().map(String::as_str), 3),
        }
        .into());
    };
    let tree: Tree = file.parse()?;
    if tree.id != id {
        return Err(LoadError::Invalid {
            file: file.shown,
            message: format!(
                "id `{}` does not match the file name: make them equal",
                tree.id
            ),
        }
        .into());
    }
    Ok(tree)
}

/// Walks the tree with `source`, runs its calculator and assembles the ruling.
pub fn rule_on(
    tree: &Tree,
    book: &Book,
    ui: &Ui,
    source: &mut dyn AnswerSource,
) -> Result<Ruling, IncidentError> {
    let answers = walk(tree, source)?;
    decide(tree, book, ui, &answers)
}

/// Rules on answers already collected: the incident's module (or, for an
/// incident not yet moved to one, its named calculator) with the edition's
/// parameters, then the ruling assembled with its citations.
pub fn decide(
    tree: &Tree,
    book: &Book,
    ui: &Ui,
    answers: &Answers,
) -> Result<Ruling, IncidentError> {
    let (params, sources) = book.params_with_sources();
    let mut cx = Cx::new(Resolved::new(&params), &sources);
    let decision = match crate::incidents::find(&tree.id) {
        Some(entry) => entry.run(answers, &mut cx)?,
        None => calculators::run(&tree.calculator, answers, &mut cx)?,
    };
    if tree.outcome(&decision.outcome).is_none() {
        return Err(IncidentError::Data(format!(
            "`{}` reached outcome `{}`, which rulings/{}.yaml does not list",
            tree.id, decision.outcome, tree.id
        )));
    }
    let fallbacks = cx.params.take_fallbacks();
    Ok(
        ruling::assemble(tree, book, ui, answers, decision, &fallbacks)
            .map_err(crate::Error::from)?,
    )
}

/// Why an incident could not be ruled on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IncidentError {
    /// The walk stopped (missing or invalid answers, interrupted).
    #[error(transparent)]
    Walk(#[from] WalkError),
    /// The answers contradict each other or the rules.
    #[error(transparent)]
    Calc(#[from] crate::calc::CalcError),
    /// The ruling data is inconsistent.
    #[error("{0}")]
    Data(String),
    /// The rule data could not be read.
    #[error(transparent)]
    Rules(#[from] crate::Error),
    /// Required answers are missing: every key with its question.
    #[error("missing answers for `{incident}`: {}; give them with --answer KEY=VALUE", list(.missing))]
    MissingAnswers {
        /// The incident.
        incident: String,
        /// Each missing key with its question text.
        missing: Vec<(String, String)>,
    },
}

impl IncidentError {
    /// The message of this failure.
    pub fn message(&self) -> Message {
        match self {
            IncidentError::Walk(e) => e.message(),
            IncidentError::Calc(e) => crate::Error::from(e.clone()).message(),
            IncidentError::Data(text) => Message::new(Msg::Text).arg("text", text),
            IncidentError::Rules(e) => e.message(),
            IncidentError::MissingAnswers { incident, missing } => {
                Message::new(Msg::MissingAnswers)
                    .arg("incident", incident)
                    .arg("list", list(missing))
            }
        }
    }
}

fn list(missing: &[(String, String)]) -> String {
    missing
        .iter()
        .map(|(key, question)| format!("{key} ({question})"))
        .collect::<Vec<_>>()
        .join("; ")
}
