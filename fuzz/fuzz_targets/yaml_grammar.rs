//! YAML built from the fuzzer's bytes by a small grammar — maps, lists,
//! flow and block style, anchors, aliases, merge keys, tags, tabs, every
//! quoting style with escapes, deep nesting, long scalars, documents —
//! given to every YAML entry point: the reader itself, answers files and
//! house overlays. Nothing may panic, and no alias is ever expanded: what
//! the reader gives is never larger than the text written out.
#![no_main]

use floor::data::DataSource;
use floor::rules::Store;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static STORE: Store = Store::open(DataSource::Embedded).expect("embedded data");
}

/// Reads bytes as grammar choices.
struct Gen<'a> {
    bytes: &'a [u8],
    at: usize,
    out: String,
}

impl Gen<'_> {
    fn pick(&mut self, n: u8) -> u8 {
        let b = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b % n.max(1)
    }

    fn scalar(&mut self) {
        const WORDS: &[&str] = &[
            "facing_bet", "yes", "no", "1200", "0x10", "+16", "1e3", ".inf", "~", "null",
            "id", "extends", "onk-2023-nl", "title", "house", "rules", "number", "\"29\"",
            "params", "clock_seconds", "add", "concept", "text", "-1", "18446744073709551616",
        ];
        match self.pick(9) {
            0 => {
                let w = WORDS[usize::from(self.pick(WORDS.len() as u8))];
                self.out.push_str(w);
            }
            1 => {
                // Double-quoted with escapes, ending in an escaped backslash.
                self.out.push_str("\"a\\\\\\t\\u202e\\x1b\\\\\"");
            }
            2 => self.out.push_str("'it''s # not a comment'"),
            3 => {
                let n = usize::from(self.pick(255)) * 1000;
                self.out.push_str(&"x".repeat(n));
            }
            4 => {
                self.out.push_str("\t*a");
            }
            5 => {
                self.out.push_str("&a v");
            }
            6 => self.out.push_str("!!str 5"),
            7 => self.out.push_str("!custom v"),
            _ => self.out.push_str("plain \"quote' in text"),
        }
    }

    fn node(&mut self, depth: usize, indent: usize) {
        if depth > 200 || self.at >= self.bytes.len() {
            self.scalar();
            return;
        }
        match self.pick(6) {
            0 => {
                self.out.push('[');
                for i in 0..self.pick(4) {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.node(depth + 1, indent);
                }
                self.out.push(']');
            }
            1 => {
                self.out.push('{');
                for i in 0..self.pick(4) {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.scalar();
                    self.out.push_str(": ");
                    self.node(depth + 1, indent);
                }
                self.out.push('}');
            }
            2 => {
                for _ in 0..=self.pick(3) {
                    self.out.push('\n');
                    self.out.push_str(&" ".repeat(indent + 2));
                    self.scalar();
                    self.out.push_str(": ");
                    self.node(depth + 1, indent + 2);
                }
            }
            3 => {
                for _ in 0..=self.pick(3) {
                    self.out.push('\n');
                    self.out.push_str(&" ".repeat(indent + 2));
                    self.out.push_str("- ");
                    self.node(depth + 1, indent + 2);
                }
            }
            4 => {
                self.out.push_str("\n  <<: *a");
            }
            _ => self.scalar(),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut g = Gen {
        bytes: data,
        at: 0,
        out: String::new(),
    };
    for _ in 0..=g.pick(6) {
        g.scalar();
        g.out.push_str(": ");
        g.node(0, 0);
        g.out.push('\n');
    }
    if g.pick(16) == 0 {
        g.out.push_str("---\nx: 1\n");
    }
    let text = g.out;
    let read = floor::yaml::from_str::<serde_json::Value>(&text, "fuzz.yaml");
    // No expansion: what the reader gives is no larger than the text
    // written out (an alias repeated would multiply it).
    if let Ok(value) = &read {
        let size = value.to_string().len();
        assert!(size <= 8 * text.len() + 1024, "{size} bytes from {text:?}");
    }
    let _ = floor::engine::answer::parse_answers_file(&text, "fuzz.yaml");
    STORE.with(|store| {
        let _ = floor::rules::overlay::parse(&text, "fuzz.yaml", store);
    });
});
