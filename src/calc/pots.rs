//! Side pots: who may win which chips.
//!
//! Owns the `side-pots` incident (TDA 2019 rule 21, TDA 2015 rule 20) and
//! the parsing of list answers (`SEAT:AMOUNT,...`, seat lists). Pure
//! arithmetic over [`Chips`]: no I/O, no edition lookup.

use std::str::FromStr;

use super::{CalcError, Chips, Seat, add};
use crate::poker::seats::MAX_SEAT;

/// A seat number 1-10 ([`crate::poker::seats::check_seat`]); `input` names
/// the answer key in the error.
fn check_seat(seat: Seat, input: &'static str) -> Result<Seat, CalcError> {
    crate::poker::seats::check_seat(seat).map_err(|m| CalcError::invalid(input, m.to_string()))
}

/// Parses one chip amount as the answer contract writes it: `1200`, `1.200`
/// (dots between groups of three digits), `1.2k` / `4K` (thousands, at most
/// three decimals). `input` names the answer key in the error.
pub(crate) fn parse_amount(text: &str, input: &'static str) -> Result<Chips, CalcError> {
    crate::poker::amount::parse(text)
        .map_err(|problem| CalcError::invalid(input, problem.to_string()))
}

/// Parses a comma-separated seat list (`"3, 7"`) into seat numbers, in the
/// order given. An empty text is an empty list. Errors name `input`: a seat
/// outside 1-10, a repeated seat, or something that is not a number.
///
/// ```
/// use floor::calc::pots::parse_seats;
/// assert_eq!(parse_seats("3, 7", "winners").unwrap(), vec![3, 7]);
/// assert!(parse_seats("3,3", "winners").is_err());
/// assert!(parse_seats("", "folded").unwrap().is_empty());
/// ```
pub fn parse_seats(text: &str, input: &'static str) -> Result<Vec<Seat>, CalcError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut seats: Vec<Seat> = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let seat: Seat = item.parse().map_err(|_| {
            CalcError::invalid(
                input,
                format!(
                    "`{item}` is not a seat: list seat numbers 1-{MAX_SEAT} separated by commas"
                ),
            )
        })?;
        check_seat(seat, input)?;
        if seats.contains(&seat) {
            return Err(CalcError::invalid(
                input,
                format!("seat {seat} is listed twice"),
            ));
        }
        seats.push(seat);
    }
    Ok(seats)
}

/// Each player's total chips put in during one hand, as the `side-pots`
/// incident's `contributions` answer (`SEAT:AMOUNT,...`) gives them.
///
/// Parsing checks the list itself: every entry `SEAT:AMOUNT`, seats 1-10,
/// no seat twice. Errors name the answer key `contributions`.
///
/// ```
/// use floor::calc::pots::Contributions;
/// let c: Contributions = "1:300, 4:1.000, 7:1k".parse().unwrap();
/// assert_eq!(c.0, vec![(1, 300), (4, 1000), (7, 1000)]);
/// assert!("1:300,1:400".parse::<Contributions>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contributions(pub Vec<(Seat, Chips)>);

impl FromStr for Contributions {
    type Err = CalcError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_contributions(text).map(Contributions)
    }
}

/// Parses `SEAT:AMOUNT,...` (see [`Contributions`]).
pub fn parse_contributions(text: &str) -> Result<Vec<(Seat, Chips)>, CalcError> {
    const INPUT: &str = "contributions";
    if text.trim().is_empty() {
        return Err(CalcError::invalid(
            INPUT,
            "no contributions given: list SEAT:AMOUNT for each player, e.g. 1:300,4:1000",
        ));
    }
    let mut list: Vec<(Seat, Chips)> = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let Some((seat, amount)) = item.split_once(':') else {
            return Err(CalcError::invalid(
                INPUT,
                format!("`{item}` is not SEAT:AMOUNT (e.g. 4:1000)"),
            ));
        };
        let seat: Seat = seat.trim().parse().map_err(|_| {
            CalcError::invalid(
                INPUT,
                format!("`{item}`: the seat must be a number 1-{MAX_SEAT}"),
            )
        })?;
        check_seat(seat, INPUT)?;
        if list.iter().any(|(s, _)| *s == seat) {
            return Err(CalcError::invalid(
                INPUT,
                format!("seat {seat} is listed twice: give each player's total once"),
            ));
        }
        list.push((seat, parse_amount(amount, INPUT)?));
    }
    Ok(list)
}

