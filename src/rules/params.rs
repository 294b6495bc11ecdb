//! Structured parameters: what a rule states as a number, threshold or list.
//!
//! Every parameter is declared once below, with its type, the range a value
//! may take (counts are [`Count`]s: a value outside the range is refused
//! while the file is parsed, so the error carries file, line and column) and
//! the TDA practice that applies where an edition states nothing, the
//! concept of the rule that states it, and `ruled` when a ruling reads it.
//! Rulings read parameters only through [`Resolved`], which has an accessor
//! for the `ruled` ones alone and returns the edition's value or the TDA
//! practice, recording a [`Fallback`] for the card — the one place such a
//! note is made. [`READ_BY_RULINGS`] is made from the same declarations.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use super::vocab::*;
use crate::message::{Message, Msg};
pub use crate::poker::PreflopOpener;
pub use crate::poker::pots::AnteOrder;

/// The value of parameter `key` as the rulings read it: two wordings a
/// ruling reads alike (saying which it read) are one value here, so that
/// `floor compare` weighs no change of ruling where the ruling makes none.
pub fn as_ruled(key: &str, value: serde_json::Value) -> serde_json::Value {
    match key {
        "limit_cap_lifted" => serde_json::from_value::<CapLifted>(value.clone())
            .ok()
            .and_then(|v| serde_json::to_value(v.as_ruled()).ok())
            .unwrap_or(value),
        _ => value,
    }
}

/// To what odd chips are first broken down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OddChipDenomination {
    /// The smallest denomination in play.
    Smallest,
}

/// A count (seconds, players, percent, cards...) between `MIN` and `MAX`
/// inclusive. Deserializing a value outside the range fails with the range
/// in the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Count<const MIN: u32, const MAX: u32>(u32);

impl<const MIN: u32, const MAX: u32> Count<MIN, MAX> {
    /// The count, if `value` is in range.
    pub const fn new(value: u32) -> Option<Self> {
        if value >= MIN && value <= MAX {
            Some(Count(value))
        } else {
            None
        }
    }

    /// The value.
    pub const fn get(self) -> u32 {
        self.0
    }

    /// A declared default: brought into range (a test checks that every
    /// declared default already is).
    const fn of(value: u32) -> Self {
        if value < MIN {
            Count(MIN)
        } else if value > MAX {
            Count(MAX)
        } else {
            Count(value)
        }
    }
}

impl<const MIN: u32, const MAX: u32> fmt::Display for Count<MIN, MAX> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<const MIN: u32, const MAX: u32> Serialize for Count<MIN, MAX> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.0)
    }
}

impl<'de, const MIN: u32, const MAX: u32> Deserialize<'de> for Count<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // The check runs inside the visitor, so the parser's error carries
        // the position of the value itself.
        struct InRange<const MIN: u32, const MAX: u32>;
        impl<'de, const MIN: u32, const MAX: u32> serde::de::Visitor<'de> for InRange<MIN, MAX> {
            type Value = Count<MIN, MAX>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a whole number from {MIN} to {MAX}")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
                u32::try_from(v)
                    .ok()
                    .and_then(Count::new)
                    .ok_or_else(|| out_of_range::<E>(v, MIN, MAX))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
                match u64::try_from(v) {
                    Ok(v) => self.visit_u64(v),
                    Err(_) => Err(out_of_range(v, MIN, MAX)),
                }
            }
            fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
                Err(not_a_count(Msg::KindNumber, MIN, MAX))
            }
            fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
                Err(not_a_count(Msg::KindYesNo, MIN, MAX))
            }
            fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
                Err(not_a_count(Msg::KindText, MIN, MAX))
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
                Err(not_a_count(Msg::KindEmpty, MIN, MAX))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                _: A,
            ) -> Result<Self::Value, A::Error> {
                Err(not_a_count(Msg::KindList, MIN, MAX))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                _: A,
            ) -> Result<Self::Value, A::Error> {
                Err(not_a_count(Msg::KindMap, MIN, MAX))
            }
        }
        // Any kind of value is taken to the visitor, so a word where the
        // number belongs is refused with the range, not the parser's type.
        d.deserialize_any(InRange::<MIN, MAX>)
    }
}

