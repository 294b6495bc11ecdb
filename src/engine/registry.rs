//! What an incident is in code: typed answers (read from the walk's answers
//! with serde), a typed outcome enum with the concepts each outcome cites,
//! typed amounts, extras and notes, and the rule logic, registered once in
//! [`crate::incidents::ALL`]. `floor check` proves that each decision tree
//! (`rulings/<id>.yaml`) and its module agree: the question ids are the
//! answer fields, the outcomes are the enum's variants and cite what the
//! module declares, and every answer the walk can give, each choice of each
//! question, reads into the answer type.

use serde::Serialize;
use serde::de::{self, DeserializeOwned, Visitor};

use super::answer::Answer;
use super::notes::NoteText;
use super::read::{ReadError, read};
use super::ruling::{Decision, Erased};
use super::tree::{Kind, Question, Tree, cite_parts};
use super::walk::{Answers, Origin};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::rules::concepts::ConceptId;
use crate::rules::params::Resolved;

/// One incident: its answers, its outcomes, what its ruling carries and how
/// it rules. Everything a ruling holds is typed here; the card, the JSON and
/// the log are made from it at the edge ([`super::ruling::assemble`]).
pub trait Incident: Sized {
    /// The incident id, equal to its decision tree's file name.
    const ID: &'static str;
    /// The answers, one field per question of the tree (an `Option` where
    /// the walk may leave the question unanswered).
    type Answers: FromAnswers;
    /// The outcomes, spelt as the tree spells them, each with the concepts
    /// it may cite.
    type Outcome: Outcome;
    /// The named chip amounts, in the order the card shows them (a field
    /// `None` is not shown); `()` for none.
    type Amounts: Serialize + Default + std::fmt::Debug + Clone;
    /// What the JSON carries besides the amounts (`pots`, `player`...), in
    /// its order; `()` for nothing.
    type Extra: Serialize + Default + std::fmt::Debug + Clone;
    /// The notes the card may carry ([`super::notes::NoNote`] for none).
    type Note: NoteText + std::fmt::Debug + Clone;
    /// The provisions whose statement in the edition the ruling or the
    /// tree reads ([`Cx::states`], a `provision.ID` condition): their record
    /// is loaded only for such incidents, and `floor compare` weighs a
    /// difference in one of them as a change of ruling where the incident
    /// then rules some facts otherwise ([`super::differ`]).
    const PROVISIONS: &'static [&'static str] = &[];
    /// The provisions whose words the card quotes without the ruling
    /// reading them ([`crate::rules::concepts::ConceptId::stating`]): the
    /// part of the edition's rule that states one is the part cited.
    const QUOTES: &'static [&'static str] = &[];
    /// The provisions of [`Incident::PROVISIONS`] an edition may leave
    /// unsaid while the rule it has on the topic applies: the ruling reads
    /// that silence as the TDA practice and its card says so. Where one
    /// edition states such a provision and the other is silent, `floor
    /// compare` finds the same ruling, unless the incident rules some facts
    /// otherwise under the two ([`super::differ`]).
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &[];
    /// The questions whose answers [`super::differ`] varies to find where
    /// a provision of [`Incident::PROVISIONS`] changes a ruling, for an
    /// incident whose every answer varied would give too many sets of
    /// facts (bet: over a million); each other question keeps its default
    /// or stays unanswered. Empty: every question is varied.
    const VARIED: &'static [&'static str] = &[];
    /// Rules on the answers with the edition's parameters.
    fn rule(answers: Self::Answers, cx: &mut Cx<'_>) -> Result<Decision<Self>, Error>;
}

/// An incident's answers as they are read from a walk: by serde, for any
/// type that deserializes (one field per question), or in parts (the
/// betting incidents read their own answers and the round told).
pub trait FromAnswers: Sized {
    /// Every answer key the type reads.
    fn fields() -> Vec<&'static str>;
    /// The keys that are the incident's own: each must be a question of
    /// its tree (the others are shared, and optional).
    fn own_fields() -> Vec<&'static str> {
        Self::fields()
    }
    /// Reads the answers.
    fn read(answers: &Answers) -> Result<Self, ReadError>;
}

