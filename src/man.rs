//! Manual pages generated from the command-line definition: one per
//! command and subcommand (`floor.1`, `floor-incident.1`,
//! `floor-log-show.1`...), each with the sections a man page reader looks
//! for — EXAMPLES (from the same examples `--help` shows), EXIT STATUS,
//! ENVIRONMENT, FILES, SEE ALSO — and references only to pages generated
//! here.

use clap::{Command, CommandFactory};
use clap_mangen::Man;
use roff::{Roff, bold, roman};

use crate::cli::Cli;

/// Every page, parents first: (file name, its command).
pub fn pages() -> Vec<(String, Command)> {
    let mut root = Cli::command();
    root.build();
    let mut out = Vec::new();
    collect(&root, &mut out);
    out
}

fn collect(cmd: &Command, out: &mut Vec<(String, Command)>) {
    out.push((format!("{}.1", display_name(cmd)), cmd.clone()));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect(sub, out);
    }
}

fn display_name(cmd: &Command) -> String {
    cmd.get_display_name().unwrap_or(cmd.get_name()).to_string()
}

/// The page of the command named by `path` (empty: `floor` itself).
pub fn page_for(path: &[String]) -> Option<Vec<u8>> {
    let name = std::iter::once("floor".to_string())
        .chain(path.iter().cloned())
        .collect::<Vec<_>>()
        .join("-");
    pages()
        .into_iter()
        .find(|(file, _)| *file == format!("{name}.1"))
        .map(|(_, cmd)| render(&cmd))
}

/// One page in roff.
pub fn render(cmd: &Command) -> Vec<u8> {
    let name = display_name(cmd);
    let man = Man::new(cmd.clone())
        .title(name.clone())
        .source(format!("floor {}", env!("CARGO_PKG_VERSION")))
        .manual("floor manual");
    let (notes, examples) = split_after_help(cmd);
    let mut page = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = man.render_title(&mut page);
    let _ = man.render_name_section(&mut page);
    let _ = man.render_synopsis_section(&mut page);
    let mut roff = Roff::new();
    roff.control("SH", ["DESCRIPTION"]);
    let about = cmd
        .get_long_about()
        .or(cmd.get_about())
        .map(ToString::to_string)
        .unwrap_or_default();
    roff.text([roman(about)]);
    for paragraph in notes.split("\n\n").filter(|p| !p.trim().is_empty()) {
        roff.control("PP", []);
        roff.text([roman(
            paragraph.split_whitespace().collect::<Vec<_>>().join(" "),
        )]);
    }
    roff.to_writer(&mut page).ok();
    let _ = man.render_options_section(&mut page);
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        let _ = man.render_subcommands_section(&mut page);
    }
    let mut roff = Roff::new();
    if !examples.is_empty() {
        roff.control("SH", ["EXAMPLES"]);
        for (command, what) in &examples {
            match what {
                Some(what) => {
                    roff.control("TP", []);
                    roff.text([bold(command.as_str())]);
                    roff.text([roman(what.as_str())]);
                }
                None => {
                    roff.control("PP", []);
                    roff.text([bold(command.as_str())]);
                }
            }
        }
    }
    definitions(&mut roff, "EXIT STATUS", EXIT_STATUS);
    definitions(&mut roff, "ENVIRONMENT", ENVIRONMENT);
    definitions(&mut roff, "FILES", FILES);
    roff.control("SH", ["SEE ALSO"]);
    roff.text([roman(see_also(&name).join(", "))]);
    roff.to_writer(&mut page).ok();
    if cmd.get_version().is_some() {
        let _ = man.render_version_section(&mut page);
    }
    page
}

fn definitions(roff: &mut Roff, section: &str, items: &[(&str, &str)]) {
    roff.control("SH", [section]);
    for (term, text) in items {
        roff.control("TP", []);
        roff.text([bold(*term)]);
        roff.text([roman(*text)]);
    }
}