/// Finding the ids a type's values can take from its `Deserialize`
/// implementation (the derive names every variant when it asks for an
/// enum), so the list is never written twice.
mod probe {
    use serde::Deserialize;
    use serde::de::{self, DeserializeSeed, SeqAccess, Visitor};

    const YES_NO: &[&str] = &["true", "false"];

    /// The ids a `T` can be, or those of its items for a list.
    pub fn choices<'de, T: Deserialize<'de>>() -> Option<&'static [&'static str]> {
        let mut probe = Probe(None);
        // Always an error: the probe only listens.
        let _ = T::deserialize(&mut probe);
        probe.0
    }

    struct Probe(Option<&'static [&'static str]>);

    #[derive(Debug)]
    struct Stop;

    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("probe")
        }
    }

    impl std::error::Error for Stop {}

    impl de::Error for Stop {
        fn custom<M: std::fmt::Display>(_: M) -> Self {
            Stop
        }
    }

    impl<'de> de::Deserializer<'de> for &mut Probe {
        type Error = Stop;

        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            Err(Stop)
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            _: &'static str,
            variants: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            self.0 = Some(variants);
            Err(Stop)
        }

        fn deserialize_bool<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
            self.0 = Some(YES_NO);
            Err(Stop)
        }

        fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
            visitor.visit_seq(Items(self))
        }

        serde::forward_to_deserialize_any! {
            i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct tuple
            tuple_struct map struct identifier ignored_any
        }
    }

    /// A list whose first item is probed.
    struct Items<'a>(&'a mut Probe);

    impl<'de> SeqAccess<'de> for Items<'_> {
        type Error = Stop;

        fn next_element_seed<T: DeserializeSeed<'de>>(
            &mut self,
            seed: T,
        ) -> Result<Option<T::Value>, Stop> {
            seed.deserialize(&mut *self.0).map(Some)
        }
    }
}

/// A value of another kind where a count belongs: the kind found, and the
/// range wanted.
fn not_a_count<E: serde::de::Error>(found: Msg, lo: u32, hi: u32) -> E {
    crate::yaml::custom_error(
        Message::new(Msg::YamlInvalidType)
            .nested("found", Message::new(found))
            .nested(
                "expected",
                Message::new(Msg::KindRange).arg("lo", lo).arg("hi", hi),
            ),
    )
}

/// A count outside its range, with the range.
fn out_of_range<E: serde::de::Error>(value: impl fmt::Display, lo: u32, hi: u32) -> E {
    crate::yaml::custom_error(
        Message::new(Msg::ParamOutOfRange)
            .arg("value", value)
            .arg("lo", lo)
            .arg("hi", hi),
    )
}

/// Seconds on the clock.
pub type Seconds = Count<1, 600>;
/// A share in percent that must be more than nothing.
pub type Percent = Count<1, 100>;
/// A share in percent.
pub type Share = Count<0, 100>;

