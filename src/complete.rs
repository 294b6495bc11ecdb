//! Shell completion of values from the data the binary carries: edition
//! ids, incident ids, languages, concept slugs, and each incident's answer
//! keys (`--answer facing_bet=`) with their choices (`game=pot-limit`).
//!
//! clap_complete's dynamic engine calls these while completing: the shell
//! runs `COMPLETE=<shell> floor -- <words>`, so the values always match the
//! binary, and `--answer` sees which incident the line names.

use std::ffi::OsStr;

use clap_complete::engine::{CompletionCandidate, PathCompleter, ValueCompleter};
use floor::data::DataSource;
use floor::engine::tree::Kind;
use floor::rules::{Lang, Store};
use floor::settings::{Given, Settings};
use floor::ui::Ui;

/// The environment variable that switches the binary into completion mode.
pub const VAR: &str = "COMPLETE";

/// The registration script for `shell` (`floor completions SHELL`), calling
/// back into this binary as it was invoked.
pub fn script(shell: clap_complete::Shell) -> floor::Result<String> {
    let name = shell.to_string();
    let shells = clap_complete::env::Shells::builtins();
    let completer = shells.completer(&name).ok_or_else(|| {
        floor::Error::bad(
            floor::message::Message::new(floor::message::Msg::NoCompletion).arg("shell", &name),
        )
    })?;
    let mut argv0 = std::path::PathBuf::from(std::env::args_os().next().unwrap_or_default());
    // A relative path (./target/release/floor) is made absolute; a bare
    // name is found on PATH by the shell.
    if argv0.components().count() > 1
        && let Ok(dir) = std::env::current_dir()
    {
        argv0 = dir.join(argv0);
    }
    // The generator quotes the path for no shell in particular (a path
    // holding `$(…)` ran it on every TAB in bash): it writes a placeholder,
    // replaced here by the path quoted for the shell that reads it.
    let mut buf = Vec::new();
    completer
        .write_registration(VAR, "floor", "floor", PLACEHOLDER, &mut buf)
        .map_err(floor::Error::Output)?;
    let generated = String::from_utf8_lossy(&buf).into_owned();
    let path = quoted(shell, &argv0.to_string_lossy());
    let generated = if shell == clap_complete::Shell::Bash {
        bash_joins_key_value(&generated)
    } else {
        generated
    };
    Ok(generated
        .replace(&format!("\"{PLACEHOLDER}\""), &path)
        .replace(PLACEHOLDER, &path))
}

