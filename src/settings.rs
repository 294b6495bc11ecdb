//! Event settings: the UI language, the edition, the house overlay, the
//! incident log and the game, each taken from the first place that sets it —
//! a command-line option, an environment variable (`FLOOR_LANG`,
//! `FLOOR_RULES`, `FLOOR_HOUSE`, `FLOOR_LOG`, `FLOOR_GAME`), the settings
//! file, then the defaults — and remembered with where it came from, so
//! `floor config` can say it and a ruling can name its edition's origin.
//!
//! The settings file is `FLOOR_CONFIG`, else
//! `$XDG_CONFIG_HOME/floor/config.yaml`, else `~/.config/floor/config.yaml`:
//! a YAML map with the keys `rules`, `house`, `lang`, `log` and `game`.
//! Reads files; no terminal I/O.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::LoadError;
use crate::message::{Message, Msg};
use crate::poker::Game;
use crate::ui::Lang;

/// Where a setting's value came from, most specific first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A command-line option, e.g. `--rules`.
    Flag(&'static str),
    /// An environment variable, e.g. `FLOOR_RULES`.
    Env(&'static str),
    /// The settings file.
    File(PathBuf),
    /// The locale variable that named the UI language, as `LANG=de_DE.UTF-8`.
    Locale(String),
    /// The built-in default.
    Default,
}

impl Source {
    /// How specific the source is: a higher rank wins.
    pub fn rank(&self) -> u8 {
        match self {
            Source::Flag(_) => 4,
            Source::Env(_) => 3,
            Source::File(_) => 2,
            Source::Locale(_) => 1,
            Source::Default => 0,
        }
    }

    /// A stable id for machine output: flag, env, file, locale or default.
    pub fn kind(&self) -> &'static str {
        match self {
            Source::Flag(_) => "flag",
            Source::Env(_) => "env",
            Source::File(_) => "file",
            Source::Locale(_) => "locale",
            Source::Default => "default",
        }
    }

    /// The option, variable, file or locale assignment it names, if any.
    pub fn detail(&self) -> Option<String> {
        match self {
            Source::Flag(name) | Source::Env(name) => Some((*name).to_string()),
            Source::File(path) => Some(path.display().to_string()),
            Source::Locale(assignment) => Some(assignment.clone()),
            Source::Default => None,
        }
    }
}

/// A value and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting<T> {
    /// The value in force.
    pub value: T,
    /// Where it was set.
    pub source: Source,
}

/// The values given on the command line (highest precedence).
#[derive(Debug, Clone, Default)]
pub struct Given {
    /// `--lang`.
    pub lang: Option<Lang>,
    /// `--rules`.
    pub rules: Option<String>,
    /// `--house`.
    pub house: Option<PathBuf>,
    /// `--log`.
    pub log: Option<PathBuf>,
    /// `--game`.
    pub game: Option<Game>,
}

/// The settings file in use, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsFile {
    /// Where it is looked for (`None`: `FLOOR_CONFIG` is empty, or there
    /// is no home directory).
    pub path: Option<PathBuf>,
    /// It exists and was read.
    pub present: bool,
}

/// Every setting in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The UI language (always set: the locale, else English).
    pub lang: Setting<Lang>,
    /// The edition named, if any (else the UI language's default).
    pub rules: Option<Setting<String>>,
    /// The house overlay file, if any.
    pub house: Option<Setting<PathBuf>>,
    /// The incident log file, if any.
    pub log: Option<Setting<PathBuf>>,
    /// The game played at the event, if set.
    pub game: Option<Setting<Game>>,
    /// The settings file.
    pub file: SettingsFile,
}

/// The settings file's keys.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileValues {
    #[serde(default, deserialize_with = "crate::yaml::given")]
    rules: Option<String>,
    #[serde(default, deserialize_with = "crate::yaml::given")]
    house: Option<String>,
    #[serde(default, deserialize_with = "crate::yaml::given")]
    lang: Option<String>,
    #[serde(default, deserialize_with = "crate::yaml::given")]
    log: Option<String>,
    #[serde(default, deserialize_with = "crate::yaml::given")]
    game: Option<String>,
}

/// The settings file's name under a configuration directory.
const FILE_UNDER_CONFIG_DIR: &str = "floor/config.yaml";

