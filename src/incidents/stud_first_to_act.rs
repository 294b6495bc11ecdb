//! Who acts first in stud when the usual rule does not say (incident
//! `stud-first-to-act`): who brings in on third street (the low upcards
//! tie, razz), equal showing hands, and a player dealt the card that brings
//! in who is all-in for the ante.
//!
//! Owns the decisions of the recommended stud procedure D and E (ONK RP-10,
//! TDA 2019 OP-10 in the Slovak edition). The other bundled editions print
//! no stud procedures: the card says so and follows TDA practice.
//!
//! The bring-in, as the editions word it: only ONK RP-10 E speaks of it,
//! "de speler die de lage kaart per kleur gedeeld heeft" (the low card by
//! suit), names no suit order, and ONK declares its stud procedures not
//! applicable; the Slovak edition orders the suits (spades, hearts,
//! diamonds, clubs) only for the odd chip (rule 20); no edition states the
//! razz bring-in. So no edition states it in force: the card says so and
//! prints the common stud practice applied (the lowest upcard, ties by
//! suit, clubs lowest; razz the highest upcard, the ace low), and cites a
//! rule only where a house states it (`stud_bring_in`).

use serde::Deserialize;

use crate::engine::ruling::TablePicture;
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::Seat;
use crate::poker::cards::{Aces, Card, bring_in, tied_on_rank};
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
    /// Who brings in on third street (the lowest upcards tie, or razz).
    WhoBringsIn,
}

/// The stud game, for who brings in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum StudGame {
    /// Seven-card stud: the lowest upcard brings in.
    SevenCardStud,
    /// Stud high-low: as seven-card stud.
    SevenCardStudHiLo,
    /// Razz: the highest upcard brings in, the ace low.
    Razz,
}

impl StudGame {
    /// How the ace ranks for the bring-in.
    fn aces(self) -> Aces {
        match self {
            StudGame::SevenCardStud | StudGame::SevenCardStudHiLo => Aces::High,
            StudGame::Razz => Aces::Low,
        }
    }
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
    /// Who brings in: the game.
    pub stud_game: Option<StudGame>,
    /// Who brings in: each seat's upcard.
    pub upcards: Option<Vec<(Seat, Card)>>,
}

crate::outcomes! {
    /// The outcomes of `stud-first-to-act`.
    pub enum StudOutcome {
        /// The highest card by suit among the tied hands acts first.
        HighCardBySuit => [STUD_PROCEDURES],
        /// The player to the left of the all-in player acts first and must at
        /// least bring in or fold.
        LeftOfAllIn => [STUD_PROCEDURES],
        /// The player with the bring-in card brings in.
        BringsIn => [STUD_PROCEDURES],
    }
}

/// What the JSON of `stud-first-to-act` carries.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The seat that acts first.
    pub first_to_act: Seat,
    /// Who brings in: the upcard that brings in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
}

crate::notes! {
    /// The notes of `stud-first-to-act`.
    pub enum Notes {
        /// Who acts first.
        StudFirst { seat: Seat } = "stud_first",
        /// Who brings in, and his upcard.
        StudBringsIn { seat: Seat, card: String } = "stud_brings_in",
        /// No rule orders the suits for the bring-in: the practice's order
        /// decided a tie.
        StudSuitOrderPractice = "stud_suit_order_practice",
        /// No edition states the razz bring-in: the practice.
        RazzBringInPractice = "razz_bring_in_practice",
    }
}

impl Incident for StudFirstToAct {
    const ID: &'static str = "stud-first-to-act";
    type Answers = Answers;
    type Outcome = StudOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Notes;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<StudFirstToAct>, Error> {
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
            StudSituation::WhoBringsIn => return brings_in(&a, cx),
        };
        let mut d = Decision::<StudFirstToAct>::new(outcome, vec![part]);
        d.stud = true;
        d.table = Some(picture);
        d.extra.first_to_act = first;
        d.notes.push(Notes::StudFirst { seat: first });
        Ok(d)
    }
}

