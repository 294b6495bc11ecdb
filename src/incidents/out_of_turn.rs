//! Action out of turn: whether an out-of-turn action stands (incident
//! `out-of-turn`).
//!
//! Owns the decision of TDA 2019 rule 53 (TDA 2015 rule 40, Pokerpunt rule
//! 44, ONK rule 53). The editions differ in how they word it, not in a
//! number: once substantial action passed the skipped player, whom the
//! floor rules on (53-B: the skipped hand, or in tda-2019-sk the player who
//! acted out of turn, the action backing up), whether the skipped hand
//! plays on, and whether a penalty will or may follow. Each is read from
//! the edition's provisions record. The ruling itself is pure.

use serde::Deserialize;

use super::situation::{Needs, Told, WithRound, round_before};
use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::incidents::substantial_action::{SaOutcome, SaThresholds, substantial_action};
use crate::message::{Message, Msg};
use crate::poker::action::actions_text;
use crate::poker::{Action, ActionKind, Game, Round};
use crate::rules::concepts::{self as c, Cite};

/// The action taken out of turn: the one action enum of the poker model
/// (the tree offers check, call, bet, raise and fold).
pub use crate::poker::ActionKind as OotAction;

/// The `out-of-turn` incident.
pub struct OutOfTurn;

/// The answers of `out-of-turn` of its own (SPEC section 5). Told the round
/// as it was played (the keys every betting incident shares,
/// [`Told`](super::situation::Told): its actions in the order they
/// happened, the out-of-turn one and those after it included; `player` is
/// who acted out of turn), `skipped` and the round replace the three
/// others.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// With `actions`: whose turn it was (the player skipped).
    pub skipped: Option<String>,
    /// What the out-of-turn player did.
    pub oot_action: Option<OotAction>,
    /// The action changed before it reached him.
    pub action_changed: Option<bool>,
    /// The skipped player spoke up before substantial action behind him.
    pub skipped_spoke: Option<bool>,
    /// He had reasonable time to speak up before it (asked where the
    /// edition makes that a condition of losing his say).
    pub skipped_had_time: Option<bool>,
}

impl Incident for OutOfTurn {
    const ID: &'static str = "out-of-turn";
    const PROVISIONS: &'static [&'static str] = &[
        "fold-oot-binding",
        "oot-penalty",
        "oot-reasonable-time",
        "oot-skipped-floor",
    ];
    type Answers = WithRound<Answers>;
    type Outcome = OutOfTurnOutcome;
    type Amounts = ();
    type Extra = Extra;
    type Note = Notes;

    fn rule(given: WithRound<Answers>, cx: &mut Cx<'_>) -> Result<Decision<OutOfTurn>, Error> {
        let WithRound {
            answers: a,
            told: round_told,
        } = given;
        let mut told = None;
        let input = match &round_told.actions {
            Some(actions) => {
                let played = from_actions(&a, &round_told, actions, cx)?;
                let input = played.input;
                told = Some(played);
                input
            }
            None => {
                let oot_action = a
                    .oot_action
                    .ok_or_else(|| super::answer_needed("oot_action"))?;
                // A fold out of turn stands whatever followed: the two
                // other questions are not asked then.
                let (action_changed, skipped_spoke) = match oot_action {
                    OotAction::Fold => (false, true),
                    _ => (
                        a.action_changed
                            .ok_or_else(|| super::answer_needed("action_changed"))?,
                        a.skipped_spoke
                            .ok_or_else(|| super::answer_needed("skipped_spoke"))?,
                    ),
                };
                OutOfTurnInput {
                    oot_action,
                    action_changed,
                    skipped_spoke,
                    skipped_had_time: true,
                }
            }
        };
        // The edition's words are read where they can decide; an edition
        // without a provisions record is read as TDA practice, said on the
        // card (a replayed hand must not stop on it).
        let mut input = input;
        let may_lose_say = !input.skipped_spoke && input.oot_action != OotAction::Fold;
        let reasonable_time =
            may_lose_say && cx.stated_or_practice("oot-reasonable-time")?.is_some();
        if reasonable_time {
            input.skipped_had_time = a
                .skipped_had_time
                .ok_or_else(|| super::answer_needed("skipped_had_time"))?;
            // Neither the round as played nor a hand record tells whether
            // he had time to object: a default decided the case.
            cx.ask("skipped_had_time");
        } else {
            cx.unused("skipped_had_time");
        }
        // 53-B: whom the floor rules on once substantial action passed the
        // skipped player.
        let skipped_floor = match may_lose_say {
            true => cx.stated_or_practice("oot-skipped-floor")?,
            false => None,
        };
        let reading = Reading53B {
            after_sa: match skipped_floor.and_then(|t| t.who.as_deref()) {
                Some("oot-player") => AfterSa::OotPlayer,
                _ => AfterSa::SkippedHand,
            },
            reasonable_time,
        };
        let plays_on = skipped_floor.and_then(|t| t.then.as_deref()) == Some("plays-on");
        // Where the edition says the penalty follows (onk-2023-nl 53-A
        // "leidt tot een penalty", tda-2019-sk "bude penalizovaná"), the
        // card says it will; "may", "kan", "kann" and "subject to penalty"
        // keep "may". A fold out of turn goes by the edition's rule on folds
        // (58: onk-2023-nl "kan", tda-2019-sk "môže"), as `offence-penalty`
        // rules it.
        let penalty = if input.oot_action == OotAction::Fold {
            "fold-oot-binding"
        } else {
            "oot-penalty"
        };
        let r = out_of_turn(&input, reading);
        let will = !r.discretion
            && cx
                .stated_or_practice(penalty)?
                .and_then(|t| t.force.as_deref())
                == Some("will");
        let mut d = Decision::<OutOfTurn>::new(r.outcome, r.concepts);
        d.discretion = Some(r.discretion);
        let no_chips =
            r.outcome == OutOfTurnOutcome::NotBinding && input.oot_action == OotAction::Check;
        d.remedy_variant = match r.outcome {
            OutOfTurnOutcome::SkippedHandDiscretion if plays_on => Some("plays-on"),
            OutOfTurnOutcome::SkippedHandDiscretion | OutOfTurnOutcome::OotPlayerDiscretion => None,
            _ if no_chips && will => Some("no-chips-penalty-will"),
            _ if no_chips => Some("no-chips"),
            _ if will => Some("penalty-will"),
            _ => None,
        };
        d.extra.chips_returned = r.chips_returned;
        if r.kept_say_without_time {
            d.notes.push(Notes::OotNoReasonableTime);
        }
        if let Some(played) = told {
            d.extra.player = Some(played.player.clone());
            d.extra.skipped = Some(played.skipped.clone());
            d.notes.push(Notes::OotFromActions {
                player: played.player.clone(),
                action: played.action,
                skipped: played.skipped,
                behind: played.behind,
            });
            // Binding only "if action to the OOT player does not change"
            // (53-A): with players between still to act, the card says on
            // what it stands.
            if r.outcome == OutOfTurnOutcome::Binding && !played.awaiting.is_empty() {
                d.notes.push(Notes::OotAwaiting {
                    players: played.awaiting.join(", "),
                    player: played.player,
                });
            }
        }
        Ok(d)
    }
}

