//! `floor man [COMMAND]... [--out-dir DIR]`: one manual page on stdout, or
//! every page written to a directory.

use std::path::Path;

use crate::app::UsageError;
use crate::ctx::Output;
use crate::man;

pub fn run(command: &[String], out_dir: Option<&Path>) -> anyhow::Result<Output> {
    if let Some(dir) = out_dir {
        // As `install -D` does: the usual target (~/.local/share/man/man1)
        // often does not exist yet.
        std::fs::create_dir_all(dir).map_err(|e| {
            anyhow::Error::new(e).context(format!("cannot create {}", dir.display()))
        })?;
        let mut written = String::new();
        for (file, cmd) in man::pages() {
            let path = dir.join(&file);
            std::fs::write(&path, man::render(&cmd)).map_err(|e| {
                anyhow::Error::new(e).context(format!("cannot write {}", path.display()))
            })?;
            written.push_str(&format!("{}\n", path.display()));
        }
        return Ok(Output::ok(written));
    }
    let page = man::page_for(command).ok_or_else(|| {
        UsageError(
            floor::message::Message::new(floor::message::Msg::UsageNoManual)
                .arg("command", command.join(" ")),
        )
    })?;
    Ok(Output::ok(String::from_utf8(page)?))
}
