//! `floor incident`: the guided walkthrough (interactive), or a ruling from
//! answers given on the command line or in a file (scripted), as a ruling
//! card or JSON; optionally logged.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use floor::engine::answer::Answer;
use floor::engine::ruling::{amount_label_in, answer_in_words, unset_in_words};
use floor::engine::{self, GivenAnswers, Ruling, Tree, WalkError};
use serde::Serialize;

use crate::ctx::{Ctx, Output};
use crate::{prompt, render};

/// What `floor incident` was asked to do.
pub struct Args {
    pub id: Option<String>,
    pub list: bool,
    pub answers: Vec<(String, String)>,
    pub answers_file: Option<PathBuf>,
    /// A hand file and the action before which the incident happened.
    pub hand: Option<(PathBuf, Option<usize>)>,
    pub all_questions: bool,
    pub log: crate::cmd::log::Record,
}

#[derive(Serialize)]
struct ListItem {
    id: String,
    title: String,
}

pub fn run(ctx: &Ctx, args: Args) -> floor::Result<Output> {
    let source = ctx.store.source();
    let scripted = !args.answers.is_empty() || args.answers_file.is_some() || ctx.json;
    let from_hand = hand_answers(ctx, &args)?;
    let interactive = !scripted && prompt::interactive();
    if interactive && !args.list {
        prompt::edition_header(ctx);
    }
    if args.list || (args.id.is_none() && !interactive) {
        return list_output(ctx);
    }
    let book = ctx.store.book(&ctx.edition)?;
    let (tree, answers, mut ruling) = if interactive {
        prompt::on_interrupt_exit();
        match walk_interactively(ctx, &args, &book, &from_hand)? {
            Walked::Ruled(done) => *done,
            Walked::Rule(slug) => return quote(ctx, &book, &slug),
            Walked::Left => return Ok(interrupted()),
        }
    } else {
        let id = args.id.clone().unwrap_or_default();
        let tree = engine::load_for(source, &id, &book)?;
        let given = given_answers(&args)?;
        let seed = settings_seed(ctx, &tree, &given, &from_hand)?;
        let mut from = GivenAnswers::new(&tree, given)?;
        let answers = match engine::walk_from(&tree, &mut from, seed, None) {
            Ok(a) => a,
            Err(floor::Error::Walk(WalkError::Missing(keys))) => {
                return Err(missing(ctx, &tree, keys));
            }
            Err(e) => return Err(e),
        };
        let ruling = engine::decide(&tree, &book, &ctx.ui, &answers)?;
        (tree, answers, ruling)
    };
    let ignored: Vec<&str> = args
        .answers
        .iter()
        .map(|(k, _)| k.as_str())
        .filter(|k| answers.get(k).is_none() && !answers.unset().any(|u| u == *k))
        .collect();
    // A question asked only under an edition that states a provision: the
    // card says this one does not, in the provision's words.
    let unasked = match ignored.is_empty() {
        true => Vec::new(),
        false => engine::unasked_for_provisions(source, &tree.id, &book)?,
    };
    let catalog = match unasked.is_empty() {
        true => None,
        false => floor::rules::provisions::Catalog::load(source)?,
    };
    let mut ignored_elsewhere = Vec::new();
    for key in &ignored {
        let described = unasked
            .iter()
            .find(|(q, _)| q == key)
            .and_then(|(_, p)| catalog.as_ref()?.get(p));
        match described {
            Some(provision) => ruling.notes.push(ctx.ui.f(
                "notes.ignored_unstated",
                &[
                    ("key", key),
                    ("edition", &ctx.edition),
                    (
                        "provision",
                        provision.text(ctx.ui.lang).trim_end_matches('.'),
                    ),
                ],
            )),
            None => ignored_elsewhere.push(*key),
        }
    }
    // Keys as the user typed them, in backticks like every typed name.
    let ignored: Vec<String> = ignored_elsewhere.iter().map(|k| format!("`{k}`")).collect();
    if !ignored.is_empty() {
        ruling
            .notes
            .push(ctx.ui.f("notes.ignored", &[("keys", &ignored.join(", "))]));
    }
    args.log.write(ctx, &ruling, interactive)?;
    if ctx.json {
        return Ok(Output::ok(render::json(&ruling)?));
    }
    Ok(Output::ok(card(ctx, &tree, &ruling)))
}

