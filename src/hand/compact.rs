//! The compact notation a floor person types: a whole hand in a few lines.
//!
//! ```text
//! NL 100/200 ante 25 button 6
//! 1:5000 2:12000 3:800 4:20000 5:7000 6:9000
//! pre: 3 r600, 4 c, 5 f, 6 r1600, 1 f, 2 c, 3 a, 4 c
//! flop: 2 x, 4 b1000, 6 f, 2 c
//! turn: 2 x, 4 x
//! river: 2 b2000, 4 f
//! win: 2
//! ```
//!
//! - The first line: the game (`NL`, `PL` or `FL`), the blinds `SB/BB` (in
//!   `FL` the big blind is the small bet, the big bet twice that), then
//!   optionally `ante N` (every player) or `bbante N` (the big blind for
//!   everyone), and `button SEAT`.
//! - The second line: the players clockwise, `SEAT:STACK` (seats 1-10;
//!   `SEAT:?` when a stack is not known). The small blind sits left of the
//!   button, the big blind next (heads-up the button posts the small blind).
//! - One line per betting round, `pre:`, `flop:`, `turn:`, `river:`, its
//!   actions in order, separated by commas: `SEAT ACTION` with ACTION one of
//!   `f` fold, `x` check, `c` call, `b1000` bet to 1000, `r1600` raise to
//!   1600, `a` all-in (`a2400`: all-in for a total of 2400); and for what the
//!   floor is called about: `c300` a call of only 300 put out (an
//!   undercall), `p1400` 1400 put out silently, `o5000` one 5000 chip put
//!   out silently, `m1000+500` several chips at once, `s1400` a number said
//!   alone, `r600+600` "raise" said and the chips put out in two motions.
//!   Amounts are totals for the round and take every spelling the answers
//!   take (`1.200`, `1.2k`).
//! - `win:` the winners of each pot, main pot first, separated by `|`
//!   (`win: 2` one winner of everything; `win: 2 4 | 4` a split main pot).
//! - `#` starts a comment.

use super::{Act, Hand, Move, Notation, Played, Seated, Unit};
use crate::message::{Message, Msg};
use crate::poker::variant::{Stage, Variant};
use crate::poker::{Chips, Game, amount};

/// Parses a hand in the compact notation. Errors name the line.
pub fn parse(text: &str) -> Result<Hand, Message> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty());
    let at = |n: usize, problem: Message| {
        Message::new(Msg::HandLine)
            .arg("line", n)
            .nested("problem", problem)
    };
    let (n, head) = lines.next().ok_or_else(|| Message::new(Msg::HandEmpty))?;
    let head_line = n;
    let (mut hand, header) = header(head).map_err(|m| at(n, m))?;
    let (n, seats) = lines.next().ok_or_else(|| Message::new(Msg::HandNoSeats))?;
    hand.seats = table(seats).map_err(|m| at(n, m))?;
    for (n, line) in lines {
        let (label, rest) = line
            .split_once(':')
            .ok_or_else(|| at(n, Message::new(Msg::HandLabel).arg("text", line)))?;
        let label = label.trim().to_ascii_lowercase();
        let street = match label.as_str() {
            "pre" | "preflop" | "pre-flop" => Some(Stage::Preflop),
            "flop" => Some(Stage::Flop),
            "turn" => Some(Stage::Turn),
            "river" => Some(Stage::River),
            "win" | "winners" => None,
            _ => return Err(at(n, Message::new(Msg::HandLabel).arg("text", label))),
        };
        match street {
            Some(street) => {
                // One past the limit is read at most: a long line is not
                // held whole to be refused.
                let actions = rest
                    .split(',')
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .take(super::MAX_ACTIONS + 1)
                    .map(step)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|m| at(n, m))?;
                hand.streets.push(Played {
                    stage: street,
                    up: Vec::new(),
                    actions,
                });
            }
            None if !hand.winners.is_empty() => {
                return Err(at(n, Message::new(Msg::HandWinSecond)));
            }
            None => {
                hand.winners = rest
                    .split('|')
                    .map(|group| {
                        group
                            .split_whitespace()
                            .map(|s| seat_number(s).map_err(|m| at(n, m)))
                            .collect::<Result<Vec<_>, _>>()
                    })
                    .collect::<Result<Vec<_>, _>>()?;
            }
        }
    }
    let mut hand = hand.within_limits()?;
    seat_forced_bets(&mut hand, &header).map_err(|m| at(head_line, m))?;
    Ok(hand)
}

fn chips(text: &str) -> Result<Chips, Message> {
    amount::parse(text).map_err(|m| {
        Message::new(Msg::HandAmount)
            .arg("text", text)
            .nested("problem", m)
    })
}