/// What the JSON of `out-of-turn` carries.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// The out-of-turn player's chips come back.
    pub chips_returned: bool,
    /// Told as played: who acted out of turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Told as played: whose turn it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
}

crate::notes! {
    /// The notes of `out-of-turn`.
    pub enum Notes {
        /// The facts as the actions show them.
        OotFromActions { player: String, action: String, skipped: String, behind: String } = "oot_from_actions",
        /// Substantial action passed the skipped player before he had
        /// reasonable time to speak up: he kept his say.
        OotNoReasonableTime = "oot_no_reasonable_time",
        /// Players between have not acted since: binding while the action to
        /// him does not change.
        OotAwaiting { players: String, player: String } = "oot_awaiting",
    }
}

/// The out-of-turn facts the round as played shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The three facts of the rule.
    pub input: OutOfTurnInput,
    /// Who acted out of turn.
    pub player: String,
    /// His action, as written.
    pub action: String,
    /// Whose turn it was.
    pub skipped: String,
    /// The actions behind the skipped player before he acted, as written.
    pub behind: String,
    /// Players seated between, still in the hand, who have not acted since
    /// the action out of turn: the action to him may still change.
    pub awaiting: Vec<String>,
}

/// Reads the out-of-turn facts from the round as it happened.
///
/// The skipped player sits right before the out-of-turn player unless the
/// actions seat him earlier. The out-of-turn action is the first action of
/// `player` taken when the round says it was `skipped`'s turn. Behind the
/// skipped player are that action and every one after it until he acts (or
/// the list ends): when they make substantial action (the edition's
/// counts), he did not speak up in time. The action changed when, after the
/// out-of-turn action, the skipped player (or one seated between him and
/// the out-of-turn player) bet or raised before the out-of-turn player
/// acted again. Errors name `actions`, `stacks`, `player` or `skipped`.
fn from_actions(
    a: &Answers,
    told: &Told,
    actions: &[Action],
    cx: &mut Cx<'_>,
) -> Result<Played, Error> {
    let player = told
        .player
        .as_deref()
        .map(str::trim)
        .ok_or_else(|| super::answer_needed("player"))?;
    let skipped = a
        .skipped
        .as_deref()
        .map(str::trim)
        .ok_or_else(|| super::answer_needed("skipped"))?;
    if player == skipped {
        return Err(Error::input(
            "skipped",
            Message::new(Msg::OotSkippedIsPlayer).arg("player", player),
        ));
    }
    let needs = Needs {
        game: Some(Game::NoLimit),
        ..Needs::default()
    };
    let (mut round, actions) = round_before(told, actions, needs, cx)?;
    let seated_by_stacks: Vec<String> = round.seating().iter().map(|s| s.to_string()).collect();
    // Seating: the players' chips in their order, then the order of first
    // appearance, the skipped player right before the out-of-turn player
    // unless already seated.
    let seat = |round: &mut Round, name: &str| {
        if !round.knows(name) {
            round.seat(name, None);
        }
    };
    for action in &actions {
        let Some(name) = action.player.as_deref() else {
            return Err(Error::input(
                "actions",
                Message::new(Msg::ActionNoPlayer).arg("item", action),
            ));
        };
        if name == player {
            seat(&mut round, skipped);
        }
        seat(&mut round, name);
    }
    let between = seated_between(&round.seating(), skipped, player);
    let mut oot: Option<(usize, Action)> = None;
    // The action out of turn waits for its player's turn, as `floor hand`
    // holds it: the player in turn who checks, folds or bets with nothing
    // to call acts as if it had not been made (53-A); an action that calls
    // or raises answers it, or comes after it in turn, and it takes effect
    // first.
    let mut waiting: Option<(usize, Action)> = None;
    // Each action after the one out of turn: who, and whether it bet or
    // raised.
    let mut after: Vec<(String, bool)> = Vec::new();
    for (n, action) in actions.iter().enumerate() {
        let name = action.player.as_deref().unwrap_or_default();
        let as_if_not_made = round.to_act() == Some(name)
            && matches!(
                action.kind,
                ActionKind::Check | ActionKind::Fold | ActionKind::Bet
            )
            && round.spot(name).is_ok_and(|s| s.to_call() == 0);
        if !as_if_not_made && let Some((at, held)) = waiting.take() {
            // Taken back where the action changed before it (53-A): its
            // player acts again in turn.
            if !followed_so_far(&after, player, skipped, &between).changed {
                round
                    .apply(at + 1, &held)
                    .map_err(|m| Error::input("actions", m))?;
            }
        }
        let facing = round.facing();
        if oot.is_none() && name == player {
            let turn = round.to_act().unwrap_or_default().to_string();
            if turn != player {
                if turn != skipped {
                    return Err(Error::input(
                        "skipped",
                        Message::new(Msg::OotNotSkipped)
                            .arg("player", player)
                            .arg("skipped", skipped)
                            .arg("turn", &turn),
                    ));
                }
                oot = Some((n, action.clone()));
                waiting = Some((n, action.clone()));
                continue;
            }
        } else if oot.is_some() {
            let raises = match action.kind {
                ActionKind::Bet | ActionKind::Raise => true,
                ActionKind::AllIn => action.total.is_some_and(|t| t > facing),
                _ => false,
            };
            after.push((name.to_string(), raises));
        }
        round
            .apply(n + 1, action)
            .map_err(|m| Error::input("actions", m))?;
    }
    let followed = followed_so_far(&after, player, skipped, &between);
    // The actions end before its player's turn: it takes effect, unless
    // the action changed before it (taken back).
    if let Some((at, held)) = waiting.filter(|_| !followed.changed) {
        round
            .apply(at + 1, &held)
            .map_err(|m| Error::input("actions", m))?;
    }
    let Some((at, oot_action)) = oot else {
        return Err(Error::input(
            "player",
            Message::new(Msg::OotNotFound).arg("player", player),
        ));
    };
    // A player first named after the action out of turn, without the
    // stacks to seat him, is seated after its player; seated between, his
    // bet would change the action (53-A). Where that flips the ruling, the
    // seating is asked, not assumed.
    let late = named_late(&actions, at, &seated_by_stacks, player, skipped);
    if !late.is_empty() {
        let wider: Vec<String> = between.iter().chain(&late).cloned().collect();
        if followed_so_far(&after, player, skipped, &wider).changed != followed.changed {
            return Err(Error::input(
                "stacks",
                Message::new(Msg::OotSeatingUnknown)
                    .arg("players", late.join(", "))
                    .arg("player", player)
                    .arg("skipped", skipped),
            ));
        }
    }
    let behind: Vec<Action> = actions
        .iter()
        .skip(at)
        .take(followed.behind + 1)
        .cloned()
        .collect();
    let awaiting: Vec<String> = between
        .iter()
        .filter(|b| !after.iter().any(|(name, _)| name == *b))
        .filter(|b| round.standing(b).is_none_or(|s| !s.folded && !s.all_in))
        .cloned()
        .collect();
    let kinds: Vec<ActionKind> = behind.iter().map(|b| b.kind).collect();
    let sa = substantial_action(&kinds, SaThresholds::of(&mut cx.params))?;
    let substantial = sa.outcome == SaOutcome::SubstantialAction;
    Ok(Played {
        input: OutOfTurnInput {
            oot_action: oot_action.kind,
            action_changed: followed.changed,
            skipped_spoke: !substantial,
            skipped_had_time: true,
        },
        player: player.to_string(),
        action: oot_action.to_string(),
        skipped: skipped.to_string(),
        behind: if behind.is_empty() {
            "-".to_string()
        } else {
            actions_text(&behind)
        },
        awaiting,
    })
}

