//! `floor hand`: whole hands replayed under the edition's rules, as a table
//! of each hand's steps with the rulings on irregular actions, the pots,
//! the result and the stacks; `--at N` the state before action N as a card;
//! `--json` the same as data.
//!
//! One hand file gives one hand (one JSON object). Several files, a
//! directory, a `.phhs` file or a stream of sections on standard input give
//! many: each hand is reported on its own as it is replayed (JSON Lines,
//! each object naming its file, section and the record's own id), a hand
//! that cannot be read or replayed is reported and the others go on, and
//! the exit status says whether any was refused.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use floor::hand::source::{self, Form, Input, Record};
use floor::hand::{self, Hand, Replay, replay::Rules};
use floor::message::{Message, Msg};
use floor::poker::variant::Stage;
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::render;

pub fn run(ctx: &Ctx, files: &[PathBuf], at: Option<usize>) -> floor::Result<Output> {
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
    let inputs: Vec<Input> = files.iter().map(|f| Input::from_arg(f)).collect();
    if at.is_some() && source::many(&inputs) {
        return Err(floor::Error::bad(Message::new(Msg::HandAtOne)));
    }
    let rules = Rules::new(&ctx.store, &ctx.edition, &ctx.ui);
    let mut report = Report {
        ctx,
        rules: &rules,
        at,
        many: source::many(&inputs),
        first: None,
        out: String::new(),
        written: false,
        count: 0,
        refused: 0,
        io: false,
    };
    source::for_each(&inputs, &mut |record| report.take(record))?;
    if let Some(first) = report.first.take() {
        // One hand, as one hand has always been reported: its errors are
        // the command's.
        let (record, hand) = first;
        let hand = hand.and_then(|h| h.map_err(|m| framed(&record, m)))?;
        return one(ctx, &rules, &record, &hand, at);
    }
    if report.count == 0 {
        let shown: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        return Err(floor::Error::bad(
            Message::new(Msg::HandNoneFound)
                .arg("input", shown.join(" "))
                .arg(
                    "extensions",
                    source::EXTENSIONS.map(|e| format!(".{e}")).join(", "),
                ),
        ));
    }
    let mut output = Output::ok(std::mem::take(&mut report.out));
    if report.refused > 0 {
        ctx.notice(ctx.ui.f(
            "errors.hand.refused",
            &[
                ("refused", &report.refused.to_string()),
                ("count", &report.count.to_string()),
            ],
        ));
        output.code = ExitCode::from(if report.io { 1 } else { 2 });
    }
    Ok(output)
}

/// The hands read so far and what is reported of them.
struct Report<'a> {
    ctx: &'a Ctx,
    rules: &'a Rules<'a>,
    at: Option<usize>,
    many: bool,
    /// The first hand, held until a second one shows there are several.
    #[allow(clippy::type_complexity)]
    first: Option<(Record, floor::Result<Result<Hand, Message>>)>,
    out: String,
    /// Output was written already.
    written: bool,
    count: usize,
    refused: usize,
    io: bool,
}

/// Output held before it is written: about a screenful of hands.
const HELD: usize = 1 << 16;

