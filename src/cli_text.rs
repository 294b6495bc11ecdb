//! The command line's own help in the UI language. English is written once,
//! on the clap types in `cli`; the other languages translate it in
//! `cli.*` of their `ui.yaml`, keyed by the command tree:
//!
//! - `cli.<path>.about`, `.long_about`, `.after_help` for a command (`path`
//!   is `floor`, then each subcommand's name: `floor.log.show`);
//! - `cli.<path>.args.<id>` for an argument: its whole help, defaults and
//!   values included (clap's own English `[default: …]` and `Possible
//!   values` are then left out);
//! - `cli.heading.*` for the section headings.
//!
//! [`expected_keys`] lists every key a language must have; `floor check`
//! and a test compare it with each translation.

use clap::{Arg, ArgAction, Command};
use floor::ui::Lang;
use floor::ui::Ui;

/// The headings clap prints, and the help of the flags it adds itself.
const HEADINGS: &[&str] = &[
    "usage",
    "arguments",
    "options",
    "commands",
    "help",
    "version",
];

/// The command line whose help is in `ui`'s language.
pub fn command(ui: &Ui) -> Command {
    let root = <crate::cli::Cli as clap::CommandFactory>::command();
    if ui.lang == Lang::En {
        return root;
    }
    translate(root, "floor", ui)
}

/// The command line with its help in `lang` (the built-in texts).
pub fn command_for(lang: Lang) -> Command {
    match Ui::load(&floor::data::DataSource::Embedded, lang) {
        Ok(ui) => command(&ui),
        Err(_) => <crate::cli::Cli as clap::CommandFactory>::command(),
    }
}

/// Every `cli.*` key a translation must have, from the command tree.
pub fn expected_keys() -> Vec<String> {
    let mut keys: Vec<String> = HEADINGS
        .iter()
        .map(|h| format!("cli.heading.{h}"))
        .collect();
    let root = <crate::cli::Cli as clap::CommandFactory>::command();
    walk(&root, "floor", &mut keys);
    keys.sort();
    keys
}

fn walk(cmd: &Command, path: &str, keys: &mut Vec<String>) {
    if cmd.get_about().is_some() {
        keys.push(format!("cli.{path}.about"));
    }
    if cmd.get_long_about().is_some() {
        keys.push(format!("cli.{path}.long_about"));
    }
    if cmd.get_after_help().is_some() {
        keys.push(format!("cli.{path}.after_help"));
    }
    for arg in cmd.get_arguments().filter(|a| translated(a)) {
        keys.push(format!("cli.{path}.args.{}", arg.get_id()));
    }
    for sub in cmd.get_subcommands() {
        walk(sub, &format!("{path}.{}", sub.get_name()), keys);
    }
}

/// Arguments with help of their own (clap adds its -h and -V when the
/// command is built, after this).
fn translated(arg: &Arg) -> bool {
    arg.get_help().is_some()
}

fn translate(mut cmd: Command, path: &str, ui: &Ui) -> Command {
    let text = |key: &str| ui.get(&format!("cli.{path}.{key}")).map(str::to_string);
    if let Some(t) = text("about") {
        cmd = cmd.about(t);
    }
    if let Some(t) = text("long_about") {
        cmd = cmd.long_about(t);
    }
    if let Some(t) = text("after_help") {
        cmd = cmd.after_help(t);
    }
    let heading = |h: &str| ui.t(&format!("cli.heading.{h}")).to_string();
    let (arguments, options) = (heading("arguments"), heading("options"));
    cmd = cmd.mut_args(|arg| {
        let positional = arg.is_positional();
        let mut arg = match ui.get(&format!("cli.{path}.args.{}", arg.get_id())) {
            Some(t) if translated(&arg) => {
                let takes_value = arg.get_action().takes_values();
                let arg = arg.help(t.to_string()).long_help(None::<&str>);
                if takes_value {
                    arg.hide_default_value(true).hide_possible_values(true)
                } else {
                    arg
                }
            }
            _ => arg,
        };
        arg = arg.help_heading(if positional { &arguments } else { &options }.clone());
        arg
    });
    // clap's own -h and -V, in the language.
    let has_help = cmd.get_arguments().any(|a| a.get_id() == "help");
    if !has_help {
        cmd = cmd.disable_help_flag(true).arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .display_order(usize::MAX - 1)
                .help(heading("help"))
                .help_heading(options.clone()),
        );
    }
    if path == "floor" {
        cmd = cmd.disable_version_flag(true).arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .display_order(usize::MAX)
                .help(heading("version"))
                .help_heading(options.clone()),
        );
    }
    cmd = cmd
        .subcommand_help_heading(heading("commands"))
        .help_template(format!(
            "{{before-help}}{{about-with-newline}}\n{}: {{usage}}\n\n{{all-args}}{{after-help}}",
            heading("usage")
        ));
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let sub_path = format!("{path}.{name}");
        cmd = cmd.mut_subcommand(&name, |sub| translate(sub, &sub_path, ui));
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;
    use floor::data::DataSource;

    /// Every translation has exactly the keys the command tree needs, and
    /// its help parses the same command lines as the English one.
    #[test]
    fn every_language_translates_the_whole_command_line() {
        let expected = expected_keys();
        assert!(expected.len() > 40, "{expected:?}");
        for lang in [Lang::Nl, Lang::De, Lang::Sk] {
            let ui = Ui::load(&DataSource::Embedded, lang).expect("ui");
            let have: Vec<String> = ui
                .keys()
                .filter(|k| k.starts_with("cli."))
                .map(str::to_string)
                .collect();
            assert_eq!(have, expected, "{lang:?}");
            let mut cmd = command(&ui);
            cmd.build();
            cmd.debug_assert();
            let parsed = command(&ui)
                .try_get_matches_from(["floor", "search", "chip", "race", "--limit", "3"])
                .expect("parses");
            assert!(parsed.subcommand_matches("search").is_some());
        }
    }
}
