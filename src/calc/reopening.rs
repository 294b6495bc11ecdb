//! Re-opening the bet: whether a player may still raise after short all-ins
//! (incident `reopening`).
//!
//! Owns the replay of one betting round (validated), the re-opening rule
//! (TDA 2019 rule 47, TDA 2015 rule 44, Pokerpunt rule 48, ONK rule 47) and
//! the minimum raise that follows from it. Pure: the edition's limit
//! re-opening fraction arrives as a parameter; no I/O, no edition lookup.

use super::pots::parse_amount;
use super::{CalcError, Chips, Game, add};
use std::str::FromStr;

/// The betting round an action sequence belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Street {
    /// Before the flop: the posted big blind is the round's opening bet.
    Preflop,
    /// The flop, turn or river: the round starts with no bet.
    Postflop,
}

/// What a player did in the sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionKind {
    /// Check: no bet to call.
    Check,
    /// Bet: the first bet of a post-flop round (total required).
    Bet,
    /// Raise: a full raise of a bet (total required).
    Raise,
    /// Call: match the current bet (the total is optional).
    Call,
    /// All-in: all the player's chips; the total says how much (required).
    AllIn,
    /// Fold.
    Fold,
}

/// One action of the `actions` answer: `PLAYER:ACTION[:TOTAL]`, where TOTAL
/// is the player's total for the round after the action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    /// The player's name as the sequence writes it (`SB` and `BB` are the
    /// blinds pre-flop).
    pub player: String,
    /// What the player did.
    pub kind: ActionKind,
    /// The player's total for the round after the action.
    pub total: Option<Chips>,
}

impl FromStr for Action {
    type Err = CalcError;

    /// Parses `PLAYER:ACTION[:TOTAL]`, e.g. `B:all-in:125`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: String| CalcError::invalid("actions", why);
        let mut parts = s.trim().split(':');
        let player = parts.next().unwrap_or("").trim();
        if player.is_empty() {
            return Err(bad(format!(
                "`{s}` has no player: write PLAYER:ACTION[:TOTAL], e.g. B:all-in:125"
            )));
        }
        let kind = match parts
            .next()
            .map(|k| k.trim().to_ascii_lowercase())
            .as_deref()
        {
            Some("check") => ActionKind::Check,
            Some("bet") => ActionKind::Bet,
            Some("raise") => ActionKind::Raise,
            Some("call") => ActionKind::Call,
            Some("all-in") | Some("allin") => ActionKind::AllIn,
            Some("fold") => ActionKind::Fold,
            Some(other) => {
                return Err(bad(format!(
                    "`{other}` in `{s}` is not an action: use check, bet, raise, call, all-in or \
                     fold"
                )));
            }
            None => {
                return Err(bad(format!(
                    "`{s}` has no action: write PLAYER:ACTION[:TOTAL], e.g. B:all-in:125"
                )));
            }
        };
        let total = match parts.next() {
            None => None,
            Some(t) => Some(parse_amount(t, "actions")?),
        };
        if parts.next().is_some() {
            return Err(bad(format!(
                "`{s}` has too many parts: write PLAYER:ACTION[:TOTAL]"
            )));
        }
        Ok(Action {
            player: player.to_string(),
            kind,
            total,
        })
    }
}

/// Parses the `actions` answer: actions in order separated by commas, each
/// `PLAYER:ACTION[:TOTAL]`.
///
/// ```
/// use floor::calc::reopening::{ActionKind, parse_actions};
///
/// let a = parse_actions("A:bet:100,B:all-in:125,C:call").unwrap();
/// assert_eq!(a[1].kind, ActionKind::AllIn);
/// assert_eq!(a[1].total, Some(125));
/// ```
pub fn parse_actions(text: &str) -> Result<Vec<Action>, CalcError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',').map(str::parse).collect()
}

/// The answers of the `reopening` incident.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReopenInput {
    /// The betting structure.
    pub game: Game,
    /// The big blind; in limit games the fixed bet size of this round.
    pub big_blind: Chips,
    /// Pre-flop or post-flop.
    pub street: Street,
    /// The round's actions in order (blind posts are not listed).
    pub actions: Vec<Action>,
    /// The player whose options are asked.
    pub player: String,
}

/// The outcome ids of the `reopening` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReopenOutcome {
    /// The player may fold, call or raise.
    Reopened,
    /// The player may only call or fold.
    Closed,
}

