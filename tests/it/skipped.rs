//! What the walkthrough does not ask cannot change the ruling.
//!
//! For each incident's common paths (the table of `questions.rs` and more
//! paths of the betting incidents), in every bundled edition: the walk is
//! made as a user at the prompt makes it (Enter for a default, a question
//! the ruling refuses to do without asked again), then every question that
//! applied but was not put to the user is given each of its representative
//! values in turn (both answers of a yes-no, every choice, amounts around
//! those of the path, no answer for an optional one), and the ruling's
//! outcome and amounts must stay the same. A value the ruling refuses is no
//! silent change: the user would have been told. The list printed
//! (`--nocapture`) is which questions are skipped when, and the proof that
//! they change nothing there.

use std::collections::BTreeMap;

use floor::data::DataSource;
use floor::engine::tree::{Kind, Question, Tree};
use floor::engine::walk::applies;
use floor::engine::{Answers, GivenAnswers, Origin, WalkError, walk_from};
use floor::rules::{Lang, Store};
use floor::ui::Ui;

use super::questions::{COMMON, game_of, walk_like_a_user};

const EDITIONS: &[&str] = &[
    "dpc-2019-en",
    "onk-2023-nl",
    "pokerpunt-nl",
    "tda-2015-de",
    "tda-2019-sk",
];

/// A path: the incident, the event's game, the answers typed.
type Path = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// More paths of the betting incidents, with the event's game.
const MORE: &[Path] = &[
    // No bet faced: a bet said with its amount.
    (
        "bet",
        "no-limit",
        &[
            ("facing", "0"),
            ("big_blind", "100"),
            ("declared", "bet"),
            ("declared_amount", "300"),
        ],
    ),
    // "Raise" said, chips in one motion (the second motion asked).
    (
        "bet",
        "no-limit",
        &[
            ("facing", "400"),
            ("last_raise", "400"),
            ("declared", "raise"),
            ("chips", "500,100"),
        ],
    ),
    // The big blind's oversized chip, told as the round was played.
    (
        "bet",
        "no-limit",
        &[
            ("actions", "A:raise:1200"),
            ("street", "preflop"),
            ("player", "BB"),
            ("big_blind", "400"),
            ("chips", "5000"),
            ("prior_chips", "none"),
        ],
    ),
    // Limit: a bet on the turn (the street asked by the ruling).
    (
        "bet",
        "limit",
        &[
            ("facing", "0"),
            ("big_blind", "20"),
            ("declared", "bet"),
            ("declared_amount", "40"),
            ("street", "turn"),
        ],
    ),
    // Limit, facing a bet on the river: the last raise sizes nothing.
    (
        "bet",
        "limit",
        &[
            ("facing", "40"),
            ("big_blind", "20"),
            ("chips", "100"),
            ("street", "river"),
        ],
    ),
    // Pot-limit: "pot" said.
    (
        "bet",
        "pot-limit",
        &[("facing", "1200"), ("declared", "pot"), ("pot", "3000")],
    ),
    (
        "undercall",
        "no-limit",
        &[
            ("actions", "A:raise:300"),
            ("street", "preflop"),
            ("big_blind", "100"),
            ("player", "B"),
            ("pushed", "100"),
        ],
    ),
    (
        "pot-limit",
        "pot-limit",
        &[
            ("pot", "300"),
            ("street", "preflop"),
            ("facing", "200"),
            ("big_blind", "200"),
        ],
    ),
    (
        "pot-limit",
        "pot-limit",
        &[
            ("pot", "1000"),
            ("street", "flop"),
            ("actions", "A:bet:300"),
            ("player", "B"),
            ("big_blind", "100"),
        ],
    ),
    (
        "reopening",
        "limit",
        &[
            ("street", "turn"),
            ("big_blind", "20"),
            ("actions", "A:bet:40,B:raise:80"),
            ("player", "C"),
        ],
    ),
    // Limit, the raises capped: heads-up asked by the ruling.
    (
        "reopening",
        "limit",
        &[
            ("street", "flop"),
            ("big_blind", "10"),
            ("actions", "A:bet:10,B:raise:20,C:raise:30,D:raise:40"),
            ("player", "A"),
            ("heads_up", "no"),
        ],
    ),
    // The fourth raise faced heads-up in the hand: lifted or not by the
    // edition's wording.
    (
        "limit-raises",
        "limit",
        &[
            ("street", "preflop"),
            ("big_blind", "10"),
            ("actions", "A:raise:20,SB:fold,BB:raise:30,A:raise:40"),
            ("heads_up", "hand"),
        ],
    ),
    // A short all-in: whose options asked by the ruling.
    (
        "limit-raises",
        "limit",
        &[
            ("street", "turn"),
            ("big_blind", "10"),
            ("actions", "A:bet:20,B:all-in:28"),
            ("player", "A"),
        ],
    ),
    // A check, then an all-in below the big blind: whether he may raise
    // asked by the ruling.
    (
        "bet",
        "no-limit",
        &[
            ("facing", "60"),
            ("big_blind", "100"),
            ("reopened", "no"),
            ("declared", "raise"),
            ("declared_amount", "300"),
        ],
    ),
    (
        "out-of-turn",
        "no-limit",
        &[
            ("actions", "A:bet:100,C:call:100,D:fold"),
            ("big_blind", "50"),
            ("player", "C"),
            ("skipped", "B"),
            // Asked once the ruling finds substantial action passed him,
            // where the edition makes the time a condition (TDA 53-B).
            ("skipped_had_time", "yes"),
        ],
    ),
    ("out-of-turn", "no-limit", &[("oot_action", "fold")]),
    // He did not speak up and had no time to (TDA 53-B): 53-A rules.
    (
        "out-of-turn",
        "no-limit",
        &[
            ("oot_action", "call"),
            ("skipped_spoke", "no"),
            ("skipped_had_time", "no"),
        ],
    ),
    (
        "side-pots",
        "no-limit",
        &[
            ("actions", "1:bet:1000,2:all-in:300,3:call"),
            ("big_blind", "100"),
            ("pot_before", "600"),
        ],
    ),
    (
        "chip-race",
        "no-limit",
        &[
            ("removed_denomination", "100"),
            ("new_denomination", "500"),
            ("removed_chips", "1:3,2:3,3:4"),
            ("no_other_chips", "2"),
            ("race_order", "3,1,2"),
        ],
    ),
    (
        "incorrect-bet",
        "limit",
        &[
            ("big_blind", "100"),
            ("street", "flop"),
            ("facing", "0"),
            ("total", "200"),
        ],
    ),
    (
        "incorrect-bet",
        "pot-limit",
        &[
            ("big_blind", "100"),
            ("facing", "0"),
            ("total", "500"),
            ("pot", "1000"),
        ],
    ),
];