/// The pages above this one (`floor-log(1)`, `floor(1)` for
/// `floor-log-show`), or the subcommands' pages for `floor` itself.
fn see_also(name: &str) -> Vec<String> {
    let parts: Vec<&str> = name.split('-').collect();
    if parts.len() == 1 {
        return pages()
            .into_iter()
            .skip(1)
            .map(|(file, _)| format!("{}(1)", file.trim_end_matches(".1")))
            .collect();
    }
    // Page names are joined with '-', and so are some command names
    // (none today): take only the names that exist.
    let existing: Vec<String> = pages()
        .into_iter()
        .map(|(file, _)| file.trim_end_matches(".1").to_string())
        .collect();
    (1..parts.len())
        .rev()
        .map(|n| parts[..n].join("-"))
        .filter(|p| existing.contains(p))
        .map(|p| format!("{p}(1)"))
        .collect()
}

/// A command's after-help split into its notes and its examples (the lines
/// after `Examples:`, each a command and, after two spaces, what it does).
fn split_after_help(cmd: &Command) -> (String, Vec<(String, Option<String>)>) {
    let text = cmd
        .get_after_help()
        .map(ToString::to_string)
        .unwrap_or_default();
    let (notes, examples) = match text.split_once("Examples:") {
        Some((notes, examples)) => (notes.to_string(), examples),
        None => (text.clone(), ""),
    };
    let examples = examples
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|line| match line.split_once("  ") {
            Some((command, what)) => (command.trim().to_string(), Some(what.trim().to_string())),
            None => (line.to_string(), None),
        })
        .collect();
    (notes, examples)
}

const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "Success."),
    (
        "1",
        "A failure that is not the input's: a file could not be written or read, the terminal failed.",
    ),
    (
        "2",
        "Bad input or data: an unknown edition, rule, concept or incident, a malformed amount, a \
         missing answer, an invalid settings, house or data file, a command-line usage error. The \
         one-line message names the input and how to fix it.",
    ),
    (
        "130",
        "The walkthrough was interrupted (Ctrl-C); nothing was logged.",
    ),
];

const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "FLOOR_RULES",
        "The edition in use, as --rules (which wins over it).",
    ),
    ("FLOOR_HOUSE", "A house overlay file, as --house."),
    ("FLOOR_LANG", "The UI language (en, nl, de, sk), as --lang."),
    ("FLOOR_LOG", "The incident log file, as --log."),
    (
        "FLOOR_GAME",
        "The game played at the event (no-limit, pot-limit, limit), as --game.",
    ),
    (
        "FLOOR_CONFIG",
        "The settings file to read instead of the default one (see FILES).",
    ),
    (
        "XDG_CONFIG_HOME, HOME",
        "Where the default settings file is looked for.",
    ),
    (
        "LC_ALL, LC_MESSAGES, LANG",
        "The UI language when no option, variable or settings file names one: the first that is \
         set decides; English if it names none of en, nl, de, sk. The edition in use then \
         defaults to that language's newest, and the walkthrough says so.",
    ),
    (
        "FLOOR_PAGER, PAGER",
        "The pager for long listings (compare, rule --all, log show) on a terminal; less if \
         neither is set; empty or cat for none. LESS defaults to FRX.",
    ),
    (
        "NO_COLOR",
        "When set and not empty, no colour unless --color always.",
    ),
    (
        "COLUMNS",
        "The width of tables and wrapped text (at most 100 columns).",
    ),
    ("TZ", "The time zone log show uses for local times."),
    (
        "COMPLETE",
        "Set by the shell code of floor completions when it asks floor for completions.",
    ),
];

const FILES: &[(&str, &str)] = &[
    (
        "$XDG_CONFIG_HOME/floor/config.yaml, ~/.config/floor/config.yaml",
        "The settings file: a YAML map with the keys rules, house, lang, log and game. Paths in it \
         are taken from its own directory. Settings, highest first: options, FLOOR_* variables, \
         this file, the defaults; floor config shows which is in force.",
    ),
    (
        "the incident log (--log, FLOOR_LOG, log:)",
        "One JSON object per line: time (UTC), edition, incident, answers, outcome, amounts, \
         citations, and table and note when given. Appended under a lock and flushed to disk.",
    ),
];
