//! Sentence alignment of two rules in the same language: each rule is cut
//! into sentences, each under the position of the part it stands in (the
//! printed labels 1/A/a are ignored, so a list relabelled from 1, 2 to A, B
//! aligns); the two sequences are aligned in order, a sentence with its
//! counterpart or with the two it was split into. A pair that differs is a
//! reworded sentence, a sentence without a counterpart an added or removed
//! clause.

use serde::Serialize;

use crate::compare::{Piece, word_diff};
use crate::rules::{Part, Rule};

/// One sentence and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    /// The position of its part: "" for the lead text, "2" for the second
    /// part, "2.1" for the first item of it, "ex" for a worked example.
    pub at: String,
    /// The sentence as printed.
    pub text: String,
}

/// One step of an alignment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Aligned {
    /// The same words (letter case, spacing and punctuation aside).
    Same {
        /// The first rule's sentence.
        a: String,
    },
    /// The same sentence in other words.
    Reworded {
        /// The first rule's sentence(s).
        a: String,
        /// The second rule's sentence(s).
        b: String,
        /// The word diff from `a` to `b`.
        diff: Vec<Piece>,
    },
    /// The same sentence (or the same in other words) at another place in
    /// the rule: in another part, or in another order.
    Moved {
        /// The first rule's sentence.
        a: String,
        /// The second rule's sentence.
        b: String,
        /// The word diff from `a` to `b` (all equal when only moved).
        diff: Vec<Piece>,
    },
    /// Only in the first rule.
    OnlyA {
        /// The sentence.
        a: String,
    },
    /// Only in the second rule.
    OnlyB {
        /// The sentence.
        b: String,
    },
}

/// The sentences of a rule in reading order: lead text, parts (nested
/// items under their part), tail, then examples.
pub fn sentences(rule: &Rule) -> Vec<Sentence> {
    let mut out = Vec::new();
    push(&mut out, "", &rule.text);
    walk(&mut out, &rule.parts, "");
    push(&mut out, "", &rule.tail);
    for e in &rule.examples {
        push(&mut out, "ex", &e.text);
    }
    out
}

fn walk(out: &mut Vec<Sentence>, parts: &[Part], prefix: &str) {
    for (i, part) in parts.iter().enumerate() {
        let at = if prefix.is_empty() {
            (i + 1).to_string()
        } else {
            format!("{prefix}.{}", i + 1)
        };
        push(out, &at, &part.text);
        walk(out, &part.parts, &at);
        push(out, &at, &part.tail);
        for e in &part.examples {
            push(out, "ex", &e.text);
        }
    }
}

fn push(out: &mut Vec<Sentence>, at: &str, text: &str) {
    for s in split(text) {
        out.push(Sentence {
            at: at.to_string(),
            text: s,
        });
    }
}

/// Cuts a text into sentences: after `.`, `!`, `?` or `;` (or a closing
/// bracket after one of them: "(zie regel 23.) Het ...") followed by a
/// space and an upper-case letter, a digit or an opening quote or bracket,
/// and at line breaks. Abbreviations such as "b.v." or "z.B." are followed
/// by a lower-case word and stay inside their sentence.
pub fn split(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let chars: Vec<char> = line.chars().collect();
        let mut start = 0;
        let mut i = 0;
        while i < chars.len() {
            let end_mark = matches!(chars.get(i), Some('.' | '!' | '?' | ';'))
                || (matches!(chars.get(i), Some(')'))
                    && i > 0
                    && matches!(chars.get(i - 1), Some('.' | '!' | '?')));
            let next_space = chars.get(i + 1).is_some_and(|c| c.is_whitespace());
            let after = chars.get(i + 2).copied();
            let starts = after
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || "\"'„“‘(«[".contains(c));
            if end_mark && next_space && starts {
                let s: String = chars.get(start..=i).unwrap_or(&[]).iter().collect();
                if !s.trim().is_empty() {
                    out.push(s.trim().to_string());
                }
                start = i + 1;
            }
            i += 1;
        }
        let s: String = chars.get(start..).unwrap_or(&[]).iter().collect();
        if !s.trim().is_empty() {
            out.push(s.trim().to_string());
        }
    }
    out
}

/// The words of a text, lower-cased, without punctuation: what two
/// sentences are compared on.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether two rules have the same words in the same order, letter case
/// aside, as [`sentences`] then [`words`] would give them; compared in
/// place, without building either list.
pub fn same_words(a: &Rule, b: &Rule) -> bool {
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    texts(&mut ta, &a.text, &a.parts, &a.tail, &a.examples);
    texts(&mut tb, &b.text, &b.parts, &b.tail, &b.examples);
    words_equal(ta.into_iter(), tb.into_iter())
}

