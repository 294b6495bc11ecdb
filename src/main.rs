//! The `floor` binary: parses arguments, runs the command, maps errors to
//! exit codes (0 ok, 2 bad input or data, 1 anything else).

mod app;
mod cli;
mod cmd;
mod prompt;
mod render;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    match app::run() {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            // One line, whatever the parts of the message contain.
            let message = format!("{err:#}")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let _ = writeln!(std::io::stderr(), "error: {message}");
            let user = err
                .chain()
                .any(|e| floor::is_user_error(e) || e.is::<app::UsageError>());
            ExitCode::from(if user { 2 } else { 1 })
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
