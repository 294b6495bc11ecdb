//! The incidents, one module each: typed answers, a typed outcome, the rule
//! logic and its tests. [`ALL`] registers them; the decision trees in
//! `rulings/` hold the questions, their order and defaults, and the
//! citations.

pub mod accidentally_killed_hand;
pub mod asking_to_see;
pub mod at_your_seat;
pub mod balance;
pub mod bet;
pub mod big_blind_ante;
pub mod button_blinds;
pub mod button_too_few_cards;
pub mod cards_speak;
pub mod chip_race;
pub mod chips_found_behind;
pub mod chips_out_of_view;
pub mod clock;
pub mod deck_change;
pub mod dispute_window;
pub mod exposed_card;
pub mod found_chips;
pub mod four_card_flop;
pub mod hand_for_hand;
pub mod heads_up_button;
pub mod hi_lo_split;
pub mod incorrect_bet;
pub mod limit_raises;
pub mod misdeal;
pub mod new_level;
pub mod offence_penalty;
pub mod out_of_turn;
pub mod penalty;
pub mod player_away;
pub mod playing_the_board;
pub mod pot_limit;
pub mod premature_action;
pub mod premature_card;
pub mod rebuy;
pub mod reopening;
pub mod sequence;
pub mod showdown_order;
pub mod showdown_retrieval;
pub mod side_pots;
pub mod situation;
pub mod split_pot;
pub mod stub_error;
pub mod stud_dead_hand;
pub mod stud_first_to_act;
pub mod substantial_action;
pub mod terminology;
pub mod unclear_bet;
pub mod undercall;
pub mod undercall_sequence;
pub mod underraise_callers;
pub mod wrong_count;
pub mod wrong_seat;

use crate::engine::Entry;
use crate::error::Error;
use crate::message::{Message, Msg};

/// Every incident, by id.
pub const ALL: &[Entry] = &[
    Entry::of::<accidentally_killed_hand::AccidentallyKilledHand>(),
    Entry::of::<asking_to_see::AskingToSee>(),
    Entry::of::<at_your_seat::AtYourSeat>(),
    Entry::of::<balance::Balance>(),
    Entry::of::<bet::Bet>(),
    Entry::of::<big_blind_ante::BigBlindAnte>(),
    Entry::of::<button_blinds::ButtonBlinds>(),
    Entry::of::<button_too_few_cards::ButtonTooFewCards>(),
    Entry::of::<cards_speak::CardsSpeak>(),
    Entry::of::<chip_race::ChipRace>(),
    Entry::of::<chips_found_behind::ChipsFoundBehind>(),
    Entry::of::<chips_out_of_view::ChipsOutOfView>(),
    Entry::of::<clock::Clock>(),
    Entry::of::<deck_change::DeckChange>(),
    Entry::of::<dispute_window::DisputeWindow>(),
    Entry::of::<exposed_card::ExposedCard>(),
    Entry::of::<found_chips::FoundChips>(),
    Entry::of::<four_card_flop::FourCardFlop>(),
    Entry::of::<hand_for_hand::HandForHand>(),
    Entry::of::<heads_up_button::HeadsUpButton>(),
    Entry::of::<hi_lo_split::HiLoSplit>(),
    Entry::of::<incorrect_bet::IncorrectBet>(),
    Entry::of::<limit_raises::LimitRaises>(),
    Entry::of::<misdeal::Misdeal>(),
    Entry::of::<new_level::NewLevel>(),
    Entry::of::<offence_penalty::OffencePenalty>(),
    Entry::of::<out_of_turn::OutOfTurn>(),
    Entry::of::<penalty::Penalty>(),
    Entry::of::<player_away::PlayerAway>(),
    Entry::of::<playing_the_board::PlayingTheBoard>(),
    Entry::of::<pot_limit::PotLimit>(),
    Entry::of::<premature_action::PrematureAction>(),
    Entry::of::<premature_card::PrematureCard>(),
    Entry::of::<rebuy::Rebuy>(),
    Entry::of::<reopening::Reopening>(),
    Entry::of::<showdown_order::ShowdownOrder>(),
    Entry::of::<showdown_retrieval::ShowdownRetrieval>(),
    Entry::of::<side_pots::SidePots>(),
    Entry::of::<split_pot::SplitPot>(),
    Entry::of::<stub_error::StubError>(),
    Entry::of::<stud_dead_hand::StudDeadHand>(),
    Entry::of::<stud_first_to_act::StudFirstToAct>(),
    Entry::of::<substantial_action::SubstantialAction>(),
    Entry::of::<terminology::Terminology>(),
    Entry::of::<unclear_bet::UnclearBet>(),
    Entry::of::<undercall::Undercall>(),
    Entry::of::<undercall_sequence::UndercallSequence>(),
    Entry::of::<underraise_callers::UnderraiseCallers>(),
    Entry::of::<wrong_count::WrongCount>(),
    Entry::of::<wrong_seat::WrongSeat>(),
];

