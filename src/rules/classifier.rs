//! A linear model of the topics over the example questions
//! (`rules::questions`): each question read as its words, its pairs of
//! neighbouring words and the groups of three to five letters of its words,
//! hashed into [`BUCKETS`] features weighed by tf-idf; per topic, a linear
//! support-vector machine (the topic against all others, squared hinge loss,
//! solved in its dual by coordinate descent) says how much a query's
//! features speak for the topic.
//!
//! Where the naive Bayes counts of `search::Examples` weigh each stem by how
//! often a topic's questions say it, this model learns which features tell
//! close topics apart; its letter groups read word forms, typos and
//! compounds that no question spells out, in any of the four languages, with
//! no stemmer and no language guessed. The bundled questions are trained at
//! build time; the model is a table of small weights (`to_bytes`).

use std::borrow::Cow;

use floor_svm::{Model, Rows, train_all};

use crate::fnv::Fnv;

/// How many features the texts are hashed into.
pub const BUCKETS: usize = 1 << 16;

/// The lengths of the letter groups read from each word (the word padded
/// with a space on each side, so a group can mark its start or end).
const GRAMS: std::ops::RangeInclusive<usize> = 3..=5;

/// The cost of a question on the wrong side of its topic's margin, against
/// keeping the weights small.
const COST: f64 = 0.5;

/// Passes over the questions per topic: the squared hinge loss's dual
/// settles in a few, and a fixed count keeps the build repeatable.
const EPOCHS: usize = 6;

/// Weights smaller than this are dropped from the table: they are most of
/// the weights and move almost no ranking. Measured on the development
/// sets: 0.05 -> 0.07 ranks two more questions first there (none fewer)
/// and shrinks the table from 2.05 to 1.52 MB, pages a search reads;
/// 0.085 and 0.1 cost two questions of set 12.
const PRUNE: f64 = 0.07;

/// The idf of a bucket is stored as a whole number of this many parts.
const IDF_SCALE: f64 = 2048.0;

/// The first bytes of a model's table.
const MAGIC: &[u8; 8] = b"floorlm1";

/// A text's features: per bucket, its tf-idf weight, the words and the
/// letter groups each scaled to length one.
pub type Vector = Vec<(u32, f64)>;

/// The model: per bucket its idf and the topics whose weight on it is
/// kept; per topic its bias.
#[derive(Debug, Clone)]
pub struct Classifier {
    bytes: Cow<'static, [u8]>,
    /// What it was trained on (`fingerprint`).
    fingerprint: u64,
    /// Where each topic's name starts in `bytes` (a name ends in a line
    /// break), and where the last one ends.
    names: Vec<usize>,
    topics: usize,
    scale: f32,
    /// Where the idf, offset, entry and bias tables start in `bytes`.
    idf_at: usize,
    offsets_at: usize,
    entries_at: usize,
    biases_at: usize,
}

/// FNV-1a over a tag (which block a feature is of) and the feature's bytes:
/// the same bucket at build time and at run time, on every platform.
fn bucket(tag: u8, parts: &[&[u8]]) -> u32 {
    let mut h = Fnv::default();
    h.eat(&[tag]);
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            h.eat(b" ");
        }
        h.eat(part);
    }
    let h = h.finish();
    // The high bits of FNV mix best; BUCKETS is a power of two.
    ((h >> 32) ^ h) as u32 & (BUCKETS as u32 - 1)
}

/// Per block of features (words and word pairs, then letter groups), the
/// buckets a text's features fall in, with how often each does.
pub type Counts = [Vec<(u32, u32)>; 2];

/// The buckets a text's features fall in, with how often each does: the
/// words and word pairs first, then the letter groups.
pub fn counts(text: &str) -> Counts {
    let folded = crate::text::fold(text);
    let words: Vec<&[u8]> = folded
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::as_bytes)
        .collect();
    let mut lexical: Vec<u32> = Vec::with_capacity(words.len() * 2);
    for (i, w) in words.iter().enumerate() {
        lexical.push(bucket(b'w', &[w]));
        if let Some(next) = words.get(i + 1) {
            lexical.push(bucket(b'p', &[w, next]));
        }
    }
    let mut grams: Vec<u32> = Vec::new();
    let mut padded: Vec<u8> = Vec::new();
    for w in &words {
        padded.clear();
        padded.push(b' ');
        padded.extend_from_slice(w);
        padded.push(b' ');
        for n in GRAMS {
            grams.extend(padded.windows(n).map(|g| bucket(b'g', &[g])));
        }
    }
    [tally(lexical), tally(grams)]
}

