//! One betting round, replayed and checked action by action. Everything a
//! ruling needs is derived from it: the spot of any player (to call,
//! minimum raise-to, pot-limit maximum, whether betting is re-opened for
//! him), whose turn it is, the round's opening bet and the pots.
//!
//! The re-opening rule (TDA 2019 rule 47, TDA 2015 rule 44, Pokerpunt rule
//! 48, ONK rule 47): in no-limit and pot-limit an all-in (or several short
//! all-ins together) totalling less than a full bet or raise does not
//! re-open betting for a player who already acted and is not facing at
//! least a full bet or raise when the action returns. In limit, the
//! edition's share of a full bet re-opens (`limit_reopen_percent`).

use super::spot::{HouseMinimum, Spot};
use super::{Action, ActionKind, Chips, Game, Street};
use crate::message::{Message, Msg};

/// What counts as the pre-flop opening bet (for undercalls, TDA 51-B).
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
pub enum PreflopOpener {
    /// The posted big blind is the pre-flop opening bet.
    BigBlind,
    /// The first raise after the blinds is the pre-flop opening bet.
    FirstRaise,
}

/// The house's cap on the raises of a limit round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaiseCap {
    /// The raises allowed after the round's bet (pre-flop the big blind is
    /// the bet): 3 is a bet and three raises.
    pub raises: u32,
    /// The cap is lifted once only two players are left in the hand (the
    /// round must then know every player: [`Round::at_table`]). Where the
    /// cap holds until the event is heads-up, the caller sets no cap.
    pub lifted_two_left: bool,
}

/// The fixed facts of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The betting structure.
    pub game: Game,
    /// Which round.
    pub street: Street,
    /// The big blind of the level.
    pub big_blind: Chips,
    /// The small blind, when known (pre-flop, for the pot).
    pub small_blind: Option<Chips>,
    /// Chips already in the pot before the round's bets: antes, earlier
    /// rounds. `None` when not known.
    pub dead: Option<Chips>,
    /// In limit games, the share (percent) of a full bet that re-opens.
    pub limit_reopen_percent: u8,
    /// In limit games, the cap on raises; `None`: no cap.
    pub raise_cap: Option<RaiseCap>,
    /// A house minimum raise above TDA 43; `None`: TDA 43 alone.
    pub house: Option<HouseMinimum>,
    /// In pot-limit with the pot known, a bet or raise over the pot is
    /// refused (set by `floor hand` and by the incidents told the pot
    /// before the round).
    pub pot_limit_held: bool,
}

impl Setup {
    /// A round with nothing but its structure known.
    pub fn new(game: Game, street: Street, big_blind: Chips) -> Setup {
        Setup {
            game,
            street,
            big_blind,
            small_blind: None,
            dead: None,
            limit_reopen_percent: 100,
            raise_cap: None,
            pot_limit_held: false,
            house: None,
        }
    }

    /// The fixed bet of this street in limit games, refused when the
    /// street is not named (post-flop it may be the small or the big bet;
    /// the error names `street`); else the big blind.
    pub fn named_unit(&self) -> Result<Chips, (&'static str, Message)> {
        if self.game == Game::Limit && self.street == Street::Postflop {
            return Err(self.street_needed());
        }
        self.unit().map_err(|m| ("big_blind", m))
    }

    /// The error asking for the street: both bet sizes it could be.
    fn street_needed(&self) -> (&'static str, Message) {
        match super::mul(self.big_blind, 2, "big_blind") {
            Ok(big) => (
                "street",
                Message::new(Msg::LimitStreetNeeded)
                    .arg("small", self.big_blind)
                    .arg("big", big),
            ),
            Err(m) => ("big_blind", m),
        }
    }

    /// In limit games, the least an all-in must add to re-open the betting
    /// for a player who acted: the edition's share of the street's bet
    /// (rounded up).
    pub fn limit_reopen_share(&self) -> Result<Chips, Message> {
        let t = (u128::from(self.unit()?) * u128::from(self.limit_reopen_percent)).div_ceil(100);
        Ok(Chips::try_from(t).unwrap_or(Chips::MAX))
    }

    /// In limit games, the fixed bet of this street; else the big blind.
    pub fn unit(&self) -> Result<Chips, Message> {
        match self.game {
            Game::Limit => super::mul(
                self.big_blind,
                self.street.limit_multiple().unwrap_or(1),
                "big_blind",
            ),
            Game::NoLimit | Game::PotLimit => Ok(self.big_blind),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Player {
    name: String,
    total: Chips,
    stack: Option<Chips>,
    acted: bool,
    folded: bool,
    all_in: bool,
    blind: bool,
    /// The forced bet he was to post in full (0 without one): more than
    /// his total when he posted it all-in short.
    due: Chips,
    /// The round's counted bets and raises when he last acted: more since
    /// means a full bet or raise came after him.
    counted_when_acted: u32,
}

impl Player {
    fn new(name: &str, total: Chips, blind: bool) -> Player {
        Player {
            name: name.to_string(),
            total,
            stack: None,
            acted: false,
            folded: false,
            all_in: false,
            blind,
            due: if blind { total } else { 0 },
            counted_when_acted: 0,
        }
    }
}

/// Where a player stands in the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// His total this round.
    pub total: Chips,
    /// His chips behind, when known.
    pub stack: Option<Chips>,
    /// He folded.
    pub folded: bool,
    /// He is all-in.
    pub all_in: bool,
}

/// A player at a known table (see [`Round::at_table`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSeat {
    /// His name as the actions write it.
    pub name: String,
    /// His chips behind after posting; `None` when not known.
    pub stack: Option<Chips>,
    /// What he posted before the round's first action (a blind).
    pub posted: Chips,
    /// The forced bet he was to post: more than `posted` when his chips
    /// did not cover it (an all-in short blind).
    pub due: Chips,
}

/// In limit, an all-in that counted as a bet or raise only together with
/// the short all-ins before it ([`Round::limit_short_all_ins_added`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddedUp {
    /// Whose all-in.
    pub player: String,
    /// Its total.
    pub total: Chips,
    /// What it added to the bet it faced.
    pub added: Chips,
    /// The share of a bet that re-opens, which it did not reach alone.
    pub share: Chips,
}

