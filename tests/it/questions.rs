//! How many questions the interactive walkthrough asks on each incident's
//! most common path: the floor has a minute, so the median must stay at 4
//! or fewer, with the event's game set (limit for `limit-raises`, else
//! no-limit). The paths are shared with
//! `skipped.rs`, which proves that what is not asked on them cannot change
//! the ruling.

use std::collections::BTreeMap;

use floor::data::DataSource;
use floor::engine::tree::Question;
use floor::engine::{AnswerSource, Answers, Origin, Reply, WalkError, walk_from};

/// Answers like a user at the prompt: the given ones, Enter (the default)
/// for the rest; detail questions are not put to it, as interactively.
pub struct Counting {
    pub given: BTreeMap<&'static str, &'static str>,
    pub asked: Vec<String>,
}

impl AnswerSource for Counting {
    fn reply(&mut self, q: &Question, _default: Option<&str>) -> Result<Reply, WalkError> {
        self.asked.push(q.id.clone());
        Ok(match self.given.get(q.id.as_str()) {
            Some(v) => Reply::Value((*v).to_string()),
            None => Reply::Default,
        })
    }

    fn rejected(
        &mut self,
        q: &Question,
        value: &str,
        problem: &floor::message::Message,
    ) -> Result<(), WalkError> {
        panic!("{}={value}: {problem}", q.id)
    }

    fn asks_details(&self) -> bool {
        false
    }
}

/// The most common situation of each incident, as a floor person meets it
/// (the game set to no-limit by the event). A choice typed at the prompt is
/// always one of its items, so paths name the item picked where no default
/// is preselected.
pub const COMMON: &[(&str, &[(&str, &str)])] = &[
    (
        "bet",
        &[("facing", "1200"), ("last_raise", "800"), ("chips", "5000")],
    ),
    (
        "undercall",
        &[
            ("heads_up", "no"),
            ("bet_faced", "first-bet"),
            ("facing", "1000"),
            ("pushed", "400"),
        ],
    ),
    (
        "reopening",
        &[
            ("big_blind", "100"),
            ("actions", "A:bet:300,B:all-in:400,C:call:400"),
            ("player", "A"),
        ],
    ),
    (
        "pot-limit",
        &[
            ("pot", "1200"),
            ("street", "flop"),
            ("facing", "200"),
            ("big_blind", "100"),
        ],
    ),
    (
        "unclear-bet",
        &[
            ("pot", "5000"),
            ("declared_number", "5"),
            ("big_blind", "400"),
        ],
    ),
    ("side-pots", &[("contributions", "1:500,2:1500,3:1500")]),
    (
        "split-pot",
        &[
            ("pot", "1025"),
            ("winners", "2,7"),
            ("button", "5"),
            ("smallest_chip", "25"),
        ],
    ),
    (
        "penalty",
        &[
            ("kind", "missed-rounds"),
            ("players_at_table", "9"),
            ("rounds", "1"),
        ],
    ),
    (
        "offence-penalty",
        &[
            ("offence", "out-of-turn"),
            ("earlier", "warning"),
            ("players_at_table", "9"),
        ],
    ),
    ("cards-speak", &[("mucked", "no"), ("deliberate", "no")]),
    ("playing-the-board", &[("tabled_all", "yes")]),
    ("stud-dead-hand", &[("facing_action", "yes")]),
    ("found-chips", &[("owner_known", "no")]),
    ("wrong-seat", &[("correct_stack", "yes")]),
    ("chips-out-of-view", &[]),
    ("terminology", &[("used", "tap")]),
    ("deck-change", &[("asked_by", "player"), ("damaged", "no")]),
    (
        "rebuy",
        &[("situation", "declared"), ("before_hand", "yes")],
    ),
    ("stub-error", &[("error", "killed-hand")]),
    ("player-away", &[("situation", "table-broken")]),
    ("substantial-action", &[("actions", "check,bet")]),
    ("misdeal", &[("causes", "eligible-seat-dealt-out")]),
    ("four-card-flop", &[]),
    ("premature-card", &[("street", "turn")]),
    ("out-of-turn", &[("oot_action", "bet")]),
    ("clock", &[("facing_bet", "yes")]),
    ("balance", &[("tables", "1:9,2:6,3:8")]),
    (
        "chip-race",
        &[
            ("removed_denomination", "25"),
            ("new_denomination", "100"),
            ("removed_chips", "1:3,2:7,4:1"),
            ("race_order", "4,1,2"),
        ],
    ),
    (
        "showdown-order",
        &[("live", "2,5,9"), ("button", "1"), ("last_aggressor", "5")],
    ),
    (
        "heads-up-button",
        &[("players", "3,7"), ("last_big_blind", "3"), ("button", "7")],
    ),
    ("button-too-few-cards", &[("acted", "no")]),
    (
        "hand-for-hand",
        &[("remaining", "52"), ("paid", "50"), ("busted", "3")],
    ),
    (
        "asking-to-see",
        &[
            ("kept_cards", "yes"),
            ("river_bet", "yes"),
            ("asks_last_aggressor", "yes"),
        ],
    ),
    (
        "accidentally-killed-hand",
        &[("identifiable", "no"), ("uncalled", "0")],
    ),
    (
        "chips-found-behind",
        &[("part_of_action", "no"), ("all_in_won", "yes")],
    ),
    ("at-your-seat", &[("at_seat", "no")]),
    (
        "dispute-window",
        &[("dispute", "accounting"), ("next_hand_started", "yes")],
    ),
    ("exposed-card", &[("action_pending", "yes")]),
    (
        "incorrect-bet",
        &[("big_blind", "200"), ("facing", "600"), ("total", "1000")],
    ),
    (
        "undercall-sequence",
        &[
            ("actions", "A:bet:1000,B:call:300,C:call:500"),
            ("big_blind", "100"),
        ],
    ),
    (
        "underraise-callers",
        &[
            ("actions", "A:bet:600,B:raise:1000,C:call,D:call"),
            ("big_blind", "200"),
            ("street_ended", "no"),
        ],
    ),
    (
        "wrong-count",
        &[
            ("called", "yes"),
            ("count_given", "6200"),
            ("correct_total", "8400"),
        ],
    ),
    (
        "showdown-retrieval",
        &[("situation", "discarded"), ("retrievable", "yes")],
    ),
    (
        "premature-action",
        &[("what", "called-early"), ("declared_total", "5000")],
    ),
    (
        "hi-lo-split",
        &[
            ("game", "board-hi-lo"),
            ("pot", "2300"),
            ("high", "2"),
            ("low", "4,8"),
            ("button", "6"),
            ("smallest_chip", "100"),
        ],
    ),
    (
        "stud-first-to-act",
        &[
            ("situation", "bring-in-all-in"),
            ("seats", "1,4,6,8"),
            ("bring_in", "8"),
        ],
    ),
    (
        "button-blinds",
        &[
            ("seats", "1,3,4,5,6"),
            ("last_small_blind", "2"),
            ("last_big_blind", "3"),
        ],
    ),
    (
        "big-blind-ante",
        &[("big_blind", "200"), ("ante", "200"), ("stack", "300")],
    ),
    (
        "new-level",
        &[
            ("started", "dealer-push"),
            ("level_played", "old-level"),
            ("substantial_action", "yes"),
        ],
    ),
    (
        "limit-raises",
        &[
            ("street", "flop"),
            ("big_blind", "100"),
            ("actions", "A:bet:100,B:raise:200,C:raise:300"),
        ],
    ),
];