/// Each bucket once, with how often it came.
fn tally(mut buckets: Vec<u32>) -> Vec<(u32, u32)> {
    buckets.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(buckets.len());
    for b in buckets {
        match out.last_mut() {
            Some((last, n)) if *last == b => *n += 1,
            _ => out.push((b, 1)),
        }
    }
    out
}

/// A text's vector, given each bucket's idf: per block, the sublinear
/// term frequency times the idf, scaled to length one; the blocks summed.
fn vector(counts: &Counts, idf: impl Fn(u32) -> f64) -> Vector {
    let mut out: Vector = Vec::new();
    for block in counts {
        let weighed: Vec<(u32, f64)> = block
            .iter()
            .map(|&(b, n)| (b, (1.0 + f64::from(n).ln()) * idf(b)))
            .collect();
        let norm = weighed.iter().map(|(_, x)| x * x).sum::<f64>().sqrt();
        if norm > 0.0 {
            out.extend(weighed.into_iter().map(|(b, x)| (b, x / norm)));
        }
    }
    out.sort_unstable_by_key(|&(b, _)| b);
    let mut merged: Vector = Vec::with_capacity(out.len());
    for (b, x) in out {
        match merged.last_mut() {
            Some((last, y)) if *last == b => *y += x,
            _ => merged.push((b, x)),
        }
    }
    merged
}

/// The questions in one order whatever order they come in (by topic name,
/// then text): the order they are visited in, and so the weights, follow
/// from it. Questions of a topic not in `topics` are left out.
fn in_order<'q>(
    topics: &[&str],
    questions: impl IntoIterator<Item = (u16, &'q str)>,
) -> Vec<(u16, &'q str)> {
    let mut out: Vec<(u16, &str)> = questions
        .into_iter()
        .filter(|(t, _)| usize::from(*t) < topics.len())
        .collect();
    let name = |t: u16| topics.get(usize::from(t)).copied().unwrap_or("");
    out.sort_unstable_by(|a, b| name(a.0).cmp(name(b.0)).then_with(|| a.1.cmp(b.1)));
    out
}

/// What a model is trained on, in one number: each question with its
/// topic's name, in the order `in_order` gives. Two trees whose questions
/// give the same fingerprint train the same model.
fn fingerprint_of(topics: &[&str], questions: &[(u16, &str)]) -> u64 {
    let mut h = Fnv::default();
    for &(t, q) in questions {
        for bytes in [topics.get(usize::from(t)).copied().unwrap_or(""), q] {
            h.eat(bytes.as_bytes());
            h.eat(b"\n");
        }
    }
    h.finish()
}

/// The fingerprint of questions given as (topic index, text), as a model
/// trained on them records it.
pub fn fingerprint<'q>(
    topics: &[&str],
    questions: impl IntoIterator<Item = (u16, &'q str)>,
) -> u64 {
    fingerprint_of(topics, &in_order(topics, questions))
}

impl Default for Classifier {
    fn default() -> Self {
        Self::empty()
    }
}

impl Classifier {
    /// The most topics a model holds (a weight's topic is a byte).
    pub const MAX_TOPICS: usize = 256;