macro_rules! params {
    ($( $(#[$doc:meta])* $name:ident in $home:literal $($ruled:ident $(($decides:ident))?)? : $ty:ty $(= $default:expr)? ;)*) => {
        /// The parameters a rule states. Every field is optional: a rule
        /// states only some, most rules none.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct Params {
            $( $(#[$doc])* #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "crate::yaml::given")] pub $name: Option<$ty>, )*
        }

        impl Params {
            /// True when no parameter is set.
            pub fn is_empty(&self) -> bool {
                true $( && self.$name.is_none() )*
            }

            /// These parameters with `key` as `other` has it (set or not).
            pub fn with_from(&self, key: &str, other: &Params) -> Params {
                let mut out = self.clone();
                match key {
                    $( stringify!($name) => out.$name = other.$name.clone(), )*
                    _ => {}
                }
                out
            }

            /// Overrides every parameter `other` sets (house overlays).
            pub fn merge(&mut self, other: &Params) {
                $( if other.$name.is_some() { self.$name = other.$name.clone(); } )*
            }

            /// The names of every parameter key, in declaration order.
            pub const KEYS: &'static [&'static str] = &[$( stringify!($name) ),*];

            /// The concept of the rule that states parameter `key`: a
            /// parameter on another rule is misplaced data (a house rule
            /// may set the parameters of the topics it touches).
            pub fn home(key: &str) -> Option<&'static str> {
                match key {
                    $( stringify!($name) => Some($home), )*
                    _ => None,
                }
            }

            /// The values parameter `key` can take where they are ids
            /// (an enum, a list of one, yes/no), as the data files write
            /// them; `None` for numbers and free text.
            pub fn choices(key: &str) -> Option<&'static [&'static str]> {
                match key {
                    $( stringify!($name) => probe::choices::<$ty>(), )*
                    _ => None,
                }
            }

            /// The value of parameter `key` as the data files write it:
            /// the one stated, else the TDA practice; `None` for an unknown
            /// key or one without either. Nothing is noted (for deciding
            /// which questions an edition needs, not for ruling).
            pub fn value_or_tda(&self, key: &str) -> Option<serde_json::Value> {
                match key {
                    $( stringify!($name) => match &self.$name {
                        Some(v) => serde_json::to_value(v).ok(),
                        None => params!(@tda_json $name $(= $default)?),
                    }, )*
                    _ => None,
                }
            }

            /// Whether the ruling that reads parameter `key` decides only
            /// what the staff does (declared `ruled(duty)`: how the final
            /// table is formed, where a new player may be seated): a difference in it is a duty, no change of
            /// ruling.
            pub fn decides_duty(key: &str) -> bool {
                match key {
                    $( stringify!($name) => params!(@duty $($($decides)?)?), )*
                    _ => false,
                }
            }

            /// The keys this set states.
            pub fn stated(&self) -> Vec<&'static str> {
                let mut out = Vec::new();
                $( if self.$name.is_some() { out.push(stringify!($name)); } )*
                out
            }
        }

        /// The TDA practice per parameter, where the TDA states one.
        pub mod tda {
            #[allow(unused_imports)]
            use super::*;
            $( params!(@default $name : $ty $(= $default)?); )*
        }

        /// The parameters a ruling reads (declared `ruled`): a difference
        /// in one of these changes a ruling. Only these can be read through
        /// [`Resolved`]; a test checks that each is read.
        pub const READ_BY_RULINGS: &[&str] = {
            const DECLARED: &[(&str, bool)] = &[$( (stringify!($name), params!(@ruled $($ruled)?)) ),*];
            const COUNT: usize = {
                let (mut n, mut i) = (0, 0);
                while i < DECLARED.len() {
                    if DECLARED[i].1 {
                        n += 1;
                    }
                    i += 1;
                }
                n
            };
            const LIST: [&str; COUNT] = {
                let (mut out, mut n, mut i) = ([""; COUNT], 0, 0);
                while i < DECLARED.len() {
                    if DECLARED[i].1 {
                        out[n] = DECLARED[i].0;
                        n += 1;
                    }
                    i += 1;
                }
                out
            };
            &LIST
        };

        impl Resolved<'_> {
            $( params!(@get $($ruled)? $(#[$doc])* $name : $ty $(= $default)?); )*
        }
    };
    (@duty duty) => { true };
    (@duty) => { false };
    (@ruled ruled) => { true };
    (@ruled) => { false };
    (@default $name:ident : $ty:ty = $default:expr) => {
        /// The TDA practice.
        pub fn $name() -> $ty { $default }
    };
    (@default $name:ident : $ty:ty) => {};
    (@tda_json $name:ident = $default:expr) => { serde_json::to_value(tda::$name()).ok() };
    (@tda_json $name:ident) => { None };
    (@get ruled $(#[$doc:meta])* $name:ident : $ty:ty = $default:expr) => {
        $(#[$doc])*
        ///
        /// The edition's value, or the TDA practice (noted on the ruling).
        pub fn $name(&mut self) -> $ty {
            match &self.params.$name {
                Some(v) => v.clone(),
                None => {
                    let v = tda::$name();
                    self.fall_back(stringify!($name), &v);
                    v
                }
            }
        }
    };
    (@get ruled $(#[$doc:meta])* $name:ident : $ty:ty) => {
        $(#[$doc])*
        ///
        /// The edition's value; the TDA states none.
        pub fn $name(&self) -> Option<$ty> {
            self.params.$name.clone()
        }
    };
    // A parameter no ruling reads has no accessor: reading it is a
    // compile error, not a silent change of what compare stars.
    (@get $(#[$doc:meta])* $name:ident : $ty:ty $(= $default:expr)?) => {};
}

params! {
    /// Languages allowed at the table (ISO 639-1).
    languages in "official-language" ruled(duty): Vec<String>;
    /// Play halts on tables this many or more players short of the fullest.
    halt_threshold in "balancing-tables" ruled: Count<2, 9> = Count::of(3);
    /// Total seconds on the clock, countdown included.
    clock_seconds in "calling-clock" ruled: Seconds = Count::of(30);
    /// The final seconds counted down aloud.
    clock_countdown in "calling-clock" ruled: Count<0, 60> = Count::of(5);
    /// What expiry means when facing a bet.
    clock_expiry_facing_bet in "calling-clock" ruled: ClockExpiry = ClockExpiry::DeadHand;
    /// What expiry means when not facing a bet.
    clock_expiry_not_facing_bet in "calling-clock" ruled: ClockExpiry = ClockExpiry::Check;
    /// An action exactly as time runs out counts.
    clock_tie_to_player in "calling-clock" ruled: bool;
    /// How a declared number with several readings is read.
    unclear_bet_reading in "unclear-bets" ruled: UnclearBetReading = UnclearBetReading::AtMostPot;
    /// The 50% raise standard, in percent.
    raise_standard_percent in "raise-amounts" ruled: Percent = Count::of(50);
    /// In limit, the share of a full bet or raise that reopens betting.
    limit_reopen_percent in "reopening-betting" ruled: Percent = Count::of(50);
    /// In limit, the raises allowed after the bet in one betting round. No
    /// rulebook gives the number (it is the house's); a bet and three raises
    /// is the usual practice.
    limit_raise_cap in "number-of-raises" ruled: Count<1, 10> = Count::of(3);
    /// In limit, when the cap on raises no longer holds: TDA 48 keeps it in
    /// a heads-up pot until the event is down to two players.
    limit_cap_lifted in "number-of-raises" ruled: CapLifted = CapLifted::EventHeadsUp;
    /// What counts as the pre-flop opening bet for undercalls.
    undercall_preflop_opener in "binding-declarations-undercalls" ruled: PreflopOpener = PreflopOpener::BigBlind;
    /// A precise count of an all-in is asked only in turn. No TDA default:
    /// an edition that names only the all-in sets no turn condition. It
    /// rules when a player may have the count, as its provision
    /// (`count-in-turn`) is a duty: no outcome of the hand changes.
    count_request_in_turn in "chip-count" ruled(duty): bool;
    /// How two or more undercalls in a row are handled.
    undercall_sequence in "binding-declarations-undercalls" ruled: UndercallSequenceRule = UndercallSequenceRule::BackToFirst;
    /// How a missed-round penalty is counted.
    missed_round_formula in "penalties" ruled: MissedRoundFormula = MissedRoundFormula::PlayersTimesRounds;
    /// The enforcement options the rule names.
    penalty_kinds in "penalties" ruled: Vec<PenaltyKind> = PenaltyKind::ALL.to_vec();
    /// The most penalty rounds the edition allows.
    penalty_max_rounds in "penalties" ruled: Count<1, 100>;
    /// A rebuy is allowed at or below this share of the starting stack.
    rebuy_threshold_percent in "rebuys" ruled: Share;
    /// Who receives the odd chip in board games.
    odd_chip_recipient in "odd-chips" ruled: OddChipRecipient = OddChipRecipient::FirstLeftOfButton;
    /// To what odd chips are first broken down.
    odd_chip_denomination in "odd-chips": OddChipDenomination;
    /// Where the odd chip of a high-low pot goes.
    hi_lo_odd_chip in "odd-chips" ruled: HiLoOddChip = HiLoOddChip::HighHalf;
    /// How a pot is split when identical hands win high and low.
    hi_lo_identical in "odd-chips" ruled: HiLoIdentical = HiLoIdentical::EvenSplit;
    /// Who receives the odd chip of a stud split.
    stud_odd_chip in "odd-chips" ruled: StudOddChip = StudOddChip::HighCardBySuit;
    /// Who brings in on third street in stud. No rulebook states it in
    /// force (the house may): the common stud practice.
    stud_bring_in in "stud-procedures" ruled: StudBringIn = StudBringIn::LowCardBySuit;
    /// The misdeal causes the rule lists.
    misdeal_conditions in "misdeals" ruled: Vec<MisdealCondition> = MisdealCondition::TDA.to_vec();
    /// Boxed cards on the initial deal that make a misdeal.
    misdeal_boxed_cards in "misdeals" ruled: Count<1, 52> = Count::of(2);
    /// Other downcards exposed by dealer error that make a misdeal.
    misdeal_exposed_downcards in "misdeals" ruled: Count<1, 52> = Count::of(2);
    /// What a fouled deck does to the hand.
    fouled_deck in "misdeals" ruled: FouledDeck = FouledDeck::StopPlayReturnBets;
    /// Substantial action: this many actions, one putting chips in.
    sa_chip_actions in "substantial-action" ruled: Count<1, 10> = Count::of(2);
    /// Substantial action: this many actions of any kind.
    sa_any_actions in "substantial-action" ruled: Count<1, 10> = Count::of(3);
    /// The accepted methods of raising.
    raise_methods in "methods-of-raising" ruled: Vec<RaiseMethod> = vec![RaiseMethod::OneMotion, RaiseMethod::VerbalAmount];
    /// A call made before the amount was known may be held to any amount.
    premature_call in "conditional-declarations" ruled: PrematureCall = PrematureCall::AnyAmount;
    /// Until when a pot-limit bet made too low on a wrong count is corrected.
    pot_limit_underbet_window in "incorrect-bets" ruled: PotLimitUnderbetWindow = PotLimitUnderbetWindow::UntilSubstantialAction;
    /// Minutes to dispute a pot awarded during a break.
    dispute_break_minutes in "disputed-pots" ruled: Count<0, 1440> = Count::of(1);
    /// Until when an accounting error in awarding the pot can be disputed.
    dispute_accounting_window in "disputed-pots" ruled: DisputeAccountingWindow = DisputeAccountingWindow::UntilSubstantialAction;
    /// The seat where the chip race starts.
    chip_race_start_seat in "chip-race" ruled: Count<1, 10> = Count::of(1);
    /// The most chips one player can win in the race.
    chip_race_max_chips in "chip-race" ruled: Count<1, 10> = Count::of(1);
    /// Whether leftover chips are raced or rounded up.
    chip_race_method in "chip-race" ruled: ChipRaceMethod = ChipRaceMethod::Race;
    /// How the number of raced chips is rounded.
    chip_race_rounding in "chip-race" ruled: ChipRaceRounding = ChipRaceRounding::Nearest;
    /// Minutes taken off the clock per hand-for-hand hand.
    hand_for_hand_minutes in "hand-for-hand": Count<0, 60> = Count::of(2);
    /// How players busted in the same hand-for-hand hand are paid.
    hand_for_hand_payout in "hand-for-hand" ruled: HandForHandPayout = HandForHandPayout::SharePlaces;
    /// No dealer push within this many seconds of a break or level change.
    dealer_push_quiet_seconds in "dealer-push-timing": Count<0, 3600>;
    /// Final-table sizes named.
    final_table_players in "final-table-size": Vec<Count<2, 10>>;
    /// How the final table is formed.
    final_table_policy in "final-table-size" ruled(duty): FinalTablePolicy = FinalTablePolicy::CombineTwoTables;
    /// What happens to a premature flop.
    premature_flop in "premature-cards" ruled: PrematureFlop = PrematureFlop::Redeal;
    /// What happens to a premature turn card.
    premature_turn in "premature-cards" ruled: PrematureTurn = PrematureTurn::RiverAsTurn;
    /// The four-card-flop rule itself states the premature-card procedure
    /// (flop, turn and river items), which governs over a recommended
    /// procedure that words it differently.
    premature_cards_in_rule in "four-card-flop" ruled: bool;
    /// A house note: a minimum raise is this multiple of the prior bet (a
    /// parameter of the raise amounts it changes).
    min_raise_multiple in "raise-amounts" ruled: Count<1, 10>;
    /// Minimum age to play.
    minimum_age in "club-minimum-age": Count<0, 99>;
    /// Maximum buy-in in euro.
    max_buy_in_eur in "club-buy-in": Count<0, 1_000_000>;
    /// Share of the buy-in kept by the club, percent.
    club_share_percent in "club-buy-in": Share;
    /// Minutes a player may be away from the pit before being removed.
    pit_absence_minutes in "mec-leaving-pit" ruled: Count<0, 1440>;
    /// A new player and the seat between the small blind and the button.
    /// The button-blinds ruling reads it for a note only: every value deals
    /// the same seats (where the staff seats a new player, a duty).
    new_player_between_sb_button in "alternates-late-registration" ruled(duty): NewPlayerBetweenSbButton = NewPlayerBetweenSbButton::DealtOut;
    /// What a big blind short for the big-blind ante and the blind posts first.
    bba_order in "no-ante-reduction" ruled: AnteOrder = AnteOrder::AnteFirst;
    /// The events that begin a hand (the new level applies from it on).
    hand_start_events in "new-hand-new-limits" ruled: Vec<HandStart> = vec![HandStart::Riffle, HandStart::Shuffler, HandStart::DealerPush];
    /// When a hand dealt from two decks begins.
    two_deck_hand_start in "new-hand-new-limits" ruled: TwoDeckStart;
    /// A hand dealt at the old level by mistake, after substantial action.
    old_level_after_sa in "new-hand-new-limits" ruled: OldLevelAfterSa = OldLevelAfterSa::Finish;
}

/// Parameters that mean something only under one value of another: (the
/// parameter, the one it depends on, that value). The seat a chip race
/// starts at and the most chips one player wins in it are stated only where
/// the chips are raced.
pub const ONLY_UNDER: &[(&str, &str, &str)] = &[
    ("chip_race_start_seat", "chip_race_method", "race"),
    ("chip_race_max_chips", "chip_race_method", "race"),
];

impl Params {
    /// Whether parameter `key` means nothing where the parameter it depends
    /// on ([`ONLY_UNDER`]) has the value `stated` gives it: another value
    /// than the one it needs (a seat to start a race where no race is run).
    pub fn moot(key: &str, stated: impl Fn(&str) -> Option<serde_json::Value>) -> bool {
        ONLY_UNDER
            .iter()
            .filter(|(param, _, _)| *param == key)
            .any(|(_, on, needs)| stated(on).is_some_and(|v| v.as_str() != Some(needs)))
    }

    /// Each set parameter as a JSON value, by key (for comparisons and output).
    pub fn to_map(&self) -> BTreeMap<String, serde_json::Value> {
        // Most rules state none: no JSON to build for them.
        if self.is_empty() {
            return BTreeMap::new();
        }
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) => map.into_iter().collect(),
            _ => BTreeMap::new(),
        }
    }
}

/// A parameter the edition in use does not state, and the TDA practice
/// applied instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fallback {
    /// The parameter key.
    pub param: &'static str,
    /// The value applied, as the data files write it (the card prints it
    /// in words).
    pub value: serde_json::Value,
}

/// The parameters of the edition in use as a ruling reads them. Reading a
/// parameter the edition does not state returns the TDA practice and
/// records a [`Fallback`].
#[derive(Debug)]
pub struct Resolved<'a> {
    params: &'a Params,
    fallbacks: Vec<Fallback>,
}

impl<'a> Resolved<'a> {
    /// Reads `params`.
    pub fn new(params: &'a Params) -> Resolved<'a> {
        Resolved {
            params,
            fallbacks: Vec::new(),
        }
    }

    /// The parameters as the edition states them.
    pub fn stated(&self) -> &'a Params {
        self.params
    }

    /// Whether the edition states `key`.
    pub fn states(&self, key: &str) -> bool {
        self.params.stated().contains(&key)
    }

    fn fall_back<T: Serialize>(&mut self, param: &'static str, value: &T) {
        if self.fallbacks.iter().any(|f| f.param == param) {
            return;
        }
        self.fallbacks.push(Fallback {
            param,
            value: serde_json::to_value(value).unwrap_or_default(),
        });
    }

    /// The parameters read that fell back to TDA practice, in reading order.
    pub fn fallbacks(&self) -> &[Fallback] {
        &self.fallbacks
    }

    /// Takes the fallbacks recorded so far.
    pub fn take_fallbacks(&mut self) -> Vec<Fallback> {
        std::mem::take(&mut self.fallbacks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_range_values_are_refused_with_their_position_and_range() {
        let err =
            crate::yaml::from_str::<Params>("clock_seconds: 30\nhalt_threshold: 300\n", "test")
                .expect_err("300 is out of range");
        let text = err.to_string();
        assert!(text.contains("give 2 to 9"), "{text}");
        assert!(text.starts_with("test:2:"), "{text}");
        for bad in [
            "sa_chip_actions: 256",
            "misdeal_boxed_cards: 256",
            "raise_standard_percent: 0",
            "clock_seconds: -5",
            "final_table_players: [9, 11]",
        ] {
            assert!(
                crate::yaml::from_str::<Params>(bad, "test").is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_missing_parameter_falls_back_to_tda_practice_once_and_says_so() {
        let params = Params {
            clock_seconds: Count::new(60),
            ..Params::default()
        };
        let mut r = Resolved::new(&params);
        assert_eq!(r.clock_seconds().get(), 60);
        assert_eq!(r.halt_threshold().get(), 3);
        assert_eq!(r.halt_threshold().get(), 3);
        assert_eq!(r.raise_standard_percent().get(), 50);
        assert_eq!(r.penalty_max_rounds(), None);
        assert_eq!(
            r.fallbacks(),
            [
                Fallback {
                    param: "halt_threshold",
                    value: 3.into()
                },
                Fallback {
                    param: "raise_standard_percent",
                    value: 50.into()
                }
            ]
        );
    }

    #[test]
    fn the_choices_of_a_parameter_come_from_its_type() {
        assert_eq!(
            Params::choices("unclear_bet_reading"),
            Some(&["at-most-pot", "below-pot", "smaller"][..])
        );
        assert!(
            Params::choices("misdeal_conditions").is_some_and(|c| c.contains(&"joker-in-deck"))
        );
        assert_eq!(
            Params::choices("clock_tie_to_player"),
            Some(&["true", "false"][..])
        );
        assert_eq!(Params::choices("clock_seconds"), None);
        assert_eq!(Params::choices("languages"), None);
        assert_eq!(Params::choices("no_such_key"), None);
    }

    #[test]
    fn every_bundled_value_is_in_range() {
        let store = crate::rules::Store::open(crate::data::DataSource::Embedded).expect("store");
        for id in store.ids().map(str::to_string).collect::<Vec<_>>() {
            store.edition(&id).expect("every bundled edition loads");
        }
    }
}
