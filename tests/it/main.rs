//! Integration tests: one binary, one module per area.

mod as_played;
mod bad_input;
mod cli_rules;
mod common;
mod compare;
mod completions;
mod conventions;
mod corpus;
mod disputes;
mod golden;
mod hand;
mod incidents;
mod interactive;
mod log;
mod log_show;
mod man;
mod overlay;
mod overlay_citations;
mod questions;
mod readme;
mod seed_examples;
mod settings;
mod terminal;
