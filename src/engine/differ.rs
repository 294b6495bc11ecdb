//! Whether an incident rules otherwise because two editions state one
//! provision differently: its own tree and module, run under each edition
//! over every set of facts the tree can be walked with. A `provision.ID`
//! condition is decided by the edition, every question branch is followed;
//! the amounts a question takes are sampled on both sides of what the
//! rulings compare them with (a threshold, a count of rounds).
//!
//! `floor compare` asks this of each provision an incident declares
//! ([`super::Incident::PROVISIONS`]): a difference there is a change of
//! ruling only where some facts are ruled otherwise.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use super::answer::Answer;
use super::registry::{Cx, Entry};
use super::ruling::Erased;
use super::tree::{Decides, Kind, PARAM, PROVISION, Question, Tree};
use super::walk::{AnswerSource, Answers, Origin, Reply, WalkError, walk};
use crate::data::DataSource;
use crate::fnv::Fnv;
use crate::poker::Chips;
use crate::rules::params::{Params, Resolved};
use crate::rules::provisions::StatedIn;
use crate::rules::{Book, Edition, Terms};

/// What two rulings are compared on: the outcome and the amounts. A
/// remedy step, a note or the rules cited are not a different ruling: the
/// citations differ wherever one edition has no rule on the topic (the
/// card cites the TDA practice or the next rule), which compare shows as
/// the topic of one edition alone. The words a remedy variant gives the
/// outcome and the amounts go with it, to tell it, and are no part of it.
#[derive(Debug, Clone)]
pub struct Verdict {
    /// The outcome id.
    pub outcome: &'static str,
    /// The named amounts.
    pub amounts: Vec<(String, Chips)>,
    /// See [`super::ruling::Decision::remedy_variant`].
    pub remedy_variant: Option<&'static str>,
    /// See [`super::ruling::Erased::amounts_worded_by`].
    pub amounts_worded_by: Option<&'static str>,
}

impl PartialEq for Verdict {
    fn eq(&self, other: &Verdict) -> bool {
        (self.outcome, &self.amounts) == (other.outcome, &other.amounts)
    }
}

impl Eq for Verdict {}

/// An edition as an incident rules under it: its parameters, the rule
/// stating each, and the provisions it states.
#[derive(Debug, Clone)]
pub struct Under {
    params: Params,
    sources: Vec<(&'static str, String)>,
    stated: StatedIn,
}

impl Under {
    /// The edition of `book` (no provisions where it records none).
    pub fn of(book: &Book<'_>) -> crate::Result<Under> {
        let (params, sources) = book.params_with_sources();
        let stated = StatedIn::of(book)?.unwrap_or_default();
        Ok(Under {
            params,
            sources,
            stated,
        })
    }

    /// What the rulings of the incidents that declare provisions read of
    /// the edition, as one number: its parameters, the rule stating each,
    /// and how it states each declared provision (FNV-1a, stable across
    /// builds, so that [`BUNDLED`] can be looked up by it).
    pub fn fingerprint(&self) -> u64 {
        fingerprint(&self.params, &self.sources, |id| self.terms(id))
    }

    /// How it states provision `id`.
    pub fn terms(&self, id: &str) -> Option<&Terms> {
        self.stated.terms(id)
    }

    /// The same edition with parameter `key` as `other` has it.
    pub fn with_param_of(&self, key: &str, other: &Under) -> Under {
        Under {
            params: self.params.with_from(key, &other.params),
            sources: self.sources.clone(),
            stated: self.stated.clone(),
        }
    }

