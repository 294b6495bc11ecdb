//! The situation one player faces when it is his turn: the bet, his chips in
//! front and behind, the last full raise, the pot, and whether betting is
//! open for him. Every amount a ruling needs is derived here, once: the
//! call, the minimum raise-to (TDA 43, raised where a house sets a higher
//! minimum) and the pot-limit maximum (TDA 54).
//!
//! A [`Round`](super::Round) derives the spot of any player from the actions;
//! an incident told the numbers builds it with [`Spot::new`].

use super::{Chips, Game, add};
use crate::message::{Message, Msg};

/// One player's decision point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    /// The betting structure.
    pub game: Game,
    /// The big blind of the level.
    pub big_blind: Chips,
    /// In limit games, the fixed bet of this street (the small or big bet);
    /// in no-limit and pot-limit, the big blind.
    pub unit: Chips,
    /// The highest total bet of the round (pre-flop at least the big blind).
    pub facing: Chips,
    /// The size of the last full bet or raise of the round (0 before any).
    pub full_raise: Chips,
    /// The player's own chips already in front this round.
    pub in_front: Chips,
    /// The player's chips behind; `None` when more than enough.
    pub stack: Option<Chips>,
    /// Everything in the pot and in front of the players, the bet faced and
    /// the player's own chips included; `None` when not known.
    pub pot: Option<Chips>,
    /// Betting is open for the player: he may raise (TDA 47), and in limit
    /// the raises are not capped.
    pub may_raise: bool,
    /// In limit, the raises of the round are capped (TDA 48): he may only
    /// call or fold.
    pub capped: bool,
    /// In limit, the total of the last bet or raise that counted (a full
    /// one, or an all-in of at least the share that re-opens): a raise goes
    /// one bet above it, so after a smaller all-in it completes the bet.
    /// `None`: the bet faced.
    pub level: Option<Chips>,
    /// A house minimum raise above TDA 43 (no-limit and pot-limit).
    pub house: Option<HouseMinimum>,
}

/// A house's minimum raise as a multiple of the bet raised (DPC's note
/// "Min RAISE = 2 times of prior bet"). "Prior bet" is read as the total
/// bet faced: a raise must reach `multiple` times it. It adds to TDA 43 and
/// never lowers it: the minimum is the larger of the two. A limit raise is
/// one fixed bet, so the house minimum is read in no-limit and pot-limit
/// only.
///
/// ```
/// use floor::poker::spot::HouseMinimum;
///
/// // Facing 1200: a raise to at least 2400, so it adds at least 1200.
/// assert_eq!(HouseMinimum { multiple: 2 }.raise_over(1200), 1200);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HouseMinimum {
    /// How many times the bet faced a raise must reach (at least 1).
    pub multiple: u32,
}

impl HouseMinimum {
    /// The least a raise over a total bet of `bet` adds under the house
    /// minimum: `(multiple - 1) × bet`.
    pub fn raise_over(self, bet: Chips) -> Chips {
        bet.saturating_mul(Chips::from(self.multiple.saturating_sub(1)))
    }
}

/// What the player's own chips allow against the bet he faces, where his
/// stack is known: a call, a raise or a bet can be more than he has, and
/// the card must then name the all-in he can make, not the amount he
/// cannot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChipsAllow {
    /// Every legal action (or his chips are not known).
    Enough,
    /// A call is all his chips: `total` is his call, all-in, and he
    /// cannot raise.
    CallAllIn {
        /// His total for the round once all-in.
        total: Chips,
    },
    /// More than a call, less than the smallest legal bet or raise: his
    /// only bet or raise is all-in for `total`.
    RaiseAllInOnly {
        /// His total for the round once all-in.
        total: Chips,
        /// The smallest legal total of a bet or raise.
        min_raise_to: Chips,
    },
}

impl Spot {
    /// A player facing `facing` with nothing else known: the last full raise
    /// is the bet faced (or nothing), nothing in front, chips enough, betting
    /// open.
    ///
    /// ```
    /// use floor::poker::{Game, Spot};
    ///
    /// // dpc-2019-en rule 52: NLHE 100-200, A opens for 600.
    /// let s = Spot::new(Game::NoLimit, 200, 600);
    /// assert_eq!(s.min_raise_to().unwrap(), 1200);
    /// ```
    pub fn new(game: Game, big_blind: Chips, facing: Chips) -> Spot {
        Spot {
            game,
            big_blind,
            unit: big_blind,
            facing,
            full_raise: facing,
            in_front: 0,
            stack: None,
            pot: None,
            may_raise: true,
            capped: false,
            level: None,
            house: None,
        }
    }

    /// Checks the facts against each other; errors name the answer key at
    /// fault.
    pub fn validate(&self) -> Result<(), (&'static str, Message)> {
        if self.big_blind == 0 {
            return Err(("big_blind", Message::new(Msg::BigBlindZero)));
        }
        if self.in_front > self.facing {
            return Err((
                "in_front",
                Message::new(Msg::InFrontOverFacing)
                    .arg("in_front", self.in_front)
                    .arg("facing", self.facing),
            ));
        }
        if self.game != Game::Limit && self.facing > 0 && self.full_raise > self.facing {
            return Err((
                "last_raise",
                Message::new(Msg::LastRaiseOverFacing)
                    .arg("last_raise", self.full_raise)
                    .arg("facing", self.facing),
            ));
        }
        Ok(())
    }