/// [`what_followed`] the actions `after` the one out of turn, each as
/// `(who, bet or raised)`.
fn followed_so_far(
    after: &[(String, bool)],
    player: &str,
    skipped: &str,
    between: &[String],
) -> Followed {
    what_followed(
        after.iter().map(|(name, raises)| (name.as_str(), *raises)),
        player,
        skipped,
        between,
    )
}

/// The players `actions` first name after the one at `at` (out of turn),
/// whom no stack seats: where they sit is not told.
fn named_late(
    actions: &[Action],
    at: usize,
    seated_by_stacks: &[String],
    player: &str,
    skipped: &str,
) -> Vec<String> {
    let mut seen: Vec<&str> = Vec::new();
    let mut late = Vec::new();
    for (n, action) in actions.iter().enumerate() {
        let Some(name) = action.player.as_deref() else {
            continue;
        };
        if seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let seated = seated_by_stacks.iter().any(|s| s == name);
        if n > at && !seated && name != player && name != skipped {
            late.push(name.to_string());
        }
    }
    late
}

/// The skipped player and those seated between him and the out-of-turn
/// `player`, in `seating` (acting order): a bet or raise by any of them
/// changes the action to the out-of-turn player (53-A). A name `seating`
/// does not know: the skipped player alone.
///
/// ```
/// use floor::incidents::out_of_turn::seated_between;
/// assert_eq!(seated_between(&["1", "2", "3", "4"], "2", "4"), ["2", "3"]);
/// assert_eq!(seated_between(&["1", "2", "3", "4"], "4", "2"), ["4", "1"]);
/// ```
pub fn seated_between(seating: &[&str], skipped: &str, player: &str) -> Vec<String> {
    let position = |name: &str| seating.iter().position(|s| *s == name);
    match (position(skipped), position(player)) {
        (Some(from), Some(to)) => {
            let n = seating.len();
            (0..n)
                .map(|k| (from + k) % n)
                .take_while(|i| *i != to)
                .filter_map(|i| seating.get(i).map(|s| s.to_string()))
                .collect()
        }
        _ => vec![skipped.to_string()],
    }
}

