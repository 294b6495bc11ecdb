//! Actions and their one grammar: `[PLAYER:]ACTION[:TOTAL]`, items separated
//! by commas (`A:bet:100,B:all-in:125,C:call`; `check,bet,fold` where who
//! acted does not matter). TOTAL is the player's total for the round after
//! the action.

use std::fmt;
use std::str::FromStr;

use super::Chips;
use crate::message::{Message, Msg};

/// What a player did.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantNames,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ActionKind {
    /// Check: no bet to call.
    Check,
    /// Bet: the first bet of a round with no bet.
    Bet,
    /// Raise: a bet above the bet faced.
    Raise,
    /// Call: match the bet faced.
    Call,
    /// All-in: all the player's chips.
    #[strum(serialize = "all-in", serialize = "allin")]
    AllIn,
    /// Fold.
    Fold,
}

impl ActionKind {
    /// The word the grammar uses.
    pub fn word(self) -> &'static str {
        self.into()
    }

    /// The action puts chips in (or may: an all-in always does).
    pub fn puts_chips_in(self) -> bool {
        matches!(
            self,
            ActionKind::Bet | ActionKind::Raise | ActionKind::Call | ActionKind::AllIn
        )
    }
}

/// One action: who (when it matters), what, and the player's total for the
/// round after it (when it matters).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct Action {
    /// The player's name (`SB` and `BB` are the blinds pre-flop).
    pub player: Option<String>,
    /// What the player did.
    pub kind: ActionKind,
    /// The player's total for the round after the action.
    pub total: Option<Chips>,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.player {
            write!(f, "{p}:")?;
        }
        f.write_str(self.kind.word())?;
        if let Some(t) = self.total {
            write!(f, ":{t}")?;
        }
        Ok(())
    }
}

/// Longest player name accepted.
pub const MAX_PLAYER_NAME: usize = 20;

/// Whether `name` can name a player: letters, digits, `_` and `-`, at most
/// [`MAX_PLAYER_NAME`] characters, and not an action word.
pub fn is_player_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= MAX_PLAYER_NAME
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        && ActionKind::from_str(&name.to_ascii_lowercase()).is_err()
}

fn kind(word: &str) -> Option<ActionKind> {
    ActionKind::from_str(&word.trim().to_ascii_lowercase()).ok()
}

impl FromStr for Action {
    type Err = Message;

    /// Parses `[PLAYER:]ACTION[:TOTAL]`, e.g. `B:all-in:125`, `call`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let item = s.trim();
        let at = |msg: Msg| Message::new(msg).arg("item", item);
        let parts: Vec<&str> = item.split(':').map(str::trim).collect();
        let (player, word, total) = match parts.as_slice() {
            [word] => (None, *word, None),
            [first, second] if kind(first).is_some() => (None, *first, Some(*second)),
            [player, word] => (Some(*player), *word, None),
            [player, word, total] => (Some(*player), *word, Some(*total)),
            _ => return Err(at(Msg::ActionTooManyParts)),
        };
        if let Some(p) = player {
            if p.is_empty() {
                return Err(at(Msg::ActionNoPlayer));
            }
            if !is_player_name(p) {
                return Err(at(Msg::ActionBadPlayer));
            }
        }
        if word.is_empty() {
            return Err(at(Msg::ActionMissing));
        }
        let kind = kind(word).ok_or_else(|| {
            if word == item {
                Message::new(Msg::ActionUnknownWord).arg("word", word)
            } else {
                at(Msg::ActionUnknown).arg("word", word)
            }
        })?;
        let total = match total {
            None => None,
            Some(t) => Some(
                super::amount::parse(t)
                    .map_err(|problem| at(Msg::ActionBadAmount).nested("problem", problem))?,
            ),
        };
        Ok(Action {
            player: player.map(str::to_string),
            kind,
            total,
        })
    }
}

/// Parses a comma-separated list of actions (see the module grammar). An
/// empty text is an empty list.
///
/// ```
/// use floor::poker::{ActionKind, parse_actions};
///
/// let a = parse_actions("A:bet:100,B:all-in:125,C:call").unwrap();
/// assert_eq!(a[1].kind, ActionKind::AllIn);
/// assert_eq!(a[1].total, Some(125));
/// assert_eq!(parse_actions("check,bet").unwrap()[1].player, None);
/// ```
pub fn parse_actions(text: &str) -> Result<Vec<Action>, Message> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',').map(str::parse).collect()
}

