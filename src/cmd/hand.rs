//! `floor hand`: a whole hand replayed under the edition's rules, as a table
//! of its steps with the rulings on irregular actions, the pots and the
//! split; `--at N` the state before action N as a card; `--json` the steps,
//! the pots and the next player's options.

use std::path::Path;

use floor::hand::{self, Replay, replay::Rules};
use floor::message::{Message, Msg};
use floor::poker::Street;

use crate::ctx::{Ctx, Output};
use crate::render;

pub fn run(ctx: &Ctx, file: &Path, at: Option<usize>) -> floor::Result<Output> {
    // A replay rules on what happened earlier; only a ruling made at the
    // table goes to the incident log. A log set by the environment or the
    // settings file is simply not used here.
    if ctx
        .settings
        .log
        .as_ref()
        .is_some_and(|l| matches!(l.source, floor::settings::Source::Flag(_)))
    {
        return Err(floor::Error::bad(Message::new(Msg::HandNoLog)));
    }
    let parsed = load(file)?;
    let rules = Rules {
        store: &ctx.store,
        edition: &ctx.edition,
        ui: &ctx.ui,
    };
    let mut replayed = hand::replay(&parsed, &rules, at)?;
    let Some(n) = at else {
        if ctx.json {
            return Ok(Output::ok(render::json(&replayed)?));
        }
        return Ok(Output::ok(table(ctx, &replayed)));
    };
    let rulings = replayed.options_rulings(&rules)?;
    if ctx.json {
        if let Some(next) = replayed.next.as_mut() {
            let mut cited: Vec<String> = Vec::new();
            for c in rulings.iter().flat_map(hand::replay::cited) {
                if !cited.contains(&c) {
                    cited.push(c);
                }
            }
            next.citations = cited;
        }
        return Ok(Output::ok(render::json(&replayed)?));
    }
    Ok(Output::ok(before(ctx, &replayed, n, &rulings)))
}

/// Reads and parses a hand file (`-`: standard input), PHH or compact.
pub fn load(file: &Path) -> floor::Result<floor::hand::Hand> {
    let text = if file == Path::new("-") {
        floor::data::read_limited_from(std::io::stdin(), "-")?
    } else {
        floor::data::read_limited(file)?
    };
    let parsed = if is_phh(&text) {
        hand::phh::parse(&text)
    } else {
        hand::compact::parse(&text)
    };
    let parsed = parsed.map_err(|m| {
        floor::Error::input(
            "hand",
            Message::new(Msg::LoadInvalid)
                .arg("file", file.display())
                .nested("message", m),
        )
    })?;
    Ok(parsed)
}

/// A PHH file is TOML with a `variant` key; anything else is the compact
/// notation.
fn is_phh(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .any(|l| l.starts_with("variant") && l.contains('='))
}

fn street(ctx: &Ctx, s: Street) -> String {
    let id: &str = s.into();
    ctx.ui.t(&format!("choices.{id}")).to_string()
}

fn chips(v: Option<u64>) -> String {
    v.map_or_else(|| "—".to_string(), |c| c.to_string())
}

fn table(ctx: &Ctx, r: &Replay) -> String {
    let ui = &ctx.ui;
    let pot_limit = r.steps.iter().any(|s| s.max_total.is_some());
    let mut header = vec![
        "hand.number",
        "hand.street",
        "hand.seat",
        "hand.action",
        "hand.to_call",
        "hand.min_raise_to",
    ];
    if pot_limit {
        header.push("hand.max_total");
    }
    header.push("hand.ruling");
    let mut t = render::table_with_header(ctx, &header);
    for s in &r.steps {
        // The seat has its own column: the action without it.
        let given = s
            .action
            .split_once(' ')
            .map_or(s.action.as_str(), |(_, a)| a);
        let mut action = given.to_string();
        if s.corrected {
            action = format!("{given}\n→ {}", ruled_words(ctx, &s.ruled));
        }
        let mut row = vec![
            s.number.to_string(),
            street(ctx, s.street),
            s.seat.to_string(),
            render::cell(&action),
            s.to_call.to_string(),
            if s.reopened {
                chips(s.min_raise_to)
            } else {
                ui.t("hand.closed").to_string()
            },
        ];
        if pot_limit {
            row.push(chips(s.max_total));
        }
        let mut note = String::new();
        if let Some(turn) = s.turn.filter(|t| *t != s.seat) {
            note.push_str(&ui.f("hand.out_of_turn", &[("seat", &turn.to_string())]));
            note.push('\n');
        }
        // An action out of turn that is regular otherwise carries the same
        // ruling as `ruling`: shown once.
        let own = s.ruling.iter().filter(|r| r.incident != "out-of-turn");
        for ruling in s.out_of_turn.iter().chain(own) {
            note.push_str(&cited(
                ctx,
                &ruling.outcome_text,
                &floor::hand::replay::cited(ruling),
            ));
            note.push('\n');
        }
        row.push(render::cell(note.trim_end()));
        t.add_row(row);
    }
    let mut out = format!("{} · {}\n{t}\n", ui.t("hand.title"), r.edition);
    out.push_str(&pots(ctx, r));
    if let Some(next) = &r.next {
        out.push_str(&next_line(ctx, next));
        out.push('\n');
    }
    out
}