impl Report<'_> {
    /// Writes what is held once there is enough of it.
    fn flush(&mut self, all: bool) -> floor::Result<()> {
        if self.out.len() >= HELD || (all && !self.out.is_empty()) {
            if !self.written {
                crate::output::stdout_open()?;
                self.written = true;
            }
            crate::output::stream(&self.out, self.ctx.color, self.ctx.json)?;
            self.out.clear();
        }
        Ok(())
    }

    fn take(&mut self, record: floor::Result<Record>) -> floor::Result<()> {
        let (record, parsed) = match record {
            Ok(r) => {
                let parsed = parse(&r);
                (r, Ok(parsed))
            }
            Err(e) => (
                Record {
                    file: String::new(),
                    section: None,
                    text: String::new(),
                    form: Form::Compact,
                },
                Err(e),
            ),
        };
        if !self.many && self.first.is_none() && self.count == 0 {
            self.first = Some((record, parsed));
            self.count = 1;
            return Ok(());
        }
        if let Some((r, p)) = self.first.take() {
            self.many = true;
            self.report(&r, p)?;
        }
        if self.at.is_some() {
            return Err(floor::Error::bad(Message::new(Msg::HandAtOne)));
        }
        self.count += 1;
        self.report(&record, parsed)?;
        self.flush(false)
    }

    /// Replays one hand of several and reports it (or why it was refused).
    fn report(
        &mut self,
        record: &Record,
        parsed: floor::Result<Result<Hand, Message>>,
    ) -> floor::Result<()> {
        let replayed = parsed.and_then(|p| {
            let hand = p.map_err(|m| framed(record, m))?;
            let r = hand::replay(&hand, self.rules, None).map_err(|e| {
                floor::Error::input(
                    "hand",
                    source::at(&record.file, record.section.as_deref(), e.message()),
                )
            })?;
            Ok((hand, r))
        });
        let ctx = self.ctx;
        match replayed {
            Ok((hand, mut r)) => {
                fill_remarks(ctx, &mut r);
                if ctx.json {
                    let line = HandLine {
                        file: &record.file,
                        section: record.section.as_deref(),
                        replay: Some(&r),
                        id: None,
                        error: None,
                    };
                    self.out
                        .push_str(&serde_json::to_string(&line).map_err(output_error)?);
                    self.out.push('\n');
                } else {
                    self.out.push_str(&heading(ctx, record, &hand));
                    self.out.push_str(&table(ctx, &hand, &r));
                    self.out.push('\n');
                }
            }
            Err(e) => {
                self.refused += 1;
                self.io |= e.exit() == floor::message::Exit::Io;
                if ctx.json {
                    let line = HandLine {
                        file: &record.file,
                        section: record.section.as_deref(),
                        replay: None,
                        id: Some(None),
                        error: Some(error_json(ctx, &e)),
                    };
                    self.out
                        .push_str(&serde_json::to_string(&line).map_err(output_error)?);
                    self.out.push('\n');
                } else {
                    ctx.notice(format!(
                        "{}: {}",
                        ctx.ui.t("errors.label"),
                        e.message().render(&ctx.ui)
                    ));
                }
            }
        }
        Ok(())
    }
}

/// One hand of several as a JSON line.
#[derive(Serialize)]
struct HandLine<'a> {
    /// The file (`-`: standard input).
    file: &'a str,
    /// The section of a `.phhs` file.
    section: Option<&'a str>,
    /// The hand replayed (its own `id` first).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    replay: Option<&'a Replay>,
    /// A hand refused: no id known.
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<Option<&'a str>>,
    /// Why the hand was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<serde_json::Value>,
}

fn output_error(e: serde_json::Error) -> floor::Error {
    floor::Error::Output(std::io::Error::other(e))
}

/// An error as JSON: the key and arguments of the problem itself (inside
/// the frames naming the file, the section and the action), the whole
/// message, and the exit status it stands for.
fn error_json(ctx: &Ctx, e: &floor::Error) -> serde_json::Value {
    let whole = e.message();
    let mut inner = &whole;
    while let Some(floor::message::Arg::Message(nested)) = inner
        .args
        .iter()
        .find(|(name, arg)| {
            matches!(*name, "problem" | "message") && matches!(arg, floor::message::Arg::Message(_))
        })
        .map(|(_, arg)| arg)
    {
        inner = nested;
    }
    let mut args = serde_json::Map::new();
    for (name, arg) in &inner.args {
        let value = match arg {
            floor::message::Arg::Text(t) => t.clone(),
            floor::message::Arg::Message(m) => m.render(&ctx.ui),
        };
        args.insert((*name).to_string(), serde_json::Value::String(value));
    }
    serde_json::json!({
        "key": inner.msg.key(),
        "message": whole.render(&ctx.ui),
        "args": args,
        "exit": e.exit().code(),
    })
}

/// Reads one hand's text.
fn parse(record: &Record) -> Result<Hand, Message> {
    match record.form {
        Form::Phh => hand::phh::parse(&record.text),
        Form::Compact => hand::compact::parse(&record.text),
    }
}

/// A hand's problem named with its file (and section).
fn framed(record: &Record, problem: Message) -> floor::Error {
    floor::Error::input(
        "hand",
        source::at(&record.file, record.section.as_deref(), problem),
    )
}

/// Reads and parses a hand file (`-`: standard input), PHH or compact: the
/// one hand a betting incident starts from.
pub fn load(file: &Path) -> floor::Result<Hand> {
    if file.is_dir() {
        // One hand file: a directory is refused as every file option
        // refuses one.
        floor::data::read_limited(file)?;
    }
    let mut found: Vec<(Record, Result<Hand, Message>)> = Vec::new();
    source::for_each(&[Input::from_arg(file)], &mut |r| {
        let r = r?;
        let parsed = parse(&r);
        found.push((r, parsed));
        Ok(())
    })?;
    match found.len() {
        1 => {
            let (record, parsed) = found.remove(0);
            parsed.map_err(|m| framed(&record, m))
        }
        _ => Err(floor::Error::bad(Message::new(Msg::HandAtOne))),
    }
}

