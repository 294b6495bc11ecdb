//! The solver of floor's search topic model (`floor::rules::classifier`):
//! per topic, a linear support-vector machine trained on the example
//! questions' feature vectors.
//!
//! A crate of its own so that it is built optimised in every profile
//! (`[profile.dev.package.floor-svm]`): unoptimised, training the bundled
//! questions takes most of a minute, which `floor check`, a `--data` tree
//! with questions of its own and the build script all pay.

/// The size of the problem and how it is solved.
#[derive(Debug, Clone, Copy)]
pub struct Model {
    /// How many features the vectors' buckets index.
    pub buckets: usize,
    /// The cost of a question on the wrong side of its topic's margin,
    /// against keeping the weights small.
    pub cost: f64,
    /// Passes over the questions.
    pub epochs: usize,
}

/// The questions' vectors in one block: per question, where its buckets
/// and values start in `buckets` and `values`.
pub struct Rows {
    starts: Vec<usize>,
    buckets: Vec<u32>,
    values: Vec<f32>,
}

impl Rows {
    /// The block of `vectors`, each a question's (bucket, weight) pairs.
    pub fn of<'v>(vectors: impl IntoIterator<Item = &'v [(u32, f64)]>) -> Rows {
        let mut rows = Rows {
            starts: vec![0],
            buckets: Vec::new(),
            values: Vec::new(),
        };
        for v in vectors {
            rows.buckets.extend(v.iter().map(|(b, _)| *b));
            rows.values.extend(v.iter().map(|(_, x)| *x as f32));
            rows.starts.push(rows.buckets.len());
        }
        rows
    }

    fn row(&self, i: usize) -> (&[u32], &[f32]) {
        let (from, to) = (
            self.starts.get(i).copied().unwrap_or(0),
            self.starts.get(i + 1).copied().unwrap_or(0),
        );
        (
            self.buckets.get(from..to).unwrap_or(&[]),
            self.values.get(from..to).unwrap_or(&[]),
        )
    }
}

/// Every topic against the rest at once: per topic, the weights (per
/// bucket) and the bias of a linear SVM with squared hinge loss, by dual
/// coordinate descent (Hsieh et al. 2008, as liblinear solves it; the bias
/// is a feature of value 1). The topics' problems are independent; they
/// visit the questions in one shared order, so that a question's scores
/// for all topics are read in one pass over its buckets (the weights are
/// stored bucket by bucket, a bucket's topics side by side): the weights,
/// `buckets` rows of `topics`, and the biases.
pub fn train_all(rows: &Rows, labels: &[u16], topics: usize, model: Model) -> (Vec<f32>, Vec<f32>) {
    let Model {
        buckets,
        cost,
        epochs,
    } = model;
    let diag = 0.5 / cost as f32;
    let n = labels.len();
    let mut w = vec![0.0f32; buckets * topics];
    let mut bias = vec![0.0f32; topics];
    let mut alpha = vec![0.0f32; n * topics];
    let mut scores = vec![0.0f32; topics];
    let mut order: Vec<usize> = (0..n).collect();
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for &i in &order {
            let (buckets, values) = rows.row(i);
            let qd = values.iter().map(|x| x * x).sum::<f32>() + 1.0 + diag;
            let label = labels.get(i).map_or(usize::MAX, |&l| usize::from(l));
            scores.copy_from_slice(&bias);
            for (b, x) in buckets.iter().zip(values) {
                let at = *b as usize * topics;
                if let Some(row) = w.get(at..at + topics) {
                    for (s, wk) in scores.iter_mut().zip(row) {
                        *s += wk * x;
                    }
                }
            }
            let Some(alphas) = alpha.get_mut(i * topics..(i + 1) * topics) else {
                continue;
            };
            for (k, (a, s)) in alphas.iter_mut().zip(&scores).enumerate() {
                let y = if k == label { 1.0 } else { -1.0 };
                let g = y * s - 1.0 + diag * *a;
                if *a == 0.0 && g >= 0.0 {
                    continue;
                }
                let next = (*a - g / qd).max(0.0);
                let d = (next - *a) * y;
                *a = next;
                if d == 0.0 {
                    continue;
                }
                for (b, x) in buckets.iter().zip(values) {
                    if let Some(wk) = w.get_mut(*b as usize * topics + k) {
                        *wk += d * x;
                    }
                }
                if let Some(bk) = bias.get_mut(k) {
                    *bk += d;
                }
            }
        }
    }
    (w, bias)
}

/// A small generator for the order the questions are visited in: the same
/// order on every build.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}
