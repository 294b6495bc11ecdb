//! From offence to penalty (incident `offence-penalty`).
//!
//! The rulebooks say for which offences a penalty WILL follow ("will be
//! given", "wordt gegeven", "werden verhängt", "bude penalizovaný") and for
//! which it MAY ("may", "kan", "kann", "môže", and "subject to penalty",
//! read as may: the offence is liable to a penalty, the TD decides). Where
//! the editions word an offence differently, the ruling reads which
//! provisions the edition in use states and how its record words them
//! (`locales/<lang>/provisions/`, the terms `force` and `when`):
//!
//! | offence | WILL in | provision, term |
//! |---|---|---|
//! | out of turn | onk-2023-nl, tda-2019-sk (53-A) | `oot-penalty`, force |
//! | leaving the table with a live hand | tda-2019-sk (31) | `table-stay-live-hand`, force |
//! | etiquette, stalling | pokerpunt-nl (70); repeated: onk, de, sk | `etiquette-penalised`, when and force |
//! | dodging a blind | all, but de and pokerpunt only on a move | `dodge-blinds`, when |
//! | soft play | all; checking the nuts last to act: may (silence read as the practice) | `penalty-nuts-check` |
//!
//! A phone is forbidden in every edition; only onk-2023-nl names a penalty
//! in its rule 5 (`devices-penalty`), tda-2015-de, tda-2019-sk and dpc
//! penalise "similar incidents" (`penalty-similar`), and pokerpunt-nl names
//! none (the floor's authority, rule 1, is cited). tda-2015-de leaves
//! devices other than a phone to the house rules.
//!
//! Three offences turn on what the editions allow. A language at the table:
//! each edition names its languages (parameter `languages`; onk-2023-nl
//! only during a hand, `language-during-hand`), tda-2015-de allows English
//! and leaves the others to the house rules (`language-house-decides`), and
//! none names a penalty. A non-standard fold (rule 58, 53 in tda-2015-de)
//! binds and may be penalised; pokerpunt-nl names the penalty for a fold
//! out of turn only (`fold-no-bet-penalty` is not in its record). A detour
//! on a table move: onk-2023-nl and pokerpunt-nl require a player moved from
//! a broken table to go directly to his new seat in sight of others and
//! disqualify one who does not (`outofview-break-straight`); elsewhere only
//! chips out of view are an offence, with the sanction of
//! [`chips_out_of_view`](super::chips_out_of_view).
//!
//! The proposed step: no earlier penalty → a verbal warning; after a warning
//! or missed hands → one missed round; after r missed rounds → r + 1, and
//! disqualification beyond the edition's most rounds (onk-2023-nl: 4). A
//! missed-rounds step is counted by [`penalty::penalty`], the calculation of
//! the `penalty` incident.

use serde::Deserialize;

use super::penalty::{self, PenaltyKind, PenaltyParams};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::rules::concepts::{self as c, Cite};

/// The `offence-penalty` incident.
pub struct OffencePenalty;

/// What the player did (the rulebooks' own list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum Offence {
    /// Exposed his cards with action pending.
    ExposedCards,
    /// Threw cards, a card off the table.
    CardOffTable,
    /// Disclosure: one player to a hand.
    Disclosure,
    /// An etiquette violation.
    Etiquette,
    /// Persistent or deliberate delay of the game.
    Stalling,
    /// Abuse, disruptive behaviour.
    Abuse,
    /// Soft play.
    SoftPlay,
    /// Chip dumping, other collusion.
    Collusion,
    /// Cheating.
    Cheating,
    /// A phone or another device at the table.
    Phone,
    /// Left the table with a live hand.
    LeavingTable,
    /// Dodged a blind on purpose.
    DodgingBlinds,
    /// Acted out of turn.
    OutOfTurn,
    /// Silently put out a chip tiny against the bet.
    TinyChip,
    /// A conditional statement of future action.
    Conditional,
    /// "I bet the pot" in no-limit.
    PotInNoLimit,
    /// Miscalled his hand on purpose.
    DeliberateMiscall,
    /// Spoke a language at the table.
    ForeignLanguage,
    /// Folded facing no bet, or out of turn.
    NonStandardFold,
    /// Took a detour when moved to another table.
    Detour,
}

/// The language he spoke (ISO 639-1 code, as the editions' `languages`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Language {
    /// Dutch.
    Nl,
    /// English.
    En,
    /// German.
    De,
    /// Slovak.
    Sk,
    /// Croatian.
    Hr,
    /// A language no edition names.
    OtherLanguage,
}

impl Language {
    /// The ISO 639-1 code, as the editions list their languages.
    fn code(self) -> Option<&'static str> {
        match self {
            Language::Nl => Some("nl"),
            Language::En => Some("en"),
            Language::De => Some("de"),
            Language::Sk => Some("sk"),
            Language::Hr => Some("hr"),
            Language::OtherLanguage => None,
        }
    }
}

/// The kind of non-standard fold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FoldKind {
    /// In turn, facing no bet, before the last betting round ended.
    FoldedNoBet,
    /// Out of turn.
    FoldedOutOfTurn,
}

/// What he did with the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeviceUse {
    /// Talked on the phone at the table.
    PhoneCall,
    /// A ring tone, music or video others could hear.
    Audible,
    /// A betting app or chart with a live hand.
    BettingApp,
    /// Another device, photos or video that disturbed or helped.
    OtherDevice,
}

