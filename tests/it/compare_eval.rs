//! `floor compare` scored against ground truths read from the rulebook
//! texts: per pair of editions, recall and precision of the topics it
//! flags as substantive, precision and recall of the ★ `ruling` flag, and
//! how far its topics of one edition alone agree with the reading.
//!
//! The files are `tests/fixtures/substance/*.yaml` (the pairs compare was
//! built against) and `tests/fixtures/substance/dev/*.yaml` (development
//! pairs read by readers who had not seen compare), plus any file or
//! folder listed in `FLOOR_COMPARE_EVAL` (separated by `:`);
//! `FLOOR_COMPARE_EVAL_BIN` scores another `floor` binary (an older build,
//! to compare figures). `scripts/compare-eval.sh` runs it and prints the
//! figures.
//!
//! The test pairs, `tests/fixtures/substance/test/*.yaml`, are held out:
//! read only when `FLOOR_EVAL_TEST=1` asks for them
//! (`scripts/eval_report.sh`), only reported, never held to a figure, and
//! their misses are never listed (a reading under a held-out folder, or
//! one whose `split` starts with `test`, keeps its details to itself
//! wherever it is named). `test-2/` holds a second, later set of readings
//! and decisions of the same pairs by readers who saw none of the first:
//! scored as they wrote it, without `consistency.yaml`. `dev-2/` is the
//! same for four development pairs, read to the same written standard.
//! `test-3/` (held out) and `dev-3/` decide between the two truths.
//! `test-4/` (held out) is a third reading of two test pairs, by readers
//! who saw no compare output and no earlier reading, written after the
//! other sets had been looked at: scored as written. `test-5/` (held out)
//! holds two readings each of the other two test pairs (pokerpunt-nl and
//! tda-2015-de against tda-2019-sk), written to the test-4 standard with
//! one change: a difference only in what the staff do internally is no
//! difference (the reading lists such topics as `same` and names them
//! under `procedure_only`), and a third reader's decisions on the topics
//! the two read apart (`*.decisions.yaml`). Its details were read once,
//! taken at first for development pairs; every change tried on them was
//! undone, none kept.
//!
//! How a topic counts:
//! - A topic is substantive in the reading when it lists a difference for
//!   it. Compare flags a topic substantive when its row carries `substance`
//!   or `ruling`. Recall is the share of the reading's substantive topics
//!   compare flags; precision the share of compare's flagged topics the
//!   reading lists. A topic with a difference and no row is missed.
//! - ★: the reading's topics with a difference marked `ruling: true`
//!   against compare's rows flagged `ruling`.
//! - Topics of one edition alone count like any other: a reading in the
//!   current format lists them (`only_a`, `only_b`) and gives a difference
//!   only to those that change what the floor rules.
//! - The older fixtures (no `only_a`/`only_b`, no `ruling`) were read to a
//!   wider standard: a difference in how staff proceed, and every topic of
//!   one edition alone, is listed. There a row flagged `procedure` (such a
//!   difference) or `tda-practice` (a topic one edition alone states, as
//!   the TDA practice the other applies does) counts as flagged too.
//!
//! Adjudicated truths (`*.decisions.yaml`): two readers of one pair
//! disagree on many topics, so a single reading is a noisy truth. A
//! decisions file names two readings of its pair (`from`) and, for every
//! topic they disagree on (a difference in one only, or a different ★), a
//! third reader's decision from the texts. The truth it yields is the
//! topics both readings list plus those the third reader decided are a
//! difference; beside compare's figures it prints each of the two readings
//! scored against it, the agreement a careful reader reaches.
//! - One fact, one decision (`consistency.yaml`): where the same textual
//!   fact bears on several pairs and their truths decided it two ways, a
//!   reader who had not seen compare decided it once from the texts; that
//!   verdict replaces the topic's in each adjudicated truth
//!   (`FLOOR_EVAL_CONSISTENCY=0` scores without it). Where the pair has a
//!   second truth (`dev-2/`, `test-2/`) that reads the topic as its first
//!   truth does, the two independent truths stand and the single decision
//!   does not apply.
//! - A decision between the two truths (`dev-3/`, `test-3/`,
//!   `*.consensus.yaml`): where a pair has two adjudicated truths, a
//!   reader who saw neither compare nor its data decided from the texts
//!   every topic the two read apart (`FLOOR_EVAL_DISPUTES=DIR` writes those
//!   topics with what each truth says). Its truth is the topics both read
//!   alike plus those decisions; beside it, each of the two truths is
//!   scored against it.
//! - Two adjudicated truths of the same pair, written by different
//!   readers, are scored against each other as compare is, with the best
//!   precision any set of flagged topics could reach against both at once
//!   at the target recall: where that is below the target, no compare
//!   meets it against both.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use crate::common::{floor, json_of};

#[derive(Deserialize)]
struct Reading {
    a: String,
    b: String,
    #[serde(default)]
    split: Option<String>,
    differences: Vec<Difference>,
    #[serde(default)]
    same: Vec<String>,
    #[serde(default)]
    only_a: Option<Vec<String>>,
    #[serde(default)]
    only_b: Option<Vec<String>>,
}

#[derive(Deserialize)]
struct Difference {
    concept: String,
    #[serde(default)]
    what: String,
    #[serde(default)]
    ruling: Option<bool>,
}

/// A third reader's decisions on the topics two readings disagree on
/// (`*.decisions.yaml`), or on those two adjudicated truths of one pair
/// read apart (`dev-3/`, `test-3/`, `*.consensus.yaml`), from the texts,
/// by a reader who saw neither compare nor its data.
#[derive(Deserialize)]
struct Adjudication {
    a: String,
    b: String,
    #[serde(default)]
    split: Option<String>,
    /// The two readings (the two truths), relative to
    /// `tests/fixtures/substance/`.
    from: [String; 2],
    decisions: Vec<Decision>,
}

#[derive(Deserialize)]
struct Decision {
    concept: String,
    decision: Verdict,
    #[serde(default)]
    ruling: Option<bool>,
    #[serde(default)]
    reason: String,
}

