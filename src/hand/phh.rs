//! Hands in PHH, the open poker hand-history format (TOML): the board games
//! floor rules on (`NT`, `NS` no-limit, `PO` pot-limit, `FT` fixed-limit).
//! Players `p1`, `p2`, … keep their numbers; `p1` is the small blind, the
//! last player the button (heads-up the forced bets are reversed: `p2` is the
//! button and posts the small blind).

use serde::Deserialize;

use super::{Act, Hand, Move, Played, Seated};
use crate::message::{Message, Msg};
use crate::poker::{Chips, Game, Street};

/// A number in a PHH file: an integer, or a float that is a whole number.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(untagged)]
enum Number {
    Int(u64),
    Float(f64),
}

impl Number {
    fn chips(self, field: &str) -> Result<Option<Chips>, Message> {
        match self {
            Number::Int(n) => Ok(Some(n)),
            Number::Float(f) if f.is_infinite() && f > 0.0 => Ok(None),
            Number::Float(f) if f >= 0.0 && f.fract() == 0.0 && f < 1e18 => Ok(Some(f as Chips)),
            Number::Float(f) => Err(Message::new(Msg::PhhNumber)
                .arg("field", field)
                .arg("value", f)),
        }
    }
}

#[derive(Debug, Deserialize)]
struct File {
    variant: String,
    #[serde(default)]
    antes: Vec<Number>,
    #[serde(default)]
    blinds_or_straddles: Vec<Number>,
    #[serde(default)]
    small_bet: Option<Number>,
    #[serde(default)]
    big_bet: Option<Number>,
    starting_stacks: Vec<Number>,
    #[serde(default)]
    actions: Vec<String>,
    #[serde(default)]
    winnings: Vec<Number>,
}

/// Parses a PHH file's text.
pub fn parse(text: &str) -> Result<Hand, Message> {
    let f: File = toml::from_str(text)
        .map_err(|e| Message::new(Msg::PhhSyntax).arg("problem", e.message()))?;
    let game = match f.variant.as_str() {
        "NT" | "NS" => Game::NoLimit,
        "PO" => Game::PotLimit,
        "FT" => Game::Limit,
        other => return Err(Message::new(Msg::PhhVariant).arg("variant", other)),
    };
    let n = f.starting_stacks.len();
    if !(2..=10).contains(&n) {
        return Err(Message::new(Msg::PhhPlayers).arg("count", n));
    }
    let number = |i: usize| u8::try_from(i + 1).unwrap_or(u8::MAX);
    let seats = f
        .starting_stacks
        .iter()
        .enumerate()
        .map(|(i, s)| {
            Ok(Seated {
                number: number(i),
                stack: s.chips("starting_stacks")?,
            })
        })
        .collect::<Result<Vec<_>, Message>>()?;
    let amounts = |v: &[Number], field: &str| -> Result<Vec<Chips>, Message> {
        let mut out: Vec<Chips> = v
            .iter()
            .map(|x| x.chips(field).map(|c| c.unwrap_or(0)))
            .collect::<Result<_, _>>()?;
        out.resize(n, 0);
        // Heads-up the forced bets are reversed.
        if n == 2 {
            out.reverse();
        }
        Ok(out)
    };
    let blinds = amounts(&f.blinds_or_straddles, "blinds_or_straddles")?;
    let (button, sb_player, bb_player) = if n == 2 {
        (2, 2, 1)
    } else {
        (number(n - 1), 1, 2)
    };
    let at = |p: u8| blinds.get(usize::from(p) - 1).copied().unwrap_or(0);
    if blinds.iter().filter(|b| **b > 0).count() > 2 {
        return Err(Message::new(Msg::PhhStraddle));
    }
    let (small_blind, mut big_blind) = (at(sb_player), at(bb_player));
    if game == Game::Limit {
        let small = f
            .small_bet
            .map(|b| b.chips("small_bet"))
            .transpose()?
            .flatten();
        let big = f.big_bet.map(|b| b.chips("big_bet")).transpose()?.flatten();
        match (small, big) {
            (Some(s), Some(b)) if b == s.saturating_mul(2) => big_blind = s,
            _ => return Err(Message::new(Msg::PhhLimitBets)),
        }
    }
    let antes = amounts(&f.antes, "antes")?
        .into_iter()
        .enumerate()
        .filter(|(_, a)| *a > 0)
        .map(|(i, a)| (number(i), a))
        .collect();
    let mut hand = Hand {
        game,
        seats,
        button,
        small_blind,
        big_blind,
        antes,
        streets: vec![Played {
            street: Street::Preflop,
            actions: Vec::new(),
        }],
        winners: Vec::new(),
        winnings: Vec::new(),
    };
    let next = [Street::Flop, Street::Turn, Street::River];
    for (i, line) in f.actions.iter().enumerate() {
        let text = line.split('#').next().unwrap_or("").trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = || {
            Message::new(Msg::PhhAction)
                .arg("n", i + 1)
                .arg("text", text)
        };
        match words.as_slice() {
            [] | ["d", "dh", ..] => {}
            ["d", "db", ..] => {
                let street = next.get(hand.streets.len() - 1).copied().ok_or_else(bad)?;
                hand.streets.push(Played {
                    street,
                    actions: Vec::new(),
                });
            }
            [player, rest @ ..] => {
                let Some(p) = player
                    .strip_prefix('p')
                    .and_then(|d| d.parse::<u8>().ok())
                    .filter(|p| usize::from(*p) >= 1 && usize::from(*p) <= n)
                else {
                    return Err(bad());
                };
                let act = match rest {
                    ["cbr", amount] => Act::BetOrRaise(action_chips(amount).ok_or_else(bad)??),
                    ["cc"] => Act::CheckOrCall,
                    ["f"] => Act::Fold,
                    ["sm", ..] => continue,
                    _ => return Err(bad()),
                };
                if let Some(street) = hand.streets.last_mut() {
                    street.actions.push(Move {
                        player: p,
                        act,
                        given: text.to_string(),
                    });
                }
            }
        }
    }
    // What each player won: matched to the pots once they are known.
    for (i, w) in f.winnings.iter().enumerate() {
        if let Some(chips) = w.chips("winnings")?.filter(|c| *c > 0) {
            hand.winnings.push((number(i), chips));
        }
    }
    hand.within_limits()
}