/// One hand: the table, or with `--at` the card before action N.
fn one(
    ctx: &Ctx,
    rules: &Rules<'_>,
    record: &Record,
    hand: &Hand,
    at: Option<usize>,
) -> floor::Result<Output> {
    let mut replayed = hand::replay(hand, rules, at)?;
    fill_remarks(ctx, &mut replayed);
    let Some(n) = at else {
        if ctx.json {
            return Ok(Output::ok(render::json(&replayed)?));
        }
        let _ = record;
        return Ok(Output::ok(table(ctx, hand, &replayed)));
    };
    let rulings = replayed.options_rulings(rules)?;
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
    Ok(Output::ok(before(ctx, hand, &replayed, n, &rulings)))
}

/// The remarks in the UI language.
fn fill_remarks(ctx: &Ctx, r: &mut Replay) {
    for remark in &mut r.remarks {
        remark.text = remark.message.render(&ctx.ui);
    }
}

/// The line above one hand of several: its file, section and name.
fn heading(ctx: &Ctx, record: &Record, hand: &Hand) -> String {
    let mut head = record.file.clone();
    if let Some(s) = &record.section {
        head.push_str(&format!(" [{s}]"));
    }
    if let Some(id) = &hand.id {
        head.push_str(&format!(" · {} {id}", ctx.ui.t("hand.id")));
    }
    format!("{}\n", render::bold(ctx, &head))
}

fn street(ctx: &Ctx, s: Stage) -> String {
    let id = s.id();
    ctx.ui
        .get(&format!("choices.{id}"))
        .or_else(|| ctx.ui.get(&format!("hand.stages.{id}")))
        .unwrap_or(id)
        .to_string()
}

fn chips(v: Option<floor::hand::Money>) -> String {
    v.map_or_else(|| "—".to_string(), |c| c.to_string())
}

/// A player as the texts name him: his seat when the record says, else
/// as the hand names him (`p3`).
fn who(ctx: &Ctx, player: &str, seat: Option<u8>) -> String {
    match seat {
        Some(s) => ctx.ui.f("hand.who_seat", &[("seat", &s.to_string())]),
        None => player.to_string(),
    }
}

fn seat_cell(player: &str, seat: Option<u8>) -> String {
    seat.map_or_else(|| player.to_string(), |s| s.to_string())
}

fn table(ctx: &Ctx, hand: &Hand, r: &Replay) -> String {
    let ui = &ctx.ui;
    let pot_limit = r.steps.iter().any(|s| s.max_total.is_some());
    let named = hand.seats.iter().any(|s| s.name.is_some());
    let mut header = vec!["hand.number", "hand.street", "hand.seat"];
    if named {
        header.push("hand.player");
    }
    header.extend(["hand.action", "hand.to_call", "hand.min_raise_to"]);
    if pot_limit {
        header.push("hand.max_total");
    }
    header.push("hand.ruling");
    let mut t = render::table_with_header(ctx, &header);
    let name_of = |player: &str| {
        r.players
            .iter()
            .find(|p| p.player == player)
            .and_then(|p| p.name.clone())
            .unwrap_or_default()
    };
    for s in &r.steps {
        // The player has his own column: the action without him.
        let mut action = s.action.act();
        if s.corrected {
            action = format!("{action}\n→ {}", ruled_words(ctx, &s.ruled));
        }
        let mut row = vec![
            s.number.to_string(),
            street(ctx, s.street),
            seat_cell(&s.player, s.seat),
        ];
        if named {
            row.push(render::cell(&name_of(&s.player)));
        }
        row.extend([
            render::cell(&action),
            s.to_call.to_string(),
            if s.reopened {
                chips(s.min_raise_to)
            } else {
                ui.t("hand.closed").to_string()
            },
        ]);
        if pot_limit {
            row.push(chips(s.max_total));
        }
        let mut note = String::new();
        if let Some(turn) = s.turn.as_ref().filter(|t| **t != s.player) {
            let seat = r
                .players
                .iter()
                .find(|p| p.player == *turn)
                .and_then(|p| p.seat);
            note.push_str(&ui.f("hand.out_of_turn", &[("player", &who(ctx, turn, seat))]));
            note.push('\n');
        }
        for ruling in shown_rulings(s) {
            note.push_str(&cited(
                ctx,
                &ruling.outcome_text,
                &floor::hand::replay::cited(ruling),
            ));
            note.push('\n');
            // A default that decided the ruling and the record cannot
            // tell (whether a skipped player had time to speak up).
            for key in ruling
                .to_ask
                .iter()
                .filter(|k| ruling.defaults_used.contains(k))
            {
                if let Some(value) = ruling.answers.get(key) {
                    let words =
                        floor::engine::ruling::answer_in_words(ui, &ruling.incident, key, value);
                    note.push_str(&format!("{}: {words}\n", ui.t("card.assumed")));
                }
            }
        }
        row.push(render::cell(note.trim_end()));
        t.add_row(row);
    }
    let mut out = format!("{} · {}\n{t}\n", ui.t("hand.title"), r.edition);
    out.push_str(&step_notes(ctx, r));
    out.push_str(&pots(ctx, r));
    if let Some(next) = &r.next {
        out.push_str(&next_line(ctx, next));
        out.push('\n');
    }
    out.push_str(&stacks(ctx, r));
    out.push_str(&remarks(r));
    out
}