#[derive(Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Verdict {
    Difference,
    Same,
}

/// One decision per textual fact that bears on several pairs
/// (`consistency.yaml`): the same fact decided once from the texts, where
/// the pairs' readers and deciders had decided it two ways. Each entry
/// gives the verdict of one pair's topic as a whole; it replaces that
/// topic's verdict in the pair's adjudicated truth.
#[derive(Deserialize)]
struct Consistency {
    classes: Vec<Class>,
}

#[derive(Deserialize)]
struct Class {
    what: String,
    topics: Vec<Verdicted>,
}

#[derive(Deserialize)]
struct Verdicted {
    pair: String,
    concept: String,
    decision: Verdict,
    #[serde(default)]
    ruling: Option<bool>,
}

/// The file of one decision per fact, beside the readings it overrides.
const CONSISTENCY: &str = "consistency.yaml";

/// The held-out folders: the first test readings, the second set written
/// after them (scored without `consistency.yaml`), the decisions between
/// the two, a third set of readings, and a fourth with its decisions.
const HELD_OUT: [&str; 5] = ["test", "test-2", "test-3", "test-4", "test-5"];
/// The second sets of readings and decisions, of development pairs and of
/// the test pairs, read to one written standard by readers who saw none of
/// the first: scored as they wrote them, without `consistency.yaml`.
const SECOND_SETS: [&str; 2] = ["dev-2", "test-2"];

/// The decisions of `consistency.yaml` on the pair `stem` (`a--b`), each
/// with its fact; none when `FLOOR_EVAL_CONSISTENCY=0` asks for the truths
/// as their readers and deciders left them.
fn consistent_verdicts(stem: &str) -> Vec<(Verdicted, String)> {
    if std::env::var("FLOOR_EVAL_CONSISTENCY").is_ok_and(|v| v == "0") {
        return Vec::new();
    }
    let path = fixtures().join(CONSISTENCY);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all: Consistency = floor::yaml::from_str(&text, &path.display().to_string())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    all.classes
        .into_iter()
        .flat_map(|c| {
            let what = c.what;
            c.topics
                .into_iter()
                .filter(|t| t.pair == stem)
                .map(move |t| (t, what.clone()))
        })
        .collect()
}

/// What a pair's truth holds: the topics with a difference, the ★ ones
/// among them (when the reading marks them), the topics read as the same.
struct Truth {
    a: String,
    b: String,
    split: Option<String>,
    differences: BTreeSet<String>,
    starred: Option<BTreeSet<String>>,
    /// Each difference's description, for the list of misses.
    what: Vec<(String, String)>,
    same: Vec<String>,
    only_a: Option<Vec<String>>,
    only_b: Option<Vec<String>>,
    /// Read to the older, wider standard (see the module's notes).
    wide: bool,
    /// An adjudicated truth: the readings it was built from, each with
    /// its own topics and ★ topics.
    readers: Vec<(String, BTreeSet<String>, Option<BTreeSet<String>>)>,
    /// An adjudicated truth: the topics its two readings disagree on.
    disputed: Option<BTreeSet<String>>,
}

