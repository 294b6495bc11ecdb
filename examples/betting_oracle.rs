//! Oracle for the differential test against pokerkit
//! (`scripts/pokerkit_diff.sh`): reads JSON lines on stdin, one question
//! each, and writes one JSON line of floor's answers per question, in order.
//!
//! Two kinds of question:
//!
//! - `{"id", "kind": "options", "game": "no-limit"|"pot-limit",
//!   "big_blind", "street": "preflop"|"postflop", "actions":
//!   "P:ACTION[:TOTAL],...", "player", "pot", "short_blind": null |
//!   {"posted", "full"}, "table": [{"name", "bet", "stack", "folded"}]}`:
//!   the options of the player to act. Answers `to_call`, `reopened`,
//!   `min_raise_to` and `pl_max` (capped by the player's chips, as a dealer
//!   would take them), `may_raise` and, when he may not, `why_not`.
//! - `{"id", "kind": "pots", "contributions": [[seat, chips], ...],
//!   "folded": [seat, ...]}`: the main and side pots and the uncalled excess.
//!
//! The rulings come from `floor::calc` (`reopening`, `pot_limit`, `pots`).
//! Only the practical conditions of raising are added here, as every engine
//! does: the player must have more chips than the call, and someone else
//! must be left who can answer a raise (a player not folded with chips
//! beyond the current bet). A question the calculators reject is answered
//! with `{"id", "error": "..."}`.

use floor::calc::pot_limit::{PotLimitInput, ShortBlind, max_bet};
use floor::calc::pots::side_pots;
use floor::calc::reopening::{BettingRound, ReopenInput, ReopenOutcome, Street, parse_actions};
use floor::calc::{CalcError, Chips, Game, Seat};
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

fn calc(e: CalcError) -> String {
    e.to_string()
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
        Some(sb @ Value::Object(_)) => Some(ShortBlind {
            posted: chips(sb, "posted")?,
            full: chips(sb, "full")?,
        }),
        _ => None,
    };

    let input = ReopenInput {
        game,
        big_blind,
        street,
        actions: parse_actions(text(q, "actions")?).map_err(calc)?,
        player: player.to_string(),
    };
    let round = BettingRound::replay(&input, None).map_err(calc)?;
    let listed = input.actions.iter().any(|a| a.player == player)
        || (street == Street::Preflop && (player == "SB" || player == "BB"));
    let ruling = if listed {
        round.options(player)
    } else {
        round.options_not_yet_acted()
    }
    .map_err(calc)?;

    let most = me.bet.saturating_add(me.stack);
    let reopened = ruling.outcome == ReopenOutcome::Reopened;
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
        let facing = table.iter().map(|s| s.bet).max().unwrap_or(0);
        let r = max_bet(&PotLimitInput {
            pot,
            facing,
            in_front: me.bet,
            big_blind,
            short_blind,
        })
        .map_err(calc)?;
        Some(r.max_total.min(most))
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

fn pots(q: &Value) -> Result<Value, String> {
    let pairs = q
        .get("contributions")
        .and_then(Value::as_array)
        .ok_or("`contributions` must be a list")?;
    let mut contributions: Vec<(Seat, Chips)> = Vec::new();
    for p in pairs {
        let seat = p
            .get(0)
            .and_then(Value::as_u64)
            .and_then(|s| Seat::try_from(s).ok())
            .ok_or("a seat must be 1-10")?;
        let amount = p
            .get(1)
            .and_then(Value::as_u64)
            .ok_or("an amount must be a non-negative integer")?;
        contributions.push((seat, amount));
    }
    let folded: Vec<Seat> = q
        .get("folded")
        .and_then(Value::as_array)
        .ok_or("`folded` must be a list")?
        .iter()
        .map(|s| {
            s.as_u64()
                .and_then(|s| Seat::try_from(s).ok())
                .ok_or_else(|| "a seat must be 1-10".to_string())
        })
        .collect::<Result<_, String>>()?;
    let r = side_pots(&contributions, &folded).map_err(calc)?;
    Ok(json!({
        "pots": r.pots.iter().map(|p| json!({"amount": p.amount, "eligible": p.eligible})).collect::<Vec<_>>(),
        "returned": r.returned.map(|x| json!({"seat": x.seat, "amount": x.amount})),
    }))
}