impl<T: DeserializeOwned> FromAnswers for T {
    fn fields() -> Vec<&'static str> {
        field_names::<T>().to_vec()
    }

    fn read(answers: &Answers) -> Result<Self, ReadError> {
        read::<T>(answers, None)
    }
}

/// An incident's outcomes: ids as the tree spells them, and for each the
/// concepts it may cite, deciding rule first, as the tree's `cite:` lists
/// them (`floor check` proves the two lists agree).
pub trait Outcome:
    Copy
    + Eq
    + std::fmt::Debug
    + Into<&'static str>
    + strum::VariantNames
    + strum::VariantArray
    + 'static
{
    /// The concepts this outcome may cite.
    fn cites(self) -> &'static [ConceptId];
}

/// Declares an incident's outcome enum: each variant is an outcome id (its
/// kebab-case name, as the tree spells it) with the concepts it may cite,
/// deciding rule first, named as the constants of
/// [`crate::rules::concepts`]. Attributes given before the enum (more
/// derives) are kept.
///
/// ```
/// use floor::engine::Outcome;
/// use floor::rules::concepts as c;
///
/// floor::outcomes! {
///     /// The outcomes of an incident.
///     pub enum Flop {
///         /// The cards are scrambled.
///         Scramble => [FOUR_CARD_FLOP],
///         /// The flop is dealt again.
///         Redeal => [PREMATURE_CARDS, MISDEALS],
///     }
/// }
///
/// let id: &str = Flop::Redeal.into();
/// assert_eq!((id, Flop::Redeal.cites()), ("redeal", &[c::PREMATURE_CARDS, c::MISDEALS][..]));
/// ```
#[macro_export]
macro_rules! outcomes {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident => [$($concept:ident),* $(,)?]
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            serde::Serialize,
            strum::IntoStaticStr,
            strum::VariantNames,
            strum::VariantArray,
        )]
        #[serde(rename_all = "kebab-case")]
        #[strum(serialize_all = "kebab-case")]
        $vis enum $name {
            $(
                $(#[$vmeta])*
                $variant,
            )*
        }

        impl $crate::engine::Outcome for $name {
            fn cites(self) -> &'static [$crate::rules::concepts::ConceptId] {
                match self {
                    $( $name::$variant => &[$($crate::rules::concepts::$concept),*], )*
                }
            }
        }
    };
}

/// What a ruling may consult besides the answers: the edition's parameters
/// and which rule states each of them.
pub struct Cx<'a> {
    /// The parameters, with TDA practice where the edition states nothing.
    pub params: Resolved<'a>,
    sources: &'a [(&'static str, String)],
    /// The answers that are their questions' defaults.
    defaulted: Vec<String>,
    /// Defaults that decided the case (see [`Cx::ask`]).
    asks: Vec<&'static str>,
    /// Defaults the case turned out not to need (see [`Cx::unused`]).
    unused: Vec<&'static str>,
    /// The provisions the edition states (see [`Cx::states`]).
    provisions: Provisions<'a>,
    /// The provisions the ruling asked about (see [`Cx::read`]).
    read: std::cell::RefCell<Vec<String>>,
    /// The provisions read as TDA practice (see [`Cx::practiced`]).
    practiced: std::cell::RefCell<Vec<String>>,
    /// The provisions whose terms the ruling read (see
    /// [`Cx::read_by_presence`]).
    worded: std::cell::RefCell<Vec<String>>,
}