impl Reading {
    fn load(path: &Path) -> Reading {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        floor::yaml::from_str(&text, &path.display().to_string())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn topics(&self) -> BTreeSet<String> {
        self.differences.iter().map(|d| d.concept.clone()).collect()
    }

    /// The topics with a ruling difference; `None` when the reading marks
    /// no difference either way (the older fixtures).
    fn starred(&self) -> Option<BTreeSet<String>> {
        self.differences
            .iter()
            .any(|d| d.ruling.is_some())
            .then(|| {
                self.differences
                    .iter()
                    .filter(|d| d.ruling == Some(true))
                    .map(|d| d.concept.clone())
                    .collect()
            })
    }

    fn into_truth(self) -> Truth {
        let wide = self.only_a.is_none() && self.only_b.is_none();
        Truth {
            differences: self.topics(),
            starred: self.starred(),
            what: self
                .differences
                .iter()
                .map(|d| (d.concept.clone(), d.what.clone()))
                .collect(),
            a: self.a,
            b: self.b,
            split: self.split,
            same: self.same,
            only_a: self.only_a,
            only_b: self.only_b,
            wide,
            readers: Vec::new(),
            disputed: None,
        }
    }
}

impl Adjudication {
    /// The truth of the two readings where they agree and of the decisions
    /// where they do not; every topic they disagree on must be decided,
    /// and only those.
    fn into_truth(self, path: &Path) -> Truth {
        let root = fixtures();
        let [first, second] = self
            .from
            .clone()
            .map(|f| (Reading::load(&root.join(&f)), f));
        for (r, f) in [&first, &second] {
            let pair = BTreeSet::from([&r.a, &r.b]);
            assert_eq!(
                pair,
                BTreeSet::from([&self.a, &self.b]),
                "{}: {f} reads another pair",
                path.display()
            );
        }
        let (t1, t2) = (first.0.topics(), second.0.topics());
        let (s1, s2) = (first.0.starred(), second.0.starred());
        let disputed = read_apart((&t1, s1.as_ref()), (&t2, s2.as_ref()));
        decided_exactly(&self.decisions, &disputed, path);
        let agreed: BTreeSet<String> = t1.intersection(&t2).cloned().collect();
        let kept = |c: &String| !disputed.contains(c);
        let mut differences: BTreeSet<String> =
            agreed.iter().filter(|c| kept(c)).cloned().collect();
        let marks = s1.as_ref().or(s2.as_ref());
        let mut starred: BTreeSet<String> = differences
            .iter()
            .filter(|c| marks.is_some_and(|m| m.contains(*c)))
            .cloned()
            .collect();
        let mut what = Vec::new();
        apply_decisions(&self.decisions, &mut differences, &mut starred, &mut what);
        let stem = path
            .file_name()
            .map(|n| {
                n.to_string_lossy()
                    .trim_end_matches(".decisions.yaml")
                    .to_string()
            })
            .unwrap_or_default();
        let second_set = SECOND_SETS
            .iter()
            .any(|folder| path.starts_with(fixtures().join(folder)));
        let verdicts = if second_set {
            Vec::new()
        } else {
            consistent_verdicts(&stem)
        };
        // A second, independent truth of the pair that reads a topic as
        // this one does outvotes the single decision of consistency.yaml.
        let second_truth = SECOND_SETS
            .iter()
            .filter(|_| !second_set)
            .map(|folder| root.join(folder).join(format!("{stem}.decisions.yaml")))
            .find(|p| p.is_file())
            .map(|p| {
                let text =
                    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                let a: Adjudication = floor::yaml::from_str(&text, &p.display().to_string())
                    .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                a.into_truth(&p)
            });
        let verdict_of = |differences: &BTreeSet<String>, starred: &BTreeSet<String>, c: &str| {
            (differences.contains(c), starred.contains(c))
        };
        let verdicts: Vec<_> = verdicts
            .into_iter()
            .filter(|(v, _)| {
                second_truth.as_ref().is_none_or(|t| {
                    let none = BTreeSet::new();
                    verdict_of(&differences, &starred, &v.concept)
                        != verdict_of(
                            &t.differences,
                            t.starred.as_ref().unwrap_or(&none),
                            &v.concept,
                        )
                })
            })
            .collect();
        for (v, fact) in verdicts {
            let (concept, starred_too) = (v.concept.clone(), v.ruling == Some(true));
            match v.decision {
                Verdict::Difference => {
                    differences.insert(concept.clone());
                    what.push((
                        concept.clone(),
                        format!("decided once for all pairs: {fact}"),
                    ));
                }
                Verdict::Same => {
                    differences.remove(&concept);
                    what.retain(|(c, _)| *c != concept);
                }
            }
            if starred_too {
                starred.insert(concept);
            } else {
                starred.remove(&concept);
            }
        }
        for r in [&first.0, &second.0] {
            what.extend(
                r.differences
                    .iter()
                    .filter(|d| kept(&d.concept) && differences.contains(&d.concept))
                    .map(|d| (d.concept.clone(), d.what.clone())),
            );
        }
        let readers = [first, second]
            .into_iter()
            .map(|(r, f)| (f, r.topics(), r.starred()))
            .collect();
        Truth::decided(
            (self.a, self.b, self.split),
            (differences, starred, what),
            readers,
            disputed,
        )
    }
}

/// Adds the topics decided a difference (★ where the decision says so),
/// each with its reason.
fn apply_decisions(
    decisions: &[Decision],
    differences: &mut BTreeSet<String>,
    starred: &mut BTreeSet<String>,
    what: &mut Vec<(String, String)>,
) {
    for d in decisions {
        if d.decision == Verdict::Difference {
            differences.insert(d.concept.clone());
            if d.ruling == Some(true) {
                starred.insert(d.concept.clone());
            }
            what.push((d.concept.clone(), format!("decided: {}", d.reason)));
        }
    }
}

impl Truth {
    /// A truth built from two sources and the decisions between them.
    fn decided(
        (a, b, split): (String, String, Option<String>),
        (differences, starred, what): (BTreeSet<String>, BTreeSet<String>, Vec<(String, String)>),
        readers: Vec<(String, BTreeSet<String>, Option<BTreeSet<String>>)>,
        disputed: BTreeSet<String>,
    ) -> Truth {
        Truth {
            a,
            b,
            split,
            differences,
            starred: Some(starred),
            what,
            same: Vec::new(),
            only_a: None,
            only_b: None,
            wide: false,
            readers,
            disputed: Some(disputed),
        }
    }
}

/// The topics two readings or truths read apart: a difference in one only,
/// or in both with a ★ in one only (where both mark ★).
fn read_apart(
    (t1, s1): (&BTreeSet<String>, Option<&BTreeSet<String>>),
    (t2, s2): (&BTreeSet<String>, Option<&BTreeSet<String>>),
) -> BTreeSet<String> {
    t1.symmetric_difference(t2)
        .chain(t1.intersection(t2).filter(|c| match (s1, s2) {
            (Some(s1), Some(s2)) => s1.contains(*c) != s2.contains(*c),
            _ => false,
        }))
        .cloned()
        .collect()
}

/// Every disputed topic decided, and only those.
fn decided_exactly(decisions: &[Decision], disputed: &BTreeSet<String>, path: &Path) {
    let decided: BTreeSet<String> = decisions.iter().map(|d| d.concept.clone()).collect();
    assert_eq!(
        &decided,
        disputed,
        "{}: the decisions must cover exactly the disputed topics",
        path.display()
    );
}

impl Adjudication {
    /// Between two truths: the topics both read alike, and the decisions
    /// where they read them apart.
    fn between_truths(self, path: &Path) -> Truth {
        let root = fixtures();
        let [first, second] = self.from.clone().map(|f| (truth_of(&root.join(&f)), f));
        for (t, f) in [&first, &second] {
            assert_eq!(
                BTreeSet::from([&t.a, &t.b]),
                BTreeSet::from([&self.a, &self.b]),
                "{}: {f} is another pair's truth",
                path.display()
            );
        }
        let ((t1, f1), (t2, f2)) = (first, second);
        let disputed = read_apart(
            (&t1.differences, t1.starred.as_ref()),
            (&t2.differences, t2.starred.as_ref()),
        );
        decided_exactly(&self.decisions, &disputed, path);
        let kept = |c: &String| !disputed.contains(c);
        let mut differences: BTreeSet<String> = t1
            .differences
            .intersection(&t2.differences)
            .filter(|c| kept(c))
            .cloned()
            .collect();
        let mut starred: BTreeSet<String> = differences
            .iter()
            .filter(|c| t1.starred.as_ref().is_some_and(|s| s.contains(*c)))
            .cloned()
            .collect();
        let mut what = Vec::new();
        apply_decisions(&self.decisions, &mut differences, &mut starred, &mut what);
        for t in [&t1, &t2] {
            what.extend(
                t.what
                    .iter()
                    .filter(|(c, _)| kept(c) && differences.contains(c))
                    .cloned(),
            );
        }
        Truth::decided(
            (self.a, self.b, self.split),
            (differences, starred, what),
            vec![
                (f1, t1.differences, t1.starred),
                (f2, t2.differences, t2.starred),
            ],
            disputed,
        )
    }
}

/// The truth a fixture holds: a reading, an adjudication of two readings
/// (`*.decisions.yaml`) or a decision between two truths
/// (`*.consensus.yaml`).
fn truth_of(path: &Path) -> Truth {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let text =
        || std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if name.ends_with(".consensus.yaml") {
        let c: Adjudication = floor::yaml::from_str(&text(), &path.display().to_string())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        c.between_truths(path)
    } else if name.ends_with(".decisions.yaml") {
        let a: Adjudication = floor::yaml::from_str(&text(), &path.display().to_string())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        a.into_truth(path)
    } else {
        Reading::load(path).into_truth()
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/substance")
}

/// Hits against a reference set.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Tally {
    /// In the reading.
    truth: usize,
    /// Flagged by compare.
    flagged: usize,
    /// Both.
    hit: usize,
}

impl Tally {
    fn of(truth: &BTreeSet<String>, flagged: &BTreeSet<String>) -> Tally {
        Tally {
            truth: truth.len(),
            flagged: flagged.len(),
            hit: truth.intersection(flagged).count(),
        }
    }

