//! The one YAML reader. Every YAML text the tool reads — the files of a
//! `--data` tree, house overlays and what they `extends:`, answers files,
//! the settings file, and the bundled tree when the build converts it —
//! goes through [`from_str`] (or [`from_str_seed`]), which enforces the
//! limits itself while it parses: at most [`MAX_BYTES`] of text, nesting
//! at most [`MAX_DEPTH`] deep, at most [`MAX_EVENTS`] parser events and
//! [`MAX_NODES`] values, one document, no aliases or anchors (no data file
//! needs them; an alias can expand a small file into a huge value), and no
//! key given twice in one map. Its errors are typed: each kind of the
//! parser's error becomes a message of the UI texts, with the position.
//!
//! The parser is serde-saphyr: pure Rust, maintained, with budgets checked
//! as it reads and duplicate keys refused in every map.

use serde::de::{DeserializeOwned, DeserializeSeed};
use serde_saphyr::budget::BudgetBreach;
use serde_saphyr::granit_parser::ErrorKind as ScanErrorKind;
use serde_saphyr::{Error as YamlError, ExternalMessageSource};

use crate::error::LoadError;
use crate::message::{Message, Msg};

mod kinds;
mod limits;

use kinds::{Clash, Seen, Tracked};
use limits::options;
pub use limits::{MAX_BYTES, MAX_DEPTH, MAX_EVENTS, MAX_NODES};

/// Parses `text` into `T`; `file` names the text in errors.
pub fn from_str<T: DeserializeOwned>(text: &str, file: &str) -> crate::Result<T> {
    from_str_seed(text, file, std::marker::PhantomData::<T>)
}

/// Parses `text` with `seed` (a deserializer that needs context); `file`
/// names the text in errors.
pub fn from_str_seed<T, S>(text: &str, file: &str, seed: S) -> crate::Result<T>
where
    S: for<'de> DeserializeSeed<'de, Value = T>,
{
    if text.len() > MAX_BYTES {
        return Err(LoadError::TooLarge {
            file: file.to_string(),
            bytes: u64::try_from(text.len()).unwrap_or(u64::MAX),
            limit: MAX_BYTES as u64,
        }
        .into());
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Where in the structure a value was refused, as well as the line.
    let mut track = serde_path_to_error::Track::new();
    // The kinds of a value refused for its kind, noted as they clash.
    let seen = Seen::default();
    let parsed = serde_saphyr::with_deserializer_from_str_with_options(text, options(), |de| {
        let de = Tracked::new(de, &seen);
        seed.deserialize(serde_path_to_error::Deserializer::new(de, &mut track))
    });
    parsed.map_err(|e| error(file, &e, &track.path(), seen.get()).into())
}

/// Writes `value` as YAML, the one YAML writer (what `floor import`
/// writes: an edition, a data tree, a house overlay); `file` names it in
/// errors.
pub fn to_string<T: serde::Serialize>(value: &T, file: &str) -> crate::Result<String> {
    serde_saphyr::to_string(value).map_err(|e| {
        LoadError::Schema {
            file: file.to_string(),
            location: None,
            message: e.to_string(),
        }
        .into()
    })
}

/// A YAML error as a load error: where (the line and column, and the path
/// to the value when it is a value's problem), and what, as a message.
fn error(
    file: &str,
    e: &YamlError,
    path: &serde_path_to_error::Path,
    clash: Option<Clash>,
) -> LoadError {
    let location = e
        .location()
        .filter(|l| l.line() > 0)
        .map(|l| (to_usize(l.line()), to_usize(l.column())));
    let problem = problem(e, clash);
    let of_a_value = !matches!(
        problem.msg,
        Msg::YamlSyntax | Msg::YamlTooDeep | Msg::YamlTooMany | Msg::YamlAlias | Msg::YamlDocuments
    );
    let path = path.to_string();
    // `?`: a place serde cannot name (a key of a map being read).
    let problem = if of_a_value && path != "." && !path.is_empty() && !path.contains('?') {
        Message::new(Msg::YamlAt)
            .arg("path", path)
            .nested("problem", problem)
    } else {
        problem
    };
    LoadError::file(file, location, problem)
}

fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

thread_local! {
    /// The last problem a deserializer of the library reported with
    /// [`custom_error`], so the error the parser wraps it in keeps its key.
    static KEYED: std::cell::RefCell<Option<Message>> = const { std::cell::RefCell::new(None) };
}

/// An error for a deserializer to return (an id out of its grammar, a value
/// out of range): the parser carries it as text; [`error`] finds the
/// message again.
pub fn custom_error<E: serde::de::Error>(problem: Message) -> E {
    let text = problem.to_string();
    KEYED.with(|k| *k.borrow_mut() = Some(problem));
    E::custom(text)
}

/// A key written with no value (`clock_seconds: ~`, `rules:`) is refused
/// where a missing key means "not given": read as not given, what the file
/// names would silently not apply (an edition's parameter would stand, a
/// setting would fall through to the next source).
pub fn given<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    match <Option<T> as serde::Deserialize>::deserialize(d)? {
        Some(value) => Ok(Some(value)),
        None => Err(custom_error(Message::new(Msg::ParamEmpty))),
    }
}

