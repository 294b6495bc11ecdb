//! The limits of the one YAML reader and the parser's options that enforce
//! them: shared by the library ([`super`]) and the build, which converts the
//! bundled tree with the same reader.

use serde_saphyr::{Budget, DuplicateKeyPolicy, NonFiniteFloatPolicy, Options};

/// The longest YAML text read, in bytes (as the file limit).
pub const MAX_BYTES: usize = 4 * 1024 * 1024;
/// The deepest nesting of lists and maps. Real data needs six levels.
pub const MAX_DEPTH: usize = 32;
/// The most parser events in one text (each value, and the start and end
/// of each list and map). The largest bundled file has about 40,000.
pub const MAX_EVENTS: usize = 1_000_000;
/// The most values (scalars, lists, maps) in one text.
pub const MAX_NODES: usize = 250_000;

/// The parser's options: the limits above, one document, no alias or
/// anchor, no key twice in a map, YAML 1.2 scalars.
pub fn options() -> Options {
    let mut budget = Budget::default();
    budget.max_depth = MAX_DEPTH;
    budget.flow_nesting_limit = MAX_DEPTH;
    budget.max_events = MAX_EVENTS;
    budget.max_nodes = MAX_NODES;
    budget.max_aliases = 0;
    budget.max_anchors = 0;
    budget.max_documents = 1;
    budget.max_total_scalar_bytes = MAX_BYTES;
    budget.max_reader_input_bytes = Some(MAX_BYTES);
    let mut options = Options::default();
    options.budget = Some(budget);
    options.duplicate_keys = DuplicateKeyPolicy::Error;
    // YAML 1.2: `yes`, `no`, `on` and `off` are text; `0755` is 755.
    options.strict_booleans = true;
    options.legacy_octal_numbers = false;
    // A tag the reader does not know (`!include`) is refused, not dropped.
    options.reject_unsupported_tags = true;
    options.with_snippet = false;
    // A value read without a type (`.inf`, `1e999`) is text, not refused
    // as if the YAML were broken: what is read decides what it may be.
    options.non_finite_float_policy = NonFiniteFloatPolicy::AsString;
    options
}