/// What followed an action out of turn, as rule 53 reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Followed {
    /// How many of the actions after it came before the skipped player
    /// acted: with the action out of turn, they are behind him (for
    /// substantial action, 53-B).
    pub behind: usize,
    /// The action changed: one of the players seated between bet or
    /// raised on his first action after it, before the out-of-turn player
    /// acted again (53-A).
    pub changed: bool,
}

/// Reads [`Followed`] off the actions `after` the one out of turn, each as
/// `(who, bet or raised)`; `between` as [`seated_between`] gives it. The one
/// reading for the incident told the actions and for `floor hand`.
///
/// ```
/// use floor::incidents::out_of_turn::what_followed;
/// let between = ["2".to_string(), "3".to_string()];
/// // 4 acted out of turn; 5 folds, 2 calls, 3 raises: changed, one action
/// // behind 2.
/// let f = what_followed([("5", false), ("2", false), ("3", true)], "4", "2", &between);
/// assert_eq!((f.behind, f.changed), (1, true));
/// // 4 bet out of turn, 3 skipped: 3 calls, 1 folds, 2 raises, 3 goes
/// // all-in: 3 answered the bet first, so it stood when the action reached 4.
/// let between = ["3".to_string()];
/// let after = [("3", false), ("1", false), ("2", true), ("3", true)];
/// let f = what_followed(after, "4", "3", &between);
/// assert_eq!((f.behind, f.changed), (0, false));
/// ```
pub fn what_followed<'a>(
    after: impl IntoIterator<Item = (&'a str, bool)>,
    player: &str,
    skipped: &str,
    between: &[String],
) -> Followed {
    let mut followed = Followed {
        behind: 0,
        changed: false,
    };
    let mut skipped_acted = false;
    let mut player_again = false;
    // The players seated between who acted since the action out of turn.
    let mut answered: Vec<&str> = Vec::new();
    for (name, raises) in after {
        skipped_acted = skipped_acted || name == skipped;
        player_again = player_again || name == player;
        if !skipped_acted {
            followed.behind += 1;
        }
        // Only a player's first action after it comes before the action
        // reaches the out-of-turn player: his next one is in a later turn
        // around the table, as is anything after the player acted again.
        if between.iter().any(|b| b == name) && !answered.contains(&name) {
            answered.push(name);
            if raises && !player_again {
                followed.changed = true;
            }
        }
    }
    followed
}