/// Questions that are the same fact as another one, for scripted answers:
/// when the other was put to the user, he answered it there (`chips`:
/// what was pushed; `declared`: "nothing said" is no amount said; the bet
/// faced tells whether it opened the round).
const SAME_FACT: &[(&str, &str, &str)] = &[
    ("bet", "pushed", "chips"),
    ("bet", "declared_amount", "declared"),
    ("undercall", "opening_bet", "bet_faced"),
];

/// Values the question cannot take given the path: a full bet or raise is
/// at least the big blind (TDA 43-A), so with the last full raise answered
/// the big blind is at most that.
fn possible(id: &str, key: &str, value: Option<&str>, answers: &Answers) -> bool {
    match (id, key, value) {
        ("bet", "big_blind", Some(v)) => match answers.get("last_raise") {
            Some(floor::engine::answer::Answer::Amount(last)) => {
                v.parse::<u64>().is_ok_and(|bb| bb <= *last)
            }
            _ => true,
        },
        _ => true,
    }
}

type Ruled = Result<(String, serde_json::Value), String>;

struct Rig {
    store: Store,
    ui: Ui,
}

impl Rig {
    fn rule(&self, tree: &Tree, edition: &str, answers: &Answers) -> Ruled {
        let book = self.store.book(edition).expect("edition");
        match floor::engine::decide(tree, &book, &self.ui, answers) {
            // A default that decided the case is asked, as on the terminal.
            Ok(r) => match r
                .to_ask
                .iter()
                .find(|k| answers.origin(k) == Some(Origin::Default))
            {
                Some(key) => Err(key.clone()),
                None => Ok((r.outcome, serde_json::Value::Object(r.amounts))),
            },
            Err(e) => Err(e
                .input_key()
                .map_or_else(|| "?".to_string(), str::to_string)),
        }
    }
}

