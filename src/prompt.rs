//! The interactive walkthrough: asks each question with dialoguer. The only
//! module that talks to the terminal for input.
//!
//! Esc (on a list) or `<` (typed) goes back one question. Ctrl-C leaves at
//! once with exit code 130, the cursor restored and nothing logged.

use std::fmt;
use std::io::IsTerminal;

use dialoguer::console::{Term, style};
use dialoguer::theme::ColorfulTheme;
use dialoguer::{Input, MultiSelect, Select};
use floor::engine::tree::{Kind, Question};
use floor::engine::{AnswerSource, Reply, WalkError};
use floor::message::{Message, Msg};
use floor::text::shown;
use floor::ui::Ui;

/// Exit code for an interrupted walkthrough (128 + SIGINT).
pub const INTERRUPTED: u8 = 130;

/// The prompts' one boundary: every text a dialoguer prompt draws — the
/// question, its choices, the default, what was typed and picked, an
/// error — passes [`shown`] here, so a control, bidirectional or
/// zero-width character from data or from the keyboard is drawn as its
/// escape; then the colourful theme styles it.
#[derive(Default)]
pub struct Escaping(ColorfulTheme);

impl dialoguer::theme::Theme for Escaping {
    fn format_prompt(&self, f: &mut dyn fmt::Write, prompt: &str) -> fmt::Result {
        self.0.format_prompt(f, &shown(prompt))
    }

    fn format_error(&self, f: &mut dyn fmt::Write, err: &str) -> fmt::Result {
        self.0.format_error(f, &shown(err))
    }

    fn format_confirm_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        default: Option<bool>,
    ) -> fmt::Result {
        self.0.format_confirm_prompt(f, &shown(prompt), default)
    }

    fn format_confirm_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        selection: Option<bool>,
    ) -> fmt::Result {
        self.0
            .format_confirm_prompt_selection(f, &shown(prompt), selection)
    }

    fn format_input_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        default: Option<&str>,
    ) -> fmt::Result {
        let default = default.map(shown);
        self.0
            .format_input_prompt(f, &shown(prompt), default.as_deref())
    }

    fn format_input_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        sel: &str,
    ) -> fmt::Result {
        self.0
            .format_input_prompt_selection(f, &shown(prompt), &shown(sel))
    }

    fn format_select_prompt(&self, f: &mut dyn fmt::Write, prompt: &str) -> fmt::Result {
        self.0.format_select_prompt(f, &shown(prompt))
    }

    fn format_select_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        sel: &str,
    ) -> fmt::Result {
        self.0
            .format_select_prompt_selection(f, &shown(prompt), &shown(sel))
    }

    fn format_multi_select_prompt(&self, f: &mut dyn fmt::Write, prompt: &str) -> fmt::Result {
        self.0.format_multi_select_prompt(f, &shown(prompt))
    }

    fn format_multi_select_prompt_selection(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        selections: &[&str],
    ) -> fmt::Result {
        let shown_all: Vec<_> = selections.iter().map(|s| shown(s)).collect();
        let refs: Vec<&str> = shown_all.iter().map(AsRef::as_ref).collect();
        self.0
            .format_multi_select_prompt_selection(f, &shown(prompt), &refs)
    }

    fn format_select_prompt_item(
        &self,
        f: &mut dyn fmt::Write,
        text: &str,
        active: bool,
    ) -> fmt::Result {
        self.0.format_select_prompt_item(f, &shown(text), active)
    }

    fn format_multi_select_prompt_item(
        &self,
        f: &mut dyn fmt::Write,
        text: &str,
        checked: bool,
        active: bool,
    ) -> fmt::Result {
        self.0
            .format_multi_select_prompt_item(f, &shown(text), checked, active)
    }

    fn format_fuzzy_select_prompt(
        &self,
        f: &mut dyn fmt::Write,
        prompt: &str,
        search_term: &str,
        bytes_pos: usize,
    ) -> fmt::Result {
        // The cursor stays after the same typed characters once escaped.
        let before = search_term.get(..bytes_pos).unwrap_or(search_term);
        let term = shown(search_term);
        self.0
            .format_fuzzy_select_prompt(f, &shown(prompt), &term, shown(before).len())
    }
}

/// Whether prompts can be shown: stdin and stderr are terminals.
pub fn interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// Colour in prompts follows `--color` and NO_COLOR like the output does
/// (auto: only on a terminal and without NO_COLOR).
pub fn use_color(choice: crate::cli::ColorChoice) {
    use crate::cli::ColorChoice;
    let on = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stderr().is_terminal()
        }
    };
    dialoguer::console::set_colors_enabled(on);
    dialoguer::console::set_colors_enabled_stderr(on);
}