impl<'a> Cx<'a> {
    /// A context over `params`; `sources` names, per parameter key, the
    /// concept of the rule that states it.
    pub fn new(params: Resolved<'a>, sources: &'a [(&'static str, String)]) -> Cx<'a> {
        Cx {
            params,
            sources,
            defaulted: Vec::new(),
            asks: Vec::new(),
            unused: Vec::new(),
            provisions: Provisions::Unread,
            read: std::cell::RefCell::new(Vec::new()),
            practiced: std::cell::RefCell::new(Vec::new()),
            worded: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// The context reading the edition's provisions from `record`, the
    /// first time the ruling asks (see [`Record`]).
    pub fn with_record(self, record: &'a Record<'a>) -> Cx<'a> {
        Cx {
            provisions: Provisions::Lazy(record),
            ..self
        }
    }

    /// As [`Cx::stated`], but an edition without a provisions record is
    /// read as TDA practice states `id`, and the card says so (see
    /// [`Cx::practiced`]): for a ruling that must not stop on it (an
    /// action out of turn in the middle of a replayed hand).
    pub fn stated_or_practice(&self, id: &str) -> Result<Option<&'a crate::rules::Terms>, Error> {
        if let Provisions::Lazy(record) = self.provisions
            && record.stated()?.is_none()
        {
            self.read.borrow_mut().push(id.to_string());
            self.practiced.borrow_mut().push(id.to_string());
            return Ok(record.practice()?.terms(id));
        }
        self.stated(id)
    }

    /// The provisions read as TDA practice, in order (see
    /// [`Cx::stated_or_practice`]).
    pub fn practiced(&self) -> Vec<String> {
        self.practiced.borrow().clone()
    }

    /// The context with the provisions the edition in use states.
    pub fn with_provisions(self, provisions: &'a crate::rules::provisions::StatedIn) -> Cx<'a> {
        Cx {
            provisions: Provisions::Given(provisions),
            ..self
        }
    }

    /// How the edition in use states provision `id` (the terms its record,
    /// `locales/<lang>/provisions/<edition>.yaml`, gives it), `None` where
    /// it does not. An error when the edition has no record: a ruling that
    /// turns on the edition's words is not given on a guess.
    pub fn stated(&self, id: &str) -> Result<Option<&'a crate::rules::Terms>, Error> {
        self.worded.borrow_mut().push(id.to_string());
        self.looked_up(id)
    }

    /// Whether the edition in use words term `term` of provision `id` as
    /// `value`. An edition without a provisions record, or not stating the
    /// provision, does not: it is held to the practice, which the card
    /// says it follows where it cites the provision.
    pub fn words(&self, id: &str, term: crate::rules::provisions::Term, value: &str) -> bool {
        self.stated(id).ok().flatten().and_then(|t| t.get(term)) == Some(value)
    }

    fn looked_up(&self, id: &str) -> Result<Option<&'a crate::rules::Terms>, Error> {
        self.read.borrow_mut().push(id.to_string());
        let stated = match self.provisions {
            Provisions::Given(p) => Some(p),
            Provisions::Lazy(record) => record.stated()?,
            Provisions::Unread => None,
        };
        match stated {
            Some(p) => Ok(p.terms(id)),
            None => Err(Error::bad(Message::new(Msg::ProvisionsNotRecorded))),
        }
    }

    /// The provisions the ruling asked the edition about, in order (a
    /// provision it never asked about cannot change this ruling).
    pub fn read(&self) -> Vec<String> {
        self.read.borrow().clone()
    }

    /// Whether the edition in use states provision `id` (see [`Cx::stated`]).
    pub fn states(&self, id: &str) -> Result<bool, Error> {
        Ok(self.looked_up(id)?.is_some())
    }

    /// The provisions the ruling asked only whether the edition states,
    /// never reading their terms: it rules on them as TDA practice words
    /// them, whatever the edition's words.
    pub fn read_by_presence(&self) -> Vec<String> {
        let worded = self.worded.borrow();
        let mut ids: Vec<String> = Vec::new();
        for id in self.read.borrow().iter() {
            if !worded.contains(id) && !ids.contains(id) {
                ids.push(id.clone());
            }
        }
        ids
    }

    /// The same context, knowing which answers came from their questions'
    /// defaults.
    pub fn with_defaults(mut self, answers: &Answers) -> Cx<'a> {
        self.defaulted = answers
            .iter()
            .filter(|(_, _, origin)| *origin == Origin::Default)
            .map(|(k, _, _)| k.to_string())
            .collect();
        self
    }

    /// Whether the answer to `key` is its question's default.
    pub fn defaulted(&self, key: &str) -> bool {
        self.defaulted.iter().any(|k| k == key)
    }

    /// The default answer to `key` decided the case and only the ruling
    /// could tell (the round told by its actions put chips in front of the
    /// player): the ruling stands on it, the card says it was assumed, and a
    /// walkthrough that did not put the question asks it.
    pub fn ask(&mut self, key: &'static str) {
        if !self.asks.contains(&key) {
            self.asks.push(key);
        }
    }

    /// The defaults that decided the case (see [`Cx::ask`]).
    pub fn asked(&self) -> &[&'static str] {
        &self.asks
    }

    /// The default answer to `key` applied but the case turned out not to
    /// need it (told by the actions, the player has no chips in front for
    /// rule 46 to be about): the card does not list it as assumed.
    pub fn unused(&mut self, key: &'static str) {
        if self.defaulted(key) && !self.unused.contains(&key) {
            self.unused.push(key);
        }
    }

    /// The defaults the case did not need (see [`Cx::unused`]).
    pub fn unused_defaults(&self) -> &[&'static str] {
        &self.unused
    }

    /// The concept of the rule that states `param` in the edition in use.
    pub fn concept_stating(&self, param: &str) -> Option<&'a str> {
        self.sources
            .iter()
            .rev()
            .find(|(p, _)| *p == param)
            .map(|(_, c)| c.as_str())
    }
}