/// His heaviest penalty so far in the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Earlier {
    /// None.
    None,
    /// A verbal warning.
    Warning,
    /// Missed hands.
    MissedHands,
    /// Missed rounds (how many: `earlier_rounds`).
    MissedRounds,
}

/// The answers of `offence-penalty`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What the player did.
    pub offence: Offence,
    /// For a phone: what he did with it.
    pub device_use: Option<DeviceUse>,
    /// For a dodged blind: he was being moved from a broken or balanced table.
    pub moved_table: Option<bool>,
    /// For etiquette and stalling: he had done it before in the event.
    pub repeated: Option<bool>,
    /// For soft play: it was checking the nuts when last to act.
    pub nuts_last_to_act: Option<bool>,
    /// For a language: which one he spoke.
    pub language: Option<Language>,
    /// For a language: it was during a hand (asked where the edition's
    /// rule holds during a hand only).
    pub during_hand: Option<bool>,
    /// For a non-standard fold: facing no bet, or out of turn.
    pub fold_kind: Option<FoldKind>,
    /// For a detour: the move was from a broken table (asked where the
    /// edition requires going directly to the new seat).
    pub broken_table: Option<bool>,
    /// For a detour: he or his chips went out of the sight of players and
    /// staff.
    pub out_of_sight: Option<bool>,
    /// For chips out of sight: they were in a sealed bag or a house rack
    /// (asked where the edition exempts them).
    pub in_rack_or_bag: Option<bool>,
    /// His heaviest penalty so far in the event.
    pub earlier: Option<Earlier>,
    /// How many rounds that missed-rounds penalty was.
    pub earlier_rounds: Option<u64>,
    /// Players at his table now, him included.
    pub players_at_table: Option<u8>,
}

/// Whether the edition's words make the penalty certain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Wording {
    /// A penalty will follow.
    Will,
    /// A penalty may follow: the TD decides.
    May,
}

/// The proposed step of the progression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Proposal {
    /// The kind of penalty.
    pub kind: PenaltyKind,
    /// Missed rounds, for that kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u64>,
}

/// The amounts of `offence-penalty` (rounds and hands, not chips).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// Missed rounds proposed.
    pub rounds: Option<u64>,
    /// Hands he would miss, counted as `penalty` counts them.
    pub hands_missed: Option<u64>,
}

/// What the JSON of `offence-penalty` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Will or may, as the edition words it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wording: Option<Wording>,
    /// The proposed step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proposed: Option<Proposal>,
}

crate::notes! {
    /// The notes of `offence-penalty`.
    pub enum Note {
        /// A penalty for exposed cards starts after the hand.
        PenaltyAfterHand = "penalty_after_hand",
        /// The offence's rule names no penalty; the penalty rule covers similar incidents.
        SimilarIncidents = "similar_incidents",
        /// No rule names a penalty; the floor's authority is cited.
        NoPenaltyNamed = "no_penalty_named",
        /// The edition penalises dodging a blind only on a move.
        NotCoveredByRule = "not_covered_by_rule",
        /// The rule covers a dodge only on a move from a broken table.
        NotCoveredBrokenOnly = "not_covered_broken_only",
        /// Checking the nuts last to act is not automatically soft play.
        NutsNotAutomatic = "nuts_not_automatic",
        /// The edition does not say whether checking the nuts is soft
        /// play: the TDA practice is read.
        NutsAsPractice = "nuts_as_practice",
        /// The edition's etiquette rule says will, its penalty rule may.
        EtiquetteConflict = "etiquette_conflict",
        /// The edition says nothing on repeat offences: TDA practice.
        EscalationPractice = "escalation_practice",
        /// The most rounds were given already: disqualification is next.
        ProposedDqMax { earlier_rounds: u64 } = "proposed_dq_max",
        /// A non-standard fold binds whatever the penalty.
        FoldBinds = "fold_binds",
        /// The edition forbids only chips out of view on a move.
        DetourInSight = "detour_in_sight",
        /// The edition's rule states no sanction: TDA practice.
        OutOfViewPractice = "out_of_view_practice",
    }
}