/// Installs the Ctrl-C handler: restore the cursor, leave with 130.
pub fn on_interrupt_exit() {
    let _ = ctrlc::set_handler(|| {
        let _ = Term::stderr().show_cursor();
        eprintln!();
        std::process::exit(i32::from(INTERRUPTED));
    });
}

/// Names the edition in use (and the game, if set) on one line before the
/// first question; when the edition is only the UI language's default, a
/// second line says so and how to set it for the event.
pub fn edition_header(ctx: &crate::ctx::Ctx) {
    let title = ctx
        .store
        .book(&ctx.edition)
        .map(|b| b.title().to_string())
        .unwrap_or_default();
    let mut line = ctx.ui.f(
        "settings.header",
        &[("title", &title), ("edition", &ctx.edition)],
    );
    if let Some(game) = ctx.game {
        let id = floor::settings::game_id(game);
        line.push_str(&format!(" · {}", ctx.ui.t(&format!("choices.{id}"))));
    }
    // Everything written here is made visible first (a house title, a
    // `--data` UI text): only the prompt's own styles reach the terminal.
    let term = Term::stderr();
    let _ = term.write_line(&style(shown(&line)).bold().to_string());
    if let Some(hint) = ctx.edition_hint() {
        let _ = term.write_line(&style(shown(&hint)).dim().to_string());
    }
}

/// Asks questions on the terminal (stderr), in the UI language.
pub struct Prompter<'a> {
    ui: &'a Ui,
    incident: &'a str,
    all_questions: bool,
    theme: Escaping,
    term: Term,
}

impl<'a> Prompter<'a> {
    pub fn new(ui: &'a Ui, incident: &'a str, all_questions: bool) -> Self {
        Prompter {
            ui,
            incident,
            all_questions,
            theme: Escaping::default(),
            term: Term::stderr(),
        }
    }

    fn text(&self, question: &Question, field: &str) -> Option<String> {
        self.ui
            .get(&format!(
                "incidents.{}.q.{}.{field}",
                self.incident, question.id
            ))
            .map(|t| shown(t).into_owned())
    }

    fn choice_label(&self, question: &Question, value: &str) -> String {
        shown(&question.choice_label(self.ui, value)).into_owned()
    }
}

fn source_error(err: dialoguer::Error) -> WalkError {
    let dialoguer::Error::IO(io) = err;
    if io.kind() == std::io::ErrorKind::Interrupted {
        WalkError::Interrupted
    } else {
        WalkError::Source(
            Message::new(Msg::TerminalInput).nested("problem", floor::error::io_problem(&io)),
        )
    }
}

impl AnswerSource for Prompter<'_> {
    fn reply(&mut self, question: &Question, default: Option<&str>) -> Result<Reply, WalkError> {
        let prompt = self
            .text(question, "text")
            .unwrap_or_else(|| shown(&question.id).into_owned());
        if let Some(help) = self.text(question, "help") {
            let _ = self.term.write_line(&format!(
                "  {} {}",
                style(help).dim(),
                style(shown(self.ui.t("incident.back_hint"))).dim()
            ));
        }
        match question.kind {
            Kind::YesNo | Kind::Choice => {
                let values: Vec<String> = if question.kind == Kind::YesNo {
                    vec!["yes".into(), "no".into()]
                } else {
                    question.choices.clone()
                };
                let labels: Vec<String> = values
                    .iter()
                    .map(|v| match v.as_str() {
                        "yes" if question.kind == Kind::YesNo => {
                            shown(self.ui.t("incident.yes")).into_owned()
                        }
                        "no" if question.kind == Kind::YesNo => {
                            shown(self.ui.t("incident.no")).into_owned()
                        }
                        other => self.choice_label(question, other),
                    })
                    .collect();
                let start = default
                    .and_then(|d| {
                        let d = question.parse(d).ok()?.canonical();
                        values.iter().position(|v| *v == d)
                    })
                    .unwrap_or(0);
                let picked = Select::with_theme(&self.theme)
                    .with_prompt(prompt)
                    .items(&labels)
                    .default(start)
                    .interact_on_opt(&self.term)
                    .map_err(source_error)?;
                Ok(match picked.and_then(|i| values.get(i)) {
                    Some(v) => Reply::Value(v.clone()),
                    None => Reply::Back,
                })
            }
            Kind::MultiChoice => {
                // Space ticks, Enter confirms (none ticked is an answer
                // too), Esc goes back.
                let labels: Vec<String> = question
                    .choices
                    .iter()
                    .map(|c| self.choice_label(question, c))
                    .collect();
                let ticked: Vec<String> = default
                    .and_then(|d| question.parse(d).ok())
                    .map(|a| match a {
                        floor::engine::answer::Answer::Choices(c) => c,
                        _ => Vec::new(),
                    })
                    .unwrap_or_default();
                let defaults: Vec<bool> = question
                    .choices
                    .iter()
                    .map(|c| ticked.contains(c))
                    .collect();
                let picked = MultiSelect::with_theme(&self.theme)
                    .with_prompt(prompt)
                    .items(&labels)
                    .defaults(&defaults)
                    .interact_on_opt(&self.term)
                    .map_err(source_error)?;
                Ok(match picked {
                    Some(indices) => {
                        let values: Vec<&str> = indices
                            .iter()
                            .filter_map(|i| question.choices.get(*i).map(String::as_str))
                            .collect();
                        Reply::Value(if values.is_empty() {
                            "none".into()
                        } else {
                            values.join(",")
                        })
                    }
                    None => Reply::Back,
                })
            }
            _ => {
                let may_be_empty = default.is_some() || question.optional;
                let mut input = Input::<String>::with_theme(&self.theme)
                    .with_prompt(prompt)
                    .allow_empty(may_be_empty);
                if let Some(d) = default {
                    input = input.default(d.to_string()).show_default(true);
                }
                let q = question.clone();
                let ui = self.ui;
                let raw = input
                    .validate_with(move |s: &String| -> Result<(), String> {
                        let s = s.trim();
                        if s.is_empty() || s == "<" {
                            return Ok(());
                        }
                        q.parse(s)
                            .map(|_| ())
                            .map_err(|e| shown(&e.0.render(ui)).into_owned())
                    })
                    .interact_text_on(&self.term)
                    .map_err(source_error)?;
                let raw = raw.trim();
                Ok(match raw {
                    "<" => Reply::Back,
                    "" => Reply::Default,
                    value => Reply::Value(value.to_string()),
                })
            }
        }
    }

    fn rejected(
        &mut self,
        _question: &Question,
        value: &str,
        problem: &floor::message::Message,
    ) -> Result<(), WalkError> {
        let problem = problem.render(self.ui);
        let _ = self.term.write_line(&format!(
            "  {} `{}`: {}",
            style("✗").red(),
            shown(value),
            shown(&problem)
        ));
        Ok(())
    }

    fn asks_details(&self) -> bool {
        self.all_questions
    }
}