/// How the walkthrough on a terminal ended.
enum Walked {
    /// A ruling, with the tree and the answers it was made on.
    Ruled(Box<(Tree, engine::Answers, Ruling)>),
    /// A procedure topic taken in the picker: its rule is quoted.
    Rule(String),
    /// The user left.
    Left,
}

/// The walkthrough on a terminal: pick the incident (unless given), ask,
/// rule. Going back from the first question returns to the incident list;
/// a ruling that refuses an answer shows why and asks that question again,
/// every other answer kept.
fn walk_interactively(
    ctx: &Ctx,
    args: &Args,
    book: &floor::rules::Book<'_>,
    from_hand: &[(&'static str, Answer)],
) -> floor::Result<Walked> {
    let mut chosen = args.id.clone();
    loop {
        let id = match chosen.take() {
            Some(id) => id,
            // Ctrl-C read as a key while the list waits is an interrupt,
            // as it is at a question.
            None => match prompt::pick_incident(
                &ctx.ui,
                &choices(ctx)?,
                &procedures(ctx)?,
                &floor::rules::lexicon::Lexicon::load(&ctx.store)?,
                &floor::rules::search::Vocab::embedded(),
            ) {
                Ok(Some(prompt::Picked::Incident(id))) => id,
                Ok(Some(prompt::Picked::Rule(slug))) => return Ok(Walked::Rule(slug)),
                Ok(None) | Err(WalkError::Interrupted) => return Ok(Walked::Left),
                Err(e) => return Err(floor::Error::from(e)),
            },
        };
        let tree = engine::load_for(ctx.store.source(), &id, book)?;
        let mut prompter = prompt::Prompter::new(&ctx.ui, &tree.id, args.all_questions);
        let mut seed = settings_seed(ctx, &tree, &BTreeMap::new(), from_hand)?;
        let mut start: Option<String> = None;
        loop {
            let answers = match engine::walk_from(&tree, &mut prompter, seed, start.as_deref()) {
                Ok(a) => a,
                Err(floor::Error::Walk(WalkError::BackToStart)) => break,
                Err(floor::Error::Walk(WalkError::Interrupted)) => return Ok(Walked::Left),
                Err(floor::Error::Walk(WalkError::Missing(keys))) => {
                    return Err(missing(ctx, &tree, keys));
                }
                Err(e) => return Err(e),
            };
            match engine::decide(&tree, book, &ctx.ui, &answers) {
                Ok(ruling) => {
                    // A default that decided the case, which only the
                    // ruling could tell, is asked before it stands.
                    let left = ruling.to_ask.iter().find(|k| {
                        answers.origin(k) == Some(engine::Origin::Default)
                            && tree
                                .question(k)
                                .is_some_and(|q| engine::walk::applies(q, &answers))
                    });
                    match left {
                        Some(key) => {
                            start = Some(key.clone());
                            seed = answers;
                        }
                        None => return Ok(Walked::Ruled(Box::new((tree, answers, ruling)))),
                    }
                }
                // Only a question that applies can be asked again.
                Err(e) => match e.input_key().filter(|k| {
                    tree.question(k)
                        .is_some_and(|q| engine::walk::applies(q, &answers))
                }) {
                    Some(key) => {
                        prompt::refused(&e.message().render(&ctx.ui));
                        seed = answers;
                        start = Some(key.to_string());
                    }
                    None => return Err(e),
                },
            }
        }
    }
}

/// The answers the event's settings give (the game), for questions that
/// take them and were not answered on the command line.
/// The answers known before any question: the round as played when the
/// incident starts from a hand (`--hand`), and the event's game; never one
/// the user gives.
fn settings_seed(
    ctx: &Ctx,
    tree: &Tree,
    given: &BTreeMap<String, String>,
    from_hand: &[(&'static str, Answer)],
) -> floor::Result<engine::Answers> {
    let mut seed = engine::Answers::default();
    for (key, value) in from_hand {
        if let Some(q) = tree.question(key)
            && !given.contains_key(*key)
        {
            // What the hand gives is never dropped unsaid: a question that
            // refuses it names the hand.
            let answer = q.check(value).map_err(|e| {
                floor::Error::input(
                    "hand",
                    floor::message::Message::new(floor::message::Msg::HandAnswerRefused)
                        .arg("key", key)
                        .arg("value", value.canonical())
                        .nested("problem", e.0),
                )
            })?;
            seed.insert(key, answer, engine::Origin::Hand);
        }
    }
    for q in &tree.questions {
        let value = match q.setting.as_deref() {
            Some("game") => ctx.game.map(|g| <&'static str>::from(g).to_string()),
            _ => None,
        };
        if let Some(value) = value
            && !given.contains_key(&q.id)
            && seed.get(&q.id).is_none()
        {
            // A setting the question refuses is never dropped unsaid: the
            // question would take its default for this event's game.
            let answer = q.parse(&value).map_err(|e| {
                floor::Error::input(
                    "game",
                    floor::message::Message::new(floor::message::Msg::SettingRefused)
                        .arg("setting", "game")
                        .arg("value", &value)
                        .arg("question", &q.id)
                        .nested("problem", e.0),
                )
            })?;
            seed.insert(&q.id, answer, engine::Origin::Setting);
        }
    }
    Ok(seed)
}

/// With `--hand`: the answers the round as played gives, up to the player
/// to act before action N (or after the last action).
fn hand_answers(ctx: &Ctx, args: &Args) -> floor::Result<Vec<(&'static str, Answer)>> {
    let Some((file, at)) = &args.hand else {
        return Ok(Vec::new());
    };
    let hand = crate::cmd::hand::load(file)?;
    let rules = floor::hand::replay::Rules::new(&ctx.store, &ctx.edition, &ctx.ui);
    let replayed = floor::hand::replay(&hand, &rules, *at)?;
    let mut answers = replayed.pot_answers();
    let tree = args
        .id
        .as_deref()
        .and_then(|id| engine::load(ctx.store.source(), id).ok());
    // The round up to the player to act answers an incident about that
    // player's action; not one about the whole hand's chips (side-pots:
    // the pots above) or one whose actions run past an action out of turn.
    let takes_round = tree.as_ref().is_some_and(|t| {
        t.question("actions").is_some()
            && t.question("contributions").is_none()
            && t.question("skipped").is_none()
    });
    match replayed.situation {
        Some(situation) if takes_round => {
            answers.extend(situation.answers_for(args.id.as_deref().unwrap_or("")))
        }
        Some(_) => {}
        // A betting incident needs somebody to act.
        None if takes_round => {
            return Err(floor::Error::input(
                "hand",
                floor::message::Message::new(floor::message::Msg::HandNoSituation),
            ));
        }
        None => {}
    }
    // An incident that takes nothing from the hand would drop it unsaid.
    if let Some(tree) = &tree
        && !answers.iter().any(|(key, _)| tree.question(key).is_some())
    {
        return Err(floor::Error::input(
            "hand",
            floor::message::Message::new(floor::message::Msg::HandNotForIncident)
                .arg("incident", &tree.id),
        ));
    }
    Ok(answers)
}

fn interrupted() -> Output {
    Output {
        stdout: String::new(),
        code: ExitCode::from(prompt::INTERRUPTED),
    }
}

fn missing(ctx: &Ctx, tree: &Tree, keys: Vec<String>) -> floor::Error {
    let missing: Vec<(String, String)> = keys
        .into_iter()
        .map(|k| {
            let text = ctx
                .ui
                .get(&format!("incidents.{}.q.{k}.text", tree.id))
                .unwrap_or("")
                .to_string();
            (k, text)
        })
        .collect();
    engine::missing_answers(&tree.id, &missing)
}

fn list(ctx: &Ctx) -> floor::Result<Vec<(String, String)>> {
    Ok(engine::ids(ctx.store.source())?
        .into_iter()
        .map(|id| {
            let title = ctx.ui.t(&format!("incidents.{id}.title")).to_string();
            (id, title)
        })
        .collect())
}

/// The incidents as the picker lists them: in the order of their titles,
/// with the concepts each decision tree cites.
fn choices(ctx: &Ctx) -> floor::Result<Vec<floor::engine::pick::Choice>> {
    let mut out = Vec::new();
    for (id, title) in list(ctx)? {
        let tree = engine::load(ctx.store.source(), &id)?;
        let cites = tree
            .outcomes
            .iter()
            .flat_map(|o| o.cite.iter().map(String::as_str));
        out.push(floor::engine::pick::Choice::new(&id, &title, cites));
    }
    Ok(floor::engine::pick::sorted(out))
}

/// The procedure topics as the picker offers them.
fn procedures(ctx: &Ctx) -> floor::Result<Vec<floor::engine::pick::Procedure>> {
    let placement = floor::engine::topics::Placement::load(ctx.store.source())?;
    Ok(placement
        .procedures()
        .into_iter()
        .map(|slug| floor::engine::pick::Procedure::new(slug, topic_title(ctx, slug)))
        .collect())
}

/// A procedure topic taken in the picker: its rule in the edition in use,
/// as `floor rule <topic>` quotes it, or in every edition that has one
/// when the edition in use has none.
fn quote(ctx: &Ctx, book: &floor::rules::Book<'_>, slug: &str) -> floor::Result<Output> {
    let in_edition = book.rule_for(slug)?.is_some();
    crate::cmd::rule::run(ctx, slug, !in_edition)
}

fn list_output(ctx: &Ctx) -> floor::Result<Output> {
    let items = list(ctx)?;
    if ctx.json {
        let rows: Vec<ListItem> = items
            .into_iter()
            .map(|(id, title)| ListItem { id, title })
            .collect();
        return Ok(Output::ok(render::json(&rows)?));
    }
    let mut table = render::table_with_header(ctx, &["incident.list_id", "incident.list_title"]);
    for (id, title) in items {
        table.add_row(vec![render::cell(&id), render::cell(&title)]);
    }
    let mut out = format!("{table}\n");
    // The topics on which no one rules at a table: `floor rule` is enough.
    let procedures = procedures(ctx)?;
    if !procedures.is_empty() {
        let mut table =
            render::table_with_header(ctx, &["incident.list_topic", "incident.list_title"]);
        for p in procedures {
            table.add_row(vec![
                render::cell(&p.slug),
                render::cell(&capitalized(&p.title)),
            ]);
        }
        out.push_str(&format!(
            "\n{}\n{table}\n",
            render::wrap(ctx, ctx.ui.t("incident.procedures"), 0)
        ));
    }
    Ok(Output::ok(out))
}

/// A topic's name in the UI language (the slug where a `--data` tree has
/// none).
fn topic_title<'a>(ctx: &'a Ctx, slug: &'a str) -> &'a str {
    ctx.ui.get(&format!("topics.{slug}")).unwrap_or(slug)
}

/// A topic's name as a title: the names are written to stand inside a
/// sentence ("the end of a playing day").
fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Answers from `--answers FILE` (a YAML map), then `--answer KEY=VALUE`
/// (which wins).
fn given_answers(args: &Args) -> floor::Result<BTreeMap<String, String>> {
    let mut given = BTreeMap::new();
    if let Some(path) = &args.answers_file {
        given.extend(read_answers_file(path)?);
    }
    for (k, v) in &args.answers {
        given.insert(k.clone(), v.clone());
    }
    Ok(given)
}

fn read_answers_file(path: &Path) -> floor::Result<BTreeMap<String, String>> {
    let text = floor::data::read_limited(path)?;
    floor::engine::answer::parse_answers_file(&text, &path.display().to_string())
}

/// The seats that may win the pot named `key` (`main`, `side_N`), from the
/// ruling's `pots`.
fn pot_seats(ruling: &Ruling, key: &str) -> Option<Vec<String>> {
    let index = match key {
        "main" => 0,
        _ => key.strip_prefix("side_")?.parse().ok()?,
    };
    let eligible = ruling
        .data
        .get("pots")?
        .get(index)?
        .get("eligible")?
        .as_array()?;
    // Seat numbers, or the players' names when the pots came from actions.
    let seats: Vec<String> = eligible
        .iter()
        .map(|s| s.as_str().map_or_else(|| s.to_string(), str::to_string))
        .collect();
    Some(seats)
}

/// The ruling card: outcome in one line, then amounts, remedy, citations
/// with the rule text, house notes, and a picture of the table where seats
/// matter.
fn card(ctx: &Ctx, tree: &Tree, ruling: &Ruling) -> String {
    let ui = &ctx.ui;
    let mut out = String::new();
    let mut head = format!(
        "{} · {}",
        render::bold(ctx, &ruling.outcome_text),
        floor::text::Shown(&ruling.edition)
    );
    if ruling.discretion {
        head.push_str(&format!(" · {}", ui.t("card.discretion")));
    }
    let headline = render::wrap(ctx, &head, 2);
    out.push_str(&headline);
    out.push('\n');
    let mut rows: Vec<Vec<render::TextCell>> = Vec::new();
    // Whose action is ruled: named on the card as in the JSON.
    if let Some(player) = ruling
        .data
        .get("player")
        .or_else(|| ruling.answers.get("player"))
        .and_then(serde_json::Value::as_str)
    {
        rows.push(vec![
            ui.t("card.player").into(),
            render::cell(player).into(),
        ]);
    }
    if !ruling.amounts.is_empty() {
        let outcome = Some(ruling.outcome.as_str());
        let label = |k: &str| amount_label_in(ui, outcome, ruling.amounts_worded_by, k);
        let amounts: Vec<String> = ruling
            .amounts
            .iter()
            .map(|(k, v)| match pot_seats(ruling, k) {
                // A pot names who may win it: what the floor is called for.
                Some(seats) => render::pot(ui, &label(k), &render::chips(v), &seats),
                None => format!("{} {}", label(k), render::chips(v)),
            })
            .collect();
        rows.push(vec![
            ui.t("card.amounts").into(),
            render::cell(&amounts.join("\n")).into(),
        ]);
    }
    if !ruling.remedy.is_empty() {
        let steps: Vec<String> = ruling
            .remedy
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{}. {s}", i + 1))
            .collect();
        rows.push(vec![
            ui.t("card.remedy").into(),
            render::cell(&steps.join("\n")).into(),
        ]);
    }
    for (i, c) in ruling.citations.iter().enumerate() {
        let excerpt = if i == 0 {
            c.excerpt.clone()
        } else {
            render::quoted_short(c)
        };
        let (number, title) = render::cited(ctx, c);
        rows.push(vec![number, title]);
        rows.push(vec!["".into(), render::cell(&excerpt).into()]);
    }
    for note in &ruling.house_notes {
        let conflict = if note.conflicts {
            format!(" ({})", ui.t("card.conflicts"))
        } else {
            String::new()
        };
        rows.push(vec![
            render::cell(&format!("{} {}", ui.t("card.house"), note.number)).into(),
            render::cell(&format!("{}{conflict}\n{}", note.title, note.text)).into(),
        ]);
    }
    for (label, keys) in [
        ("card.from_settings", &ruling.settings_used),
        ("card.from_hand", &ruling.from_hand),
        ("card.assumed", &ruling.defaults_used),
    ] {
        let mut shown: Vec<String> = keys
            .iter()
            .filter_map(|k| {
                let v = ruling.answers.get(k)?;
                Some(answer_in_words(ui, &ruling.incident, k, v))
            })
            .collect();
        if label == "card.assumed" {
            shown.extend(
                ruling
                    .unanswered
                    .iter()
                    .filter_map(|k| unset_in_words(ui, &ruling.incident, k)),
            );
        }
        if !shown.is_empty() {
            rows.push(vec![
                ui.t(label).into(),
                render::cell(&shown.join("\n")).into(),
            ]);
        }
    }
    if !ruling.notes.is_empty() {
        rows.push(vec![
            ui.t("card.notes").into(),
            render::cell(&ruling.notes.join("\n")).into(),
        ]);
    }
    let table = render::text_table(ctx, Vec::new(), rows);
    out.push_str(&format!("{table}\n"));
    if let (true, Some(picture)) = (tree.diagram, &ruling.table) {
        out.push_str(&render::table_picture(ctx, picture));
    }
    // A ruling is never paged: when the card is taller than the screen its
    // headline has scrolled off the top, so it is said again at the bottom.
    if ctx.terminal && crate::pager::taller_than_screen(&out) {
        out.push_str(&headline);
        out.push('\n');
    }
    out
}
