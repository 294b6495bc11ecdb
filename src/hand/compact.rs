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

use super::{Act, Hand, Move, Played, Seated};
use crate::message::{Message, Msg};
use crate::poker::{Chips, Game, Street, amount};

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
    let mut hand = header(head).map_err(|m| at(n, m))?;
    let (n, seats) = lines.next().ok_or_else(|| Message::new(Msg::HandNoSeats))?;
    hand.seats = table(seats).map_err(|m| at(n, m))?;
    for (n, line) in lines {
        let (label, rest) = line
            .split_once(':')
            .ok_or_else(|| at(n, Message::new(Msg::HandLabel).arg("text", line)))?;
        let label = label.trim().to_ascii_lowercase();
        let street = match label.as_str() {
            "pre" | "preflop" | "pre-flop" => Some(Street::Preflop),
            "flop" => Some(Street::Flop),
            "turn" => Some(Street::Turn),
            "river" => Some(Street::River),
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
                hand.streets.push(Played { street, actions });
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
    hand.within_limits()
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

fn header(line: &str) -> Result<Hand, Message> {
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
    let mut hand = Hand {
        game,
        seats: Vec::new(),
        button: 0,
        small_blind: chips(sb)?,
        big_blind: chips(bb)?,
        antes: Vec::new(),
        streets: Vec::new(),
        winners: Vec::new(),
        winnings: Vec::new(),
    };
    let mut ante: Option<(bool, Chips)> = None;
    while let Some(word) = words.next() {
        let value = words.next().unwrap_or("");
        match word.to_ascii_lowercase().as_str() {
            "ante" => ante = Some((false, chips(value)?)),
            "bbante" => ante = Some((true, chips(value)?)),
            "button" | "btn" => hand.button = seat_number(value)?,
            other => return Err(Message::new(Msg::HandHeaderWord).arg("text", other)),
        }
    }
    // Antes are placed once the seats are known.
    if let Some((bb_only, a)) = ante {
        hand.antes.push((if bb_only { 0 } else { u8::MAX }, a));
    }
    Ok(hand)
}

fn table(line: &str) -> Result<Vec<Seated>, Message> {
    line.split([' ', ','])
        .filter(|i| !i.trim().is_empty())
        .map(|item| {
            let (seat, stack) = item
                .split_once(':')
                .ok_or_else(|| Message::new(Msg::HandSeatItem).arg("text", item))?;
            Ok(Seated {
                number: seat_number(seat)?,
                stack: if stack.trim() == "?" {
                    None
                } else {
                    Some(chips(stack)?)
                },
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
    Ok(Move {
        player,
        act,
        given: item.to_string(),
    })
}

/// Places the antes parsed from the header on the players: every player's,
/// or the big blind's alone (marked 0 by the header).
pub(crate) fn place_antes(hand: &mut Hand, big_blind_player: u8) {
    let placed: Vec<(u8, Chips)> = hand
        .antes
        .iter()
        .flat_map(|(who, a)| {
            if *who == 0 {
                vec![(big_blind_player, *a)]
            } else if *who == u8::MAX {
                hand.seats.iter().map(|s| (s.number, *a)).collect()
            } else {
                vec![(*who, *a)]
            }
        })
        .collect();
    hand.antes = placed;
}

#[cfg(test)]
mod tests {
    use super::*;

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
            (h.game, h.small_blind, h.big_blind, h.button),
            (Game::NoLimit, 100, 200, 6)
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