    /// The player has chips to put in to call.
    pub fn facing_bet(&self) -> bool {
        self.facing > self.in_front
    }

    /// The most the player can have in front: his chips in front and
    /// behind; `None` when his stack is not limiting.
    pub fn all_in_total(&self) -> Option<Chips> {
        self.stack.map(|s| self.in_front.saturating_add(s))
    }

    /// The total a call amounts to (capped by the player's chips).
    pub fn to_call(&self) -> Chips {
        self.all_in_total()
            .map_or(self.facing, |max| max.min(self.facing))
    }

    /// What his chips allow: a call that is all of them, a raise that can
    /// only be all-in, or enough for anything.
    ///
    /// ```
    /// use floor::poker::{Game, Spot, spot::ChipsAllow};
    ///
    /// // Facing 200 with 150 behind: he calls all-in for 150.
    /// let s = Spot { stack: Some(150), ..Spot::new(Game::NoLimit, 100, 200) };
    /// assert_eq!(s.chips_allow(), ChipsAllow::CallAllIn { total: 150 });
    /// assert_eq!(s.to_call(), 150);
    /// ```
    pub fn chips_allow(&self) -> ChipsAllow {
        let Some(total) = self.all_in_total() else {
            return ChipsAllow::Enough;
        };
        if self.facing_bet() && total <= self.facing {
            return ChipsAllow::CallAllIn { total };
        }
        match self.min_raise_to() {
            Ok(min_raise_to) if total < min_raise_to => ChipsAllow::RaiseAllInOnly {
                total,
                min_raise_to,
            },
            _ => ChipsAllow::Enough,
        }
    }

    /// The size of a minimum raise under TDA 43 alone: the last full bet or
    /// raise, at least the big blind (TDA 43-A); in limit, the street's
    /// fixed bet (a raise is exactly one bet). The 50% standard of 43-A is
    /// a share of this size.
    pub fn tda_raise_size(&self) -> Chips {
        match self.game {
            Game::Limit => self.unit,
            Game::NoLimit | Game::PotLimit => self.full_raise.max(self.big_blind),
        }
    }

    /// The size of a minimum raise, the size of a full raise: TDA 43's, or
    /// the house's where it is larger ([`HouseMinimum`]).
    pub fn min_raise_size(&self) -> Chips {
        let tda = self.tda_raise_size();
        match (self.game, self.house) {
            (Game::NoLimit | Game::PotLimit, Some(h)) => tda.max(h.raise_over(self.facing)),
            _ => tda,
        }
    }

    /// Where the house minimum raises the minimum raise-to above TDA 43:
    /// the minimum under the house and the one TDA 43 alone gives. `None`
    /// where it changes nothing (no house minimum, no bet faced, limit, or
    /// TDA 43 gives as much).
    pub fn house_raised(&self) -> Option<(Chips, Chips)> {
        let house = self.min_raise_to().ok()?;
        let tda = Spot {
            house: None,
            ..*self
        }
        .min_raise_to()
        .ok()?;
        (house > tda).then_some((house, tda))
    }

    /// The legal minimum total for a bet or raise: with no bet faced the big
    /// blind (limit: the fixed bet), else the bet faced plus a minimum raise;
    /// in limit one bet above the last bet or raise that counted (after an
    /// all-in short of the share that re-opens, the raise completes the bet).
    pub fn min_raise_to(&self) -> Result<Chips, Message> {
        if self.facing == 0 {
            Ok(match self.game {
                Game::Limit => self.min_raise_size(),
                Game::NoLimit | Game::PotLimit => self.big_blind,
            })
        } else {
            let from = match (self.game, self.level) {
                (Game::Limit, Some(level)) => level.min(self.facing),
                _ => self.facing,
            };
            add(from, self.min_raise_size(), "facing")
        }
    }

