//! Which failures are the user's to fix (exit 2) and which are not (exit 1).

/// True if the error (or any error it wraps) is the library's [`Error`] of
/// bad input or bad data, as opposed to an environment failure: the binary
/// exits 2 for these.
///
/// [`Error`]: crate::Error
pub fn is_user_error(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut cur = Some(err);
    while let Some(e) = cur {
        if let Some(err) = e.downcast_ref::<crate::Error>() {
            return err.exit() == crate::message::Exit::Input;
        }
        cur = e.source();
    }
    false
}
