//! `floor man [COMMAND]... [--out-dir DIR]`: one manual page on stdout, or
//! every page written to a directory.

use std::path::Path;

use floor::message::{Exit, Message, Msg};

use crate::ctx::Output;
use crate::man;

pub fn run(command: &[String], out_dir: Option<&Path>) -> floor::Result<Output> {
    if let Some(dir) = out_dir {
        // As `install -D` does: the usual target (~/.local/share/man/man1)
        // often does not exist yet.
        std::fs::create_dir_all(dir).map_err(|e| written_failed(dir, &e))?;
        let mut written = String::new();
        for (file, cmd) in man::pages() {
            let path = dir.join(&file);
            write_page(&path, &man::render(&cmd))?;
            written.push_str(&format!("{}\n", path.display()));
        }
        return Ok(Output::ok(written));
    }
    let page = man::page_for(command).ok_or_else(|| {
        floor::Error::bad(Message::new(Msg::UsageNoManual).arg("command", command.join(" ")))
    })?;
    Ok(Output::ok(String::from_utf8_lossy(&page).into_owned()))
}

/// Writes one page: only to a regular file (a FIFO or device named like a
/// page is refused before anything is written, and never waited on).
fn write_page(path: &Path, page: &[u8]) -> floor::Result<()> {
    use std::io::Write as _;
    let mut file = floor::data::create_file(path)?;
    file.write_all(page).map_err(|e| written_failed(path, &e))
}

/// A manual page or its directory that could not be written: the system's
/// failure (exit 1), the path named.
fn written_failed(path: &Path, e: &std::io::Error) -> floor::Error {
    floor::Error::Other(
        Message::new(Msg::WriteFile)
            .arg("file", path.display())
            .nested("problem", floor::error::io_problem(e)),
        Exit::Io,
    )
}