fn seat_number(text: &str) -> Result<u8, Message> {
    text.trim()
        .parse::<u8>()
        .ok()
        .filter(|s| (1..=10).contains(s))
        .ok_or_else(|| Message::new(Msg::HandSeat).arg("text", text.trim()))
}

/// What the first line says besides the game: the blinds, the ante and
/// the button.
struct Header {
    small_blind: Chips,
    big_blind: Chips,
    /// The ante, and whether only the big blind posts it.
    ante: Option<(bool, Chips)>,
    button: u8,
}

fn header(line: &str) -> Result<(Hand, Header), Message> {
    let mut words = line.split_whitespace();
    let game = match words.next().map(str::to_ascii_lowercase).as_deref() {
        Some("nl" | "nlhe" | "no-limit") => Game::NoLimit,
        Some("pl" | "plo" | "pot-limit") => Game::PotLimit,
        Some("fl" | "lhe" | "limit") => Game::Limit,
        other => {
            return Err(Message::new(Msg::HandGame).arg("text", other.unwrap_or("")));
        }
    };
    let blinds = words.next().unwrap_or("");
    let (sb, bb) = blinds
        .split_once('/')
        .ok_or_else(|| Message::new(Msg::HandBlinds).arg("text", blinds))?;
    let mut head = Header {
        small_blind: chips(sb)?,
        big_blind: chips(bb)?,
        ante: None,
        button: 0,
    };
    let hand = Hand {
        variant: Variant::holdem(game),
        game,
        unit: Unit::WHOLE,
        seats: Vec::new(),
        small_blind: head.small_blind,
        big_blind: head.big_blind,
        bring_in: None,
        ante_trimming: false,
        streets: Vec::new(),
        winners: Vec::new(),
        winnings: None,
        finishing: None,
        id: None,
        notation: Notation::Compact,
        cards: Vec::new(),
    };
    while let Some(word) = words.next() {
        let value = words.next().unwrap_or("");
        match word.to_ascii_lowercase().as_str() {
            "ante" => head.ante = Some((false, chips(value)?)),
            "bbante" => head.ante = Some((true, chips(value)?)),
            "button" | "btn" => head.button = seat_number(value)?,
            other => return Err(Message::new(Msg::HandHeaderWord).arg("text", other)),
        }
    }
    Ok((hand, head))
}

/// Puts the players in table order from the first seat left of the button
/// and places the blinds (heads-up the button posts the small blind) and
/// the antes (every player's, or the big blind's alone).
fn seat_forced_bets(hand: &mut Hand, head: &Header) -> Result<(), Message> {
    let b = hand
        .seats
        .iter()
        .position(|s| s.number == head.button)
        .ok_or_else(|| Message::new(Msg::HandButton).arg("seat", head.button))?;
    let n = hand.seats.len();
    hand.seats.rotate_left((b + 1) % n.max(1));
    let (sb, bb) = if n == 2 { (1, 0) } else { (0, 1) };
    if n >= 2 {
        if let Some(s) = hand.seats.get_mut(sb) {
            s.blind = head.small_blind;
        }
        if let Some(s) = hand.seats.get_mut(bb) {
            s.blind = head.big_blind;
        }
    }
    match head.ante {
        Some((true, a)) => {
            if let Some(s) = hand.seats.get_mut(bb) {
                s.ante = a;
            }
        }
        Some((false, a)) => hand.seats.iter_mut().for_each(|s| s.ante = a),
        None => {}
    }
    Ok(())
}

fn table(line: &str) -> Result<Vec<Seated>, Message> {
    line.split([' ', ','])
        .filter(|i| !i.trim().is_empty())
        .map(|item| {
            let (seat, stack) = item
                .split_once(':')
                .ok_or_else(|| Message::new(Msg::HandSeatItem).arg("text", item))?;
            let number = seat_number(seat)?;
            let stack = if stack.trim() == "?" {
                None
            } else {
                Some(chips(stack)?)
            };
            Ok(Seated {
                seat: Some(number),
                ..Seated::new(number, stack)
            })
        })
        .collect()
}

fn step(item: &str) -> Result<Move, Message> {
    let bad = || Message::new(Msg::HandAction).arg("text", item);
    let mut parts = item.split_whitespace();
    let (Some(seat), Some(what), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad());
    };
    let player = seat_number(seat)?;
    let (code, rest) = what.split_at(what.char_indices().nth(1).map_or(what.len(), |(i, _)| i));
    let value = || chips(rest);
    let act = match (code.to_ascii_lowercase().as_str(), rest.is_empty()) {
        ("f", true) => Act::Fold,
        ("x", true) => Act::Check,
        ("c", true) => Act::Call(None),
        ("c", false) => Act::Call(Some(value()?)),
        ("b", false) => Act::Bet(value()?),
        ("r", false) => match rest.split_once('+') {
            Some((first, second)) => Act::TwoMotions(chips(first)?, chips(second)?),
            None => Act::Raise(value()?),
        },
        ("a", true) => Act::AllIn(None),
        ("a", false) => Act::AllIn(Some(value()?)),
        ("p", false) => Act::Pushed(value()?),
        ("o", false) => Act::Chips(vec![value()?]),
        ("m", false) => Act::Chips(rest.split('+').map(chips).collect::<Result<_, _>>()?),
        ("s", false) => Act::Said(value()?),
        _ => return Err(bad()),
    };
    Ok(Move { player, act })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Recorded;

    const EXAMPLE: &str = "NL 100/200 ante 25 button 6  # a cash game