/// Shows why the ruling refused an answer, before that question is asked
/// again.
pub fn refused(problem: &str) {
    let _ = Term::stderr().write_line(&format!("  {} {}", style("✗").red(), shown(problem)));
}

/// The menu of `floor` run on a terminal without a command: what to do,
/// then what the chosen command needs. `None` on Esc.
pub fn menu(ui: &Ui) -> Result<Option<crate::cli::Command>, WalkError> {
    use crate::cli::Command;
    let theme = Escaping::default();
    let term = Term::stderr();
    let items = ["incident", "rule", "search", "compare", "editions"];
    let labels: Vec<String> = items
        .iter()
        .map(|i| shown(ui.t(&format!("menu.{i}"))).into_owned())
        .collect();
    let Some(choice) = Select::with_theme(&theme)
        .with_prompt(shown(ui.t("menu.prompt")))
        .items(&labels)
        .default(0)
        .interact_on_opt(&term)
        .map_err(source_error)?
    else {
        return Ok(None);
    };
    let ask = |key: &str| -> Result<String, WalkError> {
        Input::<String>::with_theme(&theme)
            .with_prompt(shown(ui.t(key)))
            .interact_text_on(&term)
            .map_err(source_error)
    };
    Ok(Some(
        match items.get(choice).copied().unwrap_or("editions") {
            "incident" => Command::Incident {
                id: None,
                list: false,
                answers: Vec::new(),
                answers_file: None,
                hand: None,
                at: None,
                all_questions: false,
                table: None,
                note: None,
                help: false,
            },
            "rule" => Command::Rule {
                query: ask("menu.rule_query")?,
                all: false,
            },
            "search" => Command::Search {
                query: vec![ask("menu.search_query")?],
                limit: 10,
                all_editions: false,
            },
            "compare" => Command::Compare {
                a: Some(ask("menu.compare_a")?),
                b: Some(ask("menu.compare_b")?),
                concept: None,
                diff: false,
                all: false,
                format: crate::cli::CompareFormat::Text,
            },
            _ => Command::Editions,
        },
    ))
}

/// What was taken in the incident picker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// An incident, by id.
    Incident(String),
    /// A topic described only as a procedure, by slug: its rule is quoted.
    Rule(String),
}

