//! A big blind short for the big-blind ante and the blind (incident
//! `big-blind-ante`): which is posted first, what is dead money and what is
//! his live bet, and what the others call.
//!
//! Owns the order of posting (parameter `bba_order`, concept
//! `no-ante-reduction`): tda-2019-sk OP-11 recommends the big-blind ante
//! "s platením ante pred big blindom" (ante first); onk-2023-nl RP-11 says
//! only that antes are never reduced; the DPC, Pokerpunt and TDA 2015 texts
//! have no ante procedure, so the TDA 2019 practice (ante first) applies and
//! the card says so. The ante is dead money in the main pot; the blind is
//! his live bet; the others call the full big blind (the round of the poker
//! model says what they face).

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::poker::pots::{AnteOrder, post_ante_and_blind};
use crate::poker::{Chips, Game, Round, Setup, Street, TableSeat};
use crate::rules::concepts::{self as c};

/// The `big-blind-ante` incident.
pub struct BigBlindAnte;

/// The answers of `big-blind-ante`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The level's big blind.
    pub big_blind: Chips,
    /// The big-blind ante of the level.
    pub ante: Chips,
    /// The big blind's chips before he posts anything.
    pub stack: Chips,
}

crate::outcomes! {
    /// The outcomes of `big-blind-ante`.
    pub enum BigBlindAnteOutcome {
        /// Ante and blind in full.
        Full => [NO_ANTE_REDUCTION],
        /// Ante first in full; the rest is a short blind, all-in.
        BlindShort => [NO_ANTE_REDUCTION],
        /// Ante first: all his chips make (part of) the ante, no blind.
        AnteOnly => [NO_ANTE_REDUCTION],
        /// Blind first in full; the rest is a short ante, all-in.
        AnteShort => [NO_ANTE_REDUCTION],
        /// Blind first: all his chips make (part of) the blind, no ante.
        BlindOnly => [NO_ANTE_REDUCTION],
    }
}

impl Incident for BigBlindAnte {
    const ID: &'static str = "big-blind-ante";
    type Answers = Answers;
    type Outcome = BigBlindAnteOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Notes;

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<BigBlindAnte>, Error> {
        if a.ante == 0 {
            return Err(Error::input("ante", Message::new(Msg::AnteZero)));
        }
        if a.stack == 0 {
            return Err(Error::input("stack", Message::new(Msg::BigBlindNoChips)));
        }
        let stated = cx.params.states("bba_order");
        // The order decides only for a big blind short of ante and blind
        // together: read (and an edition's silence said) only then.
        let short_of_both = a.stack < a.ante.saturating_add(a.big_blind);
        let order = if short_of_both {
            cx.params.bba_order()
        } else {
            cx.params
                .stated()
                .bba_order
                .unwrap_or_else(crate::rules::params::tda::bba_order)
        };
        let posted = post_ante_and_blind(a.stack, a.ante, a.big_blind, order);
        // The round the others face: the blind is the big blind's bet, the
        // ante dead money before it.
        let setup = Setup {
            dead: Some(posted.ante),
            ..Setup::new(Game::NoLimit, Street::Preflop, a.big_blind)
        };
        let round = Round::at_table(
            setup,
            &[TableSeat {
                name: "BB".into(),
                stack: Some(a.stack - posted.ante - posted.blind),
                posted: posted.blind,
                due: a.big_blind,
            }],
        )
        .map_err(|(key, m)| Error::input(key, m))?;
        let to_call = round.spot("caller").map_err(|m| Error::input("stack", m))?;
        let to_call = to_call.to_call();
        let full = posted.ante == a.ante && posted.blind == a.big_blind;
        let outcome = match (full, order, posted.blind, posted.ante) {
            (true, _, _, _) => BigBlindAnteOutcome::Full,
            (false, AnteOrder::AnteFirst, 0, _) => BigBlindAnteOutcome::AnteOnly,
            (false, AnteOrder::AnteFirst, _, _) => BigBlindAnteOutcome::BlindShort,
            (false, AnteOrder::BlindFirst, _, 0) => BigBlindAnteOutcome::BlindOnly,
            (false, AnteOrder::BlindFirst, _, _) => BigBlindAnteOutcome::AnteShort,
        };
        let mut d = Decision::<BigBlindAnte>::new(outcome, vec![c::NO_ANTE_REDUCTION]);
        // A house rule that sets the order decides it.
        if let Some(concept) = cx.concept_stating("bba_order") {
            d.decided_by(concept);
        }
        let short = posted.blind < to_call;
        d.amounts = Amounts {
            ante_posted: posted.ante,
            blind_posted: posted.blind,
            to_call,
            // Each caller's share of the main pot stops at his live blind.
            main_per_player: (posted.all_in && posted.blind > 0).then_some(posted.blind),
            side_per_caller: (posted.all_in && short).then(|| to_call - posted.blind),
        };
        if !stated && short_of_both {
            d.notes.push(Notes::BbaTda2019);
        }
        if posted.all_in && posted.ante > 0 && posted.blind > 0 {
            d.notes.push(Notes::BbaAllIn {
                ante: posted.ante,
                blind: posted.blind,
            });
        }
        d.extra = Extra {
            order: Some(order),
            all_in: posted.all_in,
        };
        Ok(d)
    }
}