/// The re-opening ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReopenRuling {
    /// Whether the player may raise.
    pub outcome: ReopenOutcome,
    /// The total the player must reach to call.
    pub to_call: Chips,
    /// The minimum total of a raise, when the player may raise.
    pub min_raise_to: Option<Chips>,
    /// The size of the minimum raise in force: the last full valid bet or
    /// raise of the round, at least the big blind.
    pub min_raise: Chips,
    /// How much the bet grew since the player last acted (the whole bet
    /// faced when he has not acted).
    pub raised_since_acted: Chips,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Player {
    name: String,
    total: Chips,
    acted: bool,
    folded: bool,
    all_in: bool,
}

/// A betting round replayed and validated action by action (see
/// [`BettingRound::replay`]): the bet, the minimum raise, and each player's
/// standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BettingRound {
    game: Game,
    big_blind: Chips,
    /// Percentage of a full bet that re-opens in limit games.
    limit_percent: u8,
    /// Pre-flop or post-flop.
    street: Street,
    /// The highest total bet of the round.
    facing: Chips,
    /// The size of the last full bet or raise (0 before any).
    full_raise: Chips,
    players: Vec<Player>,
}

impl BettingRound {
    fn new(input: &ReopenInput, limit_percent: u8) -> BettingRound {
        let mut r = BettingRound {
            game: input.game,
            big_blind: input.big_blind,
            limit_percent,
            street: input.street,
            facing: 0,
            full_raise: 0,
            players: Vec::new(),
        };
        if input.street == Street::Preflop {
            r.facing = input.big_blind;
            r.full_raise = input.big_blind;
            r.players.push(Player::blind("SB", 0));
            r.players.push(Player::blind("BB", input.big_blind));
        }
        r
    }

    /// The minimum raise size: the last full bet or raise, at least the big
    /// blind; in limit games the fixed bet.
    fn min_raise_size(&self) -> Chips {
        match self.game {
            Game::Limit => self.big_blind,
            Game::NoLimit | Game::PotLimit => self.full_raise.max(self.big_blind),
        }
    }

    /// How much the bet must have grown since a player acted for him to be
    /// re-opened.
    fn reopen_threshold(&self) -> Chips {
        match self.game {
            Game::NoLimit | Game::PotLimit => self.min_raise_size(),
            Game::Limit => {
                let t = (u128::from(self.big_blind) * u128::from(self.limit_percent)).div_ceil(100);
                Chips::try_from(t).unwrap_or(Chips::MAX)
            }
        }
    }

    fn may_raise(&self, p: &Player) -> bool {
        !p.acted || self.facing.saturating_sub(p.total) >= self.reopen_threshold()
    }

    fn index(&mut self, name: &str) -> usize {
        match self.players.iter().position(|p| p.name == name) {
            Some(i) => i,
            None => {
                self.players.push(Player::blind(name, 0));
                self.players.len() - 1
            }
        }
    }