1:5000 2:12000 3:800 4:20000 5:7000 6:9000
pre: 3 r600, 4 c, 5 f, 6 r1600, 1 f, 2 c, 3 a, 4 c
flop: 2 x, 4 b1000, 6 f, 2 c
turn: 2 x, 4 x
river: 2 b2000, 4 f
win: 2
";

    #[test]
    fn a_whole_hand_in_a_few_lines() {
        let h = parse(EXAMPLE).unwrap();
        assert_eq!(
            (h.game, h.small_blind, h.big_blind, h.button()),
            (Game::NoLimit, 100, 200, 6)
        );
        // Table order from the first seat left of the button.
        assert_eq!(h.seats[0].number, 1);
        assert_eq!(
            (h.seats[0].blind, h.seats[1].blind, h.seats[2].ante),
            (100, 200, 25)
        );
        assert_eq!(h.seats.len(), 6);
        assert_eq!(h.streets.len(), 4);
        assert_eq!(h.streets[0].actions[0].act, Act::Raise(600));
        assert_eq!(h.streets[0].actions[6].act, Act::AllIn(None));
        assert_eq!(h.winners, vec![vec![2]]);
    }

    #[test]
    fn what_the_floor_is_called_about_has_its_own_actions() {
        let h = parse("NL 100/200 button 2\n1:5000 2:5000\npre: 2 p1400, 1 o5000, 2 m1000+500, 1 s1400, 2 r600+600, 1 c300\n").unwrap();
        let acts: Vec<&Act> = h.streets[0].actions.iter().map(|m| &m.act).collect();
        assert_eq!(
            acts,
            [
                &Act::Pushed(1400),
                &Act::Chips(vec![5000]),
                &Act::Chips(vec![1000, 500]),
                &Act::Said(1400),
                &Act::TwoMotions(600, 600),
                &Act::Call(Some(300)),
            ]
        );
    }

    #[test]
    fn an_action_is_shown_as_the_notation_writes_it() {
        for item in [
            "3 r600",
            "4 c",
            "5 f",
            "2 x",
            "1 b1000",
            "2 p1400",
            "1 o5000",
            "2 m1000+500",
        ]
        .into_iter()
        .chain(["1 s1400", "2 r600+600", "1 c300", "3 a", "3 a2500"])
        {
            let mv = step(item).unwrap();
            let shown = Recorded {
                action: mv,
                notation: Notation::Compact,
                unit: Unit::WHOLE,
            };
            assert_eq!(shown.to_string(), item);
        }
        // Written otherwise, the action is shown in the one spelling.
        let mv = step("3 R1.2k").unwrap();
        assert_eq!(mv.act.written(Notation::Compact, Unit::WHOLE), "r1200");
    }

    proptest::proptest! {
        #[test]
        fn an_action_reads_back_from_what_is_shown(
            player in 1u8..=10,
            code in 0usize..12,
            a in 1u64..1_000_000,
            b in 1u64..1_000_000,
        ) {
            let act = match code {
                0 => Act::Fold,
                1 => Act::Check,
                2 => Act::Call(None),
                3 => Act::Call(Some(a)),
                4 => Act::Bet(a),
                5 => Act::Raise(a),
                6 => Act::TwoMotions(a, b),
                7 => Act::AllIn(None),
                8 => Act::AllIn(Some(a)),
                9 => Act::Pushed(a),
                10 => Act::Chips(vec![a, b]),
                _ => Act::Said(a),
            };
            let mv = Move { player, act };
            let shown = Recorded { action: mv.clone(), notation: Notation::Compact, unit: Unit::WHOLE };
            proptest::prop_assert_eq!(step(&shown.to_string()).unwrap(), mv);
        }
    }

    #[test]
    fn errors_name_the_line() {
        for (text, line) in [
            ("XL 1/2\n1:5", "1"),
            ("NL 1/2\n1:abc", "2"),
            ("NL 1/2 button 1\n1:5 2:5\npre: 1 z", "3"),
            ("NL 1/2\n1:5\nshowdown: 1", "3"),
        ] {
            let err = parse(text).expect_err(text);
            assert_eq!(err.text_arg("line"), Some(line), "{text}");
        }
    }
}
