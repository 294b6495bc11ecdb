//! Cards let go at showdown and whether they can come back (incident
//! `showdown-retrieval`): a hand discarded face down but still retrievable,
//! one card tabled and the other not, a bettor who mucked thinking he had
//! won while a caller remained.
//!
//! Owns the decisions of TDA 2019 rules 14 and 15 (live cards at showdown;
//! showdown and discarding irregularities), with 13 (tabling cards). The
//! German TDA 2015 has rule 14 but no rule 15: the card says so and follows
//! TDA practice for one card tabled and for the bettor who mucked.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Chips;
use crate::rules::concepts::{self as c};

/// The `showdown-retrieval` incident.
pub struct ShowdownRetrieval;

/// What happened to the cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Situation {
    /// Discarded face down without being tabled (rule 14).
    Discarded,
    /// One card tabled, the other not (rule 15-A).
    OneCard,
    /// He bet, then discarded thinking he had won, a caller still in
    /// (rule 15-B).
    BettorMucked,
}

/// The answers of `showdown-retrieval`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What happened.
    pub situation: Situation,
    /// The cards (the card not tabled) are still 100% identifiable and
    /// retrievable: not in the muck.
    pub retrievable: bool,
    /// The bettor's last bet or raise, his total for the round.
    pub bet: Option<Chips>,
    /// How much of it was called: the most any opponent put in this round.
    pub called: Option<Chips>,
}

crate::outcomes! {
    /// The outcomes of `showdown-retrieval`.
    pub enum RetrievalOutcome {
        /// The cards are retrieved: the hand is live and may be tabled.
        Live => [LIVE_CARDS_AT_SHOWDOWN, SHOWDOWN_IRREGULARITIES, TABLING_CARDS],
        /// One card tabled: he must table all his cards to claim the pot.
        TableAll => [SHOWDOWN_IRREGULARITIES, TABLING_CARDS, LIVE_CARDS_AT_SHOWDOWN],
        /// The cards cannot be retrieved: no claim to the pot.
        Dead => [LIVE_CARDS_AT_SHOWDOWN, SHOWDOWN_IRREGULARITIES, TABLING_CARDS],
        /// The bettor's cards are gone: he is out; what was not called comes
        /// back to him.
        OutRefund => [SHOWDOWN_IRREGULARITIES, LIVE_CARDS_AT_SHOWDOWN],
    }
}

/// The amounts of `showdown-retrieval`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The uncalled part of the bet, returned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub returned: Option<Chips>,
}

impl Incident for ShowdownRetrieval {
    const ID: &'static str = "showdown-retrieval";
    type Answers = Answers;
    type Outcome = RetrievalOutcome;
    type Amounts = Amounts;
    type Extra = ();
    type Note = crate::engine::notes::NoNote;

    fn rule(a: Answers, _cx: &mut Cx<'_>) -> Result<Decision<ShowdownRetrieval>, Error> {
        use RetrievalOutcome::*;
        use Situation::*;
        let (outcome, concepts) = match (a.situation, a.retrievable) {
            (Discarded, true) => (
                Live,
                vec![c::LIVE_CARDS_AT_SHOWDOWN.into(), c::TABLING_CARDS.part("A")],
            ),
            (Discarded, false) => (
                Dead,
                vec![c::LIVE_CARDS_AT_SHOWDOWN.into(), c::TABLING_CARDS.part("B")],
            ),
            (OneCard, true) => (
                TableAll,
                vec![
                    c::SHOWDOWN_IRREGULARITIES.part("A"),
                    c::TABLING_CARDS.part("A"),
                    c::LIVE_CARDS_AT_SHOWDOWN.into(),
                ],
            ),
            (OneCard, false) => (
                Dead,
                vec![
                    c::SHOWDOWN_IRREGULARITIES.part("A"),
                    c::TABLING_CARDS.part("B"),
                    c::LIVE_CARDS_AT_SHOWDOWN.into(),
                ],
            ),
            (BettorMucked, true) => (
                Live,
                vec![
                    c::SHOWDOWN_IRREGULARITIES.part("B"),
                    c::LIVE_CARDS_AT_SHOWDOWN.into(),
                ],
            ),
            (BettorMucked, false) => (
                OutRefund,
                vec![
                    c::SHOWDOWN_IRREGULARITIES.part("B"),
                    c::LIVE_CARDS_AT_SHOWDOWN.into(),
                ],
            ),
        };
        let mut d = Decision::<ShowdownRetrieval>::new(outcome, concepts);
        if outcome == OutRefund {
            let bet = a.bet.ok_or_else(|| super::answer_needed("bet"))?;
            let called = a.called.ok_or_else(|| super::answer_needed("called"))?;
            d.amounts.returned = Some(uncalled(bet, called)?);
        }
        Ok(d)
    }
}