    fn apply(&mut self, n: usize, a: &Action) -> Result<(), CalcError> {
        let bad = |why: String| {
            CalcError::invalid("actions", format!("action {n} ({}): {why}", a.player))
        };
        let i = self.index(&a.player);
        let p = self
            .players
            .get(i)
            .cloned()
            .ok_or_else(|| bad("is not seated".into()))?;
        if p.folded {
            return Err(bad("acts after folding".into()));
        }
        if p.all_in {
            return Err(bad("acts after going all-in".into()));
        }
        if p.acted && p.total == self.facing {
            return Err(bad(format!(
                "acts again, but nothing changed since the last action (the bet is still {})",
                self.facing
            )));
        }
        let facing = self.facing;
        let hint = facing.max(self.big_blind);
        let need_total = || {
            a.total.ok_or_else(|| {
                bad(format!(
                    "a {} needs the player's total for the round, e.g. {}:{}:{}",
                    kind_name(a.kind),
                    a.player,
                    kind_name(a.kind),
                    hint
                ))
            })
        };
        let mut next = p.clone();
        next.acted = true;
        match a.kind {
            ActionKind::Check => {
                if a.total.is_some() {
                    return Err(bad("a check has no total".into()));
                }
                if p.total != facing {
                    return Err(bad(format!(
                        "checks facing a bet of {facing}: only call, raise or fold are possible"
                    )));
                }
            }
            ActionKind::Fold => {
                if a.total.is_some() {
                    return Err(bad("a fold has no total".into()));
                }
                next.folded = true;
            }
            ActionKind::Call => {
                if facing <= p.total {
                    return Err(bad(format!(
                        "calls, but there is nothing to call (the bet is {facing}): write check"
                    )));
                }
                if let Some(t) = a.total
                    && t != facing
                {
                    return Err(bad(format!(
                        "a call is to {facing}, not {t}: a call for less is written all-in"
                    )));
                }
                next.total = facing;
            }
            ActionKind::Bet => {
                let t = need_total()?;
                if facing > 0 {
                    return Err(bad(format!(
                        "bets facing a bet of {facing}: write raise (or all-in)"
                    )));
                }
                self.check_full_bet(t, &bad)?;
                self.full_raise = t;
                self.facing = t;
                next.total = t;
            }
            ActionKind::Raise => {
                let t = need_total()?;
                if facing == 0 {
                    return Err(bad("raises with no bet to raise: write bet".into()));
                }
                if !self.may_raise(&p) {
                    return Err(bad(format!(
                        "may not raise: the bet grew only {} since the last action, less than a \
                         full raise of {} (betting was not re-opened)",
                        facing.saturating_sub(p.total),
                        self.reopen_threshold()
                    )));
                }
                let inc = t.checked_sub(facing).filter(|i| *i > 0).ok_or_else(|| {
                    bad(format!(
                        "raises to {t}, which is not above the bet of {facing}"
                    ))
                })?;
                let min = self.min_raise_size();
                let ok = match self.game {
                    Game::Limit => inc == min,
                    Game::NoLimit | Game::PotLimit => inc >= min,
                };
                if !ok {
                    return Err(bad(format!(
                        "a raise to {t} is not a legal raise (the minimum is to {}); a short \
                         all-in raise is written all-in",
                        add(facing, min, "actions")?
                    )));
                }
                self.full_raise = inc;
                self.facing = t;
                next.total = t;
            }
            ActionKind::AllIn => {
                let t = need_total()?;
                if t <= p.total {
                    return Err(bad(format!(
                        "goes all-in for a total of {t}, but already has {} in front",
                        p.total
                    )));
                }
                next.all_in = true;
                next.total = t;
                if t > facing {
                    if !self.may_raise(&p) {
                        return Err(bad(format!(
                            "may only call or fold: an all-in above the bet of {facing} would be \
                             a raise, and betting was not re-opened"
                        )));
                    }
                    let inc = t - facing;
                    let min = self.min_raise_size();
                    if self.game == Game::Limit && inc > min {
                        return Err(bad(format!(
                            "in limit the most is a raise of {min}, to {}",
                            add(facing, min, "actions")?
                        )));
                    }
                    let full = if facing == 0 {
                        t >= self.big_blind
                    } else {
                        inc >= min
                    };
                    if full {
                        self.full_raise = if facing == 0 { t } else { inc };
                    }
                    self.facing = t;
                }
            }
        }
        if let Some(slot) = self.players.get_mut(i) {
            *slot = next;
        }
        Ok(())
    }

    fn check_full_bet(&self, t: Chips, bad: &dyn Fn(String) -> CalcError) -> Result<(), CalcError> {
        let ok = match self.game {
            Game::Limit => t == self.big_blind,
            Game::NoLimit | Game::PotLimit => t >= self.big_blind,
        };
        if ok {
            Ok(())
        } else {
            Err(bad(format!(
                "a bet of {t} is not a legal bet (the bet is {} {}); a short all-in bet is \
                 written all-in",
                if self.game == Game::Limit {
                    "exactly"
                } else {
                    "at least"
                },
                self.big_blind
            )))
        }
    }
}

impl Player {
    fn blind(name: &str, total: Chips) -> Player {
        Player {
            name: name.to_string(),
            total,
            acted: false,
            folded: false,
            all_in: false,
        }
    }
}

fn kind_name(k: ActionKind) -> &'static str {
    match k {
        ActionKind::Check => "check",
        ActionKind::Bet => "bet",
        ActionKind::Raise => "raise",
        ActionKind::Call => "call",
        ActionKind::AllIn => "all-in",
        ActionKind::Fold => "fold",
    }
}