    /// Trains the model on questions given as (topic index, text), for
    /// `topics` topics (`None` for more than [`Self::MAX_TOPICS`]).
    pub fn train<'q>(
        topics: &[&str],
        questions: impl IntoIterator<Item = (u16, &'q str)>,
    ) -> Option<Self> {
        if topics.len() > Self::MAX_TOPICS {
            return None;
        }
        let questions = in_order(topics, questions);
        let fingerprint = fingerprint_of(topics, &questions);
        let (labels, counted): (Vec<u16>, Vec<Counts>) =
            questions.into_iter().map(|(t, q)| (t, counts(q))).unzip();
        // Document frequency per bucket, over both blocks.
        let mut df = vec![0u32; BUCKETS];
        for c in &counted {
            let mut seen: Vec<u32> = c.iter().flatten().map(|&(b, _)| b).collect();
            seen.sort_unstable();
            seen.dedup();
            for b in seen {
                if let Some(n) = df.get_mut(b as usize) {
                    *n += 1;
                }
            }
        }
        let n = counted.len() as f64;
        let idf_units: Vec<u16> = df
            .iter()
            .map(|&d| {
                let idf = ((1.0 + n) / (1.0 + f64::from(d))).ln() + 1.0;
                (idf * IDF_SCALE).round().clamp(0.0, f64::from(u16::MAX)) as u16
            })
            .collect();
        let idf = |b: u32| f64::from(idf_units.get(b as usize).copied().unwrap_or(0)) / IDF_SCALE;
        let vectors: Vec<Vector> = counted.iter().map(|c| vector(c, idf)).collect();
        let rows = Rows::of(vectors.iter().map(Vec::as_slice));
        drop(vectors);
        let model = Model {
            buckets: BUCKETS,
            cost: COST,
            epochs: EPOCHS,
        };
        let (weights, biases) = train_all(&rows, &labels, topics.len(), model);
        Self::from_weights(fingerprint, topics, &idf_units, &weights, &biases)
    }