/// The answers of the `out-of-turn` incident.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfTurnInput {
    /// What the out-of-turn player did.
    pub oot_action: OotAction,
    /// Whether the action changed before it reached the out-of-turn player
    /// (a bet or raise by a player in between; see [`action_changed`]).
    pub action_changed: bool,
    /// Whether the skipped player spoke up before substantial action
    /// occurred behind him.
    pub skipped_spoke: bool,
    /// Whether he had reasonable time to speak up before it; read only
    /// where the edition makes it a condition ([`Reading53B`]).
    pub skipped_had_time: bool,
}

/// How the edition words 53-B, on a skipped player who did not speak up
/// before substantial action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading53B {
    /// Whom the floor rules on then.
    pub after_sa: AfterSa,
    /// He loses his say only if he had reasonable time to speak up (TDA
    /// 2019 "If a skipped player had reasonable time", TDA 2015 de
    /// "innerhalb einer angemessenen Frist"): without it, the action backs
    /// up to him as 53-A says.
    pub reasonable_time: bool,
}

/// Whom the floor rules on once substantial action passed a skipped player
/// who did not speak up (53-B), as the edition words it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterSa {
    /// TDA 2019: the out-of-turn action is binding and the floor rules on
    /// the skipped hand.
    SkippedHand,
    /// tda-2019-sk 53-B: "akcia sa vráti a floormanager/TD rozhodne ako
    /// bude zaobchádzané s hráčom, ktorý sa predbehol": the action backs up
    /// and the floor rules on the player who acted out of turn.
    OotPlayer,
}

crate::outcomes! {
    /// The outcome ids of the `out-of-turn` incident.
    #[derive(serde::Deserialize)]
    pub enum OutOfTurnOutcome {
        /// The out-of-turn action stands when the action reaches the player
        /// (part B cited too when a skipped player without reasonable time
        /// kept his say).
        Binding => [ACTION_OUT_OF_TURN, ACTION_OUT_OF_TURN],
        /// The action changed: the out-of-turn action is void, any chips it put
        /// out are returned and the player has all options (fold, call, raise).
        NotBinding => [ACTION_OUT_OF_TURN, ACTION_OUT_OF_TURN],
        /// A fold out of turn is always binding.
        FoldBinding => [ACTION_OUT_OF_TURN, NON_STANDARD_FOLDS],
        /// The skipped player did not speak up before substantial action: the
        /// out-of-turn action stands and the floor rules how to treat the
        /// skipped hand (up to ruling it dead or limiting it to non-aggressive
        /// action).
        SkippedHandDiscretion => [ACTION_OUT_OF_TURN, SUBSTANTIAL_ACTION],
        /// The skipped player did not speak up before substantial action,
        /// in an edition where the action then backs up to him and the floor
        /// rules how to treat the player who acted out of turn (up to
        /// limiting him to non-aggressive action or keeping him out of the
        /// hand).
        OotPlayerDiscretion => [ACTION_OUT_OF_TURN, SUBSTANTIAL_ACTION],
    }
}

/// The out-of-turn ruling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfTurnRuling {
    /// What becomes of the out-of-turn action.
    pub outcome: OutOfTurnOutcome,
    /// True when chips the out-of-turn player put out go back to him.
    pub chips_returned: bool,
    /// True when the floor decides (the skipped hand).
    pub discretion: bool,
    /// Concept slugs of the rules applied, deciding rule first.
    pub concepts: Vec<Cite>,
    /// Substantial action passed the skipped player before he had
    /// reasonable time to speak up, in an edition where that keeps his say.
    pub kept_say_without_time: bool,
}

/// Whether the actions taken between the skipped player and the out-of-turn
/// player change the action (rule 53-A): only a bet or a raise does; "a
/// check, call or fold by the correct player does not change action".
///
/// ```
/// use floor::incidents::out_of_turn::{OotAction, action_changed};
///
/// assert!(!action_changed(&[OotAction::Check, OotAction::Fold]));
/// assert!(action_changed(&[OotAction::Call, OotAction::Raise]));
/// ```
pub fn action_changed(between: &[OotAction]) -> bool {
    between
        .iter()
        .any(|a| matches!(a, OotAction::Bet | OotAction::Raise))
}