/// What a YAML error says, as a message of the UI texts; a value of the
/// wrong kind is worded from the kinds of the `clash` noted while reading.
fn problem(e: &YamlError, clash: Option<Clash>) -> Message {
    let keyed = KEYED.with(|k| k.borrow_mut().take());
    // A kind as the clash names it; the parser's own words, shown as they
    // are, where no kind was named (a type that reads any value).
    let wanted = |text: &str| {
        clash
            .and_then(|c| c.wanted.message())
            .unwrap_or_else(|| Message::new(Msg::KindOther).arg("name", text))
    };
    let found = |text: &str| {
        clash
            .and_then(|c| c.found)
            .and_then(kinds::Shape::message)
            .unwrap_or_else(|| Message::new(Msg::KindOther).arg("name", text))
    };
    match e {
        YamlError::Message { msg, .. } => match keyed {
            Some(m) if m.to_string() == *msg => m,
            _ => Message::new(Msg::YamlOther)
                .nested("message", Message::new(Msg::Text).arg("text", msg.as_str())),
        },
        YamlError::WithSnippet { error, .. } => problem(error, clash),
        YamlError::AliasError { error, .. } => problem(error, clash),
        YamlError::SerdeUnknownField {
            field, expected, ..
        } if expected.is_empty() => Message::new(Msg::YamlNoFields).arg("field", field),
        YamlError::SerdeUnknownField {
            field, expected, ..
        } => Message::new(Msg::YamlUnknownField)
            .arg("field", field)
            .arg("expected", ticked(expected)),
        YamlError::SerdeUnknownVariant {
            variant, expected, ..
        } => Message::new(Msg::YamlUnknownVariant)
            .arg("value", variant)
            .arg("expected", ticked(expected)),
        YamlError::SerdeMissingField { field, .. } => {
            Message::new(Msg::YamlMissingField).arg("field", field)
        }
        YamlError::DuplicateMappingKey { key: Some(key), .. } => {
            Message::new(Msg::YamlDuplicateKey).arg("key", key)
        }
        YamlError::DuplicateMappingKey { key: None, .. } => {
            Message::new(Msg::YamlDuplicateKey).arg("key", "")
        }
        YamlError::SerdeInvalidType {
            unexpected,
            expected,
            ..
        }
        | YamlError::SerdeInvalidValue {
            unexpected,
            expected,
            ..
        } => Message::new(Msg::YamlInvalidType)
            .nested("found", found(unexpected))
            .nested("expected", wanted(expected)),
        YamlError::NullIntoString { .. } => Message::new(Msg::YamlInvalidType)
            .nested("found", Message::new(Msg::KindEmpty))
            .nested("expected", Message::new(Msg::KindText)),
        YamlError::InvalidScalar { ty, .. } => Message::new(Msg::YamlInvalidType)
            .nested("found", Message::new(Msg::KindText))
            .nested("expected", wanted(ty)),
        YamlError::InvalidBooleanStrict { .. } => Message::new(Msg::YamlInvalidType)
            .nested("found", Message::new(Msg::KindText))
            .nested("expected", Message::new(Msg::KindYesNo)),
        YamlError::SerdeInvalidLength { len, .. } => {
            Message::new(Msg::YamlInvalidLength).arg("length", len)
        }
        YamlError::MultipleDocuments { .. } => Message::new(Msg::YamlDocuments),
        YamlError::Budget { breach, .. } => budget(breach),
        YamlError::AliasReplayLimitExceeded { .. }
        | YamlError::AliasExpansionLimitExceeded { .. }
        | YamlError::AliasReplayStackDepthExceeded { .. }
        | YamlError::AliasReplayCounterOverflow { .. }
        | YamlError::UnknownAnchor { .. }
        | YamlError::MergeKeyNotAllowed { .. }
        | YamlError::MergeValueNotMapOrSeqOfMaps { .. } => Message::new(Msg::YamlAlias),
        YamlError::UnsupportedTag { tag, .. } | YamlError::TaggedStructFieldName { tag, .. } => {
            Message::new(Msg::YamlTag).arg("tag", tag)
        }
        YamlError::Unexpected { expected, .. } => {
            Message::new(Msg::YamlExpected).nested("expected", wanted(expected))
        }
        YamlError::ExternalMessage { source, .. } => match source.as_ref() {
            ExternalMessageSource::Parser(scan)
                if matches!(scan.kind(), ScanErrorKind::RecursionLimitExceeded) =>
            {
                Message::new(Msg::YamlTooDeep).arg("max", MAX_DEPTH)
            }
            _ => Message::new(Msg::YamlSyntax),
        },
        // The parser's own syntax errors ("did not find expected …"): a
        // place, not a reason.
        _ => Message::new(Msg::YamlSyntax),
    }
}

