//! Long output through a pager, as git and bat do: `FLOOR_PAGER`, else
//! `PAGER`, else `less`; only on a terminal and only when the text is
//! taller than the screen. The caller decides what may be paged (never a
//! ruling: it must stay on screen).

use std::io::Write;
use std::process::{Command, Stdio};

/// Shows `text` through the pager, or writes it to stdout when there is no
/// pager to use or the text fits on the screen.
pub fn page(text: &str) -> std::io::Result<()> {
    let pager = pager_command(
        std::env::var("FLOOR_PAGER").ok(),
        std::env::var("PAGER").ok(),
    );
    match pager {
        Some(argv) if taller_than_screen(text) => match spawn(&argv) {
            Some(mut child) => {
                // Ctrl-C is for the pager (less uses it to stop a search):
                // floor waits for it rather than dying under it.
                let _ = ctrlc::set_handler(|| {});
                if let Some(mut stdin) = child.stdin.take() {
                    match stdin.write_all(text.as_bytes()) {
                        // The reader quit before the end.
                        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                        other => other?,
                    }
                }
                child.wait()?;
                Ok(())
            }
            None => print(text),
        },
        _ => print(text),
    }
}

fn print(text: &str) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()
}

/// The pager's command line: `FLOOR_PAGER` if set, else `PAGER`, else
/// `less`. An empty value or `cat` means no pager.
fn pager_command(floor_pager: Option<String>, pager: Option<String>) -> Option<Vec<String>> {
    let line = floor_pager.or(pager).unwrap_or_else(|| "less".to_string());
    let argv: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    match argv.first().map(String::as_str) {
        None | Some("cat") => None,
        Some(_) => Some(argv),
    }
}

fn spawn(argv: &[String]) -> Option<std::process::Child> {
    let (program, args) = argv.split_first()?;
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(Stdio::piped());
    // less: pass colours through, keep the text on screen after quitting
    // (unless the user chose otherwise).
    if std::env::var_os("LESS").is_none() {
        cmd.env("LESS", "FRX");
    }
    // floor writes UTF-8 whatever the locale says (tables are drawn with
    // box characters): less must not show them as bytes.
    if std::env::var_os("LESSCHARSET").is_none() {
        cmd.env("LESSCHARSET", "utf-8");
    }
    cmd.spawn().ok()
}

/// The text needs more rows than the terminal has (long lines wrap).
pub fn taller_than_screen(text: &str) -> bool {
    let Some((rows, columns)) = console::Term::stdout().size_checked() else {
        return false;
    };
    let columns = usize::from(columns.max(1));
    let needed: usize = text
        .lines()
        .map(|line| console::measure_text_width(line).div_ceil(columns).max(1))
        .sum();
    needed >= usize::from(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Option<Vec<String>> {
        Some(words.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn floor_pager_comes_before_pager_and_cat_or_empty_means_none() {
        assert_eq!(pager_command(None, None), argv(&["less"]));
        assert_eq!(
            pager_command(Some("less -S".into()), Some("more".into())),
            argv(&["less", "-S"])
        );
        assert_eq!(pager_command(None, Some("most".into())), argv(&["most"]));
        assert_eq!(
            pager_command(Some(String::new()), Some("less".into())),
            None
        );
        assert_eq!(pager_command(None, Some("cat".into())), None);
    }
}