/// An amount of a PHH action: whole chips, written as an integer or as a
/// decimal that is a whole number (`2000.0`); `None` when it is no number
/// at all, an error when it is a fraction of a chip.
fn action_chips(text: &str) -> Option<Result<Chips, Message>> {
    if let Ok(n) = text.parse::<u64>() {
        return Some(Ok(n));
    }
    let f: f64 = text.parse().ok().filter(|f: &f64| f.is_finite())?;
    Some(Number::Float(f).chips("actions").map(|c| c.unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dwan_ivey_hand_reads() {
        let h = parse(
            r#"
variant = "NT"
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h",
  "p3 cbr 7000", "p1 cbr 23000", "p2 f", "p3 cc",
  "d db Jc3d5c", "p1 cbr 35000", "p3 cc",
  "d db 4h", "p1 cbr 90000", "p3 cbr 232600", "p1 cbr 1067100", "p3 cc",
  "p1 sm Ac2d", "p3 sm 7h6h", "d db Jh",
]
"#,
        )
        .unwrap();
        assert_eq!((h.button, h.small_blind, h.big_blind), (3, 1000, 2000));
        assert_eq!(h.antes.len(), 3);
        assert_eq!(h.streets.len(), 4);
        assert_eq!(h.streets[2].actions[1].act, Act::BetOrRaise(232600));
        assert!(h.streets[3].actions.is_empty());
    }

    #[test]
    fn heads_up_forced_bets_are_reversed() {
        let h = parse(
            "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 300]\nactions = [\"p2 cc\", \"p1 cc\"]\n",
        )
        .unwrap();
        assert_eq!((h.button, h.small_blind, h.big_blind), (2, 1, 2));
    }

    #[test]
    fn unsupported_files_say_why() {
        assert!(parse("variant = \"F7S\"\nstarting_stacks = [1, 2]\n").is_err());
        assert!(parse("variant = \"NT\"\nstarting_stacks = [1]\n").is_err());
        assert!(parse("not toml =").is_err());
    }
}
