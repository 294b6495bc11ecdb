//! Incidents: decision trees (`rulings/<id>.yaml`), the walk through their
//! questions, the registry of the modules that rule on the answers
//! ([`crate::incidents`]), and the ruling.

pub mod answer;
pub mod differ;
pub mod notes;
pub mod pick;
pub mod read;
pub mod registry;
pub mod ruling;
pub mod topics;
pub mod tree;
pub mod walk;

use crate::data::DataSource;
use crate::error::{LoadError, LookupError};
use crate::message::{Message, Msg};
use crate::rules::Book;
use crate::rules::params::Resolved;
use crate::ui::Ui;

pub use registry::{Cx, Entry, Incident, Outcome};
pub use ruling::{Decision, Erased, Ruling};
pub use tree::Tree;
pub use walk::{
    AnswerSource, Answers, GivenAnswers, Origin, Reply, TypedAnswers, WalkError, walk, walk_from,
};

/// The ids of the incidents of a data tree, sorted.
pub fn ids(source: &DataSource) -> crate::Result<Vec<String>> {
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
        return Err(LoadError::file(
            &file.shown,
            None,
            Message::new(Msg::CheckTreeId).arg("id", &tree.id),
        )
        .into());
    }
    Ok(tree)
}

/// The questions of incident `id` asked only where the edition states a
/// provision `book` does not: each with that provision (the first, where
/// several). An answer given to one is not asked for, and the card can say
/// why.
pub fn unasked_for_provisions(
    source: &DataSource,
    id: &str,
    book: &Book,
) -> Result<Vec<(String, String)>, crate::Error> {
    let tree = load(source, id)?;
    if !tree.reads_provisions() {
        return Ok(Vec::new());
    }
    let stated = match crate::rules::provisions::StatedIn::of(book)? {
        Some(stated) => stated,
        None => tda_practice()?,
    };
    Ok(tree
        .questions
        .iter()
        .filter_map(|q| {
            q.when.iter().find_map(|(key, condition)| {
                // A condition on a term: the edition may state the
                // provision in other words, not said as "not stated".
                let (provision, None) = tree::provision_key(key)? else {
                    return None;
                };
                let stated_here = stated.terms(provision).is_some();
                (*condition == tree::Condition::Flag(!stated_here))
                    .then(|| (q.id.clone(), provision.to_string()))
            })
        })
        .collect())
}

/// Loads one incident's tree for the edition of `book`: questions that
/// change nothing in that edition are left out (see [`Tree::for_edition`]).
pub fn load_for(source: &DataSource, id: &str, book: &Book) -> Result<Tree, crate::Error> {
    let tree = load(source, id)?;
    // An edition without a provisions record is asked as TDA practice
    // would be: a ruling that turns on its words refuses it anyway, one
    // that reads the practice says so.
    let stated = match tree.reads_provisions() {
        true => match crate::rules::provisions::StatedIn::of(book)? {
            Some(stated) => Some(stated),
            None => Some(tda_practice()?),
        },
        false => None,
    };
    Ok(tree.for_edition_stating(&book.params(), stated.as_ref()))
}

/// Walks the tree with `source`, rules with its module and assembles the ruling.
pub fn rule_on(
    tree: &Tree,
    book: &Book,
    ui: &Ui,
    source: &mut dyn AnswerSource,
) -> Result<Ruling, crate::Error> {
    let answers = walk(tree, source)?;
    decide(tree, book, ui, &answers)
}

/// Rules on answers already collected: the incident's module with the
/// edition's parameters, then the ruling assembled with its citations.
pub fn decide(
    tree: &Tree,
    book: &Book,
    ui: &Ui,
    answers: &Answers,
) -> Result<Ruling, crate::Error> {
    let entry = crate::incidents::find(&tree.id).ok_or_else(|| {
        crate::Error::bad(
            Message::new(Msg::CheckRulingNoModule).arg("file", format!("rulings/{}.yaml", tree.id)),
        )
    })?;
    ruled(
        tree,
        book,
        ui,
        answers,
        entry.reads_provisions,
        |answers, cx| entry.run(answers, cx),
    )
}

