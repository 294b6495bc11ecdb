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
mod output;
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
        // app::run reports every failure in the UI language, on one line;
        // under `--json` then as one JSON object on the next.
        Err(failure) => {
            let line = failure.to_string();
            let mut stderr = std::io::stderr().lock();
            let _ = writeln!(stderr, "{}", output::escaped(&line, false, false));
            if let Some(json) = &failure.json {
                let _ = writeln!(stderr, "{json}");
            }
            ExitCode::from(if failure.user { 2 } else { 1 })
        }
    }
}