/// Where a context reads the provisions the edition states.
#[derive(Clone, Copy)]
enum Provisions<'a> {
    /// Nowhere: the incident reads no provision.
    Unread,
    /// Given whole (the differ's editions, the modules' tests).
    Given(&'a crate::rules::provisions::StatedIn),
    /// Read from the edition the first time the ruling asks.
    Lazy(&'a Record<'a>),
}

/// An edition's provisions record, read the first time a ruling asks for
/// it: most rulings of an incident that may read one never do (a bet reads
/// it only where "pot" was said outside pot-limit), and reading it costs
/// more than the rest of the ruling. For an edition without a record, the
/// TDA practice from the bundled catalog, read the same way.
pub struct Record<'a> {
    book: &'a crate::rules::Book<'a>,
    stated: std::cell::OnceCell<Option<crate::rules::provisions::StatedIn>>,
    practice: std::cell::OnceCell<crate::rules::provisions::StatedIn>,
}

impl<'a> Record<'a> {
    /// The record of `book`, not read yet.
    pub fn of(book: &'a crate::rules::Book<'a>) -> Record<'a> {
        Record {
            book,
            stated: std::cell::OnceCell::new(),
            practice: std::cell::OnceCell::new(),
        }
    }

    /// The provisions the edition states; `None` without a record.
    pub fn stated(&self) -> Result<Option<&crate::rules::provisions::StatedIn>, Error> {
        Ok(read_once(&self.stated, || {
            crate::rules::provisions::StatedIn::of(self.book)
        })?
        .as_ref())
    }

    /// The record, where a ruling has read it.
    pub fn loaded(&self) -> Option<&crate::rules::provisions::StatedIn> {
        self.stated.get().and_then(Option::as_ref)
    }

    /// The bundled catalog of provisions.
    pub fn catalog(&self) -> Result<&'static crate::rules::provisions::Catalog, Error> {
        crate::rules::provisions::Catalog::bundled()
    }

    /// What TDA practice states, with its terms.
    fn practice(&self) -> Result<&crate::rules::provisions::StatedIn, Error> {
        read_once(&self.practice, || {
            Ok(crate::rules::provisions::StatedIn::tda_practice(
                self.catalog()?,
            ))
        })
    }
}

