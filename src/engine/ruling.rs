//! The ruling: outcome, amounts, remedy, and the citations resolved to the
//! edition in use (number, title, the deciding sub-part's text in the
//! edition's language), with the house notes that touch them.

use serde::Serialize;

use super::notes::NoteText;
use super::registry::Incident;
use crate::poker::Chips;
use crate::rules::Book;
use crate::rules::concepts::Cite;
use crate::rules::params::Fallback;
use crate::rules::provisions::ForGame;
use crate::ui::Ui;

use super::tree::{Tree, cite_parts};
use super::walk::{Answers, Origin};

/// What an incident's module decided, typed: the outcome, the amounts, the
/// extras and the notes of that incident, and the rules it applied. The
/// ruling card, the JSON and the log are all made from this one value
/// ([`assemble`]).
pub struct Decision<I: Incident> {
    /// The outcome.
    pub outcome: I::Outcome,
    /// The named chip amounts.
    pub amounts: I::Amounts,
    /// What the JSON carries besides the amounts.
    pub extra: I::Extra,
    /// Notes for the card.
    pub notes: Vec<I::Note>,
    /// The rules applied, deciding rule first; none: every concept the
    /// outcome declares, in the tree's order.
    pub cites: Vec<Cite>,
    /// The concept of a rule the edition's data names as deciding, cited
    /// before `cites`: the rule that states a parameter the ruling turned
    /// on (e.g. a house rule setting the payout).
    pub decided_by: Option<String>,
    /// The concept of a house rule whose parameter changed an amount of
    /// the ruling (a house minimum raise): cited after the rules applied,
    /// beside the rule it changes.
    pub changed_by: Option<String>,
    /// Overrides the outcome's discretion flag when the module knows better.
    pub discretion: Option<bool>,
    /// The edition has no text for the case: nothing is cited (rather than
    /// a rule that does not say it), and the notes name the TDA practice
    /// applied.
    pub uncited: bool,
    /// The outcome's remedy variant (see the tree's `variants`) that
    /// applies, where the edition states other steps.
    pub remedy_variant: Option<&'static str>,
    /// How the amounts are worded where the facts change what one is
    /// (`amounts_by_variant`), ahead of the remedy variant's wording: the
    /// minimum raise when nothing was faced is the minimum bet (`opening`),
    /// and in limit the bet or raise is fixed (`limit_opening`, `limit`).
    pub amount_words: Option<&'static str>,
    /// A picture of the table, for seat-based rulings.
    pub table: Option<TablePicture>,
    /// The game of the betting ruled, where one is: a rule whose words
    /// speak of other games only (TDA 42 and 47, "In no-limit and
    /// pot-limit, ...") is not cited for it.
    pub game: Option<crate::poker::Game>,
    /// The hand ruled is a stud hand: under an edition that plays no stud
    /// the card says so.
    pub stud: bool,
}

impl<I: Incident> std::fmt::Debug for Decision<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Decision")
            .field("outcome", &self.outcome)
            .field("amounts", &self.amounts)
            .field("extra", &self.extra)
            .field("notes", &self.notes)
            .field("cites", &self.cites)
            .field("decided_by", &self.decided_by)
            .field("changed_by", &self.changed_by)
            .field("discretion", &self.discretion)
            .field("uncited", &self.uncited)
            .field("remedy_variant", &self.remedy_variant)
            .field("amount_words", &self.amount_words)
            .field("table", &self.table)
            .field("game", &self.game)
            .field("stud", &self.stud)
            .finish()
    }
}

impl<I: Incident> Clone for Decision<I> {
    fn clone(&self) -> Self {
        Decision {
            outcome: self.outcome,
            amounts: self.amounts.clone(),
            extra: self.extra.clone(),
            notes: self.notes.clone(),
            cites: self.cites.clone(),
            decided_by: self.decided_by.clone(),
            changed_by: self.changed_by.clone(),
            discretion: self.discretion,
            uncited: self.uncited,
            remedy_variant: self.remedy_variant,
            amount_words: self.amount_words,
            table: self.table.clone(),
            game: self.game,
            stud: self.stud,
        }
    }
}

impl<I: Incident> Decision<I> {
    /// A decision on `outcome` citing `cites` (deciding rule first).
    pub fn new<C: Into<Cite>>(outcome: I::Outcome, cites: impl IntoIterator<Item = C>) -> Self {
        Decision {
            outcome,
            amounts: I::Amounts::default(),
            extra: I::Extra::default(),
            notes: Vec::new(),
            cites: cites.into_iter().map(Into::into).collect(),
            decided_by: None,
            changed_by: None,
            discretion: None,
            uncited: false,
            remedy_variant: None,
            amount_words: None,
            table: None,
            game: None,
            stud: false,
        }
    }

