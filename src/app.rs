//! Glue: turns parsed arguments into a context (data tree, UI language,
//! edition in use, output settings) and dispatches to the commands, then
//! writes what they return, through `output`.

use std::io::Write;
use std::process::ExitCode;

use clap::FromArgMatches;
use floor::data::DataSource;
use floor::settings::{Given, Settings};
use floor::ui::{Ui, detect_lang};

use crate::cli::{Cli, Command};
use crate::cmd;
use crate::ctx::{Ctx, Output};
use crate::output::{escaped, stdout_open};

/// A failure as the user reads it: the label and message in the UI
/// language, and whether it was bad input (exit 2) or a failure (exit 1);
/// under `--json` also the failure as one JSON object, for scripts.
#[derive(Debug)]
pub struct Rendered {
    pub label: String,
    pub message: String,
    pub user: bool,
    pub json: Option<String>,
}

impl std::fmt::Display for Rendered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.label, self.message)
    }
}

pub fn run() -> Result<ExitCode, Rendered> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The language is known before parsing, so help and errors are in it.
    let mut lang = lang_in_args(args.iter().skip(1).cloned()).unwrap_or_else(|| {
        Settings::from_environment(Given::default())
            .map_or_else(|_| detect_lang(None, env), |s| s.lang.value)
    });
    // Whether a failure is also written as JSON: `--json` as clap would
    // take it, known before the command line parses.
    let mut json = json_in_args(args.iter().skip(1));
    match run_in(&args, &mut lang, &mut json) {
        Ok(code) => Ok(code),
        // The reader quit (`floor ... | head`): not a failure.
        Err(e) if e.is_broken_pipe() => Ok(ExitCode::SUCCESS),
        Err(e) => Err(render_error(&e, lang, json)),
    }
}

/// Parses and runs the command line; `lang` and `json` follow what is
/// known of the UI language and the output format, so a failure is
/// reported in them.
fn run_in(
    args: &[std::ffi::OsString],
    lang: &mut floor::ui::Lang,
    json: &mut bool,
) -> floor::Result<ExitCode> {
    let mut command = crate::cli_text::command_for(*lang);
    let parsed = command
        .try_get_matches_from_mut(args)
        .and_then(|m| Cli::from_arg_matches(&m));
    // Freed, not left to the process's end: clap's tree of commands and
    // arguments (about 230 KB) is then memory the command reuses instead
    // of pages it faults in (a search: 43 faults and 240 KB of peak RSS
    // fewer; freeing costs 0.18M instructions, and the whole run is
    // faster, as benches/run.sh shows).
    drop(command);
    let cli = match parsed {
        Ok(cli) => cli,
        // --help and --version print and succeed; with standard output
        // closed they fail like every command whose output goes nowhere.
        Err(e) if !e.use_stderr() => {
            stdout_open()?;
            e.print().map_err(floor::Error::Output)?;
            return Ok(ExitCode::SUCCESS);
        }
        // A command group without its subcommand (`floor log`): its help on
        // stderr and exit 2, as clap does; under --json the keyed error,
        // as for every other failure.
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            if *json {
                let command = crate::cli_text::command_for(*lang);
                return Err(floor::Error::bad(missing_command(&command, args)));
            }
            e.print().map_err(floor::Error::Output)?;
            return Ok(ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)));
        }
        // The command line did not parse, but a `--lang` it names is still
        // the language the user reads.
        Err(e) => return Err(floor::Error::bad(usage_problem(&e))),
    };
    *lang = detect_lang(cli.global.lang, env);
    *json = cli.global.json;
    let settings = Settings::from_environment(cli.global.given())?;
    *lang = settings.lang.value;
    crate::prompt::use_color(cli.global.color);
    run_parsed(cli, settings)
}

/// The command group a command line stops at (`floor log`) and the
/// commands it offers, as the usage failure "needs a command".
fn missing_command(
    command: &clap::Command,
    args: &[std::ffi::OsString],
) -> floor::message::Message {
    use floor::message::{Message, Msg};
    let mut group = command;
    let mut path = vec![group.get_name().to_string()];
    for arg in args.iter().skip(1).filter_map(|a| a.to_str()) {
        if let Some(sub) = group.find_subcommand(arg) {
            path.push(sub.get_name().to_string());
            group = sub;
        }
    }
    let list: Vec<&str> = group
        .get_subcommands()
        .map(clap::Command::get_name)
        .collect();
    let problem = Message::new(Msg::UsageMissingCommand)
        .arg("command", path.join(" "))
        .arg("list", list.join(", "));
    Message::new(Msg::Usage).nested("problem", problem)
}