impl Settings {
    /// Resolves every setting from `given` (command line), the environment
    /// (`env` looks a variable up) and the settings file. An empty variable
    /// counts as unset. Errors name the variable or file and the fix.
    pub fn resolve(given: Given, env: impl Fn(&str) -> Option<String>) -> crate::Result<Settings> {
        let env = |name: &str| env(name).filter(|v| !v.trim().is_empty());
        let home = env("HOME").map(PathBuf::from);
        let (file, values) = read_file(&env, home.as_deref())?;
        let file_source = || Source::File(file.path.clone().unwrap_or_default());
        let base = file
            .path
            .as_deref()
            .and_then(Path::parent)
            .map(Path::to_path_buf);
        let file_path = |v: &str| resolve_path(v, home.as_deref(), base.as_deref());
        let shown = file.path.as_ref().map(|p| p.display().to_string());
        let in_file = |key: &str| format!("{} (`{key}`)", shown.clone().unwrap_or_default());

        let lang = match (given.lang, env("FLOOR_LANG"), &values.lang) {
            (Some(lang), _, _) => Setting {
                value: lang,
                source: Source::Flag("--lang"),
            },
            (None, Some(code), _) => Setting {
                value: parse_lang(&code, "FLOOR_LANG")?,
                source: Source::Env("FLOOR_LANG"),
            },
            (None, None, Some(code)) => Setting {
                value: parse_lang(code, &in_file("lang"))?,
                source: file_source(),
            },
            (None, None, None) => match crate::ui::locale_lang(&env) {
                Some((lang, assignment)) => Setting {
                    value: lang,
                    source: Source::Locale(assignment),
                },
                None => Setting {
                    value: Lang::En,
                    source: Source::Default,
                },
            },
        };
        let rules = pick(
            given.rules.map(|r| (r, Source::Flag("--rules"))),
            env("FLOOR_RULES").map(|r| (r.trim().to_string(), Source::Env("FLOOR_RULES"))),
            values.rules.clone().map(|r| (r, file_source())),
        );
        let house = pick(
            given.house.map(|h| (h, Source::Flag("--house"))),
            env("FLOOR_HOUSE").map(|h| {
                (
                    resolve_path(&h, home.as_deref(), None),
                    Source::Env("FLOOR_HOUSE"),
                )
            }),
            values
                .house
                .as_deref()
                .map(|h| (file_path(h), file_source())),
        );
        let log = pick(
            given.log.map(|l| (l, Source::Flag("--log"))),
            env("FLOOR_LOG").map(|l| {
                (
                    resolve_path(&l, home.as_deref(), None),
                    Source::Env("FLOOR_LOG"),
                )
            }),
            values.log.as_deref().map(|l| (file_path(l), file_source())),
        );
        let game = match (given.game, env("FLOOR_GAME"), &values.game) {
            (Some(game), _, _) => Some(Setting {
                value: game,
                source: Source::Flag("--game"),
            }),
            (None, Some(g), _) => Some(Setting {
                value: parse_game(&g, "FLOOR_GAME")?,
                source: Source::Env("FLOOR_GAME"),
            }),
            (None, None, Some(g)) => Some(Setting {
                value: parse_game(g, &in_file("game"))?,
                source: file_source(),
            }),
            (None, None, None) => None,
        };
        Ok(Settings {
            lang,
            rules,
            house,
            log,
            game,
            file,
        })
    }
}

/// The environment variables the settings are read from.
pub const VARIABLES: &[&str] = &[
    "FLOOR_LANG",
    "FLOOR_RULES",
    "FLOOR_HOUSE",
    "FLOOR_LOG",
    "FLOOR_GAME",
    "FLOOR_CONFIG",
    "XDG_CONFIG_HOME",
    "HOME",
];

/// A variable of the process's environment, as [`Settings::resolve`] looks
/// it up: `Ok(None)` when unset, an error naming it when its value is not
/// UTF-8 (a setting silently dropped would rule without the house overlay,
/// or not log).
pub fn env_var(name: &str) -> crate::Result<Option<String>> {
    match std::env::var(name) {
        Ok(value) => Ok(Some(value)),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => Err(crate::Error::bad(
            Message::new(Msg::EnvNotUtf8).arg("var", name),
        )),
    }
}

impl Settings {
    /// [`Settings::resolve`] from the process's environment: every variable
    /// of [`VARIABLES`] must be UTF-8 if set.
    pub fn from_environment(given: Given) -> crate::Result<Settings> {
        for name in VARIABLES {
            env_var(name)?;
        }
        Settings::resolve(given, |name| env_var(name).ok().flatten())
    }
}

/// The first of the three that is set.
fn pick<T>(
    flag: Option<(T, Source)>,
    env: Option<(T, Source)>,
    file: Option<(T, Source)>,
) -> Option<Setting<T>> {
    flag.or(env)
        .or(file)
        .map(|(value, source)| Setting { value, source })
}