    /// A decision on `outcome` citing every concept the outcome declares,
    /// in the tree's order.
    pub fn plain(outcome: I::Outcome) -> Self {
        Self::new(outcome, Vec::<Cite>::new())
    }

    /// Cites the rule of `concept` first (see [`Decision::decided_by`]).
    pub fn decided_by(&mut self, concept: &str) {
        self.decided_by = Some(concept.to_string());
    }

    /// The amounts by name, as the card and the JSON show them (tests).
    #[cfg(test)]
    pub fn named_amounts(&self) -> Vec<(String, Chips)> {
        self.clone().erase().amounts
    }

    /// The extras as the JSON shows them (tests).
    #[cfg(test)]
    pub fn data(&self) -> serde_json::Map<String, serde_json::Value> {
        self.clone().erase().data
    }

    /// The decision as the edge shows it: the outcome by its id, the
    /// amounts by name, the extras as JSON, the notes by key.
    pub fn erase(self) -> Erased {
        let object = |value: serde_json::Result<serde_json::Value>| match value {
            Ok(serde_json::Value::Object(map)) => map,
            _ => serde_json::Map::new(),
        };
        Erased {
            outcome: self.outcome.into(),
            amounts: object(serde_json::to_value(&self.amounts))
                .into_iter()
                .filter_map(|(k, v)| Some((k, v.as_u64()?)))
                .collect(),
            data: object(serde_json::to_value(&self.extra)),
            notes: self
                .notes
                .iter()
                .map(|n| Note {
                    key: n.key(),
                    args: n.args(),
                })
                .collect(),
            // A provision the card only quotes is never read: the ruling
            // follows the TDA practice's wording of it.
            cites: self
                .cites
                .into_iter()
                .map(|c| Cite {
                    as_tda: c.stating.is_some_and(|p| I::QUOTES.contains(&p)),
                    ..c
                })
                .collect(),
            decided_by: self.decided_by,
            changed_by: self.changed_by,
            discretion: self.discretion,
            uncited: self.uncited,
            remedy_variant: self.remedy_variant,
            amount_words: self.amount_words,
            table: self.table,
            game: self.game,
            stud: self.stud,
        }
    }
}

/// Amounts named by seat, `seat_N` (a split pot's shares), in the order
/// given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PerSeat(pub Vec<(crate::poker::Seat, Chips)>);

impl Serialize for PerSeat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (seat, chips) in &self.0 {
            map.serialize_entry(&format!("seat_{seat}"), chips)?;
        }
        map.end()
    }
}

/// Pots named as the card and the JSON name them: `main`, then `side_1`,
/// `side_2`... and the chips `returned` uncalled, if any.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pots {
    /// Each pot's chips, main pot first.
    pub pots: Vec<Chips>,
    /// Chips nobody called, returned.
    pub returned: Option<Chips>,
}

impl Serialize for Pots {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        for (i, chips) in self.pots.iter().enumerate() {
            map.serialize_entry(&pot_name(i), chips)?;
        }
        if let Some(r) = self.returned {
            map.serialize_entry("returned", &r)?;
        }
        map.end()
    }
}

/// The name of pot `index`: `main`, then `side_1`, `side_2`...
pub fn pot_name(index: usize) -> String {
    if index == 0 {
        "main".to_string()
    } else {
        format!("side_{index}")
    }
}

/// A decision as the edge shows it (see [`Decision::erase`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Erased {
    /// The outcome id.
    pub outcome: &'static str,
    /// Named chip amounts, in display order.
    pub amounts: Vec<(String, Chips)>,
    /// The rules applied, deciding rule first.
    pub cites: Vec<Cite>,
    /// See [`Decision::decided_by`].
    pub decided_by: Option<String>,
    /// See [`Decision::changed_by`].
    pub changed_by: Option<String>,
    /// See [`Decision::discretion`].
    pub discretion: Option<bool>,
    /// See [`Decision::uncited`].
    pub uncited: bool,
    /// See [`Decision::remedy_variant`].
    pub remedy_variant: Option<&'static str>,
    /// See [`Decision::amount_words`].
    pub amount_words: Option<&'static str>,
    /// Structured extras for JSON (`pots`, `halt`, `moves`, ...).
    pub data: serde_json::Map<String, serde_json::Value>,
    /// Notes for the card, as ui keys with arguments.
    pub notes: Vec<Note>,
    /// A picture of the table, for seat-based rulings.
    pub table: Option<TablePicture>,
    /// See [`Decision::game`].
    pub game: Option<crate::poker::Game>,
    /// See [`Decision::stud`].
    pub stud: bool,
}