    fn recall(self) -> f64 {
        ratio(self.hit, self.truth)
    }

    fn precision(self) -> f64 {
        ratio(self.hit, self.flagged)
    }

    fn add(self, other: Tally) -> Tally {
        Tally {
            truth: self.truth + other.truth,
            flagged: self.flagged + other.flagged,
            hit: self.hit + other.hit,
        }
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        1.0
    } else {
        part as f64 / whole as f64
    }
}

/// One pair's figures.
struct Score {
    /// The reading is one of the bundled fixtures (the figures guard
    /// against regressions); readings named in `FLOOR_COMPARE_EVAL` are
    /// only reported.
    bundled: bool,
    /// A held-out test pair: figures only, no misses listed.
    held_out: bool,
    /// The reading's path under `tests/fixtures/substance/`.
    file: String,
    name: String,
    split: String,
    substance: Tally,
    ruling: Option<Tally>,
    one_sided: Option<(Tally, Tally)>,
    /// Against an adjudicated truth: each reading it was built from,
    /// scored like compare (substance, and ★ where the reading marks it).
    readers: Vec<(String, Tally, Option<Tally>)>,
    /// Against an adjudicated truth, on the topics its two readings agree
    /// on (the disputed ones left out): substance, ★, how many disputed.
    agreed: Option<(Tally, Option<Tally>, usize)>,
    details: Vec<String>,
    /// The truth's topics with a difference, and those with a ★.
    truth: (BTreeSet<String>, Option<BTreeSet<String>>),
}

fn rows(c: &Value) -> &[Value] {
    c["rows"].as_array().map_or(&[][..], Vec::as_slice)
}

fn has_flag(row: &Value, flag: &str) -> bool {
    row["flags"]
        .as_array()
        .is_some_and(|f| f.iter().any(|x| x == flag))
}

fn concepts<'a>(rows: impl Iterator<Item = &'a Value>) -> BTreeSet<String> {
    rows.filter_map(|r| r["concept"].as_str().map(str::to_string))
        .collect()
}

fn compare_json(a: &str, b: &str) -> Value {
    let mut cmd = match std::env::var_os("FLOOR_COMPARE_EVAL_BIN") {
        Some(bin) => {
            let mut cmd = assert_cmd::Command::new(bin);
            cmd.env_clear().env("LANG", "en_US.UTF-8");
            cmd
        }
        None => floor(),
    };
    json_of(cmd.args(["compare", a, b, "--json"]))
}

fn score(path: &Path) -> Score {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let adjudicated = name.ends_with(".decisions.yaml");
    let truth = truth_of(path);
    let c = compare_json(&truth.a, &truth.b);
    let rows = rows(&c);
    let known = concepts(rows.iter());
    let one_sided = |status: &str| concepts(rows.iter().filter(|r| r["status"] == status));
    let flagged = concepts(rows.iter().filter(|r| {
        has_flag(r, "substance")
            || has_flag(r, "ruling")
            || (truth.wide && (has_flag(r, "procedure") || has_flag(r, "tda-practice")))
    }));
    let mut details = Vec::new();
    for concept in truth.differences.difference(&flagged) {
        let what: Vec<&str> = truth
            .what
            .iter()
            .filter(|(c, _)| c == concept)
            .map(|(_, w)| w.as_str())
            .collect();
        let row = if known.contains(concept) {
            ""
        } else {
            " (no row)"
        };
        details.push(format!("missed {concept}{row}: {}", what.join(" | ")));
    }
    for concept in flagged.difference(&truth.differences) {
        let said = if truth.same.contains(concept) {
            "the reading has it the same"
        } else {
            "not listed"
        };
        details.push(format!("flagged {concept}: {said}"));
    }
    let starred = concepts(rows.iter().filter(|r| has_flag(r, "ruling")));
    let ruling = truth.starred.as_ref().map(|truth| {
        for concept in starred.difference(truth) {
            details.push(format!("★ on {concept}: the reading has no ruling change"));
        }
        for concept in truth.difference(&starred) {
            details.push(format!("★ missing on {concept}"));
        }
        Tally::of(truth, &starred)
    });
    let sides = match (&truth.only_a, &truth.only_b) {
        (Some(a), Some(b)) => {
            let (ta, tb): (BTreeSet<String>, BTreeSet<String>) =
                (a.iter().cloned().collect(), b.iter().cloned().collect());
            let (ca, cb) = (one_sided("only-a"), one_sided("only-b"));
            for (truth, got, side) in [(&ta, &ca, "only-a"), (&tb, &cb, "only-b")] {
                for c in truth.symmetric_difference(got) {
                    let by = if truth.contains(c) {
                        "reading"
                    } else {
                        "compare"
                    };
                    details.push(format!("{side} {c}: only the {by} says so"));
                }
            }
            Some((Tally::of(&ta, &ca), Tally::of(&tb, &cb)))
        }
        _ => None,
    };
    let readers = truth
        .readers
        .iter()
        .map(|(file, topics, stars)| {
            let star = match (stars, &truth.starred) {
                (Some(s), Some(t)) => Some(Tally::of(t, s)),
                _ => None,
            };
            (file.clone(), Tally::of(&truth.differences, topics), star)
        })
        .collect();
    let agreed = truth.disputed.as_ref().map(|disputed| {
        let kept = |set: &BTreeSet<String>| -> BTreeSet<String> {
            set.difference(disputed).cloned().collect()
        };
        let star = match (
            &truth.starred,
            truth.readers.iter().all(|(_, _, s)| s.is_some()),
        ) {
            (Some(t), true) => Some(Tally::of(&kept(t), &kept(&starred))),
            _ => None,
        };
        (
            Tally::of(&kept(&truth.differences), &kept(&flagged)),
            star,
            disputed.len(),
        )
    });
    let fixtures = fixtures();
    let held_out = HELD_OUT
        .iter()
        .any(|folder| path.starts_with(fixtures.join(folder)))
        || truth
            .split
            .as_deref()
            .is_some_and(|s| s.starts_with("test"));
    let split = truth.split.unwrap_or_else(|| "built against".to_string());
    Score {
        bundled: path.starts_with(&fixtures) && !held_out,
        held_out,
        file: path
            .strip_prefix(&fixtures)
            .unwrap_or(path)
            .display()
            .to_string(),
        name: format!("{} vs {}", truth.a, truth.b),
        split: if adjudicated {
            format!("{split}, adjudicated")
        } else {
            split
        },
        substance: Tally::of(&truth.differences, &flagged),
        truth: (truth.differences.clone(), truth.starred.clone()),
        ruling,
        one_sided: sides,
        readers,
        agreed,
        details,
    }
}