    /// The same edition stating provision `id` as `terms` say (`None`: not
    /// at all), everything else kept.
    pub fn stating(&self, id: &str, terms: Option<&Terms>) -> Under {
        Under {
            params: self.params.clone(),
            sources: self.sources.clone(),
            stated: self.stated.with(id, terms),
        }
    }
}

/// [`Under::fingerprint`] of the edition whose parameters, their sources
/// and declared provisions' terms are given.
fn fingerprint<'t>(
    params: &Params,
    sources: &[(&'static str, String)],
    terms: impl Fn(&str) -> Option<&'t Terms>,
) -> u64 {
    // The text is hashed as it is written: no string is built, nothing
    // formatted (a comparison of two editions computes two of these).
    let mut h = Fnv::default();
    if serde_json::to_writer(&mut h, params).is_err() {
        h = Fnv::default();
    }
    for (param, concept) in sources {
        for piece in ["|", param, "=", concept] {
            h.eat(piece.as_bytes());
        }
    }
    for id in declared() {
        for piece in ["|", id, ":"] {
            h.eat(piece.as_bytes());
        }
        match terms(id) {
            Some(t) => {
                h.eat(b"+");
                if serde_json::to_writer(&mut h, t).is_err() {
                    h.eat(b"!");
                }
            }
            None => h.eat(b"-"),
        }
    }
    h.finish()
}

/// Whether an incident reads an edition's silence on provision `id` as the
/// TDA practice ([`super::Incident::SILENCE_AS_PRACTICE`]).
pub fn silence_read_as_practice(id: &str) -> bool {
    crate::incidents::ALL
        .iter()
        .any(|e| e.silence_as_practice.contains(&id))
}

/// The provisions the incidents declare, gathered once per process.
fn declared() -> &'static BTreeSet<&'static str> {
    static DECLARED: OnceLock<BTreeSet<&'static str>> = OnceLock::new();
    DECLARED.get_or_init(|| {
        crate::incidents::ALL
            .iter()
            .flat_map(|e| e.provisions.iter().copied())
            .collect()
    })
}

/// [`Under::fingerprint`] of an edition parsed whole, read from its rules
/// without building its [`Under`] (every provision it states, cloned): a
/// comparison of two bundled editions needs no more than the look-up.
pub fn fingerprint_of(edition: &Edition) -> u64 {
    let (params, sources) = Book::Full(edition).params_with_sources();
    let wanted = declared();
    // The first rule stating a provision gives its terms, as `StatedIn`.
    let mut first: BTreeMap<&str, &Terms> = BTreeMap::new();
    for s in edition.rules().flat_map(|r| r.provisions.iter()) {
        if wanted.contains(s.id.as_str()) {
            first.entry(s.id.as_str()).or_insert(&s.terms);
        }
    }
    fingerprint(&params, &sources, |id| first.get(id).copied())
}

/// [`changing`] between two editions parsed whole: a pair [`BUNDLED`]
/// holds is looked up by [`fingerprint_of`]; any other is ruled.
/// `shipped`: both are bundled editions as shipped (the embedded data, no
/// house overlay), looked up by their ids without reading a fingerprint:
/// the stored pair's fingerprints are theirs, or
/// `the_bundled_pairs_are_what_ruling_the_facts_finds` fails.
pub fn changing_between(
    a: &Edition,
    b: &Edition,
    shipped: bool,
) -> crate::Result<BTreeSet<&'static str>> {
    let by_id = || {
        BUNDLED.iter().find(|p| {
            [p.a, p.b] == [a.id.as_str(), b.id.as_str()]
                || [p.b, p.a] == [a.id.as_str(), b.id.as_str()]
        })
    };
    let stored = shipped
        .then(by_id)
        .flatten()
        .or_else(|| bundled([fingerprint_of(a), fingerprint_of(b)]));
    if let Some(pair) = stored {
        return Ok(pair.changing.iter().copied().collect());
    }
    let (ua, ub) = (Under::of(&Book::Full(a))?, Under::of(&Book::Full(b))?);
    Ok(changing_ruled(&ua, &ub))
}

/// The stored pair with these fingerprints, in either order.
fn bundled(inputs: [u64; 2]) -> Option<&'static Pair> {
    BUNDLED
        .iter()
        .find(|p| p.inputs == inputs || p.inputs == [inputs[1], inputs[0]])
}

/// An incident with its tree and every set of facts the tree can be
/// walked with, on any edition.
struct Walked {
    entry: &'static Entry,
    tree: Tree,
    facts: Vec<Answers>,
}

/// Every incident, each walked once per process.
fn walked_all() -> &'static [Walked] {
    static WALKED: OnceLock<Vec<Walked>> = OnceLock::new();
    WALKED.get_or_init(|| {
        crate::incidents::ALL
            .iter()
            .filter_map(walk_all_facts)
            .collect()
    })
}

/// An incident with every set of facts its bundled tree can be walked with
/// (the bundled trees are those the bundled modules rule on).
fn walk_all_facts(entry: &'static Entry) -> Option<Walked> {
    let tree = super::load(&DataSource::Embedded, entry.id).ok()?;
    let facts = facts(&tree, entry.varied);
    Some(Walked { entry, tree, facts })
}

