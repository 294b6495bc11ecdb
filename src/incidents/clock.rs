//! Calling the clock (incident `clock`): how long a player on the clock has,
//! and what happens when the time runs out.
//!
//! Concept `calling-clock`: TDA 2019 rule 29, TDA 2015 rule 27. The time
//! and the expiry outcomes are edition parameters; this module applies them.

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::rules::concepts::{self as c, Cite, ConceptId};

/// The `clock` incident.
pub struct Clock;

/// The answers of `clock`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The player faces a bet.
    pub facing_bet: bool,
}

/// The amounts of `clock` (in seconds, not chips).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The time in all, countdown included.
    pub seconds: u64,
    /// The final part counted down aloud.
    pub countdown: u64,
}

/// What the JSON of `clock` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The time before the countdown.
    pub base_seconds: u64,
    /// The clock is tied to the player.
    pub tie_to_player: bool,
}

impl Incident for Clock {
    const ID: &'static str = "clock";
    type Answers = Answers;
    type Outcome = ClockExpiry;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = crate::engine::notes::NoNote;
    const QUOTES: &'static [&'static str] = &[AT_SEAT];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<Clock>, Error> {
        let p = &mut cx.params;
        let params = ClockParams {
            seconds: u64::from(p.clock_seconds().get()),
            countdown: u64::from(p.clock_countdown().get()),
            expiry_facing_bet: p.clock_expiry_facing_bet(),
            expiry_not_facing_bet: p.clock_expiry_not_facing_bet(),
            tie_to_player: p.clock_tie_to_player().unwrap_or(false),
        };
        let r = clock(a.facing_bet, &params)?;
        // The caller's seat is cited where the edition states it: the
        // clock rule, or its at-your-seat rule (pokerpunt-nl 30,
        // tda-2015-de 29).
        let cites: Vec<Cite> = r
            .concepts
            .iter()
            .map(|&concept| concept.into())
            .chain([c::CALLING_CLOCK.stating(AT_SEAT)])
            .collect();
        let mut d = Decision::<Clock>::new(r.outcome, cites);
        d.amounts = Amounts {
            seconds: r.seconds,
            countdown: r.countdown,
        };
        d.extra = Extra {
            base_seconds: r.base_seconds,
            tie_to_player: r.tie_to_player,
        };
        // The card says what the JSON says: an action as time runs out
        // counts where the edition says so.
        if r.tie_to_player {
            d.remedy_variant = Some("tie");
        }
        Ok(d)
    }
}

pub use crate::rules::vocab::ClockExpiry;

/// The provision that a player calls the clock from his seat.
const AT_SEAT: &str = "clock-at-seat";

/// An edition's clock: total time, countdown and expiry outcomes.
///
/// Editions (rule 29; tda-2015-de rule 27):
/// | edition | text | `seconds` | `countdown` | facing a bet | not facing | tie to player |
/// |---|---|---|---|---|---|---|
/// | onk-2023-nl | 25 s, then counted down from 5 to 0 ("deze halve minuut") | 30 | 5 | dead hand | check | not stated |
/// | pokerpunt-nl | 30 s, the last five counted down | 30 | 5 | dead hand | check | yes ("precies 0 seconden ... in het voordeel") |
/// | tda-2015-de | up to 50 s, then a 10 s countdown | 60 | 10 | dead hand | dead hand ("automatisch tot") | yes ("letzten Sekunde ... akzeptiert") |
/// | tda-2019-sk | 30 s, the last 5 counted aloud | 30 | 5 | dead hand | check | not stated |
/// | dpc-2019-en | 25 s plus a 5 s countdown | 30 | 5 | dead hand | check | yes ("A tie goes to the player") |
///
/// "25 s plus a 5 s countdown" and "30 s, the last 5 counted down" are the
/// same clock: both are stored as `seconds` 30, `countdown` 5, so they
/// compare equal. Every edition lets the TD change the time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClockParams {
    /// The whole time once the clock is put on, countdown included.
    pub seconds: u64,
    /// The final part of `seconds` that is counted down aloud.
    pub countdown: u64,
    /// The outcome when time runs out and the player faces a bet.
    pub expiry_facing_bet: ClockExpiry,
    /// The outcome when time runs out and the player faces no bet.
    pub expiry_not_facing_bet: ClockExpiry,
    /// Whether an action exactly as time runs out counts ("a tie goes to
    /// the player").
    pub tie_to_player: bool,
}

