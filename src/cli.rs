//! The command-line definition: clap types only. `app` turns them into
//! requests; nothing below this module sees clap.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};
use clap_complete::engine::ArgValueCompleter;
use floor::message::{Message, Msg};
use floor::ui::Lang;

const EXAMPLES: &str = "\
Examples:
  floor incident bet --rules onk-2023-nl   rule on a bet, cited in ONK 2023 numbering
  floor rule 43 --rules pokerpunt-nl       Pokerpunt's rule 43
  floor rule raise-amounts --all           the same topic in every edition
  floor search \"vier kaarten\"              ranked matches, any language
  floor compare onk-2023-nl pokerpunt-nl   what differs between two editions
  floor check                              validate the rule data";

const HAND_HELP: &str = "\
The compact notation (one line per item, # starts a comment):
  NL 100/200 ante 25 button 6                   game (NL, PL, FL) SB/BB [ante N | bbante N] button SEAT
  1:5000 2:12000 3:800 4:20000 5:7000 6:9000    the players clockwise, SEAT:STACK (SEAT:? if unknown)
  pre: 3 r600, 4 c, 5 f, 6 r1600, 1 f, 2 c      each round: SEAT ACTION, in order, by commas
  flop: 2 x, 4 b1000, 6 f, 2 c                  (also turn:, river:)
  win: 2                                        the winners, main pot first, pots split by |
Actions (b, r and a amounts are the player's total for the round; the others, the chips put
out or said in that action):
  f fold, x check, c call, b1000 bet to 1000, r1600 raise to 1600, a all-in (a2400 to 2400);
  c300 only 300 put out to call (an undercall), p1400 1400 in chips put out silently,
  o5000 one 5000 chip put out silently, m1000+500 several chips at once, s1400 a number said
  alone, r600+600 \"raise\" said and the chips put out in two motions.
Antes are dead money in the main pot unless a PHH record trims them (ante_trimming_status).
In the table and in --json, to call and the minimum raise-to are totals for the round (what
the player's chips in front must reach), not the chips to add; --at N (1 to one past the last
action) shows the state before action N as a card (one hand only).

Examples:
  floor hand hand.txt --rules tda-2019-sk
  floor hand hand.phh --json
  floor hand hands/ --json                       every hand of a directory, one JSON line a hand
  floor hand hand.txt --at 7
  printf 'NL 100/200 button 2\\n1:5000 2:5000\\npre: 2 c, 1 x\\n' | floor hand -";

/// Poker tournament floor rulings: guided incidents, rule lookup and edition
/// comparison, cited in the rulebook edition the event plays under.
#[derive(Debug, Parser)]
#[command(
    name = "floor",
    version = concat!(env!("CARGO_PKG_VERSION"), " (rule editions: ", env!("FLOOR_EDITIONS"), ")"),
    after_help = EXAMPLES,
    max_term_width = 100,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Options every subcommand accepts, before or after it.
