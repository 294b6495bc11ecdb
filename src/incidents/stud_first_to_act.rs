//! Who acts first in stud when the usual rule does not say (incident
//! `stud-first-to-act`): equal showing hands, and a player dealt the card
//! that brings in who is all-in for the ante.
//!
//! Owns the decisions of the recommended stud procedure D and E (ONK RP-10,
//! TDA 2019 OP-10 in the Slovak edition). The other bundled editions print
//! no stud procedures: the card says so and follows TDA practice.

use serde::Deserialize;

use crate::engine::ruling::TablePicture;
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Seat;
use crate::poker::seats::{check_distinct, check_seat, clockwise_after};
use crate::rules::concepts::{self as c};

/// The `stud-first-to-act` incident.
pub struct StudFirstToAct;

/// The situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum StudSituation {
    /// Two or more equal showing hands could act first (procedure D).
    TiedHands,
    /// The player dealt the bring-in card is all-in for the ante
    /// (procedure E).
    BringInAllIn,
}

/// The answers of `stud-first-to-act`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The situation.
    pub situation: StudSituation,
    /// Tied hands: their seats, highest card by suit first.
    pub by_suit: Option<Vec<Seat>>,
    /// Bring-in all-in: the seats still in the hand.
    pub seats: Option<Vec<Seat>>,
    /// Bring-in all-in: the seat dealt the bring-in card.
    pub bring_in: Option<Seat>,
}

crate::outcomes! {
    /// The outcomes of `stud-first-to-act`.
    pub enum StudOutcome {
        /// The highest card by suit among the tied hands acts first.
        HighCardBySuit => [STUD_PROCEDURES],
        /// The player to the left of the all-in player acts first and must at
        /// least bring in or fold.
        LeftOfAllIn => [STUD_PROCEDURES],
    }
}

/// What the JSON of `stud-first-to-act` carries.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The seat that acts first.
    pub first_to_act: Seat,
}

crate::notes! {
    /// The notes of `stud-first-to-act`.
    pub enum Notes {
        /// Who acts first.
        StudFirst { seat: Seat } = "stud_first",
    }
}

impl Incident for StudFirstToAct {
    const ID: &'static str = "stud-first-to-act";
    type Answers = Answers;
    type Outcome = StudOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Notes;

    fn rule(a: Answers, _cx: &mut Cx<'_>) -> Result<Decision<StudFirstToAct>, Error> {
        // The picture: the seats in the hand, the first to act marked #1
        // (tied hands: the suit order #1, #2, ...), the all-in bring-in.
        let (outcome, part, first, picture) = match a.situation {
            StudSituation::TiedHands => {
                let ranked = a.by_suit.ok_or_else(|| super::answer_needed("by_suit"))?;
                check_distinct(&ranked).map_err(|m| Error::input("by_suit", m))?;
                let first = *ranked
                    .first()
                    .ok_or_else(|| super::answer_needed("by_suit"))?;
                let labels = ranked
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (*s, format!("#{}", i + 1)))
                    .collect();
                let picture = TablePicture {
                    seats: ranked,
                    labels,
                    ..TablePicture::default()
                };
                (
                    StudOutcome::HighCardBySuit,
                    c::STUD_PROCEDURES.part("D"),
                    first,
                    picture,
                )
            }
            StudSituation::BringInAllIn => {
                let seats = a.seats.ok_or_else(|| super::answer_needed("seats"))?;
                check_distinct(&seats).map_err(|m| Error::input("seats", m))?;
                let all_in = a.bring_in.ok_or_else(|| super::answer_needed("bring_in"))?;
                check_seat(all_in).map_err(|m| Error::input("bring_in", m))?;
                let first = left_of(all_in, &seats)?;
                let picture = TablePicture {
                    seats,
                    labels: vec![(all_in, "all-in".to_string()), (first, "#1".to_string())],
                    ..TablePicture::default()
                };
                (
                    StudOutcome::LeftOfAllIn,
                    c::STUD_PROCEDURES.part("E"),
                    first,
                    picture,
                )
            }
        };
        let mut d = Decision::<StudFirstToAct>::new(outcome, vec![part]);
        d.table = Some(picture);
        d.extra.first_to_act = first;
        d.notes.push(Notes::StudFirst { seat: first });
        Ok(d)
    }
}

/// The first seat clockwise after `all_in` among `seats` (the all-in seat
/// itself excluded). Errors (`seats`): nobody else in the hand.
///
/// ```
/// use floor::incidents::stud_first_to_act::left_of;
/// assert_eq!(left_of(7, &[2, 5, 7, 9]).unwrap(), 9);
/// assert_eq!(left_of(9, &[2, 5, 7, 9]).unwrap(), 2);
/// ```
pub fn left_of(all_in: Seat, seats: &[Seat]) -> Result<Seat, Error> {
    clockwise_after(all_in, seats)
        .into_iter()
        .find(|s| *s != all_in)
        .ok_or_else(|| {
            Error::input(
                "seats",
                Message::new(Msg::StudNobodyLeft).arg("seat", all_in),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(edition: &str, a: Answers) -> Decision<StudFirstToAct> {
        super::super::rule_in::<StudFirstToAct>(edition, a).unwrap()
    }

    // tda-2019-sk OP-10 E: "stávkové kolo začína hráčom po jeho ľavici".
    #[test]
    fn tda_2019_sk_op_10_e_left_of_the_all_in_bring_in() {
        let d = rule(
            "tda-2019-sk",
            Answers {
                situation: StudSituation::BringInAllIn,
                by_suit: None,
                seats: Some(vec![1, 4, 6, 8]),
                bring_in: Some(8),
            },
        );
        assert_eq!(d.outcome, StudOutcome::LeftOfAllIn);
        assert_eq!(d.data()["first_to_act"], 1);
        assert_eq!(d.cites, [c::STUD_PROCEDURES.part("E")]);
    }

    // onk-2023-nl RP-10 D: "begint het wedden op de hand met de hoogste kaart per kleur".
    #[test]
    fn onk_2023_nl_rp_10_d_tied_hands_high_card_by_suit() {
        let d = rule(
            "onk-2023-nl",
            Answers {
                situation: StudSituation::TiedHands,
                by_suit: Some(vec![5, 2]),
                seats: None,
                bring_in: None,
            },
        );
        assert_eq!(d.outcome, StudOutcome::HighCardBySuit);
        assert_eq!(d.data()["first_to_act"], 5);
    }

    #[test]
    fn nobody_else_in_the_hand_names_the_seats() {
        assert_eq!(left_of(3, &[3]).unwrap_err().input_key(), Some("seats"));
    }
}
