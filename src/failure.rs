//! Which failures are the user's to fix (exit 2) and which are not (exit 1).

use crate::error::{LoadError, LookupError};

/// True if the error (or any error it wraps) is bad input or bad data, as
/// opposed to an environment failure: the binary exits 2 for these.
pub fn is_user_error(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut cur = Some(err);
    while let Some(e) = cur {
        if let Some(err) = e.downcast_ref::<crate::Error>() {
            return err.exit() == crate::message::Exit::Input;
        }
        if e.is::<crate::Error>()
            || e.is::<crate::incident::WalkError>()
            || e.downcast_ref::<crate::log::LogError>()
                .is_some_and(|l| !l.is_io())
            || e.is::<LoadError>()
            || e.is::<LookupError>()
        {
            return true;
        }
        cur = e.source();
    }
    false
}