#[derive(Debug, Args)]
pub struct Global {
    /// UI language [env: FLOOR_LANG] [default: from LC_ALL/LC_MESSAGES/LANG, else en]
    #[arg(long, global = true, value_parser = parse_lang, value_name = "en|nl|de|sk",
        add = ArgValueCompleter::new(crate::complete::languages))]
    pub lang: Option<Lang>,
    /// Rulebook edition in use [env: FLOOR_RULES] [default: the newest in the UI language]
    #[arg(long, global = true, value_name = "EDITION",
        add = ArgValueCompleter::new(crate::complete::editions))]
    pub rules: Option<String>,
    /// House overlay: a YAML file that extends a bundled edition; it becomes the edition in use [env: FLOOR_HOUSE]
    #[arg(long, global = true, value_name = "FILE", value_hint = ValueHint::FilePath,
        add = ArgValueCompleter::new(crate::complete::files))]
    pub house: Option<PathBuf>,
    /// Load the data tree (locales/, rulings/) from DIR instead of the built-in one
    #[arg(long, global = true, value_name = "DIR", value_hint = ValueHint::DirPath,
        add = ArgValueCompleter::new(crate::complete::dirs))]
    pub data: Option<PathBuf>,
    /// Machine-readable JSON on stdout
    #[arg(long, global = true)]
    pub json: bool,
    /// Incident log: rulings are appended to it, `floor log show` reads it [env: FLOOR_LOG]
    #[arg(long, global = true, value_name = "FILE", value_hint = ValueHint::FilePath,
        add = ArgValueCompleter::new(crate::complete::files))]
    pub log: Option<PathBuf>,
    /// The game played at the event [env: FLOOR_GAME]
    #[arg(long, global = true, value_enum, value_name = "GAME")]
    pub game: Option<GameArg>,
    /// When to use colour, in output and prompts (NO_COLOR is honoured in auto)
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Print long output (compare, rule --all, log show) straight to the terminal, not through the pager (FLOOR_PAGER, else PAGER, else less)
    #[arg(long, global = true)]
    pub no_pager: bool,
}

impl Global {
    /// The settings given on the command line.
    pub fn given(&self) -> floor::settings::Given {
        floor::settings::Given {
            lang: self.lang,
            rules: self.rules.clone(),
            house: self.house.clone(),
            log: self.log.clone(),
            game: self.game.map(GameArg::game),
        }
    }
}

/// `--game` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// No-limit.
    NoLimit,
    /// Pot-limit.
    PotLimit,
    /// Fixed limit.
    Limit,
}

impl GameArg {
    fn game(self) -> floor::poker::Game {
        use floor::poker::Game;
        match self {
            GameArg::NoLimit => Game::NoLimit,
            GameArg::PotLimit => Game::PotLimit,
            GameArg::Limit => Game::Limit,
        }
    }
}

/// `compare --format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    /// Text with tables, for the terminal.
    Text,
    /// Markdown, to print or pin at the floor desk.
    Markdown,
}