/// The players' stacks from the start to the end, when the hand knows
/// them.
fn stacks(ctx: &Ctx, r: &Replay) -> String {
    if r.players.iter().all(|p| p.stack.is_none()) {
        return String::new();
    }
    let named = r.players.iter().any(|p| p.name.is_some());
    let record = r.players.iter().any(|p| p.record_end.is_some());
    let mut header = vec!["hand.seat"];
    if named {
        header.push("hand.player");
    }
    header.extend([
        "hand.start",
        "hand.committed",
        "hand.returned_column",
        "hand.won",
        "hand.end",
    ]);
    if record {
        header.push("hand.record_end");
    }
    let mut t = render::table_with_header(ctx, &header);
    for p in &r.players {
        let mut row = vec![seat_cell(&p.player, p.seat)];
        if named {
            row.push(render::cell(p.name.as_deref().unwrap_or("")));
        }
        row.extend([
            chips(p.stack),
            p.committed.to_string(),
            p.returned.to_string(),
            chips(p.won),
            chips(p.end),
        ]);
        if record {
            row.push(chips(p.record_end));
        }
        t.add_row(row);
    }
    let mut out = format!("\n{t}\n");
    if let Some(rake) = r.rake.filter(|r| r.units > 0) {
        out.push_str(&ctx.ui.f("hand.rake", &[("amount", &rake.to_string())]));
        out.push('\n');
    }
    out
}

/// A step's rulings as shown: an action out of turn that is regular
/// otherwise carries the same ruling as `ruling`, shown once.
fn shown_rulings(s: &hand::replay::Step) -> impl Iterator<Item = &floor::engine::ruling::Ruling> {
    let own = s.ruling.iter().filter(|r| r.incident != "out-of-turn");
    s.out_of_turn.iter().chain(own)
}

/// The rulings' notes (a silent edition read as TDA practice, what a
/// player adds to chips already in front) under the table, each once with
/// the steps it belongs to: too long for the cells; the JSON carries them
/// per ruling.
fn step_notes(ctx: &Ctx, r: &Replay) -> String {
    let mut notes: Vec<(&str, Vec<usize>)> = Vec::new();
    for s in &r.steps {
        for note in shown_rulings(s).flat_map(|r| &r.notes) {
            match notes.iter_mut().find(|(n, _)| n == note) {
                Some((_, steps)) if steps.last() == Some(&s.number) => {}
                Some((_, steps)) => steps.push(s.number),
                None => notes.push((note, vec![s.number])),
            }
        }
    }
    if notes.is_empty() {
        return String::new();
    }
    let mut out = format!("{}:\n", ctx.ui.t("card.notes"));
    for (note, steps) in notes {
        let steps: Vec<String> = steps.iter().map(ToString::to_string).collect();
        out.push_str(&format!("  {}. {note}\n", steps.join(", ")));
    }
    out
}

fn remarks(r: &Replay) -> String {
    r.remarks.iter().map(|m| format!("{}\n", m.text)).collect()
}