fn next_line(ctx: &Ctx, next: &hand::replay::Next) -> String {
    let ui = &ctx.ui;
    let seat = next.seat.to_string();
    let street = street(ctx, next.street);
    let to_call = next.to_call.to_string();
    let opening = next.to_call == 0;
    // His chips do not cover the bet faced: calling is all he can do.
    if let Some(all_in) = next.all_in_to.filter(|&all| all <= next.to_call) {
        return ui.f(
            "hand.next_call_all_in",
            &[
                ("seat", &seat),
                ("street", &street),
                ("all_in", &all_in.to_string()),
            ],
        );
    }
    let mut line = if opening {
        ui.f("hand.next_check", &[("seat", &seat), ("street", &street)])
    } else {
        ui.f(
            "hand.next",
            &[("seat", &seat), ("street", &street), ("to_call", &to_call)],
        )
    };
    match (next.min_raise_to, next.all_in_to) {
        // Short of a full bet or raise: only an all-in for less.
        (Some(_), Some(all_in)) if next.reopened => {
            let key = if opening {
                "hand.next_short_bet"
            } else {
                "hand.next_short_raise"
            };
            line.push_str(&ui.f(key, &[("all_in", &all_in.to_string())]));
        }
        (Some(min), None) if next.reopened => {
            let key = if opening {
                "hand.next_bet"
            } else {
                "hand.next_raise"
            };
            line.push_str(&ui.f(key, &[("min", &min.to_string())]));
            if let Some(max) = next.max_total {
                line.push_str(&ui.f("hand.next_max", &[("max", &max.to_string())]));
            }
        }
        _ => match next.capped {
            Some(cap) => line.push_str(&ui.f("hand.next_capped", &[("cap", &cap.to_string())])),
            None => line.push_str(ui.t("hand.next_closed")),
        },
    }
    line
}

/// The state before action `n` as a card: the options of the player to
/// act, the rules behind them, the pots.
fn before(ctx: &Ctx, r: &Replay, n: usize, rulings: &[floor::engine::Ruling]) -> String {
    let ui = &ctx.ui;
    let head = format!(
        "{} · {}",
        render::bold(ctx, &ui.f("hand.before", &[("n", &n.to_string())])),
        r.edition
    );
    let mut out = render::wrap(ctx, &head, 2);
    out.push('\n');
    let mut card = render::table(ctx);
    let options = match &r.next {
        Some(next) => next_line(ctx, next),
        None => ui.t("hand.over").to_string(),
    };
    card.add_row(vec![ui.t("hand.options"), &options]);
    let mut shown: Vec<String> = Vec::new();
    for c in rulings.iter().flat_map(|r| &r.citations) {
        let number = match &c.part {
            Some(p) => format!("{}-{p}", c.number),
            None => c.number.clone(),
        };
        if shown.contains(&number) {
            continue;
        }
        card.add_row(vec![
            comfy_table::Cell::new(format!("{} {number}", ui.t("card.cited"))),
            render::strong(&render::cell(&c.title)),
        ]);
        card.add_row(vec![
            comfy_table::Cell::new(""),
            comfy_table::Cell::new(render::cell(&crate::cmd::incident::first_sentence(
                &c.excerpt,
            ))),
        ]);
        shown.push(number);
    }
    let pots = pots(ctx, r);
    if !pots.is_empty() {
        card.add_row(vec![ui.t("hand.pots"), pots.trim_end()]);
    }
    out.push_str(&format!("{card}\n"));
    out
}

/// `raise:1200` in words: "Raise 1200".
fn ruled_words(ctx: &Ctx, ruled: &str) -> String {
    if ruled == floor::hand::replay::WITHDRAWN {
        return ctx.ui.t("hand.withdrawn").to_string();
    }
    let mut parts = ruled.splitn(2, ':');
    let kind = parts.next().unwrap_or_default();
    let key = format!("choices.{kind}");
    let word = ctx.ui.t(&key);
    match parts.next() {
        Some(total) => format!("{word} {total}"),
        None => word.to_string(),
    }
}

fn cited(ctx: &Ctx, text: &str, rules: &[String]) -> String {
    if rules.is_empty() {
        // No rule of the edition applies (the ruling's notes say which
        // practice is followed).
        return format!("{text} ({})", ctx.ui.t("hand.practice"));
    }
    format!("{text} ({} {})", ctx.ui.t("card.cited"), rules.join(", "))
}

/// The pots with who may win each, who won it and the split.
fn pots(ctx: &Ctx, r: &Replay) -> String {
    let ui = &ctx.ui;
    let mut out = String::new();
    for (i, p) in r.pots.iter().enumerate() {
        let name = floor::engine::ruling::amount_label(
            ui,
            &if i == 0 {
                "main".to_string()
            } else {
                format!("side_{i}")
            },
        );
        let seats: Vec<String> = p.eligible.iter().map(ToString::to_string).collect();
        out.push_str(&render::pot(ui, &name, &p.amount.to_string(), &seats));
        if !p.won.is_empty() {
            let shares: Vec<String> = p
                .won
                .iter()
                .map(|w| {
                    ui.f(
                        "hand.share",
                        &[
                            ("seat", &w.seat.to_string()),
                            ("chips", &w.chips.to_string()),
                        ],
                    )
                })
                .collect();
            out.push_str(" → ");
            out.push_str(&shares.join(", "));
        }
        if let Some(split) = &p.split {
            let rules: Vec<String> = split.citations.iter().map(|c| c.number.clone()).collect();
            out.push_str(&format!(" ({} {})", ui.t("card.cited"), rules.join(", ")));
        }
        out.push('\n');
    }
    if let Some((seat, amount)) = r.returned {
        let key = if r.next.is_some() {
            "hand.uncalled"
        } else {
            "hand.returned"
        };
        out.push_str(&ui.f(
            key,
            &[("seat", &seat.to_string()), ("amount", &amount.to_string())],
        ));
        out.push('\n');
    }
    out
}