impl ClockParams {
    /// A clock written as a total with its last part counted down ("30
    /// seconds, the last 5 counted down"); expiry outcomes default to the
    /// TDA 2019 ones (dead hand facing a bet, check otherwise), no tie rule.
    pub fn total_with_countdown(seconds: u64, countdown: u64) -> Result<Self, Error> {
        let params = ClockParams {
            seconds,
            countdown,
            expiry_facing_bet: ClockExpiry::DeadHand,
            expiry_not_facing_bet: ClockExpiry::Check,
            tie_to_player: false,
        };
        params.validate()?;
        Ok(params)
    }

    /// A clock written as a base time plus a countdown ("25 seconds plus a
    /// 5 second countdown"); otherwise as [`ClockParams::total_with_countdown`].
    pub fn base_plus_countdown(base: u64, countdown: u64) -> Result<Self, Error> {
        let seconds = crate::poker::add(base, countdown, "clock_seconds")
            .map_err(|m| Error::input("clock_seconds", m))?;
        Self::total_with_countdown(seconds, countdown)
    }

    /// The time before the countdown starts: `seconds - countdown`, for
    /// showing the clock as "base + countdown". Zero if the parameters are
    /// inconsistent (see [`ClockParams::validate`]).
    pub fn base_seconds(&self) -> u64 {
        self.seconds.saturating_sub(self.countdown)
    }

    /// Checks the parameters: some time at all, and a countdown no longer
    /// than the whole time.
    pub fn validate(&self) -> Result<(), Error> {
        if self.seconds == 0 {
            return Err(Error::input(
                "clock_seconds",
                Message::new(Msg::ClockNoTime),
            ));
        }
        if self.countdown > self.seconds {
            return Err(Error::input(
                "clock_countdown",
                Message::new(Msg::ClockCountdownTooLong)
                    .arg("countdown", self.countdown)
                    .arg("seconds", self.seconds),
            ));
        }
        Ok(())
    }
}

/// The ruling of a clock call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockRuling {
    /// What happens if the player does not act in time.
    pub outcome: ClockExpiry,
    /// Total time once the clock is put on, countdown included (amount
    /// `seconds`).
    pub seconds: u64,
    /// The counted-down final part (amount `countdown`).
    pub countdown: u64,
    /// The time before the countdown: `seconds - countdown`.
    pub base_seconds: u64,
    /// Whether an action exactly at expiry still counts.
    pub tie_to_player: bool,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

/// The clock ruling for a player put on the clock (concept `calling-clock`).
///
/// Formula: `seconds` and `countdown` come from the edition; the outcome on
/// expiry is `expiry_facing_bet` if the player faces a bet, else
/// `expiry_not_facing_bet` (see the edition table at [`ClockParams`]:
/// tda-2015-de kills the hand in both cases).
///
/// Errors: inconsistent parameters (`clock_seconds`, `clock_countdown`).
///
/// ```
/// use floor::incidents::clock::{clock, ClockExpiry, ClockParams};
/// // dpc-2019-en rule 29: "up to 25 seconds plus a 5 second countdown".
/// let dpc = ClockParams { tie_to_player: true, ..ClockParams::base_plus_countdown(25, 5).unwrap() };
/// let ruling = clock(true, &dpc).unwrap();
/// assert_eq!((ruling.outcome, ruling.seconds, ruling.countdown), (ClockExpiry::DeadHand, 30, 5));
/// assert_eq!(clock(false, &dpc).unwrap().outcome, ClockExpiry::Check);
/// ```
pub fn clock(facing_bet: bool, params: &ClockParams) -> Result<ClockRuling, Error> {
    params.validate()?;
    let outcome = if facing_bet {
        params.expiry_facing_bet
    } else {
        params.expiry_not_facing_bet
    };
    Ok(ClockRuling {
        outcome,
        seconds: params.seconds,
        countdown: params.countdown,
        base_seconds: params.base_seconds(),
        tie_to_player: params.tie_to_player,
        concepts: vec![c::CALLING_CLOCK],
    })
}