/// The incidents that declare provisions, each walked once per process.
fn walked() -> &'static [Walked] {
    static WALKED: OnceLock<Vec<Walked>> = OnceLock::new();
    WALKED.get_or_init(|| {
        crate::incidents::ALL
            .iter()
            .filter(|e| !e.provisions.is_empty())
            .filter_map(walk_all_facts)
            .collect()
    })
}

/// The provisions an incident declares whose difference between `a` and
/// `b` changes one of its rulings: under either edition, the provision
/// stated as the other edition states it (the other provisions and the
/// parameters kept) gives some facts another outcome or other amounts. Only the facts whose ruling reaches the
/// provision (the module asks about it, or a question conditioned on it
/// applies) are ruled again.
///
/// Two bundled editions as they are shipped are looked up in [`BUNDLED`]
/// (ruling every set of facts costs many times a comparison); any other
/// pair, a house's version among them, is ruled here.
pub fn changing(a: &Under, b: &Under) -> BTreeSet<&'static str> {
    match bundled([a.fingerprint(), b.fingerprint()]) {
        Some(pair) => pair.changing.iter().copied().collect(),
        None => changing_ruled(a, b),
    }
}

/// Two bundled editions and what [`changing_ruled`] finds between them.
#[derive(Debug)]
pub struct Pair {
    /// The first edition's id.
    pub a: &'static str,
    /// The second edition's id.
    pub b: &'static str,
    /// Their fingerprints ([`Under::fingerprint`]).
    pub inputs: [u64; 2],
    /// The provisions whose difference changes a ruling.
    pub changing: &'static [&'static str],
}

/// [`changing`], every set of facts ruled.
pub fn changing_ruled(a: &Under, b: &Under) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    // An incident that decides a duty only (a deck change) weighs its
    // provisions as the catalog does: no ruling changes with them.
    for w in walked()
        .iter()
        .filter(|w| w.tree.decides == Decides::Ruling)
    {
        let differing: Vec<&'static str> = w
            .entry
            .provisions
            .iter()
            .copied()
            .filter(|p| a.terms(p) != b.terms(p))
            .collect();
        if differing.is_empty() {
            continue;
        }
        for (base, other) in [(a, b), (b, a)] {
            let ran = rule_all(w, base, None);
            for p in &differing {
                if out.contains(p) {
                    continue;
                }
                let swapped = base.stating(p, other.terms(p));
                let reached: Vec<bool> = ran.iter().map(|r| r.reaches(p)).collect();
                let again = rule_all(w, &swapped, Some(&reached));
                let differs = ran.iter().zip(&again).any(
                    |(x, y)| matches!((&x.verdict, &y.verdict), (Some(vx), Some(vy)) if vx != vy),
                );
                if differs {
                    out.insert(*p);
                }
            }
        }
    }
    out
}

/// A set of facts an incident rules otherwise under two editions, as they
/// state one provision: the dispute a change of ruling stands on, which
/// anyone can rule again under each edition (`floor incident`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dispute {
    /// The incident.
    pub incident: &'static str,
    /// The provision the two editions state otherwise, or the parameter
    /// they set otherwise.
    pub changed: String,
    /// The facts: each question answered, in the tree's order.
    pub facts: Vec<(String, Answer)>,
    /// The ruling under the first edition.
    pub a: Verdict,
    /// The ruling under the second.
    pub b: Verdict,
}

/// The dispute that shows provision `id` changing a ruling between `a`
/// and `b`: facts on which an incident that reads it rules otherwise with
/// the provision as the other edition states it, and rules otherwise under
/// the two editions as they are. Of such facts, those with the fewest
/// answers. `None` where no incident rules otherwise (the parameters and
/// the other provisions of the editions may make up for it).
pub fn dispute(a: &Under, b: &Under, id: &str) -> Option<Dispute> {
    if a.terms(id) == b.terms(id) {
        return None;
    }
    let incidents = walked().iter().filter(|w| w.entry.provisions.contains(&id));
    first_dispute(incidents, a, b, id, &a.stating(id, b.terms(id)), |r| {
        r.reaches(id)
    })
}