/// The UI language a command line names with `--lang`, if any (the last
/// one given, as clap takes it).
fn lang_in_args(args: impl Iterator<Item = std::ffi::OsString>) -> Option<floor::ui::Lang> {
    let mut found = None;
    let mut next_is_lang = false;
    for arg in args {
        let Some(arg) = arg.to_str().map(str::to_string) else {
            next_is_lang = false;
            continue;
        };
        if arg == "--" {
            break;
        }
        if next_is_lang {
            found = floor::ui::Lang::from_code(&arg).or(found);
            next_is_lang = false;
        } else if arg == "--lang" {
            next_is_lang = true;
        } else if let Some(code) = arg.strip_prefix("--lang=") {
            found = floor::ui::Lang::from_code(code).or(found);
        }
    }
    found
}

/// Whether a command line asks for `--json` (before a `--`).
fn json_in_args<'a>(args: impl Iterator<Item = &'a std::ffi::OsString>) -> bool {
    args.take_while(|a| *a != "--").any(|a| a == "--json")
}

fn env(var: &str) -> Option<String> {
    std::env::var(var).ok()
}

/// The error on one line, in the UI language; with `json`, also as
/// `{"error":{"key","message","args","exit"}}`.
fn render_error(err: &floor::Error, lang: floor::ui::Lang, json: bool) -> Rendered {
    let ui = Ui::load(&DataSource::Embedded, lang).ok();
    let problem = err.message();
    let message = ui
        .as_ref()
        .map_or_else(|| err.to_string(), |ui| problem.render(ui));
    let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
    let label = ui
        .as_ref()
        .and_then(|ui| ui.get("errors.label"))
        .unwrap_or("error")
        .to_string();
    let exit = err.exit();
    let json = json.then(|| {
        let mut object = message_json(&problem);
        let args = object.remove("args").unwrap_or_default();
        object.insert("message".into(), message.clone().into());
        object.insert("args".into(), args);
        object.insert("exit".into(), exit.code().into());
        let line = serde_json::json!({ "error": object }).to_string();
        escaped(&line, true, false).into_owned()
    });
    Rendered {
        label,
        message: escaped(&message, false, false).into_owned(),
        user: exit == floor::message::Exit::Input,
        json,
    }
}

/// A message as JSON: its key and its arguments, a nested message as its
/// own key and arguments.
fn message_json(message: &floor::message::Message) -> serde_json::Map<String, serde_json::Value> {
    use floor::message::Arg;
    let args = message
        .args
        .iter()
        .map(|(name, arg)| {
            let value = match arg {
                Arg::Text(text) => text.clone().into(),
                Arg::Message(nested) => message_json(nested).into(),
            };
            ((*name).to_string(), value)
        })
        .collect::<serde_json::Map<_, _>>();
    let mut object = serde_json::Map::new();
    object.insert("key".into(), message.msg.key().into());
    object.insert("args".into(), args.into());
    object
}

