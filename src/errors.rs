//! Error messages in the UI language: every library failure carries a
//! message key and its arguments; this renders the first one found in the
//! error's chain. Failures of the terminal and the file system keep their
//! own text.

use floor::incident::WalkError;
use floor::ui::Ui;
use floor::{LoadError, LookupError};

/// The message of `err` in the UI language, if the library made it.
pub fn localize(err: &anyhow::Error, ui: &Ui) -> Option<String> {
    err.chain().find_map(|cause| {
        let message = if let Some(e) = cause.downcast_ref::<floor::Error>() {
            e.message()
        } else if let Some(e) = cause.downcast_ref::<crate::app::UsageError>() {
            e.0.clone()
        } else if let Some(e) = cause.downcast_ref::<WalkError>() {
            e.message()
        } else if let Some(e) = cause.downcast_ref::<LoadError>() {
            e.message()
        } else if let Some(e) = cause.downcast_ref::<LookupError>() {
            e.message()
        } else if let Some(e) = cause.downcast_ref::<floor::log::LogError>() {
            e.message()?
        } else if let Some(e) = cause
            .downcast_ref::<std::io::Error>()
            .filter(|_| err.chain().count() == 1)
        {
            // Reading goes through the library's errors and files written
            // name their path: a bare I/O error is writing the output.
            floor::message::Message::new(floor::message::Msg::WriteOutput)
                .nested("problem", floor::error::io_problem(e))
        } else {
            return None;
        };
        Some(message.render(ui))
    })
}