impl Erased {
    /// What words its amounts ([`amount_label_in`]): their own wording,
    /// else the remedy variant's.
    pub fn amounts_worded_by(&self) -> Option<&'static str> {
        self.amount_words.or(self.remedy_variant)
    }
}

/// A localized note: a ui key and its placeholder values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The ui key (under `notes.`).
    pub key: &'static str,
    /// Placeholder values.
    pub args: Vec<(&'static str, String)>,
}

/// The seats of a table for the ruling card's picture.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TablePicture {
    /// Seats drawn (occupied seats).
    pub seats: Vec<u8>,
    /// The button's seat, if it matters.
    pub button: Option<u8>,
    /// A short label per seat: a number ("525", "1").
    pub labels: Vec<(u8, String)>,
    /// A mark per seat, shown in words in the UI language.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<(u8, SeatMark)>,
}

/// What a seat's mark on the picture says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "snake_case")]
pub enum SeatMark {
    /// The player folded: his chips stay in, he wins nothing.
    Folded,
    /// The seat receives an odd chip.
    OddChip,
    /// The player is not dealt in this hand (he waits for the button).
    DealtOut,
}

/// A rule cited by a ruling, in the edition in use.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Citation {
    /// The edition.
    pub edition: String,
    /// The rule number as that edition cites it.
    pub number: String,
    /// The concept.
    pub concept: String,
    /// The rule's title in the edition's language.
    pub title: String,
    /// The sub-part quoted, if the edition has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// The deciding text, in the edition's language.
    pub excerpt: String,
    /// The edition says the rule does not apply at its events.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub not_applicable: bool,
    /// How the edition prints the rule, where it prints a numbering of its
    /// own: the number a reader of the printed book looks for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printed: Option<Printed>,
    /// The labels of the quoted examples that read otherwise than the
    /// rule's own words (the card follows the rule and says so).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples_against_rule: Vec<String>,
    /// The words that state the provision the rule is cited for, where it
    /// is cited for one its topic's own rule does not state (the caller at
    /// his seat, in an at-your-seat rule): a card quoting the rule short
    /// quotes these, not its first sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
}

/// A cited rule as an edition with a numbering of its own prints it (DPC
/// numbers its rules within each section: rule 51-B is "Play: Bets &
/// Raises" 12-B).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Printed {
    /// The section's title.
    pub section: String,
    /// The printed number, with the sub-part cited.
    pub number: String,
}

impl Citation {
    /// The rule as the edition cites it, with the sub-part: "51-B".
    pub fn reference(&self) -> String {
        match &self.part {
            Some(p) => format!("{}-{p}", self.number),
            None => self.number.clone(),
        }
    }
}

/// A house rule that modifies a cited topic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HouseNote {
    /// Its number.
    pub number: String,
    /// Its title.
    pub title: String,
    /// Its text.
    pub text: String,
    /// The concepts of the ruling it touches.
    pub touches: Vec<String>,
    /// It contradicts the rule text it touches.
    pub conflicts: bool,
}

/// A complete ruling (the SPEC section 4 JSON shape, plus extras).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ruling {
    /// The incident id.
    pub incident: String,
    /// The edition in use.
    pub edition: String,
    /// The outcome id.
    pub outcome: String,
    /// The outcome in words, in the UI language.
    pub outcome_text: String,
    /// The remedy variant its outcome's words follow ([`outcome_text`]).
    #[serde(skip)]
    pub remedy_variant: Option<&'static str>,
    /// How its amounts are worded ([`Erased::amounts_worded_by`],
    /// [`amount_label_in`]).
    #[serde(skip)]
    pub amounts_worded_by: Option<&'static str>,
    /// Named chip amounts.
    pub amounts: serde_json::Map<String, serde_json::Value>,
    /// The rules cited, deciding rule first.
    pub citations: Vec<Citation>,
    /// What the floor does, step by step, in the UI language.
    pub remedy: Vec<String>,
    /// The rule leaves the decision to the TD.
    pub discretion: bool,
    /// Every answer used, defaults included.
    pub answers: serde_json::Map<String, serde_json::Value>,
    /// The answers that came from defaults.
    pub defaults_used: Vec<String>,
    /// Optional questions left unanswered whose absence the ruling takes as
    /// a fact (`stack`: chips enough behind), each shown on the card in
    /// words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unanswered: Vec<String>,
    /// The answers the event's settings gave (the game).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub settings_used: Vec<String>,
    /// The answers taken from the hand file the incident started from.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub from_hand: Vec<String>,
    /// House rules touching the cited topics.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub house_notes: Vec<HouseNote>,
    /// Notes on how the ruling was reached (edition gaps, readings).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The table picture data, for seat-based rulings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<TablePicture>,
    /// Incident-specific structured data (`pots`, `halt`, `moves`).
    #[serde(flatten)]
    pub data: serde_json::Map<String, serde_json::Value>,
    /// Questions left to their default that decided the case: a
    /// walkthrough asks them (see [`super::Cx::ask`]).
    #[serde(skip)]
    pub to_ask: Vec<String>,
    /// The notes (among `notes`) naming a TDA practice applied where the
    /// edition states no value: how the facts were read, which depends on
    /// how they were told (a floor person's "betting is open" needs no
    /// re-opening share; the round's actions do).
    #[serde(skip)]
    pub practices: Vec<String>,
}

