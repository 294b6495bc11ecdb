//! The files of a language folder (`locales/<lang>/`) that are not
//! editions. The build script reads this same module, so the build and the
//! library agree on which files are editions.

/// The names (without `.yaml`) of a language folder's files that hold no
/// edition: its UI texts, its search lexicon and its example questions.
pub const LANGUAGE_FILES: [&str; 3] = ["ui", "lexicon", "questions"];

/// Whether a file of a language folder, by its name without `.yaml`, is an
/// edition.
pub fn is_edition_name(name: &str) -> bool {
    !LANGUAGE_FILES.contains(&name)
}
