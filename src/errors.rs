//! Error messages in the UI language: every failure is the library's one
//! error type, which carries a message key and its arguments; this renders
//! the first one found in the error's chain.

use floor::ui::Ui;

/// The message of `err` in the UI language, if the library made it.
pub fn localize(err: &anyhow::Error, ui: &Ui) -> Option<String> {
    err.chain()
        .find_map(|cause| cause.downcast_ref::<floor::Error>())
        .map(|e| e.message().render(ui))
}
