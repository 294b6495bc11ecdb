//! Structured parameters: what a rule states as a number, threshold or list.
//!
//! Calculators read these from the edition in use, so a house that gives 50
//! seconds on the clock gets 50 seconds in the ruling. Keys are fixed: a
//! misspelt key in a data file is an error.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::calc::balance::FinalTablePolicy;
pub use crate::calc::betting::RaiseMethod;
pub use crate::calc::chip_race::{ChipRaceMethod, ChipRaceRounding};
pub use crate::calc::clock::ClockExpiry;
pub use crate::calc::dealing::{MisdealCondition, PrematureFlop, PrematureTurn};
pub use crate::calc::hand_for_hand::HandForHandPayout;
pub use crate::calc::penalty::{MissedRoundFormula, PenaltyKind};
pub use crate::calc::pots::OddChipRecipient;
pub use crate::calc::unclear::UnclearBetReading;
pub use crate::calc::undercall::UndercallPreflopOpener;

/// To what odd chips are first broken down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OddChipDenomination {
    /// The smallest denomination in play.
    Smallest,
}

macro_rules! params {
    ($( $(#[$doc:meta])* $name:ident : $ty:ty ),* $(,)?) => {
        /// The parameters a rule states. Every field is optional: a rule
        /// states only some, most rules none.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Params {
            $( $(#[$doc])* #[serde(default, skip_serializing_if = "Option::is_none")] pub $name: Option<$ty>, )*
        }

        impl Params {
            /// True when no parameter is set.
            pub fn is_empty(&self) -> bool {
                true $( && self.$name.is_none() )*
            }

            /// Overrides every parameter `other` sets (house overlays).
            pub fn merge(&mut self, other: &Params) {
                $( if other.$name.is_some() { self.$name = other.$name.clone(); } )*
            }

            /// The names of every parameter key, in declaration order.
            pub const KEYS: &'static [&'static str] = &[$( stringify!($name) ),*];
        }
    };
}

params! {
    /// Languages allowed at the table (ISO 639-1).
    languages: Vec<String>,
    /// Play halts on tables this many or more players short of the fullest.
    halt_threshold: u32,
    /// Total seconds on the clock, countdown included.
    clock_seconds: u32,
    /// The final seconds counted down aloud.
    clock_countdown: u32,
    /// What expiry means when facing a bet.
    clock_expiry_facing_bet: ClockExpiry,
    /// What expiry means when not facing a bet.
    clock_expiry_not_facing_bet: ClockExpiry,
    /// A tie goes to the player.
    clock_tie_to_player: bool,
    /// How a declared number with several readings is read.
    unclear_bet_reading: UnclearBetReading,
    /// The 50% raise standard, in percent.
    raise_standard_percent: u32,
    /// In limit, the share of a full bet or raise that reopens betting.
    limit_reopen_percent: u32,
    /// What counts as the pre-flop opening bet for undercalls.
    undercall_preflop_opener: UndercallPreflopOpener,
    /// How a missed-round penalty is counted.
    missed_round_formula: MissedRoundFormula,
    /// The enforcement options the rule names.
    penalty_kinds: Vec<PenaltyKind>,
    /// The most penalty rounds the edition allows.
    penalty_max_rounds: u64,
    /// A rebuy is allowed at or below this share of the starting stack.
    rebuy_threshold_percent: u32,
    /// Who receives the odd chip in board games.
    odd_chip_recipient: OddChipRecipient,
    /// To what odd chips are first broken down.
    odd_chip_denomination: OddChipDenomination,
    /// The misdeal causes the rule lists.
    misdeal_conditions: Vec<MisdealCondition>,
    /// Boxed cards on the initial deal that make a misdeal.
    misdeal_boxed_cards: u32,
    /// Other downcards exposed by dealer error that make a misdeal.
    misdeal_exposed_downcards: u32,
    /// Substantial action: this many actions, one putting chips in.
    sa_chip_actions: u32,
    /// Substantial action: this many actions of any kind.
    sa_any_actions: u32,
    /// The accepted methods of raising.
    raise_methods: Vec<RaiseMethod>,
    /// Minutes to dispute a pot awarded during a break.
    dispute_break_minutes: u32,
    /// The seat where the chip race starts.
    chip_race_start_seat: u32,
    /// The most chips one player can win in the race.
    chip_race_max_chips: u32,
    /// Whether leftover chips are raced or rounded up.
    chip_race_method: ChipRaceMethod,
    /// How the number of raced chips is rounded.
    chip_race_rounding: ChipRaceRounding,
    /// Minutes taken off the clock per hand-for-hand hand.
    hand_for_hand_minutes: u32,
    /// How players busted in the same hand-for-hand hand are paid.
    hand_for_hand_payout: HandForHandPayout,
    /// No dealer push within this many seconds of a break or level change.
    dealer_push_quiet_seconds: u32,
    /// Final-table sizes named.
    final_table_players: Vec<u32>,
    /// How the final table is formed.
    final_table_policy: FinalTablePolicy,
    /// What happens to a premature flop.
    premature_flop: PrematureFlop,
    /// What happens to a premature turn card.
    premature_turn: PrematureTurn,
    /// House note: a minimum raise is this multiple of the prior bet.
    min_raise_multiple: u32,
    /// Minimum age to play.
    minimum_age: u32,
    /// Maximum buy-in in euro.
    max_buy_in_eur: u32,
    /// Share of the buy-in kept by the club, percent.
    club_share_percent: u32,
    /// Minutes a player may be away from the pit before being removed.
    pit_absence_minutes: u32,
}

impl Params {
    /// Each set parameter as a JSON value, by key (for comparisons and output).
    pub fn to_map(&self) -> BTreeMap<String, serde_json::Value> {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) => map.into_iter().collect(),
            _ => BTreeMap::new(),
        }
    }
}
