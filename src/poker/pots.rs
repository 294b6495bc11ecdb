//! Main and side pots from each player's chips in the hand: who may win
//! which chips, and what was never called.

use super::{Chips, add};
use crate::message::Message;

/// Which forced bet a player short of chips for an ante and a blind posts
/// first (the big-blind ante).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum AnteOrder {
    /// The ante first, the rest to the blind (TDA 2019).
    AnteFirst,
    /// The blind first, the rest to the ante (TDA 2024).
    BlindFirst,
}

/// What one player posts of an ante and a blind from his chips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Posted {
    /// The ante: dead money, in the main pot, never a bet.
    pub ante: Chips,
    /// The blind: his live bet in the round.
    pub blind: Chips,
    /// He has no chips left.
    pub all_in: bool,
}

/// Posts an ante and a blind from `stack` in `order`: the first takes what
/// it needs, the second what is left.
///
/// ```
/// use floor::poker::pots::{AnteOrder, post_ante_and_blind};
/// // 300 chips for a 200 ante and a 200 big blind, ante first.
/// let p = post_ante_and_blind(300, 200, 200, AnteOrder::AnteFirst);
/// assert_eq!((p.ante, p.blind, p.all_in), (200, 100, true));
/// let p = post_ante_and_blind(300, 200, 200, AnteOrder::BlindFirst);
/// assert_eq!((p.ante, p.blind), (100, 200));
/// ```
pub fn post_ante_and_blind(stack: Chips, ante: Chips, blind: Chips, order: AnteOrder) -> Posted {
    let (first, second) = match order {
        AnteOrder::AnteFirst => (ante, blind),
        AnteOrder::BlindFirst => (blind, ante),
    };
    let first_posted = first.min(stack);
    let second_posted = second.min(stack - first_posted);
    let (ante, blind) = match order {
        AnteOrder::AnteFirst => (first_posted, second_posted),
        AnteOrder::BlindFirst => (second_posted, first_posted),
    };
    Posted {
        ante,
        blind,
        all_in: first_posted + second_posted == stack,
    }
}

/// One pot: its chips and the players who can win it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pot<P> {
    /// Chips in this pot.
    pub amount: Chips,
    /// The players who can win it, sorted.
    pub eligible: Vec<P>,
}

/// Chips one player put in that nobody called: they go back to him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Returned<P> {
    /// The player.
    pub player: P,
    /// The uncalled chips.
    pub amount: Chips,
}

/// Splits the chips into the main pot and side pots.
///
/// `contributions` is each player's total for the hand with whether he
/// folded (his chips stay in, he can win nothing). The distinct amounts are
/// the levels; for each level every player pays in the part of his chips
/// between the previous level and this one, and the players still in whose
/// chips reach it are eligible; neighbouring layers with the same eligible
/// players are one pot. The part of the single highest contribution above
/// the second highest (of anybody, folded or not) was never called: it is
/// returned, not a pot. Folded chips above the highest contribution of a
/// player still in join the last pot.
///
/// The caller checks the players (at least two, none twice, somebody
/// still in); `None` is returned when nobody is still in.
///
/// ```
/// use floor::poker::layer_pots;
///
/// // Seat 2 all-in for 300, seats 5 and 8 bet on: 1000 and 2500.
/// let (pots, returned) = layer_pots(&[(2, 300, false), (5, 1000, false), (8, 2500, false)])
///     .unwrap()
///     .unwrap();
/// assert_eq!((pots[0].amount, pots[0].eligible.clone()), (900, vec![2, 5, 8]));
/// assert_eq!((pots[1].amount, pots[1].eligible.clone()), (1400, vec![5, 8]));
/// assert_eq!(returned.map(|r| (r.player, r.amount)), Some((8, 1500)));
/// ```
#[allow(clippy::type_complexity)]
pub fn layer_pots<P: Clone + Ord>(
    contributions: &[(P, Chips, bool)],
) -> Result<Option<(Vec<Pot<P>>, Option<Returned<P>>)>, Message> {
    layer_pots_with_dead(contributions, 0)
}

/// [`layer_pots`] with `dead` chips (the antes) in the main pot.
///
/// Antes are dead money, never a bet: no ante is ever returned as not
/// called, and every player still in may win them, a player all-in on his
/// ante too (listed with no chips besides, he may win the antes alone: a
/// pot of its own when the others put in more).
///
/// ```
/// use floor::poker::layer_pots_with_dead;
///
/// // A big-blind ante of 200; seat 3 raised, everybody called: seat 2's
/// // ante is in the main pot, not a bet of his.
/// let (pots, returned) =
///     layer_pots_with_dead(&[(1, 200, false), (2, 200, false), (3, 200, false)], 200)
///         .unwrap()
///         .unwrap();
/// assert_eq!((pots[0].amount, pots.len(), returned), (800, 1, None));
/// ```
#[allow(clippy::type_complexity)]
pub fn layer_pots_with_dead<P: Clone + Ord>(
    contributions: &[(P, Chips, bool)],
    dead: Chips,
) -> Result<Option<(Vec<Pot<P>>, Option<Returned<P>>)>, Message> {
    const INPUT: &str = "contributions";
    let Some(max_live) = contributions
        .iter()
        .filter(|(_, _, folded)| !folded)
        .map(|(_, a, _)| *a)
        .max()
    else {
        return Ok(None);
    };
    let top = contributions.iter().map(|(_, a, _)| *a).max().unwrap_or(0);
    let top_holders: Vec<&P> = contributions
        .iter()
        .filter(|(_, a, _)| *a == top)
        .map(|(p, _, _)| p)
        .collect();
    let second = contributions
        .iter()
        .map(|(_, a, _)| *a)
        .filter(|a| *a < top)
        .max()
        .unwrap_or(0);
    let (returned, cap) = match top_holders.as_slice() {
        [player] if top > second => (
            Some(Returned {
                player: (*player).clone(),
                amount: top - second,
            }),
            second,
        ),
        _ => (None, top),
    };
    let mut levels: Vec<Chips> = contributions
        .iter()
        .map(|(_, a, _)| (*a).min(cap))
        .filter(|a| *a > 0)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<Pot<P>> = Vec::new();
    if dead > 0 {
        let mut eligible: Vec<P> = contributions
            .iter()
            .filter(|(_, _, folded)| !folded)
            .map(|(p, _, _)| p.clone())
            .collect();
        eligible.sort();
        pots.push(Pot {
            amount: dead,
            eligible,
        });
    }
    let mut previous: Chips = 0;
    for level in levels {
        let mut amount: Chips = 0;
        for (_, paid, _) in contributions {
            let layer = (*paid).min(level).saturating_sub((*paid).min(previous));
            amount = add(amount, layer, INPUT)?;
        }
        // Folded chips above the biggest live contribution (a bettor whose
        // hand was killed) are dead money for the players at that level.
        let reach = level.min(max_live);
        let mut eligible: Vec<P> = contributions
            .iter()
            .filter(|(_, a, folded)| !folded && *a >= reach)
            .map(|(p, _, _)| p.clone())
            .collect();
        eligible.sort();
        match pots.last_mut() {
            Some(last) if last.eligible == eligible => {
                last.amount = add(last.amount, amount, INPUT)?;
            }
            _ => pots.push(Pot { amount, eligible }),
        }
        previous = level;
    }
    Ok(Some((pots, returned)))
}