/// Whether two texts have the same words, letter case aside.
pub fn same_text_words(a: &str, b: &str) -> bool {
    words_equal(std::iter::once(a), std::iter::once(b))
}

fn words_equal<'a>(a: impl Iterator<Item = &'a str>, b: impl Iterator<Item = &'a str>) -> bool {
    let split = |t: &'a str| {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
    };
    let lower = |w: &'a str| w.chars().flat_map(char::to_lowercase);
    // Most words are ASCII: compared as bytes, without case mapping.
    let same = |x: &'a str, y: &'a str| {
        if x.is_ascii() && y.is_ascii() {
            x.eq_ignore_ascii_case(y)
        } else {
            lower(x).eq(lower(y))
        }
    };
    let (mut a, mut b) = (a.flat_map(split), b.flat_map(split));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if same(x, y) => {}
            _ => return false,
        }
    }
}

/// The texts of a rule in the reading order of [`sentences`].
fn texts<'a>(
    out: &mut Vec<&'a str>,
    text: &'a str,
    parts: &'a [Part],
    tail: &'a str,
    examples: &'a [crate::rules::model::Example],
) {
    out.push(text);
    for part in parts {
        texts(out, &part.text, &part.parts, &part.tail, &part.examples);
    }
    out.push(tail);
    out.extend(examples.iter().map(|e| e.text.as_str()));
}

/// How many words two texts share, counting repeats.
fn common(a: &[String], b: &[String]) -> usize {
    let mut rest: Vec<&String> = b.iter().collect();
    let mut shared = 0usize;
    for w in a {
        if let Some(i) = rest.iter().position(|x| *x == w) {
            rest.swap_remove(i);
            shared += 1;
        }
    }
    shared
}

/// How alike two sentences are: the share of words they have in common
/// (Dice coefficient over word counts), 0 to 1.
fn likeness(a: &[String], b: &[String]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    (2 * common(a, b)) as f64 / (a.len() + b.len()) as f64
}

/// Below this likeness two sentences are not counterparts.
const COUNTERPARTS: f64 = 0.4;