/// The event's game on an incident's common path: no-limit, except where
/// the incident is a limit game's.
pub fn game_of(id: &str) -> &'static str {
    match id {
        "limit-raises" => "limit",
        _ => "no-limit",
    }
}

/// Walks `tree` as a user at the prompt would with `answers`, the event's
/// game set to `game`: the answers and the questions put to him.
pub fn walk_like_a_user(
    tree: &floor::engine::Tree,
    answers: &[(&'static str, &'static str)],
    game: &str,
) -> floor::Result<(Answers, Vec<String>)> {
    let mut counting = Counting {
        given: answers.iter().copied().collect(),
        asked: Vec::new(),
    };
    // The event's game is set, as SPEC section 4 has a floor person do.
    let mut seed = Answers::default();
    for q in tree
        .questions
        .iter()
        .filter(|q| q.setting.as_deref() == Some("game"))
    {
        let answer = q.parse(game).expect("a game");
        seed.insert(&q.id, answer, Origin::Setting);
    }
    let answers = walk_from(tree, &mut counting, seed, None)?;
    Ok((answers, counting.asked))
}

#[test]
fn the_median_incident_asks_at_most_four_questions() {
    let source = DataSource::Embedded;
    let ids = floor::engine::ids(&source).expect("incidents");
    assert_eq!(
        ids.len(),
        COMMON.len(),
        "every incident has a common path here"
    );
    let mut counts = Vec::new();
    eprintln!("{:<26} {:>5}  questions asked", "incident", "asked");
    for (id, answers) in COMMON {
        let tree = floor::engine::load(&source, id).expect("tree");
        let (_, asked) =
            walk_like_a_user(&tree, answers, game_of(id)).unwrap_or_else(|e| panic!("{id}: {e}"));
        eprintln!("{id:<26} {:>5}  {}", asked.len(), asked.join(", "));
        counts.push(asked.len());
    }
    counts.sort_unstable();
    let median = counts[counts.len() / 2];
    let max = counts[counts.len() - 1];
    eprintln!("median {median}, max {max}");
    assert!(median <= 4, "median {median}");
    // The most facts: what a bet counts as (the bet faced, the last raise,
    // the big blind, the chips in front, what was said, the chips, the
    // stack) in `bet`.
    assert!(max <= 8, "max {max}");
}
