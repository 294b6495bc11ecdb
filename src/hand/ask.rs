//! The incidents a replay rules with, asked as a library: each ruling is
//! the incident module's own, on typed answers built from the replay's
//! state (no answer is written out as text to be read back), its outcome
//! and amounts matched as the module's types. The edition and each
//! decision tree are loaded once per [`super::replay::Rules`], on first
//! use.

use std::cell::OnceCell;

use crate::engine::answer::Answer;
use crate::engine::{self, Decision, Incident, Ruling, Tree, TypedAnswers};
use crate::error::Error;
use crate::incidents::{
    bet::Bet, hi_lo_split::HiLoSplit, out_of_turn::OutOfTurn, pot_limit::PotLimit,
    reopening::Reopening, split_pot::SplitPot, stud_first_to_act::StudFirstToAct,
    undercall::Undercall, undercall_sequence::UndercallSequence,
};
use crate::message::{Message, Msg};
use crate::rules::{Book, Params, Store};
use crate::ui::Ui;

/// The incidents a replay asks.
const ASKED: [&str; 9] = [
    Bet::ID,
    Undercall::ID,
    UndercallSequence::ID,
    OutOfTurn::ID,
    StudFirstToAct::ID,
    Reopening::ID,
    PotLimit::ID,
    SplitPot::ID,
    HiLoSplit::ID,
];

/// Typed answers to an incident's questions, by question id.
pub type Given = Vec<(&'static str, Answer)>;

/// A choice answer, by its id (an enum's kebab-case name).
pub fn choice(value: impl Into<&'static str>) -> Answer {
    Answer::Text(value.into().to_string())
}

/// The edition and the trees, each loaded once.
#[derive(Default)]
pub(super) struct Loaded<'a> {
    book: OnceCell<Book<'a>>,
    trees: [OnceCell<Tree>; ASKED.len()],
}

impl<'a> Loaded<'a> {
    fn book(&self, store: &'a Store, edition: &str) -> Result<&Book<'a>, Error> {
        if let Some(book) = self.book.get() {
            return Ok(book);
        }
        let book = store.book(edition)?;
        Ok(self.book.get_or_init(|| book))
    }

    /// Incident `id`'s tree for the edition: a question that depends on
    /// what the edition states is asked as its walkthrough asks it.
    fn tree(&self, store: &'a Store, edition: &str, id: &'static str) -> Result<&Tree, Error> {
        let cell = ASKED
            .iter()
            .position(|known| *known == id)
            .and_then(|i| self.trees.get(i))
            .ok_or_else(|| {
                Error::bad(
                    Message::new(Msg::CheckRulingNoModule)
                        .arg("file", format!("rulings/{id}.yaml")),
                )
            })?;
        if let Some(tree) = cell.get() {
            return Ok(tree);
        }
        let tree = engine::load_for(store.source(), id, self.book(store, edition)?)?;
        Ok(cell.get_or_init(|| tree))
    }

    /// Incident `I`'s typed decision and its ruling on `given` (the walk
    /// puts in the tree's defaults for the rest, as for answers typed on
    /// the command line).
    pub(super) fn ask<I: Incident>(
        &self,
        store: &'a Store,
        edition: &str,
        ui: &Ui,
        given: Given,
    ) -> Result<(Decision<I>, Ruling), Error> {
        self.ask_reading::<I>(store, edition, ui, given, |_| {})
    }

    /// [`Loaded::ask`], the ruling reading `reads` in its own parameters
    /// too (see [`engine::decide_as_reading`]).
    pub(super) fn ask_reading<I: Incident>(
        &self,
        store: &'a Store,
        edition: &str,
        ui: &Ui,
        given: Given,
        reads: impl FnOnce(&mut crate::rules::params::Resolved<'_>),
    ) -> Result<(Decision<I>, Ruling), Error> {
        let tree = self.tree(store, edition, I::ID)?;
        let book = self.book(store, edition)?;
        let mut source = TypedAnswers::new(tree, given)?;
        let walked = engine::walk(tree, &mut source)?;
        engine::decide_as_reading::<I>(tree, book, ui, &walked, reads)
    }

    /// The parameters the edition states (those the incidents read).
    pub(super) fn params(&self, store: &'a Store, edition: &str) -> Result<Params, Error> {
        Ok(self.book(store, edition)?.params())
    }

    /// The questions of incident `id`'s tree.
    pub(super) fn asks(
        &self,
        store: &'a Store,
        edition: &str,
        id: &'static str,
        key: &str,
    ) -> Result<bool, Error> {
        Ok(self.tree(store, edition, id)?.question(key).is_some())
    }
}