/// `--color` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when stdout is a terminal and NO_COLOR is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the rulebook editions
    #[command(after_help = "Examples:\n  floor editions\n  floor editions --json")]
    Editions,
    /// Show a rule by number or concept
    #[command(
        after_help = "Examples:\n  floor rule 43 --rules pokerpunt-nl\n  floor rule 43-A\n  \
        floor rule RP-5 --rules onk-2023-nl\n  floor rule MEC-2 --rules onk-2023-nl\n  \
        floor rule raise-amounts --all --json"
    )]
    Rule {
        /// Rule number (43, 43A, 43-A, RP-5, OP5, MEC-2) or concept slug (raise-amounts)
        #[arg(value_name = "NUMBER|CONCEPT", add = ArgValueCompleter::new(crate::complete::concepts))]
        query: String,
        /// Show that concept in every edition
        #[arg(long)]
        all: bool,
    },
    /// Search the rules by topic (words, floor terms, any of the four languages)
    #[command(
        after_help = "Examples:\n  floor search \"vier kaarten\"\n  floor search Höhe\n  \
        floor search ziva ruka\n  floor search Uhr --rules tda-2015-de\n  \
        floor search \"string bet\" --all-editions --limit 5"
    )]
    Search {
        /// Words to find
        #[arg(required = true, value_name = "QUERY")]
        query: Vec<String>,
        /// At most this many results
        #[arg(long, default_value_t = 10, value_parser = count)]
        limit: u16,
        /// Search every edition, not just the one in use
        #[arg(long)]
        all_editions: bool,
    },
    /// Rule on an incident: guided questions, or answers given as KEY=VALUE
    #[command(
        disable_help_flag = true,
        after_help = "Examples:\n  floor incident                                   pick from the list\n  \
        floor incident bet --rules onk-2023-nl\n  \
        floor incident clock --answer facing_bet=yes --json\n  \
        floor incident unclear-bet --answer pot=5000 --answer declared_number=5 --answer big_blind=400\n  \
        floor incident split-pot --answers hand.yaml --log rulings.jsonl\n  \
        floor incident bet --help                        bet's answer keys, kinds and defaults\n  \
        floor incident --list"
    )]
    Incident {
        /// The incident (see --list)
        #[arg(value_name = "ID", add = ArgValueCompleter::new(crate::complete::incidents))]
        id: Option<String>,
        /// List the incidents
        #[arg(long, conflicts_with = "id")]
        list: bool,
        /// An answer, KEY=VALUE (repeatable); never prompts when given
        #[arg(long = "answer", value_name = "KEY=VALUE", value_parser = answer,
            add = ArgValueCompleter::new(crate::complete::answer_keys))]
        answers: Vec<(String, String)>,
        /// Answers from a YAML file (a map KEY: VALUE); --answer overrides it
        #[arg(long = "answers", value_name = "FILE", value_hint = ValueHint::FilePath,
            add = ArgValueCompleter::new(crate::complete::files))]
        answers_file: Option<PathBuf>,
        /// Start a betting incident from a hand file (PHH or the compact notation of
        /// `floor hand`): the round as played up to the player to act answers the questions
        /// about it
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath,
            add = ArgValueCompleter::new(crate::complete::files))]
        hand: Option<PathBuf>,
        /// With --hand: the situation before action N (default: after the last action)
        #[arg(long, value_name = "N", requires = "hand",
            value_parser = count)]
        at: Option<u16>,
        /// Also ask the detail questions that have defaults
        #[arg(long)]
        all_questions: bool,
        /// The table of the incident, recorded with the ruling in the log
        #[arg(long, value_name = "ID")]
        table: Option<String>,
        /// A note recorded with the ruling in the log
        #[arg(long, value_name = "TEXT")]
        note: Option<String>,
        /// Print help; with an ID, also that incident's answer keys
        #[arg(short = 'h', long = "help", action = clap::ArgAction::SetTrue)]
        help: bool,
    },
    /// Replay whole hands under the edition's rules, ruling every step
    #[command(
        long_about = "Replay whole hands under the edition's rules, ruling every step.\n\n\
        Reads PHH hand histories (the open format: every variant of its specification, hold'em, \
        Omaha hi-lo, stud, razz, the draw games; amounts as published, dollars and cents included), \
        PHHS files of many hands, directories of them, or the compact notation below; - reads \
        standard input. Every action is checked: whose turn it was, the amount to call, the minimum \
        raise-to, the pot-limit maximum and whether betting was re-opened; an irregular action gets \
        the ruling of its incident, cited in the edition in use, and the replay goes on from the \
        action as ruled; an action the record leaves out is said, and the player taken to have \
        folded. At the end: the pots with the players who may win each, who won them as the record \
        states it (winnings after rake, final stacks), and every player's stack. Several hands are \
        reported one by one (with --json, one JSON object a line); a hand that cannot be replayed is \
        reported and the others go on, and the exit status is 2 when any was refused.",
        after_help = HAND_HELP
    )]
    Hand {
        /// Hand files (PHH, PHHS, or the compact notation), directories of them; - for
        /// standard input
        #[arg(value_name = "FILE", value_hint = ValueHint::AnyPath, required = true, num_args = 1..,
            add = ArgValueCompleter::new(crate::complete::paths))]
        files: Vec<PathBuf>,
        /// The state before action N and the options of the player to act
        #[arg(long, value_name = "N", value_parser = count)]
        at: Option<u16>,
    },
    /// Compare two editions or house overlays: what changes a ruling first, then what else differs
    #[command(after_help = "Examples:\n  floor compare onk-2023-nl pokerpunt-nl\n  \
        floor compare onk-2023-nl dpc-2019-en --all\n  \
        floor compare onk-2023-nl pokerpunt-nl --concept calling-clock\n  \
        floor compare tda-2015-de tda-2019-sk --json\n  \
        floor compare onk-2023-nl pokerpunt-nl --format markdown > floor-desk.md\n  \
        floor compare club-2023.yaml club-2024.yaml          two versions of a house's rules\n  \
        floor compare --house examples/club-clock-40.yaml    what the house changed, with warnings")]
    Compare {
        /// First edition, or a house overlay file
        #[arg(add = ArgValueCompleter::new(crate::complete::editions_or_overlays))]
        a: Option<String>,
        /// Second edition, or a house overlay file (left out with --house: the house edition)
        #[arg(add = ArgValueCompleter::new(crate::complete::editions_or_overlays))]
        b: Option<String>,
        /// Only this topic: a concept, or a rule number of the first edition (of the second where the first has none); sentence by sentence where the languages match
        #[arg(long, value_name = "CONCEPT|NUMBER", add = ArgValueCompleter::new(crate::complete::concepts))]
        concept: Option<String>,
        /// Sentence-by-sentence word diffs of the rules listed (same language only)
        #[arg(long)]
        diff: bool,
        /// Also list the topics that differ in wording only, and the parameters that agree
        #[arg(long)]
        all: bool,
        /// How to write the report for people (--json for scripts)
        #[arg(long, value_enum, default_value_t = CompareFormat::Text)]
        format: CompareFormat,
    },
    /// Read a room's rulebook (plain text or Markdown) into an edition, with a report of what needs a person
    #[command(
        after_help = "Examples:\n  floor import rules.txt                                the report only\n  \
        floor import rules.txt --out club --id club-2025-nl    a data tree with the edition: floor --data club\n  \
        floor --data club import rules-2026.txt --base club-2025-nl --out club-2026.yaml\n  \
        floor --data club compare club-2025-nl club-2026.yaml  what the new season changed\n  \
        floor import rules.txt --json"
    )]
    Import {
        /// The rulebook: plain text or Markdown, UTF-8
        #[arg(value_name = "FILE", value_hint = ValueHint::FilePath,
            add = ArgValueCompleter::new(crate::complete::files))]
        file: PathBuf,
        /// Write the edition: a data tree in DIR (new, empty or a data tree); with --base, the house overlay FILE
        #[arg(long, value_name = "DIR|FILE", value_hint = ValueHint::AnyPath,
            add = ArgValueCompleter::new(crate::complete::paths))]
        out: Option<PathBuf>,
        /// Only what differs from this edition (an earlier import, or a bundled edition), as a house overlay
        #[arg(long, value_name = "EDITION", add = ArgValueCompleter::new(crate::complete::editions))]
        base: Option<String>,
        /// The new edition's id [default: from the title and language]
        #[arg(long, value_name = "ID")]
        id: Option<String>,
        /// The new edition's title [default: the book's first line]
        #[arg(long, value_name = "TEXT")]
        title: Option<String>,
        /// Whose rules they are (the room or club)
        #[arg(long, value_name = "NAME")]
        room: Option<String>,
        /// The number prefix of house rules printed without a number [default: HR]
        #[arg(long, value_name = "PREFIX")]
        prefix: Option<String>,
        /// The book's language [default: told from its words]
        #[arg(long, value_parser = parse_lang, value_name = "en|nl|de|sk")]
        book_lang: Option<Lang>,
    },
    /// Print the shell code that completes floor's commands, options and values
    #[command(
        after_help = "The script calls floor back while completing (editions, incidents, answer keys\n\
        and their choices come from the binary): load it anew in each shell.\n\n\
        Examples:\n  echo 'source <(floor completions bash)' >> ~/.bashrc\n  \
        echo 'source <(floor completions zsh)' >> ~/.zshrc\n  \
        echo 'floor completions fish | source' >> ~/.config/fish/config.fish\n  \
        echo 'eval (floor completions elvish | slurp)' >> ~/.config/elvish/rc.elv\n  \
        floor completions powershell | Out-String | Invoke-Expression"
    )]
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff), or write every page to a directory
    #[command(
        after_help = "Examples:\n  floor man | man -l -\n  floor man incident > floor-incident.1\n  \
        floor man --out-dir ~/.local/share/man/man1      every page: floor.1, floor-incident.1, ..."
    )]
    Man {
        /// The command whose page to print (none: floor itself)
        #[arg(value_name = "COMMAND")]
        command: Vec<String>,
        /// Write every page (floor.1 and one per subcommand) into this directory
        #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath, conflicts_with = "command",
            add = ArgValueCompleter::new(crate::complete::dirs))]
        out_dir: Option<PathBuf>,
    },
    /// Read the incident log (--log FILE, FLOOR_LOG or the settings file)
    #[command(
        subcommand,
        after_help = "Examples:\n  floor log show --log rulings.jsonl\n  \
        FLOOR_LOG=rulings.jsonl floor log show --since 2h"
    )]
    Log(LogCommand),
    /// Show each setting in force and where it comes from
    #[command(
        after_help = "Settings, highest first: options; FLOOR_RULES, FLOOR_HOUSE, FLOOR_LANG, FLOOR_LOG, FLOOR_GAME;\n\
        the settings file (FLOOR_CONFIG, else $XDG_CONFIG_HOME/floor/config.yaml, else ~/.config/floor/config.yaml)\n\
        with the keys rules, house, lang, log, game.\n\n\
        Examples:\n  floor config\n  FLOOR_RULES=onk-2023-nl floor config --json"
    )]
    Config,
    /// Validate the rule data (schema, numbers, references, UI texts)
    #[command(after_help = "Examples:\n  floor check\n  floor check --data ./my-tree")]
    Check,
    /// Print this message or the help of the given subcommand(s)
    #[command(
        after_help = "Examples:\n  floor help incident\n  floor help log show\n  \
        floor help incident clock          the incident's answer keys"
    )]
    Help {
        /// The subcommand (and its subcommand, or an incident id)
        #[arg(value_name = "COMMAND")]
        command: Vec<String>,
    },
}

