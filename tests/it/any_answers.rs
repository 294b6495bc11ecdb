//! Every incident, in every edition, on answers drawn at random from what
//! each question accepts: a ruling or an error naming the input, never a
//! panic. In a debug build this also holds each module to the citations it
//! declares for its outcome (the engine asserts it), on answer combinations
//! no worked example spells out; and a limit ruling never cites a rule whose
//! words speak of no-limit and pot-limit only.

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::common::{EDITIONS, Rng};
use floor::data::DataSource;
use floor::engine::tree::Kind;
use floor::engine::{GivenAnswers, Tree};
use floor::rules::Store;
use floor::ui::{Lang, Ui};

/// Answer sets per incident and edition (`FLOOR_ANY_ANSWERS_CASES`).
fn cases() -> usize {
    std::env::var("FLOOR_ANY_ANSWERS_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60)
}

fn pick<'a>(rng: &mut Rng, from: &[&'a str]) -> &'a str {
    match from.is_empty() {
        true => "",
        false => rng.pick(from),
    }
}

/// A value the question's kind accepts, sometimes an edge of it.
fn value(rng: &mut Rng, kind: Kind, choices: &[String], min: u64, max: u64) -> String {
    match kind {
        Kind::YesNo => pick(rng, &["yes", "no"]).to_string(),
        Kind::Choice => {
            let all: Vec<&str> = choices.iter().map(String::as_str).collect();
            pick(rng, &all).to_string()
        }
        Kind::MultiChoice => {
            let chosen: Vec<&str> = choices
                .iter()
                .map(String::as_str)
                .filter(|_| rng.chance(30))
                .collect();
            match chosen.is_empty() {
                true => "none".to_string(),
                false => chosen.join(","),
            }
        }
        Kind::Amount => pick(
            rng,
            &[
                "0", "1", "25", "60", "100", "150", "200", "350", "400", "1000", "1500", "3000",
            ],
        )
        .to_string(),
        Kind::Number => rng.range(min, max.min(min.saturating_add(12))).to_string(),
        Kind::Chips => pick(rng, &["100", "100,25", "500,500", "1000", "25,25,25"]).to_string(),
        Kind::Seat => rng.range(1, 9).to_string(),
        Kind::Seats => pick(rng, &["1", "1,4", "2,5,7", "3"]).to_string(),
        Kind::Actions => pick(
            rng,
            &[
                "A:bet:100,B:call",
                "A:bet:1000,B:raise:3000,C:call",
                "A:bet:200,B:all-in:300,C:call",
                "A:check,B:bet:500,C:fold",
                "A:bet:1000,B:raise:1500,C:call:1000",
                "1:bet:600,4:raise:1000,6:call",
            ],
        )
        .to_string(),
        Kind::Contributions => {
            pick(rng, &["1:100,2:300,3:300", "2:500,5:500", "1:4,2:8"]).to_string()
        }
        Kind::Tables => pick(rng, &["1:5,2:8", "A:3,B:3,C:3", "1:9"]).to_string(),
        Kind::Player => pick(rng, &["A", "B", "C", "D"]).to_string(),
        Kind::Stacks => {
            pick(rng, &["A:1000,B:300,C:5000", "B:150", "A:100,B:100,C:100"]).to_string()
        }
        Kind::Cards => pick(rng, &["2:7c,5:Kd", "1:Ah,3:2s,7:2d"]).to_string(),
    }
}

/// The rules, and parts of rules, of `edition` whose every provision speaks
/// of no-limit and pot-limit only (the record's `scope`, as TDA 42 and 47
/// word it): a limit ruling must not cite them.
fn other_games_only(
    store: &Store,
    catalog: &floor::rules::provisions::Catalog,
    edition: &str,
) -> BTreeSet<(String, Option<String>)> {
    use floor::rules::provisions::{part_holding, with_provisions};
    let full = with_provisions(
        store.edition_owned(edition).expect("edition"),
        &DataSource::Embedded,
        catalog,
    )
    .expect("record");
    let nl_pl = |s: &&floor::rules::Stated| s.terms.scope.as_deref() == Some("no-limit-pot-limit");
    let mut out = BTreeSet::new();
    for rule in full.rules() {
        let all = &rule.provisions;
        if !all.is_empty() && all.iter().all(|s| nl_pl(&s)) {
            out.insert((rule.number.clone(), None));
        }
        for part in &rule.parts {
            let within: Vec<_> = all
                .iter()
                .filter(|s| part_holding(rule, &s.span) == Some(part.label.as_str()))
                .collect();
            if !within.is_empty() && within.iter().all(nl_pl) {
                out.insert((rule.number.clone(), Some(part.label.clone())));
            }
        }
    }
    out
}

#[test]
fn any_answers_give_a_ruling_or_an_error_never_a_panic() {
    let store = Store::open(DataSource::Embedded).expect("store");
    let ui = Ui::load(&DataSource::Embedded, Lang::En).expect("ui");
    let catalog = floor::rules::provisions::Catalog::load(&DataSource::Embedded)
        .expect("catalog")
        .expect("bundled catalog");
    let mut rng = Rng(20261127);
    let mut failures = Vec::new();
    let mut cites = Vec::new();
    let mut rulings = 0;
    for id in floor::engine::ids(store.source()).expect("incidents") {
        let tree: Tree = floor::engine::load(store.source(), &id).expect("tree");
        for edition in EDITIONS {
            let book = store.book(edition).expect("edition");
            let stated = floor::rules::provisions::StatedIn::of(&book).expect("record");
            let tree = tree.for_edition_stating(&book.params(), stated.as_ref());
            let not_for_limit = other_games_only(&store, &catalog, edition);
            for _ in 0..cases() {
                let mut given = BTreeMap::new();
                for q in &tree.questions {
                    let may_skip = q.optional || q.default.is_some() || !q.default_from.is_empty();
                    if may_skip && rng.chance(40) {
                        continue;
                    }
                    let (min, max) = (q.min.unwrap_or(0), q.max.unwrap_or(100));
                    given.insert(q.id.clone(), value(&mut rng, q.kind, &q.choices, min, max));
                }
                let ruled = catch_unwind(AssertUnwindSafe(|| -> floor::Result<_> {
                    let mut source = GivenAnswers::new(&tree, given.clone())?;
                    let walked = floor::engine::walk(&tree, &mut source)?;
                    floor::engine::decide(&tree, &book, &ui, &walked)
                }));
                rulings += 1;
                let Ok(ruled) = ruled else {
                    failures.push(format!("{id} --rules {edition} {given:?}"));
                    continue;
                };
                // A limit card cites no rule that speaks of other games only.
                let Ok(ruling) = ruled else { continue };
                if ruling.answers.get("game").and_then(|g| g.as_str()) == Some("limit") {
                    for c in &ruling.citations {
                        if not_for_limit.contains(&(c.number.clone(), c.part.clone()))
                            || not_for_limit.contains(&(c.number.clone(), None))
                        {
                            let part = c.part.as_deref().unwrap_or_default();
                            cites.push(format!(
                                "{id} --rules {edition} cites {}{part} in limit: {given:?}",
                                c.number
                            ));
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "any answers: {rulings} rulings, {} panics, {} limit cards citing a rule of other games",
        failures.len(),
        cites.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(cites.is_empty(), "{}", cites.join("\n"));
}