    /// The table of a trained model: weights under [`PRUNE`] dropped, the
    /// rest as signed bytes of one scale.
    fn from_weights(
        fingerprint: u64,
        names: &[&str],
        idf: &[u16],
        weights: &[f32],
        biases: &[f32],
    ) -> Option<Self> {
        let topics = biases.len();
        let largest = weights.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        let scale = if largest > 0.0 { largest / 127.0 } else { 1.0 };
        let mut offsets: Vec<u32> = Vec::with_capacity(BUCKETS + 1);
        let mut entries: Vec<u8> = Vec::new();
        for b in 0..BUCKETS {
            offsets.push(u32::try_from(entries.len() / 2).ok()?);
            let row = weights.get(b * topics..(b + 1) * topics).unwrap_or(&[]);
            for (t, &x) in row.iter().enumerate() {
                if f64::from(x.abs()) < PRUNE {
                    continue;
                }
                let q = (x / scale).round().clamp(-127.0, 127.0) as i8;
                if q != 0 {
                    entries.push(u8::try_from(t).ok()?);
                    entries.push(q.to_le_bytes()[0]);
                }
            }
        }
        offsets.push(u32::try_from(entries.len() / 2).ok()?);
        let mut bytes: Vec<u8> = Vec::new();
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&fingerprint.to_le_bytes());
        bytes.extend_from_slice(&u32::try_from(topics).ok()?.to_le_bytes());
        bytes.extend_from_slice(&scale.to_le_bytes());
        for &i in idf {
            bytes.extend_from_slice(&i.to_le_bytes());
        }
        for o in offsets {
            bytes.extend_from_slice(&o.to_le_bytes());
        }
        for b in biases {
            bytes.extend_from_slice(&b.to_le_bytes());
        }
        bytes.extend_from_slice(&entries);
        for name in names {
            bytes.extend_from_slice(name.as_bytes());
            bytes.push(b'\n');
        }
        Self::from_bytes(Cow::Owned(bytes))
    }

    /// A model that knows no topic.
    pub fn empty() -> Self {
        Classifier {
            bytes: Cow::Borrowed(&[]),
            names: Vec::new(),
            fingerprint: 0,
            topics: 0,
            scale: 1.0,
            idf_at: 0,
            offsets_at: 0,
            entries_at: 0,
            biases_at: 0,
        }
    }

    /// Reads a model's table (as `to_bytes` wrote it); `None` if it is not
    /// one.
    pub fn from_bytes(bytes: Cow<'static, [u8]>) -> Option<Self> {
        if bytes.get(..MAGIC.len())? != MAGIC {
            return None;
        }
        let fingerprint = u64::from_le_bytes(bytes.get(8..16)?.try_into().ok()?);
        let topics = u32::from_le_bytes(bytes.get(16..20)?.try_into().ok()?) as usize;
        if topics > Self::MAX_TOPICS {
            return None;
        }
        let scale = f32::from_le_bytes(bytes.get(20..24)?.try_into().ok()?);
        let idf_at = 24;
        let offsets_at = idf_at + 2 * BUCKETS;
        let biases_at = offsets_at + 4 * (BUCKETS + 1);
        let entries_at = biases_at + 4 * topics;
        let model = Classifier {
            names: Vec::new(),
            fingerprint,
            topics,
            scale,
            idf_at,
            offsets_at,
            entries_at,
            biases_at,
            bytes,
        };
        let names_at = entries_at + 2 * model.offset(BUCKETS)?;
        let names = std::str::from_utf8(model.bytes.get(names_at..)?).ok()?;
        let starts: Vec<usize> = std::iter::once(names_at)
            .chain(names.match_indices('\n').map(|(i, _)| names_at + i + 1))
            .collect();
        let whole = if topics == 0 {
            names.is_empty()
        } else {
            starts.len() == topics + 1 && names.ends_with('\n')
        };
        whole.then_some(Classifier {
            names: starts,
            ..model
        })
    }

    /// The model's table.
    pub fn to_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// How many topics it knows.
    pub fn topics(&self) -> usize {
        self.topics
    }

    /// The name of topic `t`.
    pub fn topic(&self, t: usize) -> Option<&str> {
        let (from, to) = (*self.names.get(t)?, *self.names.get(t + 1)?);
        std::str::from_utf8(self.bytes.get(from..to.checked_sub(1)?)?).ok()
    }

    /// The fingerprint of the questions it was trained on.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    fn offset(&self, b: usize) -> Option<usize> {
        let at = self.offsets_at + 4 * b;
        let raw = self.bytes.get(at..at + 4)?;
        Some(u32::from_le_bytes(raw.try_into().ok()?) as usize)
    }

    fn idf(&self, b: u32) -> f64 {
        let at = self.idf_at + 2 * b as usize;
        self.bytes
            .get(at..at + 2)
            .and_then(|raw| raw.try_into().ok())
            .map_or(0.0, |raw| f64::from(u16::from_le_bytes(raw)) / IDF_SCALE)
    }

    fn bias(&self, t: usize) -> f64 {
        let at = self.biases_at + 4 * t;
        self.bytes
            .get(at..at + 4)
            .and_then(|raw| raw.try_into().ok())
            .map_or(0.0, |raw| f64::from(f32::from_le_bytes(raw)))
    }

    /// Each topic's score for a text (the margin of its machine).
    pub fn scores(&self, text: &str) -> Vec<f64> {
        let mut scores: Vec<f64> = (0..self.topics).map(|t| self.bias(t)).collect();
        if self.topics == 0 {
            return scores;
        }
        let scale = f64::from(self.scale);
        for (b, x) in vector(&counts(text), |b| self.idf(b)) {
            let (Some(from), Some(to)) = (self.offset(b as usize), self.offset(b as usize + 1))
            else {
                continue;
            };
            let entries = self
                .bytes
                .get(self.entries_at + 2 * from..self.entries_at + 2 * to)
                .unwrap_or(&[]);
            for pair in entries.chunks_exact(2) {
                if let [t, w] = *pair
                    && let Some(s) = scores.get_mut(usize::from(t))
                {
                    *s += f64::from(i8::from_le_bytes([w])) * scale * x;
                }
            }
        }
        scores
    }

    /// Each topic's probability for a text: the scores' softmax at
    /// `temperature` (a small temperature lets a clear margin decide), with
    /// "none of them" scoring the margin itself (0): where no topic's
    /// machine says yes (a word no question says, a question unlike all
    /// of them), the probabilities stay small.
    pub fn probabilities(&self, text: &str, temperature: f64) -> Vec<f64> {
        let scores = self.scores(text);
        let top = scores.iter().copied().fold(0.0, f64::max);
        let exp: Vec<f64> = scores
            .iter()
            .map(|s| ((s - top) / temperature).exp())
            .collect();
        let sum: f64 =
            (exp.iter().sum::<f64>() + (-top / temperature).exp()).max(f64::MIN_POSITIVE);
        exp.into_iter().map(|e| e / sum).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_read_as_words_pairs_and_letter_groups() {
        let [lexical, grams] = counts("Chip race, chip!");
        // "chip" twice, "race", "chip race", "race chip".
        assert_eq!(lexical.iter().map(|(_, n)| n).sum::<u32>(), 5);
        assert!(lexical.iter().any(|&(_, n)| n == 2));
        // " chip " gives 4 + 3 + 2 groups, " race " as many; "chip" twice.
        assert_eq!(grams.iter().map(|(_, n)| n).sum::<u32>(), 27);
        // Accents and case do not matter.
        assert_eq!(counts("ŽETÓNY"), counts("zetony"));
    }

    #[test]
    fn a_vector_has_length_one_per_block() {
        let v = vector(&counts("chip race"), |_| 2.0);
        let total: f64 = v.iter().map(|(_, x)| x * x).sum();
        // Two blocks of length one, summed: between 1 and 4 in squared length.
        assert!((1.0..=4.0).contains(&total), "{total}");
        assert!(vector(&counts(""), |_| 1.0).is_empty());
    }

    fn toy() -> Classifier {
        let questions = [
            (0u16, "chip race at the color up"),
            (0, "racing off the small chips"),
            (0, "chip race when colouring up"),
            (1, "player on the clock has thirty seconds"),
            (1, "call the clock on a slow player"),
            (1, "how long is the clock countdown"),
            (2, "can I tip the dealer"),
            (2, "tipping dealers from the prize"),
        ];
        Classifier::train(&["chip-race", "calling-clock", "!tipping"], questions)
            .expect("three topics")
    }

    #[test]
    fn a_trained_model_ranks_its_own_topics_first() {
        let model = toy();
        assert_eq!(model.topics(), 3);
        for (text, topic) in [
            ("chip racing", 0usize),
            ("slow player clock", 1),
            ("tips for the dealer", 2),
        ] {
            let p = model.probabilities(text, 0.1);
            let best = p
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .map(|(t, _)| t);
            assert_eq!(best, Some(topic), "{text}: {p:?}");
            assert!(p[topic] > 0.5, "{text}: {p:?}");
            let sum = p.iter().sum::<f64>();
            assert!(sum > 0.5 && sum <= 1.0, "{text}: {sum}");
        }
        // A text no question is like: no topic is likely.
        let p = model.probabilities("zzyzx qwv", 0.1);
        assert!(p.iter().all(|&x| x < 0.2), "{p:?}");
    }

    #[test]
    fn the_table_reads_back_as_written_and_refuses_other_bytes() {
        let model = toy();
        let again = Classifier::from_bytes(Cow::Owned(model.to_bytes().to_vec())).expect("table");
        assert_eq!(again.scores("clock"), model.scores("clock"));
        let mut cut = model.to_bytes().to_vec();
        cut.pop();
        assert!(Classifier::from_bytes(Cow::Owned(cut)).is_none());
        assert!(Classifier::from_bytes(Cow::Borrowed(b"not a model")).is_none());
        assert!(Classifier::empty().probabilities("clock", 0.1).is_empty());
    }

    #[test]
    fn more_topics_than_a_byte_holds_are_refused() {
        let names = vec!["topic"; Classifier::MAX_TOPICS + 1];
        assert!(Classifier::train(&names, [(0u16, "clock")]).is_none());
    }

    #[test]
    fn training_is_repeatable_and_follows_from_the_questions_alone() {
        assert_eq!(toy().to_bytes(), toy().to_bytes());
        // The same questions with other topic numbers, in another order:
        // the same weights, the same fingerprint.
        let names = ["calling-clock", "!tipping", "chip-race"];
        let questions = [
            (1u16, "tipping dealers from the prize"),
            (0, "how long is the clock countdown"),
            (2, "chip race at the color up"),
            (0, "call the clock on a slow player"),
            (2, "racing off the small chips"),
            (0, "player on the clock has thirty seconds"),
            (2, "chip race when colouring up"),
            (1, "can I tip the dealer"),
        ];
        let renumbered = Classifier::train(&names, questions).expect("model");
        assert_eq!(renumbered.topic(0), Some("calling-clock"));
        assert_eq!(toy().topic(0), Some("chip-race"));
        assert_eq!(toy().topic(3), None);
        assert_eq!(renumbered.fingerprint(), toy().fingerprint());
        assert_eq!(fingerprint(&names, questions), toy().fingerprint());
        for text in ["clock", "chip race", "tip"] {
            let (a, b) = (toy().scores(text), renumbered.scores(text));
            assert_eq!((a[0], a[1], a[2]), (b[2], b[0], b[1]), "{text}");
        }
        // One question more: another fingerprint.
        let mut more = questions.to_vec();
        more.push((0, "clock please"));
        assert_ne!(fingerprint(&names, more), toy().fingerprint());
    }
}