impl Incident for OffencePenalty {
    const ID: &'static str = "offence-penalty";
    type Answers = Answers;
    type Outcome = OffenceOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &[
        "call-tiny-chip-penalty",
        "devices-no-apps-live-hand",
        "devices-no-nuisance",
        "devices-no-phone",
        "devices-penalty",
        "devices-silent",
        "dodge-blinds",
        "etiquette-penalised",
        "expose-penalty-after-hand",
        "expose-penalty-not-dead",
        "fold-no-bet-penalty",
        "fold-oot-binding",
        "language-during-hand",
        "language-house-decides",
        "miscall-penalty",
        "oot-penalty",
        "outofview-break-straight",
        "outofview-sealed-exempt",
        "penalty-escalating",
        "penalty-nuts-check",
        "penalty-similar",
        "table-stay-live-hand",
    ];
    const SILENCE_AS_PRACTICE: &'static [&'static str] = &["penalty-nuts-check"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<OffencePenalty>, Error> {
        let judged = judge(&a, cx)?;
        let mut d = Decision::<OffencePenalty>::new(judged.outcome, judged.cites);
        d.notes = judged.notes;
        d.remedy_variant = judged.variant;
        let wording = match judged.outcome {
            OffenceOutcome::PenaltyWill => Wording::Will,
            OffenceOutcome::PenaltyMay => Wording::May,
            OffenceOutcome::Disqualification
            | OffenceOutcome::HouseRules
            | OffenceOutcome::NoOffence
            | OffenceOutcome::HouseLanguages
            | OffenceOutcome::Forfeit => {
                // No step of the progression is proposed: his earlier
                // penalties were not needed.
                cx.unused("earlier");
                cx.unused("earlier_rounds");
                return Ok(d);
            }
        };
        let params = PenaltyParams::from_cx(cx);
        let earlier = a.earlier.unwrap_or(Earlier::None);
        let proposal = propose(earlier, a.earlier_rounds, params.max_rounds)?;
        let counted = penalty::penalty(
            proposal.kind,
            a.players_at_table,
            proposal.rounds,
            None,
            &params,
        )?;
        if proposal.kind == PenaltyKind::MissedRounds {
            d.amounts.rounds = proposal.rounds;
            d.amounts.hands_missed = Some(counted.hands_missed);
            d.remedy_variant = Some("rounds");
        } else if proposal.kind == PenaltyKind::Disqualification {
            d.remedy_variant = Some("disqualify");
            if let Some(r) = a
                .earlier_rounds
                .filter(|_| earlier == Earlier::MissedRounds)
            {
                d.notes.push(Note::ProposedDqMax { earlier_rounds: r });
            }
        }
        if earlier != Earlier::None && !cx.states("penalty-escalating")? {
            d.notes.push(Note::EscalationPractice);
        }
        d.extra.wording = Some(wording);
        d.extra.proposed = Some(proposal);
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `offence-penalty` incident.
    pub enum OffenceOutcome {
        /// The edition says a penalty will follow; a step is proposed.
        PenaltyWill => [
            ETHICAL_PLAY,
            ETIQUETTE_VIOLATIONS,
            CALLING_CLOCK,
            AT_TABLE_ACTION_PENDING,
            DODGING_BLINDS,
            ACTION_OUT_OF_TURN,
            PENALTIES,
        ],
        /// The edition says a penalty may follow; a step is proposed.
        PenaltyMay => [
            EXPOSING_CARDS,
            NO_DISCLOSURE,
            ETIQUETTE_VIOLATIONS,
            CALLING_CLOCK,
            ELECTRONIC_DEVICES,
            AT_TABLE_ACTION_PENDING,
            DODGING_BLINDS,
            ACTION_OUT_OF_TURN,
            METHODS_OF_CALLING,
            CONDITIONAL_DECLARATIONS,
            POT_SIZE_POT_LIMIT,
            DECLARATIONS_CARDS_SPEAK,
            ETHICAL_PLAY,
            OFFICIAL_LANGUAGE,
            NON_STANDARD_FOLDS,
            CHIPS_OUT_OF_VIEW,
            PENALTIES,
            FLOOR_DECISIONS,
        ],
        /// Collusion: disqualification (every edition).
        Disqualification => [ETHICAL_PLAY, CHIPS_OUT_OF_VIEW, PENALTIES],
        /// tda-2015-de leaves the device to the house rules.
        HouseRules => [ELECTRONIC_DEVICES],
        /// Not an offence in this edition (an allowed language, chips in a
        /// house rack).
        NoOffence => [OFFICIAL_LANGUAGE, CHIPS_OUT_OF_VIEW],
        /// tda-2015-de leaves languages besides English to the house rules.
        HouseLanguages => [OFFICIAL_LANGUAGE],
        /// Chips out of view on a move: forfeited; the TD may disqualify.
        Forfeit => [CHIPS_OUT_OF_VIEW, PENALTIES],
    }
}

/// The outcome, the rules cited (the offence's own rule first) and the notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// Will, may, disqualification or the house rules.
    pub outcome: OffenceOutcome,
    /// The rules applied, deciding rule first.
    pub cites: Vec<Cite>,
    /// The notes.
    pub notes: Vec<Note>,
    /// The outcome's remedy variant, where it has several.
    pub variant: Option<&'static str>,
}

/// The penalty rule, part A: the options, the progression and the count.
const OPTIONS: Cite = c::PENALTIES.part("A");
/// The penalty rule, part B: the offences it names (and similar incidents).
const NAMED: Cite = c::PENALTIES.part("B");

fn judged(outcome: OffenceOutcome, cites: &[Cite], notes: Vec<Note>) -> Judged {
    Judged {
        outcome,
        cites: cites.to_vec(),
        notes,
        variant: None,
    }
}

/// `judged` with the outcome's remedy variant `variant`.
fn judged_as(
    outcome: OffenceOutcome,
    variant: &'static str,
    cites: &[Cite],
    notes: Vec<Note>,
) -> Judged {
    Judged {
        variant: Some(variant),
        ..judged(outcome, cites, notes)
    }
}

/// An offence the edition's rule forbids without naming a penalty: may,
/// through the penalty rule's "similar incidents" where the edition has
/// that clause, else on the floor's authority.
fn unnamed(rule: Cite, cx: &Cx<'_>, mut notes: Vec<Note>) -> Result<Judged, Error> {
    Ok(if cx.states("penalty-similar")? {
        notes.push(Note::SimilarIncidents);
        judged(OffenceOutcome::PenaltyMay, &[rule, NAMED], notes)
    } else {
        notes.push(Note::NoPenaltyNamed);
        judged(
            OffenceOutcome::PenaltyMay,
            &[rule, c::FLOOR_DECISIONS.into()],
            notes,
        )
    })
}

