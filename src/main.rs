//! The `floor` binary: parses arguments, runs the command, maps errors to
//! exit codes (0 ok, 2 bad input or data, 1 anything else).

mod app;
mod cli;
mod cli_text;
mod cmd;
mod complete;
mod ctx;
mod help;
mod man;
mod pager;
mod prompt;
mod render;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    // `COMPLETE=<shell> floor -- <words>`: the shell asks for completions.
    clap_complete::CompleteEnv::with_factory(<cli::Cli as clap::CommandFactory>::command)
        .var(complete::VAR)
        .complete();
    match app::run() {
        Ok(code) => code,
        // app::run reports every failure in the UI language, on one line.
        Err(failure) => {
            let line = failure.to_string();
            let _ = writeln!(std::io::stderr(), "{}", app::escaped(&line, false, false));
            ExitCode::from(if failure.user { 2 } else { 1 })
        }
    }
}