#[derive(Debug, Subcommand)]
#[command(arg_required_else_help = true, disable_help_subcommand = true)]
pub enum LogCommand {
    /// The logged rulings, oldest first (--json: one JSON object per line)
    #[command(after_help = "Examples:\n  floor log show --log rulings.jsonl\n  \
        floor log show --log rulings.jsonl --since 2h\n  \
        floor log show --log rulings.jsonl --since 2026-11-21 --json")]
    Show {
        /// Only rulings since this time: a date (2026-11-21), an RFC 3339
        /// time (2026-11-21T18:00:00+01:00), a local time (2026-11-21T18:00)
        /// or a duration back from now (2h, 30min)
        #[arg(long, value_name = "WHEN")]
        since: Option<String>,
    },
}

// Value parsers refuse with a keyed message: the error is shown in the UI
// language (see `app::usage_problem`).

fn parse_lang(s: &str) -> Result<Lang, floor::Error> {
    Lang::from_code(s)
        .ok_or_else(|| floor::Error::bad(Message::new(Msg::NotUiLanguage).arg("value", s)))
}

/// `--answer KEY=VALUE`.
fn answer(s: &str) -> Result<(String, String), floor::Error> {
    floor::engine::answer::parse_key_value(s)
        .map_err(|_| floor::Error::bad(Message::new(Msg::NotKeyValue).arg("value", s)))
}

/// A count from 1 (`--limit`, `--at`).
fn count(s: &str) -> Result<u16, floor::Error> {
    s.parse::<u16>().ok().filter(|n| *n >= 1).ok_or_else(|| {
        floor::Error::bad(
            Message::new(Msg::CountTooSmall)
                .arg("value", s)
                .arg("max", u16::MAX),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
