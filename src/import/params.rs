//! The parameters the rulings read (clock seconds, penalty lengths, the
//! raise standard, the chip race, dispute windows, …), recognised in the
//! sentences of the rule that states them, each with its sentence.
//!
//! How a parameter is stated is data (`params:` in `locales/import.yaml`):
//! phrases with the number's place marked, or the phrases of each value.
//! A parameter is read in the rule of its topic (`Params::home`) and in the
//! house rules that touch that topic; a house topic's parameters in any
//! house rule. The clock (time and countdown, written "25 seconds plus a 5
//! second countdown" or "30 seconds, the last 5 counted down") and the
//! languages at the table are read by code. A number no phrase reads is
//! read where the known editions' rule of the same concept prints it
//! ([`by_position`]), by what it counts (the languages' own unit words,
//! `locales/language.yaml`). A choice no phrase reads is read by what the
//! known editions' words for each value mean ([`by_meaning`]). Every value
//! is checked by the parameter's own
//! type before it is kept; a value the words leave open (a clock whose
//! countdown words are not read, a list a known edition extends) is a
//! [`Doubt`] for a person, never set.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;

use crate::import::cues::{LangCues, ParamCue, ValueCue};
use crate::import::knowledge::Knowledge;
use crate::import::words::{Folded, Unit};
use crate::rules::{Edition, Lang, Params, RuleKind};

/// A parameter recognised in a rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Found {
    /// The parameter's key.
    pub key: String,
    /// Its value, as the data files write it.
    pub value: serde_json::Value,
    /// The rule that states it.
    pub rule: String,
    /// The sentence that states it.
    pub sentence: String,
}

/// A parameter a rule states whose value its words leave open: left to a
/// person, not set (a ruling then applies the TDA practice and says so).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Doubt {
    /// The parameter's key.
    pub key: String,
    /// The rule that states it.
    pub rule: String,
    /// The values the words allow.
    pub readings: Vec<serde_json::Value>,
    /// The sentence that states it.
    pub sentence: String,
}

/// A word of a sentence: folded text, or a number.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Number(u32),
    Sign(char),
}

/// One element of a phrase.
#[derive(Debug, Clone, PartialEq)]
enum Part {
    Exact(String),
    Prefix(String),
    Slot,
    Literal(u32),
    Sign(char),
    Gap,
}

/// Reads every parameter cue on the edition's rules, sets the values on
/// the rules (a house rule also `touches` the topic whose parameter it
/// sets), and returns what was found with its sentence, and the values the
/// words leave open.
pub fn recognise(edition: &mut Edition, knowledge: &Knowledge) -> (Vec<Found>, Vec<Doubt>) {
    let cues = &knowledge.cues;
    let lang = edition.language;
    let lc = cues.of(lang);
    let lw = cues.words.of(lang);
    // Whether the known editions' clock rules count a countdown: a book's
    // clock whose countdown is not read then leaves its total open.
    let known_countdown = knowledge
        .editions
        .iter()
        .flat_map(Edition::rules)
        .any(|r| r.params.to_map().contains_key("clock_countdown"));
    let known_lists = known_lists(knowledge);
    let mut found = Vec::new();
    let mut doubts = Vec::new();
    for rule in edition.rules_mut() {
        let sentences = sentences(&rule.full_text());
        let tokens: Vec<Vec<Token>> = sentences.iter().map(|s| tokenize(s, lw)).collect();
        let mut values: Vec<(String, serde_json::Value, String)> = Vec::new();
        for (key, cue) in &cues.params {
            let Some(home) = Params::home(key) else {
                continue;
            };
            let house = rule.kind == RuleKind::House;
            let in_scope = rule.concept == home
                || (house && rule.touches.iter().any(|t| t == home))
                || (house && cue.house);
            if !in_scope {
                continue;
            }
            if let Some((value, at)) = read(cue, lang, lw, &tokens) {
                values.push((key.clone(), value, sentences[at].clone()));
            }
        }
        if rule.concept == "calling-clock" {
            let (read, open) = clock(&sentences, &tokens, lc, lw, known_countdown);
            values.extend(read);
            doubts.extend(open.map(|(key, readings, sentence)| Doubt {
                key,
                rule: rule.number.clone(),
                readings,
                sentence,
            }));
        }
        if rule.concept == "official-language" {
            values.extend(languages(&sentences, lc, lw));
        }
        for (key, value, sentence) in values {
            // A list may miss items: a known edition lists every item read
            // and more, and either no known edition lists just these, or no
            // phrase of the book's language reads one of the more (it could
            // not have been read).
            let unreadable = |cue: &ParamCue, items: &[Value]| {
                let no_phrase = |item: &Value| {
                    cue.all_of
                        .iter()
                        .find(|v| v.value == *item)
                        .is_none_or(|v| v.phrases(lang).is_empty())
                };
                let lists = known_lists.get(&key).map_or(&[][..], Vec::as_slice);
                let same = |list: &Vec<Value>| {
                    list.len() == items.len() && items.iter().all(|i| list.contains(i))
                };
                let known_as_is = lists.iter().any(same);
                lists.iter().any(|list| {
                    let more: Vec<&Value> = list.iter().filter(|i| !items.contains(i)).collect();
                    items.iter().all(|i| list.contains(i))
                        && !more.is_empty()
                        && (!known_as_is || more.iter().any(|i| no_phrase(i)))
                })
            };
            let short = match (cues.params.get(&key), value.as_array()) {
                (Some(cue), Some(items)) if !cue.all_of.is_empty() => unreadable(cue, items),
                _ => false,
            };
            // The languages of a room's table without the language its
            // rules are written in are more likely those of a sentence on
            // somewhere else ("In the United States, English only").
            let foreign = key == "languages"
                && value
                    .as_array()
                    .is_some_and(|codes| !codes.iter().any(|c| c == lang.code()));
            if short || foreign {
                // Items no phrase of the book's language reads may be
                // missing, or the languages be another place's: a person
                // decides.
                doubts.push(Doubt {
                    key,
                    rule: rule.number.clone(),
                    readings: vec![value],
                    sentence,
                });
                continue;
            }
            if !set(rule, &key, &value) {
                continue;
            }
            found.push(Found {
                key,
                value,
                rule: rule.number.clone(),
                sentence,
            });
        }
    }
    (found, doubts)
}

/// Number parameters no phrase read, taken where the known editions state
/// them: in a rule of the parameter's topic, when a known edition's rule of
/// the same concept prints the value as a number of its text, the book's
/// number at the same place is read — the same place among the numbers
/// that count the same thing (seconds, percent, players, … by the words or
/// sign after them; or nothing), the two rules printing as many such
/// numbers. Every known edition that can say must agree, and a parameter
/// some known edition does not print as one of its numbers (a clock of 25
/// seconds plus a 5-second countdown states 30 nowhere) is not read by
/// place at all. Translations keep a rule's numbers in order, so this
/// reads the book's own number (a room that changed 50 % to 60 % gets 60)
/// in a language no cue phrase is written in. A list of numbers is read
/// item by item. Parameters left to a person (`doubts`) are not read.
pub fn by_position(edition: &mut Edition, knowledge: &Knowledge, doubts: &[Doubt]) -> Vec<Found> {
    let words = &knowledge.cues.words;
    let lw = words.of(edition.language);
    let mut found = Vec::new();
    for rule in edition.rules_mut() {
        if rule.kind == RuleKind::House {
            continue;
        }
        let (sentences, mine) = rule_numbers(rule, lw);
        let have = rule.params.to_map();
        let open: BTreeSet<&str> = doubts
            .iter()
            .filter(|d| d.rule == rule.number)
            .map(|d| d.key.as_str())
            .collect();
        // Per key, the values read at the places the known rules give.
        let mut votes: BTreeMap<String, Vec<(Value, usize)>> = BTreeMap::new();
        let mut unprinted: BTreeSet<String> = BTreeSet::new();
        let known = knowledge
            .editions
            .iter()
            .flat_map(|e| e.rules().map(move |r| (e.language, r)))
            .filter(|(_, r)| r.concept == rule.concept);
        for (lang, kr) in known {
            let (_, theirs) = rule_numbers(kr, words.of(lang));
            for (key, value) in kr.params.to_map() {
                if have.contains_key(&key)
                    || open.contains(key.as_str())
                    || Params::home(&key) != Some(rule.concept.as_str())
                {
                    continue;
                }
                let wanted: Vec<u64> = match &value {
                    Value::Array(items) => items
                        .iter()
                        .map(Value::as_u64)
                        .collect::<Option<Vec<u64>>>()
                        .unwrap_or_default(),
                    other => other.as_u64().into_iter().collect(),
                };
                if wanted.is_empty() {
                    continue;
                }
                let mut read = Vec::new();
                for v in wanted {
                    match place(v, &theirs, &mine) {
                        Place::Unprinted => {
                            unprinted.insert(key.clone());
                            break;
                        }
                        Place::Unknown => break,
                        Place::At(n, s) => read.push((n, s)),
                    }
                }
                let count = value.as_array().map_or(1, Vec::len);
                let Some(&(first, sentence)) = read.first() else {
                    continue;
                };
                if read.len() != count {
                    continue;
                }
                let value = if value.is_array() {
                    Value::from(read.iter().map(|(n, _)| *n).collect::<Vec<u32>>())
                } else {
                    Value::from(first)
                };
                votes.entry(key).or_default().push((value, sentence));
            }
        }
        for (key, list) in votes {
            let Some((value, sentence)) = list.first().cloned() else {
                continue;
            };
            if unprinted.contains(&key) || list.iter().any(|(v, _)| *v != value) {
                continue;
            }
            if !set(rule, &key, &value) {
                continue;
            }
            found.push(Found {
                key,
                value,
                rule: rule.number.clone(),
                sentence: sentences.get(sentence).cloned().unwrap_or_default(),
            });
        }
    }
    found
}

/// Sets `value` of parameter `key` on `rule` when the parameter's type
/// takes it (a house rule then also touches the parameter's topic).
fn set(rule: &mut crate::rules::Rule, key: &str, value: &Value) -> bool {
    let mut one = serde_json::Map::new();
    one.insert(key.to_string(), value.clone());
    let Ok(params) = serde_json::from_value::<Params>(Value::Object(one)) else {
        return false;
    };
    rule.params.merge(&params);
    if let Some(home) = Params::home(key)
        && home != rule.concept
        && !rule.touches.iter().any(|t| t == home)
    {
        rule.touches.push(home.to_string());
    }
    true
}

/// The lists each list parameter has in the known editions.
fn known_lists(knowledge: &Knowledge) -> BTreeMap<String, Vec<Vec<Value>>> {
    let mut out: BTreeMap<String, Vec<Vec<Value>>> = BTreeMap::new();
    for r in knowledge.editions.iter().flat_map(Edition::rules) {
        for (key, value) in r.params.to_map() {
            if let Value::Array(items) = value {
                out.entry(key).or_default().push(items);
            }
        }
    }
    out
}

/// Per parameter and value (as JSON text), the meanings of each known
/// wording of it, with the edition that words it so.
type Signs = BTreeMap<(String, String), Vec<(String, BTreeSet<String>)>>;

/// How near the words of a value's meaning must stand: a window of this
/// many words of one sentence.
const MEANING_WINDOW: usize = 12;

/// Choice parameters (one value of several, yes/no, a list of items) that
/// no phrase of the book's language read, recognised by what the known
/// editions' words for each value mean. In every known edition's rule
/// that states a value, the words a cue phrase of its language matches
/// are turned into their meanings (`vocabulary` of
/// `locales/language.yaml`: "left", "button", "dead", general words of
/// each language, no book's); a value is read in the book's rule of the
/// same topic where one sentence has all the meanings of one such known
/// wording (two at least) within [`MEANING_WINDOW`] words, by a wording
/// with a meaning no wording of another value of the parameter has. A
/// value is set only when the book's words carry the wordings of two known
/// editions (no one translator's words decide). A value one edition's
/// wording alone finds, two values of one parameter found, or a list some known edition does not list as
/// read or lists with more, are left to a person; a parameter whose
/// silence means something (a `topic`) is not read this way.
pub fn by_meaning(
    edition: &mut Edition,
    knowledge: &Knowledge,
    doubts: &[Doubt],
) -> (Vec<Found>, Vec<Doubt>) {
    let cues = &knowledge.cues;
    let words = &cues.words;
    // Every known rule once: its language, what it states, its words.
    type KnownRule<'a> = (
        Lang,
        &'a str,
        &'a crate::rules::Rule,
        BTreeMap<String, Value>,
        Vec<Vec<Token>>,
        Vec<Vec<Option<String>>>,
    );
    let texts: Vec<KnownRule> = knowledge
        .editions
        .iter()
        .flat_map(|e| {
            let lw = words.of(e.language);
            e.rules().map(move |r| {
                let tokens: Vec<Vec<Token>> = sentences(&r.full_text())
                    .iter()
                    .map(|s| tokenize(s, lw))
                    .collect();
                let meant = meant(&tokens, lw);
                (
                    e.language,
                    e.id.as_str(),
                    r,
                    r.params.to_map(),
                    tokens,
                    meant,
                )
            })
        })
        .collect();
    let mut signs: Signs = BTreeMap::new();
    for (lang, edition, _, stated, tokens, _) in &texts {
        let lw = words.of(*lang);
        for (key, value) in stated {
            let Some(cue) = cues.params.get(key) else {
                continue;
            };
            let items = match value {
                Value::Array(items) => items.clone(),
                one => vec![one.clone()],
            };
            for item in items {
                let Some(vc) = cue
                    .one_of
                    .iter()
                    .chain(&cue.all_of)
                    .find(|v| v.value == item)
                else {
                    continue;
                };
                for p in vc.phrases(*lang) {
                    for (s, at, end, _) in find_all(p, tokens, lw) {
                        let span = tokens.get(s).and_then(|t| t.get(at..end));
                        let m = meanings(span.unwrap_or(&[]), lw);
                        if m.len() < 2 {
                            continue;
                        }
                        let list = signs.entry((key.clone(), item.to_string())).or_default();
                        let sign = (edition.to_string(), m);
                        if !list.contains(&sign) {
                            list.push(sign);
                        }
                    }
                }
            }
        }
    }
    // A wording found in a known rule of the same topic that does not
    // state the value (states another, or nothing) does not carry it.
    for ((key, value), list) in &mut signs {
        let home = Params::home(key);
        let value: Value = serde_json::from_str(value).unwrap_or_default();
        let otherwise: Vec<&KnownRule> = texts
            .iter()
            .filter(|(_, _, r, stated, _, _)| {
                let states = match stated.get(key) {
                    Some(Value::Array(items)) => items.contains(&value),
                    Some(one) => *one == value,
                    None => false,
                };
                Some(r.concept.as_str()) == home && !states
            })
            .collect();
        list.retain(|(_, sign)| {
            !otherwise
                .iter()
                .any(|(_, _, _, _, _, meant)| window(sign, meant).is_some())
        });
    }
    // A wording whose every meaning another value's wording of the same
    // parameter also has does not tell the two apart.
    let all = signs.clone();
    for ((key, value), list) in &mut signs {
        let others: BTreeSet<&String> = all
            .iter()
            .filter(|((k, v), _)| k == key && v != value)
            .flat_map(|(_, list)| list.iter().flat_map(|(_, m)| m))
            .collect();
        list.retain(|(_, m)| m.iter().any(|x| !others.contains(x)));
    }
    let lists = known_lists(knowledge);
    let lw = words.of(edition.language);
    let en = words.of(Lang::En);
    let mut found = Vec::new();
    let mut open = Vec::new();
    for rule in edition.rules_mut() {
        let house = rule.kind == RuleKind::House;
        let sentences = sentences(&rule.full_text());
        let tokens: Vec<Vec<Token>> = sentences.iter().map(|s| tokenize(s, lw)).collect();
        let meant = meant(&tokens, lw);
        let have = rule.params.to_map();
        for (key, cue) in &cues.params {
            let Some(home) = Params::home(key) else {
                continue;
            };
            let in_scope = rule.concept == home
                || (house && rule.touches.iter().any(|t| t == home))
                || (house && cue.house);
            let left = doubts
                .iter()
                .any(|d| d.rule == rule.number && d.key == *key);
            if !in_scope || !cue.topic.is_empty() || have.contains_key(key) || left {
                continue;
            }
            // Where the first wording of a value stands, and how many known
            // editions' wordings the book's words carry.
            let hit = |v: &ValueCue| -> Option<((usize, usize), usize)> {
                let list = signs.get(&(key.clone(), v.value.to_string()))?;
                let mut editions = BTreeSet::new();
                let mut first = None;
                for (e, sign) in list {
                    if let Some(at) = window(sign, &meant) {
                        editions.insert(e);
                        first = Some(first.map_or(at, |f: (usize, usize)| f.min(at)));
                    }
                }
                first.map(|at| (at, editions.len()))
            };
            let mut weak = false;
            let (value, at, sure) = if cue.one_of.is_empty() {
                let mut items: Vec<((usize, usize), Value)> = cue
                    .all_of
                    .iter()
                    .enumerate()
                    .filter_map(|(k, v)| {
                        let (at, agree) = hit(v)?;
                        weak |= agree < 2;
                        Some((if cue.text_order { at } else { (k, 0) }, v.value.clone()))
                    })
                    .collect();
                let Some(first) = items.iter().map(|(at, _)| *at).min() else {
                    continue;
                };
                items.sort_by_key(|(at, _)| *at);
                let read: Vec<Value> = items.into_iter().map(|(_, v)| v).collect();
                let known = lists.get(key).map_or(&[][..], Vec::as_slice);
                let same = known
                    .iter()
                    .any(|l| l.len() == read.len() && read.iter().all(|i| l.contains(i)));
                let more = known
                    .iter()
                    .any(|l| l.len() > read.len() && read.iter().all(|i| l.contains(i)));
                let at = if cue.text_order { first } else { (0, 0) };
                (Value::Array(read), at, same && !more && !weak)
            } else {
                let hits: Vec<(Value, (usize, usize), usize)> = cue
                    .one_of
                    .iter()
                    .filter_map(|v| hit(v).map(|(at, agree)| (v.value.clone(), at, agree)))
                    .collect();
                match hits.as_slice() {
                    [] => continue,
                    [(v, at, agree)] => {
                        // Another value named in its own words (not in a
                        // concession) is no sentence to set this one by.
                        let here = sentences
                            .get(at.0)
                            .map(|t| said(&unconceded(t, lw), lw))
                            .unwrap_or_default();
                        let sure = *agree >= 2 && !names_another(key, v, &here, en);
                        (Value::Array(vec![v.clone()]), *at, sure)
                    }
                    many => {
                        let at = many.iter().map(|(_, at, _)| *at).min().unwrap_or_default();
                        let readings = many.iter().map(|(v, _, _)| v.clone()).collect();
                        (Value::Array(readings), at, false)
                    }
                }
            };
            let sentence = sentences.get(at.0).cloned().unwrap_or_default();
            if !sure {
                // One value's readings are its candidates; a list is one.
                let readings = match value {
                    Value::Array(many) if !cue.one_of.is_empty() => many,
                    list => vec![list],
                };
                open.push(Doubt {
                    key: key.clone(),
                    rule: rule.number.clone(),
                    readings,
                    sentence,
                });
                continue;
            }
            let value = match value {
                Value::Array(mut one) if !cue.one_of.is_empty() => one.pop().unwrap_or_default(),
                other => other,
            };
            if set(rule, key, &value) {
                found.push(Found {
                    key: key.clone(),
                    value,
                    rule: rule.number.clone(),
                    sentence,
                });
            }
        }
    }
    (found, open)
}

/// What tokens mean: each word's meaning in the vocabulary (an
/// abbreviation's, the meanings of the words it stands for), each number
/// as itself (`#2`).
fn meanings(tokens: &[Token], lw: &Folded) -> BTreeSet<String> {
    tokens
        .iter()
        .flat_map(|t| token_meanings(t, lw))
        .flatten()
        .collect()
}

/// What one token means, word by word: an abbreviation stands for several
/// words ("BB": big, blind), each of which may mean something.
fn token_meanings(t: &Token, lw: &Folded) -> Vec<Option<String>> {
    match t {
        Token::Word(w) => match lw.expansion(w) {
            Some(words) => words
                .iter()
                .map(|x| lw.meaning(x).map(str::to_string))
                .collect(),
            None => vec![lw.meaning(w).map(str::to_string)],
        },
        Token::Number(n) => vec![Some(format!("#{n}"))],
        Token::Sign(_) => vec![None],
    }
}

/// Each token's meaning, sentence by sentence (numbers as `#2`; an
/// abbreviation as the words it stands for, one place each).
fn meant(tokens: &[Vec<Token>], lw: &Folded) -> Vec<Vec<Option<String>>> {
    tokens
        .iter()
        .map(|sentence| {
            sentence
                .iter()
                .flat_map(|t| token_meanings(t, lw))
                .collect()
        })
        .collect()
}

/// The tokens of a sentence outside its concessions: a clause (up to the
/// next comma, semicolon or colon) from the words that open a concession
/// on ("auch wenn ein Pot im Heads-Up ausgespielt wird,": even when a pot
/// is played heads-up) names what the sentence holds even then, not what
/// it states.
fn unconceded(sentence: &str, lw: &Folded) -> Vec<Token> {
    let mut out = Vec::new();
    for clause in sentence.split([',', ';', ':']) {
        let tokens = tokenize(clause, lw);
        let opens = |at: usize, words: &[String]| {
            !words.is_empty()
                && words
                    .iter()
                    .enumerate()
                    .all(|(k, w)| matches!(tokens.get(at + k), Some(Token::Word(t)) if t == w))
        };
        let end = (0..tokens.len())
            .find(|&at| lw.concessions().iter().any(|c| opens(at, c)))
            .unwrap_or(tokens.len());
        out.extend(tokens.into_iter().take(end));
    }
    out
}

/// The first place (sentence, word) where every meaning of `sign` stands
/// within [`MEANING_WINDOW`] words (`meant`: each word's meaning).
fn window(sign: &BTreeSet<String>, meant: &[Vec<Option<String>>]) -> Option<(usize, usize)> {
    window_of(sign, meant, MEANING_WINDOW)
}

/// The first place (sentence, word) where every meaning of `sign` stands
/// within `size` words.
fn window_of(
    sign: &BTreeSet<String>,
    meant: &[Vec<Option<String>>],
    size: usize,
) -> Option<(usize, usize)> {
    for (s, sentence) in meant.iter().enumerate() {
        for at in 0..sentence.len() {
            let end = (at + size).min(sentence.len());
            let here = sentence.get(at..end).unwrap_or(&[]);
            if sign
                .iter()
                .all(|m| here.iter().any(|h| h.as_ref() == Some(m)))
            {
                return Some((s, at));
            }
        }
    }
    None
}

/// What a number counts: the sign or the unit word after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Counts {
    /// `%` (or the word for percent), `€`.
    Sign(char),
    /// A unit word.
    Unit(Unit),
}

/// A number of a rule: its value, what it counts, its sentence, the label
/// of the part it is in.
type Number = (u32, Option<Counts>, usize, String);

/// Where a known rule's value stands in the book's rule.
enum Place {
    /// The known rule does not print the value.
    Unprinted,
    /// It prints it, but the place cannot be told in the book.
    Unknown,
    /// The book's number at the place, and its sentence.
    At(u32, usize),
}

/// The book's number (`mine`) where the known rule (`theirs`) prints `v`:
/// among the numbers that count what it counts, at the same place; every
/// place the known rule prints `v` must read the same. Among numbers that
/// count nothing named, the place must be in the part of the same label
/// (parts are labelled alike in every language) and every other place
/// must print the known rule's number too (a translation keeps its
/// numbers; a room that changed one changed that one).
fn place(v: u64, theirs: &[Number], mine: &[Number]) -> Place {
    let counts: Vec<Option<Counts>> = theirs
        .iter()
        .filter(|n| u64::from(n.0) == v)
        .map(|n| n.1)
        .collect();
    let Some(&what) = counts.first() else {
        return Place::Unprinted;
    };
    if counts.iter().any(|c| *c != what) {
        return Place::Unknown;
    }
    let like = |list: &[Number]| -> Vec<(u32, usize, String)> {
        list.iter()
            .filter(|n| n.1 == what)
            .map(|n| (n.0, n.2, n.3.clone()))
            .collect()
    };
    let (theirs, mine) = (like(theirs), like(mine));
    if theirs.len() != mine.len() {
        return Place::Unknown;
    }
    // Numbers that count nothing named are the loosest class: there every
    // other place must agree too.
    let same_elsewhere = theirs
        .iter()
        .zip(&mine)
        .all(|(t, m)| u64::from(t.0) == v || t.0 == m.0);
    if what.is_none() && !same_elsewhere {
        return Place::Unknown;
    }
    // ... and the same place is in the same part (parts are labelled
    // alike in every language).
    let read: Vec<(u32, usize)> = theirs
        .iter()
        .zip(&mine)
        .filter(|(t, _)| u64::from(t.0) == v)
        .map(|(t, m)| {
            if what.is_some() || t.2 == m.2 {
                (m.0, m.1)
            } else {
                (u32::MAX, m.1)
            }
        })
        .collect();
    match read.first() {
        Some(&(n, s)) if n != u32::MAX && read.iter().all(|r| r.0 == n) => Place::At(n, s),
        _ => Place::Unknown,
    }
}

