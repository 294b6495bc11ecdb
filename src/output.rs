//! The output boundary: every text floor writes to standard output or
//! standard error is escaped here, and a closed standard output is a
//! failure, not silence. The commands that stream (`floor hand`, `floor log
//! show`) and `app`, which writes every other command's output, share it.

use std::io::Write;

/// Writes part of a command's output now, escaped as `app::finish` escapes the
/// rest: a command over a stream of any length (`floor hand` on many
/// hands) keeps the memory of one part. Never paged.
pub fn stream(text: &str, color: bool, json: bool) -> floor::Result<()> {
    let text = escaped(text, json, color);
    if !text.is_empty() {
        stdout_open()?;
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(floor::Error::Output)
}

/// The one escaping at the output boundary: every text written to stdout
/// or stderr passes here (the command's output, notices, the streamed log,
/// the error line). Control, bidirectional and zero-width characters are
/// shown as escapes — JSON's `\uXXXX` in JSON, `\u{..}` otherwise — and
/// only the tool's own styles pass, when `color`.
pub fn escaped(text: &str, json: bool, color: bool) -> std::borrow::Cow<'_, str> {
    if json {
        floor::text::visible_json(text)
    } else {
        floor::text::visible(text, color)
    }
}

/// Fails when standard output was closed: the standard library then points
/// it at /dev/null (read-write), so output would vanish with exit 0. A
/// command whose output goes nowhere has failed (exit 1). Linux tells it
/// apart from a redirection to /dev/null (write-only) through /proc.
#[cfg(target_os = "linux")]
pub fn stdout_open() -> floor::Result<()> {
    let target = std::fs::read_link("/proc/self/fd/1");
    let flags = floor::data::read_limited(std::path::Path::new("/proc/self/fdinfo/1"));
    if let (Ok(target), Ok(info)) = (target, flags) {
        let read_write = info
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|f| f & 0o3 == 0o2);
        if target == std::path::Path::new("/dev/null") && read_write {
            return Err(floor::Error::Output(std::io::Error::new(
                std::io::ErrorKind::NotConnected,
                "standard output is closed",
            )));
        }
    }
    Ok(())
}

/// Elsewhere a closed standard output is not told apart from /dev/null:
/// the output goes there, as it would with any program.
#[cfg(not(target_os = "linux"))]
pub fn stdout_open() -> floor::Result<()> {
    Ok(())
}
