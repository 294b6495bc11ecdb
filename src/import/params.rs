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
//! languages at the table are read by code. Every value is checked by the
//! parameter's own type before it is kept.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::import::cues::{Cues, LangCues, ParamCue};
use crate::import::knowledge::Knowledge;
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
/// sets), and returns what was found with its sentence.
pub fn recognise(edition: &mut Edition, cues: &Cues) -> Vec<Found> {
    let lang = edition.language;
    let lc = cues.of(lang);
    let mut found = Vec::new();
    for rule in edition.rules_mut() {
        let sentences = sentences(&rule.full_text());
        let tokens: Vec<Vec<Token>> = sentences.iter().map(|s| tokenize(s, lc)).collect();
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
            if let Some((value, at)) = read(cue, lang, lc, &tokens) {
                values.push((key.clone(), value, sentences[at].clone()));
            }
        }
        if rule.concept == "calling-clock" {
            values.extend(clock(&sentences, &tokens, lc));
        }
        if rule.concept == "official-language" {
            values.extend(languages(&sentences, lc));
        }
        for (key, value, sentence) in values {
            let mut one = serde_json::Map::new();
            one.insert(key.clone(), value.clone());
            let Ok(params) = serde_json::from_value::<Params>(serde_json::Value::Object(one))
            else {
                continue;
            };
            rule.params.merge(&params);
            if let Some(home) = Params::home(&key)
                && home != rule.concept
                && !rule.touches.iter().any(|t| t == home)
            {
                rule.touches.push(home.to_string());
            }
            found.push(Found {
                key,
                value,
                rule: rule.number.clone(),
                sentence,
            });
        }
    }
    found
}

/// Number parameters no phrase read, taken where the known editions state
/// them: in a rule of the parameter's topic, when a known edition's rule of
/// the same concept states the value as one number of its text, the
/// book's number at the same place is read — the same place among the
/// numbers with the same sign after them (`%`, `€`) when there is one,
/// else among all the numbers; the two rules must print as many such
/// numbers. Every
/// known edition that can say must agree. Translations keep a rule's
/// numbers in order, so this reads the book's own number (a room that
/// changed 50 % to 60 % gets 60) in a language no cue phrase is written in.
pub fn by_position(edition: &mut Edition, knowledge: &Knowledge) -> Vec<Found> {
    let cues = &knowledge.cues;
    let lc = cues.of(edition.language);
    let mut found = Vec::new();
    for rule in edition.rules_mut() {
        if rule.kind == RuleKind::House {
            continue;
        }
        let sentences = sentences(&rule.full_text());
        let mine = numbers(&sentences, lc);
        let have = rule.params.to_map();
        // Per key, the values read at the places the known rules give.
        let mut votes: BTreeMap<String, Vec<(u32, usize)>> = BTreeMap::new();
        let known = knowledge
            .editions
            .iter()
            .flat_map(|e| e.rules().map(move |r| (e.language, r)))
            .filter(|(_, r)| r.concept == rule.concept);
        for (lang, kr) in known {
            let theirs = numbers(&self::sentences(&kr.full_text()), cues.of(lang));
            for (key, value) in kr.params.to_map() {
                let (Some(v), false) = (value.as_u64(), have.contains_key(&key)) else {
                    continue;
                };
                if Params::home(&key) != Some(rule.concept.as_str()) {
                    continue;
                }
                let at: Vec<usize> = (0..theirs.len())
                    .filter(|&i| u64::from(theirs[i].0) == v)
                    .collect();
                let [at] = at[..] else { continue };
                let sign = theirs[at].1;
                let signed = |list: &[Number]| -> Vec<Number> {
                    list.iter()
                        .copied()
                        .filter(|n| sign.is_none() || n.1 == sign)
                        .collect()
                };
                let (theirs, mine) = (signed(&theirs), signed(&mine));
                let place = theirs.iter().position(|n| u64::from(n.0) == v);
                if let Some(place) = place
                    && theirs.len() == mine.len()
                    && let Some(&(n, s, sentence)) = mine.get(place)
                    && s == sign
                {
                    votes.entry(key).or_default().push((n, sentence));
                }
            }
        }
        for (key, list) in votes {
            let Some(&(value, sentence)) = list.first() else {
                continue;
            };
            if list.iter().any(|(v, _)| *v != value) {
                continue;
            }
            let mut one = serde_json::Map::new();
            one.insert(key.clone(), serde_json::Value::from(value));
            let Ok(params) = serde_json::from_value::<Params>(serde_json::Value::Object(one))
            else {
                continue;
            };
            rule.params.merge(&params);
            found.push(Found {
                key,
                value: serde_json::Value::from(value),
                rule: rule.number.clone(),
                sentence: sentences[sentence].clone(),
            });
        }
    }
    found
}

/// A number of a rule: its value, the sign after it, its sentence.
type Number = (u32, Option<char>, usize);