/// May where the edition states `provision` (the offence's rule names the
/// penalty), else as an offence with no penalty named.
fn may_if(provision: &str, rule: Cite, cx: &Cx<'_>, notes: Vec<Note>) -> Result<Judged, Error> {
    if cx.states(provision)? {
        Ok(judged(OffenceOutcome::PenaltyMay, &[rule, OPTIONS], notes))
    } else {
        unnamed(rule, cx, notes)
    }
}

/// The `force` term ("will", "may") the edition's record gives provision `id`.
fn force<'a>(cx: &Cx<'a>, id: &str) -> Result<Option<&'a str>, Error> {
    Ok(cx.stated(id)?.and_then(|t| t.force.as_deref()))
}

/// Whether a penalty will or may follow the offence in the edition in use.
pub fn judge(a: &Answers, cx: &Cx<'_>) -> Result<Judged, Error> {
    use OffenceOutcome::{Disqualification, HouseRules, PenaltyMay, PenaltyWill};
    let need = super::answer_needed;
    let will_or_may = |will: bool| if will { PenaltyWill } else { PenaltyMay };
    Ok(match a.offence {
        Offence::Collusion => judged(
            Disqualification,
            &[c::ETHICAL_PLAY.into(), c::PENALTIES.part("D")],
            vec![],
        ),
        Offence::ForeignLanguage => language(a, cx)?,
        Offence::NonStandardFold => {
            let provision = match a.fold_kind.ok_or_else(|| need("fold_kind"))? {
                FoldKind::FoldedNoBet => "fold-no-bet-penalty",
                FoldKind::FoldedOutOfTurn => "fold-oot-binding",
            };
            may_if(
                provision,
                c::NON_STANDARD_FOLDS.into(),
                cx,
                vec![Note::FoldBinds],
            )?
        }
        Offence::Detour => detour(a, cx)?,
        Offence::SoftPlay => {
            // Checking the nuts last to act is soft play only as the TD
            // judges it; tda-2015-de does not say so, and its silence is
            // read as that practice, and said.
            if a.nuts_last_to_act.unwrap_or(false) {
                let note = match cx.states("penalty-nuts-check")? {
                    true => Note::NutsNotAutomatic,
                    false => Note::NutsAsPractice,
                };
                judged(PenaltyMay, &[c::ETHICAL_PLAY.into(), NAMED], vec![note])
            } else {
                judged(PenaltyWill, &[c::ETHICAL_PLAY.into(), NAMED], vec![])
            }
        }
        Offence::Abuse | Offence::Cheating => judged(PenaltyWill, &[NAMED], vec![]),
        Offence::CardOffTable => judged(PenaltyMay, &[NAMED], vec![]),
        Offence::Disclosure => judged(PenaltyMay, &[c::NO_DISCLOSURE.into(), NAMED], vec![]),
        Offence::ExposedCards => {
            let notes = match cx.states("expose-penalty-after-hand")? {
                true => vec![Note::PenaltyAfterHand],
                false => vec![],
            };
            may_if(
                "expose-penalty-not-dead",
                c::EXPOSING_CARDS.into(),
                cx,
                notes,
            )?
        }
        Offence::TinyChip => may_if(
            "call-tiny-chip-penalty",
            c::METHODS_OF_CALLING.into(),
            cx,
            vec![],
        )?,
        Offence::DeliberateMiscall => may_if(
            "miscall-penalty",
            c::DECLARATIONS_CARDS_SPEAK.into(),
            cx,
            vec![],
        )?,
        Offence::Conditional => judged(
            PenaltyMay,
            &[c::CONDITIONAL_DECLARATIONS.part("A"), OPTIONS],
            vec![],
        ),
        Offence::PotInNoLimit => judged(
            PenaltyMay,
            &[c::POT_SIZE_POT_LIMIT.part("C"), OPTIONS],
            vec![],
        ),
        Offence::Etiquette | Offence::Stalling => {
            let mut cites = vec![c::ETIQUETTE_VIOLATIONS.into()];
            if a.offence == Offence::Stalling {
                cites.push(c::CALLING_CLOCK.into());
            }
            cites.push(NAMED);
            let repeated = a.repeated.unwrap_or(false);
            let terms = cx.stated("etiquette-penalised")?;
            let will = terms.is_some_and(|t| t.force.as_deref() == Some("will"));
            match terms.and_then(|t| t.when.as_deref()) {
                Some("any") if will => judged(PenaltyWill, &cites, vec![Note::EtiquetteConflict]),
                Some("repeated") if will && repeated => judged(PenaltyWill, &cites, vec![]),
                _ => judged(PenaltyMay, &cites, vec![]),
            }
        }
        Offence::LeavingTable => judged(
            will_or_may(force(cx, "table-stay-live-hand")? == Some("will")),
            &[c::AT_TABLE_ACTION_PENDING.into(), OPTIONS],
            vec![],
        ),
        Offence::OutOfTurn => {
            if force(cx, "oot-penalty")? == Some("will") {
                judged(
                    PenaltyWill,
                    &[c::ACTION_OUT_OF_TURN.part("A"), OPTIONS],
                    vec![],
                )
            } else {
                may_if("oot-penalty", c::ACTION_OUT_OF_TURN.part("A"), cx, vec![])?
            }
        }
        Offence::DodgingBlinds => {
            let moved = a.moved_table.ok_or_else(|| need("moved_table"))?;
            // The rule covers any blind, or only one dodged on a move.
            let when = cx.stated("dodge-blinds")?.map(|t| t.when.as_deref());
            match when {
                Some(Some("any-blind")) => {
                    judged(PenaltyWill, &[c::DODGING_BLINDS.into(), OPTIONS], vec![])
                }
                Some(Some(_)) if moved => {
                    judged(PenaltyWill, &[c::DODGING_BLINDS.into(), OPTIONS], vec![])
                }
                // Says which moves it covers: a broken table only (TDA
                // 2015 32), or breaking and balancing (Pokerpunt 33).
                Some(Some("moved-from-broken-table")) => unnamed(
                    c::DODGING_BLINDS.into(),
                    cx,
                    vec![Note::NotCoveredBrokenOnly],
                )?,
                Some(_) => unnamed(c::DODGING_BLINDS.into(), cx, vec![Note::NotCoveredByRule])?,
                None => unnamed(c::DODGING_BLINDS.into(), cx, vec![])?,
            }
        }
        Offence::Phone => {
            let banned = match a.device_use.ok_or_else(|| need("device_use"))? {
                DeviceUse::PhoneCall => cx.states("devices-no-phone")?,
                DeviceUse::Audible => cx.states("devices-silent")?,
                DeviceUse::BettingApp => cx.states("devices-no-apps-live-hand")?,
                DeviceUse::OtherDevice => cx.states("devices-no-nuisance")?,
            };
            if !banned {
                judged(HouseRules, &[c::ELECTRONIC_DEVICES.into()], vec![])
            } else {
                may_if("devices-penalty", c::ELECTRONIC_DEVICES.into(), cx, vec![])?
            }
        }
    })
}