/// Lets the user pick an incident: type to filter (see
/// `floor::engine::pick`), arrows to move, Enter to take, Esc to leave
/// (`None`). Words that name a procedure topic better than any incident
/// lead with that topic, which Enter quotes.
pub fn pick_incident(
    ui: &Ui,
    choices: &[floor::engine::pick::Choice],
    procedures: &[floor::engine::pick::Procedure],
    lexicon: &floor::rules::lexicon::Lexicon,
    vocab: &floor::rules::search::Vocab,
) -> Result<Option<Picked>, WalkError> {
    use dialoguer::console::Key;
    use dialoguer::theme::Theme;
    use floor::engine::pick::listing;
    let theme = Escaping::default();
    let term = Term::stderr();
    let io = |e: std::io::Error| source_error(dialoguer::Error::IO(e));
    // The list fits under the lines above it (the edition header, the
    // prompt), so it can be redrawn in place.
    let (height, width) = term.size();
    let rows = usize::from(height).saturating_sub(6).clamp(3, 15);
    let width = usize::from(width).saturating_sub(4).max(20);
    let mut typed = String::new();
    let mut active = 0usize;
    let mut drawn = 0usize;
    let _ = term.hide_cursor();
    let picked = loop {
        let found = listing(choices, procedures, &typed, lexicon, vocab);
        let listed: Vec<(String, Picked)> = found
            .procedure
            .and_then(|i| procedures.get(i))
            .map(|p| {
                let label = ui.f(
                    "incident.pick_rule",
                    &[("topic", &p.title), ("slug", &p.slug)],
                );
                (label, Picked::Rule(p.slug.clone()))
            })
            .into_iter()
            .chain(found.incidents.iter().filter_map(|&i| {
                let choice = choices.get(i)?;
                let label = format!("{}  ({})", choice.title, choice.id);
                Some((label, Picked::Incident(choice.id.clone())))
            }))
            .collect();
        active = active.min(listed.len().saturating_sub(1));
        let mut screen = String::new();
        let _ = theme.format_fuzzy_select_prompt(
            &mut screen,
            &shown(ui.t("incident.pick")),
            &typed,
            typed.len(),
        );
        let first = active.saturating_sub(rows - 1);
        for (row, (label, _)) in listed.iter().enumerate().skip(first).take(rows) {
            screen.push('\n');
            // One line per item, or the list is not redrawn in place.
            let label = shown(label);
            let label = dialoguer::console::truncate_str(&label, width, "…");
            let _ = theme.format_select_prompt_item(&mut screen, &label, row == active);
        }
        if drawn > 0 {
            term.clear_last_lines(drawn).map_err(io)?;
        }
        term.write_line(&screen).map_err(io)?;
        drawn = screen.lines().count();
        match term.read_key().map_err(io)? {
            Key::Enter => {
                if let Some((_, taken)) = listed.get(active) {
                    break Some(taken.clone());
                }
            }
            Key::Escape => break None,
            Key::ArrowUp => active = active.saturating_sub(1),
            Key::ArrowDown => active = (active + 1).min(listed.len().saturating_sub(1)),
            Key::Backspace => {
                typed.pop();
                active = 0;
            }
            Key::Char('\u{3}') => {
                let _ = term.show_cursor();
                return Err(WalkError::Interrupted);
            }
            Key::Char(c) if !c.is_control() => {
                typed.push(c);
                active = 0;
            }
            _ => {}
        }
    };
    term.clear_last_lines(drawn).map_err(io)?;
    let _ = term.show_cursor();
    Ok(picked)
}

#[cfg(test)]
mod tests {
    use super::Escaping;
    use dialoguer::theme::Theme;

    /// Every text a prompt draws, from data or typed, is drawn escaped.
    #[test]
    fn the_prompt_theme_draws_hidden_characters_as_escapes() {
        let hostile = "a\u{1b}]0;PWNED\u{7}\u{1b}[2Jb\u{202e}c";
        let theme = Escaping::default();
        type Draw<'a> = Box<dyn Fn(&mut String) -> std::fmt::Result + 'a>;
        let drawn: [Draw<'_>; 8] = [
            Box::new(|f| theme.format_prompt(f, hostile)),
            Box::new(|f| theme.format_error(f, hostile)),
            Box::new(|f| theme.format_input_prompt(f, hostile, Some(hostile))),
            Box::new(|f| theme.format_input_prompt_selection(f, hostile, hostile)),
            Box::new(|f| theme.format_select_prompt_selection(f, hostile, hostile)),
            Box::new(|f| theme.format_select_prompt_item(f, hostile, true)),
            Box::new(|f| theme.format_multi_select_prompt_selection(f, hostile, &[hostile])),
            Box::new(|f| theme.format_fuzzy_select_prompt(f, hostile, hostile, 3)),
        ];
        for draw in drawn {
            let mut out = String::new();
            draw(&mut out).expect("drawn");
            assert!(out.contains("\\u{1b}]0;PWNED\\u{7}"), "{out:?}");
            assert!(
                !out.contains('\u{7}') && !out.contains('\u{202e}') && !out.contains("\u{1b}]"),
                "{out:?}"
            );
        }
    }
}