/// The module of incident `id`.
pub fn find(id: &str) -> Option<&'static Entry> {
    ALL.iter().find(|e| e.id == id)
}

/// The error for an answer the path taken needs and did not get (scripted
/// answers may leave out a question the tree asks only on some paths).
pub(crate) fn answer_needed(key: &'static str) -> Error {
    Error::input(key, Message::new(Msg::AnswerNeeded).arg("key", key))
}

/// The bundled editions, in the order the unit tests' tables list them.
#[cfg(test)]
pub(crate) const EDITIONS: [&str; 5] = [
    "onk-2023-nl",
    "pokerpunt-nl",
    "tda-2015-de",
    "tda-2019-sk",
    "dpc-2019-en",
];

/// Rules on `answers` with incident `I` in bundled `edition` (unit tests).
#[cfg(test)]
pub(crate) fn rule_in<I: crate::engine::Incident>(
    edition: &str,
    answers: I::Answers,
) -> Result<crate::engine::Decision<I>, Error> {
    let store = crate::rules::Store::open(crate::data::DataSource::Embedded).expect("store");
    let book = store.book(edition).expect("a bundled edition");
    let (params, sources) = book.params_with_sources();
    let provisions = crate::rules::provisions::StatedIn::of(&book)?.unwrap_or_default();
    let mut cx = crate::engine::Cx::new(crate::rules::params::Resolved::new(&params), &sources)
        .with_provisions(&provisions);
    I::rule(answers, &mut cx)
}