/// Whether the held-out test pairs are to be read (`FLOOR_EVAL_TEST=1`).
fn held_out_asked() -> bool {
    std::env::var_os("FLOOR_EVAL_TEST").is_some_and(|v| v == "1")
}

/// The files to score: the bundled fixtures (the held-out test pairs when
/// asked for), then those named in `FLOOR_COMPARE_EVAL`.
fn files() -> Vec<PathBuf> {
    let root = fixtures();
    let mut named = vec![root.clone(), root.join("dev"), root.join("dev-2")];
    named.extend(Some(root.join("dev-3")).filter(|d| d.is_dir()));
    if held_out_asked() {
        named.extend(
            HELD_OUT
                .iter()
                .map(|folder| root.join(folder))
                .filter(|dir| dir.is_dir()),
        );
    }
    if let Some(extra) = std::env::var_os("FLOOR_COMPARE_EVAL") {
        named.extend(std::env::split_paths(&extra).filter(|p| !p.as_os_str().is_empty()));
    }
    let mut files = Vec::new();
    for dir in named {
        if !dir.is_dir() {
            files.push(dir);
            continue;
        }
        let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .filter(|p| p.file_name().is_none_or(|n| n != CONSISTENCY))
            .collect();
        found.sort();
        files.extend(found);
    }
    files
}

fn line(score: &Score) -> String {
    let s = score.substance;
    let mut out = format!(
        "{:36} {:24} substance recall {:.3} ({}/{}) precision {:.3} ({}/{})",
        score.name,
        score.split,
        s.recall(),
        s.hit,
        s.truth,
        s.precision(),
        s.hit,
        s.flagged
    );
    match score.ruling {
        Some(r) => out.push_str(&format!(
            " | ★ precision {:.3} ({}/{}) recall {:.3} ({}/{})",
            r.precision(),
            r.hit,
            r.flagged,
            r.recall(),
            r.hit,
            r.truth
        )),
        None => out.push_str(" | ★ not in the reading"),
    }
    if let Some((a, b)) = score.one_sided {
        out.push_str(&format!(
            " | only-a {}/{} agree ({} more in compare), only-b {}/{} agree ({} more in compare)",
            a.hit,
            a.truth,
            a.flagged - a.hit,
            b.hit,
            b.truth,
            b.flagged - b.hit
        ));
    }
    if let Some((substance, star, disputed)) = score.agreed {
        out.push_str(&format!(
            "\n    where its two readings agree ({disputed} disputed topics left out): recall {:.3} precision {:.3}",
            substance.recall(),
            substance.precision()
        ));
        if let Some(r) = star {
            out.push_str(&format!(
                " | ★ precision {:.3} recall {:.3}",
                r.precision(),
                r.recall()
            ));
        }
    }
    for (file, substance, star) in &score.readers {
        let who = if file.ends_with(".decisions.yaml") {
            "a truth"
        } else {
            "a reader"
        };
        out.push_str(&format!(
            "\n    {who} against it, {file}: recall {:.3} precision {:.3}",
            substance.recall(),
            substance.precision()
        ));
        if let Some(r) = star {
            out.push_str(&format!(" | ★ precision {:.3}", r.precision()));
        }
    }
    out
}

/// The least figures a bundled reading must keep.
struct Floors {
    recall: f64,
    precision: f64,
    star_precision: f64,
}