/// One pot of a hand: its chips and the seats that can win it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pot {
    /// Chips in this pot.
    pub amount: Chips,
    /// Seats still in the hand that may win it, ascending.
    pub eligible: Vec<Seat>,
}

/// An uncalled excess: the part of one player's chips nobody matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Returned {
    /// The player it goes back to.
    pub seat: Seat,
    /// How much goes back.
    pub amount: Chips,
}

/// The pots of a hand, as [`side_pots`] builds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SidePots {
    /// Main pot first, then side pot 1, 2, ... Each later pot's eligible
    /// seats are a subset of the previous pot's.
    pub pots: Vec<Pot>,
    /// Chips nobody called, handed back rather than put in a pot.
    pub returned: Option<Returned>,
    /// Everything contributed: the pots plus the returned excess.
    pub total: Chips,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

impl SidePots {
    /// The answer-contract amount names with their amounts: `main`,
    /// `side_1`, `side_2`, ... in pot order.
    pub fn named_amounts(&self) -> Vec<(String, Chips)> {
        self.pots
            .iter()
            .enumerate()
            .map(|(i, pot)| (pot_name(i), pot.amount))
            .collect()
    }
}

/// The answer-contract name of the pot at `index`: `main` for 0, then
/// `side_1`, `side_2`, ...
pub fn pot_name(index: usize) -> String {
    if index == 0 {
        "main".to_string()
    } else {
        format!("side_{index}")
    }
}

