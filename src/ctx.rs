//! How a command was invoked: the data tree, the UI language, the edition
//! in use and the output settings, resolved once from the global options;
//! and what a command produces.

use std::cell::RefCell;
use std::io::IsTerminal;
use std::process::ExitCode;

use floor::LookupError;
use floor::data::DataSource;
use floor::message::{Message, Msg};
use floor::poker::Game;
use floor::rules::Store;
use floor::settings::{Settings, Source};
use floor::ui::Ui;

use crate::cli::{ColorChoice, Global};

/// Everything a command needs to know about how it was invoked.
pub struct Ctx {
    pub store: Store,
    pub ui: Ui,
    /// The edition in use (`--rules`, the house overlay, or the UI
    /// language's default).
    pub edition: String,
    /// Where the edition in use was chosen (`Default`: the UI language's
    /// default edition).
    pub edition_source: Source,
    /// The game played at the event, if set; `settings.game` says where.
    pub game: Option<Game>,
    /// Every setting with its source.
    pub settings: Settings,
    pub json: bool,
    pub color: bool,
    /// Table width from `COLUMNS`, if set.
    pub width: Option<u16>,
    /// Stdout is a terminal.
    pub terminal: bool,
    /// What the house overlay in use does that is legal but likely a
    /// mistake (`floor check --house` prints them).
    pub house_warnings: Vec<floor::rules::overlay::Warning>,
    /// Lines for stderr once the output is written (see `notice`).
    notices: RefCell<Vec<String>>,
}

/// What a command produced.
pub struct Output {
    pub stdout: String,
    pub code: ExitCode,
}

impl Output {
    pub fn ok(stdout: String) -> Output {
        Output {
            stdout,
            code: ExitCode::SUCCESS,
        }
    }
}

impl Ctx {
    pub fn new(global: &Global, settings: Settings) -> floor::Result<Ctx> {
        let source = match &global.data {
            Some(dir) => DataSource::dir(dir)?,
            None => DataSource::Embedded,
        };
        let mut store = Store::open(source)?;
        let mut house_warnings = Vec::new();
        let house = match &settings.house {
            Some(house) => {
                let loaded = floor::rules::overlay::load(&house.value, &store)
                    .map_err(|e| set_in(e, &house.source))?;
                house_warnings = loaded.warnings;
                let edition = loaded.edition;
                store.add_house_concepts(&edition)?;
                let id = edition.id.clone();
                let builds_on = edition.extends.clone();
                store.insert(edition);
                Some((id, house.source.clone(), builds_on))
            }
            None => None,
        };
        let ui = Ui::load(store.source(), settings.lang.value)?;
        // --rules and --house together: the overlay is used when --rules
        // names it or an edition it builds on (with a note for the latter);
        // otherwise the more specific setting decides, and two of the same
        // rank (both options, both variables, both in the file) that
        // disagree are an error rather than an overlay silently left out.
        let rules = settings
            .rules
            .as_ref()
            .map(|r| (r.value.clone(), r.source.clone()));
        let mut notices = Vec::new();
        let (edition, edition_source) = match (rules, house) {
            (Some(rules), Some((id, source, builds_on))) => {
                let file = settings
                    .house
                    .as_ref()
                    .map(|h| h.value.display().to_string())
                    .unwrap_or_default();
                if rules.0 == id {
                    (id, source)
                } else if builds_on.contains(&rules.0) {
                    notices.push(ui.f(
                        "house.in_use",
                        &[("file", &file), ("edition", &rules.0), ("id", &id)],
                    ));
                    (id, source)
                } else if source.rank() > rules.1.rank() {
                    (id, source)
                } else if rules.1.rank() > source.rank() {
                    rules
                } else {
                    use floor::message::{Message, Msg};
                    return Err(floor::Error::from(floor::LoadError::file(
                        &file,
                        None,
                        Message::new(Msg::HouseRulesDisagree)
                            .arg("base", builds_on.last().map_or("", String::as_str))
                            .arg("edition", &rules.0)
                            .arg("id", &id),
                    )));
                }
            }
            (Some(rules), None) => rules,
            (None, Some((id, source, _))) => (id, source),
            (None, None) => (
                ui.get("default_edition")
                    .ok_or_else(|| {
                        floor::Error::bad(floor::message::Message::new(
                            floor::message::Msg::NoDefaultEdition,
                        ))
                    })?
                    .to_string(),
                Source::Default,
            ),
        };
        if store.language_of(&edition).is_none() {
            let err = floor::Error::from(LookupError::UnknownEdition {
                nearest: floor::nearest(&edition, store.ids(), 3),
                given: edition,
            });
            return Err(set_in(err, &edition_source));
        }
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let terminal = std::io::stdout().is_terminal();
        let color = match global.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => !no_color && terminal,
        };
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<u16>().ok())
            .filter(|w| *w >= 20);
        Ok(Ctx {
            store,
            ui,
            edition,
            edition_source,
            game: settings.game.as_ref().map(|g| g.value),
            settings,
            json: global.json,
            color,
            width,
            terminal,
            house_warnings,
            notices: RefCell::new(notices),
        })
    }

    /// A line for stderr, written after the command's output (so it is not
    /// scrolled away by it), e.g. where a ruling was logged.
    pub fn notice(&self, line: String) {
        self.notices.borrow_mut().push(line);
    }

    /// The notices so far, oldest first.
    pub fn take_notices(&self) -> Vec<String> {
        std::mem::take(&mut self.notices.borrow_mut())
    }

    /// The incident log in use, if any.
    pub fn log_file(&self) -> Option<&std::path::Path> {
        self.settings.log.as_ref().map(|l| l.value.as_path())
    }

    /// Where `source` set a value, in the UI language.
    pub fn source_text(&self, source: &Source) -> String {
        let ui = &self.ui;
        match source {
            Source::Flag(name) => ui.f("settings.source_flag", &[("name", name)]),
            Source::Env(name) => ui.f("settings.source_env", &[("name", name)]),
            Source::File(path) => ui.f(
                "settings.source_file",
                &[("file", &path.display().to_string())],
            ),
            Source::Locale(assignment) => ui.f("settings.source_locale", &[("locale", assignment)]),
            Source::Default => ui.t("settings.source_default").to_string(),
        }
    }

    /// Why the edition in use is a default, and how to set it for the
    /// event; `None` when it was set.
    pub fn edition_hint(&self) -> Option<String> {
        if self.edition_source != Source::Default {
            return None;
        }
        let lang = &self.settings.lang;
        Some(match &lang.source {
            Source::Locale(locale) => self.ui.f("settings.hint_locale", &[("locale", locale)]),
            _ => self
                .ui
                .f("settings.hint_language", &[("lang", lang.value.code())]),
        })
    }
}

/// A setting's failure, naming the variable or file that set it when it
/// was not an option on the command line (the option names itself).
fn set_in(err: floor::Error, source: &Source) -> floor::Error {
    match source.detail() {
        Some(from) if !matches!(source, Source::Flag(_)) => floor::Error::bad(
            Message::new(Msg::SetIn)
                .arg("place", from)
                .nested("problem", err.message()),
        ),
        _ => err,
    }
}