/// Incident `I`'s ruling on answers already collected, as [`decide`]
/// gives it, with the module's typed decision for a caller that goes on
/// from it (`floor hand`: the outcome and the amounts, matched as types).
pub fn decide_as<I: Incident>(
    tree: &Tree,
    book: &Book,
    ui: &Ui,
    answers: &Answers,
) -> Result<(Decision<I>, Ruling), crate::Error> {
    decide_as_reading::<I>(tree, book, ui, answers, |_| {})
}

/// [`decide_as`] for a caller that decided some facts of the answers from
/// edition parameters itself (`floor hand` counting substantial action for
/// an action out of turn): `reads` reads them again in the ruling's own
/// parameters, so a TDA practice applied for one is noted on the card as
/// the incident would note it.
pub fn decide_as_reading<I: Incident>(
    tree: &Tree,
    book: &Book,
    ui: &Ui,
    answers: &Answers,
    reads: impl FnOnce(&mut Resolved<'_>),
) -> Result<(Decision<I>, Ruling), crate::Error> {
    if tree.id != I::ID {
        return Err(LookupError::UnknownIncident {
            given: tree.id.clone(),
            nearest: vec![I::ID.to_string()],
        }
        .into());
    }
    let mut typed = None;
    let ruling = ruled(
        tree,
        book,
        ui,
        answers,
        !I::PROVISIONS.is_empty(),
        |answers, cx| {
            reads(&mut cx.params);
            let decision = registry::decision::<I>(answers, cx)?;
            typed = Some(decision.clone());
            Ok(decision.erase())
        },
    )?;
    match typed {
        Some(decision) => Ok((decision, ruling)),
        None => Err(crate::Error::bad(
            Message::new(Msg::CheckRulingNoModule).arg("file", format!("rulings/{}.yaml", tree.id)),
        )),
    }
}

fn ruled(
    tree: &Tree,
    book: &Book,
    ui: &Ui,
    answers: &Answers,
    reads_provisions: bool,
    run: impl FnOnce(&Answers, &mut Cx<'_>) -> Result<Erased, crate::Error>,
) -> Result<Ruling, crate::Error> {
    let (params, sources) = book.params_with_sources();
    // Read the first time the ruling asks: an edition without a record is
    // read as the practice, and its words for the card come from the one
    // bundled catalog.
    let record = registry::Record::of(book);
    let mut cx = Cx::new(Resolved::new(&params), &sources).with_defaults(answers);
    if reads_provisions {
        cx = cx.with_record(&record);
    }
    let decision = run(answers, &mut cx)?;
    if tree.outcome(decision.outcome).is_none() {
        return Err(crate::Error::bad(
            Message::new(Msg::CheckOutcomeNotInTree)
                .arg("incident", &tree.id)
                .arg("outcome", decision.outcome)
                .arg("file", format!("rulings/{}.yaml", tree.id)),
        ));
    }
    let fallbacks = cx.params.take_fallbacks();
    let mut used = answers.clone();
    for key in cx.unused_defaults() {
        used.forget(key);
    }
    // The provisions the ruling follows as TDA practice words them: those
    // the card quotes (never read) and those read only as stated or not.
    let mut as_practice: Vec<(Option<&str>, String)> = decision
        .cites
        .iter()
        .filter(|c| c.as_tda)
        .filter_map(|c| Some((Some(c.concept.slug()), c.stating?.to_string())))
        .collect();
    as_practice.extend(cx.read_by_presence().into_iter().map(|id| (None, id)));
    let mut ruling = ruling::assemble(tree, book, ui, &used, decision, &fallbacks)?;
    ruling.to_ask = cx.asked().iter().map(|k| k.to_string()).collect();
    for note in worded_otherwise(&as_practice, &record, book, &ruling, ui)? {
        if !ruling.notes.contains(&note) {
            ruling.notes.push(note);
        }
    }
    // Read as TDA practice for want of a record: said, provision by
    // provision, where the practice states it.
    for id in cx.practiced() {
        let Some(provision) = record.catalog()?.get(&id).filter(|p| p.tda.is_some()) else {
            continue;
        };
        let note = ui.f(
            "notes.provision_practice",
            &[
                ("edition", book.id()),
                ("practice", provision.text(ui.lang).trim_end_matches('.')),
            ],
        );
        if !ruling.notes.contains(&note) {
            ruling.notes.push(note.clone());
            ruling.practices.push(note);
        }
    }
    Ok(ruling)
}

/// The notes for the provisions a ruling follows as TDA practice words
/// them (`as_practice`: each with the topic it is cited under, else its
/// own) where the edition words a term otherwise
/// ([`ruling::worded_otherwise`]). The edition's record is the one the
/// ruling read, where it read one, else each provision is looked up alone;
/// the catalog is read only when one of them has terms worded in the
/// edition.
fn worded_otherwise(
    as_practice: &[(Option<&str>, String)],
    record: &registry::Record<'_>,
    book: &Book,
    ruling: &Ruling,
    ui: &Ui,
) -> Result<Vec<String>, crate::Error> {
    let worded: Vec<(Option<&str>, &str, crate::rules::Terms)> = as_practice
        .iter()
        .filter_map(|(concept, id)| {
            let terms = match record.loaded() {
                Some(s) => s.terms(id).cloned(),
                None => crate::rules::provisions::terms_of(book, id),
            }?;
            (!terms.is_empty()).then_some((*concept, id.as_str(), terms))
        })
        .collect();
    if worded.is_empty() {
        return Ok(Vec::new());
    }
    let catalog = record.catalog()?;
    let mut notes = Vec::new();
    for (concept, id, terms) in &worded {
        let concept = concept.or_else(|| catalog.get(id).map(|p| p.concept.as_str()));
        let cited = ruling
            .citations
            .iter()
            .find(|c| Some(c.concept.as_str()) == concept);
        notes.extend(ruling::worded_otherwise(
            catalog,
            terms,
            id,
            cited,
            book.id(),
            ui,
        ));
    }
    Ok(notes)
}

/// The provisions TDA practice states (the bundled catalog).
fn tda_practice() -> Result<crate::rules::provisions::StatedIn, crate::Error> {
    let catalog = crate::rules::provisions::Catalog::bundled()?;
    Ok(crate::rules::provisions::StatedIn::tda_practice(catalog))
}

/// The error for required answers that are missing: every key with its
/// question, in the UI language of the question texts given.
pub fn missing_answers(incident: &str, missing: &[(String, String)]) -> crate::Error {
    let list = missing
        .iter()
        .map(|(key, question)| format!("{key} ({question})"))
        .collect::<Vec<_>>()
        .join("; ");
    crate::Error::bad(
        Message::new(Msg::MissingAnswers)
            .arg("incident", incident)
            .arg("list", list),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A question a tree asks only where the edition states a provision
    /// reads that provision as stated or not, never its terms: one with
    /// terms would be ruled on as TDA practice words them, and a card
    /// under an edition that words them otherwise would not say so
    /// ([`worded_otherwise`] sees the module's reads, not the tree's).
    /// Every provision a bundled tree conditions a question on by presence
    /// has none; one conditioned on a term's wording reads that term, which
    /// it then has.
    #[test]
    fn a_provision_a_tree_asks_by_has_no_terms_to_word_otherwise() {
        let source = DataSource::Embedded;
        let catalog = crate::rules::provisions::Catalog::load(&source)
            .expect("catalog")
            .expect("a bundled catalog");
        let mut conditions = 0;
        for id in ids(&source).expect("incidents") {
            let tree = load(&source, &id).expect("tree");
            for q in &tree.questions {
                for key in q.when.keys() {
                    let Some((provision, term)) = tree::provision_key(key) else {
                        continue;
                    };
                    conditions += 1;
                    let terms = catalog.get(provision).map(|p| match term {
                        None => p.terms.is_empty(),
                        Some(term) => crate::rules::provisions::Term::of_id(term)
                            .is_some_and(|t| p.terms.keys().any(|k| *k == t)),
                    });
                    assert_eq!(terms, Some(true), "{id}: {} asks by {key}", q.id);
                }
            }
        }
        assert!(conditions >= 7, "{conditions}");
    }
}