fn next_line(ctx: &Ctx, next: &hand::replay::Next) -> String {
    let ui = &ctx.ui;
    let player = who(ctx, &next.player, next.seat);
    let street = street(ctx, next.street);
    let to_call = next.to_call.to_string();
    let opening = next.to_call.units == 0;
    if let Some(all_in) = next.all_in_to.filter(|_| next.call_is_all_in) {
        return ui.f(
            "hand.next_call_all_in",
            &[
                ("player", &player),
                ("street", &street),
                ("all_in", &all_in.to_string()),
            ],
        );
    }
    let mut line = if opening {
        ui.f(
            "hand.next_check",
            &[("player", &player), ("street", &street)],
        )
    } else {
        ui.f(
            "hand.next",
            &[
                ("player", &player),
                ("street", &street),
                ("to_call", &to_call),
            ],
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
            let key = match (opening, next.fixed) {
                (true, false) => "hand.next_bet",
                (false, false) => "hand.next_raise",
                (true, true) => "hand.next_bet_limit",
                (false, true) => "hand.next_raise_limit",
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
    for waited in &next.waiting {
        line.push_str(&ui.f(
            "hand.next_waiting",
            &[
                ("player", &who(ctx, &waited.player, waited.seat)),
                ("action", &ruled_words(ctx, &waited.ruled)),
                ("step", &waited.step.to_string()),
            ],
        ));
    }
    line
}

/// The state before action `n` as a card: the options of the player to
/// act, the rules behind them, the pots.
fn before(
    ctx: &Ctx,
    hand: &Hand,
    r: &Replay,
    n: usize,
    rulings: &[floor::engine::Ruling],
) -> String {
    let ui = &ctx.ui;
    let _ = hand;
    let head = format!(
        "{} · {}",
        render::bold(ctx, &ui.f("hand.before", &[("n", &n.to_string())])),
        r.edition
    );
    let mut out = render::wrap(ctx, &head, 2);
    out.push('\n');
    let mut rows: Vec<Vec<render::TextCell>> = Vec::new();
    let options = match &r.next {
        Some(next) => next_line(ctx, next),
        None => ui.t("hand.over").to_string(),
    };
    rows.push(vec![ui.t("hand.options").into(), options.into()]);
    let mut shown: Vec<String> = Vec::new();
    for c in rulings.iter().flat_map(|r| &r.citations) {
        let number = c.reference();
        if shown.contains(&number) {
            continue;
        }
        let (cited, title) = render::cited(ctx, c);
        rows.push(vec![cited, title]);
        rows.push(vec![
            "".into(),
            render::cell(&render::quoted_short(c)).into(),
        ]);
        shown.push(number);
    }
    let pots = pots(ctx, r);
    if !pots.is_empty() {
        rows.push(vec![ui.t("hand.pots").into(), pots.trim_end().into()]);
    }
    let card = render::text_table(ctx, Vec::new(), rows);
    out.push_str(&format!("{card}\n"));
    out
}

/// An action as ruled in words: "Raise 1200".
fn ruled_words(ctx: &Ctx, ruled: &hand::replay::RuledAs) -> String {
    use floor::hand::replay::RuledKind;
    if ruled.kind == RuledKind::Withdrawn {
        return ctx.ui.t("hand.withdrawn").to_string();
    }
    let id: &'static str = ruled.kind.into();
    let word = ctx
        .ui
        .get(&format!("choices.{id}"))
        .or_else(|| ctx.ui.get(&format!("hand.kinds.{id}")))
        .unwrap_or(id);
    match ruled.to {
        Some(total) if ruled.kind != RuledKind::Call => format!("{word} {total}"),
        _ => word.to_string(),
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
    let seat_of = |player: &str| {
        r.players
            .iter()
            .find(|p| p.player == player)
            .and_then(|p| p.seat)
    };
    let mut out = String::new();
    for (i, p) in r.pots.iter().enumerate() {
        let name = floor::engine::ruling::amount_label(
            ui,
            None,
            &if i == 0 {
                "main".to_string()
            } else {
                format!("side_{i}")
            },
        );
        let seats: Option<Vec<String>> = p
            .eligible
            .iter()
            .map(|e| seat_of(e).map(|s| s.to_string()))
            .collect();
        match seats {
            // Every player's seat known: the pot as every card shows one.
            Some(seats) => out.push_str(&render::pot(ui, &name, &p.amount.to_string(), &seats)),
            None => {
                let players: Vec<String> =
                    p.eligible.iter().map(|e| who(ctx, e, seat_of(e))).collect();
                out.push_str(&ui.f(
                    "hand.pot_players",
                    &[
                        ("pot", &name),
                        ("amount", &p.amount.to_string()),
                        ("players", &players.join(", ")),
                    ],
                ));
            }
        }
        if !p.won.is_empty() {
            let shares: Vec<String> = p
                .won
                .iter()
                .map(|w| {
                    ui.f(
                        "hand.share",
                        &[
                            ("player", &who(ctx, &w.player, w.seat)),
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
    if let Some(back) = &r.returned {
        let key = if r.next.is_some() {
            "hand.uncalled"
        } else {
            "hand.returned"
        };
        out.push_str(&ui.f(
            key,
            &[
                ("player", &who(ctx, &back.player, back.seat)),
                ("amount", &back.chips.to_string()),
            ],
        ));
        out.push('\n');
    }
    out
}
