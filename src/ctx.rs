//! How a command was invoked: the data tree, the UI language, the edition
//! in use and the output settings, resolved once from the global options;
//! and what a command produces.

use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::Context as _;
use floor::LookupError;
use floor::data::DataSource;
use floor::rules::Store;
use floor::ui::{Ui, detect_lang};

use crate::cli::{ColorChoice, Global};

/// Everything a command needs to know about how it was invoked.
pub struct Ctx {
    pub store: Store,
    pub ui: Ui,
    /// The edition in use (`--rules`, or the UI language's default).
    pub edition: String,
    pub json: bool,
    pub color: bool,
    /// Table width from `COLUMNS`, if set.
    pub width: Option<u16>,
    /// Stdout is a terminal.
    pub terminal: bool,
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
    pub fn new(global: &Global) -> anyhow::Result<Ctx> {
        let source = match &global.data {
            Some(dir) => DataSource::dir(dir)?,
            None => DataSource::Embedded,
        };
        let mut store = Store::open(source)?;
        let house = match &global.house {
            Some(path) => {
                let edition = floor::rules::overlay::load(path, &store)?;
                store.add_house_concepts(&edition)?;
                let id = edition.id.clone();
                store.insert(edition);
                Some(id)
            }
            None => None,
        };
        let lang = detect_lang(global.lang, |var| std::env::var(var).ok());
        let ui = Ui::load(store.source(), lang)?;
        let edition = match (&global.rules, house) {
            (Some(id), _) => id.clone(),
            (None, Some(house)) => house,
            (None, None) => ui
                .get("default_edition")
                .context("ui.yaml has no default_edition")?
                .to_string(),
        };
        if store.language_of(&edition).is_none() {
            return Err(LookupError::UnknownEdition {
                nearest: floor::nearest(&edition, store.ids(), 3),
                given: edition,
            }
            .into());
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
            json: global.json,
            color,
            width,
            terminal,
        })
    }
}
