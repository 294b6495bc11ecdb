//! The answers-file grammar and the `--answer` grammar agree: a value
//! written in an answers file (as a plain YAML scalar, or quoted) is
//! accepted or refused exactly as `--answer KEY=VALUE` takes it, for every
//! question of every incident. YAML's own typing (`0x10`, `+16`, `1e3`,
//! `yes`, `.inf`) never decides a value.
#![no_main]

use floor::data::DataSource;
use floor::engine::answer::{parse_answers_file, parse_key_value};
use floor::engine::tree::Question;
use libfuzzer_sys::fuzz_target;

thread_local! {
    static QUESTIONS: Vec<Question> = floor::engine::ids(&DataSource::Embedded)
        .expect("ids")
        .iter()
        .flat_map(|id| floor::engine::load(&DataSource::Embedded, id).expect("tree").questions)
        .collect();
}

/// Characters with a meaning of their own in YAML (comments, quotes,
/// flow collections, anchors, tags, block scalars): a value holding one is
/// not written the same way in a file.
fn plain_in_yaml(value: &str) -> bool {
    let trimmed = value.trim();
    !trimmed.is_empty()
        && !value.chars().any(|c| {
            "#:'\"[]{}&*!|>%@`\\".contains(c) || c == '\u{feff}'
        })
        && !trimmed.starts_with(['-', '?', ',', '~'])
        && !matches!(trimmed.to_ascii_lowercase().as_str(), "null" | "~")
}

/// What a question makes of a value: its canonical form, or the message.
fn outcome(q: &Question, raw: &str) -> Result<String, String> {
    q.parse(raw).map(|a| a.canonical()).map_err(|e| e.0.to_string())
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(value) = std::str::from_utf8(rest) else {
        return;
    };
    // A control character or a noncharacter (U+FFFE, U+FFFF) cannot stand
    // in a YAML file (YAML's printable set excludes them; the reader
    // refuses the file); nobody types one in an answer either.
    if value
        .chars()
        .any(|c| c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}'))
    {
        return;
    }
    QUESTIONS.with(|questions| {
        let Some(q) = questions.get(usize::from(pick) % questions.len().max(1)) else {
            return;
        };
        let Ok((_, arg)) = parse_key_value(&format!("{}={value}", q.id)) else {
            return;
        };
        let by_arg = outcome(q, &arg);
        let quoted = serde_json::to_string(value).expect("a JSON string");
        let mut files = vec![format!("{}: {quoted}\n", q.id)];
        if plain_in_yaml(value) {
            files.push(format!("{}: {value}\n", q.id));
        }
        for file in files {
            let by_file = match parse_answers_file(&file, "fuzz.yaml") {
                Ok(map) => match map.get(&q.id) {
                    Some(v) => outcome(q, v),
                    None => Err("no answer read".into()),
                },
                Err(e) => Err(e.to_string()),
            };
            assert_eq!(
                by_file.is_ok(),
                by_arg.is_ok(),
                "{}: file {file:?} gives {by_file:?}, --answer {arg:?} gives {by_arg:?}",
                q.id
            );
            if let (Ok(f), Ok(a)) = (&by_file, &by_arg) {
                assert_eq!(f, a, "{}: file {file:?}, --answer {arg:?}", q.id);
            }
        }
    });
});