/// Decides whether betting is re-opened for `player` (rule 47 in TDA 2019
/// numbering and ONK, 44 in the German TDA 2015, 48 in Pokerpunt; concept
/// `reopening-betting`, then `raise-amounts` for the minimum raise).
///
/// The round is replayed and validated first (errors name `actions`): a
/// player acting after folding or going all-in, a check facing a bet, a call
/// with nothing to call or for a total other than the bet, a bet facing a
/// bet, a bet or raise below the minimum (a short one is written `all-in`),
/// a raise by a player for whom betting was not re-opened.
///
/// The rule: in no-limit and pot-limit an all-in (or several short all-ins
/// together) totalling less than a full bet or raise does not re-open
/// betting for a player who already acted and is not facing at least a full
/// bet or raise when the action returns. So a player who has not acted (the
/// blinds pre-flop until they appear) may raise; a player who acted may
/// raise when the bet grew since his last action by at least the minimum
/// raise — the last full valid bet or raise of the round, at least the big
/// blind, which is also the minimum raise when several short all-ins
/// re-open the betting:
///
/// `reopened = !acted || facing - own_total >= max(last_full_raise, big_blind)`,
/// `min_raise_to = facing + max(last_full_raise, big_blind)`.
///
/// In limit games `big_blind` is the round's fixed bet, and
/// `limit_reopen_percent` of it re-opens (rule 47-B: 50 in onk-2023-nl and
/// tda-2019-sk, "50% eines vollständigen Raises" in tda-2015-de). dpc-2019-en
/// and pokerpunt-nl state no limit fraction: pass `None`, and only a full bet
/// re-opens (100%).
///
/// The player asked about must have options: a player not in the sequence
/// (other than `SB`/`BB` pre-flop), a player who folded or is all-in, or one
/// to whom the action does not return (nothing changed since he acted) is an
/// error naming `player`.
///
/// ```
/// use floor::calc::Game;
/// use floor::calc::reopening::{ReopenInput, ReopenOutcome, Street, parse_actions, reopening};
///
/// // onk-2023-nl rule 47: A bets 100, B all-in 125, C calls, D all-in 200.
/// let actions = parse_actions("A:bet:100,B:all-in:125,C:call:125,D:all-in:200").unwrap();
/// let ask = |player: &str| {
///     reopening(
///         &ReopenInput {
///             game: Game::NoLimit,
///             big_blind: 50,
///             street: Street::Postflop,
///             actions: actions.clone(),
///             player: player.into(),
///         },
///         None,
///     )
///     .unwrap()
/// };
/// assert_eq!(ask("A").outcome, ReopenOutcome::Reopened);
/// assert_eq!(ask("A").min_raise_to, Some(300));
/// assert_eq!(ask("C").outcome, ReopenOutcome::Closed);
/// ```
pub fn reopening(
    input: &ReopenInput,
    limit_reopen_percent: Option<u8>,
) -> Result<ReopenRuling, CalcError> {
    BettingRound::replay(input, limit_reopen_percent)?.options(&input.player)
}

impl BettingRound {
    /// Replays and validates `input.actions` (errors name `actions`;
    /// `big_blind` and `limit_reopen_percent` are checked too). The player
    /// of `input` is not looked at: ask with [`BettingRound::options`], or
    /// [`BettingRound::options_not_yet_acted`] for the next player who has
    /// not acted this round.
    ///
    /// ```
    /// use floor::calc::Game;
    /// use floor::calc::reopening::{BettingRound, ReopenInput, Street, parse_actions};
    ///
    /// // onk-2023-nl rule 47 before A acts again: E, who has not acted yet,
    /// // may raise to at least 300 (D's 200 plus A's full bet of 100).
    /// let round = BettingRound::replay(
    ///     &ReopenInput {
    ///         game: Game::NoLimit,
    ///         big_blind: 50,
    ///         street: Street::Postflop,
    ///         actions: parse_actions("A:bet:100,B:all-in:125,C:call:125,D:all-in:200").unwrap(),
    ///         player: "E".into(),
    ///     },
    ///     None,
    /// )
    /// .unwrap();
    /// assert_eq!((round.facing(), round.min_raise()), (200, 100));
    /// assert_eq!(round.options_not_yet_acted().unwrap().min_raise_to, Some(300));
    /// ```
    pub fn replay(
        input: &ReopenInput,
        limit_reopen_percent: Option<u8>,
    ) -> Result<BettingRound, CalcError> {
        if input.big_blind == 0 {
            return Err(CalcError::invalid(
                "big_blind",
                "the big blind must be at least 1 chip",
            ));
        }
        let percent = limit_reopen_percent.unwrap_or(100);
        if percent == 0 || percent > 100 {
            return Err(CalcError::invalid(
                "limit_reopen_percent",
                format!("{percent}% is not a fraction of a bet: give 1-100"),
            ));
        }
        let mut round = BettingRound::new(input, percent);
        for (n, a) in input.actions.iter().enumerate() {
            round.apply(n + 1, a)?;
        }
        Ok(round)
    }

    /// The highest total bet of the round so far (pre-flop at least the big
    /// blind).
    pub fn facing(&self) -> Chips {
        self.facing
    }

    /// The minimum raise size in force: the last full bet or raise, at
    /// least the big blind (limit: the fixed bet).
    pub fn min_raise(&self) -> Chips {
        self.min_raise_size()
    }

