//! Cards as hand histories write them (`Ac`, `Td`, `??` for a card not
//! known), and what the stud games need of the cards dealt face up: who
//! brings in (the lowest up card; razz: the highest) and who opens a later
//! street (the best showing hand; razz: the lowest).

/// A card's suit, in the order that breaks ties between equal ranks:
/// clubs lowest, then diamonds, hearts, spades.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    /// Clubs.
    Clubs,
    /// Diamonds.
    Diamonds,
    /// Hearts.
    Hearts,
    /// Spades.
    Spades,
}

impl Suit {
    /// The suit's name, as a typed answer's items carry it.
    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
}

/// A card: its rank (2 to 14, the ace 14) and suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize)]
pub struct Card {
    /// 2 to 14 (jack 11, queen 12, king 13, ace 14).
    pub rank: u8,
    /// The suit.
    pub suit: Suit,
}

/// How ranks are ordered when cards are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aces {
    /// The ace is the highest card.
    High,
    /// The ace is the lowest card (razz, ace-to-five low).
    Low,
}

impl Card {
    /// The rank under `aces`: the ace 14 or 1.
    pub fn rank_with(self, aces: Aces) -> u8 {
        match (self.rank, aces) {
            (14, Aces::Low) => 1,
            (r, _) => r,
        }
    }

    /// The card's order by rank, then suit.
    fn order(self, aces: Aces) -> (u8, Suit) {
        (self.rank_with(aces), self.suit)
    }
}

impl std::fmt::Display for Card {
    /// As hand histories write it: `7c`, `Td`, `As`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rank = match self.rank {
            10 => 'T',
            11 => 'J',
            12 => 'Q',
            13 => 'K',
            14 => 'A',
            r => char::from(b'0' + r % 10),
        };
        let suit = match self.suit {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        };
        write!(f, "{rank}{suit}")
    }
}

/// Who brings in on third street, with his upcard: the lowest upcard
/// (razz, `Aces::Low`: the highest, the ace low). Equal ranks are broken by
/// suit in the order of [`Suit`]: the lowest suit brings in (razz: the
/// highest). No rulebook states the suit order for the bring-in (see the
/// `stud-first-to-act` incident): this is the common stud practice. The
/// one place the bring-in is chosen, for `floor hand` and the incident.
///
/// ```
/// use floor::poker::cards::{Aces, bring_in, parse_cards};
/// let up = |t: &str| parse_cards(t).unwrap()[0].unwrap();
/// let cards = [(2, up("2h")), (5, up("2c")), (7, up("Ks"))];
/// assert_eq!(bring_in(&cards, Aces::High).map(|(s, _)| s), Some(5));
/// assert_eq!(bring_in(&cards, Aces::Low).map(|(s, _)| s), Some(7));
/// ```
pub fn bring_in<P: Copy>(upcards: &[(P, Card)], aces: Aces) -> Option<(P, Card)> {
    let order = |a: &&(P, Card), b: &&(P, Card)| by_rank_then_suit(a.1, b.1, aces);
    match aces {
        Aces::High => upcards.iter().min_by(order),
        Aces::Low => upcards.iter().max_by(order),
    }
    .copied()
}

/// Whether another upcard has the rank of `card` under `aces`: the suit
/// decided who brings in.
pub fn tied_on_rank<P>(upcards: &[(P, Card)], card: Card, aces: Aces) -> bool {
    upcards
        .iter()
        .filter(|(_, c)| c.rank_with(aces) == card.rank_with(aces))
        .count()
        > 1
}

/// Reads cards written one after another (`Ac2d`, `7h6h`). Unknown cards
/// (`??`) are `None`. `None` for the whole when the text is no cards.
///
/// ```
/// use floor::poker::cards::{Suit, parse_cards};
/// let cards = parse_cards("Td??").unwrap();
/// assert_eq!(cards[0].map(|c| (c.rank, c.suit)), Some((10, Suit::Diamonds)));
/// assert!(cards[1].is_none());
/// assert!(parse_cards("Tx").is_none());
/// ```
pub fn parse_cards(text: &str) -> Option<Vec<Option<Card>>> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes
        .chunks(2)
        .map(|pair| match pair {
            [b'?', b'?'] => Some(None),
            [rank, suit] => {
                let rank = match rank.to_ascii_uppercase() {
                    d @ b'2'..=b'9' => d - b'0',
                    b'T' => 10,
                    b'J' => 11,
                    b'Q' => 12,
                    b'K' => 13,
                    b'A' => 14,
                    _ => return None,
                };
                let suit = match suit.to_ascii_lowercase() {
                    b'c' => Suit::Clubs,
                    b'd' => Suit::Diamonds,
                    b'h' => Suit::Hearts,
                    b's' => Suit::Spades,
                    _ => return None,
                };
                Some(Some(Card { rank, suit }))
            }
            _ => None,
        })
        .collect()
}

