//! `floor man [COMMAND]... [--out-dir DIR]`: one manual page on stdout, or
//! every page written to a directory.

use std::path::Path;

use floor::message::{Message, Msg};

use crate::ctx::Output;
use crate::man;

pub fn run(command: &[String], out_dir: Option<&Path>) -> floor::Result<Output> {
    if let Some(dir) = out_dir {
        // As `install -D` does: the usual target (~/.local/share/man/man1)
        // often does not exist yet.
        floor::data::create_dirs(dir)?;
        let mut written = String::new();
        for (file, cmd) in man::pages() {
            let path = dir.join(&file);
            floor::data::write_file(&path, &man::render(&cmd))?;
            written.push_str(&format!("{}\n", path.display()));
        }
        return Ok(Output::ok(written));
    }
    let page = man::page_for(command).ok_or_else(|| {
        floor::Error::bad(Message::new(Msg::UsageNoManual).arg("command", command.join(" ")))
    })?;
    Ok(Output::ok(String::from_utf8_lossy(&page).into_owned()))
}