/// Splits a hand's chips into the main pot and side pots (concept
/// `side-pots`: TDA 2019 / onk / pokerpunt rule 21, tda-2015-de rule 20 —
/// every edition only says each side pot is kept and split separately; the
/// construction below is the standard one all of them assume).
///
/// `contributions` is each player's total for the hand; `folded` lists the
/// seats that folded: their chips stay in the pots, but they can win none.
///
/// Construction: the distinct contribution amounts are the levels. For each
/// level, every player pays in the part of his chips between the previous
/// level and this one; the players still in whose chips reach the level are
/// eligible. Neighbouring layers with the same eligible players are one pot.
/// If one player put in more than anybody else (live or folded), the part
/// above the second-highest contribution was never called: it is
/// [`Returned`] to him, not a pot — even if his hand was killed afterwards.
/// A folded player's chips can therefore end in a pot only the bettor can
/// win: that is dead money, not excess. Folded chips above the biggest
/// contribution of any player still in (a killed hand that had bet more)
/// join the last pot, won by the players still in at that level.
///
/// Errors (`CalcError::Invalid`): fewer than two contributors or a repeated
/// or impossible seat (`contributions`); a folded seat that did not
/// contribute or is listed twice (`folded`); nobody left in the hand
/// (`folded`). Overflow of the total: `CalcError::Overflow` on
/// `contributions`.
///
/// ```
/// use floor::calc::pots::{side_pots, Returned};
/// // Seat 2 all-in for 300, seats 5 and 8 bet on: 1000 and 2500.
/// let pots = side_pots(&[(2, 300), (5, 1000), (8, 2500)], &[]).unwrap();
/// assert_eq!(pots.pots[0].amount, 900); // main: 3 x 300
/// assert_eq!(pots.pots[0].eligible, vec![2, 5, 8]);
/// assert_eq!(pots.pots[1].amount, 1400); // side 1: 2 x 700
/// assert_eq!(pots.pots[1].eligible, vec![5, 8]);
/// assert_eq!(pots.returned, Some(Returned { seat: 8, amount: 1500 }));
/// ```
pub fn side_pots(contributions: &[(Seat, Chips)], folded: &[Seat]) -> Result<SidePots, CalcError> {
    const INPUT: &str = "contributions";
    if contributions.len() < 2 {
        return Err(CalcError::invalid(
            INPUT,
            "a pot needs the chips of at least two players",
        ));
    }
    let mut total: Chips = 0;
    for (i, (seat, amount)) in contributions.iter().enumerate() {
        check_seat(*seat, INPUT)?;
        if contributions.iter().take(i).any(|(s, _)| s == seat) {
            return Err(CalcError::invalid(
                INPUT,
                format!("seat {seat} is listed twice: give each player's total once"),
            ));
        }
        total = add(total, *amount, INPUT)?;
    }
    for (i, seat) in folded.iter().enumerate() {
        check_seat(*seat, "folded")?;
        if folded.iter().take(i).any(|s| s == seat) {
            return Err(CalcError::invalid(
                "folded",
                format!("seat {seat} is listed twice"),
            ));
        }
        if !contributions.iter().any(|(s, _)| s == seat) {
            return Err(CalcError::invalid(
                "folded",
                format!("seat {seat} folded but has no contribution: list it in contributions too"),
            ));
        }
    }
    let is_live = |seat: Seat| !folded.contains(&seat);
    let Some(max_live) = contributions
        .iter()
        .filter(|(s, _)| is_live(*s))
        .map(|(_, a)| *a)
        .max()
    else {
        return Err(CalcError::invalid(
            "folded",
            "every contributor folded: at least one player must still be in the hand",
        ));
    };
    // Uncalled excess: the top contribution, if only one player made it,
    // above the next-highest contribution of anybody.
    let top = contributions.iter().map(|(_, a)| *a).max().unwrap_or(0);
    let top_holders: Vec<Seat> = contributions
        .iter()
        .filter(|(_, a)| *a == top)
        .map(|(s, _)| *s)
        .collect();
    let second = contributions
        .iter()
        .map(|(_, a)| *a)
        .filter(|a| *a < top)
        .max()
        .unwrap_or(0);
    let (returned, cap) = match top_holders.as_slice() {
        [seat] if top > second => (
            Some(Returned {
                seat: *seat,
                amount: top - second,
            }),
            second,
        ),
        _ => (None, top),
    };

    let mut levels: Vec<Chips> = contributions
        .iter()
        .map(|(_, a)| (*a).min(cap))
        .filter(|a| *a > 0)
        .collect();
    levels.sort_unstable();
    levels.dedup();

    let mut pots: Vec<Pot> = Vec::new();
    let mut previous: Chips = 0;
    for level in levels {
        let mut amount: Chips = 0;
        for (_, paid) in contributions {
            let layer = (*paid).min(level).saturating_sub((*paid).min(previous));
            amount = add(amount, layer, INPUT)?;
        }
        // Folded chips above the biggest live contribution (a bettor whose
        // hand was killed) are dead money for the players at that level.
        let reach = level.min(max_live);
        let mut eligible: Vec<Seat> = contributions
            .iter()
            .filter(|(s, a)| is_live(*s) && *a >= reach)
            .map(|(s, _)| *s)
            .collect();
        eligible.sort_unstable();
        match pots.last_mut() {
            Some(last) if last.eligible == eligible => {
                last.amount = add(last.amount, amount, INPUT)?;
            }
            _ => pots.push(Pot { amount, eligible }),
        }
        previous = level;
    }

    Ok(SidePots {
        pots,
        returned,
        total,
        concepts: vec!["side-pots"],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn pot(amount: Chips, eligible: &[Seat]) -> Pot {
        Pot {
            amount,
            eligible: eligible.to_vec(),
        }
    }

    fn invalid_input(err: CalcError) -> &'static str {
        match err {
            CalcError::Invalid { input, .. } | CalcError::Overflow { input } => input,
        }
    }

    // --- side pots: worked cases ---------------------------------------

    #[test]
    fn three_way_all_in_builds_main_and_side_and_returns_excess() {
        let pots = side_pots(&[(2, 300), (5, 1000), (8, 2500)], &[]).unwrap();
        assert_eq!(pots.pots, vec![pot(900, &[2, 5, 8]), pot(1400, &[5, 8])]);
        assert_eq!(
            pots.returned,
            Some(Returned {
                seat: 8,
                amount: 1500
            })
        );
        assert_eq!(pots.total, 3800);
        assert_eq!(pots.concepts, vec!["side-pots"]);
        assert_eq!(
            pots.named_amounts(),
            vec![("main".to_string(), 900), ("side_1".to_string(), 1400)]
        );
    }

    #[test]
    fn equal_contributions_are_one_main_pot() {
        let pots = side_pots(&[(1, 500), (2, 500), (3, 500)], &[]).unwrap();
        assert_eq!(pots.pots, vec![pot(1500, &[1, 2, 3])]);
        assert_eq!(pots.returned, None);
    }

    #[test]
    fn folded_chips_stay_in_but_folded_player_is_not_eligible() {
        // Seat 4 called 400 then folded; seats 1 and 7 went on to 1000.
        let pots = side_pots(&[(1, 1000), (4, 400), (7, 1000)], &[4]).unwrap();
        assert_eq!(pots.pots, vec![pot(2400, &[1, 7])]);
        assert_eq!(pots.returned, None);
    }

    #[test]
    fn folded_chips_above_a_short_all_in_are_dead_money_not_excess() {
        // Seat 3 all-in 300; seat 5 raised to 800 and folded to seat 9's 2000.
        let pots = side_pots(&[(3, 300), (5, 800), (9, 2000)], &[5]).unwrap();
        assert_eq!(pots.pots, vec![pot(900, &[3, 9]), pot(1000, &[9])]);
        assert_eq!(
            pots.returned,
            Some(Returned {
                seat: 9,
                amount: 1200
            })
        );
    }

    #[test]
    fn everyone_folds_to_the_bettor_returns_his_uncalled_bet() {
        let pots = side_pots(&[(1, 100), (2, 200), (6, 1400)], &[1, 2]).unwrap();
        assert_eq!(pots.pots, vec![pot(500, &[6])]);
        assert_eq!(
            pots.returned,
            Some(Returned {
                seat: 6,
                amount: 1200
            })
        );
    }

    #[test]
    fn killed_hand_that_bet_most_gets_its_uncalled_excess_back() {
        // Seat 1 moved in 5000, seat 2 called all-in for 3000, then seat 1's hand was killed.
        let pots = side_pots(&[(1, 5000), (2, 3000)], &[1]).unwrap();
        assert_eq!(pots.pots, vec![pot(6000, &[2])]);
        assert_eq!(
            pots.returned,
            Some(Returned {
                seat: 1,
                amount: 2000
            })
        );
    }

    #[test]
    fn folded_chips_above_every_live_player_join_the_last_pot() {
        // Seats 1 (5000) and 4 (4000) both folded over seat 2's all-in 3000 and seat 3's 1000.
        let pots = side_pots(&[(1, 5000), (2, 3000), (3, 1000), (4, 4000)], &[1, 4]).unwrap();
        assert_eq!(pots.pots, vec![pot(4000, &[2, 3]), pot(8000, &[2])]);
        assert_eq!(
            pots.returned,
            Some(Returned {
                seat: 1,
                amount: 1000
            })
        );
    }

    #[test]
    fn layers_with_the_same_players_merge_into_one_pot() {
        // Folded seat 2's 600 lies between the live levels 300 and 1000.
        let pots = side_pots(&[(1, 300), (2, 600), (3, 1000), (4, 1000)], &[2]).unwrap();
        assert_eq!(pots.pots, vec![pot(1200, &[1, 3, 4]), pot(1700, &[3, 4])]);
    }

    #[test]
    fn several_all_ins_give_several_side_pots() {
        let pots = side_pots(&[(1, 100), (2, 250), (3, 600), (4, 600), (5, 600)], &[]).unwrap();
        assert_eq!(
            pots.pots,
            vec![
                pot(500, &[1, 2, 3, 4, 5]),
                pot(600, &[2, 3, 4, 5]),
                pot(1050, &[3, 4, 5]),
            ]
        );
        assert_eq!(pots.returned, None);
    }

    #[test]
    fn a_live_player_with_nothing_in_wins_no_pot() {
        let pots = side_pots(&[(1, 0), (2, 200), (3, 200)], &[]).unwrap();
        assert_eq!(pots.pots, vec![pot(400, &[2, 3])]);
    }

    // --- side pots: errors and edges -----------------------------------

    /// Contributions, folded seats, and the input the error must name.
    type SidePotCase<'a> = (&'a [(Seat, Chips)], &'a [Seat], &'a str);

    #[test]
    fn side_pot_errors_name_the_input() {
        let cases: Vec<SidePotCase> = vec![
            (&[], &[], "contributions"),
            (&[(1, 100)], &[], "contributions"),
            (&[(1, 100), (1, 200)], &[], "contributions"),
            (&[(0, 100), (2, 200)], &[], "contributions"),
            (&[(11, 100), (2, 200)], &[], "contributions"),
            (&[(1, 100), (2, 100)], &[3], "folded"),
            (&[(1, 100), (2, 100)], &[1, 1], "folded"),
            (&[(1, 100), (2, 100)], &[11], "folded"),
            (&[(1, 100), (2, 100)], &[1, 2], "folded"),
        ];
        for (contributions, folded, input) in cases {
            let err = side_pots(contributions, folded).unwrap_err();
            assert_eq!(invalid_input(err), input, "{contributions:?} {folded:?}");
        }
    }

    #[test]
    fn side_pot_total_overflow_is_reported() {
        let err = side_pots(&[(1, u64::MAX), (2, 1)], &[]).unwrap_err();
        assert_eq!(
            err,
            CalcError::Overflow {
                input: "contributions"
            }
        );
    }

    #[test]
    fn side_pots_at_u64_max_without_overflowing_total() {
        let pots = side_pots(&[(1, u64::MAX - 10), (2, 10)], &[]).unwrap();
        assert_eq!(pots.pots, vec![pot(20, &[1, 2])]);
        assert_eq!(
            pots.returned,
            Some(Returned {
                seat: 1,
                amount: u64::MAX - 20
            })
        );
    }

    // --- parsing -------------------------------------------------------

    #[test]
    fn contributions_parse_amount_spellings() {
        let c: Contributions = " 1:300 , 4:1.200,7:1.2k, 9:4K ,10:0".parse().unwrap();
        assert_eq!(
            c.0,
            vec![(1, 300), (4, 1200), (7, 1200), (9, 4000), (10, 0)]
        );
    }

    #[test]
    fn contributions_parse_errors_name_contributions() {
        for text in [
            "",
            "1",
            "1:",
            ":300",
            "x:300",
            "1:3o0",
            "1:300,1:400",
            "0:100",
            "11:100",
            "1:12.00",
            "1:1.2.3k",
            "1:1.2345k",
            "1:-5",
            "1:99999999999999999999",
            "1:300,,2:4",
        ] {
            let err = text.parse::<Contributions>().unwrap_err();
            assert_eq!(invalid_input(err), "contributions", "{text:?}");
        }
    }

    #[test]
    fn amount_parser_handles_thousand_groups_and_k() {
        let cases = [
            ("1200", 1200),
            ("1.200", 1200),
            ("12.345.678", 12_345_678),
            ("1k", 1000),
            ("1.5K", 1500),
            ("1.25k", 1250),
            ("0.025k", 25),
            ("18446744073709551615", u64::MAX),
            ("1 200", 1200),
        ];
        for (text, value) in cases {
            assert_eq!(parse_amount(text, "pot"), Ok(value), "{text}");
        }
        for text in [
            "",
            "k",
            "1.k",
            ".5k",
            "1.20",
            "1234.567",
            "12OO",
            "18446744073709551616",
            "18446744073709552k",
        ] {
            assert_eq!(
                invalid_input(parse_amount(text, "pot").unwrap_err()),
                "pot",
                "{text}"
            );
        }
    }

    #[test]
    fn seat_lists_parse_and_reject() {
        assert_eq!(parse_seats("1,10", "winners"), Ok(vec![1, 10]));
        assert_eq!(parse_seats("  ", "folded"), Ok(vec![]));
        for text in ["0", "11", "1,1", "a", "1,,2", "256"] {
            assert_eq!(
                invalid_input(parse_seats(text, "winners").unwrap_err()),
                "winners",
                "{text}"
            );
        }
    }

    // --- properties ----------------------------------------------------

    /// A valid hand: 2-10 distinct seats, amounts, some folded (never
    /// everybody).
    fn hand() -> impl Strategy<Value = (Vec<(Seat, Chips)>, Vec<Seat>)> {
        (
            proptest::sample::subsequence((1..=10u8).collect::<Vec<_>>(), 2..=10),
            proptest::collection::vec((0..5_000u64, any::<bool>()), 10),
        )
            .prop_map(|(seats, draws)| {
                let contributions: Vec<(Seat, Chips)> = seats
                    .iter()
                    .zip(&draws)
                    .map(|(s, (a, _))| (*s, *a))
                    .collect();
                // Anybody may have folded (a bettor's hand can be killed)
                // except one player, who stays in.
                let keep = seats.first().copied().unwrap_or(1);
                let folded = seats
                    .iter()
                    .zip(&draws)
                    .filter(|(s, (_, f))| *f && **s != keep)
                    .map(|(s, _)| *s)
                    .collect();
                (contributions, folded)
            })
    }

    proptest! {
        #[test]
        fn side_pots_conserve_chips((contributions, folded) in hand()) {
            let pots = side_pots(&contributions, &folded).unwrap();
            let in_pots: Chips = pots.pots.iter().map(|p| p.amount).sum();
            let returned = pots.returned.map_or(0, |r| r.amount);
            let contributed: Chips = contributions.iter().map(|(_, a)| *a).sum();
            prop_assert_eq!(in_pots + returned, contributed);
            prop_assert_eq!(pots.total, contributed);
        }

        #[test]
        fn later_pots_are_won_by_a_subset_of_earlier_ones((contributions, folded) in hand()) {
            let pots = side_pots(&contributions, &folded).unwrap();
            for pair in pots.pots.windows(2) {
                prop_assert!(pair[1].eligible.iter().all(|s| pair[0].eligible.contains(s)));
                prop_assert!(pair[1].eligible.len() < pair[0].eligible.len());
            }
            for p in &pots.pots {
                prop_assert!(p.amount > 0);
                prop_assert!(!p.eligible.is_empty());
                prop_assert!(p.eligible.iter().all(|s| !folded.contains(s)));
            }
        }

        #[test]
        fn excess_is_only_what_nobody_matched((contributions, folded) in hand()) {
            let pots = side_pots(&contributions, &folded).unwrap();
            if let Some(r) = pots.returned {
                let mine = contributions.iter().find(|(s, _)| *s == r.seat).map(|(_, a)| *a);
                let others = contributions.iter().filter(|(s, _)| *s != r.seat).map(|(_, a)| *a).max();
                prop_assert_eq!(mine.zip(others).map(|(m, o)| m - o), Some(r.amount));
            }
        }
    }
}