/// A rule's sentences, and their numbers with what each counts: of its
/// text, parts and tails, not of part labels or worked examples (their
/// amounts differ between editions), and not the numbers of the rules it
/// cites.
fn rule_numbers(rule: &crate::rules::Rule, lw: &Folded) -> (Vec<String>, Vec<Number>) {
    let (sentences, labels): (Vec<String>, Vec<String>) = labelled(rule).into_iter().unzip();
    let cited: BTreeSet<u32> = rule
        .refs
        .iter()
        .filter_map(|r| crate::rules::RuleRef::parse(r))
        .filter(|r| r.prefix.is_none())
        .map(|r| r.ordinal)
        .collect();
    let mut list = numbers(&sentences, lw, 0);
    list.retain(|n| n.1.is_some() || !cited.contains(&n.0));
    for n in &mut list {
        n.3 = labels.get(n.2).cloned().unwrap_or_default();
    }
    (sentences, list)
}

/// A rule's sentences, of its text, parts and tails (not part labels or
/// worked examples), each with the labels of the parts it is in ("B",
/// "B.2"; parts are labelled alike in every language).
fn labelled(rule: &crate::rules::Rule) -> Vec<(String, String)> {
    fn parts(list: &[crate::rules::Part], within: &str, out: &mut Vec<(String, String)>) {
        for p in list {
            let label = if within.is_empty() {
                p.label.to_uppercase()
            } else {
                format!("{within}.{}", p.label.to_uppercase())
            };
            out.push((p.text.clone(), label.clone()));
            parts(&p.parts, &label, out);
            out.push((p.tail.clone(), label));
        }
    }
    let mut pieces = vec![(rule.text.clone(), String::new())];
    parts(&rule.parts, "", &mut pieces);
    pieces.push((rule.tail.clone(), String::new()));
    pieces
        .into_iter()
        .flat_map(|(text, label)| {
            sentences(&text)
                .into_iter()
                .map(move |s| (s, label.clone()))
        })
        .collect()
}

/// The numbers of a rule's sentences in order, with what each counts (a
/// unit up to `gap` short words after the number, [`counted`]). Reading by
/// place compares whole rules and takes only the unit right after; a
/// quote's sentence is one statement, where "2 or more players" counts
/// players.
fn numbers(sentences: &[String], lw: &Folded, gap: usize) -> Vec<Number> {
    let mut out = Vec::new();
    for (s, sentence) in sentences.iter().enumerate() {
        let tokens = tokenize(sentence, lw);
        for (k, t) in tokens.iter().enumerate() {
            if let Token::Number(n) = t {
                out.push((*n, counted(&tokens, k, lw, gap), s, String::new()));
            }
        }
    }
    out
}

/// What the number at `k` counts: the sign after it, or the first unit
/// word after it with at most `gap` short words between ("2 or more
/// players", "90 (a menej) sekúnd"); a longer word or another number first
/// ends the search ("5 Karten-Hand" counts no hands).
fn counted(tokens: &[Token], k: usize, lw: &Folded, gap: usize) -> Option<Counts> {
    for (at, t) in tokens.iter().skip(k + 1).take(gap + 1).enumerate() {
        match t {
            Token::Sign(c) if at == 0 => return Some(Counts::Sign(*c)),
            Token::Word(w) => match lw.unit(w) {
                Some(Unit::Percent) => return Some(Counts::Sign('%')),
                Some(unit) => return Some(Counts::Unit(unit)),
                None if w.chars().count() <= SHORT_WORD => {}
                None => return None,
            },
            _ => return None,
        }
    }
    None
}

/// How many short words may stand between a number and its unit in a
/// quote's sentence, and how long a short word is (the languages' "or
/// more", "oder mehr", "a menej").
const UNIT_GAP: usize = 2;
const SHORT_WORD: usize = 5;

/// A sentence's clauses, for aligning a quote with the words that state
/// it: split after a semicolon and before a part label printed inside the
/// sentence ("… entweder A) beliebige zwei … oder B) drei …").
fn clauses(sentence: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = sentence.char_indices().collect();
    let mut start = 0;
    for (k, &(at, c)) in chars.iter().enumerate() {
        let next = |n: usize| chars.get(k + n).map(|(_, c)| *c);
        let cut = if c == ';' && next(1) == Some(' ') {
            Some(at + 1)
        } else if c == ' '
            && next(1).is_some_and(|l| l.is_ascii_uppercase() || l.is_ascii_digit())
            && next(2) == Some(')')
            && next(3).is_none_or(|n| n == ' ')
        {
            Some(at)
        } else {
            None
        };
        if let Some(cut) = cut {
            let piece = sentence[start..cut].trim();
            if !piece.is_empty() {
                out.push(piece.to_string());
            }
            start = cut;
        }
    }
    let rest = sentence[start..].trim();
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out
}

/// A whole text tokenised as [`recognise`] reads rules, for asking which
/// phrases it contains ([`Text::contains`]).
pub struct Text(Vec<Vec<Token>>);

impl Text {
    /// `text`'s sentences, their numbers read with a language's words.
    pub fn new(text: &str, lw: &Folded) -> Text {
        Text(sentences(text).iter().map(|s| tokenize(s, lw)).collect())
    }

    /// Whether `phrase` (written as the cue file writes phrases) matches
    /// somewhere in the text.
    pub fn contains(&self, phrase: &str, lw: &Folded) -> bool {
        find(phrase, &self.0, lw).is_some()
    }
}

/// A text's sentences: its lines, split after a full stop before a
/// capital.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        let mut start = 0;
        let bytes: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(at, c)) in bytes.iter().enumerate() {
            if matches!(c, '.' | '!' | '?' | ';')
                && bytes.get(k + 1).is_some_and(|(_, n)| *n == ' ')
                && bytes.get(k + 2).is_some_and(|(_, n)| n.is_uppercase())
            {
                out.push(line[start..=at].trim().to_string());
                start = at + 1;
            }
        }
        let rest = line[start..].trim();
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
    }
    out
}

/// The tokens of a sentence: words folded, numbers (digits, "2.000", or a
/// number word) as numbers, `%` and `€` as signs.
fn tokenize(text: &str, lw: &Folded) -> Vec<Token> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut digits = String::new();
            while i < chars.len() {
                if chars[i].is_ascii_digit() {
                    digits.push(chars[i]);
                    i += 1;
                } else if matches!(chars[i], '.' | ',')
                    && chars
                        .get(i + 1..i + 4)
                        .is_some_and(|g| g.iter().all(char::is_ascii_digit))
                    && chars.get(i + 4).is_none_or(|n| !n.is_ascii_digit())
                {
                    i += 1;
                } else {
                    break;
                }
            }
            if let Ok(n) = digits.parse() {
                out.push(Token::Number(n));
            }
            continue;
        }
        if c.is_alphanumeric() {
            let mut word = String::new();
            while i < chars.len() && chars[i].is_alphanumeric() && !chars[i].is_ascii_digit() {
                word.push(chars[i]);
                i += 1;
            }
            let folded = crate::text::fold(&word).trim().to_string();
            let rest = chars.get(i..).unwrap_or(&[]);
            // "einen 10-Sekunden Countdown": an article before a number is
            // no number.
            let next_digit = rest
                .iter()
                .find(|c| !c.is_whitespace())
                .is_some_and(char::is_ascii_digit);
            // "een minuut": an article before a unit of time is one ("een
            // speler" is a player, not one).
            let next_word: String = rest
                .iter()
                .skip_while(|c| c.is_whitespace())
                .take_while(|c| c.is_alphanumeric())
                .collect();
            let before_time = matches!(
                lw.unit(crate::text::fold(&next_word).trim()),
                Some(Unit::Seconds | Unit::Minutes)
            );
            match lw.number(&folded, before_time) {
                Some(n) if !next_digit => out.push(Token::Number(n)),
                _ => {
                    if lw.one_unit(&folded) && !matches!(out.last(), Some(Token::Number(_))) {
                        out.push(Token::Number(1));
                    }
                    out.push(Token::Word(folded));
                }
            }
            continue;
        }
        if matches!(c, '%' | '€') {
            out.push(Token::Sign(c));
        }
        i += 1;
    }
    out
}

/// A phrase as its parts.
fn phrase(text: &str) -> Vec<Part> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        match word {
            "#" => out.push(Part::Slot),
            "..." => out.push(Part::Gap),
            "%" => out.push(Part::Sign('%')),
            "€" => out.push(Part::Sign('€')),
            _ => {
                if let Some(n) = word.strip_prefix('=').and_then(|n| n.parse().ok()) {
                    out.push(Part::Literal(n));
                    continue;
                }
                let (stem, prefix) = match word.strip_suffix('*') {
                    Some(s) => (s, true),
                    None => (word, false),
                };
                let folded = crate::text::fold(stem);
                let pieces: Vec<&str> = folded.split_whitespace().collect();
                let last = pieces.len().saturating_sub(1);
                for (k, piece) in pieces.iter().enumerate() {
                    out.push(if prefix && k == last {
                        Part::Prefix((*piece).to_string())
                    } else {
                        Part::Exact((*piece).to_string())
                    });
                }
            }
        }
    }
    out
}

/// Where `parts` match `tokens` from `at`: the number read (the slot's, or
/// the literal), if it matches, and where the match ends.
fn match_at(
    parts: &[Part],
    tokens: &[Token],
    at: usize,
    words: &Folded,
) -> Option<(Option<u32>, usize)> {
    let Some((first, rest)) = parts.split_first() else {
        return Some((None, at));
    };
    match first {
        Part::Gap => {
            for skip in 0..=8 {
                if let Some(n) = match_at(rest, tokens, at + skip, words) {
                    return Some(n);
                }
            }
            None
        }
        Part::Literal(n) => {
            match_at(rest, tokens, at, words).map(|(inner, end)| (inner.or(Some(*n)), end))
        }
        _ => {
            let token = tokens.get(at)?;
            let (ok, number) = match (first, token) {
                (Part::Slot, Token::Number(n)) => (true, Some(*n)),
                (Part::Exact(w), Token::Word(t)) => (w == t, None),
                (Part::Exact(w), Token::Number(n)) => (
                    words.phrase_number(w) == Some(*n) || w.parse::<u32>().ok() == Some(*n),
                    None,
                ),
                (Part::Prefix(w), Token::Word(t)) => (t.starts_with(w.as_str()), None),
                (Part::Sign(a), Token::Sign(b)) => (a == b, None),
                _ => (false, None),
            };
            if !ok {
                return None;
            }
            let (inner, end) = match_at(rest, tokens, at + 1, words)?;
            Some((number.or(inner), end))
        }
    }
}

/// The first sentence (by index) and start where `text` matches, with the
/// number read.
fn find(text: &str, tokens: &[Vec<Token>], lw: &Folded) -> Option<(usize, Option<u32>)> {
    let parts = phrase(text);
    if parts.is_empty() {
        return None;
    }
    for (s, sentence) in tokens.iter().enumerate() {
        for at in 0..sentence.len() {
            if let Some((n, _)) = match_at(&parts, sentence, at, lw) {
                return Some((s, n));
            }
        }
    }
    None
}

/// Every place `text` matches: (sentence, start, end, number).
fn find_all(
    text: &str,
    tokens: &[Vec<Token>],
    lw: &Folded,
) -> Vec<(usize, usize, usize, Option<u32>)> {
    let parts = phrase(text);
    let mut out = Vec::new();
    if parts.is_empty() {
        return out;
    }
    for (s, sentence) in tokens.iter().enumerate() {
        for at in 0..sentence.len() {
            if let Some((n, end)) = match_at(&parts, sentence, at, lw) {
                out.push((s, at, end, n));
            }
        }
    }
    out
}

fn phrases(by: &BTreeMap<Lang, Vec<String>>, lang: Lang) -> &[String] {
    by.get(&lang).map_or(&[], Vec::as_slice)
}

/// One parameter's value in the sentences, and the sentence it is in.
fn read(
    cue: &ParamCue,
    lang: Lang,
    lc: &Folded,
    tokens: &[Vec<Token>],
) -> Option<(serde_json::Value, usize)> {
    let topic = phrases(&cue.topic, lang);
    let topic_at = topic
        .iter()
        .find_map(|p| find(p, tokens, lc))
        .map(|(s, _)| s);
    if !cue.topic.is_empty() && topic_at.is_none() {
        return None;
    }
    for p in phrases(&cue.number, lang) {
        if let Some((s, Some(n))) = find(p, tokens, lc) {
            return Some((serde_json::Value::from(n), s));
        }
    }
    let list = phrases(&cue.numbers, lang);
    if !list.is_empty() {
        let mut hits: Vec<(usize, usize, u32)> = list
            .iter()
            .flat_map(|p| find_all(p, tokens, lc))
            .filter_map(|(s, at, _, n)| n.map(|n| (s, at, n)))
            .collect();
        hits.sort();
        let mut values: Vec<u32> = Vec::new();
        for (_, _, n) in &hits {
            if !values.contains(n) {
                values.push(*n);
            }
        }
        if let Some(first) = hits.first() {
            return Some((serde_json::Value::from(values), first.0));
        }
    }
    for v in &cue.one_of {
        if let Some((s, _)) = v.phrases(lang).iter().find_map(|p| find(p, tokens, lc)) {
            return Some((v.value.clone(), s));
        }
    }
    if let (Some(value), Some(s)) = (&cue.otherwise, topic_at) {
        return Some((value.clone(), s));
    }
    if !cue.all_of.is_empty() {
        let mut items: Vec<((usize, usize), serde_json::Value)> = Vec::new();
        for (k, v) in cue.all_of.iter().enumerate() {
            let first = v
                .phrases(lang)
                .iter()
                .flat_map(|p| find_all(p, tokens, lc))
                .map(|(s, at, _, _)| (s, at))
                .min();
            if let Some(place) = first {
                items.push((if cue.text_order { place } else { (k, 0) }, v.value.clone()));
            }
        }
        items.sort_by_key(|(place, _)| *place);
        let sentence = items.first().map(|((s, _), _)| *s);
        if let Some(s) = sentence {
            let s = if cue.text_order { s } else { 0 };
            return Some((
                serde_json::Value::Array(items.into_iter().map(|(_, v)| v).collect()),
                s,
            ));
        }
    }
    None
}

/// A parameter read: key, value, sentence.
type Reading = (String, Value, String);

/// A parameter left open: key, the values the words allow, sentence.
type Open = (String, Vec<Value>, String);