/// Rules on an action out of turn (rule 53 in TDA 2019 numbering, 40 in the
/// German TDA 2015, 44 in Pokerpunt, 53 in ONK; concept `action-out-of-turn`,
/// with `substantial-action` when the skipped player lost his say), with
/// `reading` the edition's wording of 53-B.
///
/// In order of precedence:
/// 1. a fold out of turn is binding ([`OutOfTurnOutcome::FoldBinding`]);
/// 2. if the skipped player did not speak up before substantial action
///    behind him (and, where the edition makes it a condition, had
///    reasonable time to), the out-of-turn action is binding and the floor rules on
///    the skipped hand ([`OutOfTurnOutcome::SkippedHandDiscretion`]), or,
///    where the edition says so ([`AfterSa::OotPlayer`]), the action backs
///    up and the floor rules on the out-of-turn player
///    ([`OutOfTurnOutcome::OotPlayerDiscretion`]);
/// 3. if the action changed, the out-of-turn action is not binding: chips
///    are returned, all options ([`OutOfTurnOutcome::NotBinding`]);
/// 4. otherwise it is binding ([`OutOfTurnOutcome::Binding`]).
///
/// ```
/// use floor::incidents::out_of_turn::{AfterSa, OotAction, OutOfTurnInput, OutOfTurnOutcome, Reading53B, out_of_turn};
///
/// // onk-2023-nl rule 53: seat 5 calls 600 out of turn, seat 4 stays silent
/// // while seat 6 folds: the call stands, the floor rules on seat 4.
/// let r = out_of_turn(
///     &OutOfTurnInput {
///         oot_action: OotAction::Call,
///         action_changed: false,
///         skipped_spoke: false,
///         skipped_had_time: true,
///     },
///     Reading53B {
///         after_sa: AfterSa::SkippedHand,
///         reasonable_time: false,
///     },
/// );
/// assert_eq!(r.outcome, OutOfTurnOutcome::SkippedHandDiscretion);
/// ```
pub fn out_of_turn(input: &OutOfTurnInput, reading: Reading53B) -> OutOfTurnRuling {
    let chips = input.oot_action.puts_chips_in();
    let kept_say_without_time = input.oot_action != OotAction::Fold
        && !input.skipped_spoke
        && reading.reasonable_time
        && !input.skipped_had_time;
    let lost_say = !input.skipped_spoke && !kept_say_without_time;
    let (outcome, concepts) = if input.oot_action == OotAction::Fold {
        // Rule 58 states the fold's penalty (see `OutOfTurn::rule`).
        (
            OutOfTurnOutcome::FoldBinding,
            vec![c::ACTION_OUT_OF_TURN.into(), c::NON_STANDARD_FOLDS.into()],
        )
    } else if lost_say {
        let outcome = match reading.after_sa {
            AfterSa::SkippedHand => OutOfTurnOutcome::SkippedHandDiscretion,
            AfterSa::OotPlayer => OutOfTurnOutcome::OotPlayerDiscretion,
        };
        (
            outcome,
            vec![c::ACTION_OUT_OF_TURN.into(), c::SUBSTANTIAL_ACTION.into()],
        )
    } else {
        let outcome = match input.action_changed {
            true => OutOfTurnOutcome::NotBinding,
            false => OutOfTurnOutcome::Binding,
        };
        // Part B's condition decided that part A rules: both are cited.
        let mut concepts: Vec<Cite> = vec![c::ACTION_OUT_OF_TURN.into()];
        if kept_say_without_time {
            concepts.push(c::ACTION_OUT_OF_TURN.part("B"));
        }
        (outcome, concepts)
    };
    OutOfTurnRuling {
        outcome,
        chips_returned: outcome == OutOfTurnOutcome::NotBinding && chips,
        discretion: matches!(
            outcome,
            OutOfTurnOutcome::SkippedHandDiscretion | OutOfTurnOutcome::OotPlayerDiscretion
        ),
        concepts,
        kept_say_without_time,
    }
}

