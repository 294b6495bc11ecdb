//! Glue: turns parsed arguments into a context (data tree, UI language,
//! edition in use, output settings) and dispatches to the commands. Only
//! this module and `main` write to the terminal.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context as _;
use clap::{CommandFactory, Parser};
use floor::LookupError;
use floor::data::DataSource;
use floor::rules::Store;
use floor::ui::{Ui, detect_lang};

use crate::cli::{Cli, ColorChoice, Command, Global};
use crate::cmd;

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

pub fn run() -> anyhow::Result<ExitCode> {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version print and succeed.
        Err(e) if !e.use_stderr() => {
            e.print()?;
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) => return Err(UsageError(one_line(&e.render().to_string())).into()),
    };
    let Some(command) = cli.command else {
        let mut help = Cli::command();
        help.print_help()?;
        return Ok(ExitCode::SUCCESS);
    };
    let ctx = Ctx::new(&cli.global)?;
    let output = match command {
        Command::Editions => cmd::editions::run(&ctx)?,
        Command::Rule { query, all } => cmd::rule::run(&ctx, &query, all)?,
        Command::Search {
            query,
            limit,
            all_editions,
        } => cmd::search::run(&ctx, &query.join(" "), usize::from(limit), all_editions)?,
        Command::Check => cmd::check::run(&ctx)?,
        Command::Compare {
            a,
            b,
            concept,
            diff,
        } => cmd::compare::run(&ctx, &a, &b, concept.as_deref(), diff)?,
        Command::Incident {
            id,
            list,
            answers,
            answers_file,
            all_questions,
        } => cmd::incident::run(
            &ctx,
            cmd::incident::Args {
                id,
                list,
                answers,
                answers_file,
                all_questions,
                log: cli.global.log.clone(),
            },
        )?,
        Command::Log(crate::cli::LogCommand::Show { since }) => {
            cmd::log::show(&ctx, cli.global.log.as_deref(), since.as_deref())?
        }
    };
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(output.stdout.as_bytes())?;
    stdout.flush()?;
    Ok(output.code)
}

/// A command-line usage error (clap's), reported on one line, exit 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// clap's message without its usage block, on one line.
fn one_line(rendered: &str) -> String {
    let message = rendered
        .split("\n\nUsage:")
        .next()
        .and_then(|m| m.split("\n\nFor more information").next())
        .unwrap_or(rendered);
    let message = message.strip_prefix("error: ").unwrap_or(message);
    let joined = message.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{joined} (see --help)")
}

impl Ctx {
    fn new(global: &Global) -> anyhow::Result<Ctx> {
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
