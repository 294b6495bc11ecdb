//! Oracle for the differential test against pokerkit
//! (`scripts/pokerkit_diff.sh`): reads JSON lines on stdin, one question
//! each, and writes one JSON line of floor's answers per question, in order.
//!
//! Two kinds of question:
//!
//! - `{"id", "kind": "options", "game": "no-limit"|"pot-limit",
//!   "big_blind", "street": "preflop"|"postflop", "actions":
//!   "P:ACTION[:TOTAL],...", "player", "pot", "short_blind": null |
//!   {"posted", "full"}, "small_blind" (posted), "table": [{"name", "bet",
//!   "stack", "folded"}]}`:
//!   the options of the player to act. Answers `to_call`, `reopened`,
//!   `min_raise_to` and `pl_max` (capped by the player's chips, as a dealer
//!   would take them), `may_raise` and, when he may not, `why_not`.
//! - `{"id", "kind": "bet", "game", "big_blind", "facing", "last_raise",
//!   "in_front", "stack", "pushed", "pot"}`: chips pushed silently in one
//!   motion, ruled by the `bet` incident's rules. Answers `outcome`, `total`
//!   and `min_raise_to`.
//! - `{"id", "kind": "pots", "contributions": [[seat, chips], ...],
//!   "folded": [seat, ...]}`: the main and side pots and the uncalled excess.
//!
//! The rulings come from floor's one poker model: the betting round
//! (`floor::poker::Round`) replays the actions and derives the spot of the
//! player to act (to call, minimum raise-to, pot-limit maximum, re-opening);
//! the pots come from `floor::poker::layer_pots`. Only the practical
//! conditions of raising are added here, as every engine does: the player
//! must have more chips than the call, and someone else must be left who can
//! answer a raise (a player not folded with chips beyond the current bet). A
//! question the model rejects is answered with `{"id", "error": "..."}`.

use floor::incidents::bet::{BetInput, Pushed, RaiseMethods, rule_bet};
use floor::poker::{Chips, Game, Round, Setup, Street, layer_pots, parse_actions};
use serde_json::{Value, json};
use std::io::{BufRead, BufWriter, Write};

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<Value>(&line) {
            Ok(q) => answer(&q),
            Err(e) => json!({ "error": format!("not JSON: {e}") }),
        };
        if writeln!(out, "{answer}").is_err() {
            break;
        }
    }
    let _ = out.flush();
}

fn answer(q: &Value) -> Value {
    let id = q.get("id").cloned().unwrap_or(Value::Null);
    let result = match q.get("kind").and_then(Value::as_str) {
        Some("options") => options(q),
        Some("pots") => pots(q),
        Some("bet") => bet(q),
        other => Err(format!("unknown kind {other:?}")),
    };
    match result {
        Ok(mut v) => {
            v["id"] = id;
            v
        }
        Err(e) => json!({ "id": id, "error": e }),
    }
}

fn chips(q: &Value, key: &str) -> Result<Chips, String> {
    q.get(key)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("`{key}` must be a non-negative integer"))
}

fn text<'a>(q: &'a Value, key: &str) -> Result<&'a str, String> {
    q.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("`{key}` must be a string"))
}

fn shown(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// A refusal of the model with its message keys in front, nested ones
/// after the frame (`[action_at raise_closed] ...`): the comparison
/// classifies refusals by key, not by their wording.
fn keyed(m: floor::message::Message) -> String {
    fn keys(m: &floor::message::Message, out: &mut Vec<&'static str>) {
        out.push(m.msg.key());
        for (_, arg) in &m.args {
            if let floor::message::Arg::Message(inner) = arg {
                keys(inner, out);
            }
        }
    }
    let mut all = Vec::new();
    keys(&m, &mut all);
    format!("[{}] {m}", all.join(" "))
}

/// One seat of the table as the question describes it.
struct Seated<'a> {
    name: &'a str,
    bet: Chips,
    stack: Chips,
    folded: bool,
}

