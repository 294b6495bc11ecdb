//! The `floor` binary: parses arguments, runs the command, maps errors to
//! exit codes (0 ok, 2 bad input or data, 1 anything else).

mod app;
mod cli;
mod cli_text;
mod cmd;
mod complete;
mod ctx;
mod errors;
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
        Err(err) => {
            if app::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            // app::run renders its errors (UI language, one line); anything
            // else is printed as it is, on one line.
            let (line, user) = match err.downcast_ref::<app::Rendered>() {
                Some(r) => (r.to_string(), r.user),
                None => {
                    let message = format!("{err:#}")
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    (
                        format!("error: {message}"),
                        err.chain().any(floor::is_user_error),
                    )
                }
            };
            let _ = writeln!(std::io::stderr(), "{line}");
            ExitCode::from(if user { 2 } else { 1 })
        }
    }
}