    /// The pot-limit maximum total (TDA 54): the player calls, then raises
    /// by the pot after his call, `facing + pot + (facing - in_front)`, never
    /// below the minimum bet or raise. Needs the pot.
    ///
    /// ```
    /// use floor::poker::{Game, Spot};
    ///
    /// // Post-flop pot 1000 (including a 300 bet faced): raise to 300 + 1000 + 300.
    /// let s = Spot { pot: Some(1000), ..Spot::new(Game::PotLimit, 200, 300) };
    /// assert_eq!(s.pot_limit_max().unwrap(), 1600);
    /// ```
    pub fn pot_limit_max(&self) -> Result<Chips, (&'static str, Message)> {
        let pot = self.pot.ok_or(("pot", Message::new(Msg::PotNeeded)))?;
        let call = self.facing.checked_sub(self.in_front).ok_or((
            "in_front",
            Message::new(Msg::InFrontOverFacing)
                .arg("in_front", self.in_front)
                .arg("facing", self.facing),
        ))?;
        // The pot holds the bet faced and, when it is another player's bet,
        // the player's own chips in front as well.
        let contained = if call > 0 {
            add(self.facing, self.in_front, "pot").map_err(|m| ("pot", m))?
        } else {
            self.facing
        };
        if pot < contained {
            return Err((
                "pot",
                Message::new(Msg::PotTooSmall)
                    .arg("pot", pot)
                    .arg("facing", self.facing)
                    .arg("in_front", self.in_front),
            ));
        }
        let raise_by = add(pot, call, "pot").map_err(|m| ("pot", m))?;
        let pot_total = add(self.facing, raise_by, "pot").map_err(|m| ("pot", m))?;
        let min_total = self.min_raise_to().map_err(|m| ("big_blind", m))?;
        Ok(pot_total.max(min_total))
    }

    /// The spot counted as if a blind posted short by an all-in player had
    /// been posted in full (TDA 54-B, pre-flop): `missing` chips more in the
    /// pot, and at least the big blind to call.
    pub fn with_full_blind(self, missing: Chips) -> Result<Spot, Message> {
        Ok(Spot {
            pot: match self.pot {
                Some(p) => Some(add(p, missing, "pot")?),
                None => None,
            },
            facing: self.facing.max(self.big_blind),
            ..self
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tda_43_min_raise_is_the_last_full_raise_at_least_the_big_blind() {
        // 400 raised to 1200: a raise of 800; the next raise is to 2000.
        let s = Spot {
            full_raise: 800,
            ..Spot::new(Game::NoLimit, 400, 1200)
        };
        assert_eq!(s.min_raise_to().unwrap(), 2000);
        // No bet: the minimum bet is the big blind.
        assert_eq!(
            Spot::new(Game::NoLimit, 400, 0).min_raise_to().unwrap(),
            400
        );
        // A raise smaller than the big blind still needs a big blind.
        let s = Spot {
            full_raise: 100,
            ..Spot::new(Game::NoLimit, 400, 500)
        };
        assert_eq!(s.min_raise_to().unwrap(), 900);
    }

    // dpc-2019-en DPC-1 "Min RAISE = 2 times of prior bet", the prior bet
    // read as the total bet faced: it raises the minimum, never lowers it.
    #[test]
    fn dpc_2019_en_house_minimum_is_twice_the_bet_faced_never_below_tda_43() {
        let house = Some(HouseMinimum { multiple: 2 });
        // (facing, last full raise, big blind, TDA 43 alone, with the house)
        for (facing, last, bb, tda, with) in [
            (1200, 800, 400, 2000, 2400),
            // The opening bet: both give twice the bet.
            (1000, 1000, 200, 2000, 2000),
            // A short all-in bet below the big blind: TDA 43 gives more.
            (300, 300, 400, 700, 700),
            (500, 100, 400, 900, 1000),
            // No bet faced: the big blind either way.
            (0, 0, 400, 400, 400),
        ] {
            let s = Spot {
                full_raise: last,
                ..Spot::new(Game::NoLimit, bb, facing)
            };
            assert_eq!(s.min_raise_to().unwrap(), tda, "{facing}");
            let h = Spot { house, ..s };
            assert_eq!(h.min_raise_to().unwrap(), with, "{facing}");
            assert_eq!(h.tda_raise_size(), s.tda_raise_size());
            assert_eq!(
                h.house_raised(),
                (with > tda).then_some((with, tda)),
                "{facing}"
            );
            // Pot-limit reads it too; limit does not (a raise is one bet).
            let pl = Spot {
                game: Game::PotLimit,
                ..h
            };
            assert_eq!(pl.min_raise_to().unwrap(), with);
            let fl = Spot {
                game: Game::Limit,
                ..h
            };
            assert_eq!(fl.min_raise_to(), Spot { house: None, ..fl }.min_raise_to());
        }
    }

    #[test]
    fn tda_54_pot_limit_maximum() {
        // Blinds 100-200 pre-flop: pot 300 facing the 200 big blind: 700.
        let s = Spot {
            pot: Some(300),
            ..Spot::new(Game::PotLimit, 200, 200)
        };
        assert_eq!(s.pot_limit_max().unwrap(), 700);
        // The small blind, 100 in front: 200 + 300 + 100 = 600.
        let s = Spot { in_front: 100, ..s };
        assert_eq!(s.pot_limit_max().unwrap(), 600);
        // A pot that cannot hold the bet faced is refused, naming `pot`.
        let s = Spot {
            pot: Some(100),
            ..s
        };
        assert_eq!(s.pot_limit_max().unwrap_err().0, "pot");
    }

    #[test]
    fn a_call_is_capped_by_the_stack() {
        let s = Spot {
            stack: Some(300),
            in_front: 100,
            ..Spot::new(Game::NoLimit, 100, 1000)
        };
        assert_eq!((s.to_call(), s.all_in_total()), (400, Some(400)));
    }
}