/// The answers of the three questions, without the round as played; a
/// skipped player who did not speak up had reasonable time to (the
/// question's default).
#[cfg(test)]
pub(crate) fn answered(oot_action: OotAction, changed: bool, spoke: bool) -> WithRound<Answers> {
    WithRound {
        answers: Answers {
            skipped: None,
            oot_action: Some(oot_action),
            action_changed: Some(changed),
            skipped_spoke: Some(spoke),
            skipped_had_time: (!spoke).then_some(true),
        },
        told: Told::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::incidents::substantial_action::{SaOutcome, SaThresholds, substantial_action};
    use OotAction::*;
    use OutOfTurnOutcome::*;

    fn rule(oot_action: OotAction, action_changed: bool, skipped_spoke: bool) -> OutOfTurnRuling {
        out_of_turn(
            &OutOfTurnInput {
                oot_action,
                action_changed,
                skipped_spoke,
                skipped_had_time: true,
            },
            Reading53B {
                after_sa: AfterSa::SkippedHand,
                reasonable_time: true,
            },
        )
    }

    // onk-2023-nl rule 53-B: "Deze twee acties voldoen aan de bindende actie regel. ...
    // De out of turn actie van seat 5 is nu bindend. Het is aan de toernooileiding om te
    // beslissen wat seat 4 nu nog mag doen."
    #[test]
    fn onk_2023_nl_r53_call_and_fold_behind_skipped_seat_bind_the_oot_call() {
        // Seat 5 calls 600 out of turn, seat 6 folds: two actions behind seat 4.
        let sa = substantial_action(&[Call, Fold], SaThresholds::default()).unwrap();
        assert_eq!(sa.outcome, SaOutcome::SubstantialAction);
        let r = rule(Call, false, false);
        assert_eq!(r.outcome, SkippedHandDiscretion);
        assert!(r.discretion && !r.chips_returned);
        assert_eq!(r.concepts, [c::ACTION_OUT_OF_TURN, c::SUBSTANTIAL_ACTION]);
    }

    #[test]
    fn table_of_out_of_turn_rulings() {
        // (action, changed, spoke, outcome, chips returned)
        let cases = [
            (Check, false, true, Binding, false),
            (Call, false, true, Binding, false),
            (Bet, false, true, Binding, false),
            (Raise, false, true, Binding, false),
            (Check, true, true, NotBinding, false),
            (Call, true, true, NotBinding, true),
            (Bet, true, true, NotBinding, true),
            (Raise, true, true, NotBinding, true),
            (Fold, false, true, FoldBinding, false),
            (Fold, true, true, FoldBinding, false),
            (Fold, true, false, FoldBinding, false),
            (Bet, true, false, SkippedHandDiscretion, false),
            (Check, false, false, SkippedHandDiscretion, false),
        ];
        for (a, changed, spoke, outcome, returned) in cases {
            let r = rule(a, changed, spoke);
            assert_eq!((r.outcome, r.chips_returned), (outcome, returned), "{a:?}");
        }
    }

    // 53-A (TDA 2015 40-A, Pokerpunt 44-A): onk-2023-nl "de OOT actie leidt
    // tot een penalty" and tda-2019-sk "bude penalizovaná" say the penalty
    // follows; dpc-2019-en "is subject to penalty", tda-2015-de "kann
    // bestraft werden" and pokerpunt-nl "kan leiden tot een penalty" say it
    // may. A fold out of turn goes by rule 58, which says "may" in all five
    // (onk-2023-nl "kan dit een penalty tot gevolg hebben", tda-2019-sk
    // "hráč môže byť penalizovaný").
    #[test]
    fn the_penalty_will_or_may_follow_as_each_edition_words_it() {
        let cases = [
            ("onk-2023-nl", Some("penalty-will")),
            ("tda-2019-sk", Some("penalty-will")),
            ("dpc-2019-en", None),
            ("tda-2015-de", None),
            ("pokerpunt-nl", None),
        ];
        for (edition, variant) in cases {
            for (oot_action, changed, spoke, expected) in [
                (Call, false, true, variant),
                (Bet, true, true, variant),
                (Fold, false, true, None),
            ] {
                let answers = answered(oot_action, changed, spoke);
                let d = super::super::rule_in::<OutOfTurn>(edition, answers).unwrap();
                assert_eq!(d.remedy_variant, expected, "{edition} {oot_action:?}");
            }
        }
    }

    // 53-B once substantial action passed the skipped player: TDA 2019 binds
    // the out-of-turn action and rules on the skipped hand; tda-2019-sk
    // "akcia sa vráti a floormanager/TD rozhodne ako bude zaobchádzané s
    // hráčom, ktorý sa predbehol" backs the action up and rules on the player
    // who acted out of turn; pokerpunt-nl "bepaalt de toernooileiding hoe de
    // hand door deze persoon verder wordt gespeeld" keeps the skipped hand
    // live.
    #[test]
    fn whom_the_floor_rules_on_after_substantial_action_is_as_each_edition_words_it() {
        let cases = [
            ("dpc-2019-en", SkippedHandDiscretion, None),
            ("onk-2023-nl", SkippedHandDiscretion, None),
            ("tda-2015-de", SkippedHandDiscretion, None),
            ("pokerpunt-nl", SkippedHandDiscretion, Some("plays-on")),
            ("tda-2019-sk", OotPlayerDiscretion, None),
        ];
        for (edition, outcome, variant) in cases {
            let d =
                super::super::rule_in::<OutOfTurn>(edition, answered(Bet, false, false)).unwrap();
            assert_eq!(d.outcome, outcome, "{edition}");
            // The floor's discretion: no penalty line.
            assert_eq!(d.remedy_variant, variant, "{edition}");
            assert_eq!(d.discretion, Some(true), "{edition}");
        }
    }

    // TDA 2019 53-B "If a skipped player had reasonable time and does not
    // speak up before substantial action", TDA 2015 de 40-B "innerhalb
    // einer angemessenen Frist": without that time he keeps his say and
    // 53-A rules. onk-2023-nl 53-B names the time only as what the floor
    // weighs ("bijvoorbeeld als de speler voldoende tijd heeft gehad"),
    // tda-2019-sk and pokerpunt-nl bind on substantial action alone: the
    // question is not theirs, an answer to it changes nothing.
    #[test]
    fn a_skipped_player_without_reasonable_time_keeps_his_say_where_the_edition_says_so() {
        let cases = [
            ("dpc-2019-en", Binding, NotBinding, true),
            ("tda-2015-de", Binding, NotBinding, true),
            (
                "onk-2023-nl",
                SkippedHandDiscretion,
                SkippedHandDiscretion,
                false,
            ),
            (
                "pokerpunt-nl",
                SkippedHandDiscretion,
                SkippedHandDiscretion,
                false,
            ),
            (
                "tda-2019-sk",
                OotPlayerDiscretion,
                OotPlayerDiscretion,
                false,
            ),
        ];
        for (edition, unchanged, changed, kept) in cases {
            for (action_changed, outcome) in [(false, unchanged), (true, changed)] {
                let mut answers = answered(Bet, action_changed, false);
                answers.answers.skipped_had_time = Some(false);
                let d = super::super::rule_in::<OutOfTurn>(edition, answers).unwrap();
                assert_eq!(d.outcome, outcome, "{edition} changed {action_changed}");
                assert_eq!(
                    d.notes.contains(&Notes::OotNoReasonableTime),
                    kept,
                    "{edition}"
                );
                assert_eq!(d.extra.chips_returned, outcome == NotBinding, "{edition}");
                // Part B's condition is what let part A rule: both cited.
                assert_eq!(
                    d.cites.contains(&c::ACTION_OUT_OF_TURN.part("B")),
                    kept,
                    "{edition}"
                );
            }
        }
    }

    #[test]
    fn only_bets_and_raises_change_the_action() {
        assert!(!action_changed(&[]));
        assert!(!action_changed(&[Check, Call, Fold]));
        assert!(action_changed(&[Bet]));
        assert!(action_changed(&[Fold, Raise]));
    }

    #[test]
    fn the_answer_is_the_one_action_enum() {
        let a: Answers = serde_json::from_str(r#"{"oot_action": "raise"}"#).unwrap();
        assert_eq!(a.oot_action, Some(Raise));
        assert!(serde_json::from_str::<Answers>(r#"{"oot_action": "muck"}"#).is_err());
    }

    #[test]
    fn outcome_ids_are_the_contract_ids() {
        let ids: Vec<String> = [
            OutOfTurnOutcome::Binding,
            OutOfTurnOutcome::NotBinding,
            OutOfTurnOutcome::FoldBinding,
            OutOfTurnOutcome::SkippedHandDiscretion,
            OutOfTurnOutcome::OotPlayerDiscretion,
        ]
        .iter()
        .map(|o| {
            serde_json::to_value(o)
                .unwrap()
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
        assert_eq!(
            ids,
            [
                "binding",
                "not-binding",
                "fold-binding",
                "skipped-hand-discretion",
                "oot-player-discretion"
            ]
        );
    }

    // 53-A "binding if action to the OOT player does not change": told by
    // actions in which the skipped player has not acted yet, the card says
    // the binding holds only while the action does not change; once he
    // has called, it does not. A check out of turn has no chips to return.
    #[test]
    fn binding_waits_on_the_players_between_and_a_check_has_nothing_to_return() {
        let played = |actions: &str| WithRound {
            answers: Answers {
                skipped: Some("B".into()),
                oot_action: None,
                action_changed: None,
                skipped_spoke: None,
                skipped_had_time: None,
            },
            told: Told {
                actions: Some(crate::poker::parse_actions(actions).expect("test actions")),
                street: Some(crate::poker::Street::Flop),
                big_blind: Some(100),
                player: Some("C".into()),
                ..Told::default()
            },
        };
        let awaiting = |d: &Decision<OutOfTurn>| {
            d.notes
                .iter()
                .any(|n| matches!(n, Notes::OotAwaiting { players, .. } if players == "B"))
        };
        let d =
            super::super::rule_in::<OutOfTurn>("dpc-2019-en", played("A:bet:100,C:call")).unwrap();
        assert_eq!(d.outcome, Binding);
        assert!(awaiting(&d), "{:?}", d.notes);
        let d =
            super::super::rule_in::<OutOfTurn>("dpc-2019-en", played("A:bet:100,C:call,B:call"))
                .unwrap();
        assert_eq!(d.outcome, Binding);
        assert!(!awaiting(&d), "{:?}", d.notes);
        for (action, variant) in [(Check, Some("no-chips")), (Bet, None)] {
            let d = super::super::rule_in::<OutOfTurn>("dpc-2019-en", answered(action, true, true))
                .unwrap();
            assert_eq!(
                (d.outcome, d.remedy_variant),
                (NotBinding, variant),
                "{action:?}"
            );
        }
    }
}
