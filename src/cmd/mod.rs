//! One module per subcommand. Each returns the text to print.

pub mod check;
pub mod compare;
pub mod config;
pub mod editions;
pub mod hand;
pub mod import;
pub mod incident;
pub mod log;
pub mod man;
pub mod rule;
pub mod search;