/// The value in `cell`, read by `read` the first time (a failed read is
/// tried again next time).
fn read_once<T>(
    cell: &std::cell::OnceCell<T>,
    read: impl FnOnce() -> Result<T, Error>,
) -> Result<&T, Error> {
    if let Some(value) = cell.get() {
        return Ok(value);
    }
    let value = read()?;
    Ok(cell.get_or_init(|| value))
}

type Run = fn(&Answers, &mut Cx<'_>) -> Result<Erased, Error>;

/// An incident as the registry lists it.
pub struct Entry {
    /// The incident id.
    pub id: &'static str,
    /// Every outcome id.
    pub outcomes: &'static [&'static str],
    /// The notes its rulings may carry: key and placeholders.
    pub notes: &'static [(&'static str, &'static [&'static str])],
    /// Whether its rulings read the provisions the edition states.
    pub reads_provisions: bool,
    /// The provisions they read ([`Incident::PROVISIONS`]).
    pub provisions: &'static [&'static str],
    /// The provisions whose words the card quotes ([`Incident::QUOTES`]).
    pub quotes: &'static [&'static str],
    /// The provisions whose silence it reads as the TDA practice
    /// ([`Incident::SILENCE_AS_PRACTICE`]).
    pub silence_as_practice: &'static [&'static str],
    /// The questions the differ varies ([`Incident::VARIED`]).
    pub varied: &'static [&'static str],
    cites: fn() -> Vec<(&'static str, &'static [ConceptId])>,
    fields: fn() -> Vec<&'static str>,
    own_fields: fn() -> Vec<&'static str>,
    read: fn(&Answers) -> Result<(), ReadError>,
    run: Run,
}

/// A disagreement between a decision tree and its module, placed at the
/// part of the tree it concerns where it concerns one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where in the tree: a choice that does not read, a citation the
    /// module does not declare.
    pub place: Option<Place>,
    /// What is wrong.
    pub message: Message,
}

/// A part of a decision tree a problem is placed at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// Choice `choice` of question `question`.
    Choice {
        /// The question id.
        question: String,
        /// The choice.
        choice: String,
    },
    /// The `cite:` list of outcome `outcome`: its entry `at` (counted from
    /// 0), or the list itself when no entry is the one that differs (the
    /// module declares more).
    Cite {
        /// The outcome id.
        outcome: String,
        /// The first entry that differs from the module's list.
        at: Option<usize>,
    },
}

impl Entry {
    /// The entry of incident `I`.
    pub const fn of<I: Incident>() -> Entry {
        Entry {
            id: I::ID,
            outcomes: <I::Outcome as strum::VariantNames>::VARIANTS,
            notes: <I::Note as NoteText>::ALL,
            reads_provisions: !I::PROVISIONS.is_empty(),
            provisions: I::PROVISIONS,
            quotes: I::QUOTES,
            silence_as_practice: I::SILENCE_AS_PRACTICE,
            varied: I::VARIED,
            cites: cites::<I::Outcome>,
            fields: <I::Answers as FromAnswers>::fields,
            own_fields: <I::Answers as FromAnswers>::own_fields,
            read: reads::<I::Answers>,
            run: run::<I>,
        }
    }