/// A betting round: its setup, each player's standing, the bet and the last
/// full raise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    setup: Setup,
    unit: Chips,
    facing: Chips,
    full_raise: Chips,
    /// Voluntary bets and raises so far (blinds not counted).
    bets: u32,
    /// The bets and raises that count toward a cap: those that re-open the
    /// betting (blinds not counted).
    counted: u32,
    /// In limit, the total of the last bet or raise that counted (pre-flop
    /// the big blind): a raise goes one bet above it.
    level: Chips,
    /// The total of the first voluntary bet or raise.
    first_bet: Option<Chips>,
    /// In limit, the first all-in counted as a bet or raise only together
    /// with earlier short all-ins (see [`Round::limit_short_all_ins_added`]).
    short_all_ins_added: Option<AddedUp>,
    players: Vec<Player>,
    last_actor: Option<usize>,
}

impl Round {
    /// A round before any action; pre-flop the blinds `SB` and `BB` are
    /// posted and have not acted.
    pub fn new(setup: Setup) -> Result<Round, (&'static str, Message)> {
        if setup.big_blind == 0 {
            return Err(("big_blind", Message::new(Msg::BigBlindZero)));
        }
        if setup.limit_reopen_percent == 0 || setup.limit_reopen_percent > 100 {
            return Err((
                "limit_reopen_percent",
                Message::new(Msg::Percent).arg("value", setup.limit_reopen_percent),
            ));
        }
        let unit = setup.unit().map_err(|m| ("big_blind", m))?;
        let mut round = Round {
            setup,
            unit,
            facing: 0,
            full_raise: 0,
            bets: 0,
            counted: 0,
            level: 0,
            first_bet: None,
            short_all_ins_added: None,
            players: Vec::new(),
            last_actor: None,
        };
        if setup.street.is_preflop() {
            round.facing = setup.big_blind;
            round.full_raise = setup.big_blind;
            round.level = setup.big_blind;
            round
                .players
                .push(Player::new("SB", setup.small_blind.unwrap_or(0), true));
            round.players.push(Player::new("BB", setup.big_blind, true));
        }
        Ok(round)
    }

    /// A round at a known table: `seats` in acting order (the first to act
    /// first), each with his chips behind after posting and what he posted
    /// (blinds). Pre-flop the bet is the big blind even when a short blind
    /// posted less (TDA: the others call the full big blind).
    pub fn at_table(setup: Setup, seats: &[TableSeat]) -> Result<Round, (&'static str, Message)> {
        let mut round = Round::new(Setup {
            street: Street::Flop,
            ..setup
        })?;
        round.setup = setup;
        round.unit = setup.unit().map_err(|m| ("big_blind", m))?;
        if setup.street.is_preflop() {
            round.facing = setup.big_blind;
            round.full_raise = setup.big_blind;
            round.level = setup.big_blind;
        }
        for seat in seats {
            let mut p = Player::new(&seat.name, seat.posted, seat.posted > 0);
            p.due = seat.due.max(seat.posted);
            p.stack = seat.stack;
            p.all_in = seat.stack == Some(0) && seat.posted > 0;
            round.players.push(p);
        }
        Ok(round)
    }

    /// Pre-flop with forced bets other than a small and a big blind
    /// (straddles, a blind on the button alone, no blind at all): `facing`
    /// is the largest forced bet, `full_raise` the largest step between
    /// them (at least the big blind when anything is posted).
    pub fn open_at(&mut self, facing: Chips, full_raise: Chips) {
        self.facing = facing;
        self.full_raise = full_raise;
        self.level = facing;
    }

    /// Stud: `name` brings in for `amount`, less than a full bet, which the
    /// next players call or complete to the small bet; it is no bet or
    /// raise of the round (it neither re-opens nor counts toward a cap).
    /// A player short of the bring-in is all-in for what he has.
    pub fn bring_in(&mut self, n: usize, name: &str, amount: Chips) -> Result<(), Message> {
        let i = self.index(name);
        let at = |problem: Message| {
            Message::new(Msg::ActionAt)
                .arg("n", n)
                .arg("player", name)
                .nested("problem", problem)
        };
        if self.players.iter().any(|p| p.acted) || self.facing > 0 {
            return Err(at(Message::new(Msg::BringInNotFirst)));
        }
        let Some(p) = self.players.get_mut(i) else {
            return Err(at(Message::new(Msg::PlayerNotInRound).arg("player", name)));
        };
        let total = p.stack.map_or(amount, |s| s.min(amount));
        p.acted = true;
        p.total = total;
        if let Some(stack) = p.stack.as_mut() {
            *stack -= total;
            p.all_in = *stack == 0;
        }
        self.facing = total;
        self.last_actor = Some(i);
        Ok(())
    }

    /// Replays `actions` from the start of the round; errors name `actions`
    /// (or the setup's key at fault).
    ///
    /// ```
    /// use floor::poker::{Game, Round, Setup, Street, parse_actions};
    ///
    /// // onk-2023-nl rule 47: A bets 100, B all-in 125, C calls, D all-in 200.
    /// let actions = parse_actions("A:bet:100,B:all-in:125,C:call:125,D:all-in:200").unwrap();
    /// let round = Round::replay(Setup::new(Game::NoLimit, Street::Postflop, 50), &actions).unwrap();
    /// assert!(round.spot("A").unwrap().may_raise);
    /// assert_eq!(round.spot("A").unwrap().min_raise_to().unwrap(), 300);
    /// assert!(!round.spot("C").unwrap().may_raise);
    /// ```
    pub fn replay(setup: Setup, actions: &[Action]) -> Result<Round, (&'static str, Message)> {
        Round::replay_seated(setup, &[], actions)
    }