/// The walk of a user on `path`, a refused answer asked again as on the
/// terminal: the answers, the questions put to him, the ruling.
fn as_a_user(
    rig: &Rig,
    tree: &Tree,
    edition: &str,
    game: &str,
    path: &[(&'static str, &'static str)],
) -> (Answers, Vec<String>, Ruled) {
    let (mut answers, mut asked) =
        walk_like_a_user(tree, path, game).unwrap_or_else(|e| panic!("{}: {e}", tree.id));
    for _ in 0..3 {
        let ruled = rig.rule(tree, edition, &answers);
        let Err(key) = &ruled else {
            return (answers, asked, ruled);
        };
        let Some(q) = tree.question(key).filter(|q| applies(q, &answers)) else {
            return (answers, asked, ruled);
        };
        let Some(value) = path.iter().find(|(k, _)| *k == q.id).map(|(_, v)| *v) else {
            return (answers, asked, ruled);
        };
        answers.insert(&q.id, q.parse(value).expect("path value"), Origin::Given);
        asked.push(q.id.clone());
    }
    let ruled = rig.rule(tree, edition, &answers);
    (answers, asked, ruled)
}

/// Every number of the path (amounts the variations are built around).
fn numbers(path: &[(&str, &str)]) -> Vec<u64> {
    let mut out: Vec<u64> = path
        .iter()
        .flat_map(|(_, v)| v.split(|c: char| !c.is_ascii_digit()))
        .filter_map(|n| n.parse().ok())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The representative values of a question on a path (`None`: no answer).
fn values(q: &Question, path: &[(&str, &str)]) -> Vec<Option<String>> {
    let mut out: Vec<Option<String>> = Vec::new();
    if q.optional {
        out.push(None);
    }
    match q.kind {
        Kind::YesNo => out.extend(["yes", "no"].map(|v| Some(v.to_string()))),
        Kind::Choice => out.extend(q.choices.iter().cloned().map(Some)),
        Kind::MultiChoice => {
            out.push(Some("none".to_string()));
            out.extend(q.choices.iter().cloned().map(Some));
        }
        Kind::Amount | Kind::Number => {
            let mut n: Vec<u64> = vec![0, 1, 2];
            for a in numbers(path) {
                n.extend([a.saturating_sub(1), a / 2, a, a + 1, a.saturating_mul(2)]);
            }
            n.sort_unstable();
            n.dedup();
            let (lo, hi) = (q.min.unwrap_or(0), q.max.unwrap_or(u64::MAX));
            out.extend(
                n.into_iter()
                    .filter(|v| (lo..=hi).contains(v))
                    .map(|v| Some(v.to_string())),
            );
        }
        Kind::Chips => out.extend(["25", "500", "5000", "1000,500"].map(|v| Some(v.to_string()))),
        Kind::Seat => out.extend((1..=10).map(|s| Some(s.to_string()))),
        Kind::Seats => out.extend(["1", "2", "1-10", "2,5,7"].map(|v| Some(v.to_string()))),
        Kind::Stacks => {
            // Every player of the path's actions with chips enough, or with
            // none beyond what the actions show him put in.
            let names: Vec<&str> = path
                .iter()
                .filter(|(k, _)| *k == "actions")
                .flat_map(|(_, v)| v.split(','))
                .filter_map(|a| a.split(':').next())
                .collect();
            for chips in ["1000000", "1000"] {
                let list: Vec<String> = names.iter().map(|n| format!("{n}:{chips}")).collect();
                if !list.is_empty() {
                    out.push(Some(list.join(",")));
                }
            }
        }
        // Not left unasked on any path: nothing to vary.
        Kind::Actions | Kind::Contributions | Kind::Tables | Kind::Player | Kind::Cards => {}
    }
    out
}

/// The ruling with `key` answered `value` (and any question that then
/// applies and has no answer on the path given a representative value, as
/// the user would be asked it).
#[allow(clippy::too_many_arguments)]
fn varied(
    rig: &Rig,
    tree: &Tree,
    edition: &str,
    game: &str,
    path: &[(&str, &str)],
    base: &Answers,
    key: &str,
    value: Option<&str>,
) -> Option<Ruled> {
    // What the user typed on the path, as the walk read it.
    let mut given: BTreeMap<String, String> = base
        .iter()
        .filter(|(_, _, origin)| *origin == Origin::Given)
        .map(|(k, a, _)| (k.to_string(), a.canonical()))
        .collect();
    given.remove(key);
    if let Some(v) = value {
        given.insert(key.to_string(), v.to_string());
    }
    for _ in 0..4 {
        let mut seed = Answers::default();
        if let Some(q) = tree
            .questions
            .iter()
            .find(|q| q.setting.as_deref() == Some("game"))
        {
            seed.insert(&q.id, q.parse(game).expect("game"), Origin::Setting);
        }
        let mut source = GivenAnswers::new(tree, given.clone()).expect("keys");
        match walk_from(tree, &mut source, seed, None) {
            Ok(answers) => return Some(rig.rule(tree, edition, &answers)),
            Err(floor::Error::Walk(WalkError::Missing(keys))) => {
                for k in keys {
                    let q = tree.question(&k)?;
                    let v = values(q, path).into_iter().flatten().next()?;
                    given.insert(k, v);
                }
            }
            // A value that does not parse for this question.
            Err(_) => return None,
        }
    }
    None
}

#[test]
fn what_is_not_asked_cannot_change_the_ruling() {
    let rig = Rig {
        store: Store::open(DataSource::Embedded).expect("store"),
        ui: Ui::load(&DataSource::Embedded, Lang::En).expect("ui"),
    };
    let paths: Vec<Path> = COMMON
        .iter()
        .map(|(id, p)| (*id, game_of(id), *p))
        .chain(MORE.iter().copied())
        .collect();
    let mut changed: Vec<String> = Vec::new();
    // (incident, question, path) -> values tried
    let mut skipped: BTreeMap<(String, String, String), usize> = BTreeMap::new();
    for (id, game, path) in &paths {
        let shown: Vec<String> = path.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let shown = format!("{game}: {}", shown.join(" "));
        for edition in EDITIONS {
            // The tree as the edition's users meet it (its parameters decide
            // some questions).
            let book = rig.store.book(edition).expect("edition");
            let tree = floor::engine::load_for(&DataSource::Embedded, id, &book).expect("tree");
            let (answers, asked, base) = as_a_user(&rig, &tree, edition, game, path);
            assert!(
                base.is_ok(),
                "{id} {edition} {shown}: the path itself is refused ({base:?})"
            );
            for q in &tree.questions {
                let unasked = applies(q, &answers)
                    && !asked.contains(&q.id)
                    && answers.origin(&q.id) != Some(Origin::Setting);
                if !unasked {
                    continue;
                }
                if let Some((_, _, other)) = SAME_FACT
                    .iter()
                    .find(|(i, k, o)| i == id && *k == q.id && asked.iter().any(|a| a == o))
                {
                    skipped
                        .entry((
                            id.to_string(),
                            q.id.clone(),
                            format!("same fact as `{other}`, asked"),
                        ))
                        .or_default();
                    continue;
                }
                let tried: Vec<Option<String>> = values(q, path)
                    .into_iter()
                    .filter(|v| possible(id, &q.id, v.as_deref(), &answers))
                    .collect();
                *skipped
                    .entry((id.to_string(), q.id.clone(), shown.clone()))
                    .or_default() += tried.len();
                for value in &tried {
                    let Some(Ok(ruled)) = varied(
                        &rig,
                        &tree,
                        edition,
                        game,
                        path,
                        &answers,
                        &q.id,
                        value.as_deref(),
                    ) else {
                        continue;
                    };
                    if Ok(&ruled) != base.as_ref() {
                        changed.push(format!(
                            "{id} {edition} [{shown}] {}={}: {ruled:?} instead of {base:?}",
                            q.id,
                            value.as_deref().unwrap_or("(none)")
                        ));
                    }
                }
            }
        }
    }
    // Values tried, summed over the five editions.
    eprintln!("{:<20} {:<24} tried  path", "incident", "not asked");
    for ((id, key, path), tried) in &skipped {
        eprintln!("{id:<20} {key:<24} {tried:>5}  {path}");
    }
    assert!(
        changed.is_empty(),
        "questions left unasked change the ruling:\n{}",
        changed.join("\n")
    );
}
