//! Integration tests: one binary, one module per area.

mod cli_rules;
mod common;
mod compare;
mod corpus;
mod incidents;
mod interactive;
mod seed_examples;