    /// [`Round::replay`] with the players' chips behind at the start of the
    /// round (after posting blinds), in seating order; a player whose chips
    /// are known goes all-in by putting them all in.
    pub fn replay_seated(
        setup: Setup,
        stacks: &[(String, Chips)],
        actions: &[Action],
    ) -> Result<Round, (&'static str, Message)> {
        let mut setup = setup;
        if setup.game == Game::Limit && setup.street == Street::Postflop {
            // A post-flop limit round not named: the first bet tells the
            // small bet (flop) from the big bet (turn, river); without one
            // the size is unknown and the street must be named.
            let big = setup.big_blind.saturating_mul(2);
            let first = actions
                .iter()
                .find(|a| a.kind.puts_chips_in() && a.total.is_some());
            setup.street = match first.map(|a| (a.kind, a.total)) {
                Some((ActionKind::Bet, Some(t))) if t == big => Street::Turn,
                // A bet of another size is refused as the bet it is.
                Some((ActionKind::Bet, _)) => Street::Flop,
                _ => return Err(setup.street_needed()),
            };
        }
        let mut round = Round::new(setup)?;
        for (name, chips) in stacks {
            round.seat(name, Some(*chips));
        }
        for (n, a) in actions.iter().enumerate() {
            round.apply(n + 1, a).map_err(|m| ("actions", m))?;
        }
        Ok(round)
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The highest total bet of the round (pre-flop at least the big blind).
    pub fn facing(&self) -> Chips {
        self.facing
    }

    /// The size of the last full bet or raise (0 before any).
    pub fn full_raise(&self) -> Chips {
        self.full_raise
    }

    /// Voluntary bets and raises so far, the blinds not counted.
    pub fn bets(&self) -> u32 {
        self.bets
    }

    /// The raises made this round as a cap counts them: the bets and raises
    /// that re-opened the betting (a full one, or in limit an all-in of at
    /// least the edition's share of a bet), less the round's bet (pre-flop
    /// the big blind is the bet, post-flop the first bet).
    ///
    /// ```
    /// use floor::poker::{Game, Round, Setup, Street, parse_actions};
    ///
    /// // Limit 10/20 pre-flop: a raise to 20, an all-in to 25 (half a bet:
    /// // it counts), a raise to 35.
    /// let mut setup = Setup::new(Game::Limit, Street::Preflop, 10);
    /// setup.limit_reopen_percent = 50;
    /// let actions = parse_actions("A:raise:20,B:all-in:25,C:raise:35").unwrap();
    /// assert_eq!(Round::replay(setup, &actions).unwrap().raises(), 3);
    /// ```
    pub fn raises(&self) -> u32 {
        if self.setup.street.is_preflop() {
            self.counted
        } else {
            self.counted.saturating_sub(1)
        }
    }

    /// In limit, an all-in counted as a bet or raise (re-opening the
    /// betting, counting toward the cap) only by adding to earlier short
    /// all-ins since the last bet that counted: alone it added less than
    /// the share of a bet that re-opens. No edition says whether short
    /// all-ins add up in limit (TDA 2019 47-A says so of no-limit and
    /// pot-limit); the round adds them, and a card says so. The first such
    /// all-in of the round.
    pub fn limit_short_all_ins_added(&self) -> Option<&AddedUp> {
        self.short_all_ins_added.as_ref()
    }

    /// The raises are capped: in limit, the house's number of raises is
    /// reached and the cap is not lifted.
    pub fn capped(&self) -> bool {
        match self.setup.raise_cap {
            Some(cap) if self.setup.game == Game::Limit => {
                self.raises() >= cap.raises && !(cap.lifted_two_left && self.live() <= 2)
            }
            _ => false,
        }
    }

    /// The players the round knows who have not folded.
    pub fn live(&self) -> usize {
        self.players.iter().filter(|p| !p.folded).count()
    }

    /// Whether the bet now faced is the round's opening bet: post-flop the
    /// first bet, pre-flop the posted big blind or the first raise, as the
    /// edition defines it.
    pub fn facing_opening_bet(&self, opener: PreflopOpener) -> bool {
        match (self.setup.street.is_preflop(), opener) {
            (false, _) => self.bets == 1,
            (true, PreflopOpener::BigBlind) => self.bets == 0,
            (true, PreflopOpener::FirstRaise) => self.bets == 1,
        }
    }

    /// Everything in the pot and in front of the players, when known.
    pub fn pot(&self) -> Option<Chips> {
        let mut pot = self.setup.dead?;
        if self.setup.street.is_preflop() && self.setup.small_blind.is_none() {
            return None;
        }
        for p in &self.players {
            pot = pot.checked_add(p.total)?;
        }
        Some(pot)
    }

    /// Declares a player in seating order with his chips behind (before
    /// any action of his).
    pub fn seat(&mut self, name: &str, stack: Option<Chips>) {
        let i = self.index(name);
        if let Some(p) = self.players.get_mut(i) {
            p.stack = stack;
        }
    }

    fn index(&mut self, name: &str) -> usize {
        if let Some(i) = self.players.iter().position(|p| p.name == name) {
            return i;
        }
        // Pre-flop the blinds act last: a newcomer sits before them.
        let at = if self.setup.street.is_preflop() {
            self.players.len().saturating_sub(2)
        } else {
            self.players.len()
        };
        self.players.insert(at, Player::new(name, 0, false));
        if let Some(last) = self.last_actor.as_mut()
            && *last >= at
        {
            *last += 1;
        }
        at
    }

    /// What the bet must have grown by since a player acted for betting to
    /// re-open for him (TDA 47): a full raise. In no-limit and pot-limit
    /// the last full bet or raise (at least the big blind) and, under a
    /// house minimum, at least the raise over his own total it asks for; in
    /// limit the edition's share of a bet.
    fn threshold(&self, total: Chips) -> Chips {
        match self.setup.game {
            Game::NoLimit | Game::PotLimit => {
                let tda = self.base_spot(0).tda_raise_size();
                self.setup
                    .house
                    .map_or(tda, |h| tda.max(h.raise_over(total)))
            }
            // The unit was computed from the setup when the round began.
            Game::Limit => self.setup.limit_reopen_share().unwrap_or(Chips::MAX),
        }
    }

    fn min_raise_size(&self) -> Chips {
        self.base_spot(0).min_raise_size()
    }

    fn may_raise(&self, p: &Player) -> bool {
        (!p.acted || self.facing.saturating_sub(p.total) >= self.threshold(p.total))
            && !self.capped()
    }

    /// The spot of a player with `in_front` before betting-open is known.
    fn base_spot(&self, in_front: Chips) -> Spot {
        Spot {
            game: self.setup.game,
            big_blind: self.setup.big_blind,
            unit: self.unit,
            facing: self.facing,
            full_raise: self.full_raise,
            in_front,
            stack: None,
            pot: self.pot(),
            may_raise: !self.capped(),
            capped: self.capped(),
            level: (self.setup.game == Game::Limit).then_some(self.level),
            house: self.setup.house,
        }
    }

    fn spot_of(&self, p: &Player) -> Spot {
        Spot {
            stack: p.stack,
            may_raise: self.may_raise(p),
            ..self.base_spot(p.total)
        }
    }

    /// The spot of `name` when the action comes to him. A name not yet in
    /// the round is a player who has not acted this round. Errors (naming
    /// the player) when he folded, is all-in, or the action does not return
    /// to him.
    pub fn spot(&self, name: &str) -> Result<Spot, Message> {
        let name = name.trim();
        let Some(p) = self.players.iter().find(|p| p.name == name) else {
            // "a" for "A" is a typing slip, not a player who has not acted:
            // taken as a new player it would flip the ruling unsaid.
            if let Some(p) = self
                .players
                .iter()
                .find(|p| p.name.to_lowercase() == name.to_lowercase())
            {
                return Err(Message::new(Msg::PlayerOtherCase)
                    .arg("player", name)
                    .arg("known", &p.name));
            }
            return Ok(self.base_spot(0));
        };
        if p.folded {
            return Err(Message::new(Msg::PlayerFolded).arg("player", name));
        }
        if p.all_in {
            return Err(Message::new(Msg::PlayerAllIn).arg("player", name));
        }
        if p.acted && p.total == self.facing {
            return Err(Message::new(Msg::PlayerDone).arg("player", name));
        }
        Ok(self.spot_of(p))
    }

    /// Where `name` stands: his total this round, his chips behind (when
    /// known), whether he folded or is all-in.
    pub fn standing(&self, name: &str) -> Option<Standing> {
        self.players
            .iter()
            .find(|p| p.name == name.trim())
            .map(|p| Standing {
                total: p.total,
                stack: p.stack,
                folded: p.folded,
                all_in: p.all_in,
            })
    }

    /// The players the round knows, in seating order (the first to act
    /// first; pre-flop the blinds last).
    pub fn seating(&self) -> Vec<&str> {
        self.players.iter().map(|p| p.name.as_str()).collect()
    }

    /// Whether `name` has acted or posted in this round.
    pub fn knows(&self, name: &str) -> bool {
        self.players.iter().any(|p| p.name == name.trim())
    }

    /// Whether `name` has acted in this round (posting a blind is no act).
    pub fn acted(&self, name: &str) -> bool {
        self.players
            .iter()
            .any(|p| p.name == name.trim() && p.acted)
    }

    /// Betting is re-opened for `name` only by several short all-ins that
    /// together reach a full raise (no-limit and pot-limit): he acted, no
    /// full bet or raise came after him, and he may raise. TDA 2019 47 says
    /// so in words ("or cumulative multiple short all-ins"); an edition
    /// that does not is ruled by that practice, and its card says so.
    pub fn reopened_by_short_all_ins(&self, name: &str) -> bool {
        matches!(self.setup.game, Game::NoLimit | Game::PotLimit)
            && self.players.iter().any(|p| {
                p.name == name.trim()
                    && p.acted
                    && !p.folded
                    && !p.all_in
                    && p.counted_when_acted == self.counted
                    && p.total < self.facing
                    && self.may_raise(p)
            })
    }

    /// How much the bet grew since `name` last acted (the whole bet when he
    /// has not acted).
    pub fn raised_since_acted(&self, name: &str) -> Chips {
        match self.players.iter().find(|p| p.name == name.trim()) {
            Some(p) if p.acted => self.facing.saturating_sub(p.total),
            _ => self.facing,
        }
    }

    /// The next player to act, among the players the round knows, in seating
    /// order after the last one who acted.
    pub fn to_act(&self) -> Option<&str> {
        self.to_act_at(self.last_actor.map_or(0, |i| i + 1))
    }

    /// The player who must act before `name`, where the round knows both:
    /// `name` acting now acts out of turn.
    pub fn to_act_before(&self, name: &str) -> Option<&str> {
        let name = name.trim();
        if !self.players.iter().any(|p| p.name == name) {
            return None;
        }
        self.to_act().filter(|next| *next != name)
    }

    /// The next player to act from `name` on, `name` included: after an
    /// action out of turn, the turn goes back to the player skipped.
    pub fn to_act_from(&self, name: &str) -> Option<&str> {
        let start = self.players.iter().position(|p| p.name == name.trim())?;
        self.to_act_at(start)
    }

    fn to_act_at(&self, start: usize) -> Option<&str> {
        let n = self.players.len();
        (0..n)
            .filter_map(|k| self.players.get((start + k) % n))
            .find(|p| !p.folded && !p.all_in && (!p.acted || p.total < self.facing))
            .map(|p| p.name.as_str())
    }

    /// No more betting in this hand: one player left, or no two players
    /// left who could still bet against each other (the others all-in),
    /// with nobody facing a bet. The one player with chips left faces what
    /// the others put in, not a big blind they could not post: covering a
    /// short all-in blind, he has nothing to do.
    pub fn betting_over(&self) -> bool {
        let live: Vec<&Player> = self.players.iter().filter(|p| !p.folded).collect();
        if live.len() <= 1 {
            return true;
        }
        let free: Vec<&&Player> = live
            .iter()
            .filter(|p| !p.all_in && p.stack != Some(0))
            .collect();
        match free.as_slice() {
            [] => true,
            [one] => {
                let others = live
                    .iter()
                    .filter(|p| p.name != one.name)
                    .map(|p| p.total)
                    .max()
                    .unwrap_or(0);
                one.total >= others.min(self.facing)
            }
            _ => false,
        }
    }

    /// Each player's total this round with whether he folded (for pots).
    pub fn contributions(&self) -> Vec<(&str, Chips, bool)> {
        self.players
            .iter()
            .filter(|p| p.total > 0 || !p.blind)
            .map(|p| (p.name.as_str(), p.total, p.folded))
            .collect()
    }

    /// Applies action number `n` (1-based, for messages).
    pub fn apply(&mut self, n: usize, a: &Action) -> Result<(), Message> {
        let who = a.player.as_deref().unwrap_or("");
        let at = |problem: Message| {
            Message::new(Msg::ActionAt)
                .arg("n", n)
                .arg("player", who)
                .nested("problem", problem)
        };
        let Some(name) = a.player.as_deref() else {
            return Err(Message::new(Msg::ActionNoPlayer).arg("item", a));
        };
        let i = self.index(name);
        let Some(p) = self.players.get(i).cloned() else {
            return Err(at(Message::new(Msg::PlayerNotInRound).arg("player", name)));
        };
        if p.folded {
            return Err(at(Message::new(Msg::ActsAfterFold)));
        }
        if p.all_in {
            return Err(at(Message::new(Msg::ActsAfterAllIn)));
        }
        if p.acted && p.total == self.facing {
            return Err(at(Message::new(Msg::ActsAgain).arg("facing", self.facing)));
        }
        let facing = self.facing;
        let spot = self.spot_of(&p);
        let need_total = || {
            a.total.ok_or_else(|| {
                let hint = facing.max(self.setup.big_blind);
                at(Message::new(Msg::NeedsTotal)
                    .arg("action", a.kind.word())
                    .arg("example", format!("{name}:{}:{hint}", a.kind.word())))
            })
        };
        let mut next = p.clone();
        next.acted = true;
        match a.kind {
            ActionKind::Check => {
                if a.total.is_some() {
                    return Err(at(Message::new(Msg::NoTotalHere).arg("action", "check")));
                }
                if p.total != facing {
                    return Err(at(Message::new(Msg::CheckFacingBet).arg("facing", facing)));
                }
            }
            ActionKind::Fold => {
                if a.total.is_some() {
                    return Err(at(Message::new(Msg::NoTotalHere).arg("action", "fold")));
                }
                next.folded = true;
            }
            ActionKind::Call => {
                if facing <= p.total {
                    return Err(at(Message::new(Msg::CallNothing).arg("facing", facing)));
                }
                if let Some(t) = a.total
                    && t != facing
                {
                    return Err(at(Message::new(Msg::CallWrongTotal)
                        .arg("facing", facing)
                        .arg("total", t)));
                }
                next.total = facing;
            }
            ActionKind::Bet => {
                let t = need_total()?;
                if facing > 0 {
                    return Err(at(Message::new(Msg::BetFacingBet).arg("facing", facing)));
                }
                let min = spot.min_raise_to().map_err(at)?;
                let ok = match self.setup.game {
                    Game::Limit => t == min,
                    Game::NoLimit | Game::PotLimit => t >= min,
                };
                if !ok {
                    return Err(at(Message::new(if self.setup.game == Game::Limit {
                        Msg::LimitBetIllegal
                    } else {
                        Msg::BetIllegal
                    })
                    .arg("total", t)
                    .arg("min", min)));
                }
                self.within_pot_limit(&spot, t).map_err(at)?;
                self.full_raise = t;
                self.facing = t;
                self.record_bet(t, true);
                next.total = t;
            }
            ActionKind::Raise => {
                let t = need_total()?;
                if facing == 0 {
                    return Err(at(Message::new(Msg::RaiseNoBet)));
                }
                if !spot.may_raise {
                    return Err(at(self.closed_for(&p)));
                }
                let inc = t.checked_sub(facing).filter(|i| *i > 0).ok_or_else(|| {
                    at(Message::new(Msg::RaiseNotAbove)
                        .arg("total", t)
                        .arg("facing", facing))
                })?;
                let min = spot.min_raise_to().map_err(at)?;
                let ok = match self.setup.game {
                    Game::Limit => t == min,
                    Game::NoLimit | Game::PotLimit => t >= min,
                };
                if !ok {
                    return Err(at(Message::new(Msg::RaiseIllegal)
                        .arg("total", t)
                        .arg("min", min)));
                }
                self.within_pot_limit(&spot, t).map_err(at)?;
                self.full_raise = inc;
                self.facing = t;
                self.record_bet(t, true);
                next.total = t;
            }
            ActionKind::AllIn => {
                let t = match (a.total, spot.all_in_total()) {
                    (Some(t), _) => t,
                    (None, Some(max)) => max,
                    (None, None) => need_total()?,
                };
                if t <= p.total {
                    return Err(at(Message::new(Msg::AllInBelowFront)
                        .arg("total", t)
                        .arg("in_front", p.total)));
                }
                next.all_in = true;
                next.total = t;
                if t > facing {
                    if !spot.may_raise {
                        return Err(at(if self.capped() {
                            Message::new(Msg::AllInCapped)
                                .arg("facing", facing)
                                .arg("cap", self.cap_raises())
                        } else {
                            Message::new(Msg::AllInClosed).arg("facing", facing)
                        }));
                    }
                    let inc = t - facing;
                    let size = self.min_raise_size();
                    let counts = match self.setup.game {
                        Game::Limit => {
                            // One bet above the last bet that counted at
                            // most; at least the share that re-opens to
                            // count as a bet or raise itself.
                            let max = spot.min_raise_to().map_err(at)?;
                            if t > max {
                                return Err(at(Message::new(Msg::LimitAllInTooBig)
                                    .arg("size", size)
                                    .arg("max", max)));
                            }
                            let share = self.threshold(0);
                            let counts = t - self.level.min(t) >= share;
                            if counts && inc < share && self.short_all_ins_added.is_none() {
                                self.short_all_ins_added = Some(AddedUp {
                                    player: p.name.clone(),
                                    total: t,
                                    added: inc,
                                    share,
                                });
                            }
                            counts
                        }
                        Game::NoLimit | Game::PotLimit => {
                            self.within_pot_limit(&spot, t).map_err(at)?;
                            let full = if facing == 0 {
                                t >= self.setup.big_blind
                            } else {
                                inc >= size
                            };
                            if full {
                                self.full_raise = if facing == 0 { t } else { inc };
                            }
                            full
                        }
                    };
                    self.facing = t;
                    self.record_bet(t, counts);
                }
            }
        }
        if let (Some(stack), Some(before)) = (p.stack, Some(p.total)) {
            let max = before.saturating_add(stack);
            if next.total > max {
                return Err(at(Message::new(Msg::OverStack)
                    .arg("total", next.total)
                    .arg("stack", stack)));
            }
            next.stack = Some(max - next.total);
            if next.total == max && a.kind != ActionKind::Fold {
                next.all_in = true;
            }
        }
        next.counted_when_acted = self.counted;
        if let Some(slot) = self.players.get_mut(i) {
            *slot = next;
        }
        self.last_actor = Some(i);
        Ok(())
    }

    /// In pot-limit, refuses a bet or raise to more than the pot allows
    /// (TDA 54) where the setup asks for it and the pot is known.
    fn within_pot_limit(&self, spot: &Spot, total: Chips) -> Result<(), Message> {
        if !self.setup.pot_limit_held || self.setup.game != Game::PotLimit || spot.pot.is_none() {
            return Ok(());
        }
        let Some(max) = self.pot_limit_max(spot)? else {
            return Ok(());
        };
        if total > max {
            return Err(Message::new(Msg::PotLimitOver)
                .arg("total", total)
                .arg("max", max));
        }
        Ok(())
    }

    /// The chips a blind posted all-in short left missing of its full
    /// size, pre-flop (0 after the flop, where the pot is the actual pot).
    pub fn short_blinds_missing(&self) -> Chips {
        if !self.setup.street.is_preflop() {
            return 0;
        }
        self.players
            .iter()
            .map(|p| p.due.saturating_sub(p.total))
            .fold(0, Chips::saturating_add)
    }

    /// The pot-limit maximum total at `spot` (TDA 54): pre-flop the pot is
    /// counted as if a blind posted all-in short had been posted in full
    /// (54-B). `None` where the spot lacks what a maximum needs (the pot).
    pub fn pot_limit_max(&self, spot: &Spot) -> Result<Option<Chips>, Message> {
        let missing = self.short_blinds_missing();
        let spot = if missing > 0 {
            spot.with_full_blind(missing)?
        } else {
            *spot
        };
        Ok(spot.pot_limit_max().ok())
    }

    /// A bet or raise to `total`; `counts`: it re-opened the betting, so it
    /// counts toward a cap and sets the level a limit raise goes above.
    fn record_bet(&mut self, total: Chips, counts: bool) {
        self.bets = self.bets.saturating_add(1);
        if self.first_bet.is_none() {
            self.first_bet = Some(total);
        }
        if counts {
            self.counted = self.counted.saturating_add(1);
            self.level = total;
        }
    }

    /// The raises the cap allows (0 with no cap).
    fn cap_raises(&self) -> u32 {
        self.setup.raise_cap.map_or(0, |c| c.raises)
    }

    /// Why `p` may not raise: the cap, or betting not re-opened for him.
    fn closed_for(&self, p: &Player) -> Message {
        if self.capped() {
            Message::new(Msg::RaiseCapped).arg("cap", self.cap_raises())
        } else {
            Message::new(Msg::RaiseClosed)
                .arg("grew", self.facing.saturating_sub(p.total))
                .arg("threshold", self.threshold(p.total))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poker::parse_actions;

    fn round(game: Game, street: Street, bb: Chips, actions: &str) -> Round {
        Round::replay(
            Setup::new(game, street, bb),
            &parse_actions(actions).expect("actions parse"),
        )
        .expect("round replays")
    }

    #[test]
    fn tda_47_short_all_in_does_not_reopen_for_players_who_acted() {
        let r = round(
            Game::NoLimit,
            Street::Postflop,
            50,
            "A:bet:100,B:all-in:125,C:call:125,D:all-in:200",
        );
        // A faces 100 more: a full raise; C faces 75 more: not.
        assert!(r.spot("A").unwrap().may_raise);
        assert!(!r.spot("C").unwrap().may_raise);
        // A player yet to act may raise, to at least 300.
        let e = r.spot("E").unwrap();
        assert!(e.may_raise);
        assert_eq!((e.to_call(), e.min_raise_to().unwrap()), (200, 300));
    }

    /// Only short all-ins adding up to a full raise re-open "cumulatively";
    /// a full raise after him, or never having acted, is no such case.
    #[test]
    fn reopened_by_short_all_ins_only_when_no_full_raise_came_after_him() {
        let r = round(
            Game::NoLimit,
            Street::Postflop,
            50,
            "A:bet:100,B:all-in:125,C:call:125,D:all-in:200",
        );
        assert!(r.reopened_by_short_all_ins("A"));
        // C faces 75 more: not re-opened at all.
        assert!(!r.reopened_by_short_all_ins("C"));
        // E has not acted: open to him whatever the all-ins.
        assert!(!r.reopened_by_short_all_ins("E"));
        let full = round(
            Game::NoLimit,
            Street::Postflop,
            50,
            "A:bet:100,B:all-in:150,C:raise:250",
        );
        assert!(full.spot("A").unwrap().may_raise);
        assert!(!full.reopened_by_short_all_ins("A"));
        // One all-in of a full raise is a full raise, not several short.
        let one = round(
            Game::NoLimit,
            Street::Postflop,
            50,
            "A:bet:100,B:all-in:200",
        );
        assert!(!one.reopened_by_short_all_ins("A"));
    }

    /// In limit, an all-in that reaches half a bet only with an earlier
    /// short all-in is marked: whether they add up is stated nowhere.
    #[test]
    fn limit_short_all_ins_that_add_up_are_marked() {
        let limit = |actions: &str| {
            let mut setup = Setup::new(Game::Limit, Street::Flop, 100);
            setup.limit_reopen_percent = 50;
            Round::replay(setup, &parse_actions(actions).expect("actions parse"))
                .expect("round replays")
        };
        let added = limit("A:bet:100,B:all-in:130,C:all-in:160");
        assert_eq!(
            added.limit_short_all_ins_added(),
            Some(&AddedUp {
                player: "C".into(),
                total: 160,
                added: 30,
                share: 50,
            })
        );
        assert!(added.spot("A").unwrap().may_raise);
        // One all-in of half a bet re-opens alone; one short of it, never.
        for alone in [
            "A:bet:100,B:all-in:150",
            "A:bet:100,B:all-in:130",
            "A:bet:100,B:raise:200",
        ] {
            assert_eq!(limit(alone).limit_short_all_ins_added(), None, "{alone}");
        }
        // Two short all-ins that stay under half a bet together count as
        // nothing, and nothing is added.
        assert_eq!(
            limit("A:bet:100,B:all-in:120,C:all-in:140").limit_short_all_ins_added(),
            None
        );
    }

    #[test]
    fn preflop_blinds_have_not_acted_until_they_appear() {
        let r = round(
            Game::NoLimit,
            Street::Preflop,
            100,
            "A:raise:300,B:all-in:350",
        );
        let bb = r.spot("BB").unwrap();
        assert!(bb.may_raise);
        assert_eq!(bb.min_raise_to().unwrap(), 550);
        assert_eq!(r.to_act(), Some("SB"));
    }

    // dpc-2019-en DPC-1 "Min RAISE = 2 times of prior bet": a full raise is
    // one that reaches twice the bet it raises; a short one re-opens for
    // nobody who acted.
    #[test]
    fn a_house_minimum_sizes_the_full_raise_that_reopens() {
        let mut setup = Setup::new(Game::NoLimit, Street::Preflop, 100);
        let actions = parse_actions("A:raise:300,B:call,C:all-in:500").unwrap();
        // TDA 43 alone: the all-in raises by 200, a full raise.
        let r = Round::replay(setup, &actions).unwrap();
        assert!(r.spot("A").unwrap().may_raise);
        assert_eq!(r.spot("D").unwrap().min_raise_to().unwrap(), 700);
        // Under the house: short of 600, so A and B may only call; the next
        // raise goes to twice 500.
        setup.house = Some(HouseMinimum { multiple: 2 });
        let r = Round::replay(setup, &actions).unwrap();
        assert!(!r.spot("A").unwrap().may_raise);
        assert!(!r.spot("B").unwrap().may_raise);
        assert_eq!(r.spot("D").unwrap().min_raise_to().unwrap(), 1000);
        // An all-in reaching twice the bet re-opens.
        let flop = Setup {
            street: Street::Flop,
            ..setup
        };
        let r = Round::replay(flop, &parse_actions("A:bet:100,B:all-in:250").unwrap()).unwrap();
        assert!(r.spot("A").unwrap().may_raise);
        assert_eq!(r.spot("A").unwrap().min_raise_to().unwrap(), 500);
        // A raise below the house minimum is refused.
        let err = Round::replay(setup, &parse_actions("A:raise:300,B:raise:500").unwrap());
        assert_eq!(err.unwrap_err().0, "actions");
    }

    #[test]
    fn limit_reopens_at_the_editions_share_of_a_bet() {
        let mut setup = Setup::new(Game::Limit, Street::Flop, 100);
        setup.limit_reopen_percent = 50;
        let actions = parse_actions("A:bet:100,B:all-in:150").unwrap();
        let r = Round::replay(setup, &actions).unwrap();
        assert!(r.spot("A").unwrap().may_raise);
        setup.limit_reopen_percent = 100;
        let r = Round::replay(setup, &actions).unwrap();
        assert!(!r.spot("A").unwrap().may_raise);
    }

    #[test]
    fn limit_turn_and_river_use_the_big_bet() {
        let r = round(Game::Limit, Street::Turn, 20, "A:bet:40,B:raise:80");
        assert_eq!(r.spot("C").unwrap().min_raise_to().unwrap(), 120);
        let err = Round::replay(
            Setup::new(Game::Limit, Street::River, 20),
            &parse_actions("A:bet:20").unwrap(),
        )
        .unwrap_err();
        assert_eq!(err.0, "actions");
    }

    fn limit(street: Street, actions: &str, cap: Option<RaiseCap>) -> Result<Round, Msg> {
        let mut setup = Setup::new(Game::Limit, street, 10);
        setup.limit_reopen_percent = 50;
        setup.raise_cap = cap;
        Round::replay(setup, &parse_actions(actions).unwrap()).map_err(|(_, m)| problem(&m).msg)
    }

    /// The problem inside "action N (player): ...", or the message itself.
    fn problem(m: &Message) -> &Message {
        m.args
            .iter()
            .find_map(|(_, a)| match a {
                crate::message::Arg::Message(inner) => Some(&**inner),
                crate::message::Arg::Text(_) => None,
            })
            .unwrap_or(m)
    }

    /// A pot-limit round after the flop with `before` in the pot; on a
    /// refused action, the most the pot allowed (the `max` of the problem).
    fn pot_limit(before: Option<Chips>, actions: &str) -> Result<Round, Option<String>> {
        let mut setup = Setup::new(Game::PotLimit, Street::Flop, 100);
        setup.dead = before;
        setup.pot_limit_held = true;
        Round::replay(setup, &parse_actions(actions).unwrap()).map_err(|(_, m)| {
            let inner = problem(&m);
            (inner.msg == Msg::PotLimitOver).then(|| {
                inner
                    .args
                    .iter()
                    .find(|(name, _)| *name == "max")
                    .map(|(_, a)| match a {
                        crate::message::Arg::Text(t) => t.clone(),
                        crate::message::Arg::Message(_) => String::new(),
                    })
                    .unwrap_or_default()
            })
        })
    }

    #[test]
    fn pot_limit_refuses_a_bet_over_the_pot_where_the_pot_is_known() {
        // (pot before the round, actions, the most allowed when refused)
        let rows: [(Option<Chips>, &str, Option<&str>); 7] = [
            (Some(500), "A:bet:500", None),
            (Some(500), "A:bet:600", Some("500")),
            // B's call of 500 makes the pot 1500; he raises by it, to 2000.
            (Some(500), "A:bet:500,B:raise:2000", None),
            (Some(500), "A:bet:500,B:raise:2100", Some("2000")),
            (Some(500), "A:bet:500,B:all-in:2100", Some("2000")),
            (Some(500), "A:bet:500,B:all-in:2000", None),
            // The pot not known: nothing to hold the bet to.
            (None, "A:bet:600", None),
        ];
        for (before, actions, refused) in rows {
            match (pot_limit(before, actions), refused) {
                (Ok(_), None) => {}
                (Err(Some(max)), Some(want)) => assert_eq!(max, want, "{actions}"),
                (got, want) => panic!("{actions}: {got:?}, want refused at {want:?}"),
            }
        }
    }

    const THREE: Option<RaiseCap> = Some(RaiseCap {
        raises: 3,
        lifted_two_left: false,
    });

    #[test]
    fn raises_are_counted_after_the_rounds_bet() {
        // Pre-flop the big blind is the bet: every raise counts.
        let r = limit(Street::Preflop, "A:raise:20,B:raise:30", None).unwrap();
        assert_eq!(r.raises(), 2);
        // Post-flop the first bet is the bet.
        let r = limit(Street::Flop, "A:bet:10,B:raise:20,C:call", None).unwrap();
        assert_eq!(r.raises(), 1);
        assert_eq!(limit(Street::Flop, "A:check", None).unwrap().raises(), 0);
        // No-limit counts the same way (and has no cap).
        let r = round(
            Game::NoLimit,
            Street::Flop,
            100,
            "A:bet:100,B:raise:300,C:raise:900,D:raise:2000",
        );
        assert_eq!(r.raises(), 3);
        assert!(!r.capped());
    }

    // The practice where the rulebooks are silent: an all-in of at least the
    // share that re-opens (half a bet) counts as a raise; a smaller one does
    // not, and the next raise completes the bet.
    #[test]
    fn a_short_limit_all_in_counts_when_it_re_opens() {
        let half = limit(Street::Preflop, "A:call,B:all-in:15", None).unwrap();
        assert_eq!(half.raises(), 1);
        assert_eq!(half.spot("C").unwrap().min_raise_to().unwrap(), 25);
        let less = limit(Street::Preflop, "A:call,B:all-in:13", None).unwrap();
        assert_eq!(less.raises(), 0);
        // C completes the raise to 20, not 23.
        assert_eq!(less.spot("C").unwrap().min_raise_to().unwrap(), 20);
        let r = limit(Street::Preflop, "A:call,B:all-in:13,C:raise:20", None).unwrap();
        assert_eq!((r.raises(), r.facing()), (1, 20));
        assert_eq!(
            limit(Street::Preflop, "A:call,B:all-in:13,C:raise:23", None).unwrap_err(),
            Msg::RaiseIllegal
        );
        // An all-in above the completed raise is more than one bet.
        assert_eq!(
            limit(Street::Preflop, "A:call,B:all-in:13,C:all-in:23", None).unwrap_err(),
            Msg::LimitAllInTooBig
        );
        // Post-flop, an all-in bet below half a bet is no bet: the next
        // player completes it to the bet.
        let r = limit(Street::Flop, "A:all-in:4", None).unwrap();
        assert_eq!(
            (r.raises(), r.spot("B").unwrap().min_raise_to().unwrap()),
            (0, 10)
        );
        let r = limit(Street::Flop, "A:all-in:4,B:raise:10,C:raise:20", None).unwrap();
        assert_eq!(r.raises(), 1);
    }

    #[test]
    fn a_capped_limit_round_offers_no_raise() {
        let capped = "A:raise:20,B:raise:30,C:raise:40";
        let r = limit(Street::Preflop, capped, THREE).unwrap();
        assert!(r.capped());
        for p in ["D", "A", "SB", "BB"] {
            let s = r.spot(p).unwrap();
            assert!(!s.may_raise && s.capped, "{p}");
            assert_eq!(s.to_call(), 40);
        }
        assert_eq!(
            limit(Street::Preflop, &format!("{capped},D:raise:50"), THREE).unwrap_err(),
            Msg::RaiseCapped
        );
        assert_eq!(
            limit(Street::Preflop, &format!("{capped},D:all-in:45"), THREE).unwrap_err(),
            Msg::AllInCapped
        );
        // An all-in for less than the call is still a call.
        assert!(limit(Street::Preflop, &format!("{capped},D:all-in:35"), THREE).is_ok());
        // One raise fewer: the last raise may still be made.
        let r = limit(Street::Preflop, "A:raise:20,B:raise:30", THREE).unwrap();
        assert!(r.spot("C").unwrap().may_raise);
        // A short all-in below half a bet does not use up a raise.
        let r = limit(Street::Preflop, "A:raise:20,B:raise:30,C:all-in:34", THREE).unwrap();
        assert_eq!(r.raises(), 2);
        assert_eq!(r.spot("D").unwrap().min_raise_to().unwrap(), 40);
        // Where the cap is lifted with two players left, the round must know
        // them all.
        let two_left = Some(RaiseCap {
            raises: 1,
            lifted_two_left: true,
        });
        let r = limit(Street::Flop, "A:bet:10,B:raise:20,C:fold", two_left).unwrap();
        assert!(!r.capped());
        assert!(r.spot("A").unwrap().may_raise);
        let r = limit(Street::Flop, "A:bet:10,B:raise:20,C:call", two_left).unwrap();
        assert!(r.capped());
    }

    #[test]
    fn an_unnamed_limit_round_is_sized_by_its_first_bet_or_refused() {
        let postflop = |actions: &str| {
            Round::replay(
                Setup::new(Game::Limit, Street::Postflop, 20),
                &parse_actions(actions).unwrap(),
            )
        };
        let turn = postflop("A:bet:40").unwrap();
        assert_eq!(turn.spot("B").unwrap().min_raise_to().unwrap(), 80);
        let flop = postflop("A:bet:20").unwrap();
        assert_eq!(flop.spot("B").unwrap().min_raise_to().unwrap(), 40);
        // Nothing shows the size: the street is asked for.
        for actions in ["A:check", "A:all-in:30"] {
            let (key, m) = postflop(actions).unwrap_err();
            assert_eq!(
                (key, m.msg),
                ("street", Msg::LimitStreetNeeded),
                "{actions}"
            );
        }
        // No-limit never needs it.
        assert!(
            Round::replay(
                Setup::new(Game::NoLimit, Street::Postflop, 20),
                &parse_actions("A:check").unwrap()
            )
            .is_ok()
        );
    }

    #[test]
    fn illegal_sequences_name_the_action() {
        for actions in [
            "A:bet:100,A:bet:200",
            "A:fold,A:call",
            "A:check:100",
            "A:bet:100,B:check",
            "A:call",
            "A:bet:40",
            "A:bet:100,B:raise:150",
        ] {
            let err = Round::replay(
                Setup::new(Game::NoLimit, Street::Postflop, 50),
                &parse_actions(actions).unwrap(),
            )
            .expect_err(actions);
            assert_eq!(err.0, "actions", "{actions}");
        }
    }

    #[test]
    fn the_opening_bet_follows_the_editions_preflop_opener() {
        let r = round(Game::NoLimit, Street::Preflop, 100, "A:raise:300");
        assert!(!r.facing_opening_bet(PreflopOpener::BigBlind));
        assert!(r.facing_opening_bet(PreflopOpener::FirstRaise));
        let r = round(Game::NoLimit, Street::Flop, 100, "A:bet:300");
        assert!(r.facing_opening_bet(PreflopOpener::BigBlind));
    }

    #[test]
    fn stacks_make_all_ins_and_whose_turn() {
        let mut r = Round::new(Setup::new(Game::NoLimit, Street::Flop, 100)).unwrap();
        r.seat("A", Some(1000));
        r.seat("B", Some(250));
        r.seat("C", Some(5000));
        for (n, a) in parse_actions("A:bet:300,B:all-in")
            .unwrap()
            .iter()
            .enumerate()
        {
            r.apply(n + 1, a).unwrap();
        }
        assert_eq!(r.facing(), 300);
        assert_eq!(r.to_act(), Some("C"));
        assert_eq!(r.spot("C").unwrap().to_call(), 300);
    }
}