/// The strength of a showing hand of up to four cards: pairs, two pair,
/// trips, quads and the ranks (no straight or flush counts with fewer than
/// five cards). Compared as a whole: a greater value is the better high
/// hand; for a low hand (`Aces::Low`) the smaller value is the better one.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Showing {
    /// 0 no pair, 1 one pair, 2 two pair, 3 trips, 4 quads.
    category: u8,
    /// The ranks, grouped by how often they show then by rank, highest
    /// first.
    ranks: Vec<u8>,
}

/// The showing hand of `cards` with the ace ranked by `aces`.
///
/// ```
/// use floor::poker::cards::{Aces, parse_cards, showing};
/// let cards = |t: &str| parse_cards(t).unwrap().into_iter().flatten().collect::<Vec<_>>();
/// assert!(showing(&cards("9s9d"), Aces::High) > showing(&cards("AsKd"), Aces::High));
/// assert!(showing(&cards("7s4d"), Aces::Low) < showing(&cards("8s2d"), Aces::Low));
/// ```
pub fn showing(cards: &[Card], aces: Aces) -> Showing {
    let mut counts: Vec<(u8, u8)> = Vec::new();
    for c in cards {
        let r = c.rank_with(aces);
        match counts.iter_mut().find(|(rank, _)| *rank == r) {
            Some((_, n)) => *n += 1,
            None => counts.push((r, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
    let category = match counts
        .iter()
        .map(|(_, n)| *n)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [4, ..] => 4,
        [3, ..] => 3,
        [2, 2, ..] => 2,
        [2, ..] => 1,
        _ => 0,
    };
    Showing {
        category,
        ranks: counts.iter().map(|(r, _)| *r).collect(),
    }
}

/// The highest of `cards` by rank, then suit (the card that breaks a tie
/// between equal showing hands).
pub fn highest(cards: &[Card], aces: Aces) -> Option<Card> {
    cards.iter().copied().max_by_key(|c| c.order(aces))
}

/// The lowest of `cards` by rank, then suit.
pub fn lowest(cards: &[Card], aces: Aces) -> Option<Card> {
    cards.iter().copied().min_by_key(|c| c.order(aces))
}

/// The order of two cards by rank, then suit.
pub fn by_rank_then_suit(a: Card, b: Card, aces: Aces) -> std::cmp::Ordering {
    a.order(aces).cmp(&b.order(aces))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(t: &str) -> Vec<Card> {
        parse_cards(t).unwrap().into_iter().flatten().collect()
    }

    #[test]
    fn showing_hands_rank_pairs_above_high_cards() {
        let ranked = ["AsKd", "2s2d", "2s2d3c3h", "5s5d5c", "4s4d4c4h"];
        let keys: Vec<Showing> = ranked
            .iter()
            .map(|t| showing(&cards(t), Aces::High))
            .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
    }

    #[test]
    fn in_razz_the_ace_is_low_and_a_pair_is_bad() {
        let best_low = showing(&cards("As2d"), Aces::Low);
        assert!(best_low < showing(&cards("3s2d"), Aces::Low));
        assert!(showing(&cards("KsQd"), Aces::Low) < showing(&cards("2s2d"), Aces::Low));
    }

    #[test]
    fn cards_print_as_written() {
        for t in ["2c", "9d", "Th", "As", "Kc"] {
            assert_eq!(cards(t)[0].to_string(), t);
        }
    }

    // The bring-in: the lowest upcard, a tie by suit (clubs lowest); razz
    // the highest with the ace low, a tie by suit (spades highest).
    #[test]
    fn the_bring_in_is_the_low_card_by_suit_razz_the_high_card() {
        let up = |t: &str| -> Vec<(u8, Card)> {
            t.split(',')
                .enumerate()
                .map(|(i, c)| (i as u8 + 1, cards(c)[0]))
                .collect()
        };
        // (upcards by seat 1.., stud, razz, suit decided in stud)
        for (given, stud, razz, tie) in [
            ("2h,2c,Ks", 2, 3, true),
            ("3d,As,4c", 1, 3, false),
            ("Ah,Kc,Kd", 2, 3, true),
            ("7s,7h,7d,7c", 4, 1, true),
            ("Qc,Qs,2d", 3, 2, false),
        ] {
            let u = up(given);
            let (seat, card) = bring_in(&u, Aces::High).unwrap();
            assert_eq!(seat, stud, "{given}");
            assert_eq!(tied_on_rank(&u, card, Aces::High), tie, "{given}");
            assert_eq!(bring_in(&u, Aces::Low).unwrap().0, razz, "{given}");
        }
        assert!(bring_in::<u8>(&[], Aces::High).is_none());
    }

    #[test]
    fn ties_break_by_suit() {
        let c = cards("7c7s");
        assert_eq!(highest(&c, Aces::High).map(|c| c.suit), Some(Suit::Spades));
        assert_eq!(lowest(&c, Aces::High).map(|c| c.suit), Some(Suit::Clubs));
        assert_eq!(lowest(&cards("AsKc"), Aces::Low).map(|c| c.rank), Some(14));
    }
}