/// [`dispute`] for parameter `key`: facts every incident rules otherwise
/// with the parameter as `b` has it, and under the two editions.
pub fn param_dispute(a: &Under, b: &Under, key: &str) -> Option<Dispute> {
    if a.params.to_map().get(key) == b.params.to_map().get(key) {
        return None;
    }
    first_dispute(
        walked_all().iter(),
        a,
        b,
        key,
        &a.with_param_of(key, b),
        |_| true,
    )
}

/// Of the facts of `incidents` each reaches (`reaches`), those with the
/// fewest answers that `a` rules otherwise than `swapped` (`a` with one
/// provision or parameter, `changed`, as `b` has it) and than `b`.
fn first_dispute<'w>(
    incidents: impl Iterator<Item = &'w Walked>,
    a: &Under,
    b: &Under,
    changed: &str,
    swapped: &Under,
    reaches: impl Fn(&Ruled) -> bool,
) -> Option<Dispute> {
    let mut best: Option<Dispute> = None;
    for w in incidents.filter(|w| w.tree.decides == Decides::Ruling) {
        let ran_a = rule_all(w, a, None);
        let reached: Vec<bool> = ran_a.iter().map(&reaches).collect();
        let swapped = rule_all(w, swapped, Some(&reached));
        let ran_b = rule_all(w, b, Some(&reached));
        for (i, facts) in w.facts.iter().enumerate() {
            let (Some(va), Some(vs), Some(vb)) = (
                ran_a.get(i).and_then(|r| r.verdict.as_ref()),
                swapped.get(i).and_then(|r| r.verdict.as_ref()),
                ran_b.get(i).and_then(|r| r.verdict.as_ref()),
            ) else {
                continue;
            };
            let shorter = best
                .as_ref()
                .is_none_or(|d| facts.iter().count() < d.facts.len());
            if va != vs && va != vb && shorter {
                best = Some(Dispute {
                    incident: w.entry.id,
                    changed: changed.to_string(),
                    facts: w
                        .tree
                        .questions
                        .iter()
                        .filter_map(|q| Some((q.id.clone(), facts.get(&q.id)?.clone())))
                        .collect(),
                    a: va.clone(),
                    b: vb.clone(),
                });
            }
        }
    }
    best
}

/// One set of facts ruled under an edition.
#[derive(Debug, Default)]
struct Ruled {
    verdict: Option<Verdict>,
    /// The provisions the ruling reached; `None`: the walk stopped, any.
    reached: Option<Vec<String>>,
}

impl Ruled {
    fn reaches(&self, id: &str) -> bool {
        self.reached
            .as_ref()
            .is_none_or(|r| r.iter().any(|p| p == id))
    }
}

/// The rulings of every set of facts of `w` under `under` (those `only`
/// marks, where given; the others are left unruled).
fn rule_all(w: &Walked, under: &Under, only: Option<&[bool]>) -> Vec<Ruled> {
    let tree = w
        .tree
        .for_edition_stating(&under.params, Some(&under.stated));
    w.facts
        .iter()
        .enumerate()
        .map(
            |(i, f)| match only.is_none_or(|o| o.get(i).copied().unwrap_or(true)) {
                true => rule_one(w.entry, &w.tree, &tree, under, f),
                false => Ruled::default(),
            },
        )
        .collect()
}

/// The verdict of incident `entry` under an edition on `facts`: the tree
/// decided for the edition (`decided`) is walked with them (a question it
/// does not ask drops its answer, a default applies), then the module
/// rules. No verdict where the facts leave a question it asks unanswered
/// or the module refuses them. `tree`, the tree as written, tells which
/// questions conditioned on a provision the facts reach.
fn rule_one(entry: &Entry, tree: &Tree, decided: &Tree, under: &Under, facts: &Answers) -> Ruled {
    let Some((answers, ruled, mut reached)) = run_one(entry, decided, under, facts) else {
        return Ruled::default();
    };
    for q in &tree.questions {
        let own = q
            .when
            .iter()
            .filter(|(k, _)| !k.starts_with(PARAM) && !k.starts_with(PROVISION))
            .all(|(k, c)| c.holds(answers.get(k)));
        if own {
            reached.extend(
                q.when
                    .keys()
                    .filter_map(|k| super::tree::provision_key(k))
                    .map(|(id, _)| id.to_string()),
            );
        }
    }
    let Ok(ruled) = ruled else {
        return Ruled {
            verdict: None,
            reached: Some(reached),
        };
    };
    Ruled {
        verdict: Some(Verdict {
            outcome: ruled.outcome,
            remedy_variant: ruled.remedy_variant,
            amounts_worded_by: ruled.amounts_worded_by(),
            amounts: ruled.amounts,
        }),
        reached: Some(reached),
    }
}