    /// The answer fields, as the answer type declares them.
    pub fn fields(&self) -> Vec<&'static str> {
        (self.fields)()
    }

    /// The concepts each outcome may cite, as the module declares them.
    pub fn cites(&self) -> Vec<(&'static str, &'static [ConceptId])> {
        (self.cites)()
    }

    /// Rules on answers the walk produced.
    pub fn run(&self, answers: &Answers, cx: &mut Cx<'_>) -> Result<Erased, Error> {
        (self.run)(answers, cx)
    }

    /// Where the tree and the module disagree, each problem in words: the
    /// questions and the answer fields, the outcomes and the enum, the
    /// concepts each outcome cites, and whether every answer the walk can
    /// give reads into the answer type — every choice of every question,
    /// each problem placed at its choice.
    pub fn check(&self, tree: &Tree) -> Vec<Problem> {
        let mut problems: Vec<Problem> = Vec::new();
        let add = |problems: &mut Vec<Problem>, message: Message| {
            problems.push(Problem {
                place: None,
                message,
            })
        };
        let fields = self.fields();
        for q in &tree.questions {
            if !fields.contains(&q.id.as_str()) {
                add(
                    &mut problems,
                    Message::new(Msg::CheckQuestionNoField)
                        .arg("question", &q.id)
                        .arg("module", self.id),
                );
            }
        }
        for f in (self.own_fields)() {
            if tree.question(f).is_none() {
                add(
                    &mut problems,
                    Message::new(Msg::CheckFieldNoQuestion).arg("field", f),
                );
            }
        }
        for o in self.outcomes {
            if tree.outcome(o).is_none() {
                add(
                    &mut problems,
                    Message::new(Msg::CheckOutcomeNotListed).arg("outcome", o),
                );
            }
        }
        for o in &tree.outcomes {
            if !self.outcomes.contains(&o.id.as_str()) {
                add(
                    &mut problems,
                    Message::new(Msg::CheckOutcomeUnreachable).arg("outcome", &o.id),
                );
            }
        }
        for (outcome, declared) in self.cites() {
            let Some(o) = tree.outcome(outcome) else {
                continue;
            };
            let tree_cites: Vec<&str> = o.cite.iter().map(|c| cite_parts(c).0).collect();
            let module: Vec<&str> = declared.iter().map(|c| c.slug()).collect();
            if tree_cites != module {
                let differs = tree_cites.iter().zip(&module).position(|(t, m)| t != m);
                let at =
                    differs.or_else(|| (tree_cites.len() > module.len()).then_some(module.len()));
                problems.push(Problem {
                    place: Some(Place::Cite {
                        outcome: outcome.to_string(),
                        at,
                    }),
                    message: Message::new(Msg::CheckCitesDisagree)
                        .arg("outcome", outcome)
                        .arg("tree", tree_cites.join(", "))
                        .arg("module", module.join(", ")),
                });
            }
        }
        // The fewest answers the walk can produce, then all of them.
        let always = |q: &&Question| q.when.is_empty() && (!q.optional || q.default.is_some());
        for (which, answers) in [
            (
                Msg::CheckFewestAnswers,
                sample(tree.questions.iter().filter(always)),
            ),
            (Msg::CheckEveryAnswers, sample(tree.questions.iter())),
        ] {
            if let Err(e) = (self.read)(&answers) {
                add(
                    &mut problems,
                    Message::new(which).nested("problem", e.message()),
                );
            }
        }
        // Every choice of every question, the others as sampled.
        let every = sample(tree.questions.iter());
        for q in &tree.questions {
            let kind = q.kind;
            if !matches!(kind, Kind::Choice | Kind::MultiChoice) {
                continue;
            }
            for choice in &q.choices {
                let mut answers = every.clone();
                let answer = match kind {
                    Kind::MultiChoice => Answer::Choices(vec![choice.clone()]),
                    _ => Answer::Text(choice.clone()),
                };
                answers.insert(&q.id, answer, Origin::Given);
                if let Err(e) = (self.read)(&answers) {
                    problems.push(Problem {
                        place: Some(Place::Choice {
                            question: q.id.clone(),
                            choice: choice.clone(),
                        }),
                        message: Message::new(Msg::CheckChoiceUnread)
                            .arg("question", &q.id)
                            .arg("choice", choice)
                            .arg("module", self.id)
                            .nested("problem", e.message()),
                    });
                }
            }
        }
        problems
    }
}