/// A budget the text went over.
fn budget(breach: &BudgetBreach) -> Message {
    match breach {
        BudgetBreach::Depth { .. } => Message::new(Msg::YamlTooDeep).arg("max", MAX_DEPTH),
        BudgetBreach::Aliases { .. }
        | BudgetBreach::Anchors { .. }
        | BudgetBreach::AliasAnchorRatio { .. }
        | BudgetBreach::MergeKeys { .. } => Message::new(Msg::YamlAlias),
        BudgetBreach::Documents { .. } => Message::new(Msg::YamlDocuments),
        // Events, values, the bytes of all texts: more than a data file holds.
        _ => Message::new(Msg::YamlTooMany).arg("max", MAX_NODES),
    }
}

/// Names in backticks, joined by ", ".
fn ticked(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DataSource;
    use crate::ui::Lang;
    use crate::ui::Ui;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Shape {
        title: String,
        count: u32,
        #[serde(default)]
        kind: Option<Kind>,
        #[serde(default)]
        more: Option<serde_json::Value>,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Kind {
        NoLimit,
        PotLimit,
    }

    /// The position, the German text and the innermost key of what `yaml`
    /// is refused with.
    fn refused(yaml: &str) -> (Option<(usize, usize)>, String, Msg) {
        let err = from_str::<Shape>(yaml, "f.yaml").expect_err("refused");
        let crate::Error::Load(LoadError::File {
            location, problem, ..
        }) = err
        else {
            panic!("not keyed: {err:?}");
        };
        // The problem under the path to the value, where there is one.
        let inner = match problem.args.iter().find(|(n, _)| *n == "problem") {
            Some((_, crate::message::Arg::Message(m))) if problem.msg == Msg::YamlAt => m.msg,
            _ => problem.msg,
        };
        let ui = Ui::load(&DataSource::Embedded, Lang::De).expect("ui");
        (location, problem.render(&ui), inner)
    }

    #[test]
    fn the_parsers_errors_are_keyed_with_their_position() {
        let (at, text, msg) = refused("title: t\ncount: 1\ncolour: red\n");
        assert_eq!((at, msg), (Some((3, 1)), Msg::YamlUnknownField), "{text}");
        assert!(
            text.contains("`colour`") && text.contains("`title`"),
            "{text}"
        );
        let (_, _, msg) = refused("title: t\n");
        assert_eq!(msg, Msg::YamlMissingField);
        let (at, _, msg) = refused("title: t\ntitle: u\ncount: 1\n");
        assert_eq!((at.map(|a| a.0), msg), (Some(2), Msg::YamlDuplicateKey));
        let (at, text, msg) = refused("title: [a]\ncount: 1\n");
        assert_eq!((at.map(|a| a.0), msg), (Some(1), Msg::YamlExpected));
        assert_eq!(text, "title: hier nötig: ein Text");
        let (_, text, msg) = refused("title: t\ncount: 1\nkind: poker\n");
        assert_eq!(msg, Msg::YamlUnknownVariant, "{text}");
        assert!(text.contains("`no-limit`, `pot-limit`"), "{text}");
        let (at, text, msg) = refused("count: 1\ntitle: t: u\n");
        assert_eq!((at.map(|a| a.0), msg), (Some(2), Msg::YamlSyntax), "{text}");
        let (_, _, msg) = refused("title: t\ncount: 1\n---\ntitle: u\ncount: 2\n");
        assert_eq!(msg, Msg::YamlDocuments);
        let (at, _, msg) = refused(
            "title: t
count: 1
more: !include x.yaml
",
        );
        assert_eq!((at.map(|a| a.0), msg), (Some(3), Msg::YamlTag));
    }

    #[test]
    fn a_value_of_another_kind_names_both_kinds_from_what_was_read() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Pair(u8, u8);
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Kinds {
            n: Option<u32>,
            s: Option<String>,
            v: Option<Vec<u8>>,
            m: Option<std::collections::BTreeMap<String, u8>>,
            b: Option<bool>,
            p: Option<Pair>,
            k: Option<Kind>,
        }
        let kinds = |yaml: &str| {
            let err = from_str::<Kinds>(yaml, "f.yaml").expect_err("refused");
            let crate::Error::Load(LoadError::File { problem, .. }) = err else {
                panic!("{err:?}");
            };
            let inner = match problem.args.iter().find(|(n, _)| *n == "problem") {
                Some((_, crate::message::Arg::Message(m))) => (**m).clone(),
                _ => problem,
            };
            let kind = |name: &str| {
                inner.args.iter().find_map(|(n, a)| match a {
                    crate::message::Arg::Message(m) if *n == name => Some(m.msg),
                    _ => None,
                })
            };
            (inner.msg, kind("found"), kind("expected"))
        };
        use Msg::{KindList, KindMap, KindText, KindWholeNumber, KindYesNo};
        use Msg::{YamlExpected as Wanted, YamlInvalidType as Clash};
        for (yaml, msg, found, expected) in [
            ("n: [1]\n", Wanted, None, KindWholeNumber),
            ("n: {a: 1}\n", Wanted, None, KindWholeNumber),
            ("n: abc\n", Clash, Some(KindText), KindWholeNumber),
            ("n: 1.5\n", Clash, Some(KindText), KindWholeNumber),
            ("s: [a]\n", Wanted, None, KindText),
            ("s: {a: 1}\n", Wanted, None, KindText),
            ("v: 5\n", Wanted, None, KindList),
            ("v: [300]\n", Clash, Some(KindText), KindWholeNumber),
            ("m: [1]\n", Wanted, None, KindMap),
            ("b: 5\n", Clash, Some(KindText), KindYesNo),
            ("b: [1]\n", Wanted, None, KindYesNo),
            ("p: abc\n", Wanted, None, KindList),
            ("[1, 2]\n", Wanted, None, KindMap),
        ] {
            assert_eq!(kinds(yaml), (msg, found, Some(expected)), "{yaml}");
        }
    }

    #[test]
    fn a_key_twice_is_refused_in_every_map() {
        let (at, _, msg) = refused("title: t\ncount: 1\nmore: {a: 1, b: {c: 2, c: 3}}\n");
        assert_eq!((at.map(|a| a.0), msg), (Some(3), Msg::YamlDuplicateKey));
    }

    #[test]
    fn aliases_and_anchors_are_refused_wherever_they_stand() {
        for yaml in [
            "title: &a t\ncount: 1\n",
            "title: t\ncount: 1\nmore: [&x 1, *x]\n",
            // A tab before the alias, a quoted backslash before it: the
            // reader knows YAML, it does not guess.
            "title: t\ncount: 1\nmore: {a: &x [1], b:\t*x}\n",
            "title: \"a\\\\\"\ncount: 1\nmore: {a: &x [1], b: *x}\n",
            "title: t\ncount: 1\nmore:\n  base: &b {x: 1}\n  other:\n    <<: *b\n",
        ] {
            let (_, _, msg) = refused(yaml);
            assert_eq!(msg, Msg::YamlAlias, "{yaml}");
        }
    }

    #[test]
    fn a_billion_laughs_is_refused_at_its_first_anchor() {
        let mut bomb = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for i in 1..10 {
            let refs = vec![format!("*a{}", i - 1); 9].join(", ");
            bomb.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
        }
        let err = from_str::<serde_json::Value>(&bomb, "bomb.yaml").expect_err("refused");
        assert_eq!(err.message().msg, Msg::FileProblem);
        let crate::Error::Load(LoadError::File { problem, .. }) = err else {
            panic!("{err:?}");
        };
        assert_eq!(problem.msg, Msg::YamlAlias);
    }

    #[test]
    fn nesting_is_refused_past_its_limit_in_flow_and_block_style() {
        let flow = format!(
            "title: t\ncount: 1\nmore: {}{}\n",
            "[".repeat(5000),
            "]".repeat(5000)
        );
        let block: String = (0..200)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i + 1)))
            .collect();
        let block = format!("title: t\ncount: 1\nmore:\n{block}");
        for yaml in [flow, block] {
            let (_, _, msg) = refused(&yaml);
            assert_eq!(msg, Msg::YamlTooDeep);
        }
        let fits = format!(
            "title: t\ncount: 1\nmore: {}{}\n",
            "[".repeat(MAX_DEPTH - 1),
            "]".repeat(MAX_DEPTH - 1)
        );
        assert!(from_str::<Shape>(&fits, "f.yaml").is_ok());
    }

    #[test]
    fn too_many_values_and_too_much_text_are_refused() {
        let many = format!(
            "title: t\ncount: 1\nmore: [{}]\n",
            "1,".repeat(MAX_NODES + 1)
        );
        let (_, _, msg) = refused(&many);
        assert_eq!(msg, Msg::YamlTooMany);
        let long = format!("title: {}\ncount: 1\n", "x".repeat(MAX_BYTES));
        let err = from_str::<Shape>(&long, "f.yaml").expect_err("refused");
        assert!(
            matches!(err, crate::Error::Load(LoadError::TooLarge { .. })),
            "{err:?}"
        );
    }

    #[test]
    fn yaml_1_2_scalars() {
        #[derive(serde::Deserialize)]
        struct Words {
            a: String,
            b: String,
            c: bool,
            d: u64,
        }
        let w: Words = from_str("a: yes\nb: 0x10\nc: true\nd: 755\n", "f").expect("reads");
        assert_eq!(
            (w.a.as_str(), w.b.as_str(), w.c, w.d),
            ("yes", "0x10", true, 755)
        );
        assert!(from_str::<Words>("a: x\nb: y\nc: yes\nd: 1\n", "f").is_err());
    }

    #[test]
    fn a_deserializers_own_problem_keeps_its_key() {
        #[derive(Debug)]
        struct Picky;
        impl<'de> serde::Deserialize<'de> for Picky {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let given = String::deserialize(d)?;
                Err(custom_error(
                    Message::new(Msg::OverlayBadId).arg("id", given),
                ))
            }
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Shape {
            id: Picky,
        }
        let err = from_str::<Shape>("id: X\n", "f.yaml").expect_err("refused");
        let crate::Error::Load(LoadError::File {
            problem, location, ..
        }) = err
        else {
            panic!("{err:?}");
        };
        assert_eq!(problem.msg, Msg::YamlAt);
        assert_eq!(location, Some((1, 5)));
        let ui = Ui::load(&DataSource::Embedded, Lang::Sk).expect("ui");
        let text = problem.render(&ui);
        assert!(text.starts_with("id: id `X` nie je id vydania"), "{text}");
    }
}