    /// The options of `player`, a player of the sequence (or `SB`/`BB`
    /// pre-flop). Errors name `player` when he is not in the sequence, has
    /// folded, is all-in, or the action does not return to him.
    pub fn options(&self, player: &str) -> Result<ReopenRuling, CalcError> {
        let name = player.trim();
        let known = self.players.iter().find(|p| p.name == name).cloned();
        let p = known.ok_or_else(|| {
            CalcError::invalid(
                "player",
                format!(
                    "`{name}` does not act in the sequence{}: name a player who acted",
                    if self.street == Street::Preflop {
                        " and is not SB or BB"
                    } else {
                        ""
                    }
                ),
            )
        })?;
        if p.folded {
            return Err(CalcError::invalid(
                "player",
                format!("{name} folded and has no options"),
            ));
        }
        if p.all_in {
            return Err(CalcError::invalid(
                "player",
                format!("{name} is all-in and has no further options"),
            ));
        }
        if p.acted && p.total == self.facing {
            return Err(CalcError::invalid(
                "player",
                format!(
                    "the action does not return to {name}: nothing to call and no raise since \
                     {name} acted"
                ),
            ));
        }
        self.ruling(&p)
    }

    /// The options of a player who has not acted yet this round and is not
    /// in the sequence (e.g. post-flop, the next player to act): betting is
    /// open for him.
    pub fn options_not_yet_acted(&self) -> Result<ReopenRuling, CalcError> {
        self.ruling(&Player::blind("", 0))
    }