/// A sample answer of each question's kind, as the walk would produce it.
fn sample<'a>(questions: impl Iterator<Item = &'a Question>) -> Answers {
    let mut answers = Answers::default();
    for q in questions {
        let v = match q.kind {
            Kind::YesNo => Answer::Bool(false),
            Kind::Choice => Answer::Text(q.choices.first().cloned().unwrap_or_default()),
            Kind::MultiChoice => Answer::Choices(q.choices.iter().take(1).cloned().collect()),
            Kind::Amount | Kind::Number => Answer::Amount(q.min.unwrap_or(1).max(1)),
            Kind::Chips => Answer::Chips(vec![1]),
            Kind::Seat => Answer::Seat(1),
            Kind::Seats => Answer::Seats(vec![1]),
            Kind::Actions => Answer::Actions(vec![crate::poker::Action {
                player: Some("A".into()),
                kind: crate::poker::ActionKind::Check,
                total: None,
            }]),
            Kind::Contributions => Answer::SeatChips(vec![(1, 1)]),
            Kind::Tables => Answer::Text("1:1".into()),
            Kind::Player => Answer::Text("A".into()),
            Kind::Stacks => Answer::Stacks(vec![("A".into(), 1)]),
            Kind::Cards => {
                use crate::poker::cards::{Card, Suit};
                Answer::SeatCards(vec![
                    (
                        1,
                        Card {
                            rank: 2,
                            suit: Suit::Clubs,
                        },
                    ),
                    (
                        2,
                        Card {
                            rank: 3,
                            suit: Suit::Diamonds,
                        },
                    ),
                ])
            }
        };
        answers.insert(&q.id, v, Origin::Given);
    }
    answers
}

fn reads<T: FromAnswers>(answers: &Answers) -> Result<(), ReadError> {
    T::read(answers).map(|_| ())
}

fn cites<O: Outcome>() -> Vec<(&'static str, &'static [ConceptId])> {
    <O as strum::VariantArray>::VARIANTS
        .iter()
        .map(|o| ((*o).into(), o.cites()))
        .collect()
}

fn run<I: Incident>(answers: &Answers, cx: &mut Cx<'_>) -> Result<Erased, Error> {
    decision::<I>(answers, cx).map(Decision::erase)
}

/// Incident `I`'s typed decision on answers the walk produced.
pub fn decision<I: Incident>(answers: &Answers, cx: &mut Cx<'_>) -> Result<Decision<I>, Error> {
    let typed = I::Answers::read(answers).map_err(|e| unread(answers, &e))?;
    let decision = I::rule(typed, cx)?;
    // A module cites only what it declares for the outcome (the tree's
    // `cite:` lists the same, `floor check` proves): a concept it forgot to
    // declare is a mistake in the module, found by the tests.
    debug_assert!(
        decision
            .cites
            .iter()
            .all(|c| decision.outcome.cites().contains(&c.concept)),
        "{}: outcome {:?} cites {:?}, declared {:?}",
        I::ID,
        decision.outcome,
        decision.cites,
        decision.outcome.cites()
    );
    Ok(decision)
}

/// The error for answers that do not read into the module's type: a tree
/// and a module that disagree (`floor check` reports it, with its place).
fn unread(answers: &Answers, e: &ReadError) -> Error {
    let key = e.field().unwrap_or("answers");
    let value = answers.get(key).map(Answer::canonical).unwrap_or_default();
    Error::bad(
        Message::new(Msg::InvalidAnswer)
            .arg("key", key)
            .arg("value", value)
            .nested("problem", e.message()),
    )
}

/// The field names of a struct that derives `Deserialize`, read from what
/// the derived code hands its deserializer.
fn field_names<T: DeserializeOwned>() -> &'static [&'static str] {
    struct Fields(Option<&'static [&'static str]>);
    #[derive(Debug)]
    struct Stop;
    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("stop")
        }
    }
    impl std::error::Error for Stop {}
    impl de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }
    impl<'de> de::Deserializer<'de> for &mut Fields {
        type Error = Stop;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(fields);
            Err(Stop)
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map
            enum identifier ignored_any
        }
    }
    let mut fields = Fields(None);
    let _ = T::deserialize(&mut fields);
    fields.0.unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Two {
        facing: u64,
        heads_up: Option<bool>,
    }

    #[test]
    fn field_names_come_from_the_derived_deserializer() {
        assert_eq!(field_names::<Two>(), ["facing", "heads_up"]);
    }
}
