//! The poker variants a hand history records (the PHH codes) and what each
//! means for the betting: its structure, its betting rounds, whether blinds
//! or a bring-in open the first round, who opens the later rounds, and how
//! a pot is won (high, high-low, low).

use super::{Game, Street};

/// How the cards are dealt, which decides the betting rounds and who opens
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Hole cards and a board, blinds: hold'em, Omaha (pre-flop, flop,
    /// turn, river).
    Board,
    /// Seven-card stud: antes and a bring-in, cards dealt up; the lowest up
    /// card (razz: the highest) brings in, the best showing hand opens the
    /// later streets (razz: the lowest).
    Stud,
    /// Draw games: blinds, then a draw before each later betting round.
    Draw {
        /// How many draws.
        draws: u8,
    },
}

/// How a pot is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// The best high hand.
    High,
    /// Split between the best high hand and the best qualifying low (eight
    /// or better); the high hand takes all when no low qualifies.
    HighLow,
    /// The best ace-to-five low (razz).
    Low,
    /// The best deuce-to-seven low.
    DeuceToSeven,
    /// The best badugi.
    Badugi,
}

/// A variant of the PHH format (or the compact notation's hold'em).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// The PHH code (`NT`, `F7S/8`, …); the compact notation's game word for
    /// its hands (`NL`, `PL`, `FL`).
    pub code: &'static str,
    /// The betting structure.
    pub game: Game,
    /// How the cards are dealt.
    pub family: Family,
    /// How a pot is won.
    pub split: Split,
}

/// Every PHH variant, in the order of the specification's table.
pub const PHH_VARIANTS: [Variant; 11] = [
    Variant::board("FT", Game::Limit, Split::High),
    Variant::board("NT", Game::NoLimit, Split::High),
    Variant::board("NS", Game::NoLimit, Split::High),
    Variant::board("PO", Game::PotLimit, Split::High),
    Variant::board("FO/8", Game::Limit, Split::HighLow),
    Variant::stud("F7S", Split::High),
    Variant::stud("F7S/8", Split::HighLow),
    Variant::stud("FR", Split::Low),
    Variant::draw("N2L1D", Game::NoLimit, 1, Split::DeuceToSeven),
    Variant::draw("F2L3D", Game::Limit, 3, Split::DeuceToSeven),
    Variant::draw("FB", Game::Limit, 3, Split::Badugi),
];

impl Variant {
    const fn board(code: &'static str, game: Game, split: Split) -> Variant {
        Variant {
            code,
            game,
            family: Family::Board,
            split,
        }
    }

    const fn stud(code: &'static str, split: Split) -> Variant {
        Variant {
            code,
            game: Game::Limit,
            family: Family::Stud,
            split,
        }
    }

    const fn draw(code: &'static str, game: Game, draws: u8, split: Split) -> Variant {
        Variant {
            code,
            game,
            family: Family::Draw { draws },
            split,
        }
    }

    /// The PHH variant of `code`.
    ///
    /// ```
    /// use floor::poker::variant::{Family, Variant};
    /// assert_eq!(Variant::phh("F7S/8").unwrap().family, Family::Stud);
    /// assert!(Variant::phh("XYZ").is_none());
    /// ```
    pub fn phh(code: &str) -> Option<Variant> {
        PHH_VARIANTS.iter().copied().find(|v| v.code == code)
    }

    /// Hold'em in the compact notation: `NL`, `PL` or `FL`.
    pub fn holdem(game: Game) -> Variant {
        let code = match game {
            Game::NoLimit => "NL",
            Game::PotLimit => "PL",
            Game::Limit => "FL",
        };
        Variant::board(code, game, Split::High)
    }

    /// The betting rounds, in order.
    pub fn stages(self) -> &'static [Stage] {
        match self.family {
            Family::Board => &[Stage::Preflop, Stage::Flop, Stage::Turn, Stage::River],
            Family::Stud => &[
                Stage::Third,
                Stage::Fourth,
                Stage::Fifth,
                Stage::Sixth,
                Stage::Seventh,
            ],
            Family::Draw { draws: 1 } => &[Stage::Predraw, Stage::FirstDraw],
            Family::Draw { .. } => &[
                Stage::Predraw,
                Stage::FirstDraw,
                Stage::SecondDraw,
                Stage::ThirdDraw,
            ],
        }
    }

    /// Whether blinds open the first round (else a bring-in).
    pub fn has_blinds(self) -> bool {
        self.family != Family::Stud
    }
}

/// A betting round of a variant, as the floor names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Stage {
    /// Hold'em and Omaha: before the flop.
    Preflop,
    /// The flop.
    Flop,
    /// The turn.
    Turn,
    /// The river.
    River,
    /// Stud: third street (the bring-in).
    Third,
    /// Stud: fourth street.
    Fourth,
    /// Stud: fifth street.
    Fifth,
    /// Stud: sixth street.
    Sixth,
    /// Stud: seventh street (the river).
    Seventh,
    /// Draw games: before the first draw.
    Predraw,
    /// After the first draw.
    FirstDraw,
    /// After the second draw.
    SecondDraw,
    /// After the third draw.
    ThirdDraw,
}

impl Stage {
    /// The betting round the one model plays it as: pre-flop where blinds
    /// open it; in limit the small-bet rounds as the flop and the big-bet
    /// rounds as the turn and river.
    ///
    /// ```
    /// use floor::poker::Street;
    /// use floor::poker::variant::Stage;
    /// assert_eq!(Stage::Fifth.street(), Street::Turn);
    /// assert_eq!(Stage::Predraw.street(), Street::Preflop);
    /// ```
    pub fn street(self) -> Street {
        match self {
            Stage::Preflop | Stage::Predraw => Street::Preflop,
            Stage::Flop | Stage::Third | Stage::Fourth | Stage::FirstDraw => Street::Flop,
            Stage::Turn | Stage::Fifth | Stage::Sixth | Stage::SecondDraw => Street::Turn,
            Stage::River | Stage::Seventh | Stage::ThirdDraw => Street::River,
        }
    }

    /// The id of the stage (`preflop`, `third`, `first-draw`).
    pub fn id(self) -> &'static str {
        self.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phh_variant_has_its_rounds() {
        let rounds: Vec<(&str, usize)> = PHH_VARIANTS
            .iter()
            .map(|v| (v.code, v.stages().len()))
            .collect();
        assert_eq!(
            rounds,
            [
                ("FT", 4),
                ("NT", 4),
                ("NS", 4),
                ("PO", 4),
                ("FO/8", 4),
                ("F7S", 5),
                ("F7S/8", 5),
                ("FR", 5),
                ("N2L1D", 2),
                ("F2L3D", 4),
                ("FB", 4)
            ]
        );
    }

    #[test]
    fn limit_rounds_take_the_small_bet_then_the_big_bet() {
        let multiples = |v: &str| -> Vec<Option<u64>> {
            Variant::phh(v)
                .unwrap()
                .stages()
                .iter()
                .map(|s| s.street().limit_multiple())
                .collect()
        };
        assert_eq!(
            multiples("F7S"),
            [Some(1), Some(1), Some(2), Some(2), Some(2)]
        );
        assert_eq!(multiples("F2L3D"), [Some(1), Some(1), Some(2), Some(2)]);
    }
}