    fn ruling(&self, p: &Player) -> Result<ReopenRuling, CalcError> {
        let reopened = self.may_raise(p);
        let min_raise = self.min_raise_size();
        let min_raise_to = if reopened {
            Some(add(self.facing, min_raise, "actions")?)
        } else {
            None
        };
        Ok(ReopenRuling {
            outcome: if reopened {
                ReopenOutcome::Reopened
            } else {
                ReopenOutcome::Closed
            },
            to_call: self.facing,
            min_raise_to,
            min_raise,
            raised_since_acted: if p.acted {
                self.facing.saturating_sub(p.total)
            } else {
                self.facing
            },
            concepts: if reopened {
                vec!["reopening-betting", "raise-amounts"]
            } else {
                vec!["reopening-betting"]
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ask(
        game: Game,
        bb: Chips,
        street: Street,
        actions: &str,
        player: &str,
        pct: Option<u8>,
    ) -> Result<ReopenRuling, CalcError> {
        reopening(
            &ReopenInput {
                game,
                big_blind: bb,
                street,
                actions: parse_actions(actions)?,
                player: player.into(),
            },
            pct,
        )
    }

    fn nl(actions: &str, player: &str) -> ReopenRuling {
        ask(Game::NoLimit, 50, Street::Postflop, actions, player, None).unwrap()
    }

    fn err_key(r: Result<ReopenRuling, CalcError>) -> &'static str {
        match r {
            Err(CalcError::Invalid { input, .. }) => input,
            other => panic!("expected an invalid input, got {other:?}"),
        }
    }

    const ONK_R47: &str = "A:bet:100,B:all-in:125,C:call:125,D:all-in:200";

    // onk-2023-nl rule 47-A: "Speler A mag nu weer folden, callen en raisen."
    #[test]
    fn onk_2023_nl_r47_short_allins_reopen_for_a_only() {
        let a = nl(ONK_R47, "A");
        assert_eq!(a.outcome, ReopenOutcome::Reopened);
        assert_eq!(a.to_call, 200);
        // The minimum raise stays the last full bet, A's 100.
        assert_eq!(a.min_raise_to, Some(300));
        assert_eq!(a.concepts, vec!["reopening-betting", "raise-amounts"]);
    }

    // onk-2023-nl rule 47-A: "Speler C mag in dit voorbeeld niet meer raisen ... (van 125-200
    // is geen volledige raise)."
    #[test]
    fn onk_2023_nl_r47_short_allins_stay_closed_for_c() {
        let c = nl(ONK_R47, "C");
        assert_eq!(c.outcome, ReopenOutcome::Closed);
        assert_eq!((c.to_call, c.min_raise_to), (200, None));
        assert_eq!(c.raised_since_acted, 75);
        assert_eq!(c.concepts, vec!["reopening-betting"]);
    }

    // onk-2023-nl rule 47-A, Voorbeeld: "A bet na de flop 100, B gaat all-in met 125, C callt 125
    // en D gaat all-in met 200. Speler A mag nu weer folden, callen en raisen. Speler C mag in dit
    // voorbeeld niet meer raisen omdat voor deze speler de actie niet is heropend (van 125-200 is
    // geen volledige raise)."
    #[test]
    fn onk_2023_nl_r47_ex_a_may_fold_call_or_raise_c_may_not_raise() {
        let a = nl(ONK_R47, "A");
        assert_eq!((a.outcome, a.to_call), (ReopenOutcome::Reopened, 200));
        assert!(a.min_raise_to.is_some());
        let c = nl(ONK_R47, "C");
        assert_eq!(
            (c.outcome, c.to_call, c.min_raise_to),
            (ReopenOutcome::Closed, 200, None)
        );
    }

    #[test]
    fn single_short_allin_does_not_reopen() {
        let a = nl("A:bet:100,B:all-in:150", "A");
        assert_eq!((a.outcome, a.to_call), (ReopenOutcome::Closed, 150));
        // A full all-in raise does.
        let a = nl("A:bet:100,B:all-in:200", "A");
        assert_eq!(
            (a.outcome, a.min_raise_to),
            (ReopenOutcome::Reopened, Some(300))
        );
        // Exactly a full raise in two short all-ins does too.
        let a = nl("A:bet:100,B:all-in:150,C:all-in:200", "A");
        assert_eq!(a.outcome, ReopenOutcome::Reopened);
    }

    #[test]
    fn full_raise_after_a_player_acted_reopens_him_despite_later_short_allins() {
        let actions = "A:bet:100,B:raise:300,C:all-in:450";
        assert_eq!(nl(actions, "A").outcome, ReopenOutcome::Reopened);
        assert_eq!(nl(actions, "A").min_raise_to, Some(650));
        assert_eq!(nl(actions, "B").outcome, ReopenOutcome::Closed);
    }

    #[test]
    fn check_then_short_allin_bet_below_the_big_blind_stays_closed() {
        // Post-flop big blind 100: A checks, B is all-in for 60.
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            "A:check,B:all-in:60",
            "A",
            None,
        )
        .unwrap();
        assert_eq!(
            (r.outcome, r.to_call, r.min_raise),
            (ReopenOutcome::Closed, 60, 100)
        );
        // A bet of the full big blind re-opens the check.
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            "A:check,B:all-in:100",
            "A",
            None,
        )
        .unwrap();
        assert_eq!(
            (r.outcome, r.min_raise_to),
            (ReopenOutcome::Reopened, Some(200))
        );
    }

    #[test]
    fn preflop_blinds_have_not_acted_until_they_appear() {
        let pf = |actions: &str, player: &str| {
            ask(Game::NoLimit, 200, Street::Preflop, actions, player, None).unwrap()
        };
        // Limped to the big blind: the option.
        let bb = pf("C:call,SB:call", "BB");
        assert_eq!(
            (bb.outcome, bb.to_call, bb.min_raise_to),
            (ReopenOutcome::Reopened, 200, Some(400))
        );
        // A short all-in raise does not reopen for the limper, but the blinds may raise.
        let actions = "C:call,D:all-in:300";
        assert_eq!(pf(actions, "C").outcome, ReopenOutcome::Closed);
        assert_eq!(pf(actions, "SB").outcome, ReopenOutcome::Reopened);
        assert_eq!(pf(actions, "BB").min_raise_to, Some(500));
        // Once the big blind called the short all-in, it is closed for him too
        // when the action comes back after another short all-in.
        let actions = "C:call,D:all-in:300,SB:fold,BB:call,C:call,E:all-in:350";
        assert_eq!(pf(actions, "BB").outcome, ReopenOutcome::Closed);
        assert_eq!(pf(actions, "C").outcome, ReopenOutcome::Closed);
    }

    #[test]
    fn limit_reopens_at_the_editions_fraction() {
        // Limit 100/200 on the flop (bet 100): A bets, B all-in 160.
        let lim = |actions: &str, pct| {
            ask(Game::Limit, 100, Street::Postflop, actions, "A", pct).unwrap()
        };
        let actions = "A:bet:100,B:all-in:160";
        assert_eq!(lim(actions, Some(50)).outcome, ReopenOutcome::Reopened);
        assert_eq!(lim(actions, Some(50)).min_raise_to, Some(260));
        assert_eq!(lim(actions, None).outcome, ReopenOutcome::Closed);
        // 40 chips more is less than half a bet.
        assert_eq!(
            lim("A:bet:100,B:all-in:140", Some(50)).outcome,
            ReopenOutcome::Closed
        );
        // Exactly half a bet re-opens.
        assert_eq!(
            lim("A:bet:100,B:all-in:150", Some(50)).outcome,
            ReopenOutcome::Reopened
        );
        assert_eq!(
            err_key(ask(
                Game::Limit,
                100,
                Street::Postflop,
                "A:bet:100",
                "A",
                Some(0)
            )),
            "limit_reopen_percent"
        );
        assert_eq!(
            err_key(ask(
                Game::Limit,
                100,
                Street::Postflop,
                "A:bet:150",
                "A",
                Some(50)
            )),
            "actions"
        );
        assert_eq!(
            err_key(ask(
                Game::Limit,
                100,
                Street::Postflop,
                "A:bet:100,B:all-in:250",
                "A",
                Some(50)
            )),
            "actions"
        );
    }

    #[test]
    fn invalid_sequences_name_actions() {
        let bad = |actions: &str| {
            err_key(ask(
                Game::NoLimit,
                100,
                Street::Postflop,
                actions,
                "A",
                None,
            ))
        };
        for actions in [
            "A:fold,A:call",                       // acts after folding
            "A:bet:100,B:all-in:300,B:call",       // acts after all-in
            "A:bet:100,B:check",                   // check facing a bet
            "A:call",                              // nothing to call
            "A:bet:100,B:call:90",                 // call for less
            "A:bet:100,B:bet:300",                 // bet facing a bet
            "A:raise:300",                         // raise with no bet
            "A:bet:50",                            // bet below the big blind
            "A:bet:100,B:raise:150",               // raise below the minimum
            "A:bet:100,B:raise:100",               // raise not above the bet
            "A:bet:100,B:all-in:150,A:raise:400",  // raise when closed
            "A:bet:100,B:all-in:150,A:all-in:400", // all-in raise when closed
            "A:bet",                               // bet without a total
            "A:check:100",                         // check with a total
            "A:fold:100",                          // fold with a total
            "A:bet:100,B:all-in:100,B:fold",       // acts after all-in
            "A:bet:100,B:call,C:all-in:0",         // all-in for nothing
            "A:check,A:check",                     // acts again with nothing changed
            "A:wait",                              // unknown action
            ":bet:100",                            // no player
            "A",                                   // no action
            "A:bet:100:5",                         // too many parts
            "A:bet:12OO",                          // not an amount
        ] {
            assert_eq!(bad(actions), "actions", "{actions}");
        }
    }

    #[test]
    fn players_without_options_name_player() {
        let key = |actions: &str, player: &str| {
            err_key(ask(
                Game::NoLimit,
                100,
                Street::Postflop,
                actions,
                player,
                None,
            ))
        };
        assert_eq!(key("A:bet:100,B:call", "Z"), "player");
        assert_eq!(key("A:bet:100,B:fold", "B"), "player");
        assert_eq!(key("A:bet:100,B:all-in:100", "B"), "player");
        assert_eq!(key("A:bet:100,B:call", "A"), "player");
        // SB and BB are known pre-flop only.
        assert_eq!(key("A:bet:100", "BB"), "player");
        assert_eq!(
            err_key(ask(
                Game::NoLimit,
                0,
                Street::Postflop,
                "A:bet:100",
                "A",
                None
            )),
            "big_blind"
        );
    }

    #[test]
    fn a_player_who_has_not_acted_may_always_raise() {
        let input = ReopenInput {
            game: Game::NoLimit,
            big_blind: 50,
            street: Street::Postflop,
            actions: parse_actions(ONK_R47).unwrap(),
            player: "E".into(),
        };
        // The contract: E is not in the sequence.
        assert_eq!(err_key(reopening(&input, None)), "player");
        let round = BettingRound::replay(&input, None).unwrap();
        let e = round.options_not_yet_acted().unwrap();
        assert_eq!(e.outcome, ReopenOutcome::Reopened);
        assert_eq!(
            (e.to_call, e.min_raise_to, e.raised_since_acted),
            (200, Some(300), 200)
        );
    }

    #[test]
    fn amounts_in_contract_formats_are_accepted() {
        let r = nl("A:bet:1.000,B:all-in:1.2k", "A");
        assert_eq!((r.outcome, r.to_call), (ReopenOutcome::Closed, 1200));
    }

    #[test]
    fn overflow_is_reported() {
        let big = u64::MAX;
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            &format!("A:bet:{},B:all-in:{big}", big - 10),
            "A",
            None,
        );
        // B's all-in is short (10 more): A is closed; nothing overflows.
        assert_eq!(r.unwrap().outcome, ReopenOutcome::Closed);
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            &format!("A:bet:{big},B:call"),
            "A",
            None,
        );
        assert_eq!(err_key(r), "player");
        let r = ask(
            Game::NoLimit,
            100,
            Street::Postflop,
            &format!("A:check,B:bet:{}", big - 50),
            "A",
            None,
        );
        assert_eq!(r, Err(CalcError::Overflow { input: "actions" }));
    }

    /// A state reached by a generated round: the actions so far, the bet,
    /// the largest full bet or raise, and for each live player who acted
    /// the bet when he last acted (tracked independently of [`Round`]).
    #[derive(Debug, Clone)]
    struct Snapshot {
        actions: String,
        facing: Chips,
        largest_full: Chips,
        levels: Vec<(String, Chips)>,
    }

    /// Plays a random post-flop no-limit round and returns the state after
    /// every action.
    fn generate(bb: Chips, players: usize, choices: &[(u8, u16)]) -> Vec<Snapshot> {
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut totals = vec![0u64; players];
        let mut level: Vec<Option<Chips>> = vec![None; players];
        let mut out = vec![false; players]; // folded or all-in
        let mut facing = 0;
        let mut full = 0;
        let mut largest_full = 0;
        let mut acts = Vec::new();
        let mut snapshots = Vec::new();
        let mut turn = 0;
        for &(kind, size) in choices {
            // Next player with options.
            let mut tries = 0;
            while tries < players
                && (out[turn % players]
                    || level[turn % players]
                        .is_some_and(|l| l == facing && totals[turn % players] == facing))
            {
                turn += 1;
                tries += 1;
            }
            if tries == players {
                break;
            }
            let i = turn % players;
            turn += 1;
            let min = full.max(bb);
            let may_raise = level[i].is_none_or(|l| facing - l >= min);
            let name = &names[i];
            let size = Chips::from(size);
            match kind % 10 {
                0 => {
                    out[i] = true;
                    acts.push(format!("{name}:fold"));
                }
                1..=4 => {
                    if facing == totals[i] {
                        acts.push(format!("{name}:check"));
                    } else {
                        acts.push(format!("{name}:call"));
                        totals[i] = facing;
                    }
                    level[i] = Some(facing);
                }
                5 if may_raise => {
                    let t = if facing == 0 {
                        bb + size
                    } else {
                        facing + min + size
                    };
                    acts.push(format!(
                        "{name}:{}:{t}",
                        if facing == 0 { "bet" } else { "raise" }
                    ));
                    full = if facing == 0 { t } else { t - facing };
                    largest_full = largest_full.max(full);
                    facing = t;
                    totals[i] = t;
                    level[i] = Some(facing);
                }
                k => {
                    // All-in: for less, a short raise or bet, or a full raise.
                    let t = match k % 3 {
                        0 if facing > totals[i] + 1 => {
                            totals[i] + 1 + size % (facing - totals[i] - 1)
                        }
                        1 if may_raise => facing + 1 + size % min,
                        _ if may_raise => facing + min + size,
                        _ => {
                            if facing > totals[i] {
                                acts.push(format!("{name}:call"));
                                totals[i] = facing;
                            } else {
                                acts.push(format!("{name}:check"));
                            }
                            level[i] = Some(facing);
                            0 // no all-in: a check or call was made
                        }
                    };
                    if t > 0 {
                        acts.push(format!("{name}:all-in:{t}"));
                        if t > facing {
                            let is_full = if facing == 0 {
                                t >= bb
                            } else {
                                t - facing >= min
                            };
                            if is_full {
                                full = if facing == 0 { t } else { t - facing };
                                largest_full = largest_full.max(full);
                            }
                            facing = t;
                        }
                        totals[i] = t;
                        out[i] = true;
                    }
                }
            }
            snapshots.push(Snapshot {
                actions: acts.join(","),
                facing,
                largest_full,
                levels: (0..players)
                    .filter(|&j| !out[j])
                    .filter_map(|j| level[j].map(|l| (names[j].clone(), l)))
                    .collect(),
            });
        }
        snapshots
    }

    proptest! {
        #[test]
        fn never_reopened_without_a_full_raise_since_acting(
            bb in 1u64..500,
            players in 2usize..7,
            choices in proptest::collection::vec((0u8..30, 0u16..400), 0..25),
        ) {
            for g in generate(bb, players, &choices) {
                for (name, level) in &g.levels {
                    let r = ask(Game::NoLimit, bb, Street::Postflop, &g.actions, name, None);
                    if *level == g.facing {
                        // The action does not return to him.
                        prop_assert_eq!(err_key(r), "player");
                        continue;
                    }
                    let r = r.unwrap();
                    prop_assert_eq!(r.to_call, g.facing);
                    // The minimum raise is the last full bet or raise (in
                    // no-limit also the largest), at least the big blind.
                    prop_assert_eq!(r.min_raise, g.largest_full.max(bb));
                    let grown = g.facing - level;
                    prop_assert_eq!(r.raised_since_acted, grown);
                    if r.outcome == ReopenOutcome::Reopened {
                        // Facing at least a full bet or raise since he acted.
                        prop_assert!(grown >= bb);
                        prop_assert!(grown >= g.largest_full);
                        let m = r.min_raise_to.unwrap();
                        prop_assert!(m >= r.to_call + bb);
                    } else {
                        prop_assert!(grown < g.largest_full.max(bb));
                        prop_assert_eq!(r.min_raise_to, None);
                    }
                }
            }
        }
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<String> = [ReopenOutcome::Reopened, ReopenOutcome::Closed]
            .iter()
            .map(|o| {
                serde_json::to_value(o)
                    .unwrap()
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect();
        assert_eq!(ids, ["reopened", "closed"]);
    }
}