fn options(q: &Value) -> Result<Value, String> {
    let game: Game = serde_json::from_value(q.get("game").cloned().unwrap_or(Value::Null))
        .map_err(|e| format!("`game`: {e}"))?;
    let street: Street = serde_json::from_value(q.get("street").cloned().unwrap_or(Value::Null))
        .map_err(|e| format!("`street`: {e}"))?;
    let big_blind = chips(q, "big_blind")?;
    let player = text(q, "player")?;
    let pot = chips(q, "pot")?;
    let table: Vec<Seated> = q
        .get("table")
        .and_then(Value::as_array)
        .ok_or("`table` must be a list")?
        .iter()
        .map(|s| {
            Ok(Seated {
                name: text(s, "name")?,
                bet: chips(s, "bet")?,
                stack: chips(s, "stack")?,
                folded: s.get("folded").and_then(Value::as_bool).unwrap_or(false),
            })
        })
        .collect::<Result<_, String>>()?;
    let me = table
        .iter()
        .find(|s| s.name == player)
        .ok_or("the player is not at the table")?;
    let short_blind = match q.get("short_blind") {
        Some(sb @ Value::Object(_)) => Some((chips(sb, "posted")?, chips(sb, "full")?)),
        _ => None,
    };

    let mut setup = Setup::new(game, street, big_blind);
    // pokerkit plays TDA 43's minimum raise alone: no house minimum.
    setup.house = None;
    if street == Street::Preflop {
        setup.small_blind = q.get("small_blind").and_then(Value::as_u64);
    }
    let bets: Chips = table.iter().map(|s| s.bet).sum();
    setup.dead = pot.checked_sub(bets);
    let actions = parse_actions(text(q, "actions")?).map_err(shown)?;
    let round = Round::replay(setup, &actions).map_err(|(_, m)| keyed(m))?;
    let mut spot = round.spot(player).map_err(shown)?;
    spot.pot = Some(pot);
    if let Some((posted, full)) = short_blind {
        // TDA 54-B: the maximum is counted as if the blind were complete.
        spot = spot
            .with_full_blind(full.saturating_sub(posted))
            .map_err(shown)?;
    }
    let ruling = Options {
        to_call: spot.facing,
        reopened: spot.may_raise,
        min_raise_to: if spot.may_raise {
            Some(spot.min_raise_to().map_err(shown)?)
        } else {
            None
        },
        min_raise: spot.min_raise_size(),
        raised_since_acted: round.raised_since_acted(player),
    };

    let most = me.bet.saturating_add(me.stack);
    let reopened = ruling.reopened;
    let can_cover = me.stack > ruling.to_call.saturating_sub(me.bet);
    let someone_answers = table
        .iter()
        .any(|s| s.name != player && !s.folded && s.bet.saturating_add(s.stack) > ruling.to_call);
    let may_raise = reopened && can_cover && someone_answers;
    let why_not = if may_raise {
        Value::Null
    } else if !reopened {
        json!("not re-opened (rule 47)")
    } else if !can_cover {
        json!("no chips beyond the call")
    } else {
        json!("nobody left to answer a raise")
    };

    let pl_max = if game == Game::PotLimit {
        let max = spot.pot_limit_max().map_err(|(_, m)| shown(m))?;
        Some(max.min(most))
    } else {
        None
    };

    Ok(json!({
        "to_call": ruling.to_call.min(most),
        "reopened": reopened,
        "min_raise_to": ruling.min_raise_to.map(|m| m.min(most)),
        "pl_max": pl_max,
        "may_raise": may_raise,
        "why_not": why_not,
        "raised_since_acted": ruling.raised_since_acted,
        "min_raise": ruling.min_raise,
    }))
}

/// The `bet` rules on chips pushed silently in one motion: what the action
/// counts as, its total and the minimum raise-to.
fn bet(q: &Value) -> Result<Value, String> {
    let game: Game = serde_json::from_value(q.get("game").cloned().unwrap_or(Value::Null))
        .map_err(|e| format!("`game`: {e}"))?;
    let facing = chips(q, "facing")?;
    let mut input = BetInput::new(game, facing, chips(q, "big_blind")?);
    if facing > 0 {
        input.last_raise = chips(q, "last_raise")?;
    }
    input.in_front = chips(q, "in_front")?;
    input.stack = Some(chips(q, "stack")?);
    input.pushed = Pushed::Amount(chips(q, "pushed")?);
    input.pot = Some(chips(q, "pot")?);
    // TDA 43's minimum raise alone, as pokerkit plays it.
    input.house = None;
    let r = rule_bet(&input, &RaiseMethods::tda_2019()).map_err(shown)?;
    let outcome: &str = r.outcome.into();
    Ok(json!({
        "outcome": outcome,
        "total": r.total,
        "min_raise_to": r.min_raise_to,
    }))
}

/// What the model says about the player to act.
struct Options {
    to_call: Chips,
    reopened: bool,
    min_raise_to: Option<Chips>,
    min_raise: Chips,
    raised_since_acted: Chips,
}

fn pots(q: &Value) -> Result<Value, String> {
    let pairs = q
        .get("contributions")
        .and_then(Value::as_array)
        .ok_or("`contributions` must be a list")?;
    let folded: Vec<u64> = q
        .get("folded")
        .and_then(Value::as_array)
        .ok_or("`folded` must be a list")?
        .iter()
        .map(|s| {
            s.as_u64()
                .ok_or_else(|| "a seat must be a number".to_string())
        })
        .collect::<Result<_, String>>()?;
    let mut contributions: Vec<(u64, Chips, bool)> = Vec::new();
    for p in pairs {
        let seat = p
            .get(0)
            .and_then(Value::as_u64)
            .ok_or("a seat must be a number")?;
        let amount = p
            .get(1)
            .and_then(Value::as_u64)
            .ok_or("an amount must be a non-negative integer")?;
        contributions.push((seat, amount, folded.contains(&seat)));
    }
    let (pots, returned) = layer_pots(&contributions)
        .map_err(shown)?
        .ok_or("every contributor folded")?;
    Ok(json!({
        "pots": pots.iter().map(|p| json!({"amount": p.amount, "eligible": p.eligible})).collect::<Vec<_>>(),
        "returned": returned.map(|x| json!({"seat": x.player, "amount": x.amount})),
    }))
}
