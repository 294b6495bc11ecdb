//! The renumbering between two editions as a compact map: runs of topics
//! shifted by the same amount ("5-11 = 4-10"), and blocks whose order
//! changed ("40-62 reordered"), instead of one line per rule.

use serde::Serialize;

use crate::rules::RuleRef;

/// One entry of the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Run {
    /// `shift` (consecutive numbers moved by one amount), `reordered` (a
    /// block of numbers whose order changed) or `moved` (a topic that is a
    /// rule in one edition and a procedure or house rule in the other).
    pub kind: &'static str,
    /// The numbers in the first edition ("5-11").
    pub a: String,
    /// The numbers in the second edition ("4-10").
    pub b: String,
    /// How many topics.
    pub topics: usize,
}

/// The renumbering of the topics both editions have, given as pairs of
/// numbers in the first edition's order. Numbers of one family (TDA rules,
/// or procedures, which `RP-5` and `OP-5` share) are mapped against each
/// other in runs; a topic that moved from one family to another is listed
/// on its own, after them; pairs that keep their number are left out.
pub fn map(pairs: &[(String, String)]) -> Vec<Run> {
    // Per family (its prefix), the pairs of ordinals.
    let mut families: Vec<(Option<String>, Pairs)> = Vec::new();
    let mut moved = Vec::new();
    for (a, b) in pairs {
        let (Some(ra), Some(rb)) = (RuleRef::parse(a), RuleRef::parse(b)) else {
            continue;
        };
        let (fa, fb) = (family(&ra), family(&rb));
        if fa != fb {
            moved.push(Run {
                kind: "moved",
                a: a.clone(),
                b: b.clone(),
                topics: 1,
            });
            continue;
        }
        match families.iter_mut().find(|(f, _)| *f == fa) {
            Some((_, list)) => list.push((ra.ordinal, rb.ordinal)),
            None => families.push((fa, vec![(ra.ordinal, rb.ordinal)])),
        }
    }
    let mut out = Vec::new();
    for (prefix, mut list) in families {
        list.sort_unstable();
        out.extend(runs(&list, prefix.as_deref()));
    }
    out.extend(moved);
    out
}

/// Ordinals in the first and the second edition.
type Pairs = Vec<(u32, u32)>;

fn family(r: &RuleRef) -> Option<String> {
    match r.prefix.as_deref() {
        Some("OP") => Some("RP".into()),
        other => other.map(str::to_string),
    }
}

/// Splits pairs sorted by the first number into blocks whose numbers cross
/// (reordered) and, between them, runs moved by one amount (shifted).
/// A block ends where every second number so far is below every second
/// number after it.
fn runs(list: &[(u32, u32)], prefix: Option<&str>) -> Vec<Run> {
    let label = |n: u32| match prefix {
        Some(p) => format!("{p}-{n}"),
        None => n.to_string(),
    };
    let range = |(lo, hi): (u32, u32)| {
        if lo == hi {
            label(lo)
        } else {
            format!("{}-{}", label(lo), hi)
        }
    };
    let mut suffix_min = vec![u32::MAX; list.len() + 1];
    for (i, &(_, b)) in list.iter().enumerate().rev() {
        suffix_min[i] = suffix_min[i + 1].min(b);
    }
    let mut out = Vec::new();
    let mut shift: Vec<(u32, u32)> = Vec::new();
    let flush_shift = |shift: &mut Vec<(u32, u32)>, out: &mut Vec<Run>| {
        if let (Some(&(a0, b0)), Some(&(a1, b1))) = (shift.first(), shift.last())
            && a0 != b0
        {
            out.push(Run {
                kind: "shift",
                a: range((a0, a1)),
                b: range((b0, b1)),
                topics: shift.len(),
            });
        }
        shift.clear();
    };
    let (mut start, mut max_b) = (0usize, 0u32);
    for (i, &(a, b)) in list.iter().enumerate() {
        max_b = if i == start { b } else { max_b.max(b) };
        if max_b >= suffix_min[i + 1] {
            continue;
        }
        let block = list.get(start..=i).unwrap_or(&[]);
        if block.len() > 1 {
            flush_shift(&mut shift, &mut out);
            out.push(Run {
                kind: "reordered",
                a: range(bounds(block.iter().map(|p| p.0))),
                b: range(bounds(block.iter().map(|p| p.1))),
                topics: block.len(),
            });
        } else {
            let continues = shift
                .last()
                .is_some_and(|&(pa, pb)| a == pa + 1 && b == pb + 1);
            if !continues {
                flush_shift(&mut shift, &mut out);
            }
            shift.push((a, b));
        }
        start = i + 1;
    }
    flush_shift(&mut shift, &mut out);
    out
}

fn bounds(values: impl Iterator<Item = u32>) -> (u32, u32) {
    values.fold((u32::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn shifted_runs_and_reordered_blocks() {
        let runs = map(&pairs(&[
            ("1", "1"),
            ("2", "2"),
            ("5", "4"),
            ("6", "5"),
            ("7", "6"),
            ("40", "40"),
            ("41", "45"),
            ("42", "46"),
            ("43", "47"),
            ("44", "49"),
            ("50", "41"),
            ("51", "42"),
            ("53", "44"),
            ("RP-5", "OP-5"),
            ("RP-9", "11"),
            ("12", "OP-9"),
        ]));
        let shown: Vec<(&str, &str, &str)> = runs
            .iter()
            .map(|r| (r.kind, r.a.as_str(), r.b.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("shift", "5-7", "4-6"),
                ("reordered", "41-53", "41-49"),
                ("moved", "RP-9", "11"),
                ("moved", "12", "OP-9"),
            ]
        );
    }
}