/// The numbers of a rule's sentences in order.
fn numbers(sentences: &[String], lc: &LangCues) -> Vec<Number> {
    let mut out = Vec::new();
    for (s, sentence) in sentences.iter().enumerate() {
        let tokens = tokenize(sentence, lc);
        for (k, t) in tokens.iter().enumerate() {
            if let Token::Number(n) = t {
                let sign = match tokens.get(k + 1) {
                    Some(Token::Sign(c)) => Some(*c),
                    _ => None,
                };
                out.push((*n, sign, s));
            }
        }
    }
    out
}

/// A whole text tokenised as [`recognise`] reads rules, for asking which
/// phrases it contains ([`Text::contains`]).
pub struct Text(Vec<Vec<Token>>);

impl Text {
    /// `text`'s sentences, their numbers read with `lc`'s number words.
    pub fn new(text: &str, lc: &LangCues) -> Text {
        Text(sentences(text).iter().map(|s| tokenize(s, lc)).collect())
    }

    /// Whether `phrase` (written as the cue file writes phrases) matches
    /// somewhere in the text.
    pub fn contains(&self, phrase: &str, lc: &LangCues) -> bool {
        find(phrase, &self.0, lc).is_some()
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
fn tokenize(text: &str, lc: &LangCues) -> Vec<Token> {
    let words = number_words(lc);
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
            // "einen 10-Sekunden Countdown": an article before a number is
            // no number.
            let next_digit = chars[i..]
                .iter()
                .find(|c| !c.is_whitespace())
                .is_some_and(char::is_ascii_digit);
            match words.get(&folded) {
                Some(n) if !next_digit => out.push(Token::Number(*n)),
                _ => out.push(Token::Word(folded)),
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

fn number_words(lc: &LangCues) -> BTreeMap<String, u32> {
    lc.number_words
        .iter()
        .map(|(w, n)| (crate::text::fold(w).trim().to_string(), *n))
        .collect()
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
/// the literal), if it matches.
fn match_at(
    parts: &[Part],
    tokens: &[Token],
    at: usize,
    words: &BTreeMap<String, u32>,
) -> Option<Option<u32>> {
    let Some((first, rest)) = parts.split_first() else {
        return Some(None);
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
        Part::Literal(n) => match_at(rest, tokens, at, words).map(|inner| inner.or(Some(*n))),
        _ => {
            let token = tokens.get(at)?;
            let (ok, number) = match (first, token) {
                (Part::Slot, Token::Number(n)) => (true, Some(*n)),
                (Part::Exact(w), Token::Word(t)) => (w == t, None),
                (Part::Exact(w), Token::Number(n)) => (
                    words.get(w) == Some(n) || w.parse::<u32>().ok() == Some(*n),
                    None,
                ),
                (Part::Prefix(w), Token::Word(t)) => (t.starts_with(w.as_str()), None),
                (Part::Sign(a), Token::Sign(b)) => (a == b, None),
                _ => (false, None),
            };
            if !ok {
                return None;
            }
            let inner = match_at(rest, tokens, at + 1, words)?;
            Some(number.or(inner))
        }
    }
}

/// The first sentence (by index) and start where `text` matches, with the
/// number read.
fn find(text: &str, tokens: &[Vec<Token>], lc: &LangCues) -> Option<(usize, Option<u32>)> {
    let parts = phrase(text);
    if parts.is_empty() {
        return None;
    }
    let words = number_words(lc);
    for (s, sentence) in tokens.iter().enumerate() {
        for at in 0..sentence.len() {
            if let Some(n) = match_at(&parts, sentence, at, &words) {
                return Some((s, n));
            }
        }
    }
    None
}

/// Every place `text` matches: (sentence, start, number).
fn find_all(text: &str, tokens: &[Vec<Token>], lc: &LangCues) -> Vec<(usize, usize, Option<u32>)> {
    let parts = phrase(text);
    let words = number_words(lc);
    let mut out = Vec::new();
    if parts.is_empty() {
        return out;
    }
    for (s, sentence) in tokens.iter().enumerate() {
        for at in 0..sentence.len() {
            if let Some(n) = match_at(&parts, sentence, at, &words) {
                out.push((s, at, n));
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
    lc: &LangCues,
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
            .filter_map(|(s, at, n)| n.map(|n| (s, at, n)))
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
                .map(|(s, at, _)| (s, at))
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

/// The clock: the seconds a player has and the countdown. "25 seconds plus
/// a 5 second countdown" and "25 seconds, then counted down from 5 to 0"
/// are 30 seconds in all; "30 seconds, the last 5 counted down" is 30.
fn clock(
    sentences: &[String],
    tokens: &[Vec<Token>],
    lc: &LangCues,
) -> Vec<(String, serde_json::Value, String)> {
    let unit = |t: &Token, words: &[String]| match t {
        Token::Word(w) => words.iter().any(|u| crate::text::fold(u).trim() == w),
        _ => false,
    };
    let is_countdown = |t: &Token| match t {
        Token::Word(w) => lc
            .countdown_words
            .iter()
            .any(|c| w.starts_with(crate::text::fold(c).trim())),
        _ => false,
    };
    let is_last = |t: &Token| match t {
        Token::Word(w) => lc
            .last_words
            .iter()
            .any(|c| crate::text::fold(c).trim() == w),
        _ => false,
    };
    // Every number of the rule with what stands around it.
    let mut time: Option<(u32, usize)> = None;
    let mut countdown: Option<(u32, bool, usize)> = None;
    for (s, sentence) in tokens.iter().enumerate() {
        for (k, t) in sentence.iter().enumerate() {
            let Token::Number(n) = t else { continue };
            let seconds = sentence.get(k + 1).is_some_and(|u| unit(u, &lc.seconds));
            let near_countdown = sentence[k.saturating_sub(4)..(k + 5).min(sentence.len())]
                .iter()
                .any(&is_countdown);
            let after_last = sentence[k.saturating_sub(2)..k].iter().any(&is_last);
            match time {
                None if seconds && !near_countdown && !after_last => time = Some((*n, s)),
                Some(_) if countdown.is_none() && (near_countdown || after_last) && *n > 0 => {
                    countdown = Some((*n, after_last, s));
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    if let Some((t, s)) = time {
        let (total, sentence) = match countdown {
            Some((c, false, cs)) => (t + c, format!("{} {}", sentences[s], sentences[cs])),
            _ => (t, sentences[s].clone()),
        };
        let sentence = if countdown.is_some_and(|(_, _, cs)| cs == s) {
            sentences[s].clone()
        } else {
            sentence
        };
        out.push((
            "clock_seconds".to_string(),
            serde_json::Value::from(total),
            sentence,
        ));
    }
    if let Some((c, _, s)) = countdown {
        out.push((
            "clock_countdown".to_string(),
            serde_json::Value::from(c),
            sentences[s].clone(),
        ));
    }
    out
}

/// The languages the rule names, in its order; none when it speaks of
/// somewhere else ("In the United States, English only; elsewhere the
/// house decides").
fn languages(sentences: &[String], lc: &LangCues) -> Vec<(String, serde_json::Value, String)> {
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
        for (code, names) in &lc.languages {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn cues() -> Cues {
        Cues::load(&crate::data::DataSource::Embedded).expect("cues")
    }

    #[test]
    fn the_cue_file_names_real_parameters_and_values() {
        assert!(cues().problems().is_empty(), "{:?}", cues().problems());
    }

    #[test]
    fn the_clock_is_read_in_both_ways_of_writing_it() {
        let c = cues();
        let read = |text: &str, lang: Lang| {
            let s = sentences(text);
            let t: Vec<Vec<Token>> = s.iter().map(|x| tokenize(x, c.of(lang))).collect();
            clock(&s, &t, c.of(lang))
                .into_iter()
                .map(|(k, v, _)| (k, v))
                .collect::<Vec<_>>()
        };
        let v = |n: u32| serde_json::Value::from(n);
        assert_eq!(
            read(
                "A player on the clock has up to 25 seconds plus a 5 second countdown to act.",
                Lang::En
            ),
            [
                ("clock_seconds".into(), v(30)),
                ("clock_countdown".into(), v(5))
            ]
        );
        assert_eq!(
            read(
                "Een speler heeft 30 seconden de tijd om te handelen. De laatste vijf seconden zal er een countdown zijn.",
                Lang::Nl
            ),
            [
                ("clock_seconds".into(), v(30)),
                ("clock_countdown".into(), v(5))
            ]
        );
        assert_eq!(
            read(
                "hat der Spieler noch bis zu 50 Sekunden Zeit. Sollte keine Aktion erfolgen, gibt es einen 10-Sekunden Countdown.",
                Lang::De
            ),
            [
                ("clock_seconds".into(), v(60)),
                ("clock_countdown".into(), v(10))
            ]
        );
    }

    #[test]
    fn phrases_read_numbers_written_in_digits_or_words() {
        let c = cues();
        let lc = c.of(Lang::Nl);
        let t = vec![tokenize(
            "Indien een tafel drie of meer spelers tekort komt",
            lc,
        )];
        assert_eq!(find("# of meer spelers tekort", &t, lc), Some((0, Some(3))));
        let t = vec![tokenize("maximale buy-in van €50. Er gaat 10% naar", lc)];
        assert_eq!(find("maximale buy in van € #", &t, lc), Some((0, Some(50))));
        assert_eq!(find("# % gaat naar", &t, lc), None);
        let t = vec![tokenize("Er gaat 10% gaat naar de club", lc)];
        assert_eq!(find("# % gaat naar", &t, lc), Some((0, Some(10))));
    }
}