/// Readings held to floors of their own, just below the figures compare
/// reaches on them: the second and third readings of a pair, each by a
/// reader who saw neither compare nor the other reading, the first reading
/// of pokerpunt-nl vs dpc-2019-en, and the adjudicated truths. Two readers of one pair differ on what
/// counts (a topic only one edition has, a player's duty, a dealer's
/// procedure, a clause one text leaves out; see each file's header), so no
/// reading of a pair can be met in full without missing the other; where
/// the same fact was read two ways in two pairs, `consistency.yaml` decides
/// it once, and a single reading that read it the other way is held
/// loosely there.
const OWN_FLOORS: &[(&str, Floors)] = &[
    // Its readers count "100% identifiable" against "identifiable and
    // retrievable" a difference (live cards, tabling), which the decided
    // readings of three other pairs do not (the catalog groups them). It
    // and the two below also list DPC's "checking the nuts ... is not an
    // automatic soft play violation", which the decided readings find in
    // de's floor's discretion as well (the soft-play card reads de's
    // silence as that practice): recall 0.92 -> 0.90, 0.75 -> 0.74,
    // 0.84 -> 0.83. It also counts the deck changed at the dealer's
    // request against at the dealer push a difference, which four of the
    // pair's five development truths read as one staff practice: recall
    // 0.907 -> 0.884. Read to the wide standard (procedures count), it
    // does not list the German 20's side pot "getrennt vom Haupt-Pot
    // gelegt", placed apart from the main pot, which DPC 21 does not say:
    // precision 0.950 -> 0.927.
    (
        "tda-2015-de--dpc-2019-en.yaml",
        Floors {
            recall: 0.88,
            precision: 0.92,
            star_precision: 0.86,
        },
    ),
    // Read before DPC's closing note had a topic of its own: it lists the
    // note under raise-amounts only, where compare stars it too.
    (
        "onk-2023-nl--dpc-2019-en.yaml",
        Floors {
            recall: 0.95,
            precision: 0.92,
            star_precision: 0.86,
        },
    ),
    (
        "dev/tda-2015-de--dpc-2019-en.second.yaml",
        Floors {
            recall: 0.74,
            precision: 0.61,
            star_precision: 0.68,
        },
    ),
    // It reads DPC's "where verbal and chips are contradictory, the TD will
    // determine the bet" as the floor's general discretion; both readings
    // of the second set and the decision between the two truths star it.
    (
        "dev/tda-2015-de--dpc-2019-en.third.yaml",
        Floors {
            recall: 0.83,
            precision: 0.90,
            star_precision: 0.92,
        },
    ),
    (
        "dev/onk-2023-nl--dpc-2019-en.second.yaml",
        Floors {
            recall: 0.8,
            precision: 0.78,
            star_precision: 0.86,
        },
    ),
    // It does not list Pokerpunt's pot that counts the bets in front
    // (unclear bets), which consistency.yaml decides a ruling difference,
    // and lists ONK's reminder that a device breach can be penalised, which
    // it decides the same (every penalty rule reaches it).
    (
        "dev/onk-2023-nl--pokerpunt-nl.second.yaml",
        Floors {
            recall: 0.81,
            precision: 0.89,
            star_precision: 0.90,
        },
    ),
    // This reader and the pair's decision count soft play's "may include"
    // lists a difference; the decided readings of three other pairs do not.
    // Both readers of this pair file ONK's MEC-2 and MEC-7 under the house
    // rules' own topics only, and the premature-card procedures ONK's rule
    // 39 states under premature-cards only; compare also stars the topics
    // they change or sit in (new-hand-new-limits, hand-for-hand,
    // four-card-flop): ★ precision 0.89 -> 0.85, 0.89 -> 0.82, precision
    // 0.93 -> 0.92, 0.91 -> 0.88.
    (
        "dev/onk-2023-nl--tda-2019-sk.second.yaml",
        Floors {
            recall: 0.85,
            precision: 0.92,
            star_precision: 0.85,
        },
    ),
    // Both readers of this pair count Pokerpunt's ban on swapping seats and
    // its "until two players remain" a difference; consistency.yaml decides
    // both facts the same.
    (
        "dev/pokerpunt-nl--dpc-2019-en.second.yaml",
        Floors {
            recall: 0.70,
            precision: 0.9,
            star_precision: 0.9,
        },
    ),
    // This reader stars no topic DPC prints no rule on (rule 3's tap, the
    // stud dead hands); the pair's adjudication stars both. It does not
    // list Pokerpunt's rebuy that binds at no set time, which
    // consistency.yaml decides a ruling difference.
    (
        "dev/pokerpunt-nl--dpc-2019-en.yaml",
        Floors {
            recall: 0.92,
            precision: 0.63,
            star_precision: 0.74,
        },
    ),
    (
        "dev/onk-2023-nl--tda-2019-sk.yaml",
        Floors {
            recall: 0.91,
            precision: 0.88,
            star_precision: 0.82,
        },
    ),
    // Read as a development pair, held out as a test pair, then moved to
    // development.
    (
        "dev/onk-2023-nl--tda-2015-de.yaml",
        Floors {
            recall: 0.73,
            precision: 0.92,
            star_precision: 0.92,
        },
    ),
    (
        "dev/onk-2023-nl--tda-2015-de.second.yaml",
        Floors {
            recall: 0.84,
            precision: 0.82,
            star_precision: 0.81,
        },
    ),
    // The adjudicated truths of the development pairs. Where a pair's
    // second truth (dev-2/) reads a topic as its first truth does, the two
    // outvote consistency.yaml, which compare follows: ONK's own premature
    // card procedures and its floor decision on contradicting words and
    // chips (onk/de), soft play's chip forfeiture (onk/sk), "in turn" in
    // substantial action (de/dpc) count again, and compare misses them.
    // Halting play by default in a 6-max or turbo event (de states it,
    // ONK does not) is a difference to every later truth of onk/de; this
    // one reads it as no difference (0.923 -> 0.906).
    (
        "dev/onk-2023-nl--tda-2015-de.decisions.yaml",
        Floors {
            recall: 0.95,
            precision: 0.90,
            star_precision: 0.91,
        },
    ),
    // It counts ONK 52-A's "In No limit" against DPC's "In limit and
    // no-limit" a ruling difference; the incorrect-bet cards under ONK
    // correct a limit bet as the TDA practice does and say so, and compare
    // shows that silence read as the practice: recall 1.000 -> 0.975.
    (
        "dev/onk-2023-nl--dpc-2019-en.decisions.yaml",
        Floors {
            recall: 0.97,
            precision: 0.9,
            star_precision: 0.94,
        },
    ),
    (
        "dev/onk-2023-nl--pokerpunt-nl.decisions.yaml",
        Floors {
            recall: 0.95,
            precision: 0.93,
            star_precision: 0.91,
        },
    ),
    (
        "dev/onk-2023-nl--tda-2019-sk.decisions.yaml",
        Floors {
            recall: 0.95,
            precision: 0.93,
            star_precision: 0.92,
        },
    ),
    // This truth counts Pokerpunt's club buy-in terms a difference, which
    // no floor decision turns on; the pair's readers and its second truth
    // leave them out.
    (
        "dev/pokerpunt-nl--dpc-2019-en.decisions.yaml",
        Floors {
            recall: 0.94,
            precision: 0.9,
            star_precision: 0.9,
        },
    ),
    (
        "dev/tda-2015-de--dpc-2019-en.decisions.yaml",
        Floors {
            recall: 0.96,
            precision: 0.91,
            star_precision: 0.94,
        },
    ),
];