/// Finds and reads the settings file. A file named by `FLOOR_CONFIG` must
/// exist; the default locations may be absent.
fn read_file(
    env: &impl Fn(&str) -> Option<String>,
    home: Option<&Path>,
) -> crate::Result<(SettingsFile, FileValues)> {
    let (path, required) = match env("FLOOR_CONFIG") {
        Some(path) => (Some(resolve_path(&path, home, None)), true),
        None => {
            // XDG: a relative XDG_CONFIG_HOME is invalid and ignored.
            let xdg = env("XDG_CONFIG_HOME")
                .map(PathBuf::from)
                .filter(|p| p.is_absolute());
            let dir = xdg.or_else(|| home.map(|h| h.join(".config")));
            (dir.map(|d| d.join(FILE_UNDER_CONFIG_DIR)), false)
        }
    };
    let Some(path) = path else {
        return Ok((
            SettingsFile {
                path: None,
                present: false,
            },
            FileValues::default(),
        ));
    };
    if !required && !path.exists() {
        return Ok((
            SettingsFile {
                path: Some(path),
                present: false,
            },
            FileValues::default(),
        ));
    }
    // /dev/null is the conventional "no settings" (the only device allowed).
    let text = if path == Path::new("/dev/null") {
        Ok(String::new())
    } else {
        crate::data::read_limited(&path)
    }
    .map_err(|e| match e {
        crate::Error::Load(LoadError::Unreadable { file, problem }) => LoadError::Unreadable {
            file,
            problem: Message::new(Msg::SettingsUnreadable).nested("problem", problem),
        }
        .into(),
        other => other,
    })?;
    let shown = path.display().to_string();
    let values = if text.trim().is_empty() {
        FileValues::default()
    } else {
        crate::yaml::from_str::<Option<FileValues>>(&text, &shown)
            .map_err(settings_yaml_error)?
            .unwrap_or_default()
    };
    Ok((
        SettingsFile {
            path: Some(path),
            present: true,
        },
        values,
    ))
}

/// A YAML error in the settings file, with the keys it accepts.
fn settings_yaml_error(e: crate::Error) -> crate::Error {
    match e {
        crate::Error::Load(LoadError::File {
            file,
            location,
            problem,
        }) => LoadError::File {
            file,
            location,
            problem: Message::new(Msg::SettingsYaml).nested("problem", problem),
        }
        .into(),
        other => other,
    }
}

/// A path as given: `~/` is the home directory; a relative path is taken
/// from `base` (the settings file's directory) when there is one.
fn resolve_path(given: &str, home: Option<&Path>, base: Option<&Path>) -> PathBuf {
    let given = given.trim();
    if let (Some(rest), Some(home)) = (given.strip_prefix("~/"), home) {
        return home.join(rest);
    }
    let path = PathBuf::from(given);
    match base {
        Some(base) if path.is_relative() => base.join(path),
        _ => path,
    }
}

fn parse_lang(code: &str, at: &str) -> crate::Result<Lang> {
    Lang::from_code(code.trim())
        .ok_or_else(|| {
            LoadError::file(
                at,
                None,
                Message::new(Msg::NotUiLanguage).arg("value", code.trim()),
            )
        })
        .map_err(crate::Error::from)
}

/// A game by its id (`no-limit`, `pot-limit`, `limit`).
pub fn parse_game(id: &str, at: &str) -> crate::Result<Game> {
    serde_json::from_value(serde_json::Value::String(id.trim().to_string()))
        .map_err(|_| {
            LoadError::file(
                at,
                None,
                Message::new(Msg::NotAGame).arg("value", id.trim()),
            )
        })
        .map_err(crate::Error::from)
}