fn run_parsed(cli: Cli, settings: Settings) -> floor::Result<ExitCode> {
    let command = match cli.command {
        Some(command) => command,
        // On a terminal, a menu; otherwise the help.
        None if crate::prompt::interactive() => {
            let ctx = Ctx::new(&cli.global, settings)?;
            crate::prompt::on_interrupt_exit();
            match crate::prompt::menu(&ctx.ui) {
                Ok(Some(command)) => {
                    let page = paged(&command) && ctx.terminal && !cli.global.no_pager;
                    let output = dispatch(&ctx, command)?;
                    return finish(output, page, ctx.color, ctx.json, &ctx.take_notices());
                }
                Ok(None) => return Ok(ExitCode::SUCCESS),
                // Ctrl-C read as a key, as at a question.
                Err(floor::engine::WalkError::Interrupted) => {
                    return Ok(ExitCode::from(crate::prompt::INTERRUPTED));
                }
                Err(e) => return Err(floor::Error::from(e)),
            }
        }
        None => {
            stdout_open()?;
            crate::cli_text::command_for(settings.lang.value)
                .print_help()
                .map_err(floor::Error::Output)?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    let output = match command {
        // Commands about the command line itself need no data.
        Command::Help { command } => crate::help::run(&cli.global, settings, &command)?,
        Command::Incident { id, help: true, .. } => {
            crate::help::incident(&cli.global, settings, id.as_deref())?
        }
        Command::Completions { shell } => Output::ok(crate::complete::script(shell)?),
        Command::Man { command, out_dir } => crate::cmd::man::run(&command, out_dir.as_deref())?,
        command => {
            let ctx = Ctx::new(&cli.global, settings)?;
            let page = paged(&command) && ctx.terminal && !cli.global.no_pager;
            let output = dispatch(&ctx, command)?;
            return finish(output, page, ctx.color, ctx.json, &ctx.take_notices());
        }
    };
    finish(output, false, false, false, &[])
}

/// Long listings a reader pages through; never a ruling, which must stay
/// on screen.
fn paged(command: &Command) -> bool {
    matches!(
        command,
        Command::Compare { .. } | Command::Rule { all: true, .. } | Command::Log(_)
    )
}

/// Writes a command's output (through the pager when `page`), then the
/// notices on stderr; with [`stream`], the only place stdout is written.
fn finish(
    output: Output,
    page: bool,
    color: bool,
    json: bool,
    notices: &[String],
) -> floor::Result<ExitCode> {
    // Only the tool's own styling reaches the terminal: anything from data
    // or input that could drive it (titles, clearing, cursor) is shown
    // escaped; in JSON with JSON's own escapes, so it stays valid JSON.
    let text = escaped(&output.stdout, json, color);
    if !text.is_empty() {
        stdout_open()?;
    }
    if page {
        crate::pager::page(&text).map_err(floor::Error::Output)?;
    } else {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush())
            .map_err(floor::Error::Output)?;
    }
    let mut stderr = std::io::stderr().lock();
    for line in notices {
        let _ = writeln!(stderr, "{}", escaped(line, false, true));
    }
    Ok(output.code)
}

fn dispatch(ctx: &Ctx, command: Command) -> floor::Result<Output> {
    let log = ctx.log_file().map(std::path::Path::to_path_buf);
    Ok(match command {
        Command::Editions => cmd::editions::run(ctx)?,
        Command::Rule { query, all } => cmd::rule::run(ctx, &query, all)?,
        Command::Search {
            query,
            limit,
            all_editions,
        } => cmd::search::run(ctx, &query.join(" "), usize::from(limit), all_editions)?,
        Command::Check => cmd::check::run(ctx)?,
        Command::Config => cmd::config::run(ctx)?,
        Command::Compare {
            a,
            b,
            concept,
            diff,
            all,
            format,
        } => cmd::compare::run(
            ctx,
            &cmd::compare::Args {
                a: a.as_deref(),
                b: b.as_deref(),
                concept: concept.as_deref(),
                diff,
                all,
                format: match format {
                    crate::cli::CompareFormat::Text => cmd::compare::Format::Text,
                    crate::cli::CompareFormat::Markdown => cmd::compare::Format::Markdown,
                },
            },
        )?,
        Command::Import {
            file,
            out,
            base,
            id,
            title,
            room,
            prefix,
            book_lang,
        } => cmd::import::run(
            ctx,
            &cmd::import::Args {
                file,
                out,
                base,
                id,
                title,
                room,
                prefix,
                book_lang,
            },
        )?,
        Command::Hand { files, at } => cmd::hand::run(ctx, &files, at.map(usize::from))?,
        Command::Incident {
            id,
            list,
            answers,
            answers_file,
            hand,
            at,
            all_questions,
            table,
            note,
            help: _,
        } => cmd::incident::run(
            ctx,
            cmd::incident::Args {
                id,
                list,
                answers,
                answers_file,
                hand: hand.map(|file| (file, at.map(usize::from))),
                all_questions,
                log: cmd::log::Record::new(log, table, note)?,
            },
        )?,
        Command::Log(crate::cli::LogCommand::Show { since }) => {
            cmd::log::show(ctx, log.as_deref(), since.as_deref())?
        }
        Command::Completions { .. } | Command::Man { .. } | Command::Help { .. } => {
            Output::ok(String::new())
        }
    })
}

/// clap's error as a message: its kind and the values it names (shown
/// escaped, whatever they hold), worded by the UI texts.
fn usage_problem(e: &clap::Error) -> floor::message::Message {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    use floor::message::{Message, Msg};
    let get = |kind: ContextKind| -> Option<String> {
        match e.get(kind)? {
            ContextValue::String(s) => Some(s.clone()),
            ContextValue::Strings(list) => Some(list.join(", ")),
            ContextValue::StyledStr(s) => Some(s.to_string()),
            ContextValue::StyledStrs(list) => Some(
                list.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            ContextValue::Number(n) => Some(n.to_string()),
            ContextValue::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    };
    let arg = get(ContextKind::InvalidArg).unwrap_or_default();
    let value = get(ContextKind::InvalidValue).unwrap_or_default();
    let empty = || Message::new(Msg::Text).arg("text", "");
    let suggestion = || {
        get(ContextKind::SuggestedArg)
            .or_else(|| get(ContextKind::SuggestedSubcommand))
            .or_else(|| get(ContextKind::SuggestedValue))
            .map_or_else(empty, |s| {
                Message::new(Msg::UsageSuggestion).arg("suggested", s)
            })
    };
    let problem = match e.kind() {
        ErrorKind::InvalidValue if value.is_empty() => {
            Message::new(Msg::UsageMissingValue).arg("arg", &arg)
        }
        ErrorKind::InvalidValue => Message::new(Msg::UsageInvalidValue)
            .arg("value", &value)
            .arg("arg", &arg)
            .nested(
                "valid",
                get(ContextKind::ValidValue).map_or_else(empty, |list| {
                    Message::new(Msg::UsagePossible).arg("list", list)
                }),
            ),
        ErrorKind::ValueValidation => {
            use std::error::Error as _;
            // The value parsers of `cli` refuse with a keyed message.
            let problem = e
                .source()
                .and_then(|s| s.downcast_ref::<floor::Error>())
                .map(floor::Error::message)
                .unwrap_or_else(|| {
                    Message::new(Msg::UsageInvalidValue)
                        .arg("value", &value)
                        .arg("arg", &arg)
                        .nested("valid", empty())
                });
            Message::new(Msg::UsageValueProblem)
                .arg("arg", &arg)
                .nested("problem", problem)
        }
        ErrorKind::UnknownArgument => Message::new(Msg::UsageUnknownArgument)
            .arg("arg", &arg)
            .nested("suggestion", suggestion()),
        ErrorKind::InvalidSubcommand => Message::new(Msg::UsageUnknownCommand)
            .arg(
                "command",
                get(ContextKind::InvalidSubcommand).unwrap_or_default(),
            )
            .nested("suggestion", suggestion()),
        ErrorKind::MissingRequiredArgument => {
            Message::new(Msg::UsageMissingArguments).arg("args", &arg)
        }
        ErrorKind::MissingSubcommand => Message::new(Msg::UsageMissingCommand)
            .arg(
                "command",
                get(ContextKind::InvalidSubcommand).unwrap_or_default(),
            )
            .arg(
                "list",
                get(ContextKind::ValidSubcommand).unwrap_or_default(),
            ),
        ErrorKind::TooManyValues => Message::new(Msg::UsageTooManyValues)
            .arg("value", &value)
            .arg("arg", &arg),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            Message::new(Msg::UsageWrongNumber)
                .arg("arg", &arg)
                .arg(
                    "expected",
                    get(ContextKind::ExpectedNumValues)
                        .or_else(|| get(ContextKind::MinValues))
                        .unwrap_or_default(),
                )
                .arg(
                    "given",
                    get(ContextKind::ActualNumValues).unwrap_or_default(),
                )
        }
        ErrorKind::ArgumentConflict => match get(ContextKind::PriorArg) {
            Some(prior) if prior != arg => Message::new(Msg::UsageConflict)
                .arg("arg", &arg)
                .arg("other", prior),
            _ => Message::new(Msg::UsageTwice).arg("arg", &arg),
        },
        ErrorKind::NoEquals => Message::new(Msg::UsageNoEquals).arg("arg", &arg),
        ErrorKind::InvalidUtf8 => Message::new(Msg::UsageNotUtf8),
        _ => Message::new(Msg::UsageOther),
    };
    Message::new(Msg::Usage).nested("problem", problem)
}