/// What comes back to a bettor whose cards are gone (rule 15-B): the part
/// of his last bet nobody called. Errors: no bet (`bet`); more called
/// than the bet (`called`: an opponent who put in more raised him).
///
/// ```
/// use floor::incidents::showdown_retrieval::uncalled;
/// assert_eq!(uncalled(1000, 0).unwrap(), 1000); // nobody called yet
/// assert_eq!(uncalled(1000, 600).unwrap(), 400); // called all-in for 600
/// assert_eq!(uncalled(1000, 1000).unwrap(), 0);
/// assert_eq!(uncalled(1000, 3000).unwrap_err().input_key(), Some("called"));
/// ```
pub fn uncalled(bet: Chips, called: Chips) -> Result<Chips, Error> {
    if bet == 0 {
        return Err(Error::input("bet", Message::new(Msg::RetrievalNoBet)));
    }
    if called > bet {
        return Err(Error::input(
            "called",
            Message::new(Msg::RetrievalCalledAbove)
                .arg("called", called)
                .arg("bet", bet),
        ));
    }
    Ok(bet.saturating_sub(called))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(
        situation: Situation,
        retrievable: bool,
        bet: Option<Chips>,
    ) -> Decision<ShowdownRetrieval> {
        let params = crate::rules::params::Params::default();
        let mut cx = Cx::new(crate::rules::params::Resolved::new(&params), &[]);
        ShowdownRetrieval::rule(
            Answers {
                situation,
                retrievable,
                bet,
                called: bet.map(|_| 0),
            },
            &mut cx,
        )
        .unwrap()
    }

    // dpc-2019-en rule 14: "players may change their minds and table cards that remain 100%
    // identifiable and retrievable."
    #[test]
    fn dpc_2019_en_r14_discarded_but_retrievable_is_live() {
        assert_eq!(
            rule(Situation::Discarded, true, None).outcome,
            RetrievalOutcome::Live
        );
        assert_eq!(
            rule(Situation::Discarded, false, None).outcome,
            RetrievalOutcome::Dead
        );
    }

    // onk-2023-nl rule 15-A: "wordt de speler verzocht de gesloten kaart ook te openen om
    // aanspraak op de pot te kunnen maken ... Voorwaarde is dat de gesloten kaart 100%
    // identificeerbaar is".
    #[test]
    fn onk_2023_nl_r15_a_one_card_tabled_must_table_all() {
        let d = rule(Situation::OneCard, true, None);
        assert_eq!(d.outcome, RetrievalOutcome::TableAll);
        assert_eq!(d.cites[0], c::SHOWDOWN_IRREGULARITIES.part("A"));
    }

    // tda-2019-sk rule 15-B: "Ak je bet alebo raise ešte nedorovnaný oponentom, nedorovnaná
    // stávka bude hráčovi vrátená."
    #[test]
    fn tda_2019_sk_r15_b_the_uncalled_bet_comes_back() {
        let d = rule(Situation::BettorMucked, false, Some(1500));
        assert_eq!(d.outcome, RetrievalOutcome::OutRefund);
        assert_eq!(d.amounts.returned, Some(1500));
        assert_eq!(
            rule(Situation::BettorMucked, true, Some(1500)).outcome,
            RetrievalOutcome::Live
        );
        assert_eq!(uncalled(0, 0).unwrap_err().input_key(), Some("bet"));
    }
}