/// A game's id (`no-limit`, `pot-limit`, `limit`).
pub fn game_id(game: Game) -> String {
    match serde_json::to_value(game) {
        Ok(serde_json::Value::String(s)) => s,
        _ => format!("{game:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().expect("scratch dir")
    }

    fn resolve(given: Given, vars: &[(&str, &str)]) -> crate::Result<Settings> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Settings::resolve(given, |k| map.get(k).cloned())
    }

    #[test]
    fn a_flag_beats_the_environment_which_beats_the_file() {
        let scratch = dir();
        let d = scratch.path().to_path_buf();
        let file = d.join("config.yaml");
        std::fs::write(
            &file,
            "rules: pokerpunt-nl\nlog: rulings.jsonl\ngame: limit\nlang: sk\n",
        )
        .expect("write");
        let cfg = file.to_str().expect("utf-8");
        let s = resolve(
            Given {
                rules: Some("onk-2023-nl".into()),
                ..Given::default()
            },
            &[
                ("FLOOR_CONFIG", cfg),
                ("FLOOR_GAME", "pot-limit"),
                ("LANG", "de_DE.UTF-8"),
            ],
        )
        .expect("resolves");
        assert_eq!(
            s.rules.as_ref().map(|r| r.value.as_str()),
            Some("onk-2023-nl")
        );
        assert_eq!(s.rules.map(|r| r.source), Some(Source::Flag("--rules")));
        let game = s.game.expect("game set");
        assert_eq!(
            (game.value, game.source),
            (Game::PotLimit, Source::Env("FLOOR_GAME"))
        );
        assert_eq!(s.lang.value, Lang::Sk);
        assert_eq!(s.lang.source, Source::File(file.clone()));
        // A relative path in the file is taken from the file's directory.
        assert_eq!(s.log.map(|l| l.value), Some(d.join("rulings.jsonl")));
        assert!(s.file.present);
    }

    #[test]
    fn without_settings_the_locale_names_the_language() {
        let scratch = dir();
        let d = scratch.path().to_path_buf();
        let home = d.to_str().expect("utf-8");
        let s = resolve(Given::default(), &[("HOME", home), ("LANG", "nl_NL.UTF-8")]).expect("ok");
        assert_eq!(s.lang.value, Lang::Nl);
        assert_eq!(s.lang.source, Source::Locale("LANG=nl_NL.UTF-8".into()));
        assert_eq!(s.rules, None);
        assert_eq!(s.file.path, Some(d.join(".config/floor/config.yaml")));
        assert!(!s.file.present);
        let s = resolve(Given::default(), &[]).expect("ok");
        assert_eq!((s.lang.value, s.lang.source), (Lang::En, Source::Default));
    }

    #[test]
    fn xdg_config_home_is_used_when_absolute_and_empty_variables_are_unset() {
        let scratch = dir();
        let d = scratch.path().to_path_buf();
        std::fs::create_dir_all(d.join("floor")).expect("dir");
        std::fs::write(d.join("floor/config.yaml"), "house: ~/club.yaml\n").expect("write");
        let xdg = d.to_str().expect("utf-8");
        let s = resolve(
            Given::default(),
            &[
                ("XDG_CONFIG_HOME", xdg),
                ("HOME", "/home/td"),
                ("FLOOR_RULES", " "),
            ],
        )
        .expect("ok");
        assert_eq!(
            s.house.map(|h| h.value),
            Some(PathBuf::from("/home/td/club.yaml"))
        );
        assert_eq!(s.rules, None);
        let s = resolve(
            Given::default(),
            &[("XDG_CONFIG_HOME", "relative"), ("HOME", "/nowhere")],
        )
        .expect("ok");
        assert_eq!(
            s.file.path,
            Some(PathBuf::from("/nowhere/.config/floor/config.yaml"))
        );
    }

    #[test]
    fn bad_values_name_where_they_were_set() {
        let err = resolve(Given::default(), &[("FLOOR_LANG", "fr")]).expect_err("refused");
        assert!(
            err.to_string()
                .starts_with("FLOOR_LANG: `fr` is not a UI language"),
            "{err}"
        );
        let err = resolve(Given::default(), &[("FLOOR_GAME", "stud")]).expect_err("refused");
        assert!(
            err.to_string().contains("use no-limit, pot-limit or limit"),
            "{err}"
        );
        let scratch = dir();
        let d = scratch.path().to_path_buf();
        let file = d.join("c.yaml");
        std::fs::write(&file, "rules: onk-2023-nl\nedition: x\n").expect("write");
        let err = resolve(
            Given::default(),
            &[("FLOOR_CONFIG", file.to_str().expect("utf-8"))],
        )
        .expect_err("unknown key");
        let shown = err.to_string();
        assert!(
            shown.contains(":2:1") && shown.contains("rules, house, lang, log and game"),
            "{shown}"
        );
        let err = resolve(Given::default(), &[("FLOOR_CONFIG", "/no/such/floor.yaml")])
            .expect_err("missing");
        assert!(err.to_string().contains("FLOOR_CONFIG"), "{err}");
    }

    #[test]
    fn an_empty_file_sets_nothing() {
        let s = resolve(Given::default(), &[("FLOOR_CONFIG", "/dev/null")]).expect("ok");
        assert!(s.file.present);
        assert_eq!((s.rules, s.house, s.log, s.game), (None, None, None, None));
    }

    #[test]
    fn game_ids_round_trip() {
        for game in [Game::NoLimit, Game::PotLimit, Game::Limit] {
            assert_eq!(parse_game(&game_id(game), "x").ok(), Some(game));
        }
    }
}