/// The figures the bundled readings must keep (a regression guard below
/// what they reach, not the targets, which are held to the held-out pairs):
/// recall on every pair; precision on the pairs compare was built against,
/// and a floor on the development pairs, whose readers differ on what a
/// difference is (one lists what a player must do, the other not).
fn holds_ground(s: &Score) -> Vec<String> {
    let mut out = Vec::new();
    let built_against = s.split == "built against";
    let general = Floors {
        recall: 0.95,
        precision: if built_against { 0.95 } else { 0.78 },
        star_precision: 0.86,
    };
    // The second development set was read to the written standard after
    // compare was built; it is held below what compare reaches on it
    // (recall 0.83-0.97, precision 0.78-0.95, ★ precision 0.68-0.89).
    let second = Floors {
        recall: 0.82,
        precision: 0.77,
        star_precision: 0.67,
    };
    // The decisions between the two development truths: held below what
    // compare reaches on them (recall 0.92-0.98, precision 0.92-0.97, ★
    // precision 0.81-0.96).
    let consensus = Floors {
        recall: 0.91,
        precision: 0.91,
        star_precision: 0.80,
    };
    let floors = OWN_FLOORS.iter().find(|(file, _)| *file == s.file).map_or(
        if s.split.starts_with("development-2") {
            &second
        } else if s.split.starts_with("development-consensus") {
            &consensus
        } else {
            &general
        },
        |(_, f)| f,
    );
    let (floor_recall, floor_precision) = (floors.recall, floors.precision);
    if s.substance.recall() < floor_recall {
        out.push(format!(
            "{}: substance recall {:.3} < {floor_recall}",
            s.file,
            s.substance.recall()
        ));
    }
    if s.substance.precision() < floor_precision {
        out.push(format!(
            "{}: substance precision {:.3} < {floor_precision}",
            s.file,
            s.substance.precision()
        ));
    }
    if let Some(r) = s.ruling
        && r.precision() < floors.star_precision
    {
        out.push(format!(
            "{}: ★ precision {:.3} < {}",
            s.file,
            r.precision(),
            floors.star_precision
        ));
    }
    out
}

/// Where two adjudicated truths of the same pairs were written by
/// different readers (the test pairs and their second set), the first
/// scored against the second as compare is: how far two careful truths
/// agree bounds what compare can reach against both.
fn truths_against_each_other(scores: &[Score]) {
    let adjudicated: Vec<&Score> = scores
        .iter()
        .filter(|s| s.split.ends_with(", adjudicated"))
        .collect();
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for first in &adjudicated {
        for second in &adjudicated {
            let splits = (first.split.as_str(), second.split.as_str());
            if first.split >= second.split || seen.contains(&splits) {
                continue;
            }
            seen.push(splits);
            let mut sub = Tally::default();
            let mut star = Tally::default();
            let mut ceilings = Vec::new();
            for a in adjudicated.iter().filter(|s| s.split == first.split) {
                let Some(b) = adjudicated
                    .iter()
                    .find(|b| b.split == second.split && b.name == a.name)
                else {
                    continue;
                };
                sub = sub.add(Tally::of(&b.truth.0, &a.truth.0));
                let mut ceiling = format!(
                    "{} {:.3}",
                    a.name,
                    best_precision_for_both(&a.truth.0, &b.truth.0, TARGET_RECALL)
                );
                if let (Some(sa), Some(sb)) = (&a.truth.1, &b.truth.1) {
                    star = star.add(Tally::of(sb, sa));
                    ceiling.push_str(&format!(
                        " (★ {:.3})",
                        best_precision_for_both(sa, sb, STAR_RECALL)
                    ));
                }
                ceilings.push(ceiling);
            }
            if sub.truth == 0 {
                continue;
            }
            eprintln!(
                "{} truth against the {} truth: recall {:.3}, precision {:.3}; ★ precision {:.3}, recall {:.3}",
                splits.0.trim_end_matches(", adjudicated"),
                splits.1.trim_end_matches(", adjudicated"),
                sub.recall(),
                sub.precision(),
                star.precision(),
                star.recall()
            );
            eprintln!(
                "  the best precision any set of topics reaches against both at once, at recall {TARGET_RECALL} against each (★ at ★ recall {STAR_RECALL}): {}",
                ceilings.join(", ")
            );
        }
    }
}

/// The recall target, at which [`best_precision_for_both`] asks
/// what precision is left.
const TARGET_RECALL: f64 = 0.95;

/// The ★ recall at which the same is asked of the ★ topics (the issue sets
/// no ★ recall; compare's is 0.85-0.92 on the held-out truths).
const STAR_RECALL: f64 = 0.85;

/// The highest precision, the lower of the two, that any set of flagged
/// topics reaches against two truths of one pair at once while its recall
/// against each is at least `recall`: the most any compare could show
/// against both. Topics both truths list are always flagged (they raise
/// every figure); of those only one lists, every count is tried.
fn best_precision_for_both(a: &BTreeSet<String>, b: &BTreeSet<String>, recall: f64) -> f64 {
    let both = a.intersection(b).count();
    let (only_a, only_b) = (a.len() - both, b.len() - both);
    let mut best = 0.0_f64;
    for x in 0..=only_a {
        for y in 0..=only_b {
            let (hit_a, hit_b) = (both + x, both + y);
            if ratio(hit_a, a.len()) < recall || ratio(hit_b, b.len()) < recall {
                continue;
            }
            let flagged = both + x + y;
            best = best.max(ratio(hit_a, flagged).min(ratio(hit_b, flagged)));
        }
    }
    best
}