/// Incident `entry` run under an edition on `facts`, walked through the
/// tree decided for the edition: the answers, the module's decision and the
/// provisions it read. `None` where the facts leave a question it asks
/// unanswered.
fn run_one(
    entry: &Entry,
    decided: &Tree,
    under: &Under,
    facts: &Answers,
) -> Option<(Answers, crate::Result<Erased>, Vec<String>)> {
    let answers = walk(decided, &mut Given(facts)).ok()?;
    let mut cx = Cx::new(Resolved::new(&under.params), &under.sources)
        .with_defaults(&answers)
        .with_provisions(&under.stated);
    let ruled = entry.run(&answers, &mut cx);
    let read = cx.read();
    Some((answers, ruled, read))
}

/// The verdict of incident `entry` (its tree as written: `tree`) under an
/// edition, on `facts`, as [`changing`] rules them.
pub fn verdict(entry: &Entry, tree: &Tree, under: &Under, facts: &Answers) -> Option<Verdict> {
    let decided = tree.for_edition_stating(&under.params, Some(&under.stated));
    rule_one(entry, tree, &decided, under, facts).verdict
}

include!("differ_bundled.rs");

/// Facts given as typed answers; a question without one takes its default.
pub(crate) struct Given<'a>(pub(crate) &'a Answers);

impl AnswerSource for Given<'_> {
    fn reply(&mut self, question: &Question, _default: Option<&str>) -> Result<Reply, WalkError> {
        Ok(match self.0.get(&question.id) {
            Some(answer) => Reply::Typed(answer.clone()),
            None => Reply::Default,
        })
    }
}

/// Every set of facts `tree` can be walked with on some edition: each
/// question whose own conditions hold is answered every way it can be
/// (an optional one also left open); one that depends on the edition
/// (`param.`, `provision.`) is also left unanswered, as an edition that
/// does not ask it leaves it. A question no value can be sampled for (an
/// action sequence) is left open where it is optional; where it is not,
/// the path stops there. Where `varied` names questions
/// ([`super::Incident::VARIED`]), only those are answered: every other
/// keeps its default or stays unanswered.
pub fn facts(tree: &Tree, varied: &[&str]) -> Vec<Answers> {
    let mut out = Vec::new();
    grow(&tree.questions, varied, Answers::default(), &mut out);
    out
}

fn grow(questions: &[Question], varied: &[&str], answers: Answers, out: &mut Vec<Answers>) {
    let Some((q, rest)) = questions.split_first() else {
        out.push(answers);
        return;
    };
    let by_edition = q
        .when
        .keys()
        .any(|k| k.starts_with(PARAM) || k.starts_with(PROVISION));
    let own = q
        .when
        .iter()
        .filter(|(k, _)| !k.starts_with(PARAM) && !k.starts_with(PROVISION))
        .all(|(k, c)| c.holds(answers.get(k)));
    if !own || !(varied.is_empty() || varied.contains(&q.id.as_str())) {
        return grow(rest, varied, answers, out);
    }
    let values = samples(q);
    if by_edition || q.optional || values.is_empty() {
        if values.is_empty() && !q.optional && !by_edition {
            return;
        }
        grow(rest, varied, answers.clone(), out);
    }
    for value in values {
        let mut given = answers.clone();
        given.insert(&q.id, value, Origin::Given);
        grow(rest, varied, given, out);
    }
}