/// A language spoken at the table: allowed where the edition lists it (or
/// outside a hand, where its rule holds during a hand only); tda-2015-de
/// allows English and leaves the others to the house; a language the
/// edition does not allow is an offence with no penalty named.
fn language(a: &Answers, cx: &Cx<'_>) -> Result<Judged, Error> {
    use OffenceOutcome::{HouseLanguages, NoOffence};
    let spoken = a.language.ok_or_else(|| super::answer_needed("language"))?;
    let rule: &[Cite] = &[c::OFFICIAL_LANGUAGE.into()];
    let listed = cx.params.languages();
    if listed.is_some() && cx.states("language-during-hand")? {
        let during = a
            .during_hand
            .ok_or_else(|| super::answer_needed("during_hand"))?;
        if !during {
            return Ok(judged_as(NoOffence, "outside-hand", rule, vec![]));
        }
    }
    Ok(match listed {
        Some(languages) => {
            if spoken
                .code()
                .is_some_and(|code| languages.iter().any(|l| l == code))
            {
                judged(NoOffence, rule, vec![])
            } else {
                unnamed(c::OFFICIAL_LANGUAGE.into(), cx, vec![])?
            }
        }
        None if cx.states("language-house-decides")? => {
            if spoken == Language::En {
                judged_as(NoOffence, "english", rule, vec![])
            } else {
                judged(HouseLanguages, rule, vec![])
            }
        }
        None => unnamed(c::OFFICIAL_LANGUAGE.into(), cx, vec![])?,
    })
}

/// A detour on a table move. Where the edition requires a player moved from
/// a broken table to go directly to his new seat, in sight (onk-2023-nl,
/// pokerpunt-nl), a detour on such a move is its sanction; otherwise only
/// chips out of view are an offence, ruled as `chips-out-of-view` rules
/// them; a detour in sight is an offence no rule names.
fn detour(a: &Answers, cx: &Cx<'_>) -> Result<Judged, Error> {
    use super::chips_out_of_view::{self as oov, OutOfViewOutcome, Sanction};
    use OffenceOutcome::{Disqualification, Forfeit, NoOffence};
    let need = super::answer_needed;
    let rule = c::CHIPS_OUT_OF_VIEW.into();
    let dq: &[Cite] = &[rule, c::PENALTIES.part("D")];
    if cx.states("outofview-break-straight")?
        && a.broken_table.ok_or_else(|| need("broken_table"))?
    {
        return Ok(judged_as(Disqualification, "detour", dq, vec![]));
    }
    if !a.out_of_sight.ok_or_else(|| need("out_of_sight"))? {
        return unnamed(rule, cx, vec![Note::DetourInSight]);
    }
    let (outcome, sanction) = oov::judge(cx, a.in_rack_or_bag)?;
    Ok(match outcome {
        OutOfViewOutcome::Disqualified => judged_as(Disqualification, "out-of-view", dq, vec![]),
        OutOfViewOutcome::Forfeit => {
            let notes = match sanction {
                Sanction::Unstated => vec![Note::OutOfViewPractice],
                _ => vec![],
            };
            judged(Forfeit, dq, notes)
        }
        OutOfViewOutcome::Exempt => judged_as(NoOffence, "exempt", &[rule], vec![]),
    })
}