/// Who brings in on third street: the lowest upcard (razz: the highest, the
/// ace low), a tie broken by suit ([`bring_in`]). Cited where the edition
/// (a house) states who brings in (parameter `stud_bring_in`); elsewhere
/// nothing is cited and the card names the practice applied (the
/// parameter's practice note). No edition orders the suits for it: where
/// the suit decided, the card says so.
fn brings_in(a: &Answers, cx: &mut Cx<'_>) -> Result<Decision<StudFirstToAct>, Error> {
    let game = a
        .stud_game
        .ok_or_else(|| super::answer_needed("stud_game"))?;
    let upcards = a
        .upcards
        .as_deref()
        .ok_or_else(|| super::answer_needed("upcards"))?;
    for (seat, _) in upcards {
        check_seat(*seat).map_err(|m| Error::input("upcards", m))?;
    }
    if upcards.len() < 2 {
        return Err(Error::input("upcards", Message::new(Msg::StudOneUpcard)));
    }
    let aces = game.aces();
    let (seat, card): (Seat, Card) =
        bring_in(upcards, aces).ok_or_else(|| super::answer_needed("upcards"))?;
    let by_suit = tied_on_rank(upcards, card, aces);
    let mut d =
        Decision::<StudFirstToAct>::new(StudOutcome::BringsIn, vec![c::STUD_PROCEDURES.part("E")]);
    d.stud = true;
    d.notes.push(Notes::StudBringsIn {
        seat,
        card: card.to_string(),
    });
    if game == StudGame::Razz {
        // No edition speaks of razz: the practice, in words.
        d.uncited = true;
        d.notes.push(Notes::RazzBringInPractice);
    } else {
        // Reading the parameter notes the practice where no rule states it.
        let stated = cx.params.states("stud_bring_in");
        cx.params.stud_bring_in();
        match cx.concept_stating("stud_bring_in").filter(|_| stated) {
            Some(concept) => d.decided_by(concept),
            None => d.uncited = true,
        }
        if by_suit {
            d.notes.push(Notes::StudSuitOrderPractice);
        }
    }
    d.extra.first_to_act = seat;
    d.extra.card = Some(card.to_string());
    d.table = Some(TablePicture {
        seats: upcards.iter().map(|(s, _)| *s).collect(),
        labels: upcards
            .iter()
            .map(|(s, c)| {
                let mark = if *s == seat { " #1" } else { "" };
                (*s, format!("{c}{mark}"))
            })
            .collect(),
        ..TablePicture::default()
    });
    Ok(d)
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
                stud_game: None,
                upcards: None,
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
                stud_game: None,
                upcards: None,
            },
        );
        assert_eq!(d.outcome, StudOutcome::HighCardBySuit);
        assert_eq!(d.data()["first_to_act"], 5);
    }

    fn bring_in_of(edition: &str, game: StudGame, upcards: &str) -> Decision<StudFirstToAct> {
        rule(
            edition,
            Answers {
                situation: StudSituation::WhoBringsIn,
                by_suit: None,
                seats: None,
                bring_in: None,
                stud_game: Some(game),
                upcards: Some(
                    crate::engine::answer::parse_seat_cards(upcards).expect("test upcards"),
                ),
            },
        )
    }

    fn note_keys(d: &Decision<StudFirstToAct>) -> Vec<&'static str> {
        use crate::engine::notes::NoteText;
        d.notes.iter().map(NoteText::key).collect()
    }

    // onk-2023-nl RP-10 E speaks of "de speler die de lage kaart per kleur
    // gedeeld heeft" but names no suit order, and RP-10 is not applicable at
    // ONK's events: nothing stated in force, the practice.
    #[test]
    fn onk_2023_nl_rp_10_e_names_no_suit_order_and_does_not_apply() {
        let d = bring_in_of("onk-2023-nl", StudGame::SevenCardStud, "2:2h,5:2c,7:Ks");
        assert_eq!(d.outcome, StudOutcome::BringsIn);
        assert_eq!(d.data()["first_to_act"], 5);
        assert_eq!(d.data()["card"], "2c");
        assert!(d.uncited);
        assert_eq!(
            note_keys(&d),
            ["stud_brings_in", "stud_suit_order_practice"]
        );
        // No tie: the suit order decides nothing and is not noted.
        let d = bring_in_of("onk-2023-nl", StudGame::SevenCardStud, "2:3h,5:2c");
        assert_eq!(note_keys(&d), ["stud_brings_in"]);
    }

    // tda-2019-sk OP10 names no bring-in (its suit order is the odd chip's,
    // rule 20); dpc-2019-en, tda-2015-de and pokerpunt-nl have no stud
    // procedures: nothing cited (the card prints the practice the
    // parameter's note names), the suit order said where it decided.
    #[test]
    fn editions_silent_on_the_bring_in_cite_nothing() {
        for edition in ["tda-2019-sk", "dpc-2019-en", "tda-2015-de", "pokerpunt-nl"] {
            let d = bring_in_of(edition, StudGame::SevenCardStudHiLo, "1:9d,3:9s,4:Ac");
            assert_eq!(d.data()["first_to_act"], 1, "{edition}");
            assert!(d.uncited, "{edition}");
            assert_eq!(
                note_keys(&d),
                ["stud_brings_in", "stud_suit_order_practice"],
                "{edition}"
            );
        }
    }

    // Razz: no edition states it; the highest upcard brings in, the ace
    // low, a tie to the highest suit.
    #[test]
    fn razz_the_highest_upcard_brings_in_in_every_edition() {
        for edition in ["onk-2023-nl", "tda-2019-sk", "dpc-2019-en"] {
            let d = bring_in_of(edition, StudGame::Razz, "2:Kh,5:Ks,7:Ac");
            assert_eq!(d.data()["first_to_act"], 5, "{edition}");
            assert!(d.uncited, "{edition}");
            assert_eq!(
                note_keys(&d),
                ["stud_brings_in", "razz_bring_in_practice"],
                "{edition}"
            );
        }
    }

    #[test]
    fn nobody_else_in_the_hand_names_the_seats() {
        assert_eq!(left_of(3, &[3]).unwrap_err().input_key(), Some("seats"));
    }
}