/// Whether the edition plays stud ([`crate::rules::provisions::Catalog::plays_stud`],
/// as `floor compare` reads it), from its rules on the topics of stud alone.
fn plays_stud(book: &Book) -> crate::Result<bool> {
    let Some(catalog) = crate::rules::provisions::Catalog::load_describing(
        &crate::data::DataSource::Embedded,
        crate::rules::provisions::Descriptions::None,
    )?
    else {
        return Ok(true);
    };
    let mut rules = Vec::new();
    for topic in catalog.stud_topics() {
        rules.extend(book.rule_for(topic)?);
    }
    Ok(catalog.plays_stud(rules.iter().map(|r| r.as_ref())))
}

/// Assembles the ruling from the tree, the answers and the decision.
pub fn assemble(
    tree: &Tree,
    book: &Book,
    ui: &Ui,
    answers: &Answers,
    decision: Erased,
    fallbacks: &[Fallback],
) -> crate::Result<Ruling> {
    let outcome = tree.outcome(decision.outcome);
    // The module names the rules the path it took applied, deciding rule
    // first; the tree names which sub-part of each to quote (and is the
    // citation list when a module names none).
    let tree_cites: Vec<(&str, Option<&str>)> = outcome
        .map(|o| o.cite.iter().map(|c| cite_parts(c)).collect())
        .unwrap_or_default();
    // A cite by provision quotes the part of this edition's rule that
    // states it; an edition that states it nowhere is told on the card.
    let mut unstated = Vec::new();
    let mut stated_parts = Vec::new();
    for cite in &decision.cites {
        let (at, stated) = stated_part(book, cite)?;
        if !stated
            && let Some(provision) = cite.stating
            && !unstated.contains(&(cite.concept, provision))
        {
            unstated.push((cite.concept, provision));
        }
        stated_parts.push(at);
    }
    let applied: Vec<(&str, Option<&str>)> = if decision.uncited {
        Vec::new()
    } else if decision.cites.is_empty() {
        tree_cites.iter().map(|(c, _)| (*c, None)).collect()
    } else {
        decision
            .cites
            .iter()
            .zip(&stated_parts)
            .map(|(c, at)| match at {
                Some(at) => (
                    at.concept.as_deref().unwrap_or(c.concept.slug()),
                    at.part.as_deref().or(c.part),
                ),
                None => (c.concept.slug(), c.part),
            })
            .collect()
    };
    let concepts = decision
        .decided_by
        .as_deref()
        .map(|c| (c, None))
        .into_iter()
        .chain(applied)
        .chain(decision.changed_by.as_deref().map(|c| (c, None)));
    let mut cites: Vec<(&str, Option<&str>)> = Vec::new();
    // A ruling may name the deciding sub-part itself, and more than one
    // part of a rule (a misdeal: the causes, 35-A, and the re-deal, 35-C):
    // each is cited once. A rule it names without a part is quoted at the
    // part the tree names first.
    for (concept, decided) in concepts {
        let part = match decided {
            Some(part) => Some(part),
            None if cites.iter().any(|(c, _)| *c == concept) => continue,
            None => tree_cites
                .iter()
                .find(|(c, _)| *c == concept)
                .and_then(|(_, p)| *p),
        };
        if !cites.contains(&(concept, part)) {
            cites.push((concept, part));
        }
    }
    // A rule whose words speak of other games only is not cited for this
    // one; where another part of it speaks of this game, that part is.
    let mut other_games = Vec::new();
    let mut for_game: Vec<(&str, Option<String>)> = Vec::new();
    for (concept, part) in cites {
        let quoted = match decision.game {
            None => ForGame::Cite,
            Some(game) => crate::rules::provisions::for_game(book, concept, part, game)?,
        };
        let part = match quoted {
            ForGame::Cite => part.map(str::to_string),
            ForGame::Part(other) => Some(other),
            ForGame::Not(number) => {
                other_games.push(number);
                continue;
            }
        };
        if !for_game.contains(&(concept, part.clone())) {
            for_game.push((concept, part));
        }
    }
    let mut citations: Vec<Citation> = Vec::new();
    let mut missing_rule = None;
    for (i, (concept, part)) in for_game.iter().enumerate() {
        match cite(book, concept, part.as_deref())? {
            Some(c) => citations.push(Citation {
                words: stated_parts
                    .iter()
                    .flatten()
                    .find(|at| at.concept.as_deref() == Some(concept))
                    .and_then(|at| at.words.clone()),
                ..c
            }),
            // The deciding rule is missing: say so instead of citing less.
            None if i == 0 => missing_rule = Some(*concept),
            None => {}
        }
    }
    let cited: Vec<&str> = citations.iter().map(|c| c.concept.as_str()).collect();
    let house_notes = book
        .house_rules_touching(&cited)?
        .iter()
        // A house rule cited as deciding is no note on the ruling.
        .filter(|r| !cited.contains(&r.concept.as_str()))
        .map(|r| HouseNote {
            number: r.number.clone(),
            title: r.title.clone(),
            text: r.full_text(),
            touches: r
                .touches
                .iter()
                .filter(|t| cited.contains(&t.as_str()))
                .cloned()
                .collect(),
            conflicts: r.conflicts,
        })
        .collect();
    let fill = |text: String| with_amounts(&text, &decision.amounts);
    let remedy = outcome
        .map(|o| {
            decision
                .remedy_variant
                .and_then(|v| o.variants.get(v))
                .unwrap_or(&o.remedy)
                .iter()
                .map(|key| {
                    fill(
                        ui.t(&format!("incidents.{}.remedy.{key}", tree.id))
                            .to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mut notes: Vec<String> = decision
        .notes
        .iter()
        .map(|n| {
            let args: Vec<(&str, &str)> = n.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            ui.f(&format!("notes.{}", n.key), &args)
        })
        .collect();
    if let Some(concept) = missing_rule {
        let topic_key = format!("topics.{concept}");
        let topic = ui.get(&topic_key).unwrap_or(concept);
        // Where the TDA's own rule for the topic is known, the note names it.
        let note = match ui.get(&format!("practices.{concept}")) {
            Some(practice) => ui.f(
                "notes.no_rule_practice",
                &[
                    ("edition", book.id()),
                    ("topic", topic),
                    ("practice", practice),
                ],
            ),
            None => ui.f("notes.no_rule", &[("edition", book.id()), ("topic", topic)]),
        };
        notes.insert(0, note);
    }
    for number in &other_games {
        notes.push(ui.f("notes.rule_other_games", &[("rule", number.as_str())]));
    }
    for c in &citations {
        for example in &c.examples_against_rule {
            notes.push(ui.f(
                "notes.example_against_rule",
                &[("rule", c.number.as_str()), ("example", example.as_str())],
            ));
        }
    }
    if decision.stud && !plays_stud(book)? {
        notes.push(ui.f("notes.plays_no_stud", &[("edition", book.id())]));
    }
    // The rule cited does not state what decided: the card says the
    // ruling follows the TDA's provision, in words.
    if !unstated.is_empty() {
        let catalog = crate::rules::provisions::Catalog::bundled()?;
        for (concept, provision) in &unstated {
            let (Some(cited), Some(practice)) = (
                citations.iter().find(|c| c.concept == concept.slug()),
                catalog.get(provision),
            ) else {
                continue;
            };
            let practice_words = practice.text(ui.lang).trim_end_matches('.');
            // Another provision says it where it takes certain values (TDA
            // 43's "or the player is all-in" says a player's last chips are
            // all-in): an edition stating that one otherwise does state
            // something here, and the card says what, as it does where that
            // provision is read directly.
            if let Some((rule, theirs)) = implied_otherwise(book, catalog, practice, ui)? {
                notes.push(ui.f(
                    "notes.provision_implied_otherwise",
                    &[
                        ("edition", book.id()),
                        ("rule", &cited.number),
                        ("other", &rule),
                        ("theirs", &theirs),
                        ("practice", practice_words),
                    ],
                ));
                continue;
            }
            notes.push(ui.f(
                "notes.provision_not_stated",
                &[
                    ("edition", book.id()),
                    ("rule", &cited.number),
                    ("practice", practice_words),
                ],
            ));
        }
    }
    // A share is said with its unit ("50%", not "50").
    let in_words = |param: &str, v: &serde_json::Value| {
        let mut value = ui.value_words(v);
        if param.ends_with("_percent") {
            value.push('%');
        }
        value
    };
    let practices: Vec<String> = fallbacks
        .iter()
        .map(|f| {
            let what_key = format!("params.{}", f.param);
            let what = ui.t(&what_key);
            let value = in_words(f.param, &f.value);
            // A rule whose words say it though it is not set (an import
            // left it to a person): never "no rule".
            if let Some((rule, readings)) = book.unsettled(f.param) {
                let readings: Vec<String> = readings.iter().map(|r| in_words(f.param, r)).collect();
                let key = if readings.is_empty() {
                    "notes.tda_default_unsettled_unread"
                } else {
                    "notes.tda_default_unsettled"
                };
                return ui.f(
                    key,
                    &[
                        ("rule", rule.as_str()),
                        ("what", what),
                        ("readings", &readings.join(", ")),
                        ("value", &value),
                    ],
                );
            }
            // A parameter no rulebook gives a value for has a note of its own.
            let own = format!("notes.tda_default_{}", f.param);
            let key = if ui.get(&own).is_some() {
                own.as_str()
            } else {
                "notes.tda_default"
            };
            ui.f(key, &[("what", what), ("value", &value)])
        })
        .collect();
    notes.extend(practices.iter().cloned());
    let mut answer_map = serde_json::Map::new();
    let mut defaults_used = Vec::new();
    let mut settings_used = Vec::new();
    let mut from_hand = Vec::new();
    for (key, answer, origin) in answers.iter() {
        answer_map.insert(key.to_string(), answer.json());
        match origin {
            Origin::Default => defaults_used.push(key.to_string()),
            Origin::Setting => settings_used.push(key.to_string()),
            Origin::Hand => from_hand.push(key.to_string()),
            Origin::Given => {}
        }
    }
    let unanswered = answers
        .unset()
        .filter(|k| ui.get(&unset_key(&tree.id, k)).is_some())
        .map(str::to_string)
        .collect();
    Ok(Ruling {
        incident: tree.id.clone(),
        edition: book.id().to_string(),
        outcome_text: fill(outcome_text(
            ui,
            &tree.id,
            decision.outcome,
            decision.remedy_variant,
        )),
        remedy_variant: decision.remedy_variant,
        amounts_worded_by: decision.amounts_worded_by(),
        outcome: decision.outcome.to_string(),
        amounts: decision
            .amounts
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::from(*v)))
            .collect(),
        citations,
        remedy,
        discretion: decision
            .discretion
            .unwrap_or_else(|| outcome.is_some_and(|o| o.discretion)),
        answers: answer_map,
        defaults_used,
        unanswered,
        settings_used,
        from_hand,
        house_notes,
        notes,
        table: decision.table,
        data: decision.data,
        to_ask: Vec::new(),
        practices,
    })
}

/// The UI key of what an optional question left unanswered is taken to
/// mean (`incidents.bet.q.stack.unset`: "enough to cover any bet").
pub fn unset_key(incident: &str, key: &str) -> String {
    format!("incidents.{incident}.q.{key}.unset")
}

/// An unanswered optional question in words: the question, then what its
/// absence is taken to mean.
pub fn unset_in_words(ui: &Ui, incident: &str, key: &str) -> Option<String> {
    let meaning = ui.get(&unset_key(incident, key))?;
    let question = ui
        .get(&format!("incidents.{incident}.q.{key}.text"))
        .unwrap_or(key);
    Some(format!("{question} {meaning}"))
}

/// The outcome in words. A remedy variant may name it its own way, by the
/// variant's first word (`counted-owed` by `counted`): a raise made in the
/// steps the edition allows is no string bet.
pub fn outcome_text(
    ui: &Ui,
    incident: &str,
    outcome: &str,
    remedy_variant: Option<&str>,
) -> String {
    remedy_variant
        .and_then(|v| v.split('-').next())
        .and_then(|v| ui.get(&format!("incidents.{incident}.outcome_by_variant.{v}")))
        .map_or_else(
            || {
                ui.t(&format!("incidents.{incident}.outcome.{outcome}"))
                    .to_string()
            },
            str::to_string,
        )
}

/// A ruling's words with the amounts they name (`{seconds}`) filled in.
pub fn with_amounts(text: &str, amounts: &[(String, Chips)]) -> String {
    amounts.iter().fold(text.to_string(), |t, (k, v)| {
        t.replace(&format!("{{{k}}}"), &v.to_string())
    })
}

/// Whether a ruling's words name amount `name` (`{name}`), which
/// [`with_amounts`] fills in.
pub fn names_amount(text: &str, name: &str) -> bool {
    text.contains(&format!("{{{name}}}"))
}

/// [`amount_label`] as a ruling words its amounts
/// ([`Erased::amounts_worded_by`]; `amounts_by_variant`, by the whole name,
/// then by a remedy variant's first word): in limit the raise a short
/// all-in reopens is one bet more, no minimum; a bet's minimum where
/// nothing was faced is the minimum bet.
pub fn amount_label_in(ui: &Ui, outcome: Option<&str>, words: Option<&str>, name: &str) -> String {
    words
        .into_iter()
        .flat_map(|w| [Some(w), w.split('-').next()])
        .flatten()
        .find_map(|w| ui.get(&format!("amounts_by_variant.{w}.{name}")))
        .map_or_else(|| amount_label(ui, outcome, name), str::to_string)
}

/// The label of an amount in the UI language: `total` → "Total",
/// `side_2` → "Side pot 2", `seat_7` → "Seat 7". A ruling's `outcome` may
/// word an amount its own way (`amounts_by_outcome`): a correction that
/// stands shows the amount it was not corrected to, not "Corrected to".
pub fn amount_label(ui: &Ui, outcome: Option<&str>, name: &str) -> String {
    for (prefix, key) in [("side_", "amounts.side_n"), ("seat_", "amounts.seat_n")] {
        if let Some(n) = name.strip_prefix(prefix)
            && n.chars().all(|c| c.is_ascii_digit())
        {
            return ui.f(key, &[("n", n)]);
        }
    }
    outcome
        .and_then(|o| ui.get(&format!("amounts_by_outcome.{o}.{name}")))
        .map_or_else(
            || ui.t(&format!("amounts.{name}")).to_string(),
            str::to_string,
        )
}

/// An answer in words: the question, then the value as the UI says it
/// (choices by their labels, yes/no in the UI language).
pub fn answer_in_words(ui: &Ui, incident: &str, key: &str, value: &serde_json::Value) -> String {
    fn plain(ui: &Ui, key: &str, v: &serde_json::Value) -> String {
        match v {
            serde_json::Value::String(s) => {
                ui.choice(key, s).map_or_else(|| s.clone(), str::to_string)
            }
            serde_json::Value::Bool(true) => ui.t("incident.yes").to_string(),
            serde_json::Value::Bool(false) => ui.t("incident.no").to_string(),
            serde_json::Value::Array(items) => items
                .iter()
                .map(|i| plain(ui, key, i))
                .collect::<Vec<_>>()
                .join(", "),
            other => other.to_string(),
        }
    }
    let question = ui
        .get(&format!("incidents.{incident}.q.{key}.text"))
        .unwrap_or(key);
    format!("{question} {}", plain(ui, key, value))
}

/// A note for each term of `provision` the edition (`theirs`) words
/// otherwise than the TDA practice, in values that do not rule alike, on a
/// card whose ruling follows the practice (it quotes the provision, or
/// reads only whether the edition states it). Where the edition does not
/// state it, the card says so by [`stated_part`].
pub(crate) fn worded_otherwise(
    catalog: &crate::rules::provisions::Catalog,
    theirs: &crate::rules::Terms,
    provision: &str,
    cited: Option<&Citation>,
    edition: &str,
    ui: &Ui,
) -> Vec<String> {
    use crate::rules::provisions::{Term, worded};
    let (Some(described), Some(cited)) = (catalog.get(provision), cited) else {
        return Vec::new();
    };
    let Some(tda) = &described.tda else {
        return Vec::new();
    };
    let words = |term: Term, value: &str| {
        catalog
            .term_words(provision, term, value)
            .map_or_else(|| value.to_string(), |w| w.text(ui.lang).to_string())
    };
    Term::ALL
        .into_iter()
        .filter_map(|term| {
            let (practice, own) = (worded(tda, term)?, worded(theirs, term)?);
            (practice != own && !catalog.alike(provision, term, practice, own)).then(|| {
                ui.f(
                    "notes.provision_worded_otherwise",
                    &[
                        ("edition", edition),
                        ("rule", &cited.number),
                        (
                            "provision",
                            described.text(ui.lang).trim_end_matches(['.', ':']),
                        ),
                        ("theirs", &words(term, own)),
                        ("practice", &words(term, practice)),
                    ],
                )
            })
        })
        .collect()
}

/// Where `book` states, with a value that does not say `provision`, the
/// provision that says it ([`Implied`](crate::rules::provisions::Implied)):
/// the rule stating it and that value in words.
fn implied_otherwise(
    book: &Book,
    catalog: &crate::rules::provisions::Catalog,
    provision: &crate::rules::provisions::Provision,
    ui: &Ui,
) -> crate::Result<Option<(String, String)>> {
    let Some(implied) = &provision.implied_by else {
        return Ok(None);
    };
    let Some(stated) = crate::rules::provisions::StatedIn::of(book)? else {
        return Ok(None);
    };
    let Some(value) = stated
        .terms(&implied.provision)
        .and_then(|t| t.get(implied.term))
        .filter(|v| !implied.values.iter().any(|said| said == v))
    else {
        return Ok(None);
    };
    let rule = crate::rules::provisions::statements_of(book, &implied.provision)
        .and_then(|at| at.into_iter().next())
        .map(|(number, _)| number);
    let words = catalog
        .term_words(&implied.provision, implied.term, value)
        .map_or_else(|| value.to_string(), |w| w.text(ui.lang).to_string());
    Ok(rule.map(|r| (r, words)))
}

/// Where `book` states the provision a cite names.
#[derive(Debug)]
struct StatedAt {
    /// The concept of the rule stating it, where that is not the cited
    /// concept's rule (the caller at his seat, in the at-your-seat rule of
    /// pokerpunt-nl and tda-2015-de): that rule is cited instead.
    concept: Option<String>,
    /// The part of the rule holding its words.
    part: Option<String>,
    /// Its words, where that rule is another concept's.
    words: Option<String>,
}

/// Where `book` states the provision `cite` names (`None`: it names none,
/// or the edition states it in no rule its record places it in), and
/// whether the edition states that provision anywhere (as far as its
/// record tells: a book without one is not said to be silent). The cited
/// concept's rule is preferred; an edition stating it only in another rule
/// is cited at that rule.
fn stated_part(book: &Book, cite: &Cite) -> crate::Result<(Option<StatedAt>, bool)> {
    let Some(provision) = cite.stating else {
        return Ok((None, true));
    };
    // A book without its provisions' record says nothing either way.
    let Some(statements) = crate::rules::provisions::statements_of(book, provision) else {
        return Ok((None, true));
    };
    if statements.is_empty() {
        return Ok((None, false));
    }
    if let Some(rule) = book.rule_for(cite.concept.slug())?
        && statements.iter().any(|(number, _)| *number == rule.number)
    {
        let part = statements
            .iter()
            .filter(|(number, _)| *number == rule.number)
            .find_map(|(_, span)| crate::rules::provisions::part_holding(&rule, span));
        return Ok((
            Some(StatedAt {
                concept: None,
                part: part.map(str::to_string),
                words: None,
            }),
            true,
        ));
    }
    for (number, span) in &statements {
        if let Some(rule) = book.rule(number)? {
            return Ok((
                Some(StatedAt {
                    concept: Some(rule.concept.clone()),
                    part: crate::rules::provisions::part_holding(&rule, span).map(str::to_string),
                    words: Some(span.clone()),
                }),
                true,
            ));
        }
    }
    Ok((None, true))
}

/// The edition's rule for `concept`, quoting `part` when the edition has it.
pub fn cite(book: &Book, concept: &str, part: Option<&str>) -> crate::Result<Option<Citation>> {
    let Some(rule) = book.rule_for(concept)? else {
        return Ok(None);
    };
    let quoted = part.and_then(|p| rule.part(p));
    let printed = book.printed(&rule).map(|(section, number)| Printed {
        section: section.to_string(),
        number: match quoted {
            Some(p) => format!("{number}-{}", p.label),
            None => number,
        },
    });
    Ok(Some(Citation {
        edition: book.id().to_string(),
        number: rule.number.clone(),
        concept: concept.to_string(),
        title: rule.title.clone(),
        part: quoted.map(|p| p.label.clone()),
        excerpt: match quoted {
            Some(p) => p.full_text(),
            None => rule.full_text(),
        },
        not_applicable: rule.not_applicable || quoted.is_some_and(|p| p.not_applicable),
        printed,
        examples_against_rule: match quoted {
            Some(p) => &p.examples,
            None => &rule.examples,
        }
        .iter()
        .filter(|e| e.against_rule)
        .map(|e| e.label.clone())
        .collect(),
        words: None,
    }))
}