/// Whether the clock has expired for an action taken `elapsed` seconds
/// after the clock was put on: later than `seconds` is too late; exactly at
/// `seconds` counts only where a tie goes to the player.
///
/// ```
/// use floor::incidents::clock::{time_expired, ClockParams};
/// let sk = ClockParams::total_with_countdown(30, 5).unwrap();
/// assert!(!time_expired(29, &sk).unwrap());
/// assert!(time_expired(30, &sk).unwrap()); // no tie rule stated
/// ```
pub fn time_expired(elapsed: u64, params: &ClockParams) -> Result<bool, Error> {
    params.validate()?;
    Ok(elapsed > params.seconds || (elapsed == params.seconds && !params.tie_to_player))
}

impl crate::engine::Outcome for ClockExpiry {
    fn cites(self) -> &'static [crate::rules::concepts::ConceptId] {
        use crate::rules::concepts as c;
        match self {
            ClockExpiry::DeadHand => &[c::CALLING_CLOCK],
            ClockExpiry::Check => &[c::CALLING_CLOCK],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_tie(params: ClockParams) -> ClockParams {
        ClockParams {
            tie_to_player: true,
            ..params
        }
    }

    // onk-2023-nl rule 29: "25 seconden de tijd om een actie te maken, hierna wordt van 5 naar 0
    // afgeteld. Indien binnen deze halve minuut geen actie is gemaakt wordt de hand bij een
    // voorgaande bet/raise dood verklaard, in andere gevallen als Check verklaard."
    #[test]
    fn onk_2023_nl_r29_25_plus_5_dead_facing_bet_else_check() {
        let onk = ClockParams::base_plus_countdown(25, 5).unwrap();
        let facing = clock(true, &onk).unwrap();
        assert_eq!(facing.outcome, ClockExpiry::DeadHand);
        assert_eq!(
            (facing.seconds, facing.countdown, facing.base_seconds),
            (30, 5, 25)
        );
        assert_eq!(clock(false, &onk).unwrap().outcome, ClockExpiry::Check);
        assert_eq!(facing.concepts, vec![c::CALLING_CLOCK]);
    }

    // "A tie goes to the player" (dpc-2019-en), "Is er gehandeld op precies
    // 0 seconden dan is de speler in het voordeel" (pokerpunt-nl), "Eine
    // Aktion in der letzten Sekunde des Countdowns wird akzeptiert"
    // (tda-2015-de): the card says so; onk-2023-nl and tda-2019-sk do not.
    #[test]
    fn the_card_says_an_action_at_zero_counts_where_the_edition_does() {
        for (edition, tie) in [
            ("dpc-2019-en", true),
            ("pokerpunt-nl", true),
            ("tda-2015-de", true),
            ("onk-2023-nl", false),
            ("tda-2019-sk", false),
        ] {
            for facing_bet in [true, false] {
                let d = super::super::rule_in::<Clock>(edition, Answers { facing_bet }).unwrap();
                assert_eq!(d.remedy_variant == Some("tie"), tie, "{edition}");
                assert_eq!(d.extra.tie_to_player, tie, "{edition}");
            }
        }
    }

    // pokerpunt-nl rule 29: "30 seconden de tijd om te handelen. De laatste vijf seconden zal er
    // een countdown zijn. ... tegen een geplaatste bet dan is de hand dood ... Als er geen bet is
    // geplaatst dan is er gechecked. Is er gehandeld op precies 0 seconden dan is de speler in
    // het voordeel."
    #[test]
    fn pokerpunt_nl_r29_30_with_last_5_counted_tie_to_player() {
        let pokerpunt = with_tie(ClockParams::total_with_countdown(30, 5).unwrap());
        let facing = clock(true, &pokerpunt).unwrap();
        assert_eq!(
            (facing.outcome, facing.seconds, facing.countdown),
            (ClockExpiry::DeadHand, 30, 5)
        );
        assert_eq!(facing.base_seconds, 25);
        assert_eq!(
            clock(false, &pokerpunt).unwrap().outcome,
            ClockExpiry::Check
        );
        assert!(!time_expired(30, &pokerpunt).unwrap());
        assert!(time_expired(31, &pokerpunt).unwrap());
    }

    // tda-2015-de rule 27: "noch bis zu 50 Sekunden Zeit ... gibt es einen 10-Sekunden Countdown.
    // Hat der Spieler nicht vor Ablauf des Countdowns agiert, ist seine Hand automatisch „tot“.
    // Eine Aktion in der letzten Sekunde des Countdowns wird akzeptiert."
    #[test]
    fn tda_2015_de_r27_50_plus_10_hand_dead_even_without_a_bet() {
        let de = ClockParams {
            expiry_not_facing_bet: ClockExpiry::DeadHand,
            tie_to_player: true,
            ..ClockParams::base_plus_countdown(50, 10).unwrap()
        };
        let facing = clock(true, &de).unwrap();
        assert_eq!(
            (facing.seconds, facing.countdown, facing.base_seconds),
            (60, 10, 50)
        );
        assert_eq!(facing.outcome, ClockExpiry::DeadHand);
        assert_eq!(clock(false, &de).unwrap().outcome, ClockExpiry::DeadHand);
        assert!(!time_expired(60, &de).unwrap());
    }

    // tda-2019-sk rule 29: "dostane na premýšľanie 30 sekúnd, z čoho posledných 5 sekúnd mu bude
    // odpočítaných nahlas. Ak sa hráč nevyjadrí a čelí stávke, jeho ruka je mŕtva, ak nečelí
    // stávke, jeho akcia je check."
    #[test]
    fn tda_2019_sk_r29_30_last_5_aloud_dead_facing_bet_else_check() {
        let sk = ClockParams::total_with_countdown(30, 5).unwrap();
        let facing = clock(true, &sk).unwrap();
        assert_eq!(
            (facing.outcome, facing.seconds, facing.countdown),
            (ClockExpiry::DeadHand, 30, 5)
        );
        assert_eq!(clock(false, &sk).unwrap().outcome, ClockExpiry::Check);
        // No tie rule stated: an action at exactly 30 s is late.
        assert!(time_expired(30, &sk).unwrap());
    }

    // dpc-2019-en rule 29 (printed 7): "up to 25 seconds plus a 5 second countdown to act. If the
    // player faces a bet and time expires, the hand is dead; if not facing a bet, the hand is
    // checked. A tie goes to the player."
    #[test]
    fn dpc_2019_en_r29_25_plus_5_tie_goes_to_player() {
        let dpc = with_tie(ClockParams::base_plus_countdown(25, 5).unwrap());
        let facing = clock(true, &dpc).unwrap();
        assert_eq!(
            (facing.outcome, facing.seconds, facing.countdown),
            (ClockExpiry::DeadHand, 30, 5)
        );
        assert_eq!(clock(false, &dpc).unwrap().outcome, ClockExpiry::Check);
        assert!(facing.tie_to_player);
        assert!(!time_expired(30, &dpc).unwrap());
    }

    #[test]
    fn base_plus_countdown_and_total_with_countdown_store_the_same_clock() {
        // SPEC 6: onk/dpc "25 s plus a 5 s countdown" == sk/pokerpunt "30 s, the last 5".
        assert_eq!(
            ClockParams::base_plus_countdown(25, 5).unwrap(),
            ClockParams::total_with_countdown(30, 5).unwrap()
        );
        assert_ne!(
            ClockParams::base_plus_countdown(50, 10).unwrap(),
            ClockParams::total_with_countdown(50, 10).unwrap()
        );
    }

    #[test]
    fn edge_cases_and_errors() {
        let zero = ClockParams::total_with_countdown(0, 0).unwrap_err();
        assert_eq!(zero.input_key(), Some("clock_seconds"));
        let long = ClockParams::total_with_countdown(5, 6).unwrap_err();
        assert_eq!(long.input_key(), Some("clock_countdown"));
        assert_eq!(
            ClockParams::base_plus_countdown(u64::MAX, 1)
                .unwrap_err()
                .input_key(),
            Some("clock_seconds")
        );
        // All countdown, no base: allowed.
        let all = ClockParams::total_with_countdown(10, 10).unwrap();
        assert_eq!(all.base_seconds(), 0);
        let max = ClockParams::base_plus_countdown(u64::MAX - 5, 5).unwrap();
        assert!(!time_expired(u64::MAX - 1, &max).unwrap());
        assert!(time_expired(u64::MAX, &max).unwrap());
        // Hand-built inconsistent parameters are refused by every entry point.
        let bad = ClockParams {
            countdown: 40,
            ..all
        };
        assert_eq!(bad.base_seconds(), 0);
        assert!(clock(true, &bad).is_err());
        assert!(time_expired(1, &bad).is_err());
    }
}
