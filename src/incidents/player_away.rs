//! A player away from the table (incident `player-away`).
//!
//! His table is broken while he is away: staff carry his chips to his new
//! table (onk-2023-nl RP-16, concept `absent-player-broken-table`: "moeten
//! zijn fiches naar de nieuwe tafel worden gebracht door een personeelslid";
//! the other editions have no such procedure, the card names it as TDA
//! practice). Wherever he sits, rule 30 (29 in tda-2015-de, `at-your-seat`)
//! applies: not at his seat when the last card of the initial deal is
//! dealt, his hand is killed and his posted blinds and antes go to the pot.
//!
//! Away for long: he stays in the event; tda-2015-de 66-A, tda-2019-sk and
//! dpc-2019-en 71-A add that players away may be blinded out (provision
//! `penalty-blinded-out`). onk-2023-nl MEC-4 lets the floor remove the stack
//! of a player out of the poker pit for 30 minutes ("heeft wel het recht
//! maar niet de plicht om na 30 minuten de stack uit het toernooi te
//! verwijderen"; parameter `pit_absence_minutes`), and he finishes in the
//! place he has when he is busted. "Na 30 minuten" is read as: once 30
//! minutes have passed.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::rules::concepts::{self as c, Cite};

/// The `player-away` incident.
pub struct PlayerAway;

/// What happened while he was away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum Away {
    /// His table was broken while he was away.
    TableBroken,
    /// He has been away from the table for long.
    AwayLong,
}

/// The answers of `player-away`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// What happened while he was away.
    pub situation: Away,
    /// He left the poker pit (asked where the edition sets a time limit).
    pub left_pit: Option<bool>,
    /// Minutes he has been out of the pit.
    pub minutes_away: Option<u64>,
}

/// The amounts of `player-away` (minutes, not chips).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The minutes out of the pit after which the floor may remove his stack.
    pub limit_minutes: Option<u64>,
}

crate::notes! {
    /// The notes of `player-away`.
    pub enum Note {
        /// Out of the pit for less than the edition's time: not yet.
        PitNotYet { limit_minutes: u64 } = "pit_not_yet",
    }
}

impl Incident for PlayerAway {
    const ID: &'static str = "player-away";
    type Answers = Answers;
    type Outcome = AwayOutcome;
    type Amounts = Amounts;
    type Extra = ();
    type Note = Note;
    const PROVISIONS: &'static [&'static str] = &["penalty-blinded-out"];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<PlayerAway>, Error> {
        let need = super::answer_needed;
        if a.situation == Away::TableBroken {
            return Ok(Decision::<PlayerAway>::plain(AwayOutcome::ChipsMoved));
        }
        let limit = cx.params.pit_absence_minutes().map(|m| u64::from(m.get()));
        let out_of_pit = match limit {
            Some(limit) if a.left_pit.ok_or_else(|| need("left_pit"))? => {
                Some((limit, a.minutes_away.ok_or_else(|| need("minutes_away"))?))
            }
            _ => None,
        };
        if let Some((limit, minutes)) = out_of_pit
            && minutes >= limit
        {
            let mut d = Decision::<PlayerAway>::new(AwayOutcome::MayRemove, [c::MEC_LEAVING_PIT]);
            d.decided_by = cx
                .concept_stating("pit_absence_minutes")
                .map(str::to_string);
            d.amounts.limit_minutes = Some(limit);
            return Ok(d);
        }
        let blinded_out = cx.states("penalty-blinded-out")?;
        let mut cites: Vec<Cite> = vec![c::AT_YOUR_SEAT.into()];
        if blinded_out {
            cites.push(c::PENALTIES.part("A"));
        }
        let mut d = Decision::<PlayerAway>::new(AwayOutcome::Blinded, cites);
        if let Some((limit, _)) = out_of_pit {
            d.decided_by = cx
                .concept_stating("pit_absence_minutes")
                .map(str::to_string);
            d.notes.push(Note::PitNotYet {
                limit_minutes: limit,
            });
        }
        if !blinded_out {
            d.remedy_variant = Some("no-blind-out");
        }
        Ok(d)
    }
}

crate::outcomes! {
    /// The outcome id of the `player-away` incident.
    pub enum AwayOutcome {
        /// Staff carry his chips to his new table.
        ChipsMoved => [ABSENT_PLAYER_BROKEN_TABLE, AT_YOUR_SEAT],
        /// Out of the pit past the edition's time: the floor may remove his
        /// stack.
        MayRemove => [MEC_LEAVING_PIT],
        /// He stays in: hands killed, blinds and antes posted while away.
        Blinded => [AT_YOUR_SEAT, PENALTIES, MEC_LEAVING_PIT],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::{EDITIONS, rule_in};

    fn away(left_pit: Option<bool>, minutes: Option<u64>) -> Answers {
        Answers {
            situation: Away::AwayLong,
            left_pit,
            minutes_away: minutes,
        }
    }

    // onk-2023-nl MEC-4: "na 30 minuten de stack uit het toernooi te verwijderen".
    #[test]
    fn out_of_the_pit_past_the_time_in_onk() {
        let rows = [
            (Some(true), Some(45), AwayOutcome::MayRemove),
            (Some(true), Some(30), AwayOutcome::MayRemove),
            (Some(true), Some(29), AwayOutcome::Blinded),
            (Some(false), None, AwayOutcome::Blinded),
        ];
        for (left, minutes, want) in rows {
            let d = rule_in::<PlayerAway>("onk-2023-nl", away(left, minutes)).unwrap();
            assert_eq!(d.outcome, want, "{left:?} {minutes:?}");
            if want == AwayOutcome::MayRemove {
                assert_eq!(d.amounts.limit_minutes, Some(30));
            }
        }
        let e = rule_in::<PlayerAway>("onk-2023-nl", away(None, None)).unwrap_err();
        assert_eq!(e.input_key(), Some("left_pit"));
    }

    // No other edition has a time limit: whatever the pit, he stays in; tda-2015-de 66-A "können
    // durch die weiterlaufenden Blinds und Antes aus dem Turnier ausscheiden".
    #[test]
    fn elsewhere_he_is_blinded_and_the_blind_out_is_said_where_stated() {
        for (edition, stated) in EDITIONS.iter().zip([false, false, true, true, true]) {
            let d = rule_in::<PlayerAway>(edition, away(Some(true), Some(600))).unwrap();
            if *edition == "onk-2023-nl" {
                assert_eq!(d.outcome, AwayOutcome::MayRemove);
                continue;
            }
            assert_eq!(d.outcome, AwayOutcome::Blinded, "{edition}");
            assert_eq!(d.remedy_variant.is_none(), stated, "{edition}");
            assert_eq!(d.cites.len(), if stated { 2 } else { 1 }, "{edition}");
        }
    }

    #[test]
    fn a_broken_table_moves_his_chips_everywhere() {
        for edition in EDITIONS {
            let a = Answers {
                situation: Away::TableBroken,
                left_pit: None,
                minutes_away: None,
            };
            assert_eq!(
                rule_in::<PlayerAway>(edition, a).unwrap().outcome,
                AwayOutcome::ChipsMoved
            );
        }
    }
}