#[test]
fn compare_evaluation_figures() {
    let scores: Vec<Score> = files().iter().map(|p| score(p)).collect();
    let verbose = std::env::var_os("FLOOR_COMPARE_EVAL_DETAILS").is_some_and(|v| !v.is_empty());
    for s in &scores {
        eprintln!("{}", line(s));
        if verbose && !s.held_out {
            for d in &s.details {
                eprintln!("    {d}");
            }
        }
    }
    let mut splits: Vec<&str> = Vec::new();
    for s in &scores {
        if !splits.contains(&s.split.as_str()) {
            splits.push(&s.split);
        }
    }
    for split in splits {
        let of: Vec<&Score> = scores.iter().filter(|s| s.split == split).collect();
        let total = of.iter().fold(Tally::default(), |t, s| t.add(s.substance));
        let ruling = of
            .iter()
            .filter_map(|s| s.ruling)
            .fold(Tally::default(), Tally::add);
        let star = if ruling.truth == 0 {
            String::new()
        } else {
            format!(
                "; ★ precision {:.3}, recall {:.3}",
                ruling.precision(),
                ruling.recall()
            )
        };
        eprintln!(
            "{split}: substance recall {:.3}, precision {:.3}{star}",
            total.recall(),
            total.precision(),
        );
        let agreed = of.iter().filter_map(|s| s.agreed).fold(
            None,
            |t: Option<(Tally, Tally)>, (sub, star, _)| {
                let (a, b) = t.unwrap_or_default();
                Some((a.add(sub), star.map_or(b, |s| b.add(s))))
            },
        );
        if let Some((sub, star)) = agreed {
            eprintln!(
                "  where its two readings agree: recall {:.3}, precision {:.3}; ★ precision {:.3}, recall {:.3}",
                sub.recall(),
                sub.precision(),
                star.precision(),
                star.recall()
            );
        }
        let readers = of
            .iter()
            .flat_map(|s| &s.readers)
            .fold(Tally::default(), |t, (_, s, _)| t.add(*s));
        if readers.truth > 0 {
            eprintln!(
                "  its readings against it: recall {:.3}, precision {:.3}",
                readers.recall(),
                readers.precision()
            );
        }
    }
    truths_against_each_other(&scores);
    let lost: Vec<String> = scores
        .iter()
        .filter(|s| s.bundled)
        .flat_map(holds_ground)
        .collect();
    assert!(lost.is_empty(), "{}", lost.join("\n"));
}

/// `FLOOR_EVAL_DISPUTES=DIR` writes, for every pair with two adjudicated
/// truths (`dev/` and `dev-2/`; `test/` and `test-2/` with
/// `FLOOR_EVAL_TEST=1`), `DIR/<pair>.disputes.json`: the topics the two
/// truths read apart, with what each says of them, for a third reader to
/// decide (`*.consensus.yaml`). Nothing of compare goes into it.
#[test]
fn truth_disputes_for_a_third_decision() {
    let Some(dir) = std::env::var_os("FLOOR_EVAL_DISPUTES").map(PathBuf::from) else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let root = fixtures();
    let mut sets = vec![("dev", "dev-2")];
    if held_out_asked() {
        sets.push(("test", "test-2"));
    }
    for (first, second) in sets {
        let Ok(entries) = std::fs::read_dir(root.join(second)) else {
            continue;
        };
        let mut stems: Vec<String> = entries
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().to_string();
                name.strip_suffix(".decisions.yaml").map(str::to_string)
            })
            .collect();
        stems.sort();
        for stem in stems {
            let from = [first, second].map(|f| format!("{f}/{stem}.decisions.yaml"));
            if !root.join(&from[0]).is_file() {
                continue;
            }
            let [t1, t2] = from.clone().map(|f| truth_of(&root.join(f)));
            let disputed = read_apart(
                (&t1.differences, t1.starred.as_ref()),
                (&t2.differences, t2.starred.as_ref()),
            );
            let side = |t: &Truth, c: &str| {
                serde_json::json!({
                    "difference": t.differences.contains(c),
                    "ruling": t.starred.as_ref().is_some_and(|s| s.contains(c)),
                    "what": t.what.iter().filter(|(x, _)| x == c).map(|(_, w)| w).collect::<Vec<_>>(),
                })
            };
            let disputes: Vec<Value> = disputed
                .iter()
                .map(|c| serde_json::json!({"concept": c, "first": side(&t1, c), "second": side(&t2, c)}))
                .collect();
            let out = serde_json::json!({
                "a": t1.a, "b": t1.b, "from": from, "disputes": disputes,
            });
            let path = dir.join(format!("{stem}.disputes.json"));
            let text = serde_json::to_string_pretty(&out).unwrap_or_default();
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}

/// Two truths of 20 topics sharing 18: recall 0.95 needs 19 of each, so
/// one topic only each lists must be flagged for each, and 19 of 20
/// flagged is the best either precision can be.
#[test]
fn the_best_precision_for_two_truths_flags_what_recall_needs_and_no_more() {
    let shared = (0..18).map(|i| format!("t{i}"));
    let a: BTreeSet<String> = shared.clone().chain(["a1".into(), "a2".into()]).collect();
    let b: BTreeSet<String> = shared.chain(["b1".into(), "b2".into()]).collect();
    assert!((best_precision_for_both(&a, &b, 0.95) - 0.95).abs() < 1e-9);
    assert!((best_precision_for_both(&a, &a, 0.95) - 1.0).abs() < 1e-9);
    assert!((best_precision_for_both(&a, &b, 0.9) - 1.0).abs() < 1e-9);
}