/// bash splits a word at `=` (it is in COMP_WORDBREAKS): `--answer
/// declared=` reaches the completer as `declared`, `=`, and an empty word,
/// so it completed options. The script joins the pieces back into the word
/// floor completes, and hands bash only the part after the last `=`, the
/// part bash replaces. No floor argument is a lone `=`.
fn bash_joins_key_value(script: &str) -> String {
    const WORDS: &str = r#"    local words=("${COMP_WORDS[@]}")
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        words[COMP_CWORD]="$2"
    fi
"#;
    const JOINED: &str = r#"    # KEY=VALUE as one word; bash replaces only what follows the `=`.
    local words=() _floor_i _floor_word _floor_glue=false _floor_prefix=""
    for ((_floor_i = 0; _floor_i <= COMP_CWORD; _floor_i++)); do
        _floor_word="${COMP_WORDS[_floor_i]}"
        if ((_floor_i == COMP_CWORD)) && [[ $_floor_word != "=" ]]; then
            _floor_word="$2"
        fi
        if [[ $_floor_word == "=" ]] && ((${#words[@]} > 0)); then
            words[${#words[@]}-1]+="="
            _floor_glue=true
            _floor_prefix="${words[${#words[@]}-1]}"
        elif $_floor_glue; then
            _floor_prefix="${words[${#words[@]}-1]}"
            words[${#words[@]}-1]+="$_floor_word"
            _floor_glue=false
        else
            words+=("$_floor_word")
            _floor_prefix=""
        fi
    done
    _CLAP_COMPLETE_INDEX=$((${#words[@]} - 1))
"#;
    const REPLY: &str = "    if [[ $? != 0 ]]; then\n        unset COMPREPLY\n";
    const STRIPPED: &str = "    if [[ $? != 0 ]]; then\n        unset COMPREPLY\n    elif [[ -n $_floor_prefix ]]; then\n        COMPREPLY=(\"${COMPREPLY[@]#\"$_floor_prefix\"}\")\n        [[ \"${COMPREPLY-}\" =~ [=/:]$ ]] && compopt -o nospace\n";
    // A generator that writes the script otherwise is left as it is: the
    // completion test then fails on `declared=`.
    if !script.contains(WORDS) || !script.contains(REPLY) {
        return script.to_string();
    }
    script.replace(WORDS, JOINED).replace(REPLY, STRIPPED)
}

/// Stands for the binary's path in a generated script.
const PLACEHOLDER: &str = "FLOORCOMPLETERPATH";

/// `path` as one word of `shell`'s language, whatever it holds (spaces,
/// quotes, `$`, backslashes).
fn quoted(shell: clap_complete::Shell, path: &str) -> String {
    use clap_complete::Shell;
    let single = |text: &str| format!("'{}'", text.replace('\'', "'\\''"));
    match shell {
        Shell::Bash | Shell::Zsh => single(path),
        // Inside the double-quoted argument that fish evaluates later.
        Shell::Fish => {
            let word = format!("'{}'", path.replace('\\', "\\\\").replace('\'', "\\'"));
            word.replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace('$', "\\$")
        }
        Shell::Elvish | Shell::PowerShell => format!("'{}'", path.replace('\'', "''")),
        _ => single(path),
    }
}

/// The UI texts of the language the settings name, for help next to a
/// candidate.
fn ui() -> Option<Ui> {
    let lang = Settings::from_environment(Given::default()).map_or(Lang::En, |s| s.lang.value);
    Ui::load(&DataSource::Embedded, lang).ok()
}

fn starting_with<'a>(current: &'a OsStr) -> impl Fn(&(String, Option<String>)) -> bool + 'a {
    let current = current.to_string_lossy().into_owned();
    move |(value, _)| value.starts_with(&current)
}

/// Files, named as a terminal may show them: a control, bidirectional or
/// zero-width character in a name is written as its escape.
pub fn files(current: &OsStr) -> Vec<CompletionCandidate> {
    shown_paths(PathCompleter::file().complete(current))
}

/// Directories, named as [`files`] names them.
pub fn dirs(current: &OsStr) -> Vec<CompletionCandidate> {
    shown_paths(PathCompleter::dir().complete(current))
}

/// Files and directories, named as [`files`] names them.
pub fn paths(current: &OsStr) -> Vec<CompletionCandidate> {
    shown_paths(PathCompleter::any().complete(current))
}

fn shown_paths(found: Vec<CompletionCandidate>) -> Vec<CompletionCandidate> {
    found
        .into_iter()
        .map(|c| {
            let value = floor::text::shown(&c.get_value().to_string_lossy()).into_owned();
            CompletionCandidate::new(value).help(c.get_help().cloned())
        })
        .collect()
}

/// What `floor compare` compares: edition ids, then house overlay files
/// (`.yaml`, `.yml`) and the directories that may hold them.
pub fn editions_or_overlays(current: &OsStr) -> Vec<CompletionCandidate> {
    let overlays = PathCompleter::any()
        .filter(|path| {
            path.is_dir()
                || path.extension().is_some_and(|e| {
                    e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml")
                })
        })
        .complete(current);
    let mut all = editions(current);
    all.extend(shown_paths(overlays));
    all
}

fn candidates(values: Vec<(String, Option<String>)>, current: &OsStr) -> Vec<CompletionCandidate> {
    values
        .into_iter()
        .filter(starting_with(current))
        .map(|(value, help)| CompletionCandidate::new(value).help(help.map(Into::into)))
        .collect()
}

/// Edition ids, with their titles.
pub fn editions(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(store) = Store::open(DataSource::Embedded) else {
        return Vec::new();
    };
    let values = store
        .ids()
        .map(|id| {
            let title = store.book(id).ok().map(|b| b.title().to_string());
            (id.to_string(), title)
        })
        .collect();
    candidates(values, current)
}

/// Incident ids, with their titles in the UI language.
pub fn incidents(current: &OsStr) -> Vec<CompletionCandidate> {
    let ui = ui();
    let ids = floor::engine::ids(&DataSource::Embedded).unwrap_or_default();
    let values = ids
        .into_iter()
        .map(|id| {
            let title = ui
                .as_ref()
                .and_then(|ui| ui.get(&format!("incidents.{id}.title")))
                .map(str::to_string);
            (id, title)
        })
        .collect();
    candidates(values, current)
}

/// The UI languages.
pub fn languages(current: &OsStr) -> Vec<CompletionCandidate> {
    let values = Lang::ALL
        .into_iter()
        .map(|lang| (lang.code().to_string(), None))
        .collect();
    candidates(values, current)
}

/// Concept slugs, with their names.
pub fn concepts(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(store) = Store::open(DataSource::Embedded) else {
        return Vec::new();
    };
    let values = store
        .concepts()
        .map(|cs| {
            cs.iter()
                .map(|c| (c.slug.clone(), Some(c.name.clone())))
                .collect()
        })
        .unwrap_or_default();
    candidates(values, current)
}

/// `KEY=` for each question of the incident on the command line (with the
/// question as help); after `KEY=`, that key's choices.
pub fn answer_keys(current: &OsStr) -> Vec<CompletionCandidate> {
    // A word that is not UTF-8 is shown as its nearest text, never a panic.
    let words: Vec<String> = std::env::args_os()
        .map(|w| w.to_string_lossy().into_owned())
        .collect();
    let Some(id) = incident_on_line(&words) else {
        return Vec::new();
    };
    let Ok(tree) = floor::engine::load(&DataSource::Embedded, &id) else {
        return Vec::new();
    };
    let ui = ui();
    let question_text = |key: &str| {
        ui.as_ref()
            .and_then(|ui| ui.get(&format!("incidents.{id}.q.{key}.text")))
            .map(str::to_string)
    };
    let typed = current.to_string_lossy();
    let values = match typed.split_once('=') {
        Some((key, _)) => match tree.question(key) {
            Some(q) if q.kind == Kind::YesNo => ["yes", "no"]
                .into_iter()
                .map(|v| (format!("{key}={v}"), None))
                .collect(),
            Some(q) => q
                .choices
                .iter()
                .map(|c| (format!("{key}={c}"), None))
                .collect(),
            None => Vec::new(),
        },
        None => tree
            .questions
            .iter()
            .map(|q| (format!("{}=", q.id), question_text(&q.id)))
            .collect(),
    };
    candidates(values, current)
}

/// The incident id on a command line being completed: the first word after
/// `incident` that is neither an option nor an option's value.
fn incident_on_line(words: &[String]) -> Option<String> {
    let start = words.iter().position(|w| w == "incident")? + 1;
    let mut root = <crate::cli::Cli as clap::CommandFactory>::command();
    root.build();
    let incident = root.find_subcommand("incident")?;
    // Options that take a value as the next word, as clap defines them.
    let takes_value = |long: &str| {
        incident
            .get_arguments()
            .any(|a| a.get_long() == Some(long) && a.get_action().takes_values())
    };
    let mut rest = words.get(start..)?.iter();
    while let Some(word) = rest.next() {
        if let Some(option) = word.strip_prefix("--") {
            if takes_value(option) {
                rest.next();
            }
            continue;
        }
        if !word.starts_with('-') {
            return Some(word.clone());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn the_incident_is_found_past_options_and_their_values() {
        assert_eq!(
            incident_on_line(&words("floor -- floor incident bet --answer fa")),
            Some("bet".into())
        );
        assert_eq!(
            incident_on_line(&words(
                "floor -- floor incident --rules onk-2023-nl clock --answer"
            )),
            Some("clock".into())
        );
        assert_eq!(
            incident_on_line(&words("floor -- floor incident --answer")),
            None
        );
        assert_eq!(incident_on_line(&words("floor -- floor rule 43")), None);
    }
}