/// The alignment of two sentence sequences. Dynamic programming over the
/// two sequences (O(len a × len b)): a step takes one sentence of each, two
/// of one and one of the other (a split or merged sentence), or one
/// sentence alone; a pair scores the words it shares, a sentence alone
/// nothing, and pairs less alike than [`COUNTERPARTS`] are not taken.
/// Sentences of examples align only with examples.
pub fn align(a: &[Sentence], b: &[Sentence]) -> Vec<Aligned> {
    let wa: Vec<Vec<String>> = a.iter().map(|s| words(&s.text)).collect();
    let wb: Vec<Vec<String>> = b.iter().map(|s| words(&s.text)).collect();
    let (n, m) = (a.len(), b.len());
    // score[i][j]: best total for a[i..], b[j..]; step[i][j]: (take a, take b).
    let mut score = vec![vec![0.0f64; m + 1]; n + 1];
    let mut step = vec![vec![(0usize, 0usize); m + 1]; n + 1];
    let joined = |w: &[Vec<String>], from: usize, count: usize| -> Vec<String> {
        w.iter().skip(from).take(count).flatten().cloned().collect()
    };
    let example = |s: &[Sentence], from: usize, count: usize| -> Option<bool> {
        let mut kinds = s.iter().skip(from).take(count).map(|x| x.at == "ex");
        let first = kinds.next()?;
        kinds.all(|k| k == first).then_some(first)
    };
    for i in (0..=n).rev() {
        for j in (0..=m).rev() {
            let mut best = (f64::MIN, (0, 0));
            if i < n {
                best = (score[i + 1][j], (1, 0));
            }
            if j < m && score[i][j + 1] > best.0 {
                best = (score[i][j + 1], (0, 1));
            }
            for (da, db) in [(1, 1), (2, 1), (1, 2)] {
                if i + da > n || j + db > m {
                    continue;
                }
                let (Some(ka), Some(kb)) = (example(a, i, da), example(b, j, db)) else {
                    continue;
                };
                if ka != kb {
                    continue;
                }
                let (ja, jb) = (joined(&wa, i, da), joined(&wb, j, db));
                if likeness(&ja, &jb) < COUNTERPARTS {
                    continue;
                }
                // A pair scores the words it shares; a split or merge pays a
                // little, so it wins only where the extra sentence adds
                // shared words.
                let merge_cost = if da + db > 2 { 0.5 } else { 0.0 };
                let total = score[i + da][j + db] + common(&ja, &jb) as f64 - merge_cost;
                if total > best.0 + 1e-9 {
                    best = (total, (da, db));
                }
            }
            if i < n || j < m {
                score[i][j] = best.0;
                step[i][j] = best.1;
            }
        }
    }
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        let (da, db) = step[i][j];
        let text = |s: &[Sentence], from: usize, count: usize| -> String {
            s.iter()
                .skip(from)
                .take(count)
                .map(|x| x.text.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        match (da, db) {
            (0, 0) => break,
            (1, 0) => out.push(Aligned::OnlyA { a: text(a, i, 1) }),
            (0, 1) => out.push(Aligned::OnlyB { b: text(b, j, 1) }),
            _ => {
                let (ta, tb) = (text(a, i, da), text(b, j, db));
                if words(&ta) == words(&tb) {
                    out.push(Aligned::Same { a: ta });
                } else {
                    let diff = word_diff(&ta, &tb);
                    out.push(Aligned::Reworded { a: ta, b: tb, diff });
                }
            }
        }
        i += da;
        j += db;
    }
    pair_moved(out)
}

/// Below this likeness a sentence found elsewhere is not the same one.
const MOVED: f64 = 0.5;
/// Or below this share of letter triples in common (which sees "under
/// calls" and "undercalls", "beslist" and "beslissen" as alike).
const MOVED_LETTERS: f64 = 0.45;

/// The letter triples of a text, lower-cased, spaces and punctuation left
/// out, sorted.
fn triples(text: &str) -> Vec<[char; 3]> {
    let letters: Vec<char> = text
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    let mut out: Vec<[char; 3]> = letters.windows(3).map(|w| [w[0], w[1], w[2]]).collect();
    out.sort_unstable();
    out
}

/// How alike two texts are by their letter triples (Dice), 0 to 1.
fn resemblance(a: &[[char; 3]], b: &[[char; 3]]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let (mut i, mut j, mut shared) = (0, 0, 0usize);
    while let (Some(x), Some(y)) = (a.get(i), b.get(j)) {
        match x.cmp(y) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    (2 * shared) as f64 / (a.len() + b.len()) as f64
}

/// Pairs a sentence only the first rule has with one only the second has
/// when they are the same (or nearly), found at another place: a moved
/// sentence is neither removed nor added. The most alike pairs first; the
/// pair stands where the second rule has it.
fn pair_moved(steps: Vec<Aligned>) -> Vec<Aligned> {
    type Alone = (usize, Vec<String>, Vec<[char; 3]>);
    let alone = |pick: fn(&Aligned) -> Option<&String>| -> Vec<Alone> {
        steps
            .iter()
            .enumerate()
            .filter_map(|(i, s)| pick(s).map(|t| (i, words(t), triples(t))))
            .collect()
    };
    let only_a = alone(|s| match s {
        Aligned::OnlyA { a } => Some(a),
        _ => None,
    });
    let only_b = alone(|s| match s {
        Aligned::OnlyB { b } => Some(b),
        _ => None,
    });
    let mut candidates: Vec<(f64, usize, usize)> = Vec::new();
    for (ia, wa, ta) in &only_a {
        for (ib, wb, tb) in &only_b {
            let (l, r) = (likeness(wa, wb), resemblance(ta, tb));
            if l >= MOVED || r >= MOVED_LETTERS {
                candidates.push((l.max(r), *ia, *ib));
            }
        }
    }
    candidates.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
    let mut partner: std::collections::BTreeMap<usize, usize> = Default::default();
    let mut taken_a = std::collections::BTreeSet::new();
    for (_, ia, ib) in candidates {
        if taken_a.contains(&ia) || partner.contains_key(&ib) {
            continue;
        }
        taken_a.insert(ia);
        partner.insert(ib, ia);
    }
    let texts: Vec<Option<&str>> = steps
        .iter()
        .map(|s| match s {
            Aligned::OnlyA { a } => Some(a.as_str()),
            _ => None,
        })
        .collect();
    let mut out = Vec::with_capacity(steps.len());
    for (i, step) in steps.iter().enumerate() {
        if taken_a.contains(&i) {
            continue;
        }
        match (
            step,
            partner
                .get(&i)
                .and_then(|ia| texts.get(*ia).copied().flatten()),
        ) {
            (Aligned::OnlyB { b }, Some(a)) => out.push(Aligned::Moved {
                a: a.to_string(),
                b: b.clone(),
                diff: word_diff(a, b),
            }),
            _ => out.push(step.clone()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The in-place comparison agrees with comparing the word lists of the
    /// sentences, on every pair of rules of the bundled editions that share
    /// a number, and on each rule against itself.
    #[test]
    fn same_words_agrees_with_the_sentences_word_lists() {
        let store = crate::rules::Store::open(crate::data::DataSource::Embedded).unwrap();
        let words_of = |r: &Rule| -> Vec<String> {
            sentences(r).iter().flat_map(|s| words(&s.text)).collect()
        };
        let ids = [
            "onk-2023-nl",
            "pokerpunt-nl",
            "dpc-2019-en",
            "tda-2019-sk",
            "tda-2015-de",
        ];
        let (mut equal, mut compared) = (0, 0);
        for a in ids {
            for b in ids {
                let (ba, bb) = (store.book(a).unwrap(), store.book(b).unwrap());
                for number in ba.numbers() {
                    let (Some(x), Some(y)) = (ba.rule(number).unwrap(), bb.rule(number).unwrap())
                    else {
                        continue;
                    };
                    let same = words_of(&x) == words_of(&y);
                    assert_eq!(same_words(&x, &y), same, "{a} {b} {number}");
                    compared += 1;
                    equal += usize::from(same);
                }
            }
        }
        assert!(
            compared > 1000 && equal > 300 && equal < compared,
            "{equal}/{compared}"
        );
    }

    fn s(texts: &[&str]) -> Vec<Sentence> {
        texts
            .iter()
            .map(|t| Sentence {
                at: String::new(),
                text: t.to_string(),
            })
            .collect()
    }

    #[test]
    fn sentences_split_after_a_stop_before_a_capital_not_after_abbreviations() {
        assert_eq!(
            split("Kaarten spreken voor zich. Verbaal is (b.v. call) niet bindend. 2 spelers."),
            [
                "Kaarten spreken voor zich.",
                "Verbaal is (b.v. call) niet bindend.",
                "2 spelers."
            ]
        );
        assert_eq!(
            split("Ein Chip, z.B. ein 1K Chip."),
            ["Ein Chip, z.B. ein 1K Chip."]
        );
    }

    #[test]
    fn a_reworded_sentence_pairs_an_added_one_stands_alone() {
        let a = s(&[
            "Rabbit hunting is nooit toegestaan.",
            "Spelers kunnen niet om een nieuw deck vragen.",
        ]);
        let b = s(&[
            "Rabbit Hunting is nooit toegestaan.",
            "Spelers kunnen niet een nieuw deck verzoeken.",
            "Het huis beslist.",
        ]);
        let steps = align(&a, &b);
        assert!(matches!(steps[0], Aligned::Same { .. }), "{steps:#?}");
        assert!(matches!(steps[1], Aligned::Reworded { .. }), "{steps:#?}");
        assert!(matches!(steps[2], Aligned::OnlyB { .. }), "{steps:#?}");
    }

    #[test]
    fn a_sentence_ending_in_a_bracket_is_cut_after_it() {
        assert_eq!(
            split("Tot de volgende hand. (Zie regel 23 voor een nieuwe hand.) Het tellen."),
            [
                "Tot de volgende hand.",
                "(Zie regel 23 voor een nieuwe hand.)",
                "Het tellen."
            ]
        );
    }

    #[test]
    fn a_moved_sentence_is_neither_removed_nor_added() {
        let a = s(&[
            "Kaarten worden bij beschadiging vervangen.",
            "Spelers kunnen niet om een nieuw deck vragen.",
            "De dealer schudt.",
        ]);
        let b = s(&[
            "Spelers kunnen niet om een nieuw deck vragen.",
            "De dealer schudt.",
            "Kaarten worden alleen bij beschadiging vervangen.",
        ]);
        let steps = align(&a, &b);
        let kinds: Vec<&str> = steps
            .iter()
            .map(|s| match s {
                Aligned::Same { .. } => "same",
                Aligned::Reworded { .. } => "reworded",
                Aligned::Moved { .. } => "moved",
                Aligned::OnlyA { .. } => "only-a",
                Aligned::OnlyB { .. } => "only-b",
            })
            .collect();
        assert_eq!(kinds, ["same", "same", "moved"], "{steps:#?}");
    }

    #[test]
    fn a_split_sentence_aligns_with_both_halves() {
        let a = s(&["De speler heeft 30 seconden en de laatste vijf worden afgeteld."]);
        let b = s(&[
            "De speler heeft 30 seconden.",
            "De laatste vijf worden afgeteld.",
        ]);
        let steps = align(&a, &b);
        assert_eq!(steps.len(), 1, "{steps:#?}");
        assert!(matches!(steps[0], Aligned::Reworded { .. }));
    }
}