/// The clock: the seconds a player has and the countdown. "25 seconds plus
/// a 5 second countdown" and "25 seconds, then counted down from 5 to 0"
/// are 30 seconds in all; "30 seconds, the last 5 counted down" is 30;
/// "1 minute" is 60.
/// Where the words that tell the two apart are not read — a second number
/// of seconds after the time, or no countdown at all where the known
/// editions (`known_countdown`) count one — the total is left open
/// (key, readings, sentence), not guessed.
fn clock(
    sentences: &[String],
    tokens: &[Vec<Token>],
    lc: &LangCues,
    lw: &Folded,
    known_countdown: bool,
) -> (Vec<Reading>, Option<Open>) {
    // A book's own words for a countdown, or the language's (the
    // vocabulary's meaning `countdown`, no book's: "afgeteld").
    let is_countdown = |t: &Token| match t {
        Token::Word(w) => {
            lc.countdown_words
                .iter()
                .any(|c| w.starts_with(crate::text::fold(c).trim()))
                || lw.meaning(w) == Some(COUNTDOWN)
        }
        _ => false,
    };
    // A book's own words for "the last", or the language's (the
    // vocabulary's meaning `last`, no book's).
    let is_last = |t: &Token| match t {
        Token::Word(w) => {
            lc.last_words
                .iter()
                .any(|c| crate::text::fold(c).trim() == w)
                || lw.meaning(w) == Some(LAST)
        }
        _ => false,
    };
    // Every number of the rule with what stands around it.
    let mut time: Option<(u32, usize)> = None;
    let mut countdown: Option<(u32, bool, usize)> = None;
    // A later number of seconds that no countdown word explains.
    let mut other: Option<(u32, usize)> = None;
    for (s, sentence) in tokens.iter().enumerate() {
        for (k, t) in sentence.iter().enumerate() {
            let Token::Number(said) = t else { continue };
            // "1 minute" is 60 seconds: a time in minutes counts as its
            // seconds, so the clock is never read as the practice's 30.
            let per = match sentence.get(k + 1) {
                Some(Token::Word(w)) => match lw.unit(w) {
                    Some(Unit::Seconds) => Some(1),
                    Some(Unit::Minutes) => Some(60),
                    _ => None,
                },
                _ => None,
            };
            let seconds = per.is_some();
            let Some(n) = said.checked_mul(per.unwrap_or(1)) else {
                continue;
            };
            let n = &n;
            let near_countdown = sentence[k.saturating_sub(4)..(k + 5).min(sentence.len())]
                .iter()
                .any(&is_countdown);
            let after_last = sentence[k.saturating_sub(2)..k].iter().any(&is_last);
            match time {
                None if seconds && !near_countdown && !after_last => time = Some((*n, s)),
                Some(_) if countdown.is_none() && (near_countdown || after_last) && *n > 0 => {
                    countdown = Some((*n, after_last, s));
                }
                Some(_) if countdown.is_none() && other.is_none() && seconds && *n > 0 => {
                    other = Some((*n, s));
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    let Some((t, s)) = time else {
        return (out, None);
    };
    let both = |a: usize, b: usize| {
        if a == b {
            sentences[a].clone()
        } else {
            format!("{} {}", sentences[a], sentences[b])
        }
    };
    match (countdown, other) {
        (Some((c, after_last, cs)), _) => {
            let total = if after_last { t } else { t + c };
            let sentence = if after_last {
                sentences[s].clone()
            } else {
                both(s, cs)
            };
            out.push(("clock_seconds".to_string(), Value::from(total), sentence));
            out.push((
                "clock_countdown".to_string(),
                Value::from(c),
                sentences[cs].clone(),
            ));
        }
        (None, Some((c, cs))) => {
            let readings = vec![Value::from(t), Value::from(t + c)];
            return (
                out,
                Some(("clock_seconds".to_string(), readings, both(s, cs))),
            );
        }
        (None, None) if known_countdown => {
            return (
                out,
                Some((
                    "clock_seconds".to_string(),
                    vec![Value::from(t)],
                    sentences[s].clone(),
                )),
            );
        }
        (None, None) => {
            out.push((
                "clock_seconds".to_string(),
                Value::from(t),
                sentences[s].clone(),
            ));
        }
    }
    (out, None)
}

/// The vocabulary's meaning (`locales/language.yaml`) of the words that
/// say the final seconds are counted down ("the last 5 seconds").
const LAST: &str = "last";

/// The vocabulary's meaning of the words that name a countdown.
const COUNTDOWN: &str = "countdown";

/// The languages the rule names, in its order; none when it speaks of
/// somewhere else ("In the United States, English only; elsewhere the
/// house decides").
fn languages(sentences: &[String], lc: &LangCues, lw: &Folded) -> Vec<Reading> {
    let mut found: Vec<(usize, usize, String)> = Vec::new();
    for (s, sentence) in sentences.iter().enumerate() {
        let folded = format!(" {} ", crate::text::fold(sentence));
        let elsewhere = lc
            .elsewhere_words
            .iter()
            .any(|w| folded.contains(&format!(" {} ", crate::text::fold(w).trim())));
        if elsewhere {
            // The rule says what holds somewhere else: what holds here is
            // for a person to read.
            return Vec::new();
        }
        for (code, names) in lw.language_names() {
            for name in names {
                let needle = format!(" {} ", crate::text::fold(name).trim());
                if let Some(at) = folded.find(&needle)
                    && !found.iter().any(|(_, _, c)| c == code)
                {
                    found.push((s, at, code.clone()));
                }
            }
        }
    }
    found.sort();
    match found.first() {
        Some((s, _, _)) => vec![(
            "languages".to_string(),
            serde_json::Value::from(found.iter().map(|(_, _, c)| c.clone()).collect::<Vec<_>>()),
            sentences[*s].clone(),
        )],
        None => Vec::new(),
    }
}

/// What a piece of text carries for aligning it with a sentence of
/// another edition, in any language: the meanings of its words
/// (`vocabulary`), the concepts whose lexicon terms it holds (`c:`), its
/// longer words as written (`w:`: the game's loanwords, "button",
/// "riffle", are the same in every language) and its numbers (`#2`); the
/// label of the part it stands in (`l:B`) is added by the caller.
fn features(tokens: &[Token], lw: &Folded, terms: &[(Vec<String>, &str)]) -> BTreeSet<String> {
    let mut out = meanings(tokens, lw);
    let words: Vec<&str> = tokens
        .iter()
        .filter_map(|t| match t {
            Token::Word(w) => Some(w.as_str()),
            _ => None,
        })
        .collect();
    for w in &words {
        if w.chars().count() >= 5 {
            out.insert(format!("w:{w}"));
        }
    }
    for (term, concept) in terms {
        if !term.is_empty() && words.windows(term.len()).any(|run| run == term.as_slice()) {
            out.insert(format!("c:{concept}"));
        }
    }
    out
}

/// How much of a known quote's features (`quote`) a sentence carries: the
/// features both have, and their share of the quote's. A word as written
/// counts against the share only where the sentence has it too: words of
/// another language are not missing, they are translated.
fn coverage(quote: &BTreeSet<String>, sentence: &BTreeSet<String>) -> (usize, f32) {
    let shared = quote.intersection(sentence).count();
    let weighed = quote
        .iter()
        .filter(|f| !f.starts_with("w:") || sentence.contains(*f))
        .count();
    #[allow(clippy::cast_precision_loss)]
    let share = shared as f32 / weighed.max(1) as f32;
    (shared, share)
}

/// The least share of a known quote's features a sentence must carry to be
/// taken as the sentence that states the same, and the least count.
const ALIGN_SHARE: f32 = 0.5;
const ALIGN_SHARED: usize = 2;

/// One reading of a parameter in the book's rule: the value, the sentence
/// it stands in, and the known edition whose quote read it on strong
/// evidence.
type Aligned<'a> = (Value, usize, Option<&'a str>);

/// A known edition's quote of a parameter, with its rule's concept and
/// value, its numbers and its features.
struct Known<'a> {
    edition: &'a str,
    concept: &'a str,
    key: &'a str,
    item: Option<&'a str>,
    value: Value,
    numbers: Vec<Number>,
    /// Its numbers with only the unit right after each counted.
    tight: Vec<Number>,
    /// Its numbers with the meaning of the word each stands before
    /// ([`noun`]).
    nouns: Vec<(u32, Option<String>)>,
    features: BTreeSet<String>,
}

/// Parameters no phrase, place or meaning read, read in the sentence of
/// the book's rule that states what a known edition's rule of the same
/// concept states them with (the words its provision record quotes,
/// [`crate::import::knowledge::Quote`]). Each quote is aligned with the
/// book's sentence (or clause, [`clauses`]) that carries most of its features ([`features`]: the
/// meanings, lexicon concepts, loanwords and numbers both carry in their
/// languages); the value is read there: a number where the aligned
/// sentence has one number of what the quote's value counts; a choice by
/// which known value's quotes have features the sentence carries that no
/// other value's quotes have (several such are candidates); a list by
/// which items' quotes align. A value
/// is set only on strong evidence: the quotes of two known editions
/// aligned with the same sentence, on words (not a part label and a number
/// alone), with no other sentence carrying as much, and reading the same
/// value — a number that is the only one of the quote and of the sentence,
/// or a choice whose sentence carries two words of that value's quotes and
/// none of another known value's. Lists, and every weaker reading, are
/// points for a person with the aligned sentence and the candidates. A
/// known rule of the concept printed in the book's own words decides what
/// the rule states: a parameter it does not carry is not looked for.
pub fn by_quote(
    edition: &mut Edition,
    knowledge: &Knowledge,
    doubts: &mut [Doubt],
) -> (Vec<Found>, Vec<Doubt>) {
    let words = &knowledge.cues.words;
    let en = words.of(Lang::En);
    let terms: BTreeMap<Lang, Vec<(Vec<String>, &str)>> = Lang::ALL
        .into_iter()
        .map(|lang| {
            let lw = words.of(lang);
            let list = knowledge
                .terms
                .iter()
                .filter(|t| t.lang == lang)
                .map(|t| {
                    let run: Vec<String> = tokenize(&t.text, lw)
                        .into_iter()
                        .filter_map(|t| match t {
                            Token::Word(w) => Some(w),
                            _ => None,
                        })
                        .collect();
                    (run, t.concept.as_str())
                })
                .collect();
            (lang, list)
        })
        .collect();
    let no_terms = Vec::new();
    let terms_in = |l: Lang| terms.get(&l).unwrap_or(&no_terms);
    let mut known: Vec<Known> = Vec::new();
    for q in &knowledge.quotes {
        // Words an edition quotes for two parameters of a rule (a clock
        // that kills the hand whether a bet is faced or not) tell where
        // neither stands in a book that states them apart: aligned, they
        // would cite the sentence of the other.
        let shared = knowledge.quotes.iter().any(|o| {
            o.edition == q.edition && o.rule == q.rule && o.span == q.span && o.key != q.key
        });
        if shared {
            continue;
        }
        let Some(ed) = knowledge.editions.iter().find(|e| e.id == q.edition) else {
            continue;
        };
        let Some(rule) = ed.rules().find(|r| r.number == q.rule) else {
            continue;
        };
        let Some(value) = rule.params.to_map().remove(&q.key) else {
            continue;
        };
        let lw = words.of(ed.language);
        let tokens = tokenize(&q.span, lw);
        let mut features = features(&tokens, lw, terms_in(ed.language));
        // The part the quote stands in.
        let span = crate::text::fold(&q.span);
        let head: String = span.chars().take(40).collect();
        if let Some((_, label)) = labelled(rule).into_iter().find(|(s, _)| {
            let s = crate::text::fold(s);
            s.contains(&head) || span.contains(&s)
        }) && !label.is_empty()
        {
            features.insert(format!("l:{label}"));
        }
        known.push(Known {
            edition: ed.id.as_str(),
            concept: rule.concept.as_str(),
            key: q.key.as_str(),
            item: q.item.as_deref(),
            value,
            numbers: numbers(std::slice::from_ref(&q.span), lw, UNIT_GAP),
            tight: numbers(std::slice::from_ref(&q.span), lw, 0),
            nouns: nouns(&tokens, lw),
            features,
        });
    }
    let lists = known_lists(knowledge);
    let edition_lang = edition.language;
    let lw = words.of(edition_lang);
    let mine_terms = terms_in(edition_lang);
    let mut found = Vec::new();
    let mut open = Vec::new();
    for rule in edition.rules_mut() {
        if rule.kind == RuleKind::House {
            continue;
        }
        let here: Vec<&Known> = known.iter().filter(|k| k.concept == rule.concept).collect();
        if here.is_empty() {
            continue;
        }
        let (sentences, labels): (Vec<String>, Vec<String>) = labelled(rule)
            .into_iter()
            .flat_map(|(s, label)| clauses(&s).into_iter().map(move |c| (c, label.clone())))
            .unzip();
        let feats: Vec<BTreeSet<String>> = sentences
            .iter()
            .zip(&labels)
            .map(|(s, label)| {
                let mut f = features(&tokenize(s, lw), lw, mine_terms);
                if !label.is_empty() {
                    f.insert(format!("l:{label}"));
                }
                f
            })
            .collect();
        let have = rule.params.to_map();
        let keys: BTreeSet<&str> = here.iter().map(|k| k.key).collect();
        // A known rule of the concept printed in the book's words (the same
        // book, or a copy of it) says what the rule states: a parameter it
        // does not carry is not stated here.
        let mine_words = word_set(&rule.full_text());
        let twins: Vec<BTreeMap<String, Value>> = knowledge
            .editions
            .iter()
            .filter(|e| e.language == edition_lang)
            .flat_map(Edition::rules)
            .filter(|r| r.concept == rule.concept)
            .filter(|r| same_words(&mine_words, &word_set(&r.full_text())))
            .map(|r| r.params.to_map())
            .collect();
        // The book's sentence a quote aligns with, and whether it is sure:
        // no other sentence carries as much of it, and two of the features
        // both carry are words.
        let align = |k: &Known| -> Option<(usize, bool)> {
            let mut scored: Vec<(usize, (usize, f32))> = feats
                .iter()
                .enumerate()
                .map(|(s, f)| (s, coverage(&k.features, f)))
                .collect();
            scored.sort_by(|a, b| b.1.1.total_cmp(&a.1.1));
            let &(s, (shared, share)) = scored.first()?;
            if shared < ALIGN_SHARED || share < ALIGN_SHARE {
                return None;
            }
            // Alone, and on words: a label and a number alone do not tell
            // one clause of a list from the next.
            let words = feats.get(s).map_or(0, |f| {
                k.features
                    .intersection(f)
                    .filter(|x| !x.starts_with('#') && !x.starts_with("l:"))
                    .count()
            });
            let alone = scored.get(1).is_none_or(|(_, (_, next))| *next < share);
            Some((s, alone && words >= 2))
        };
        for key in keys {
            let left = doubts.iter().any(|d| d.rule == rule.number && d.key == key);
            let unstated = twins.iter().any(|t| !t.contains_key(key));
            let mine: Vec<&Known> = here.iter().copied().filter(|k| k.key == key).collect();
            if left
                && !have.contains_key(key)
                && !unstated
                && mine.iter().any(|k| k.value.is_array())
            {
                // A list left open on fewer items than the known quotes
                // align with offers those too, where they make a list a
                // known edition states: the person sees the whole list the
                // rule may state, not the part one reader knew.
                let known = lists.get(key).map_or(&[][..], Vec::as_slice);
                let wider = by_items(&mine, &align, known);
                let whole = |items: &Vec<Value>| {
                    known
                        .iter()
                        .any(|l| l.len() == items.len() && items.iter().all(|i| l.contains(i)))
                };
                if let Some((Value::Array(items), at, _)) = wider.into_iter().next()
                    && whole(&items)
                {
                    for d in doubts
                        .iter_mut()
                        .filter(|d| d.rule == rule.number && d.key == key)
                    {
                        let narrower = match d.readings.as_slice() {
                            [Value::Array(read)] => {
                                read.len() < items.len() && read.iter().all(|i| items.contains(i))
                            }
                            _ => false,
                        };
                        if narrower {
                            d.readings = vec![Value::Array(items.clone())];
                            d.sentence = sentences.get(at).cloned().unwrap_or_default();
                        }
                    }
                }
            }
            if have.contains_key(key) || left || unstated {
                continue;
            }
            let readings: Vec<Aligned> = if mine.iter().any(|k| k.value.is_array()) {
                by_items(&mine, &align, lists.get(key).map_or(&[][..], Vec::as_slice))
            } else {
                let mut out = Vec::new();
                for k in &mine {
                    let Some((s, alone)) = align(k) else {
                        continue;
                    };
                    let read: Vec<(Value, bool)> = match k.value.as_u64() {
                        Some(v) => number_at(v, k, sentences.get(s), lw).into_iter().collect(),
                        None => {
                            // Another value named in its own words (not in
                            // a concession) is no sentence to set this one
                            // by.
                            let here = sentences
                                .get(s)
                                .map(|t| said(&unconceded(t, lw), lw))
                                .unwrap_or_default();
                            feats
                                .get(s)
                                .map(|f| choice_at(key, f, &known))
                                .unwrap_or_default()
                                .into_iter()
                                .map(|(v, strong)| {
                                    let other = names_another(key, &v, &here, en);
                                    (v, strong && !other)
                                })
                                .collect()
                        }
                    };
                    for (value, strong) in read {
                        out.push(((value, s, (alone && strong).then_some(k.edition)), alone));
                    }
                }
                // The sentence quoted to a person is the one most quotes
                // single out (found alone), then the one most quotes find.
                let votes = |at: usize| {
                    let on = out.iter().filter(|((_, s, _), _)| *s == at);
                    let alone = on.clone().filter(|(_, alone)| *alone).count();
                    (alone, on.count())
                };
                let mut ranked: Vec<((usize, usize), Aligned)> =
                    out.iter().map(|(a, _)| (votes(a.1), a.clone())).collect();
                ranked.sort_by_key(|r| std::cmp::Reverse(r.0));
                ranked.into_iter().map(|(_, a)| a).collect()
            };
            let Some((value, at, _)) = readings.first().cloned() else {
                continue;
            };
            let agree = readings.iter().all(|(v, s, _)| *v == value && *s == at);
            let strong: BTreeSet<&str> = readings.iter().filter_map(|(_, _, e)| *e).collect();
            let sentence = sentences.get(at).cloned().unwrap_or_default();
            if agree && strong.len() >= 2 && set(rule, key, &value) {
                found.push(Found {
                    key: key.to_string(),
                    value,
                    rule: rule.number.clone(),
                    sentence,
                });
                continue;
            }
            let mut candidates: Vec<Value> = Vec::new();
            for (v, _, _) in readings {
                if !candidates.contains(&v) {
                    candidates.push(v);
                }
            }
            open.push(Doubt {
                key: key.to_string(),
                rule: rule.number.clone(),
                readings: candidates,
                sentence,
            });
        }
    }
    (found, open)
}

/// The currencies a parameter's name may end in, with the sign a book
/// prints by the amount ("€50", "50 €").
const CURRENCIES: &[(&str, char)] = &[("eur", '€')];

/// The shortest word of a parameter's name that tells what it is about.
const NAME_WORD: usize = 3;

/// Number parameters that no phrase, place, meaning or quote read, read
/// by their own names: a key's last word names what its number counts
/// (`dealer_push_quiet_seconds`: seconds; `min_raise_multiple`: times, and
/// `minimum_age`: years, by the vocabulary's meaning; `max_buy_in_eur`: €)
/// and its other words
/// what the number is about. In the rule of the parameter's topic (a
/// house parameter's: any house rule), the sentences that speak of it —
/// carrying a meaning of one of those words, or the word itself as
/// written, inflected ("rebuys") or as the end of a compound
/// ("pokerpit": pit), or all of a
/// rule whose title does — print numbers of that unit (examples aside);
/// where they print exactly one value, that is the value. A parameter
/// whose reader left it open (`fixed`: a clock whose countdown may or may
/// not be in its time) is not read so, nor one a point offers another
/// value for; a point offering only that value is settled.
pub fn by_unit(
    edition: &mut Edition,
    knowledge: &Knowledge,
    doubts: &mut Vec<Doubt>,
    fixed: &BTreeSet<(String, String)>,
) -> Vec<Found> {
    let cues = &knowledge.cues;
    let en = cues.words.of(Lang::En);
    let lw = cues.words.of(edition.language);
    let no_stop = BTreeSet::new();
    let stop = knowledge.stop_words.get(&Lang::En).unwrap_or(&no_stop);
    let mut found = Vec::new();
    for rule in edition.rules_mut() {
        let house = rule.kind == RuleKind::House;
        let have = rule.params.to_map();
        let sentences: Vec<Vec<Token>> = labelled(rule)
            .iter()
            .map(|(s, _)| tokenize(s, lw))
            .collect();
        let texts: Vec<String> = labelled(rule).into_iter().map(|(s, _)| s).collect();
        let title = tokenize(&rule.title, lw);
        for (key, cue) in &cues.params {
            let Some(home) = Params::home(key) else {
                continue;
            };
            let in_scope = rule.concept == home
                || (house && rule.touches.iter().any(|t| t == home))
                || (house && cue.house);
            let open = fixed.contains(&(rule.number.clone(), key.clone()));
            if !in_scope || open || have.contains_key(key) || Params::choices(key).is_some() {
                continue;
            }
            let mut name: Vec<&str> = key.split('_').collect();
            let Some(last) = name.pop() else {
                continue;
            };
            let counts = match CURRENCIES.iter().find(|(c, _)| *c == last) {
                Some((_, sign)) => Counts::Sign(*sign),
                None => match en.unit_meant(last) {
                    Some(Unit::Percent) => Counts::Sign('%'),
                    Some(unit) => Counts::Unit(unit),
                    None => continue,
                },
            };
            let about: Vec<&str> = name
                .into_iter()
                .filter(|w| w.chars().count() >= NAME_WORD && !stop.contains(*w))
                .collect();
            let speaks = |tokens: &[Token]| {
                about.iter().any(|w| {
                    let meant = en.meaning(w);
                    tokens.iter().any(|t| match t {
                        Token::Word(x) => {
                            x.starts_with(w)
                                || x.ends_with(w)
                                || (meant.is_some() && lw.meaning(x) == meant)
                        }
                        _ => false,
                    })
                })
            };
            let titled = speaks(&title);
            let mut values: BTreeSet<u32> = BTreeSet::new();
            let mut at = None;
            for (s, tokens) in sentences.iter().enumerate() {
                if !titled && !speaks(tokens) {
                    continue;
                }
                for (k, t) in tokens.iter().enumerate() {
                    let Token::Number(n) = t else { continue };
                    let sign_before = k
                        .checked_sub(1)
                        .and_then(|p| tokens.get(p))
                        .is_some_and(|b| matches!((b, counts), (Token::Sign(a), Counts::Sign(c)) if *a == c && c != '%'));
                    if sign_before || counted(tokens, k, lw, UNIT_GAP) == Some(counts) {
                        values.insert(*n);
                        at.get_or_insert(s);
                    }
                }
            }
            let (Some(&n), 1, Some(at)) = (values.first(), values.len(), at) else {
                continue;
            };
            let value = Value::from(n);
            let point = doubts
                .iter()
                .position(|d| d.rule == rule.number && d.key == *key);
            if point
                .and_then(|p| doubts.get(p))
                .is_some_and(|d| d.readings != [value.clone()])
            {
                continue;
            }
            if set(rule, key, &value) {
                if let Some(p) = point {
                    doubts.remove(p);
                }
                found.push(Found {
                    key: key.clone(),
                    value,
                    rule: rule.number.clone(),
                    sentence: texts.get(at).cloned().unwrap_or_default(),
                });
            }
        }
    }
    found
}

/// Lists of table sizes (a list parameter whose key's last word is
/// players: `final_table_players`) no other reader read, read by the
/// players the rule of its topic counts at one table of the kind the key's
/// other words name (final), in the text's order: a number of players
/// ("with 10 players", "players 9") after a word for such a table ("the
/// final table starts with 10 players"), or a number said to be handed
/// before one ("to a 9-handed final table", not "9-handed tables"); a number standing
/// alone after the word that led such a size ("with 10 players, 8-handed
/// events with 9") counts the same. A table the sentence counts several of
/// ("two tables of five players each") is no table's size, nor a bound
/// ("never more than 10 players", "at least 3 players"). A parameter a
/// point holds is not read so.
pub fn by_table(edition: &mut Edition, knowledge: &Knowledge, doubts: &[Doubt]) -> Vec<Found> {
    let cues = &knowledge.cues;
    let en = cues.words.of(Lang::En);
    let lw = cues.words.of(edition.language);
    let mut found = Vec::new();
    for rule in edition.rules_mut() {
        let house = rule.kind == RuleKind::House;
        let have = rule.params.to_map();
        let texts: Vec<String> = labelled(rule).into_iter().map(|(s, _)| s).collect();
        for key in cues.params.keys() {
            let Some(home) = Params::home(key) else {
                continue;
            };
            let in_scope =
                rule.concept == home || (house && rule.touches.iter().any(|t| t == home));
            let left = doubts
                .iter()
                .any(|d| d.rule == rule.number && d.key == *key);
            let players = key
                .rsplit('_')
                .next()
                .is_some_and(|last| en.unit_meant(last) == Some(Unit::Players));
            if !in_scope || left || !players || have.contains_key(key) || !takes_list(key) {
                continue;
            }
            // The key's words for which table it counts ("final").
            let kinds: Vec<&str> = key
                .split('_')
                .filter(|w| w.chars().count() >= NAME_WORD)
                .filter(|w| !matches!(en.meaning(w), Some("table" | "player")))
                .collect();
            let mut sizes: Vec<u32> = Vec::new();
            let mut at = None;
            for (s, text) in texts.iter().enumerate() {
                for n in table_sizes(&tokenize(text, lw), lw, &kinds) {
                    at.get_or_insert(s);
                    if !sizes.contains(&n) {
                        sizes.push(n);
                    }
                }
            }
            let Some(at) = at else {
                continue;
            };
            let value = Value::from(sizes);
            if set(rule, key, &value) {
                found.push(Found {
                    key: key.clone(),
                    value,
                    rule: rule.number.clone(),
                    sentence: texts.get(at).cloned().unwrap_or_default(),
                });
            }
        }
    }
    found
}

/// Whether parameter `key` takes a list of numbers.
fn takes_list(key: &str) -> bool {
    let mut one = serde_json::Map::new();
    one.insert(key.to_string(), Value::from(vec![2]));
    serde_json::from_value::<Params>(Value::Object(one)).is_ok()
}

/// Whether a folded word names a table, alone or as the end of a compound
/// ("finaletafel", "Finaltisch").
fn is_table(word: &str, lw: &Folded) -> bool {
    word.char_indices()
        .filter(|(at, _)| {
            *at == 0
                || word
                    .get(..*at)
                    .is_some_and(|w| w.chars().count() >= NAME_WORD)
        })
        .any(|(at, _)| word.get(at..).and_then(|w| lw.meaning(w)) == Some("table"))
}

/// The numbers of players a sentence counts at one table of the kind
/// `kinds` name ("final": "finaletafel", "finálový stôl"), see
/// [`by_table`], in its order.
fn table_sizes(tokens: &[Token], lw: &Folded, kinds: &[&str]) -> Vec<u32> {
    let word = |k: usize| match tokens.get(k) {
        Some(Token::Word(w)) => Some(w.as_str()),
        _ => None,
    };
    let kind = |k: Option<usize>| {
        k.and_then(word)
            .is_some_and(|w| kinds.iter().any(|q| w.starts_with(q)))
    };
    let table = |k: usize| {
        word(k).is_some_and(|w| is_table(w, lw)) && (kind(Some(k)) || kind(k.checked_sub(1)))
    };
    let means = |k: usize, m: &str| word(k).is_some_and(|w| lw.meaning(w) == Some(m));
    let back = |k: usize, b: usize| k.checked_sub(b);
    // A table counted several: a number greater than one just before it.
    let several = |k: usize| {
        (1..=2)
            .filter_map(|b| back(k, b))
            .any(|p| matches!(tokens.get(p), Some(Token::Number(n)) if *n > 1))
    };
    let mut sizes = Vec::new();
    let mut leads: Vec<&str> = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let Token::Number(n) = t else { continue };
        if means(i + 1, "handed") && table(i + 2) {
            sizes.push(*n);
            continue;
        }
        let before = back(i, 1).and_then(word);
        let unit = counted(tokens, i, lw, UNIT_GAP);
        // No word of its own follows it (an abbreviation's letter aside).
        let alone = unit.is_none()
            && !matches!(tokens.get(i + 1), Some(Token::Word(w)) if w.chars().count() > 1);
        let of_players = unit == Some(Counts::Unit(Unit::Players))
            || (alone && before.is_some_and(|w| lw.unit(w) == Some(Unit::Players)))
            || (alone && before.is_some_and(|w| leads.contains(&w)));
        let bound = (1..=2)
            .filter_map(|b| back(i, b))
            .any(|p| ["more", "less", "minimum"].iter().any(|m| means(p, m)));
        let at_table = (0..i)
            .rev()
            .find(|&k| word(k).is_some_and(|w| is_table(w, lw)))
            .is_some_and(|k| table(k) && !several(k));
        if of_players && at_table && !bound {
            sizes.push(*n);
            leads.extend(before);
        }
    }
    sizes
}

/// Yes/no parameters no other reader read, read by their own names: in a
/// rule of the parameter's topic, a sentence that carries every meaning of
/// the key's words (read as English: `count_request_in_turn` is count,
/// request, turn; two at least, and every word of the name the vocabulary
/// knows), or of the key's gloss in the language file (request, count,
/// facing, action), states it. Where no word of that sentence says "no" (the
/// language's `negations`), it is set to yes; a sentence that also says "no"
/// ("not only in turn", "regardless of whose turn") is a point for a
/// person with both readings. A parameter a point already holds, or whose
/// name says fewer meanings, is not read so. A type of one value
/// (`hi_lo_identical`: even-split) is read so by the value's name: the
/// words tell whether the rule states it, not which value.
pub fn by_name(
    edition: &mut Edition,
    knowledge: &Knowledge,
    doubts: &[Doubt],
) -> (Vec<Found>, Vec<Doubt>) {
    let cues = &knowledge.cues;
    let en = cues.words.of(Lang::En);
    let lw = cues.words.of(edition.language);
    let mut found = Vec::new();
    let mut open = Vec::new();
    for rule in edition.rules_mut() {
        let house = rule.kind == RuleKind::House;
        let have = rule.params.to_map();
        let texts: Vec<String> = labelled(rule).into_iter().map(|(s, _)| s).collect();
        for key in cues.params.keys() {
            let Some(home) = Params::home(key) else {
                continue;
            };
            let (names, value) = match Params::choices(key) {
                Some(["true", "false"]) => (yes_names(key, en), Value::Bool(true)),
                Some([one]) => (vec![name_meanings(one, en)], Value::from(*one)),
                _ => continue,
            };
            let in_scope =
                rule.concept == home || (house && rule.touches.iter().any(|t| t == home));
            let left = doubts
                .iter()
                .any(|d| d.rule == rule.number && d.key == *key);
            if !in_scope || left || have.contains_key(key) {
                continue;
            }
            let Some(sentence) = texts.iter().find(|s| states_by_name(&names, s, lw)) else {
                continue;
            };
            let negated = negates(sentence, lw);
            if negated {
                let readings = if value.is_boolean() {
                    vec![Value::Bool(true), Value::Bool(false)]
                } else {
                    vec![value]
                };
                open.push(Doubt {
                    key: key.clone(),
                    rule: rule.number.clone(),
                    readings,
                    sentence: sentence.clone(),
                });
                continue;
            }
            if set(rule, key, &value) {
                found.push(Found {
                    key: key.clone(),
                    value,
                    rule: rule.number.clone(),
                    sentence: sentence.clone(),
                });
            }
        }
    }
    (found, open)
}

/// The names a yes/no key is stated by: its own words ("count request in
/// turn"), and every gloss the language file gives it ("in turn": facing
/// the action).
fn yes_names(key: &str, en: &Folded) -> Vec<BTreeSet<String>> {
    let mut names = vec![name_meanings(&key.replace('_', " "), en)];
    names.extend(en.glosses(key).iter().map(|g| said(&tokenize(g, en), en)));
    names
}

/// Whether a sentence carries every meaning of one of `names` (two at
/// least).
fn states_by_name(names: &[BTreeSet<String>], sentence: &str, lw: &Folded) -> bool {
    let said = said(&tokenize(sentence, lw), lw);
    names
        .iter()
        .any(|name| name.len() >= 2 && name.is_subset(&said))
}

/// Whether a word of the sentence says "no".
fn negates(sentence: &str, lw: &Folded) -> bool {
    tokenize(sentence, lw)
        .iter()
        .any(|t| matches!(t, Token::Word(w) if lw.negates(w)))
}

/// A yes point settled by its rule's own words: a sentence of the rule of
/// the key's topic states it by its name or a gloss ([`yes_names`]), and
/// no sentence that so states it says "no". The sentence that states it.
fn yes_in_rule(edition: &Edition, d: &Doubt, lw: &Folded, en: &Folded) -> Option<String> {
    if d.readings != [Value::Bool(true)]
        || !matches!(Params::choices(&d.key), Some(["true", "false"]))
    {
        return None;
    }
    let rule = edition.rule(&d.rule)?;
    if Some(rule.concept.as_str()) != Params::home(&d.key) {
        return None;
    }
    let names = yes_names(&d.key, en);
    let stating: Vec<String> = labelled(rule)
        .into_iter()
        .map(|(s, _)| s)
        .filter(|s| states_by_name(&names, s, lw))
        .collect();
    if stating.iter().any(|s| negates(s, lw)) {
        return None;
    }
    stating.into_iter().next()
}

/// Points for a person with one candidate that the sentence they quote
/// states beyond doubt, set. For a choice (one value of a type's
/// several), read in the vocabulary's meanings (`locales/language.yaml`,
/// the same in every language): the sentence carries every meaning of
/// the value's own name (its id's words read as English:
/// first-left-of-button is first, left, button) and, where two known
/// editions quote the value (no one translator's words decide), every
/// meaning their quotes have in common; two meanings at least, so a room
/// that changed the value ("right" for "left") keeps the point; and no
/// meaning that only another value of the type has, in its name or its
/// known quotes — or, where a word of another value's name stands in the
/// sentence too, [`sure_by_pairs`]. Of several candidates, one is set where it alone is sure
/// so and each other is refuted by its own words ([`sure_among`]). A
/// yes/no is never set so: the word that says "no" is no meaning of the
/// vocabulary. A list is set where its items' own names
/// decide every item of the type ([`listed`]) and name at least the
/// point's, or where every item of the type is in it exactly where a
/// clause of the rule carries what all its known wordings share, an item
/// read that a meaning only its wordings share refutes dropped, and a
/// known edition states the list or one it is part of
/// ([`sure_by_wordings`]). A number is set where every known edition that states the
/// parameter states it (two at least) and the sentence prints it as their
/// quotes do, carrying every meaning they share (two at least; where they
/// share fewer, every meaning two of them carry): a room that changed it
/// prints another. A number point its own sentence does not settle is
/// settled by another sentence of its rule that does ([`sure_elsewhere`]).
/// Returns what was set; the points set leave `doubts`.
pub fn decide(edition: &mut Edition, knowledge: &Knowledge, doubts: &mut Vec<Doubt>) -> Vec<Found> {
    let words = &knowledge.cues.words;
    let en = words.of(Lang::En);
    let known = Quoted::of(knowledge);
    let lw = words.of(edition.language);
    let mut found = Vec::new();
    let mut kept = Vec::new();
    for mut d in doubts.drain(..) {
        // A list read anew by its items' names, or the one candidate of
        // several the sentence states, where that decides it.
        let mut listing: Option<Value> = implied(edition, &d);
        // A choice point quoting a sentence outside the parts of its rule
        // that speak of the parameter is not settled by that sentence.
        let astray = d.readings.iter().all(Value::is_string)
            && edition.rule(&d.rule).is_some_and(|r| {
                in_rule(r, &d.sentence)
                    && topic_sentences(r, &d.key, lw, en)
                        .is_some_and(|topic| !topic.iter().any(|t| quotes(t, &d.sentence)))
            });
        let mut sure = listing.is_some()
            || !astray
                && match d.readings.as_slice() {
                    [Value::String(id)] => {
                        sure_choice(&known, &d, id, lw, en)
                            || other_outcome(edition, &d, id, lw, en)
                    }
                    [Value::Array(items)] => {
                        listing = sure_list(&known, &d, items, edition, lw, en)
                            .or_else(|| sure_by_wordings(&known, &d, items, edition, lw));
                        listing.is_some()
                    }
                    [Value::Number(n)] => sure_number(&known, &d, n.as_u64(), lw),
                    [_, _, ..] => {
                        listing = sure_among(&known, &d, lw, en);
                        listing.is_some()
                    }
                    _ => false,
                };
        if !sure
            && let Some(sentence) =
                sure_elsewhere(&known, &d, edition, lw).or_else(|| yes_in_rule(edition, &d, lw, en))
        {
            d.sentence = sentence;
            sure = true;
        }
        if !sure
            && let Some((value, sentence)) =
                denied(&d, lw, en).or_else(|| named_in_rule(edition, &d, lw, en))
        {
            listing = Some(value);
            d.sentence = sentence;
            sure = true;
        }
        let home = Params::home(&d.key);
        let rule = edition
            .rules_mut()
            .find(|r| r.number == d.rule && Some(r.concept.as_str()) == home);
        let value = listing.unwrap_or_else(|| d.readings.first().cloned().unwrap_or_default());
        if sure && rule.is_some_and(|rule| set(rule, &d.key, &value)) {
            found.push(Found {
                key: d.key,
                value,
                rule: d.rule,
                sentence: d.sentence,
            });
        } else {
            kept.push(with_named(d, &known, edition, lw, en));
        }
    }
    *doubts = kept;
    found
}

/// The vocabulary's meaning of the words that make an exception ("except
/// between the small blind and the button").
const EXCEPT: &str = "except";

/// How near the meanings of a value's name must stand to name it: a
/// window of this many words of one sentence or clause.
const NAME_WINDOW: usize = 6;

/// What a value denies, where its gloss says "not" or "never": the first
/// meaning after the word that says no ("never seated between the small
/// blind and the button": seat).
fn denial(id: &str, en: &Folded) -> Option<String> {
    let tokens = tokenize(en.gloss(id)?, en);
    let at = tokens
        .iter()
        .position(|t| matches!(t, Token::Word(w) if en.negates(w)))?;
    tokens.get(at + 1..)?.iter().find_map(|t| match t {
        Token::Word(w) => en.meaning(w).map(str::to_string),
        _ => None,
    })
}

/// A choice point whose values deny different things ([`denial`]: "not
/// dealt in", "never seated") settled by what the sentence's own "not" or
/// "except" bears on: the first word after it (else the nearest before it,
/// within [`MEANING_WINDOW`] words) that means one of the things denied.
/// Every such word of the sentence must bear on the same thing; of the
/// values that deny it, the one whose name the sentence carries (a value
/// narrower than another so carried is that one's words) is set.
fn denied(d: &Doubt, lw: &Folded, en: &Folded) -> Option<(Value, String)> {
    let domain = Params::choices(&d.key)?;
    if !d.readings.iter().all(Value::is_string) {
        return None;
    }
    let denials: Vec<(&str, String)> = domain
        .iter()
        .map(|v| denial(v, en).map(|m| (*v, m)))
        .collect::<Option<_>>()?;
    let kinds: BTreeSet<&str> = denials.iter().map(|(_, m)| m.as_str()).collect();
    if kinds.len() < 2 {
        return None;
    }
    let tokens = tokenize(&d.sentence, lw);
    let kind = |t: &Token| match t {
        Token::Word(w) => lw.meaning(w).filter(|m| kinds.contains(m)),
        _ => None,
    };
    let mut borne: BTreeSet<&str> = BTreeSet::new();
    for (at, t) in tokens.iter().enumerate() {
        let Token::Word(w) = t else { continue };
        if !lw.negates(w) && lw.meaning(w) != Some(EXCEPT) {
            continue;
        }
        let after = tokens.iter().skip(at + 1).take(MEANING_WINDOW);
        let before = tokens
            .get(at.saturating_sub(MEANING_WINDOW)..at)
            .unwrap_or(&[])
            .iter()
            .rev();
        if let Some(m) = after
            .filter_map(kind)
            .next()
            .or_else(|| before.filter_map(kind).next())
        {
            borne.insert(m);
        }
    }
    let [denied] = borne.into_iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let sentence = said(&tokens, lw);
    let carried: Vec<&str> = denials
        .iter()
        .filter(|(v, m)| m == denied && name_meanings(v, en).is_subset(&sentence))
        .map(|(v, _)| *v)
        .collect();
    let widest: Vec<&str> = carried
        .iter()
        .copied()
        .filter(|v| !carried.iter().any(|o| o != v && narrower(v, o, en)))
        .collect();
    let [chosen] = widest[..] else {
        return None;
    };
    Some((Value::from(chosen), d.sentence.clone()))
}

/// A choice point settled by the values' own names in its rule: of every
/// value of the type, one alone is named in the rule's sentences and
/// clauses (every meaning of its name, or gloss, within [`NAME_WINDOW`]
/// words; a value narrower than another named is that one's words), and
/// in the sentence that names it every other value is refuted by its own
/// words ([`refuted_by_name`]). A name of one meaning names a value only
/// where every other value's name says more in the same words (the
/// smaller bet, not the pot): their own words, absent, tell it apart; a
/// type of one value needs two. The candidates the point offers do not
/// limit it: they were read by other books' words, the value by its own.
fn named_in_rule(
    edition: &Edition,
    d: &Doubt,
    lw: &Folded,
    en: &Folded,
) -> Option<(Value, String)> {
    let domain = Params::choices(&d.key)?;
    if domain == ["true", "false"] || !d.readings.iter().all(Value::is_string) {
        return None;
    }
    let rule = edition.rule(&d.rule)?;
    // A point quoting words its rule does not print is read in them alone.
    let sentences = if in_rule(rule, &d.sentence) {
        topic_sentences(rule, &d.key, lw, en)
            .unwrap_or_else(|| labelled(rule).into_iter().map(|(s, _)| s).collect())
    } else {
        vec![d.sentence.clone()]
    };
    let pieces: Vec<String> = sentences
        .into_iter()
        .flat_map(|s| {
            let mut all = clauses(&s);
            if all.len() > 1 {
                all.push(s);
            }
            all
        })
        .collect();
    let mut named: Vec<(&str, usize)> = Vec::new();
    for (k, piece) in pieces.iter().enumerate() {
        let meant = meant(&[tokenize(piece, lw)], lw);
        for v in domain {
            let name = name_meanings(v, en);
            if !name.is_empty()
                && !named.iter().any(|(x, _)| x == v)
                && window_of(&name, &meant, NAME_WINDOW).is_some()
            {
                named.push((v, k));
            }
        }
    }
    let widest: Vec<(&str, usize)> = named
        .iter()
        .copied()
        .filter(|(v, _)| !named.iter().any(|(o, _)| o != v && narrower(v, o, en)))
        .collect();
    let [(chosen, at)] = widest[..] else {
        return None;
    };
    let name = name_meanings(chosen, en);
    let others: Vec<&str> = domain.iter().copied().filter(|o| *o != chosen).collect();
    let enough = if others.is_empty() {
        name.len() >= 2
    } else {
        name.len() >= 2 || others.iter().all(|o| narrower(chosen, o, en))
    };
    let piece = pieces.get(at)?;
    let sentence = said(&tokenize(piece, lw), lw);
    // A value narrower than the chosen one has no words of its own to
    // refute it by: its words are the chosen one's.
    let wider: Vec<&str> = others
        .iter()
        .copied()
        .filter(|o| !narrower(o, chosen, en))
        .collect();
    let alone = refuted_by_name(chosen, &others_and(chosen, &wider), &sentence, en);
    // The point's own sentence speaking of the value in part (a meaning
    // of its name no other value's name has, not all of them) may state it
    // otherwise.
    let point = said(&tokenize(&d.sentence, lw), lw);
    let theirs: BTreeSet<String> = others.iter().flat_map(|o| name_meanings(o, en)).collect();
    let own: BTreeSet<&String> = name.difference(&theirs).collect();
    let in_part = own.iter().any(|m| point.contains(*m)) && !name.is_subset(&point);
    (enough && alone && !in_part).then(|| (Value::from(chosen), piece.clone()))
}

/// The sentences of the parts of a rule that speak of parameter `key`:
/// those whose text carries every meaning of the key's own words (a pot
/// limit underbet's part, not the no-limit one's); `None` where the key's
/// words mean nothing or no part carries them all.
fn topic_sentences(
    rule: &crate::rules::Rule,
    key: &str,
    lw: &Folded,
    en: &Folded,
) -> Option<Vec<String>> {
    let topic = said(&tokenize(&key.replace('_', " "), en), en);
    if topic.is_empty() {
        return None;
    }
    let mut parts: Vec<(String, Vec<String>)> = Vec::new();
    let (mut inline, mut last) = (String::new(), String::new());
    for (sentence, label) in labelled(rule) {
        let top = label.split('.').next().unwrap_or_default().to_string();
        if top != last {
            inline.clear();
            last.clone_from(&top);
        }
        // A part whose label the text prints ("A: In no limit ...") starts
        // at its sentence.
        if let Some(l) = inline_label(&sentence) {
            inline = l;
        }
        let part = format!("{top}/{inline}");
        match parts.iter_mut().find(|(p, _)| *p == part) {
            Some((_, list)) => list.push(sentence),
            None => parts.push((part, vec![sentence])),
        }
    }
    let speaking: Vec<String> = parts
        .into_iter()
        .filter(|(_, list)| topic.is_subset(&said(&tokenize(&list.join(" "), lw), lw)))
        .flat_map(|(_, list)| list)
        .collect();
    (!speaking.is_empty()).then_some(speaking)
}

/// The label a sentence opens with, as a part's label is printed ("A:",
/// "B)").
fn inline_label(sentence: &str) -> Option<String> {
    let mut chars = sentence.chars();
    let label = chars.next().filter(char::is_ascii_uppercase)?;
    let mark = chars.next().filter(|c| matches!(c, ':' | ')'))?;
    chars
        .next()
        .filter(|c| c.is_whitespace())
        .map(|_| format!("{label}{mark}"))
}

/// Whether a rule prints `sentence` (in one of its sentences, or as
/// several of them).
fn in_rule(rule: &crate::rules::Rule, sentence: &str) -> bool {
    labelled(rule).iter().any(|(s, _)| quotes(s, sentence))
}

/// Whether `sentence` is (part of) `piece`, or holds it.
fn quotes(piece: &str, sentence: &str) -> bool {
    let sentence = sentence.trim();
    !sentence.is_empty() && (piece.contains(sentence) || sentence.contains(piece.trim()))
}

/// Whether a sentence's meanings (`said`) name a value of `key`'s type
/// other than `v` in that value's own words (every meaning of its name,
/// two at least) and do not so name `v`.
fn names_another(key: &str, v: &Value, said: &BTreeSet<String>, en: &Folded) -> bool {
    let (Some(domain), Some(v)) = (Params::choices(key), v.as_str()) else {
        return false;
    };
    let named = |id: &str| {
        let name = name_meanings(id, en);
        name.len() >= 2 && name.is_subset(said)
    };
    !named(v) && domain.iter().any(|o| *o != v && named(o))
}

/// `chosen` followed by `others`, as [`refuted_by_name`] takes them.
fn others_and<'a>(chosen: &'a str, others: &[&'a str]) -> Vec<&'a str> {
    std::iter::once(chosen)
        .chain(others.iter().copied())
        .collect()
}

/// A number point settled by another sentence of its rule than the one
/// it quotes (the reader that made the point found the parameter, not
/// always where it stands: the stud sentence of a misdeal rule looks like
/// the flop one): the value is taken from the sentence that states it as
/// [`sure_number`] would take it from the point's own; where a sentence,
/// the point's own among them, prints another number as the known quotes
/// print theirs, the point stays with a person (a room that changed the
/// number prints it there). A choice is not settled so: a sentence in
/// words no value's name has ("the first player to the right") would not
/// be told from one that states the candidate.
fn sure_elsewhere(known: &Quoted, d: &Doubt, edition: &Edition, lw: &Folded) -> Option<String> {
    let [Value::Number(n)] = d.readings.as_slice() else {
        return None;
    };
    let n = n.as_u64()?;
    let rule = edition.rule(&d.rule)?;
    let mut sentences: Vec<String> = labelled(rule).into_iter().map(|(s, _)| s).collect();
    sentences.push(d.sentence.clone());
    let other = |s: &String| {
        printed_as_quoted(known, &d.key, n, s, lw)
            .iter()
            .any(|m| *m != n)
    };
    if sentences.iter().any(other) {
        return None;
    }
    sentences.into_iter().find(|s| {
        let at = Doubt {
            sentence: s.clone(),
            ..d.clone()
        };
        sure_number(known, &at, Some(n), lw)
    })
}

/// Parameters of one rule named apart only by a case the words may not
/// tell apart: (a parameter, the other, the word whose meaning tells the
/// cases apart). A clock's expiry is stated for a player facing a bet and
/// for one not facing one.
const ALIKE: &[(&str, &str, &str)] = &[
    (
        "clock_expiry_facing_bet",
        "clock_expiry_not_facing_bet",
        "bet",
    ),
    (
        "clock_expiry_not_facing_bet",
        "clock_expiry_facing_bet",
        "bet",
    ),
];

/// A value stated in a sentence that does not tell the cases of two
/// parameters apart ([`ALIKE`]: "not acting before the countdown ends, the
/// hand is dead" speaks of no bet) is stated for both: the other is set to
/// it, quoting the same sentence, where the rule states nothing else of
/// it and no point holds it.
pub fn alike(
    edition: &mut Edition,
    knowledge: &Knowledge,
    found: &[Found],
    doubts: &[Doubt],
) -> Vec<Found> {
    let words = &knowledge.cues.words;
    let en = words.of(Lang::En);
    let lw = words.of(edition.language);
    let mut out = Vec::new();
    for f in found {
        for (_, other, apart) in ALIKE.iter().filter(|(key, _, _)| *key == f.key) {
            let Some(apart) = en.meaning(apart) else {
                continue;
            };
            if said(&tokenize(&f.sentence, lw), lw).contains(apart)
                || doubts.iter().any(|d| d.rule == f.rule && d.key == *other)
            {
                continue;
            }
            let Some(rule) = edition.rules_mut().find(|r| r.number == f.rule) else {
                continue;
            };
            if rule.params.to_map().contains_key(*other) || !set(rule, other, &f.value) {
                continue;
            }
            out.push(Found {
                key: (*other).to_string(),
                value: f.value.clone(),
                rule: f.rule.clone(),
                sentence: f.sentence.clone(),
            });
        }
    }
    out
}

/// The candidate of a point that a parameter its rule states implies
/// ([`ONLY_UNDER`](crate::rules::params::ONLY_UNDER): a parameter stated
/// only under one value of the choice): the words were found to state the
/// choice, and what else they state leaves one of its values.
fn implied(edition: &Edition, d: &Doubt) -> Option<Value> {
    let have = edition.rule(&d.rule)?.params.to_map();
    crate::rules::params::ONLY_UNDER
        .iter()
        .filter(|(by, key, _)| *key == d.key && have.contains_key(*by))
        .map(|(_, _, value)| Value::from(*value))
        .find(|value| d.readings.contains(value))
}

/// Meanings per known edition, by parameter and value.
type ByEdition<'k> = BTreeMap<&'k str, BTreeSet<String>>;

/// Meanings and numbers (with what they count) per known edition.
type NumbersByEdition<'k> = BTreeMap<&'k str, (BTreeSet<String>, Vec<(u32, Option<Counts>)>)>;

/// What the known editions quote and state of each parameter, as
/// [`decide`] weighs a point against it.
struct Quoted<'k> {
    /// The meanings of every known quote of a choice, by parameter and
    /// value, one set per edition (an edition may quote a value in several
    /// places).
    choices: BTreeMap<(&'k str, String), ByEdition<'k>>,
    /// The meanings and numbers of every known quote, by parameter.
    numbers: BTreeMap<&'k str, NumbersByEdition<'k>>,
    /// Every known edition's value of each parameter.
    stated: BTreeMap<String, Vec<(&'k str, Value)>>,
    /// The meanings of every known wording of a list item (a known
    /// quote of it, a cue phrase of it in any language), by parameter and
    /// item.
    items: BTreeMap<(&'k str, String), Vec<BTreeSet<String>>>,
}

impl<'k> Quoted<'k> {
    fn of(knowledge: &'k Knowledge) -> Quoted<'k> {
        let words = &knowledge.cues.words;
        let mut choices: BTreeMap<(&str, String), ByEdition> = BTreeMap::new();
        let mut numbered: BTreeMap<&str, NumbersByEdition> = BTreeMap::new();
        for q in &knowledge.quotes {
            let Some(ed) = knowledge.editions.iter().find(|e| e.id == q.edition) else {
                continue;
            };
            let lw = words.of(ed.language);
            let meanings = said(&tokenize(&q.span, lw), lw);
            let (m, c) = numbered
                .entry(q.key.as_str())
                .or_default()
                .entry(q.edition.as_str())
                .or_default();
            m.extend(meanings.iter().cloned());
            c.extend(
                numbers(std::slice::from_ref(&q.span), lw, 0)
                    .iter()
                    .map(|n| (n.0, n.1)),
            );
            let value = ed
                .rules()
                .find(|r| r.number == q.rule)
                .and_then(|r| r.params.to_map().remove(&q.key));
            if let Some(Value::String(value)) = value {
                choices
                    .entry((q.key.as_str(), value))
                    .or_default()
                    .entry(q.edition.as_str())
                    .or_default()
                    .extend(meanings);
            }
        }
        let mut items: BTreeMap<(&str, String), Vec<BTreeSet<String>>> = BTreeMap::new();
        for q in &knowledge.quotes {
            let (Some(item), Some(ed)) = (
                &q.item,
                knowledge.editions.iter().find(|e| e.id == q.edition),
            ) else {
                continue;
            };
            let lw = words.of(ed.language);
            items
                .entry((q.key.as_str(), item.clone()))
                .or_default()
                .push(said(&tokenize(&q.span, lw), lw));
        }
        for (key, cue) in &knowledge.cues.params {
            for v in &cue.all_of {
                let Some(item) = v.value.as_str() else {
                    continue;
                };
                for lang in Lang::ALL {
                    let lw = words.of(lang);
                    for phrase in v.phrases(lang) {
                        items
                            .entry((key.as_str(), item.to_string()))
                            .or_default()
                            .push(said(&tokenize(&phrase.replace(['*', '.'], " "), lw), lw));
                    }
                }
            }
        }
        let mut stated: BTreeMap<String, Vec<(&str, Value)>> = BTreeMap::new();
        for ed in &knowledge.editions {
            for r in ed.rules() {
                for (key, value) in r.params.to_map() {
                    stated.entry(key).or_default().push((ed.id.as_str(), value));
                }
            }
        }
        Quoted {
            choices,
            numbers: numbered,
            stated,
            items,
        }
    }

    /// The meanings the quotes of two known editions at least carry (each
    /// edition counted once): what more than one translator wrote for the
    /// value, without the one edition whose quote is cut shorter deciding.
    fn paired<'b, T: 'b>(
        by: Option<&'b BTreeMap<&'k str, T>>,
        meanings: impl Fn(&'b T) -> &'b BTreeSet<String>,
    ) -> BTreeSet<String> {
        let mut count: BTreeMap<&String, usize> = BTreeMap::new();
        for t in by.into_iter().flat_map(BTreeMap::values) {
            for m in meanings(t) {
                *count.entry(m).or_default() += 1;
            }
        }
        count
            .into_iter()
            .filter(|(_, n)| *n >= 2)
            .map(|(m, _)| m.clone())
            .collect()
    }

    /// The meanings every known edition's quotes of `by` share, where two
    /// editions at least quote it.
    fn shared<'b, T: 'b>(
        by: Option<&'b BTreeMap<&'k str, T>>,
        meanings: impl Fn(&'b T) -> &'b BTreeSet<String>,
    ) -> Option<BTreeSet<String>> {
        by.filter(|by| by.len() >= 2).and_then(|by| {
            by.values()
                .map(|t| meanings(t).clone())
                .reduce(|a, b| a.intersection(&b).cloned().collect())
        })
    }
}

/// A choice `id` is sure where the point's sentence carries every meaning
/// of the value's own name (or of another way the language file says it,
/// [`names_of`]) and every meaning two known editions' quotes of it share,
/// two at least, and no meaning only another value of the type has (in
/// any of its names or its known quotes).
fn sure_choice(known: &Quoted, d: &Doubt, id: &str, lw: &Folded, en: &Folded) -> bool {
    let Some(domain) = Params::choices(&d.key) else {
        return false;
    };
    let sentence = said(&tokenize(&d.sentence, lw), lw);
    let of = |v: &str| known.choices.get(&(d.key.as_str(), v.to_string()));
    // A value's meanings: every way its name is said, and its known
    // quotes'.
    let all = |v: &str| {
        let mut m: BTreeSet<String> = names_of(v, en).into_iter().flatten().collect();
        m.extend(
            of(v)
                .into_iter()
                .flat_map(|by| by.values().flatten().cloned()),
        );
        m
    };
    let mine = all(id);
    let others: BTreeSet<String> = domain
        .iter()
        .filter(|other| **other != id)
        .flat_map(|other| all(other))
        .filter(|m| !mine.contains(m))
        .collect();
    // Another value named only in a concession ("even when a pot is
    // heads-up") is not stated by the sentence.
    let told = said(&unconceded(&d.sentence, lw), lw);
    // The value is named by its definition or by another way the
    // language file says it ("a share of the prize": share-places).
    let named = names_of(id, en).into_iter().any(|mut evidence| {
        match (Quoted::shared(of(id), |m| m), of(id)) {
            (Some(shared), _) => evidence.extend(shared),
            // A type of one value whose name says less than two meanings:
            // the words tell whether the rule states it, not which value;
            // one known edition's quote is evidence where the sentence
            // carries every meaning of it.
            (None, Some(by)) if domain.len() == 1 && evidence.len() < 2 => {
                evidence.extend(by.values().flatten().cloned());
            }
            (None, _) => {}
        }
        evidence.len() >= 2 && evidence.is_subset(&sentence)
    });
    if named && told.is_disjoint(&others) {
        return true;
    }
    sure_by_pairs(known, d, id, (&sentence, &told), en)
}

/// A choice `id` is sure where its sentence states two outcomes, one per
/// clause, and the rule's other parameter of the same type took the other:
/// "facing a bet the hand is dead, otherwise it is checked" sets the
/// expiry facing a bet to dead-hand and leaves check for the one not
/// facing. Each clause carries every meaning of its value's name and none
/// of the other's, and no other value of the type is named.
fn other_outcome(edition: &Edition, d: &Doubt, id: &str, lw: &Folded, en: &Folded) -> bool {
    let (Some(domain), Some(home)) = (Params::choices(&d.key), Params::home(&d.key)) else {
        return false;
    };
    let Some(rule) = edition.rule(&d.rule) else {
        return false;
    };
    let clauses: Vec<BTreeSet<String>> = d
        .sentence
        .split([',', ';'])
        .map(|c| said(&tokenize(c, lw), lw))
        .collect();
    let sentence: BTreeSet<String> = clauses.iter().flatten().cloned().collect();
    let name = |v: &str| name_meanings(v, en);
    // A clause that states `v` and not `not`.
    let stated = |v: &str, not: &str| {
        let (v, not) = (name(v), name(not));
        !v.is_empty() && clauses.iter().any(|c| v.is_subset(c) && !not.is_subset(c))
    };
    rule.params.to_map().into_iter().any(|(key, value)| {
        let Some(other) = value.as_str() else {
            return false;
        };
        key != d.key
            && Params::home(&key) == Some(home)
            && Params::choices(&key) == Some(domain)
            && other != id
            && domain.contains(&other)
            && stated(id, other)
            && stated(other, id)
            && domain
                .iter()
                .filter(|v| **v != id && **v != other)
                .all(|v| name(v).is_empty() || !name(v).is_subset(&sentence))
    })
}

/// A choice `id` is sure where the sentence carries every meaning of the
/// value's own name and every meaning the quotes of two known editions at
/// least carry for it ([`Quoted::paired`]), two at least, and speaks of no
/// other value of the type: it carries neither every meaning of another
/// value's name nor every meaning of a known quote of another value (nor
/// every meaning two of them carry). A word another value's name shares
/// with the sentence ("the hand is checked" has the hand of `dead-hand`)
/// does not refute it; the other value's whole name or quote does, outside
/// the sentence's concessions (`told`, [`unconceded`]).
fn sure_by_pairs(
    known: &Quoted,
    d: &Doubt,
    id: &str,
    (sentence, told): (&BTreeSet<String>, &BTreeSet<String>),
    en: &Folded,
) -> bool {
    let Some(domain) = Params::choices(&d.key) else {
        return false;
    };
    let of = |v: &str| known.choices.get(&(d.key.as_str(), v.to_string()));
    let mut evidence = name_meanings(id, en);
    evidence.extend(Quoted::paired(of(id), |m| m));
    if evidence.len() < 2 || !evidence.is_subset(sentence) {
        return false;
    }
    let spoken = |m: &BTreeSet<String>| !m.is_empty() && m.is_subset(told);
    // Whether the sentence speaks of another value: its whole name, every
    // meaning two of its quotes carry, or one of its quotes.
    let of_other = |other: &str| {
        let paired = Quoted::paired(of(other), |m| m);
        spoken(&name_meanings(other, en))
            || (paired.len() >= 2 && spoken(&paired))
            || of(other).is_some_and(|by| by.values().any(spoken))
    };
    !domain
        .iter()
        .filter(|v| **v != id && !narrower(v, id, en))
        .any(|other| of_other(other))
}

/// Of a point's several candidates, the one its sentence states: it is
/// sure as a point with that one candidate would be ([`sure_choice`]), two
/// meanings at least of its evidence (its name's and its quotes' shared)
/// are no other candidate's (in its name or its quotes: the sentence was
/// offered both because it words both alike), and every other candidate
/// is refuted by its own words, a meaning of its name (none the chosen
/// value's name has) the sentence does not carry. Never chosen by which
/// candidate scores higher.
fn sure_among(known: &Quoted, d: &Doubt, lw: &Folded, en: &Folded) -> Option<Value> {
    let ids: Vec<&str> = d
        .readings
        .iter()
        .map(Value::as_str)
        .collect::<Option<_>>()?;
    let sentence = said(&tokenize(&d.sentence, lw), lw);
    let sure: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|id| sure_choice(known, d, id, lw, en))
        .collect();
    let [chosen] = sure.as_slice() else {
        return None;
    };
    let name = |id: &str| name_meanings(id, en);
    let of = |v: &str| known.choices.get(&(d.key.as_str(), v.to_string()));
    let mut evidence = name(chosen);
    evidence.extend(Quoted::shared(of(chosen), |m| m).unwrap_or_default());
    let theirs: BTreeSet<String> = ids
        .iter()
        .filter(|id| *id != chosen)
        .flat_map(|other| {
            let mut m = name(other);
            m.extend(
                of(other)
                    .into_iter()
                    .flat_map(|by| by.values().flatten().cloned()),
            );
            m
        })
        .collect();
    let own = evidence.difference(&theirs).count();
    // A value narrower than every other candidate has no meaning of its
    // own: the others' own words, absent, tell it from them.
    let nested = ids
        .iter()
        .filter(|id| *id != chosen)
        .all(|other| narrower(chosen, other, en));
    ((own >= 2 || nested) && refuted_by_name(chosen, &ids, &sentence, en))
        .then(|| Value::from(*chosen))
}

/// Whether every value of `ids` but `chosen` is refuted by its own words:
/// its name has a meaning `chosen`'s name has not, and the sentence does
/// not carry it. A value whose name says nothing of its own (race against
/// round-up) is not refuted.
fn refuted_by_name(chosen: &str, ids: &[&str], sentence: &BTreeSet<String>, en: &Folded) -> bool {
    let name = |id: &str| name_meanings(id, en);
    let mine = name(chosen);
    ids.iter().filter(|id| **id != chosen).all(|other| {
        let own: BTreeSet<String> = name(other).difference(&mine).cloned().collect();
        !own.is_empty() && !own.is_subset(sentence)
    })
}

/// A list is sure where its items' own names decide every item of the type
/// in the point's rule ([`listed`]) and name every item of the point's;
/// then the list as read, in the order a known edition lists it.
fn sure_list(
    known: &Quoted,
    d: &Doubt,
    items: &[Value],
    edition: &Edition,
    lw: &Folded,
    en: &Folded,
) -> Option<Value> {
    let domain = Params::choices(&d.key)?;
    let text = edition
        .rule(&d.rule)
        .map(crate::rules::Rule::full_text)
        .unwrap_or_default();
    let read = listed(&d.key, domain, &text, lw, en)?;
    items
        .iter()
        .all(|i| i.as_str().is_some_and(|i| read.contains(&i)))
        .then(|| order(&read, &known.stated, &d.key, domain))
}

/// What every known wording of a list item says ([`Quoted::items`]): the
/// meanings all its wordings share (a wording that says nothing in the
/// vocabulary's words, "geen recht", is left out), where two at least are
/// known; none where fewer are. The set may be empty: the wordings then
/// share nothing a clause must carry.
fn item_core(known: &Quoted, key: &str, item: &str) -> Option<BTreeSet<String>> {
    let wordings: Vec<&BTreeSet<String>> = known
        .items
        .get(&(key, item.to_string()))
        .into_iter()
        .flatten()
        .filter(|m| !m.is_empty())
        .collect();
    if wordings.len() < 2 {
        return None;
    }
    wordings
        .into_iter()
        .cloned()
        .reduce(|a, b| a.intersection(&b).cloned().collect())
}

/// A list is sure by its items' known wordings where the point's rule
/// tells every item of the type apart by them: an item is in the list
/// exactly where a clause of the rule carries every meaning all its known
/// wordings share ([`item_core`]: the stud of a stud item, not only the
/// downcards a flop game's clause has too; an item whose wordings share
/// nothing is carried anywhere, never told absent). The list read is then
/// the list, where a known edition states it (as a set); an item read
/// that no clause carries is dropped where a meaning its wordings share
/// and no other item's do (the stud) stands nowhere in the rule, and what
/// is left is part of a list a known edition states. An item with fewer
/// than two known wordings leaves the list open.
fn sure_by_wordings(
    known: &Quoted,
    d: &Doubt,
    items: &[Value],
    edition: &Edition,
    lw: &Folded,
) -> Option<Value> {
    let domain = Params::choices(&d.key)?;
    let read: Vec<&str> = items.iter().map(Value::as_str).collect::<Option<_>>()?;
    let rule = edition.rule(&d.rule)?;
    let parts: Vec<BTreeSet<String>> = labelled(rule)
        .into_iter()
        .flat_map(|(s, _)| clauses(&s))
        .map(|c| said(&tokenize(&c, lw), lw))
        .collect();
    let cores: Vec<(&str, BTreeSet<String>)> = domain
        .iter()
        .map(|item| item_core(known, &d.key, item).map(|core| (*item, core)))
        .collect::<Option<_>>()?;
    let mut kept: Vec<&str> = Vec::new();
    for (item, core) in &cores {
        // A clause that carries another item's wordings and more ("first
        // card dealt to the wrong seat") is that item's, not one of the
        // fewer meanings it also has ("first", of the first two cards
        // exposed): items are told apart, not found in one another.
        let carried = parts.iter().any(|c| {
            core.is_subset(c)
                && (core.is_empty()
                    || !cores.iter().any(|(o, other)| {
                        o != item
                            && core.is_subset(other)
                            && other.len() > core.len()
                            && other.is_subset(c)
                    }))
        });
        let listed = read.contains(item);
        if carried && listed {
            kept.push(item);
        } else if carried || listed && !refuted(item, core, &cores, &parts) {
            return None;
        }
    }
    let lists = || {
        known
            .stated
            .get(d.key.as_str())
            .into_iter()
            .flatten()
            .filter_map(|(_, v)| v.as_array())
    };
    let sure = if kept.len() == read.len() {
        lists().any(|l| {
            l.len() == kept.len()
                && l.iter()
                    .all(|i| i.as_str().is_some_and(|i| kept.contains(&i)))
        })
    } else {
        !kept.is_empty()
            && lists().any(|l| {
                kept.iter()
                    .all(|k| l.iter().any(|i| i.as_str() == Some(*k)))
            })
    };
    sure.then(|| order(&kept, &known.stated, &d.key, domain))
}

/// Whether a list item read is refuted by its wordings: a meaning all of
/// them share that no other item's wordings all share stands in no clause
/// of the rule.
fn refuted(
    item: &str,
    core: &BTreeSet<String>,
    cores: &[(&str, BTreeSet<String>)],
    parts: &[BTreeSet<String>],
) -> bool {
    core.iter().any(|m| {
        cores.iter().all(|(o, c)| *o == item || !c.contains(m))
            && parts.iter().all(|p| !p.contains(m))
    })
}

/// A list point offers, besides the items read, every item the rule
/// names by the item's own name ([`naming`]): the reader that made it
/// (a phrase, a known quote) may know only some items' words.
fn with_named(mut d: Doubt, known: &Quoted, edition: &Edition, lw: &Folded, en: &Folded) -> Doubt {
    let (Some(domain), [Value::Array(items)]) = (Params::choices(&d.key), d.readings.as_slice())
    else {
        return d;
    };
    let text = edition
        .rule(&d.rule)
        .map(crate::rules::Rule::full_text)
        .unwrap_or_default();
    let naming = naming(&d.key, domain, &text, lw, en);
    let mut read: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
    if read.len() != items.len() {
        return d;
    }
    let before = read.len();
    for item in naming.named {
        if !read.contains(&item) {
            read.push(item);
        }
    }
    if read.len() > before {
        d.readings = vec![order(&read, &known.stated, &d.key, domain)];
    }
    d
}

/// A number is sure where every known edition that states the parameter
/// states it (two at least), printed in the point's sentence counting what
/// their quotes' number counts (the unit right after it: "menej ako 3
/// hráči", fewer than 3 players, is not "3 or more players short"), in a
/// sentence that carries every meaning their quotes share (two at least).
fn sure_number(known: &Quoted, d: &Doubt, n: Option<u64>, lw: &Folded) -> bool {
    let stated = known
        .stated
        .get(d.key.as_str())
        .map_or(&[][..], Vec::as_slice);
    let editions: BTreeSet<&str> = stated.iter().map(|(e, _)| *e).collect();
    editions.len() >= 2
        && stated.iter().all(|(_, v)| v.as_u64() == n)
        && n.is_some_and(|n| printed_as_quoted(known, &d.key, n, &d.sentence, lw).contains(&n))
}

/// The numbers `sentence` prints as the known quotes of `key` print `n`
/// (counting what theirs counts, the unit right after it), where it
/// carries every meaning the quotes share (two at least; where they share
/// fewer, every meaning two of them carry); none where it does not.
fn printed_as_quoted(known: &Quoted, key: &str, n: u64, sentence: &str, lw: &Folded) -> Vec<u64> {
    let by = known.numbers.get(key);
    let core = Quoted::shared(by, |(m, _)| m);
    let counts: Vec<Option<Counts>> = by
        .into_iter()
        .flat_map(|by| by.values().flat_map(|(_, c)| c))
        .filter(|(v, _)| u64::from(*v) == n)
        .map(|(_, c)| *c)
        .collect();
    // The meanings all quotes share, or where those are fewer than two,
    // the meanings two of them carry.
    let core = core
        .filter(|core| core.len() >= 2)
        .unwrap_or_else(|| Quoted::paired(by, |(m, _)| m));
    if core.len() < 2 || !core.is_subset(&said(&tokenize(sentence, lw), lw)) {
        return Vec::new();
    }
    numbers(&[sentence.to_string()], lw, 0)
        .iter()
        .filter(|m| counts.contains(&m.1))
        .map(|m| u64::from(m.0))
        .collect()
}

/// The items of a list parameter's type (`domain`) a rule's text names, when
/// it decides every item: an item is named where one sentence carries
/// every meaning of its name (dealer push: dealer, push), or every meaning
/// its name has and no other item's name has in a sentence that lists
/// another item so too (warning, hands, rounds: missed hands is hand
/// there); left out where the rule carries none of those meanings, or
/// carries them only in sentences that do not speak of the list. An item
/// with no such meaning, or with some of them in a sentence that speaks of
/// the list ([`naming`]), leaves the list open (`None`).
fn listed(
    key: &str,
    domain: &[&'static str],
    text: &str,
    lw: &Folded,
    en: &Folded,
) -> Option<Vec<&'static str>> {
    let naming = naming(key, domain, text, lw, en);
    (!naming.open && !naming.named.is_empty()).then_some(naming.named)
}

/// What a rule's text says of each item of a list type by the items' own
/// names ([`listed`]).
struct Naming {
    /// The items it names, in the type's order.
    named: Vec<&'static str>,
    /// Whether an item it does not name has one of its own meanings
    /// somewhere in the text (it may be worded otherwise).
    open: bool,
}

/// The items of `domain` (the type of parameter `key`) a rule's text
/// names by their own names, and whether the rest are silent (never where
/// an item's name has no meaning of its own, none another item's name
/// has). An item not named is silent where its own meanings stand only in
/// sentences that do not speak of the list: that name no other item and
/// carry no meaning of the parameter's own name ("A new level starts on
/// announcement" says nothing of how a hand starts; "a hand starts when
/// announced" may), or where the only own meanings they carry are the
/// parameter's name's (the raise of raise methods).
fn naming(key: &str, domain: &[&'static str], text: &str, lw: &Folded, en: &Folded) -> Naming {
    let name = |id: &str| name_meanings(id, en);
    let sentences: Vec<BTreeSet<String>> = sentences(text)
        .iter()
        .map(|s| said(&tokenize(s, lw), lw))
        .collect();
    let topic = name_meanings(key, en);
    // Each item's own meanings (none another item's name has).
    let owns: Vec<BTreeSet<String>> = domain
        .iter()
        .map(|item| {
            let others: BTreeSet<String> = domain
                .iter()
                .filter(|o| *o != item)
                .flat_map(|o| name(o))
                .collect();
            name(item)
                .into_iter()
                .filter(|m| !others.contains(m))
                .collect()
        })
        .collect();
    // How many items each sentence speaks of by their own meanings.
    let listing: Vec<usize> = sentences
        .iter()
        .map(|s| {
            owns.iter()
                .filter(|own| !own.is_empty() && own.is_subset(s))
                .count()
        })
        .collect();
    // An item whose name has no meaning of its own is told neither named
    // (its words are other items' too: "card" of boxed cards) nor absent:
    // the list stays open.
    let mut out = Naming {
        named: Vec::new(),
        open: owns.iter().any(BTreeSet::is_empty),
    };
    for (item, own) in domain.iter().zip(&owns) {
        let whole = name(item);
        let named = !own.is_empty()
            && sentences
                .iter()
                .zip(&listing)
                .any(|(s, n)| whole.is_subset(s) || (own.is_subset(s) && *n >= 2));
        // A sentence speaks of the list where it names another item by
        // its own meanings, or carries a meaning of the parameter's name.
        let of_list = |s: &BTreeSet<String>| {
            domain
                .iter()
                .zip(&owns)
                .any(|(o, m)| o != item && !m.is_empty() && m.is_subset(s))
                || !s.is_disjoint(&topic)
        };
        // Of an item's own meanings, those the parameter's name has tell
        // nothing of it: every sentence of the list may carry them (raise,
        // of raise methods).
        let unexplained =
            |s: &BTreeSet<String>| own.iter().any(|m| s.contains(m) && !topic.contains(m));
        if named {
            out.named.push(*item);
        } else if sentences.iter().any(|s| of_list(s) && unexplained(s)) {
            out.open = true;
        }
    }
    out
}

/// A list's items in the order a known edition lists exactly them, else the
/// type's.
fn order(
    read: &[&str],
    stated: &BTreeMap<String, Vec<(&str, Value)>>,
    key: &str,
    domain: &[&str],
) -> Value {
    let known = stated.get(key).into_iter().flatten().find_map(|(_, v)| {
        let list = v.as_array()?;
        let same = list.len() == read.len()
            && list
                .iter()
                .all(|i| i.as_str().is_some_and(|i| read.contains(&i)));
        same.then(|| v.clone())
    });
    known.unwrap_or_else(|| {
        Value::from(
            domain
                .iter()
                .filter(|i| read.contains(i))
                .map(|i| (*i).to_string())
                .collect::<Vec<_>>(),
        )
    })
}

/// The meanings a value's own name says (`big-blind`: big, blind), read
/// in English, the language ids are written in; or its gloss, where the
/// language file gives one (`at-most-pot`: less than or equal to the pot).
fn name_meanings(id: &str, en: &Folded) -> BTreeSet<String> {
    let words = en.gloss(id).unwrap_or(id);
    said(&tokenize(&words.replace('-', " "), en), en)
}

/// Every way a value's name is said: its id's words or its definition
/// ([`name_meanings`]) first, then each other gloss the language file
/// gives it.
fn names_of(id: &str, en: &Folded) -> Vec<BTreeSet<String>> {
    let mut out = vec![name_meanings(id, en)];
    out.extend(
        en.glosses(id)
            .iter()
            .skip(1)
            .map(|g| said(&tokenize(&g.replace('-', " "), en), en)),
    );
    out
}

/// Whether value `other` says less than `chosen` in the same words: every
/// meaning of its name is one of `chosen`'s name, which has more ("less
/// than the pot" within "less than or equal to the pot"). Its words in a
/// sentence that states `chosen` are `chosen`'s own.
fn narrower(other: &str, chosen: &str, en: &Folded) -> bool {
    let (other, chosen) = (name_meanings(other, en), name_meanings(chosen, en));
    !other.is_empty() && other.len() < chosen.len() && other.is_subset(&chosen)
}

/// The meanings a text says in words (its numbers aside).
fn said(tokens: &[Token], lw: &Folded) -> BTreeSet<String> {
    let mut m = meanings(tokens, lw);
    m.retain(|x| !x.starts_with('#'));
    m
}

/// A text's words, folded.
fn word_set(text: &str) -> BTreeSet<String> {
    crate::text::fold(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether two rules print nearly the same words (nine in ten of all
/// either has): the same text, or a copy with a word changed.
fn same_words(a: &BTreeSet<String>, b: &BTreeSet<String>) -> bool {
    let both = a.intersection(b).count();
    let either = a.union(b).count();
    both * 10 >= either * 9
}

/// The book's number in `sentence` that counts what the quote's value `v`
/// counts, when the sentence has one such (printed once or more); with whether the
/// evidence is strong: it is the only number of the sentence as `v` is of
/// the quote, counting the same with the unit right after it.
fn number_at(v: u64, k: &Known, sentence: Option<&String>, lw: &Folded) -> Option<(Value, bool)> {
    let counts: Vec<Option<Counts>> = k
        .numbers
        .iter()
        .filter(|n| u64::from(n.0) == v)
        .map(|n| n.1)
        .collect();
    let what = *counts.first()?;
    if counts.iter().any(|c| *c != what) {
        return None;
    }
    let sentence = std::slice::from_ref(sentence?);
    let all = numbers(sentence, lw, UNIT_GAP);
    let mut here: Vec<u32> = all.iter().filter(|n| n.1 == what).map(|n| n.0).collect();
    // Strong only where the unit stands right after the number in both
    // too: "3 or more players" and "menej ako 3 hráči" (fewer than 3
    // players) count the same but do not say the same.
    let tight = numbers(sentence, lw, 0);
    let only = all.len() == 1
        && k.numbers.len() == 1
        && tight.first().map(|n| n.1) == k.tight.first().map(|n| n.1);
    // The same number printed again (in an example) reads the same.
    here.sort_unstable();
    here.dedup();
    if here.len() > 1 {
        // Several: the one that stands before a word of what the quote's
        // number stands before ("1 of the first 2 cards … any other 2
        // downcards" for "any other 2 downcards").
        let before: BTreeSet<&String> = k
            .nouns
            .iter()
            .filter(|(n, _)| u64::from(*n) == v)
            .filter_map(|(_, m)| m.as_ref())
            .collect();
        let mut by_noun: Vec<u32> = sentence
            .iter()
            .flat_map(|s| nouns(&tokenize(s, lw), lw))
            .filter(|(n, m)| here.contains(n) && m.as_ref().is_some_and(|m| before.contains(m)))
            .map(|(n, _)| n)
            .collect();
        by_noun.sort_unstable();
        by_noun.dedup();
        here = by_noun;
    }
    match here.as_slice() {
        [n] => Some((Value::from(*n), only)),
        _ => None,
    }
}

/// Each number of a sentence with the meaning of the first word after it
/// that has one, up to [`UNIT_GAP`] short words on ("2 downcards", "2
/// Face-down Karten": cards).
fn nouns(tokens: &[Token], lw: &Folded) -> Vec<(u32, Option<String>)> {
    let mut out = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        let Token::Number(n) = t else { continue };
        let mut meaning = None;
        for t in tokens.iter().skip(k + 1).take(UNIT_GAP + 1) {
            let Token::Word(w) = t else { break };
            if let Some(m) = lw.meaning(w) {
                meaning = Some(m.to_string());
                break;
            }
            if w.chars().count() > SHORT_WORD {
                break;
            }
        }
        out.push((*n, meaning));
    }
    out
}

/// The values of choice parameter `key` a sentence's features name: the
/// known values whose quotes have features the sentence carries that no
/// other value's quotes have. One is strong when the sentence carries two
/// such words (not labels or numbers) of it and either another value is
/// known or the type has no other value (then the words say whether the
/// rule states it, not which value); several are candidates for a person.
/// One value read on a single word of its own, in a sentence that carries
/// more words several values' quotes share, is no reading of that value:
/// the quotes word the values alike ("except between the small blind and
/// the button" is quoted for dealt-out and for never-seated), and every
/// value whose quotes the sentence carries as much of is a candidate.
fn choice_at(key: &str, sentence: &BTreeSet<String>, known: &[Known]) -> Vec<(Value, bool)> {
    let mut by_value: Vec<(Value, BTreeSet<&String>)> = Vec::new();
    for k in known.iter().filter(|k| k.key == key && !k.value.is_array()) {
        match by_value.iter_mut().find(|(v, _)| *v == k.value) {
            Some((_, f)) => f.extend(&k.features),
            None => by_value.push((k.value.clone(), k.features.iter().collect())),
        }
    }
    let words =
        |x: &&&String| !x.starts_with('#') && !x.starts_with("l:") && sentence.contains(**x);
    let hits: Vec<(&Value, usize)> = by_value
        .iter()
        .map(|(v, f)| {
            let own = f
                .iter()
                .filter(|x| by_value.iter().all(|(o, g)| o == v || !g.contains(*x)))
                .filter(words)
                .count();
            (v, own)
        })
        .filter(|(_, n)| *n > 0)
        .collect();
    let sole = Params::choices(key).is_some_and(|d| d.len() == 1);
    match hits.as_slice() {
        [(v, 1)] => {
            // The words the sentence carries of each value's quotes.
            let carried: Vec<(&Value, usize)> = by_value
                .iter()
                .map(|(o, f)| (o, f.iter().filter(words).count()))
                .collect();
            let most = carried.iter().map(|(_, n)| *n).max().unwrap_or_default();
            let alike: Vec<&Value> = carried
                .iter()
                .filter(|(_, n)| *n + 1 >= most && *n >= 2)
                .map(|(o, _)| *o)
                .collect();
            if alike.len() >= 2 && alike.contains(v) {
                alike.into_iter().map(|o| (o.clone(), false)).collect()
            } else {
                vec![((*v).clone(), false)]
            }
        }
        [(v, n)] => vec![((*v).clone(), (by_value.len() >= 2 || sole) && *n >= 2)],
        // Several values' words: each is a candidate, none is sure.
        many => many.iter().map(|(v, _)| ((*v).clone(), false)).collect(),
    }
}

/// A list parameter read by which of its items' quotes align with a
/// sentence of the book's rule, in the order a known list gives them: a
/// candidate, never strong evidence.
fn by_items<'a>(
    mine: &[&Known],
    align: &dyn Fn(&Known) -> Option<(usize, bool)>,
    lists: &[Vec<Value>],
) -> Vec<Aligned<'a>> {
    // Each item aligned, with the first sentence it stands in.
    let mut items: Vec<(Value, usize)> = Vec::new();
    for k in mine {
        let Some(item) = k.item else { continue };
        let Some((s, _)) = align(k) else { continue };
        let item = Value::from(item);
        match items.iter_mut().find(|(v, _)| *v == item) {
            Some((_, at)) => *at = (*at).min(s),
            None => items.push((item, s)),
        }
    }
    let Some(first) = items.iter().map(|(_, s)| *s).min() else {
        return Vec::new();
    };
    let read: Vec<Value> = match lists
        .iter()
        .find(|l| items.iter().all(|(i, _)| l.contains(i)))
    {
        Some(order) => order
            .iter()
            .filter(|i| items.iter().any(|(v, _)| v == *i))
            .cloned()
            .collect(),
        None => items.into_iter().map(|(v, _)| v).collect(),
    };
    vec![(Value::Array(read), first, None)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::cues::Cues;

    fn cues() -> Cues {
        Cues::load(&crate::data::DataSource::Embedded).expect("cues")
    }

    fn v(n: u32) -> Value {
        Value::from(n)
    }

    /// The clock of `text` read with `lc`'s countdown words.
    /// What the clock reader set, and the readings it left to a person.
    type ClockReading = (Vec<(String, Value)>, Option<Vec<Value>>);

    fn clock_of(text: &str, lc: &LangCues, lang: Lang, known_countdown: bool) -> ClockReading {
        let c = cues();
        let s = sentences(text);
        let t: Vec<Vec<Token>> = s.iter().map(|x| tokenize(x, c.words.of(lang))).collect();
        let (read, open) = clock(&s, &t, lc, c.words.of(lang), known_countdown);
        (
            read.into_iter().map(|(k, v, _)| (k, v)).collect(),
            open.map(|(_, readings, _)| readings),
        )
    }

    /// A value worded in one language is found in another by what its
    /// words mean, within a few words of one sentence.
    #[test]
    fn a_wording_is_found_in_another_language_by_its_meanings() {
        let c = cues();
        let (en, sk) = (c.words.of(Lang::En), c.words.of(Lang::Sk));
        let sign = meanings(&tokenize("the hand is dead", en), en);
        assert_eq!(
            sign,
            ["dead", "hand"].map(String::from).into_iter().collect()
        );
        let of = |text: &str| -> Vec<Vec<Token>> {
            sentences(text).iter().map(|s| tokenize(s, sk)).collect()
        };
        let text = "Hráč má 30 sekúnd. Ak čelí stávke, jeho ruka je mŕtva.";
        assert_eq!(window(&sign, &meant(&of(text), sk)), Some((1, 0)));
        // Both words, but too far apart to state one thing.
        let far = "Ruka sa hrá ďalej a hráč, ktorý dostal varovanie od floormana počas turnaja, je mŕtvy.";
        assert_eq!(window(&sign, &meant(&of(far), sk)), None);
    }

    /// The big blind is told from the blinds by its meanings in every
    /// language: a wording of it ("the posted big blind", "de grote
    /// blind") then has a meaning no wording of another value has (the
    /// first raise after the blinds).
    #[test]
    fn the_big_blind_is_told_from_the_blinds_by_its_meanings() {
        let c = cues();
        let big_blind = |lang: Lang, text: &str| {
            let lw = c.words.of(lang);
            let m = meanings(&tokenize(text, lw), lw);
            m.contains("big") && m.contains("blind")
        };
        let rows: [(Lang, &str, bool); 10] = [
            (Lang::En, "the posted big blind is the opener", true),
            (Lang::Nl, "de grote blind is het minimum", true),
            (Lang::Nl, "De big blind is de openingsbet", true),
            (Lang::De, "der große Blind ist das eröffnende Gebot", true),
            (Lang::Sk, "veľký blind je otváracia stávka", true),
            // The blinds, or the small one: no big blind.
            (Lang::En, "the first raise after the blinds", false),
            (Lang::En, "the small blind", false),
            (Lang::Nl, "de kleine blind", false),
            (Lang::De, "die Blinds der ersten Runde", false),
            (Lang::Sk, "prvý raise po blindoch", false),
        ];
        for (lang, text, want) in rows {
            assert_eq!(big_blind(lang, text), want, "{text}");
        }
    }

    #[test]
    fn the_cue_file_names_real_parameters_and_values() {
        assert!(cues().problems().is_empty(), "{:?}", cues().problems());
    }

    #[test]
    fn the_clock_is_read_in_both_ways_of_writing_it() {
        let c = cues();
        let read = |text: &str, lang: Lang| clock_of(text, c.of(lang), lang, true);
        assert_eq!(
            read(
                "A player on the clock has up to 25 seconds plus a 5 second countdown to act.",
                Lang::En
            ),
            (
                vec![
                    ("clock_seconds".into(), v(30)),
                    ("clock_countdown".into(), v(5))
                ],
                None
            )
        );
        assert_eq!(
            read(
                "Een speler heeft 30 seconden de tijd om te handelen. De laatste vijf seconden zal er een countdown zijn.",
                Lang::Nl
            ),
            (
                vec![
                    ("clock_seconds".into(), v(30)),
                    ("clock_countdown".into(), v(5))
                ],
                None
            )
        );
        assert_eq!(
            read(
                "hat der Spieler noch bis zu 50 Sekunden Zeit. Sollte keine Aktion erfolgen, gibt es einen 10-Sekunden Countdown.",
                Lang::De
            ),
            (
                vec![
                    ("clock_seconds".into(), v(60)),
                    ("clock_countdown".into(), v(10))
                ],
                None
            )
        );
    }

    /// A clock read without any book's own countdown words (the cues of an
    /// unknown book): the language's words for a countdown or for "the
    /// last" say how the seconds add up; without them the total is left to
    /// a person.
    #[test]
    fn a_clock_without_the_books_countdown_words_is_read_by_the_languages() {
        let none = LangCues::default();
        let set = |seconds, countdown| {
            (
                vec![
                    ("clock_seconds".into(), v(seconds)),
                    ("clock_countdown".into(), v(countdown)),
                ],
                None,
            )
        };
        // (sentence, language, a known edition counts a countdown, reading)
        let rows: [(&str, Lang, bool, ClockReading); 8] = [
            // A second number of seconds, no word saying what it is: 25 in
            // all, or 30?
            (
                "De speler heeft 25 seconden de tijd, hierna nog 5 seconden.",
                Lang::Nl,
                true,
                (Vec::new(), Some(vec![v(25), v(30)])),
            ),
            // The language's word for a countdown: the 5 come after the 25.
            (
                "De speler heeft 25 seconden de tijd, hierna wordt van 5 naar 0 afgeteld.",
                Lang::Nl,
                true,
                set(30, 5),
            ),
            (
                "Hráč dostane na premýšľanie 30 sekúnd, potom 5 sekúnd mu bude odpočítaných nahlas.",
                Lang::Sk,
                true,
                set(35, 5),
            ),
            // "The last 5 seconds" in the language's words: within the 30.
            (
                "Hráč dostane na premýšľanie 30 sekúnd, z čoho posledných 5 sekúnd mu bude odpočítaných nahlas.",
                Lang::Sk,
                true,
                set(30, 5),
            ),
            // No second number of seconds, but the known editions count a
            // countdown: 25 may not be the total.
            (
                "De speler heeft 25 seconden de tijd, hierna telt de dealer hardop.",
                Lang::Nl,
                true,
                (Vec::new(), Some(vec![v(25)])),
            ),
            // Where no known edition counts one, the time is the time.
            (
                "De speler heeft 25 seconden de tijd.",
                Lang::Nl,
                false,
                (vec![("clock_seconds".into(), v(25))], None),
            ),
            // A time in minutes is its seconds.
            (
                "A player on the clock has 1 minute to act.",
                Lang::En,
                false,
                (vec![("clock_seconds".into(), v(60))], None),
            ),
            (
                "Der Spieler hat 2 Minuten Zeit, die letzten 10 Sekunden werden heruntergezählt.",
                Lang::De,
                true,
                set(120, 10),
            ),
        ];
        for (sentence, lang, known_countdown, reading) in rows {
            assert_eq!(
                clock_of(sentence, &none, lang, known_countdown),
                reading,
                "{sentence}"
            );
        }
    }

    #[test]
    fn phrases_read_numbers_written_in_digits_or_words() {
        let c = cues();
        let lw = c.words.of(Lang::Nl);
        let t = vec![tokenize(
            "Indien een tafel drie of meer spelers tekort komt",
            lw,
        )];
        assert_eq!(find("# of meer spelers tekort", &t, lw), Some((0, Some(3))));
        let t = vec![tokenize("maximale buy-in van €50. Er gaat 10% naar", lw)];
        assert_eq!(find("maximale buy in van € #", &t, lw), Some((0, Some(50))));
        assert_eq!(find("# % gaat naar", &t, lw), None);
        let t = vec![tokenize("Er gaat 10% gaat naar de club", lw)];
        assert_eq!(find("# % gaat naar", &t, lw), Some((0, Some(10))));
        // "een" is one before a unit, an article elsewhere.
        let t = tokenize("een speler heeft een minuut", lw);
        assert_eq!(
            t.iter().filter(|t| matches!(t, Token::Number(_))).count(),
            1
        );
    }

    /// A known rule's value read at its place in the book's rule, among
    /// the numbers that count the same thing, in another language.
    #[test]
    fn a_number_is_read_in_every_case_and_a_lone_unit_as_one() {
        let c = cues();
        let sk = c.words.of(Lang::Sk);
        let of = |text: &str| -> Vec<(u32, Option<Counts>)> {
            numbers(&sentences(text), sk, 0)
                .into_iter()
                .map(|n| (n.0, n.1))
                .collect()
        };
        // "of one chip": the genitive of one.
        assert_eq!(
            of("s maximálnym ohodnotením jedného žetónu pre hráča"),
            vec![(1, None)]
        );
        // "a minute after": no article, the unit alone says one.
        assert_eq!(
            of("právo na námietku zaniká minútu po pridelení banku"),
            vec![(1, Some(Counts::Unit(Unit::Minutes)))]
        );
        // A unit after its number is not one more.
        assert_eq!(
            of("2 minúty na jednu ruku"),
            vec![
                (2, Some(Counts::Unit(Unit::Minutes))),
                (1, Some(Counts::Unit(Unit::Hands)))
            ]
        );
    }

    #[test]
    fn a_number_is_read_where_the_known_rule_prints_its_value() {
        let c = cues();
        let of = |text: &str, lang: Lang| numbers(&sentences(text), c.words.of(lang), 0);
        let place_of = |v: u64, theirs: &str, tl: Lang, mine: &str, ml: Lang| match place(
            v,
            &of(theirs, tl),
            &of(mine, ml),
        ) {
            Place::At(n, _) => Some(n),
            Place::Unknown => None,
            Place::Unprinted => Some(u32::MAX),
        };
        let en = "A player on the clock has 25 seconds plus a 5 second countdown.";
        let sk = "Hráč dostane 40 sekúnd, z čoho posledných 10 sekúnd mu bude odpočítaných (pravidlo 30 a 2).";
        assert_eq!(place_of(5, en, Lang::En, sk, Lang::Sk), Some(10));
        // 30 is the sum: no number of the known rule prints it.
        assert_eq!(place_of(30, en, Lang::En, sk, Lang::Sk), Some(u32::MAX));
        // Every place of a value printed twice reads the same.
        let a = "A raise of 50% or more of the bet; if less than 50% it is a call.";
        let b = "Navýšenie aspoň o 60 % stávky; menej než 60 percent je dorovnanie.";
        assert_eq!(place_of(50, a, Lang::En, b, Lang::Sk), Some(60));
        let b = "Navýšenie aspoň o 60 % stávky; menej než 50 % je dorovnanie.";
        assert_eq!(place_of(50, a, Lang::En, b, Lang::Sk), None);
        // Numbers that count other things do not move the place.
        let de = "Mit 2 Spielern und zwei Karten: beliebige 3 aufeinander folgende Aktionen.";
        let en = "With 4 players and two cards: any 3 actions in turn.";
        assert_eq!(place_of(3, de, Lang::De, en, Lang::En), Some(3));
        // ... but where they count nothing named, the others must agree.
        let en = "With 4 players and five cards: any 3 actions in turn.";
        assert_eq!(place_of(3, de, Lang::De, en, Lang::En), None);
    }

    /// The points a person would otherwise answer, decided on the
    /// evidence `decide` states: the value's own words and its quotes'
    /// shared meanings in the sentence and none of another value's; for a
    /// number, the one every known edition states, printed.
    #[test]
    fn a_point_is_set_only_where_its_sentence_names_that_value_alone() {
        use crate::rules::Store;
        let store = Store::open(crate::data::DataSource::Embedded).expect("store");
        let knowledge = Knowledge::from_store(&store).expect("knowledge");
        let fresh = || {
            let mut ed = store.edition("dpc-2019-en").expect("edition").clone();
            for r in ed.rules_mut() {
                r.params = Params::default();
            }
            ed
        };
        let number_of = |ed: &Edition, concept: &str| {
            ed.rules()
                .find(|r| r.concept == concept)
                .map(|r| r.number.clone())
                .expect("rule")
        };
        let decided = |concept: &str, key: &str, value: Value, sentence: &str| {
            let mut ed = fresh();
            let mut doubts = vec![Doubt {
                key: key.to_string(),
                rule: number_of(&ed, concept),
                readings: vec![value],
                sentence: sentence.to_string(),
            }];
            let found = decide(&mut ed, &knowledge, &mut doubts);
            assert_eq!(found.len() + doubts.len(), 1);
            found.first().map(|f| f.value.clone())
        };
        let left = Value::from("first-left-of-button");
        let rows: [(&str, &str, Value, &str, bool); 12] = [
            (
                "odd-chips",
                "odd_chip_recipient",
                left.clone(),
                "The odd chip goes to the first player to the left of the button.",
                true,
            ),
            // A room that changed the value: its own words are not all there.
            (
                "odd-chips",
                "odd_chip_recipient",
                left,
                "The odd chip goes to the first player to the right of the dealer.",
                false,
            ),
            // Another value's own words stand in the sentence.
            (
                "binding-declarations-undercalls",
                "undercall_preflop_opener",
                Value::from("big-blind"),
                "The pre-flop opener is the first raise, not the big blind.",
                false,
            ),
            (
                "substantial-action",
                "sa_chip_actions",
                Value::from(2),
                "any 2 actions in turn, at least one of which puts chips in the pot",
                true,
            ),
            // A number no known edition states.
            (
                "substantial-action",
                "sa_chip_actions",
                Value::from(4),
                "any 4 actions in turn, at least one of which puts chips in the pot",
                false,
            ),
            // The number is not printed.
            (
                "substantial-action",
                "sa_chip_actions",
                Value::from(2),
                "any actions in turn, at least one of which puts chips in the pot",
                false,
            ),
            // All known quotes share one meaning only (card); two of them
            // carry any as well, which the sentence prints.
            (
                "misdeals",
                "misdeal_exposed_downcards",
                Value::from(2),
                "any other 2 downcards are exposed by dealer error",
                true,
            ),
            // Card alone: too little.
            (
                "misdeals",
                "misdeal_exposed_downcards",
                Value::from(2),
                "2 other downcards are exposed by dealer error",
                false,
            ),
            // The hand of a dead hand stands in it, not the dead hand.
            (
                "calling-clock",
                "clock_expiry_not_facing_bet",
                Value::from("check"),
                "if not facing a bet, the hand is checked",
                true,
            ),
            // The other value's whole name stands in it.
            (
                "calling-clock",
                "clock_expiry_not_facing_bet",
                Value::from("check"),
                "if facing a bet the hand is dead, if not facing a bet it is checked",
                false,
            ),
            // The old level is the previous one.
            (
                "new-hand-new-limits",
                "old_level_after_sa",
                Value::from("finish"),
                "If a hand starts in the previous level by mistake, the hand is finished where substantial action has occurred.",
                true,
            ),
            (
                "new-hand-new-limits",
                "old_level_after_sa",
                Value::from("finish"),
                "If a hand starts in the next level by mistake, the hand is finished where substantial action has occurred.",
                false,
            ),
        ];
        for (concept, key, value, sentence, set) in rows {
            let want = set.then(|| value.clone());
            assert_eq!(decided(concept, key, value, sentence), want, "{sentence}");
        }
    }

    /// A value is named by any way the language file says it, not only
    /// its definition ("a share of the prize" is share-places), in every
    /// language; another value's own words in the sentence still refute
    /// it.
    #[test]
    fn a_value_is_read_by_another_way_its_gloss_says_it() {
        use crate::import::knowledge::Books;
        use crate::rules::Store;
        let store = Store::open(crate::data::DataSource::Embedded).expect("store");
        // Knowing one edition's quote of the value: its definition and the
        // sentence's words decide.
        let knowledge = Knowledge::from_store(&store)
            .expect("knowledge")
            .without("onk-2023-nl", &Books::new());
        let decided = |lang: Lang, sentence: &str| {
            let mut ed = store.edition("tda-2019-sk").expect("edition").clone();
            ed.language = lang;
            let rule = ed
                .rules_mut()
                .find(|r| r.concept == "hand-for-hand")
                .expect("rule");
            rule.params = Params::default();
            let number = rule.number.clone();
            let mut doubts = vec![Doubt {
                key: "hand_for_hand_payout".to_string(),
                rule: number,
                readings: vec![Value::from("share-places")],
                sentence: sentence.to_string(),
            }];
            let found = decide(&mut ed, &knowledge, &mut doubts);
            found.first().map(|f| f.value.clone())
        };
        let share = Some(Value::from("share-places"));
        let rows: [(Lang, &str, Option<Value>); 6] = [
            (
                Lang::En,
                "Players busted in the current hand are eligible for a share of the prize money.",
                share.clone(),
            ),
            (
                Lang::Nl,
                "Spelers die in de huidige hand bust gaan komen in aanmerking voor een deel van het prijzengeld.",
                share.clone(),
            ),
            (
                Lang::De,
                "Spieler, die in der laufenden Hand ausscheiden, erhalten einen Teil des Preisgeldes.",
                share.clone(),
            ),
            (
                Lang::Sk,
                "Hráči vypadnutí v aktuálnej ruke dostanú podiel z výhry.",
                share,
            ),
            // The prize alone: no share.
            (
                Lang::En,
                "Players busted in the current hand are paid the prize money.",
                None,
            ),
            // The same prize as one place: the other value's own words.
            (
                Lang::Nl,
                "De spelers krijgen een deel van het prijzengeld, elk dezelfde prijs.",
                None,
            ),
        ];
        for (lang, sentence, want) in rows {
            assert_eq!(decided(lang, sentence), want, "{sentence}");
        }
    }

    /// A value whose name says less than another's in the same words
    /// ("less than the pot" within "less than or equal to the pot") does not
    /// speak against the wider one, and among candidates is read where the
    /// wider one's own words are absent.
    #[test]
    fn a_narrower_value_is_read_where_the_wider_ones_own_words_are_absent() {
        use crate::rules::Store;
        let store = Store::open(crate::data::DataSource::Embedded).expect("store");
        let knowledge = Knowledge::from_store(&store).expect("knowledge");
        let decided = |readings: &[&str], sentence: &str| {
            let mut ed = store.edition("dpc-2019-en").expect("edition").clone();
            for r in ed.rules_mut() {
                r.params = Params::default();
            }
            let rule = ed
                .rules()
                .find(|r| r.concept == "unclear-bets")
                .map(|r| r.number.clone())
                .expect("rule");
            let mut doubts = vec![Doubt {
                key: "unclear_bet_reading".to_string(),
                rule,
                readings: readings.iter().map(|r| Value::from(*r)).collect(),
                sentence: sentence.to_string(),
            }];
            let found = decide(&mut ed, &knowledge, &mut doubts);
            found.first().map(|f| f.value.clone())
        };
        let wider = "If a declared bet can have several meanings, it is ruled the highest \
                     reasonable amount that is less than or equal to the pot before the bet.";
        let below = "If a declared bet can have several meanings, it is ruled the most \
                     reasonable bet that is less than the pot.";
        let rows: [(&[&str], &str, Option<&str>); 6] = [
            (&["at-most-pot"], wider, Some("at-most-pot")),
            (&["below-pot"], below, Some("below-pot")),
            (&["at-most-pot", "below-pot"], below, Some("below-pot")),
            // The wider value's own word (equal) stands in the sentence.
            (&["below-pot"], wider, None),
            // Its own word is missing: the value the sentence names
            // instead.
            (&["at-most-pot"], below, Some("below-pot")),
            // Neither names the pot: the value the sentence names, which
            // the point did not offer.
            (
                &["at-most-pot", "below-pot"],
                "If a bet can be read two ways, the smaller bet is taken.",
                Some("smaller"),
            ),
        ];
        for (readings, sentence, want) in rows {
            assert_eq!(
                decided(readings, sentence),
                want.map(Value::from),
                "{readings:?} {sentence}"
            );
        }
    }

    /// A number is read by its key's own name: the unit its last word
    /// names, in a sentence that speaks of what its other words say, one
    /// value only; never where a reader left it open or a point offers
    /// another value.
    #[test]
    fn a_number_is_read_by_the_unit_and_words_of_its_own_name() {
        use crate::rules::Store;
        let store = Store::open(crate::data::DataSource::Embedded).expect("store");
        let knowledge = Knowledge::from_store(&store).expect("knowledge");
        let read = |concept: &str, title: &str, text: &str, open: &[Value], fixed: bool| {
            let mut ed = store.edition("dpc-2019-en").expect("edition").clone();
            let mut number = String::new();
            for r in ed.rules_mut() {
                r.params = Params::default();
                if r.concept == concept {
                    r.title = title.to_string();
                    r.text = text.to_string();
                    r.parts.clear();
                    r.tail.clear();
                    r.examples.clear();
                    number.clone_from(&r.number);
                }
            }
            let key = match concept {
                "rebuys" => "rebuy_threshold_percent",
                "calling-clock" => "clock_seconds",
                _ => "min_raise_multiple",
            };
            let mut doubts: Vec<Doubt> = (!open.is_empty())
                .then(|| Doubt {
                    key: key.to_string(),
                    rule: number.clone(),
                    readings: open.to_vec(),
                    sentence: String::new(),
                })
                .into_iter()
                .collect();
            let fixed: BTreeSet<(String, String)> = fixed
                .then(|| (number.clone(), key.to_string()))
                .into_iter()
                .collect();
            let found = by_unit(&mut ed, &knowledge, &mut doubts, &fixed);
            let value = found.iter().find(|f| f.key == key).map(|f| f.value.clone());
            if value.is_some() {
                assert!(doubts.is_empty(), "a point settled is no point");
            }
            value
        };
        let rebuy = "A player with 50% or less of the starting stack may rebuy.";
        assert_eq!(read("rebuys", "Chips", rebuy, &[], false), Some(v(50)));
        // Two values of the unit: which one is the key's is not told.
        let two = "A player with 50% or less may rebuy; one with 20% or less must rebuy.";
        assert_eq!(read("rebuys", "Chips", two, &[], false), None);
        // Nothing of the key's other words, in the sentence or the title.
        let silent = "A player with 50% or less of the starting stack may add chips.";
        assert_eq!(read("rebuys", "Chips", silent, &[], false), None);
        assert_eq!(read("rebuys", "Rebuys", silent, &[], false), Some(v(50)));
        // A point offering that value is settled; one offering another
        // stays a point.
        assert_eq!(read("rebuys", "Chips", rebuy, &[v(50)], false), Some(v(50)));
        assert_eq!(read("rebuys", "Chips", rebuy, &[v(60)], false), None);
        // A clock its reader left open (25 seconds, then 5 counted down:
        // 25 or 30 in all) is not read by the unit.
        let clock = "The player has 25 seconds on the clock.";
        assert_eq!(read("calling-clock", "Clock", clock, &[v(25)], true), None);
        // The unit by the meaning of the key's last word: a multiple is
        // counted in times.
        let min = "Min RAISE = 2 times of prior bet";
        assert_eq!(read("raise-amounts", "Raises", min, &[], false), Some(v(2)));
    }

    /// A house rule's age is counted in years (the unit whose words mean
    /// what the key's last word means), where it speaks of a minimum.
    #[test]
    fn an_age_is_read_in_years_where_the_house_rule_speaks_of_a_minimum() {
        use crate::rules::Store;
        let store = Store::open(crate::data::DataSource::Embedded).expect("store");
        let knowledge = Knowledge::from_store(&store).expect("knowledge");
        let read = |text: &str| {
            let mut ed = store.edition("pokerpunt-nl").expect("edition").clone();
            for r in ed.rules_mut() {
                r.params = Params::default();
                if r.concept == "club-minimum-age" {
                    r.title.clear();
                    r.text = text.to_string();
                }
            }
            let found = by_unit(&mut ed, &knowledge, &mut Vec::new(), &BTreeSet::new());
            found
                .into_iter()
                .find(|f| f.key == "minimum_age")
                .map(|f| f.value)
        };
        let rows: [(&str, Option<Value>); 4] = [
            (
                "Om deel te mogen nemen aan onze toernooien moet je minimaal 21 jaar oud zijn.",
                Some(v(21)),
            ),
            ("Spelers moeten ten minste 18 jaar zijn.", Some(v(18))),
            // Years, but no minimum.
            ("Onze club organiseert al 21 jaar toernooien.", None),
            // A minimum, but no years.
            ("Je moet minimaal 21 fiches hebben.", None),
        ];
        for (text, want) in rows {
            assert_eq!(read(text), want, "{text}");
        }
    }

    /// A yes/no is read where a sentence of its rule carries every meaning
    /// of its name or of its gloss, in any language; a sentence that also
    /// says "no" is a point with both readings, and one without those
    /// meanings is silent.
    #[test]
    fn a_yes_or_no_is_read_by_its_own_name_unless_the_sentence_says_no() {
        let knowledge = bundled_knowledge();
        let read = |edition: &str, text: &str| {
            let (found, open) = by_name_in(&knowledge, edition, "chip-count", text);
            let found: Vec<Value> = found
                .into_iter()
                .filter(|f| f.key == "count_request_in_turn")
                .map(|f| f.value)
                .collect();
            let open: Vec<Vec<Value>> = open
                .into_iter()
                .filter(|d| d.key == "count_request_in_turn")
                .map(|d| d.readings)
                .collect();
            (found, open)
        };
        let yes = (vec![Value::Bool(true)], Vec::new());
        assert_eq!(
            read(
                "dpc-2019-en",
                "A player may request a more precise count only if facing an all-in bet and it is his or her turn to act."
            ),
            yes
        );
        assert_eq!(
            read(
                "tda-2015-de",
                "Ein Spieler kann nur um eine genauere Zählung bitten, wenn er an der Reihe ist."
            ),
            yes
        );
        // Silent on whose turn it is: nothing read.
        assert_eq!(
            read(
                "dpc-2019-en",
                "A player may request a more precise count only if facing an all-in bet."
            ),
            (Vec::new(), Vec::new())
        );
        // In turn by the key's gloss: facing the action.
        assert_eq!(
            read(
                "onk-2023-nl",
                "Spelers mogen alleen vragen om een exacte chipcount als ze worden \
                 geconfronteerd met een all-in bet en de actie bij hen is."
            ),
            yes
        );
        assert_eq!(
            read(
                "pokerpunt-nl",
                "Spelers mogen alleen vragen om een exacte chipcount als ze worden \
                 geconfronteerd met een all-in bet."
            ),
            (Vec::new(), Vec::new())
        );
        assert_eq!(
            read(
                "dpc-2019-en",
                "A player may request a precise count at any time, not only in turn."
            ),
            (
                Vec::new(),
                vec![vec![Value::Bool(true), Value::Bool(false)]]
            )
        );
    }

    /// That an action as time runs out counts is read by the key's name (a
    /// tie, the player) or its gloss (an action in the last second of the
    /// countdown, accepted), in any language; a sentence that says "no" is
    /// a point, and the countdown alone says nothing of it.
    #[test]
    fn a_tie_on_the_clock_is_read_by_its_name_or_its_gloss() {
        let knowledge = bundled_knowledge();
        let read = |edition: &str, text: &str| {
            let (found, open) = by_name_in(&knowledge, edition, "calling-clock", text);
            let key = "clock_tie_to_player";
            let found: Vec<Value> = found
                .into_iter()
                .filter(|f| f.key == key)
                .map(|f| f.value)
                .collect();
            let open: Vec<Vec<Value>> = open
                .into_iter()
                .filter(|d| d.key == key)
                .map(|d| d.readings)
                .collect();
            (found, open)
        };
        let yes = || (vec![Value::Bool(true)], Vec::new());
        let silent = || (Vec::new(), Vec::new());
        let both = || {
            (
                Vec::new(),
                vec![vec![Value::Bool(true), Value::Bool(false)]],
            )
        };
        type Read = (Vec<Value>, Vec<Vec<Value>>);
        let rows: [(&str, &str, Read); 14] = [
            ("dpc-2019-en", "A tie goes to the player.", yes()),
            (
                "tda-2015-de",
                "Eine Aktion in der letzten Sekunde des Countdowns wird akzeptiert.",
                yes(),
            ),
            (
                "tda-2019-sk",
                "Akcia v poslednej sekunde odpočítavania je akceptovaná.",
                yes(),
            ),
            (
                "onk-2023-nl",
                "Een actie in de laatste seconde van de countdown wordt geaccepteerd.",
                yes(),
            ),
            (
                "pokerpunt-nl",
                "Bij een remise met de klok is de speler in het voordeel.",
                yes(),
            ),
            // The countdown, but nothing of what counts at its end.
            (
                "dpc-2019-en",
                "The last 5 seconds are counted down by the dealer.",
                silent(),
            ),
            (
                "tda-2015-de",
                "Die letzten 10 Sekunden werden als Countdown heruntergezählt.",
                silent(),
            ),
            // A tie, but not the player's.
            ("dpc-2019-en", "A tie is decided by the floor.", silent()),
            // Said with a "no": left to a person.
            (
                "tda-2015-de",
                "Eine Aktion in der letzten Sekunde des Countdowns wird nicht akzeptiert.",
                both(),
            ),
            ("dpc-2019-en", "A tie does not go to the player.", both()),
            // Another way to say it: acting exactly as the time runs out is
            // to the player's advantage.
            (
                "pokerpunt-nl",
                "Is er gehandeld op precies 0 seconden dan is de speler in het voordeel.",
                yes(),
            ),
            (
                "tda-2019-sk",
                "Ak hráč koná presne v okamihu, keď čas vyprší, je to v prospech hráča.",
                yes(),
            ),
            (
                "pokerpunt-nl",
                "De speler heeft precies 30 seconden de tijd.",
                silent(),
            ),
            (
                "pokerpunt-nl",
                "Het voordeel van de klok is dat het spel doorgaat.",
                silent(),
            ),
        ];
        for (edition, text, want) in rows {
            assert_eq!(read(edition, text), want, "{text}");
        }
    }

    /// Table sizes are the players counted at one table after a word for a
    /// table, or said handed before one, in any language; the players of
    /// each of several tables, a bound, and a count before any table word
    /// are none.
    #[test]
    fn table_sizes_are_the_players_counted_at_one_table() {
        let knowledge = bundled_knowledge();
        // The German edition's rule, in the sentence's language.
        let read = |lang: Lang, text: &str| {
            let (mut ed, number) = edition_saying("tda-2015-de", "final-table-size", text);
            ed.language = lang;
            for r in ed.rules_mut().filter(|r| r.number == number) {
                r.title.clear();
                r.examples.clear();
            }
            by_table(&mut ed, &knowledge, &[])
                .into_iter()
                .find(|f| f.key == "final_table_players")
                .map(|f| f.value)
        };
        let sizes = |n: &[u32]| Some(Value::from(n.to_vec()));
        let rows: [(Lang, &str, Option<Value>); 12] = [
            (
                Lang::En,
                "The final table starts with 10 players; 8-handed events with 9, 6-handed events with 7.",
                sizes(&[10, 9, 7]),
            ),
            (
                Lang::De,
                "9-Handed Turniere starten den Finaltisch mit 10 Spielern, 8-Handed Turniere mit 9. \
                 Kein Finaltisch sollte mehr als 10 Spieler haben.",
                sizes(&[10, 9]),
            ),
            (
                Lang::Nl,
                "Twee tafels van elk vijf spelers worden gecombineerd tot een 9-handed finaletafel.",
                sizes(&[9]),
            ),
            (
                Lang::Sk,
                "Hráči z dvoch stolov po 5 hráčov sa spoja na finálový stôl s počtom hráčov 9.",
                sizes(&[9]),
            ),
            // The players of each of two tables.
            (
                Lang::En,
                "Two tables of five players each are combined at the final table break.",
                None,
            ),
            // A bound, not a size.
            (
                Lang::En,
                "No final table should have more than 10 players.",
                None,
            ),
            (
                Lang::Nl,
                "Een finaletafel kan nooit meer dan 10 spelers hebben.",
                None,
            ),
            // Players counted before any table is named.
            (
                Lang::Nl,
                "Bij 9-handed toernooien starten 10 spelers aan de finaletafel.",
                None,
            ),
            // Handed tables, but not final ones.
            (
                Lang::Nl,
                "Bij grote drukte gaan we terug naar 9-handed tafels.",
                None,
            ),
            // Handed, but of events, not of a table.
            (Lang::En, "The final table of 9-handed events.", None),
            // Minutes, not players; a number alone with no size before it.
            (Lang::De, "Der Finaltisch beginnt nach 10 Minuten.", None),
            (Lang::De, "Der Finaltisch beginnt mit 9.", None),
        ];
        for (lang, text, want) in rows {
            assert_eq!(read(lang, text), want, "{text}");
        }
    }

    /// A type of one value is read where a sentence of its rule carries
    /// every meaning of the value's name, in any language; a sentence that
    /// also says "no" is a point, and one without those meanings is silent.
    #[test]
    fn a_value_of_a_one_value_type_is_read_by_its_own_name() {
        let knowledge = bundled_knowledge();
        let read = |edition: &str, text: &str| {
            let (found, open) = by_name_in(&knowledge, edition, "odd-chips", text);
            let odd = |key: &str| key == "hi_lo_identical" || key == "stud_odd_chip";
            let found: Vec<(String, Value)> = found
                .into_iter()
                .filter(|f| odd(&f.key))
                .map(|f| (f.key, f.value))
                .collect();
            let open: Vec<(String, Vec<Value>)> = open
                .into_iter()
                .filter(|d| odd(&d.key))
                .map(|d| (d.key, d.readings))
                .collect();
            (found, open)
        };
        let even = || ("hi_lo_identical".to_string(), Value::from("even-split"));
        let suit = || {
            (
                "stud_odd_chip".to_string(),
                Value::from("high-card-by-suit"),
            )
        };
        // What is set, and what is left to a person, by key.
        type Set = Vec<(String, Value)>;
        type Open = Vec<(String, Vec<Value>)>;
        let rows: [(&str, &str, Set, Open); 5] = [
            (
                "tda-2015-de",
                "Wenn die gleiche Hände High und Low gewinnen, wird der Pot so gleichmäßig wie möglich aufgeteilt.",
                vec![even()],
                vec![],
            ),
            (
                "tda-2019-sk",
                "V hrách Stud bude tento žetón pridelený hráčovi s najvyššou kartou podľa postupnosti farieb.",
                vec![suit()],
                vec![],
            ),
            // The pot is split, but nothing says evenly.
            (
                "tda-2015-de",
                "Bei High/Low Spielen wird der Pot aufgeteilt.",
                vec![],
                vec![],
            ),
            // The highest card, but no suit.
            (
                "dpc-2019-en",
                "In stud the odd chip goes to the highest card.",
                vec![],
                vec![],
            ),
            (
                "dpc-2019-en",
                "Identical high and low hands: the pot is not split as evenly as possible.",
                vec![],
                vec![("hi_lo_identical".to_string(), vec![even().1])],
            ),
        ];
        for (edition, text, found, open) in rows {
            assert_eq!(read(edition, text), (found, open), "{text}");
        }
    }

    /// A clock's expiry stated without a word of a bet is stated whether a
    /// bet is faced or not; a sentence that speaks of a bet, or a point
    /// holding the other, leaves the other unset.
    #[test]
    fn an_outcome_that_names_no_bet_is_the_outcome_facing_one_or_not() {
        let knowledge = bundled_knowledge();
        let read = |edition: &str, sentence: &str, held: bool| {
            let (mut ed, number) = bundled_rule(edition, "calling-clock");
            for r in ed.rules_mut() {
                r.params = Params::default();
            }
            let dead = Value::from("dead-hand");
            let found = vec![Found {
                key: "clock_expiry_facing_bet".to_string(),
                value: dead.clone(),
                rule: number.clone(),
                sentence: sentence.to_string(),
            }];
            if let Some(rule) = ed.rules_mut().find(|r| r.number == number) {
                set(rule, "clock_expiry_facing_bet", &dead);
            }
            let doubts: Vec<Doubt> = held
                .then(|| Doubt {
                    key: "clock_expiry_not_facing_bet".to_string(),
                    rule: number.clone(),
                    readings: vec![Value::from("check")],
                    sentence: sentence.to_string(),
                })
                .into_iter()
                .collect();
            alike(&mut ed, &knowledge, &found, &doubts)
                .into_iter()
                .map(|f| (f.key, f.value))
                .collect::<Vec<_>>()
        };
        let dead = vec![(
            "clock_expiry_not_facing_bet".to_string(),
            Value::from("dead-hand"),
        )];
        let countdown = "Hat der Spieler nicht vor Ablauf des Countdowns agiert, ist seine Hand \
                         automatisch tot.";
        // The edition, the sentence, whether a point holds the other, and
        // what is set.
        type Set = Vec<(String, Value)>;
        let rows: [(&str, &str, bool, Set); 3] = [
            ("tda-2015-de", countdown, false, dead),
            (
                "dpc-2019-en",
                "If the player faces a bet and time expires, the hand is dead.",
                false,
                vec![],
            ),
            ("tda-2015-de", countdown, true, vec![]),
        ];
        for (edition, sentence, held, want) in rows {
            assert_eq!(read(edition, sentence, held), want, "{sentence}");
        }
    }

    /// A number point the sentence it quotes does not settle is settled by
    /// the sentence of its rule that prints the number as the known quotes
    /// do (the stud sentence of a misdeal rule looks like the flop one); a
    /// sentence that prints another number so, or a rule with no such
    /// sentence, leaves it to a person.
    #[test]
    fn a_point_is_settled_by_the_sentence_of_its_rule_that_states_it() {
        let knowledge = bundled_knowledge();
        let stud = "In Stud-Spielen, falls irgendeine der ersten 2 Face-down Karten durch einen \
                    Dealerfehler aufgedeckt wird;";
        let flop = "In Flop-Spielen, falls durch einen Dealerfehler eine der ersten 2 \
                    ausgeteilten Karten oder irgendwelche 2 Face-down Karten aufgedeckt werden.";
        let three = "In Flop-Spielen, falls irgendwelche 3 Face-down Karten aufgedeckt werden.";
        let read = |text: &str| {
            let (mut ed, number) = edition_saying("tda-2015-de", "misdeals", text);
            let mut doubts = vec![Doubt {
                key: "misdeal_exposed_downcards".to_string(),
                rule: number,
                readings: vec![Value::from(2)],
                sentence: stud.to_string(),
            }];
            let found: Vec<(Value, String)> = decide(&mut ed, &knowledge, &mut doubts)
                .into_iter()
                .map(|f| (f.value, f.sentence))
                .collect();
            (found, doubts.len())
        };
        // The rule's text, and what is set (with its sentence) and how many
        // points stay.
        type Read = (Vec<(Value, String)>, usize);
        let rows: [(String, Read); 4] = [
            (
                format!("{stud} {flop}"),
                (vec![(Value::from(2), flop.to_string())], 0),
            ),
            (stud.to_string(), (vec![], 1)),
            (format!("{stud} {flop} {three}"), (vec![], 1)),
            (format!("{stud} {three}"), (vec![], 1)),
        ];
        for (text, want) in rows {
            assert_eq!(read(&text), want, "{text}");
        }
    }

    /// Values that deny different things (not dealt in, never seated) are
    /// told apart by what the sentence's own "not" or "except" bears on,
    /// in every language.
    #[test]
    fn a_value_is_read_by_what_the_sentences_no_bears_on() {
        let c = cues();
        let en = c.words.of(Lang::En);
        let read = |lang: Lang, sentence: &str| {
            let d = Doubt {
                key: "new_player_between_sb_button".to_string(),
                rule: "8".to_string(),
                readings: vec![Value::from("dealt-out")],
                sentence: sentence.to_string(),
            };
            denied(&d, c.words.of(lang), en).map(|(v, _)| v)
        };
        let rows: [(Lang, &str, Option<&str>); 10] = [
            (
                Lang::En,
                "They draw a seat and are dealt in except between the small blind and button.",
                Some("dealt-out"),
            ),
            (
                Lang::De,
                "Sie werden auf eine Position gesetzt und können, außer zwischen Small-Blind und Button, sofort mitspielen.",
                Some("dealt-out"),
            ),
            (
                Lang::Nl,
                "Wanneer deze geplaatst wordt tussen de small blind en de button wordt de speler niet ingedeeld.",
                Some("dealt-out"),
            ),
            (
                Lang::Nl,
                "Ze krijgen een willekeurige plaats, met uitzondering van de plek tussen de Small Blind en Button.",
                Some("never-seated"),
            ),
            (
                Lang::En,
                "They are never seated between the small blind and the button.",
                Some("never-seated"),
            ),
            // Between the blinds only: the narrower value.
            (
                Lang::Sk,
                "Karty im nebudú rozdané, ak dostanú miesto medzi blindami.",
                Some("dealt-out-between-blinds"),
            ),
            // No word says no.
            (
                Lang::En,
                "They are dealt in between the small blind and the button.",
                None,
            ),
            // Two words that say no, bearing on different things.
            (
                Lang::En,
                "They are never seated there and not dealt in between the small blind and the button.",
                None,
            ),
            // What is denied, without where.
            (Lang::En, "They are not dealt in.", None),
            // A word that says no and nothing denied near it.
            (
                Lang::Nl,
                "Niet alle spelers zitten tussen de small blind en de button.",
                None,
            ),
        ];
        for (lang, sentence, want) in rows {
            assert_eq!(read(lang, sentence), want.map(Value::from), "{sentence}");
        }
    }

    /// A choice is read by the value its rule alone names in the value's
    /// own words, whatever the point offered; never where another value is
    /// named too or the sentence does not refute the others.
    #[test]
    fn a_choice_is_read_by_the_one_value_its_rule_names() {
        let c = cues();
        let en = c.words.of(Lang::En);
        let read = |edition: &str, concept: &str, key: &str, text: &str, sentence: &str| {
            let (ed, number) = edition_saying(edition, concept, text);
            let d = Doubt {
                key: key.to_string(),
                rule: number,
                readings: vec![Value::from("big-blind")],
                sentence: sentence.to_string(),
            };
            named_in_rule(&ed, &d, c.words.of(ed.language), en).map(|(v, _)| v)
        };
        let undercall = (
            "tda-2019-sk",
            "binding-declarations-undercalls",
            "undercall_preflop_opener",
        );
        let unclear = ("tda-2015-de", "unclear-bets", "unclear_bet_reading");
        let hi_lo = ("tda-2019-sk", "odd-chips", "hi_lo_odd_chip");
        // (edition, concept, key) of the rule; its text; the value read.
        type Row<'a> = ((&'a str, &'a str, &'a str), &'a str, Option<&'a str>);
        let rows: [Row; 9] = [
            (
                undercall,
                "Otváracia stávka je prvá stávka v každom stávkovom kole. Pred flopom je otváracia stávka prvý raise po blindoch.",
                Some("first-raise"),
            ),
            // Both values named.
            (
                undercall,
                "Pred flopom je otváracia stávka prvý raise po blindoch, nie veľký blind.",
                None,
            ),
            // A name of one meaning that the others' names say more than.
            (
                unclear,
                "Ist eine Bet unklar, ist diejenige zu wählen, die der kleineren Bet entspricht.",
                Some("smaller"),
            ),
            (
                unclear,
                "Ist eine Bet unklar, gilt die Bet, die kleiner als der Pot ist.",
                Some("below-pot"),
            ),
            (
                unclear,
                "Ist eine Bet unklar, gilt die Bet, die kleiner oder gleich dem Pot ist.",
                Some("at-most-pot"),
            ),
            // Nothing named.
            (unclear, "Ist eine Bet unklar, gilt die größere Bet.", None),
            // A type of one value: its two meanings, near.
            (
                hi_lo,
                "Pri H/L hrách bude žetón pridelený do high banku.",
                Some("high-half"),
            ),
            (
                hi_lo,
                "Nepárny žetón dostane hráč s najvyššou kartou.",
                None,
            ),
            (
                hi_lo,
                "Hráč s high kartou, ktorý sedí naľavo od buttonu, dostane nepárny žetón z banku.",
                None,
            ),
        ];
        for ((edition, concept, key), text, want) in rows {
            assert_eq!(
                read(edition, concept, key, text, text),
                want.map(Value::from),
                "{text}"
            );
        }
        // The point's own sentence speaks of the value in part: it may
        // state it otherwise.
        let (edition, concept, key) = hi_lo;
        let high = "Pri H/L hrách bude žetón pridelený do high banku.";
        let part = "Pri H/L hrách bude žetón pridelený hráčovi s high kartou.";
        let text = format!("{part} {high}");
        assert_eq!(read(edition, concept, key, &text, part), None);
        // ... and one that speaks of other things does not.
        let other = "Nepárny žetón dostane hráč naľavo od buttonu.";
        let text = format!("{other} {high}");
        assert_eq!(
            read(edition, concept, key, &text, other),
            Some(Value::from("high-half"))
        );
        // A point quoting words its rule does not print is read in them.
        assert_eq!(read(edition, concept, key, high, other), None);
    }

    /// The parts of a rule that speak of a parameter (its key's own
    /// words: pot limit) are where its choice is read; a point quoting
    /// another part (no limit) is not settled by that sentence.
    #[test]
    fn a_choice_is_read_in_the_part_of_its_rule_that_speaks_of_it() {
        let c = cues();
        let en = c.words.of(Lang::En);
        let key = "pot_limit_underbet_window";
        let no_limit = "A: In No limit: Een Bet lager dan het minimum wordt op ieder moment van de huidige bet ronde gecorrigeerd.";
        let read = |text: &str| {
            let (ed, number) = edition_saying("onk-2023-nl", "incorrect-bets", text);
            let d = Doubt {
                key: key.to_string(),
                rule: number,
                readings: vec![Value::from("current-street")],
                sentence: no_limit.to_string(),
            };
            named_in_rule(&ed, &d, c.words.of(Lang::Nl), en).map(|(v, _)| v)
        };
        let rows: [(String, Option<&str>); 4] = [
            (
                format!(
                    "{no_limit} B: In Pot Limit: Als de bet te laag is, wordt deze gecorrigeerd totdat er een bindende actie is geweest."
                ),
                Some("until-substantial-action"),
            ),
            (
                format!(
                    "{no_limit} B: In Pot Limit: Als de bet te laag is, wordt deze in de huidige ronde gecorrigeerd."
                ),
                Some("current-street"),
            ),
            // No part speaks of pot limit: the whole rule, naming both.
            (
                format!(
                    "{no_limit} Als de bet te laag is, wordt deze gecorrigeerd totdat er een bindende actie is geweest."
                ),
                None,
            ),
            // The pot limit part names no value.
            (
                format!(
                    "{no_limit} B: In Pot Limit: Als de bet te laag is, beslist de toernooileiding."
                ),
                None,
            ),
        ];
        for (text, want) in rows {
            assert_eq!(read(&text), want.map(Value::from), "{text}");
        }
        // The point's own sentence, outside the pot limit part, settles
        // nothing.
        let knowledge = bundled_knowledge();
        let settled = |text: &str, sentence: &str| {
            let (mut ed, number) = edition_saying("onk-2023-nl", "incorrect-bets", text);
            let mut doubts = vec![Doubt {
                key: key.to_string(),
                rule: number,
                readings: vec![Value::from("current-street")],
                sentence: sentence.to_string(),
            }];
            decide(&mut ed, &knowledge, &mut doubts)
                .into_iter()
                .map(|f| f.value)
                .collect::<Vec<_>>()
        };
        let pot_limit = "B: In Pot Limit: Als de bet te laag is, beslist de toernooileiding.";
        assert_eq!(
            settled(&format!("{no_limit} {pot_limit}"), no_limit),
            Vec::<Value>::new()
        );
        let current =
            "B: In Pot Limit: Als de bet te laag is, wordt deze in de huidige ronde gecorrigeerd.";
        assert_eq!(
            settled(&format!("{no_limit} {current}"), current),
            vec![Value::from("current-street")]
        );
        for (sentence, label) in [
            ("A: In no limit", Some("A:")),
            ("B) Een bet", Some("B)")),
            ("Als de bet", None),
            ("A:B", None),
        ] {
            assert_eq!(inline_label(sentence).as_deref(), label, "{sentence}");
        }
    }

    /// A sentence that names another value of the type in that value's
    /// own words, and not the one read, names another.
    #[test]
    fn another_value_named_in_its_own_words_is_told() {
        let c = cues();
        let (en, sk) = (c.words.of(Lang::En), c.words.of(Lang::Sk));
        let key = "undercall_preflop_opener";
        let rows = [
            (
                "big-blind",
                "Pred flopom je otváracia stávka prvý raise po blindoch.",
                true,
            ),
            (
                "first-raise",
                "Pred flopom je otváracia stávka prvý raise po blindoch.",
                false,
            ),
            (
                "big-blind",
                "Pred flopom je otváracia stávka veľký blind.",
                false,
            ),
            // Both named: the one read is named too.
            (
                "big-blind",
                "Prvý raise nie je otváracia stávka, veľký blind je.",
                false,
            ),
        ];
        for (value, sentence, want) in rows {
            let here = said(&tokenize(sentence, sk), sk);
            assert_eq!(
                names_another(key, &Value::from(value), &here, en),
                want,
                "{value}: {sentence}"
            );
        }
    }

    /// A yes point is settled where a sentence of its rule states the key
    /// by its name or a gloss and none that does says no; a point on a
    /// rule of another topic is not.
    #[test]
    fn a_yes_point_is_settled_by_its_name_in_its_rule() {
        let knowledge = bundled_knowledge();
        let countdown = "De laatste vijf seconden zal er een countdown zijn.";
        let read = |concept: &str, text: &str| {
            let (mut ed, number) = edition_saying("pokerpunt-nl", concept, text);
            let mut doubts = vec![Doubt {
                key: "clock_tie_to_player".to_string(),
                rule: number,
                readings: vec![Value::Bool(true)],
                sentence: countdown.to_string(),
            }];
            let found: Vec<(Value, String)> = decide(&mut ed, &knowledge, &mut doubts)
                .into_iter()
                .map(|f| (f.value, f.sentence))
                .collect();
            (found, doubts.len())
        };
        let tie = "Is er gehandeld op precies 0 seconden dan is de speler in het voordeel.";
        let not = "Is er gehandeld op precies 0 seconden dan is de speler niet in het voordeel.";
        type Read = (Vec<(Value, String)>, usize);
        let rows: [(&str, String, Read); 4] = [
            (
                "calling-clock",
                format!("{countdown} {tie}"),
                (vec![(Value::Bool(true), tie.to_string())], 0),
            ),
            ("calling-clock", countdown.to_string(), (vec![], 1)),
            (
                "calling-clock",
                format!("{countdown} {tie} {not}"),
                (vec![], 1),
            ),
            // Not the clock's rule.
            ("chip-race", format!("{countdown} {tie}"), (vec![], 1)),
        ];
        for (concept, text, want) in rows {
            assert_eq!(read(concept, &text), want, "{concept}: {text}");
        }
    }

    /// What a clause opened by a concession names ("even when a pot is
    /// heads-up") is no value the sentence states: another value named
    /// there does not keep a point from the value the rest names.
    #[test]
    fn a_value_named_in_a_concession_is_not_stated() {
        let c = cues();
        let rows: [(Lang, &str, bool); 6] = [
            (
                Lang::De,
                "Es gibt eine Begrenzung, auch wenn ein Pot im Heads-Up ausgespielt wird, bis das Turnier auf zwei Spieler reduziert ist.",
                false,
            ),
            (
                Lang::De,
                "Die Begrenzung endet, wenn ein Pot im Heads-Up ausgespielt wird.",
                true,
            ),
            (
                Lang::En,
                "The cap holds even when the pot is heads-up, until the event is down to 2 players.",
                false,
            ),
            (Lang::En, "The cap ends when the pot is heads-up.", true),
            (
                Lang::Nl,
                "De limiet geldt ook als de pot heads-up is, tot het toernooi bij twee spelers is.",
                false,
            ),
            (
                Lang::Sk,
                "Obmedzenie platí, aj keď je pot heads-up, kým v turnaji nezostanú dvaja hráči.",
                false,
            ),
        ];
        for (lang, sentence, pot) in rows {
            let lw = c.words.of(lang);
            let told = said(&unconceded(sentence, lw), lw);
            assert_eq!(told.contains("pot"), pot, "{sentence}");
            // The words outside the concession are read.
            assert!(
                told.contains("player") || told.contains("level") || pot,
                "{sentence}"
            );
        }
        // In a point: the value the rest of the sentence names is set
        // (the German edition's own quote held out).
        let knowledge = knowledge_without("tda-2015-de");
        let read = |sentence: &str| {
            let (mut ed, number) = edition_saying("tda-2015-de", "number-of-raises", sentence);
            let mut doubts = vec![Doubt {
                key: "limit_cap_lifted".to_string(),
                rule: number,
                readings: vec![Value::from("event-heads-up")],
                sentence: sentence.to_string(),
            }];
            decide(&mut ed, &knowledge, &mut doubts)
                .into_iter()
                .map(|f| f.value)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            read(
                "In Limit-Varianten gibt es eine Begrenzung der Raises, auch wenn ein Pot im Heads-Up ausgespielt wird, solange bis das Turnier auf zwei Spieler reduziert worden ist."
            ),
            vec![Value::from("event-heads-up")]
        );
        assert_eq!(
            read(
                "In Limit-Varianten gibt es eine Begrenzung der Raises, wenn ein Pot im Heads-Up ausgespielt wird, solange bis das Turnier auf zwei Spieler reduziert worden ist."
            ),
            Vec::<Value>::new()
        );
    }

    /// An abbreviation means what the words it stands for mean: "BB" is
    /// big and blind, and names the big blind as its words would.
    #[test]
    fn an_abbreviation_means_what_its_words_mean() {
        let c = cues();
        let en = c.words.of(Lang::En);
        let rows: [(Lang, &str, &[&str]); 5] = [
            (Lang::En, "the posted BB", &["big", "blind"]),
            (
                Lang::Nl,
                "Pre-flop is de BB de openingsbet.",
                &["big", "blind", "opener"],
            ),
            (Lang::De, "SB und BB", &["big", "blind"]),
            // Not an abbreviation the language file has.
            (Lang::Sk, "big blindante (BBA)", &["big"]),
            (Lang::En, "the posted chips", &["chip"]),
        ];
        for (lang, text, want) in rows {
            let lw = c.words.of(lang);
            let got = said(&tokenize(text, lw), lw);
            let want: BTreeSet<String> = want.iter().map(|w| (*w).to_string()).collect();
            assert!(want.is_subset(&got), "{text}: {got:?}");
        }
        // A word that begins like one is not it.
        let sk = c.words.of(Lang::Sk);
        assert!(said(&tokenize("Platí sa BBA.", sk), sk).is_empty());
        // The big blind named by its abbreviation settles the choice.
        let read = |text: &str| {
            let (ed, number) =
                edition_saying("dpc-2019-en", "binding-declarations-undercalls", text);
            let d = Doubt {
                key: "undercall_preflop_opener".to_string(),
                rule: number,
                readings: vec![Value::from("big-blind"), Value::from("first-raise")],
                sentence: text.to_string(),
            };
            named_in_rule(&ed, &d, c.words.of(ed.language), en).map(|(v, _)| v)
        };
        assert_eq!(
            read(
                "The opening bet is the first chip bet of each round. In blind games the posted BB is the pre-flop opener."
            ),
            Some(Value::from("big-blind"))
        );
        assert_eq!(
            read(
                "The opening bet is the first chip bet of each round. In blind games the posted blinds open."
            ),
            None
        );
    }

    /// A bundled edition, to change, and the number of its rule on `concept`.
    /// What `by_name` reads of a bundled edition whose rule on `concept`
    /// says only `text`, every parameter of the edition unset.
    fn by_name_in(
        knowledge: &Knowledge,
        edition: &str,
        concept: &str,
        text: &str,
    ) -> (Vec<Found>, Vec<Doubt>) {
        let (mut ed, _) = edition_saying(edition, concept, text);
        by_name(&mut ed, knowledge, &[])
    }

    /// What the import knows from the bundled editions but `held`, as
    /// the leave-one-out knows it.
    fn knowledge_without(held: &str) -> Knowledge {
        let store = crate::rules::Store::open(crate::data::DataSource::Embedded).expect("store");
        let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seeds");
        let books = crate::import::eval::seed_books(&store, &seeds).expect("seeds");
        bundled_knowledge().without(held, &books)
    }

    /// What the import knows from the five bundled editions.
    fn bundled_knowledge() -> Knowledge {
        let store = crate::rules::Store::open(crate::data::DataSource::Embedded).expect("store");
        Knowledge::from_store(&store).expect("knowledge")
    }

    /// The bundled `edition`, no parameter set, its rule on `concept` (the
    /// number returned) saying `text` alone.
    fn edition_saying(edition: &str, concept: &str, text: &str) -> (Edition, String) {
        let (mut ed, number) = bundled_rule(edition, concept);
        for r in ed.rules_mut() {
            r.params = Params::default();
            if r.number == number {
                r.text = text.to_string();
                r.parts.clear();
                r.tail.clear();
            }
        }
        (ed, number)
    }

    fn bundled_rule(edition: &str, concept: &str) -> (Edition, String) {
        let store = crate::rules::Store::open(crate::data::DataSource::Embedded).expect("store");
        let ed = store.edition(edition).expect("edition").clone();
        let number = ed
            .rules()
            .find(|r| r.concept == concept)
            .map(|r| r.number.clone())
            .expect("rule");
        (ed, number)
    }

    /// A choice left between values is decided by a parameter its rule
    /// states that only one of them has: a chip race that starts at a seat
    /// races the chips.
    #[test]
    fn a_parameter_the_rule_states_decides_the_choice_it_implies() {
        let (mut ed, number) = bundled_rule("dpc-2019-en", "chip-race");
        let point = Doubt {
            key: "chip_race_method".to_string(),
            rule: number.clone(),
            readings: vec![Value::from("race"), Value::from("round-up")],
            sentence: String::new(),
        };
        assert_eq!(implied(&ed, &point), Some(Value::from("race")));
        // Only a candidate the words offered is taken.
        let other = Doubt {
            readings: vec![Value::from("round-up")],
            ..point.clone()
        };
        assert_eq!(implied(&ed, &other), None);
        // Without the seat or the chips a race is said by, nothing.
        for r in ed.rules_mut().filter(|r| r.number == number) {
            r.params = Params::default();
        }
        assert_eq!(implied(&ed, &point), None);
    }

    /// A sentence that states both outcomes, one per clause, gives the
    /// one its rule's other parameter of the type did not take.
    #[test]
    fn a_sentence_of_two_outcomes_gives_each_parameter_its_own() {
        let c = cues();
        let (en, sk) = (c.words.of(Lang::En), c.words.of(Lang::Sk));
        let (mut ed, number) = bundled_rule("tda-2019-sk", "calling-clock");
        let facing = |ed: &mut Edition, value: Option<&str>| {
            for r in ed.rules_mut().filter(|r| r.number == number) {
                r.params = Params::default();
                if let Some(value) = value {
                    assert!(set(r, "clock_expiry_facing_bet", &Value::from(value)));
                }
            }
        };
        let point = |sentence: &str| Doubt {
            key: "clock_expiry_not_facing_bet".to_string(),
            rule: number.clone(),
            readings: vec![Value::from("check")],
            sentence: sentence.to_string(),
        };
        let both =
            point("Ak čelí stávke, jeho ruka je mŕtva, ak nečelí stávke, jeho akcia je check.");
        facing(&mut ed, Some("dead-hand"));
        assert!(other_outcome(&ed, &both, "check", sk, en));
        // The other parameter not read: nothing tells which outcome is whose.
        facing(&mut ed, None);
        assert!(!other_outcome(&ed, &both, "check", sk, en));
        // Both values in one clause are no two outcomes.
        facing(&mut ed, Some("dead-hand"));
        let one = point("Jeho ruka je mŕtva a akcia je check.");
        assert!(!other_outcome(&ed, &one, "check", sk, en));
        // The other parameter took the same value: not the other outcome.
        facing(&mut ed, Some("check"));
        assert!(!other_outcome(&ed, &both, "check", sk, en));
    }

    #[test]
    fn a_sentence_splits_into_clauses_at_semicolons_and_inline_part_labels() {
        assert_eq!(
            clauses("Aktionen sind entweder A) zwei Aktionen oder B) drei Aktionen (Check, Bet)."),
            vec![
                "Aktionen sind entweder",
                "A) zwei Aktionen oder",
                "B) drei Aktionen (Check, Bet)."
            ]
        );
        assert_eq!(
            clauses("the hand is dead; if not facing a bet, the hand is checked"),
            vec![
                "the hand is dead;",
                "if not facing a bet, the hand is checked"
            ]
        );
        // A label word that is no inline label stays.
        assert_eq!(
            clauses("Plan B (if any) holds."),
            vec!["Plan B (if any) holds."]
        );
    }

    #[test]
    fn a_unit_may_follow_its_number_after_a_few_short_words() {
        let c = cues();
        let counts = |text: &str, lang: Lang, gap: usize| -> Vec<Option<Counts>> {
            numbers(&[text.to_string()], c.words.of(lang), gap)
                .into_iter()
                .map(|n| n.1)
                .collect()
        };
        let players = Some(Counts::Unit(Unit::Players));
        assert_eq!(
            counts("3 or more players short", Lang::En, UNIT_GAP),
            vec![players]
        );
        assert_eq!(counts("3 or more players short", Lang::En, 0), vec![None]);
        let seconds = Some(Counts::Unit(Unit::Seconds));
        assert_eq!(
            counts("je 90 (a menej) sekúnd do", Lang::Sk, UNIT_GAP),
            vec![seconds]
        );
        // A longer word between: the number counts what that word names.
        assert_eq!(
            counts("der höchsten 5-Karten-Hand", Lang::De, UNIT_GAP),
            vec![None]
        );
    }

    /// A list is read by its items' own names only where every item of the
    /// type is named or left out altogether.
    #[test]
    fn a_list_is_read_by_its_items_names_where_they_decide_it() {
        let c = cues();
        let (en, de) = (c.words.of(Lang::En), c.words.of(Lang::De));
        let domain = Params::choices("penalty_kinds").expect("a list of ids");
        let all = "Strafmaßnahmen umfassen mündliche Verwarnungen, eine oder mehrere Hände, \
                   eine oder mehrere Runden und Disqualifikation.";
        assert_eq!(
            listed("penalty_kinds", domain, all, de, en),
            Some(vec![
                "warning",
                "missed-hands",
                "missed-rounds",
                "disqualification"
            ])
        );
        let two = "Strafmaßnahmen umfassen mündliche Verwarnungen und Disqualifikation.";
        assert_eq!(
            listed("penalty_kinds", domain, two, de, en),
            Some(vec!["warning", "disqualification"])
        );
        // The raise every sentence of raise methods speaks of is no word of
        // declaring a call first; a call is: that item is then neither
        // named nor left out.
        let domain = Params::choices("raise_methods").expect("a list of ids");
        let nl = c.words.of(Lang::Nl);
        let rows: [(&str, &Folded, Option<Vec<&str>>); 4] = [
            (
                "A raise is made by pushing the chips in one motion.",
                en,
                Some(vec!["one-motion"]),
            ),
            (
                "A raise must be made by pushing out the full amount in one motion, or by \
                 verbally declaring the full amount prior to pushing out chips.",
                en,
                Some(vec!["one-motion", "verbal-amount"]),
            ),
            (
                "Een geldige raise: het volledige bedrag in één vloeiende beweging plaatsen. Het \
                 bedrag mondeling melden. Een verbale raise uitspreken en het exact te callen \
                 bedrag plaatsen.",
                nl,
                Some(vec![
                    "one-motion",
                    "verbal-amount",
                    "declare-call-then-raise",
                ]),
            ),
            (
                "The chips are pushed in one motion, or a call is declared first.",
                en,
                None,
            ),
        ];
        for (text, lw, want) in rows {
            assert_eq!(
                listed("raise_methods", domain, text, lw, en),
                want,
                "{text}"
            );
        }
        // The level's announcement is no dealer's and says nothing of how a
        // hand begins: the dealer announcing is left out.
        let key = "hand_start_events";
        let domain = Params::choices(key).expect("a list of ids");
        let push = "Hands begin on the first riffle, push of the shuffler button, or on the \
                    dealer push.";
        let level =
            format!("A new level starts on announcement after the clock reaches zero. {push}");
        for text in [push, level.as_str()] {
            assert_eq!(
                listed(key, domain, text, en, en),
                Some(vec!["riffle", "shuffler", "dealer-push"])
            );
        }
        // An announcement in a sentence of how a hand begins may be the
        // dealer's: left open.
        let hand = format!("{push} A hand may also begin once announced.");
        assert_eq!(listed(key, domain, &hand, en, en), None);
    }

    /// A list is settled by its items' known wordings only where each
    /// item read has a clause carrying what all its wordings share and no
    /// other item has: a flop game's exposed downcards are no stud item (a
    /// stud item read where no stud is spoken of is dropped), a joker
    /// found is an item more, and a stud clause an item not read.
    #[test]
    fn a_list_is_settled_where_every_item_read_carries_its_wordings() {
        let c = cues();
        let key = "misdeal_conditions";
        let list = [
            "boxed-cards",
            "first-card-wrong-seat",
            "dealt-to-ineligible-seat",
            "eligible-seat-dealt-out",
            "stud-downcards-exposed",
            "first-two-exposed",
            "downcards-exposed",
        ];
        let de_items = "Misdeals schließen folgende Situationen mit ein: 1) Zwei oder mehr \
                        Karten liegen verkehrt (sichtbar) im Kartendeck; 2) Die erste Karte \
                        wird an die falsche Position ausgeteilt; 3) Karten werden an einen \
                        Platz ausgeteilt, der keine Karten erhalten durfte; 4) Ein Spieler, \
                        der Karten erhalten haben müsste, hat diese nicht bekommen;";
        let de_stud = "5) In Stud-Spielen, falls irgendeine der ersten 2 Face-down Karten \
                       durch einen Dealerfehler aufgedeckt wird;";
        let de_flop = "6) In Flop-Spielen, falls durch einen Dealerfehler eine der ersten 2 \
                       ausgeteilten Karten oder irgendwelche 2 Face-down Karten aufgedeckt \
                       werden.";
        let en_items = "Misdeals include: 1) 2 or more boxed cards on the initial deal; 2) \
                        first card dealt to the wrong seat; 3) cards dealt to a seat not \
                        entitled to a hand; 4) a seat entitled to a hand is dealt out;";
        let en_stud = "5) In stud games, if any of the first 2 downcards are exposed by dealer \
                       error;";
        let en_flop = "6) In flop games, if 1 of the first 2 cards dealt off the deck or any \
                       other 2 downcards are exposed by dealer error.";
        let no_stud: Vec<&str> = list
            .iter()
            .copied()
            .filter(|i| *i != "stud-downcards-exposed")
            .collect();
        let (de_all, en_all) = (
            format!("{de_items} {de_stud} {de_flop}"),
            format!("{en_items} {en_stud} {en_flop}"),
        );
        // (held out, language, the rule, the items read, the list set).
        type Row<'a> = (&'a str, Lang, String, &'a [&'a str], Option<&'a [&'a str]>);
        let rows: [Row; 8] = [
            ("tda-2015-de", Lang::De, de_all.clone(), &list, Some(&list)),
            // The flop games' clause carries no stud: the stud item read
            // is dropped.
            (
                "tda-2015-de",
                Lang::De,
                format!("{de_items} {de_flop}"),
                &list,
                Some(&no_stud),
            ),
            // A joker found is an item the list does not have.
            (
                "tda-2015-de",
                Lang::De,
                format!("{de_all} 7) Ein Joker liegt im Deck."),
                &list,
                None,
            ),
            // A stud clause is an item not read.
            ("tda-2015-de", Lang::De, de_all, &no_stud, None),
            ("dpc-2019-en", Lang::En, en_all.clone(), &list, Some(&list)),
            (
                "dpc-2019-en",
                Lang::En,
                format!("{en_items} {en_flop}"),
                &list,
                Some(&no_stud),
            ),
            (
                "dpc-2019-en",
                Lang::En,
                format!("{en_all} 7) a joker is found in the deck."),
                &list,
                None,
            ),
            ("dpc-2019-en", Lang::En, en_all, &no_stud, None),
        ];
        let values = |l: &[&str]| Value::Array(l.iter().map(|i| Value::from(*i)).collect());
        for (held, lang, text, read, want) in rows {
            let knowledge = knowledge_without(held);
            let known = Quoted::of(&knowledge);
            let (ed, number) = edition_saying(held, "misdeals", &text);
            let items: Vec<Value> = read.iter().map(|i| Value::from(*i)).collect();
            let point = Doubt {
                key: key.to_string(),
                rule: number,
                readings: vec![Value::Array(items.clone())],
                sentence: String::new(),
            };
            let got = sure_by_wordings(&known, &point, &items, &ed, c.words.of(lang));
            assert_eq!(got, want.map(values), "{held}: {read:?} in {text}");
        }
    }

    /// A list point offers the items the rule names by their own names
    /// besides those read, though the list stays open (a hand begun once
    /// announced may be the dealer's announcement); an item whose name has
    /// no meaning of its own (boxed cards: card) is never offered so.
    #[test]
    fn a_list_point_offers_the_items_the_rule_names() {
        let c = cues();
        let en = c.words.of(Lang::En);
        let key = "hand_start_events";
        let domain = Params::choices(key).expect("a list of ids");
        let begun = "Hands begin on the first riffle, push of the shuffler button, or on the \
                     dealer push. A hand may also begin once announced.";
        let read = naming(key, domain, begun, en, en);
        assert_eq!(read.named, vec!["riffle", "shuffler", "dealer-push"]);
        assert!(read.open);
        let key = "misdeal_conditions";
        let domain = Params::choices(key).expect("a list of ids");
        let boxed = "A misdeal occurs if there is a boxed card or the cards are exposed.";
        let read = naming(key, domain, boxed, en, en);
        assert!(!read.named.contains(&"boxed-cards"), "{:?}", read.named);
        assert!(read.open);
    }

    /// Of several numbers of what a quote's number counts, the one before
    /// a word of what the quote's number stands before.
    #[test]
    fn a_number_among_several_is_the_one_before_the_quotes_word() {
        let c = cues();
        let en = c.words.of(Lang::En);
        let text = "if 1 of the first 2 cards dealt off the deck or any other 2 downcards are \
                    exposed by dealer error.";
        assert_eq!(
            nouns(&tokenize(text, en), en),
            vec![
                (1, Some("first".to_string())),
                (2, Some("card".to_string())),
                (2, Some("card".to_string()))
            ]
        );
    }

    /// `number_at` reads, of several numbers in one sentence that count
    /// what the quote's number counts, the one before the word the quote's
    /// number stands before; where two such numbers differ, nothing.
    #[test]
    fn a_number_among_several_in_one_sentence_is_read_by_what_it_counts() {
        let c = cues();
        let en = c.words.of(Lang::En);
        let quote = "any other 2 downcards are exposed".to_string();
        let k = Known {
            edition: "known",
            concept: "misdeals",
            key: "misdeal_exposed_downcards",
            item: None,
            value: v(2),
            numbers: numbers(std::slice::from_ref(&quote), en, UNIT_GAP),
            tight: numbers(std::slice::from_ref(&quote), en, 0),
            nouns: nouns(&tokenize(&quote, en), en),
            features: BTreeSet::new(),
        };
        // 1 stands before "first", 3 before "downcards": the room's 3.
        let one = "if 1 of the first 2 players or any other 3 downcards are exposed".to_string();
        assert_eq!(number_at(2, &k, Some(&one), en), Some((v(3), false)));
        // Printed alone, the number is read, strong as the quote's is alone.
        let alone = "any other 4 downcards are exposed by dealer error".to_string();
        assert_eq!(number_at(2, &k, Some(&alone), en), Some((v(4), true)));
        // Two different numbers before cards: which one is the rule's is
        // left to a person.
        let both = "if 1 of the first 3 cards or any other 4 downcards are exposed".to_string();
        assert_eq!(number_at(2, &k, Some(&both), en), None);
    }

    /// Of several candidates, the others are refuted only by their own
    /// names' words absent from the sentence, never by scores.
    #[test]
    fn other_candidates_are_refuted_by_their_own_words_only() {
        let c = cues();
        let en = c.words.of(Lang::En);
        let said_en = |t: &str| said(&tokenize(t, en), en);
        let ids = ["big-blind", "first-raise"];
        // "first" stands in the sentence, "raise" does not.
        let blind = said_en("The big blind is the opening bet of the first round.");
        assert!(refuted_by_name("big-blind", &ids, &blind, en));
        let raise = said_en("Before the flop the opening bet is the first raise.");
        assert!(!refuted_by_name("big-blind", &ids, &raise, en));
        // A name with no meaning of its own (race) is never refuted.
        let race = said_en("Chips are raced off, one chip a player, never rounded up.");
        assert!(!refuted_by_name(
            "round-up",
            &["race", "round-up"],
            &race,
            en
        ));
    }

    #[test]
    fn a_quote_aligns_where_its_meanings_and_numbers_stand_not_its_foreign_words() {
        let cues = cues();
        let (en, de) = (cues.words.of(Lang::En), cues.words.of(Lang::De));
        let quote = features(
            &tokenize("any combination of 3 actions in turn", en),
            en,
            &[],
        );
        let feats = |text: &str| features(&tokenize(text, de), de, &[]);
        let stating = feats("drei beliebige aufeinander folgende Aktionen");
        let other = feats("Der Spieler muss warten.");
        let (shared, share) = coverage(&quote, &stating);
        let (_, elsewhere) = coverage(&quote, &other);
        // English words the German sentence cannot have do not count
        // against it; its number and meanings do.
        assert!(
            shared >= ALIGN_SHARED && share >= ALIGN_SHARE,
            "{shared} {share}"
        );
        assert!(elsewhere < ALIGN_SHARE, "{elsewhere}");
    }
}