/// The answers sampled for a question: every choice, yes and no, and for
/// an amount or a count a small and a large value.
fn samples(q: &Question) -> Vec<Answer> {
    match q.kind {
        Kind::YesNo => vec![Answer::Bool(true), Answer::Bool(false)],
        Kind::Choice => q.choices.iter().cloned().map(Answer::Text).collect(),
        Kind::MultiChoice => std::iter::once(Vec::new())
            .chain(q.choices.iter().map(|c| vec![c.clone()]))
            .map(Answer::Choices)
            .collect(),
        Kind::Amount => vec![Answer::Amount(1_000), Answer::Amount(20_000)],
        Kind::Number => {
            let lo = q.min.unwrap_or(1);
            let hi = q.max.unwrap_or(lo.saturating_add(9)).max(lo);
            let mut n = vec![lo, lo.saturating_add(1).min(hi), hi];
            n.dedup();
            n.into_iter().map(Answer::Amount).collect()
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
/// Every bundled edition as shipped, without and with its record.
pub(crate) fn bundled_editions() -> Vec<(Edition, Edition)> {
    let source = DataSource::Embedded;
    let store = crate::rules::Store::open(source.clone()).expect("store");
    let catalog = crate::rules::provisions::Catalog::load(&source)
        .expect("catalog")
        .expect("a bundled catalog");
    crate::incidents::EDITIONS
        .iter()
        .map(|id| {
            let bare = store.edition_owned(id).expect("a bundled edition");
            let with = crate::rules::provisions::with_provisions(bare.clone(), &source, &catalog)
                .expect("its record");
            (bare, with)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The questions an incident has the differ vary are questions of its
    /// tree (a name it does not have would leave every question at its
    /// default, and no provision could be found to change a ruling), and
    /// they give it facts to rule.
    #[test]
    fn the_questions_the_differ_varies_are_the_tree_s() {
        let mut checked = 0;
        for w in walked().iter().filter(|w| !w.entry.varied.is_empty()) {
            for id in w.entry.varied {
                assert!(
                    w.tree.questions.iter().any(|q| q.id == *id),
                    "{}: no question {id}",
                    w.entry.id
                );
            }
            assert!(!w.facts.is_empty(), "{}: no facts", w.entry.id);
            checked += 1;
        }
        assert!(checked > 0, "no incident names the questions varied");
    }

    /// Between any two bundled editions, a dispute is found only for a
    /// provision [`changing`] finds (both rule the same facts, one to
    /// decide, the other to show), its two rulings differ, and each is the
    /// edition's own on its facts.
    #[test]
    fn a_dispute_shows_only_a_change_the_differ_finds_and_rules_as_each_edition() {
        let editions = bundled_editions();
        let under: Vec<(String, Under)> = editions
            .iter()
            .map(|(_, e)| (e.id.clone(), Under::of(&Book::Full(e)).expect("under")))
            .collect();
        let mut found = 0;
        for (i, (ida, a)) in under.iter().enumerate() {
            for (idb, b) in under.iter().skip(i + 1) {
                let changing = changing(a, b);
                for w in walked() {
                    for p in w.entry.provisions {
                        let Some(d) = dispute(a, b, p) else {
                            continue;
                        };
                        assert!(changing.contains(p), "{ida} {idb}: {p}");
                        assert_ne!(d.a, d.b, "{ida} {idb}: {p}");
                        let entry = walked()
                            .iter()
                            .find(|w| w.entry.id == d.incident)
                            .expect("its incident");
                        let mut facts = Answers::default();
                        for (k, v) in &d.facts {
                            facts.insert(k, v.clone(), Origin::Given);
                        }
                        for (under, verdict) in [(a, &d.a), (b, &d.b)] {
                            let ruled = verdict_of(entry, under, &facts);
                            assert_eq!(ruled.as_ref(), Some(verdict), "{ida} {idb}: {p}");
                        }
                        found += 1;
                    }
                }
            }
        }
        assert!(found >= 10, "{found}");
    }

    fn verdict_of(w: &Walked, under: &Under, facts: &Answers) -> Option<Verdict> {
        verdict(w.entry, &w.tree, under, facts)
    }

    /// The fingerprint read from an edition's rules is the one its
    /// [`Under`] gives, for every bundled edition with its record and
    /// without (the look-up [`changing_between`] makes is [`changing`]'s).
    #[test]
    fn an_edition_s_fingerprint_is_its_under_s() {
        let mut checked = 0;
        for (bare, with) in bundled_editions() {
            for e in [&bare, &with] {
                let under = Under::of(&Book::Full(e)).expect("under");
                assert_eq!(fingerprint_of(e), under.fingerprint(), "{}", e.id);
                checked += 1;
            }
        }
        assert!(checked >= 10, "{checked}");
    }

    /// A ruling under an edition silent on a provision it cites says on
    /// its card that it follows the TDA practice there: the incident reads
    /// that silence as the practice, and must declare it so
    /// ([`crate::engine::Incident::SILENCE_AS_PRACTICE`]) for `floor
    /// compare` to weigh the silence as the ruling does. Every set of facts
    /// of every incident, under every bundled edition.
    #[test]
    fn a_silence_a_card_reads_as_the_practice_is_declared_so() {
        let under: Vec<Under> = bundled_editions()
            .iter()
            .map(|(_, e)| Under::of(&Book::Full(e)).expect("under"))
            .collect();
        let mut undeclared = BTreeSet::new();
        let mut read = 0;
        for w in walked() {
            for u in &under {
                let decided = w.tree.for_edition_stating(&u.params, Some(&u.stated));
                for f in &w.facts {
                    let Some((_, Ok(ruled), _)) = run_one(w.entry, &decided, u, f) else {
                        continue;
                    };
                    // A provision the card only quotes is no silence the
                    // ruling reads: the quote says the practice is followed.
                    let read_cites = ruled
                        .cites
                        .iter()
                        .filter_map(|c| c.stating)
                        .filter(|p| !w.entry.quotes.contains(p));
                    for p in read_cites {
                        if u.terms(p).is_none() {
                            read += 1;
                            if !w.entry.silence_as_practice.contains(&p) {
                                undeclared.insert(format!("{}: {p}", w.entry.id));
                            }
                        }
                    }
                }
            }
        }
        assert!(read > 0, "no card reads a silence as the practice");
        assert!(
            undeclared.is_empty(),
            "cards that follow the TDA practice on an edition's silence, undeclared: {undeclared:?}"
        );
    }

    /// Two shipped editions looked up by their ids find what their
    /// fingerprints find, for every two bundled editions.
    #[test]
    fn shipped_editions_by_id_are_the_pairs_their_fingerprints_find() {
        let editions = bundled_editions();
        for (_, a) in &editions {
            for (_, b) in &editions {
                if a.id == b.id {
                    continue;
                }
                let by_id = changing_between(a, b, true).expect("by id");
                let by_fingerprint = changing_between(a, b, false).expect("by fingerprint");
                assert_eq!(by_id, by_fingerprint, "{} {}", a.id, b.id);
                assert!(
                    bundled([fingerprint_of(a), fingerprint_of(b)]).is_some(),
                    "{} {}",
                    a.id,
                    b.id
                );
            }
        }
    }

    /// [`BUNDLED`] is what ruling every set of facts finds between every
    /// two bundled editions, loaded as `floor compare` loads them
    /// (`FLOOR_BLESS=1` writes it again after an intended change).
    #[test]
    fn the_bundled_pairs_are_what_ruling_the_facts_finds() {
        let editions = crate::incidents::EDITIONS;
        let under: Vec<Under> = bundled_editions()
            .iter()
            .map(|(_, e)| Under::of(&Book::Full(e)).expect("under"))
            .collect();
        let mut text = String::from(
            "// What `changing_ruled` finds between every two bundled editions,\n\
             // written by `FLOOR_BLESS=1 cargo test --lib differ` and checked\n\
             // against it by the same test: ruling every set of facts costs\n\
             // many times a comparison.\n\n\
             /// Every two bundled editions, as they are shipped.\n\
             pub const BUNDLED: &[Pair] = &[\n",
        );
        for i in 0..editions.len() {
            for j in i + 1..editions.len() {
                let (a, b) = (&under[i], &under[j]);
                let found: Vec<String> = changing_ruled(a, b)
                    .into_iter()
                    .map(|p| format!("\"{p}\""))
                    .collect();
                text.push_str(&format!(
                    "    Pair {{\n        a: \"{}\",\n        b: \"{}\",\n        inputs: [{:#018x}, {:#018x}],\n        changing: &[{}],\n    }},\n",
                    editions[i],
                    editions[j],
                    a.fingerprint(),
                    b.fingerprint(),
                    found.join(", ")
                ));
            }
        }
        text.push_str("];\n");
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/differ_bundled.rs");
        let now = std::fs::read_to_string(&path).unwrap_or_default();
        if std::env::var_os("FLOOR_BLESS").is_some() {
            std::fs::write(&path, &text).expect("written");
        } else {
            assert_eq!(
                now, text,
                "src/engine/differ_bundled.rs is out of date: FLOOR_BLESS=1 cargo test --lib differ"
            );
        }
    }
}