/// Parses players' chips, `PLAYER:CHIPS,...` (e.g. `A:5000,B:1.2k`): the
/// chips each had behind at the start of the round.
///
/// ```
/// use floor::poker::action::parse_stacks;
/// assert_eq!(parse_stacks("A:5000,B:1.2k").unwrap(), [("A".to_string(), 5000), ("B".to_string(), 1200)]);
/// ```
pub fn parse_stacks(text: &str) -> Result<Vec<(String, Chips)>, Message> {
    let mut out: Vec<(String, Chips)> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let at = |msg: Msg| Message::new(msg).arg("item", item);
        let (name, chips) = item.split_once(':').ok_or_else(|| at(Msg::StackItem))?;
        let name = name.trim();
        if let Some(problem) = stack_problem(name, &out) {
            return Err(at(problem));
        }
        let chips = super::amount::parse(chips)
            .map_err(|problem| at(Msg::ActionBadAmount).nested("problem", problem))?;
        out.push((name.to_string(), chips));
    }
    Ok(out)
}

/// What is wrong with a player's name in a list of stacks after `before`:
/// not a name, or named twice.
fn stack_problem(name: &str, before: &[(String, Chips)]) -> Option<Msg> {
    if !is_player_name(name) {
        Some(Msg::ActionBadPlayer)
    } else if before.iter().any(|(n, _)| n == name) {
        Some(Msg::StackTwice)
    } else {
        None
    }
}

/// Players' chips given as items (not typed as text) checked as
/// [`parse_stacks`] checks what it reads: names, none twice.
pub fn check_stacks(stacks: &[(String, Chips)]) -> Result<(), Message> {
    for i in 0..stacks.len() {
        let (before, rest) = stacks.split_at(i);
        if let Some((name, chips)) = rest.first()
            && let Some(problem) = stack_problem(name, before)
        {
            return Err(Message::new(problem).arg("item", format!("{name}:{chips}")));
        }
    }
    Ok(())
}

/// Actions given as items checked as [`Action::from_str`] checks what it
/// reads: a player named is a player's name.
pub fn check_actions(actions: &[Action]) -> Result<(), Message> {
    match actions
        .iter()
        .find(|a| a.player.as_deref().is_some_and(|p| !is_player_name(p)))
    {
        Some(bad) => Err(Message::new(Msg::ActionBadPlayer).arg("item", bad)),
        None => Ok(()),
    }
}

/// The canonical text of a list of actions (what [`parse_actions`] reads).
pub fn actions_text(actions: &[Action]) -> String {
    actions
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_grammar_with_and_without_players() {
        let a: Action = "B:all-in:125".parse().unwrap();
        assert_eq!(
            (a.player.as_deref(), a.kind, a.total),
            (Some("B"), ActionKind::AllIn, Some(125))
        );
        let a: Action = "allin:1.2k".parse().unwrap();
        assert_eq!(
            (a.player, a.kind, a.total),
            (None, ActionKind::AllIn, Some(1200))
        );
        let a: Action = "SB:Call".parse().unwrap();
        assert_eq!(
            (a.player.as_deref(), a.kind),
            (Some("SB"), ActionKind::Call)
        );
        assert_eq!(
            actions_text(&parse_actions("A:bet:100, call").unwrap()),
            "A:bet:100,call"
        );
    }

    #[test]
    fn malformed_items_name_the_item() {
        for (text, msg) in [
            (":bet:100", Msg::ActionNoPlayer),
            ("A:jump:200", Msg::ActionUnknown),
            ("jump", Msg::ActionUnknownWord),
            ("A:", Msg::ActionMissing),
            ("A:bet:1:2", Msg::ActionTooManyParts),
            ("A:bet:x", Msg::ActionBadAmount),
            ("bet:call:100", Msg::ActionBadPlayer),
            ("A b:bet:100", Msg::ActionBadPlayer),
        ] {
            let err = text.parse::<Action>().expect_err(text);
            assert_eq!(err.msg, msg, "{text}");
            // A bare word is the whole item: the message names it once.
            let named = if msg == Msg::ActionUnknownWord {
                "word"
            } else {
                "item"
            };
            assert_eq!(err.text_arg(named), Some(text), "{text}");
        }
    }
}