/// The amounts of `big-blind-ante`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// The ante the big blind posted.
    pub ante_posted: Chips,
    /// The blind he posted.
    pub blind_posted: Chips,
    /// What a caller puts in.
    pub to_call: Chips,
    /// All-in: each caller's share of the main pot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub main_per_player: Option<Chips>,
    /// All-in short: each caller's chips beyond it, in a side pot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side_per_caller: Option<Chips>,
}

/// What the JSON of `big-blind-ante` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Which is posted first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<AnteOrder>,
    /// The big blind is all-in.
    pub all_in: bool,
}

crate::notes! {
    /// The notes of `big-blind-ante`.
    pub enum Notes {
        /// The edition has no big-blind ante rule: TDA 2019's applies.
        BbaTda2019 = "bba_tda_2019",
        /// All-in for both: what went to each.
        BbaAllIn { ante: Chips, blind: Chips } = "bba_all_in",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::rule_in;
    use proptest::prelude::*;

    fn answers(big_blind: Chips, ante: Chips, stack: Chips) -> Answers {
        Answers {
            big_blind,
            ante,
            stack,
        }
    }

    fn amounts(d: &Decision<BigBlindAnte>) -> Vec<(String, Chips)> {
        d.named_amounts().into_iter().collect()
    }

    // tda-2019-sk OP-11: "big blind ante (BBA) s platením ante pred big blindom je odporúčaná
    // procedúra."
    // The order of ante and blind decides only for a big blind short of
    // both: only then is an edition's silence on it said (dpc-2019-en
    // states no order).
    #[test]
    fn the_order_is_said_only_where_the_big_blind_is_short_of_both() {
        for (stack, said) in [(1000, false), (400, false), (399, true), (150, true)] {
            let d = rule_in::<BigBlindAnte>("dpc-2019-en", answers(200, 200, stack)).unwrap();
            assert_eq!(d.notes.contains(&Notes::BbaTda2019), said, "{stack}");
        }
    }

    #[test]
    fn ante_first_then_a_short_blind() {
        let d = rule_in::<BigBlindAnte>("tda-2019-sk", answers(200, 200, 300)).unwrap();
        assert_eq!(d.outcome, BigBlindAnteOutcome::BlindShort);
        assert_eq!(
            amounts(&d),
            vec![
                ("ante_posted".to_string(), 200),
                ("blind_posted".to_string(), 100),
                ("to_call".to_string(), 200),
                ("main_per_player".to_string(), 100),
                ("side_per_caller".to_string(), 100),
            ]
        );
        assert!(!d.notes.contains(&Notes::BbaTda2019));
    }

    #[test]
    fn all_his_chips_for_the_ante() {
        let d = rule_in::<BigBlindAnte>("tda-2019-sk", answers(200, 200, 150)).unwrap();
        assert_eq!(d.outcome, BigBlindAnteOutcome::AnteOnly);
        assert_eq!(
            amounts(&d),
            vec![
                ("ante_posted".to_string(), 150),
                ("blind_posted".to_string(), 0),
                ("to_call".to_string(), 200),
                ("side_per_caller".to_string(), 200),
            ]
        );
    }

    #[test]
    fn enough_for_both() {
        let d = rule_in::<BigBlindAnte>("onk-2023-nl", answers(200, 200, 400)).unwrap();
        assert_eq!(d.outcome, BigBlindAnteOutcome::Full);
        // Exactly both: all-in, the blind in full, no side pot from calls.
        assert_eq!(
            amounts(&d),
            vec![
                ("ante_posted".to_string(), 200),
                ("blind_posted".to_string(), 200),
                ("to_call".to_string(), 200),
                ("main_per_player".to_string(), 200),
            ]
        );
        // ONK RP-11 states no order; with enough for both it decides
        // nothing and is not named.
        assert!(!d.notes.contains(&Notes::BbaTda2019));
    }

    /// A house that plays the TDA 2024 order (blind first).
    #[test]
    fn blind_first_when_a_house_says_so() {
        let p = post_ante_and_blind(300, 200, 200, AnteOrder::BlindFirst);
        assert_eq!((p.ante, p.blind, p.all_in), (100, 200, true));
        let p = post_ante_and_blind(150, 200, 200, AnteOrder::BlindFirst);
        assert_eq!((p.ante, p.blind), (0, 150));
    }

    #[test]
    fn errors_name_the_input() {
        for (a, key) in [
            (answers(200, 0, 300), "ante"),
            (answers(200, 200, 0), "stack"),
            (answers(0, 200, 300), "big_blind"),
        ] {
            let e = rule_in::<BigBlindAnte>("dpc-2019-en", a).unwrap_err();
            assert_eq!(e.input_key(), Some(key));
        }
    }

    proptest! {
        /// Nothing is created or lost: what he posts is what he had, at
        /// most the ante and the blind; the first in order is served first.
        #[test]
        fn posting_takes_what_he_has(
            stack in 0..10_000u64, ante in 0..5_000u64, blind in 0..5_000u64,
            blind_first in any::<bool>(),
        ) {
            let order = if blind_first { AnteOrder::BlindFirst } else { AnteOrder::AnteFirst };
            let p = post_ante_and_blind(stack, ante, blind, order);
            prop_assert!(p.ante <= ante && p.blind <= blind);
            prop_assert_eq!(p.ante + p.blind, stack.min(ante + blind));
            prop_assert_eq!(p.all_in, stack <= ante + blind);
            match order {
                AnteOrder::AnteFirst => prop_assert_eq!(p.ante, ante.min(stack)),
                AnteOrder::BlindFirst => prop_assert_eq!(p.blind, blind.min(stack)),
            }
        }
    }
}