/// The next step above `earlier`: a warning first, then one missed round,
/// one round more per repeat, disqualification beyond `max_rounds`.
///
/// ```
/// use floor::incidents::offence_penalty::{propose, Earlier};
/// use floor::incidents::penalty::PenaltyKind;
/// let p = propose(Earlier::MissedRounds, Some(4), Some(4)).unwrap();
/// assert_eq!(p.kind, PenaltyKind::Disqualification);
/// ```
pub fn propose(
    earlier: Earlier,
    earlier_rounds: Option<u64>,
    max_rounds: Option<u64>,
) -> Result<Proposal, Error> {
    let rounds = |r: u64| Proposal {
        kind: PenaltyKind::MissedRounds,
        rounds: Some(r),
    };
    Ok(match earlier {
        Earlier::None => Proposal {
            kind: PenaltyKind::Warning,
            rounds: None,
        },
        Earlier::Warning | Earlier::MissedHands => rounds(1),
        Earlier::MissedRounds => {
            let r = earlier_rounds.unwrap_or(1);
            if r == 0 {
                return Err(Error::input(
                    "earlier_rounds",
                    Message::new(Msg::PenaltyZero),
                ));
            }
            match max_rounds {
                Some(max) if r > max => {
                    return Err(Error::input(
                        "earlier_rounds",
                        Message::new(Msg::PenaltyMaxRounds).arg("max", max),
                    ));
                }
                Some(max) if r == max => Proposal {
                    kind: PenaltyKind::Disqualification,
                    rounds: None,
                },
                _ => rounds(r.checked_add(1).ok_or_else(|| {
                    Error::input(
                        "earlier_rounds",
                        Message::new(Msg::Overflow).arg("input", "earlier_rounds"),
                    )
                })?),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::{EDITIONS, rule_in};
    use strum::VariantArray;

    // Two paths to one answer: the out-of-turn card's penalty line and this
    // incident's ruling on the same action out of turn (a fold by rule 58,
    // any other action by rule 53-A) say "will" or "may" alike.
    #[test]
    fn the_out_of_turn_card_penalises_as_this_incident_does() {
        use crate::incidents::out_of_turn::{OotAction, OutOfTurn, answered};
        for edition in EDITIONS {
            for action in [
                OotAction::Check,
                OotAction::Call,
                OotAction::Bet,
                OotAction::Raise,
                OotAction::Fold,
            ] {
                let card = rule_in::<OutOfTurn>(edition, answered(action, false, true)).unwrap();
                let offence = if action == OotAction::Fold {
                    Offence::NonStandardFold
                } else {
                    Offence::OutOfTurn
                };
                let judged = rule_in::<OffencePenalty>(edition, answers(offence)).unwrap();
                assert_eq!(
                    card.remedy_variant == Some("penalty-will"),
                    judged.outcome == OffenceOutcome::PenaltyWill,
                    "{edition} {action:?}"
                );
            }
        }
    }

    fn answers(offence: Offence) -> Answers {
        Answers {
            offence,
            device_use: Some(DeviceUse::PhoneCall),
            moved_table: Some(false),
            repeated: Some(false),
            nuts_last_to_act: Some(false),
            language: Some(Language::OtherLanguage),
            during_hand: Some(true),
            fold_kind: Some(FoldKind::FoldedOutOfTurn),
            broken_table: Some(true),
            out_of_sight: Some(true),
            in_rack_or_bag: Some(false),
            earlier: Some(Earlier::None),
            earlier_rounds: None,
            players_at_table: Some(9),
        }
    }

    fn outcome(edition: &str, a: Answers) -> OffenceOutcome {
        rule_in::<OffencePenalty>(edition, a).unwrap().outcome
    }

    /// Will (W), may (M), disqualification (D) or house rules (H) per offence,
    /// in the order of EDITIONS (the summary of the module's table, from
    /// each edition's words).
    #[test]
    fn will_or_may_per_offence_and_edition() {
        use OffenceOutcome::*;
        let rows: &[(Offence, [OffenceOutcome; 5])] = &[
            (Offence::ExposedCards, [PenaltyMay; 5]),
            (Offence::CardOffTable, [PenaltyMay; 5]),
            (Offence::Disclosure, [PenaltyMay; 5]),
            (
                Offence::Etiquette,
                [PenaltyMay, PenaltyWill, PenaltyMay, PenaltyMay, PenaltyMay],
            ),
            (
                Offence::Stalling,
                [PenaltyMay, PenaltyWill, PenaltyMay, PenaltyMay, PenaltyMay],
            ),
            (Offence::Abuse, [PenaltyWill; 5]),
            (Offence::SoftPlay, [PenaltyWill; 5]),
            (Offence::Collusion, [Disqualification; 5]),
            (Offence::Cheating, [PenaltyWill; 5]),
            (Offence::Phone, [PenaltyMay; 5]),
            (
                Offence::LeavingTable,
                [PenaltyMay, PenaltyMay, PenaltyMay, PenaltyWill, PenaltyMay],
            ),
            (
                Offence::DodgingBlinds,
                [
                    PenaltyWill,
                    PenaltyMay,
                    PenaltyMay,
                    PenaltyWill,
                    PenaltyWill,
                ],
            ),
            (
                Offence::OutOfTurn,
                [PenaltyWill, PenaltyMay, PenaltyMay, PenaltyWill, PenaltyMay],
            ),
            (Offence::TinyChip, [PenaltyMay; 5]),
            (Offence::Conditional, [PenaltyMay; 5]),
            (Offence::PotInNoLimit, [PenaltyMay; 5]),
            (Offence::DeliberateMiscall, [PenaltyMay; 5]),
            (
                Offence::ForeignLanguage,
                [
                    PenaltyMay,
                    PenaltyMay,
                    HouseLanguages,
                    PenaltyMay,
                    PenaltyMay,
                ],
            ),
            (Offence::NonStandardFold, [PenaltyMay; 5]),
            (
                Offence::Detour,
                [
                    Disqualification,
                    Disqualification,
                    Forfeit,
                    Forfeit,
                    Forfeit,
                ],
            ),
        ];
        assert_eq!(rows.len(), Offence::VARIANTS.len());
        for (offence, want) in rows {
            for (edition, want) in EDITIONS.iter().zip(want) {
                assert_eq!(
                    outcome(edition, answers(*offence)),
                    *want,
                    "{offence:?} in {edition}"
                );
            }
        }
    }

    // onk-2023-nl 70 "Het herhaaldelijk overtreden van de poker etiquette wordt bestraft";
    // dpc-2019-en 70 "Etiquette violations are subject to enforcement actions": may.
    #[test]
    fn repeated_etiquette_is_will_where_the_edition_says_so() {
        for (edition, want) in EDITIONS.iter().zip([true, true, true, true, false]) {
            let mut a = answers(Offence::Etiquette);
            a.repeated = Some(true);
            assert_eq!(
                outcome(edition, a) == OffenceOutcome::PenaltyWill,
                want,
                "{edition}"
            );
        }
    }

    // tda-2015-de 32 and pokerpunt-nl 33 name dodging on a move from a broken table.
    #[test]
    fn dodging_on_a_move_is_will_everywhere() {
        for edition in EDITIONS {
            let mut a = answers(Offence::DodgingBlinds);
            a.moved_table = Some(true);
            assert_eq!(outcome(edition, a), OffenceOutcome::PenaltyWill);
        }
    }

    // Not on a move, the card says which moves the edition's rule covers:
    // tda-2015-de 32 "von einem aufgelösten Tisch" (broken only),
    // pokerpunt-nl 33 "tijdens het opbreken van tafels of balanceren van
    // tafels"; the others cover any blind.
    #[test]
    fn dodging_not_on_a_move_names_the_moves_the_rule_covers() {
        for edition in EDITIONS {
            let mut a = answers(Offence::DodgingBlinds);
            a.moved_table = Some(false);
            let d = crate::incidents::rule_in::<OffencePenalty>(edition, a).unwrap();
            let said = (
                d.notes.contains(&Note::NotCoveredBrokenOnly),
                d.notes.contains(&Note::NotCoveredByRule),
            );
            let want = match edition {
                "tda-2015-de" => (true, false),
                "pokerpunt-nl" => (false, true),
                _ => (false, false),
            };
            assert_eq!(said, want, "{edition}");
        }
    }

    // tda-2015-de 4: "Für alle anderen elektronischen Gerätetypen ... gelten die jeweiligen Hausregeln."
    #[test]
    fn a_betting_app_is_for_the_house_rules_in_tda_2015_de_only() {
        for edition in EDITIONS {
            let mut a = answers(Offence::Phone);
            a.device_use = Some(DeviceUse::BettingApp);
            let want = match edition {
                "tda-2015-de" => OffenceOutcome::HouseRules,
                _ => OffenceOutcome::PenaltyMay,
            };
            assert_eq!(outcome(edition, a), want, "{edition}");
        }
    }

    // "Checking the exclusive nuts when last to act on the river is not an automatic soft
    // play violation" (dpc 71-B; onk, pokerpunt, sk); tda-2015-de has no such sentence: its
    // silence is read as that practice, and the card says so.
    #[test]
    fn checking_the_nuts_last_is_may_and_said_as_practice_where_the_edition_is_silent() {
        for edition in EDITIONS {
            let mut a = answers(Offence::SoftPlay);
            a.nuts_last_to_act = Some(true);
            let d = judged_in(edition, a);
            assert_eq!(d.outcome, OffenceOutcome::PenaltyMay, "{edition}");
            let silent = edition == "tda-2015-de";
            assert_eq!(d.notes.contains(&Note::NutsAsPractice), silent, "{edition}");
            assert_eq!(
                d.notes.contains(&Note::NutsNotAutomatic),
                !silent,
                "{edition}"
            );
        }
    }

    fn judged_in(edition: &str, a: Answers) -> Decision<OffencePenalty> {
        rule_in::<OffencePenalty>(edition, a).unwrap()
    }

    // onk-2023-nl 6 "een andere taal dan Nederlands, Engels of Duits", "Tijdens de hand";
    // pokerpunt-nl 5 "De officiële taal aan de poker tafel is Nederlands"; tda-2015-de 5
    // "welche Sprachen neben Englisch ebenfalls erlaubt sind"; tda-2019-sk 6 "Slovenský,
    // Anglický a Nemecký"; dpc-2019-en 6 "Croatian and English".
    #[test]
    fn a_language_is_an_offence_only_where_the_edition_does_not_allow_it() {
        use OffenceOutcome::{HouseLanguages as H, NoOffence as N, PenaltyMay as M};
        let rows = [
            (Language::Nl, [N, N, H, M, M]),
            (Language::En, [N, M, N, N, N]),
            (Language::De, [N, M, H, N, M]),
            (Language::Sk, [M, M, H, N, M]),
            (Language::Hr, [M, M, H, M, N]),
            (Language::OtherLanguage, [M, M, H, M, M]),
        ];
        for (spoken, want) in rows {
            for (edition, want) in EDITIONS.iter().zip(want) {
                let mut a = answers(Offence::ForeignLanguage);
                a.language = Some(spoken);
                assert_eq!(outcome(edition, a), want, "{spoken:?} in {edition}");
            }
        }
        // Between hands, onk-2023-nl's rule does not apply.
        let mut a = answers(Offence::ForeignLanguage);
        a.during_hand = Some(false);
        let j = judged_in("onk-2023-nl", a);
        assert_eq!((j.outcome, j.remedy_variant), (N, Some("outside-hand")));
        // No rule names a penalty: the floor's authority (onk, pokerpunt), similar incidents (sk, dpc).
        let notes = |edition| judged_in(edition, answers(Offence::ForeignLanguage)).notes;
        assert!(notes("onk-2023-nl").contains(&Note::NoPenaltyNamed));
        assert!(notes("dpc-2019-en").contains(&Note::SimilarIncidents));
    }

    // "Any time before the end of the final betting round, folding in turn if there's no bet to
    // you ... are binding folds subject to penalty" (dpc-2019-en 58); pokerpunt-nl 58 names a
    // penalty only for "Een fold “out of turn”".
    #[test]
    fn a_fold_facing_no_bet_names_a_penalty_except_in_pokerpunt() {
        for edition in EDITIONS {
            let mut a = answers(Offence::NonStandardFold);
            a.fold_kind = Some(FoldKind::FoldedNoBet);
            let j = judged_in(edition, a);
            assert_eq!(j.outcome, OffenceOutcome::PenaltyMay, "{edition}");
            assert!(j.notes.contains(&Note::FoldBinds));
            assert_eq!(
                j.notes.contains(&Note::NoPenaltyNamed),
                edition == "pokerpunt-nl",
                "{edition}"
            );
        }
    }

    // onk-2023-nl 63 "direct de nieuw toegewezen plaats in te nemen zonder uit het oog van anderen
    // ... te geraken. Spelers die zich hier niet aan houden worden gediskwalificeerd"; dpc-2019-en
    // 63 forbids only chips "out of view".
    #[test]
    fn a_detour_per_edition() {
        use OffenceOutcome::{
            Disqualification as D, Forfeit as F, NoOffence as N, PenaltyMay as M,
        };
        // (broken table, out of sight, in a house rack) -> per edition
        let rows = [
            (true, false, false, [D, D, M, M, M]),
            (false, false, false, [M, M, M, M, M]),
            (false, true, false, [D, D, F, F, F]),
            (false, true, true, [D, N, F, F, F]),
        ];
        for (broken, out, rack, want) in rows {
            for (edition, want) in EDITIONS.iter().zip(want) {
                let mut a = answers(Offence::Detour);
                a.broken_table = Some(broken);
                a.out_of_sight = Some(out);
                a.in_rack_or_bag = Some(rack);
                assert_eq!(
                    outcome(edition, a),
                    want,
                    "{broken} {out} {rack} in {edition}"
                );
            }
        }
        let mut a = answers(Offence::Detour);
        a.broken_table = Some(false);
        a.out_of_sight = Some(false);
        assert!(
            judged_in("tda-2019-sk", a)
                .notes
                .contains(&Note::DetourInSight)
        );
    }

    #[test]
    fn the_progression_is_strictly_heavier_and_capped() {
        let p = |e, r, max| propose(e, r, max).unwrap();
        assert_eq!(p(Earlier::None, None, None).kind, PenaltyKind::Warning);
        assert_eq!(p(Earlier::Warning, None, None).rounds, Some(1));
        assert_eq!(p(Earlier::MissedHands, None, None).rounds, Some(1));
        for r in 1..=10u64 {
            assert_eq!(p(Earlier::MissedRounds, Some(r), None).rounds, Some(r + 1));
        }
        for r in 1..4u64 {
            assert_eq!(
                p(Earlier::MissedRounds, Some(r), Some(4)).rounds,
                Some(r + 1)
            );
        }
        assert_eq!(
            p(Earlier::MissedRounds, Some(4), Some(4)).kind,
            PenaltyKind::Disqualification
        );
        for bad in [Some(0), Some(5)] {
            let e = propose(Earlier::MissedRounds, bad, Some(4)).unwrap_err();
            assert_eq!(e.input_key(), Some("earlier_rounds"));
        }
        let e = propose(Earlier::MissedRounds, Some(u64::MAX), None).unwrap_err();
        assert_eq!(e.input_key(), Some("earlier_rounds"));
    }

    // onk-2023-nl 71: "één hand missen, vermenigvuldigd met het aantal spelers aan tafel ...
    // vermenigvuldigd met het aantal rondes": after a warning, one round at nine players.
    #[test]
    fn a_second_offence_is_one_round_counted_as_penalty_counts_it() {
        for edition in EDITIONS {
            for players in 2..=10u8 {
                let mut a = answers(Offence::OutOfTurn);
                a.earlier = Some(Earlier::Warning);
                a.players_at_table = Some(players);
                let d = rule_in::<OffencePenalty>(edition, a).unwrap();
                let direct = rule_in::<super::super::penalty::Penalty>(
                    edition,
                    super::super::penalty::Answers {
                        kind: PenaltyKind::MissedRounds,
                        players_at_table: Some(players),
                        rounds: Some(1),
                        hands: None,
                    },
                )
                .unwrap();
                assert_eq!(d.amounts.hands_missed, Some(direct.amounts.hands_missed));
                assert_eq!(d.amounts.rounds, Some(1));
            }
        }
    }
}