#[cfg(test)]
mod unsaid;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DataSource;
    use crate::ui::{Lang, Ui, placeholders};
    use std::collections::BTreeSet;

    /// Each incident's `PROVISIONS` and `QUOTES` (apart) are exactly the
    /// provisions its module names in code (a catalog id written as a string, comments aside)
    /// and its tree's `provision.ID` conditions: `floor compare` weighs what
    /// the rulings read, so a read left out of the list would be a
    /// difference compare does not star.
    #[test]
    fn each_incident_declares_the_provisions_it_reads() {
        let source = DataSource::Embedded;
        let catalog = crate::rules::provisions::Catalog::load(&source)
            .expect("catalog")
            .expect("a bundled catalog");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/incidents");
        let mut wrong = Vec::new();
        for entry in ALL {
            let file = dir.join(format!("{}.rs", entry.id.replace('-', "_")));
            let text = std::fs::read_to_string(&file).expect("module source");
            let mut named = std::collections::BTreeSet::new();
            for line in text.lines() {
                let code = line.split("//").next().unwrap_or("");
                // The incident's own id may also be a provision's.
                if code.contains("const ID:") {
                    continue;
                }
                for (at, piece) in code.split('"').enumerate() {
                    if at % 2 == 1 && catalog.get(piece).is_some() {
                        named.insert(piece.to_string());
                    }
                }
                // A module ruling a bet through `bet` quotes what its
                // citations may quote, named there.
                if code.contains("QUOTED_BY_RULED_BET") {
                    named.extend(bet::QUOTED_BY_RULED_BET.iter().map(|p| p.to_string()));
                }
            }
            let tree = crate::engine::load(&source, entry.id).expect("tree");
            for q in &tree.questions {
                for key in q.when.keys() {
                    if let Some((id, _)) = crate::engine::tree::provision_key(key) {
                        named.insert(id.to_string());
                    }
                }
            }
            let declared: std::collections::BTreeSet<String> = entry
                .provisions
                .iter()
                .chain(entry.quotes)
                .map(|p| p.to_string())
                .collect();
            if named != declared || entry.quotes.iter().any(|q| entry.provisions.contains(q)) {
                wrong.push(format!(
                    "{}: reads {named:?}, declares {declared:?}",
                    entry.id
                ));
            }
            // A silence read as the practice: a provision it reads, which
            // the practice states.
            for id in entry.silence_as_practice {
                let practice = catalog.get(id).is_some_and(|p| p.tda.is_some());
                if !entry.provisions.contains(id) || !practice {
                    wrong.push(format!(
                        "{}: reads the silence on {id} as the practice, which it does not read or the practice does not state",
                        entry.id
                    ));
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// A provision of a topic an incident cites, which a bundled edition
    /// with a rule on that topic leaves unsaid, is read or quoted by the
    /// incident (its card then says where the edition is silent), or set
    /// aside in `unsaid.rs` with the reason it cannot decide the card:
    /// else a card could act on it and quote the edition's rule as if that
    /// rule said it. Parameters are left out: their fallback is on the card.
    /// So is a provision of a cited topic that a bundled edition limits to
    /// some games (its `scope` term: "in flop games", "in no-limit and
    /// pot-limit"), parameter or not: a card asking no game would apply it
    /// to every game. A card asking the betting structure (`game`) cites a
    /// rule limited to no-limit and pot-limit by its record
    /// ([`crate::rules::provisions::for_game`]): that scope is read there.
    #[test]
    fn every_unsaid_or_game_limited_provision_of_a_cited_topic_is_read_or_set_aside() {
        use std::collections::BTreeSet;
        let catalog = crate::rules::provisions::Catalog::load(&DataSource::Embedded)
            .expect("catalog")
            .expect("a bundled catalog");
        let editions: Vec<crate::rules::Edition> = crate::engine::differ::bundled_editions()
            .into_iter()
            .map(|(_, with)| with)
            .collect();
        let unsaid = |p: &crate::rules::provisions::Provision| {
            editions.iter().any(|e| {
                let book = crate::rules::Book::Full(e);
                let has_rule = book.rule_for(&p.concept).expect("rule").is_some();
                let stated = crate::rules::provisions::statements_of(&book, &p.id)
                    .is_some_and(|s| !s.is_empty());
                has_rule && !stated
            })
        };
        let game_limited = |p: &crate::rules::provisions::Provision, asks_game: bool| {
            editions.iter().any(|e| {
                crate::rules::provisions::terms_of(&crate::rules::Book::Full(e), &p.id).is_some_and(
                    |t| {
                        crate::rules::provisions::worded(&t, crate::rules::provisions::Term::Scope)
                            .is_some_and(|v| {
                                !(asks_game && v == crate::rules::provisions::NO_LIMIT_POT_LIMIT)
                            })
                    },
                )
            })
        };
        let mut needed = BTreeSet::new();
        for entry in ALL {
            let topics: BTreeSet<&str> = entry
                .cites()
                .iter()
                .flat_map(|(_, concepts)| concepts.iter().map(|c| c.slug()))
                .collect();
            let asks_game = crate::engine::load(&DataSource::Embedded, entry.id)
                .expect("tree")
                .questions
                .iter()
                .any(|q| q.id == "game" && q.choices.iter().any(|c| c == "limit"));
            let read: BTreeSet<&str> = entry
                .provisions
                .iter()
                .chain(entry.quotes)
                .copied()
                .collect();
            for p in catalog.iter() {
                let ruling = p.kind == crate::rules::provisions::Kind::Ruling;
                if topics.contains(p.concept.as_str())
                    && ruling
                    && !read.contains(p.id.as_str())
                    && (p.param.is_none() && unsaid(p) || game_limited(p, asks_game))
                {
                    needed.insert((entry.id, p.id.clone()));
                }
            }
        }
        let set_aside: BTreeSet<(&str, String)> = unsaid::SET_ASIDE
            .iter()
            .map(|(incident, provision, _)| (*incident, provision.to_string()))
            .collect();
        let missing: Vec<_> = needed.difference(&set_aside).collect();
        let stale: Vec<_> = set_aside.difference(&needed).collect();
        assert!(
            missing.is_empty(),
            "unsaid provisions of cited topics, neither read nor set aside: {missing:?}"
        );
        assert!(
            stale.is_empty(),
            "set aside, but read or no longer unsaid: {stale:?}"
        );
        assert_eq!(set_aside.len(), unsaid::SET_ASIDE.len(), "set aside twice");
    }

    /// Every text an incident shows, in every language: its title, each
    /// question and choice, each outcome and remedy step, each note with
    /// exactly the values the module gives it. One fast test names every
    /// text missing, by incident, language and key.
    #[test]
    fn every_incident_speaks_every_language() {
        let source = DataSource::Embedded;
        let mut missing = Vec::new();
        for lang in Lang::ALL {
            let ui = Ui::load(&source, lang).expect("ui");
            let mut need = |incident: &str, key: String, args: Option<&[&str]>| match ui.get(&key) {
                None => missing.push(format!("{incident} ({}): `{key}`", lang.code())),
                Some(text) => {
                    if let Some(args) = args {
                        let want: BTreeSet<&str> = args.iter().copied().collect();
                        if placeholders(text) != want {
                            missing.push(format!(
                                "{incident} ({}): `{key}` takes {want:?}: {text}",
                                lang.code()
                            ));
                        }
                    }
                }
            };
            for entry in ALL {
                let id = entry.id;
                let tree = crate::engine::load(&source, id).expect("tree");
                need(id, format!("incidents.{id}.title"), None);
                for q in &tree.questions {
                    need(id, format!("incidents.{id}.q.{}.text", q.id), None);
                    for c in &q.choices {
                        need(id, format!("choices.{c}"), None);
                    }
                }
                for o in &tree.outcomes {
                    need(id, format!("incidents.{id}.outcome.{}", o.id), None);
                    for step in o.remedy.iter().chain(o.variants.values().flatten()) {
                        need(id, format!("incidents.{id}.remedy.{step}"), None);
                    }
                }
                for (key, args) in entry.notes {
                    need(id, format!("notes.{key}"), Some(args));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "texts missing or with other placeholders:\n{}",
            missing.join("\n")
        );
    }

    /// In limit, short all-ins added up to the share that re-opens is a
    /// reading no edition states: every card whose ruling rests on it says
    /// so, and no other card does.
    #[test]
    fn limit_short_all_ins_added_up_are_said_on_every_card_that_rests_on_them() {
        use crate::engine::notes::NoteText;
        use crate::poker::{Game, Street, parse_actions};
        fn has<N: NoteText>(notes: &[N]) -> bool {
            notes.iter().any(|n| n.key() == KEY)
        }
        use situation::{Told, WithRound};
        const KEY: &str = "limit_all_ins_added";
        let told = |actions: &str| Told {
            game: Some(Game::Limit),
            street: Some(Street::Flop),
            big_blind: Some(100),
            actions: Some(parse_actions(actions).expect("test actions")),
            player: Some("A".into()),
            ..Default::default()
        };
        let said = |actions: &str| -> Vec<bool> {
            let reopening = rule_in::<reopening::Reopening>(
                "tda-2019-sk",
                WithRound {
                    answers: reopening::Answers { heads_up: None },
                    told: told(actions),
                },
            )
            .expect("reopening");
            let limit = rule_in::<limit_raises::LimitRaises>(
                "tda-2019-sk",
                WithRound {
                    answers: limit_raises::Answers {
                        heads_up: Some(limit_raises::HeadsUp::No),
                    },
                    told: told(actions),
                },
            )
            .expect("limit-raises");
            let bet = rule_in::<bet::Bet>(
                "tda-2019-sk",
                WithRound {
                    answers: bet::Answers {
                        prior_chips: Some(bet::PriorChips::Left),
                        pulled_back: None,
                        declared: bet::Declared::Call,
                        declared_amount: None,
                        chips: None,
                        pushed: None,
                        second_motion: None,
                        pot: None,
                    },
                    told: told(actions),
                },
            )
            .expect("bet");
            let short = rule_in::<underraise_callers::UnderraiseCallers>(
                "tda-2019-sk",
                WithRound {
                    answers: underraise_callers::Answers {
                        street_ended: false,
                    },
                    told: Told {
                        actions: Some(
                            parse_actions(&format!("{actions},D:raise:250")).expect("test actions"),
                        ),
                        player: None,
                        ..told(actions)
                    },
                },
            )
            .expect("underraise-callers");
            vec![
                has(&reopening.notes),
                has(&limit.notes),
                has(&bet.notes),
                has(&short.notes),
            ]
        };
        // 30 and 30 over a bet of 100: only together half a bet.
        assert_eq!(said("A:bet:100,B:all-in:130,C:all-in:160"), [true; 4]);
        // One all-in of half a bet, or a full raise, re-opens alone.
        assert_eq!(said("A:bet:100,B:all-in:150,C:call"), [false; 4]);
        assert_eq!(said("A:bet:100,B:raise:200,C:call"), [false; 4]);
    }
}
