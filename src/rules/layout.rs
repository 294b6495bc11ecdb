//! How a rule, or a part of one, reads as one text: its lead text, each
//! sub-part under its label with items indented below, the tail, then the
//! worked examples.
//!
//! The build script composes the search index from the raw data with this
//! same module, so the indexed text is always what `Rule::full_text` shows.

/// A block of rule text: a rule, a sub-part, or the raw data of either.
pub trait Block {
    /// The type of its sub-parts.
    type Part: Block;
    /// The printed label (of a sub-part).
    fn label(&self) -> &str;
    /// The lead text.
    fn text(&self) -> &str;
    /// The text printed after the sub-parts.
    fn tail(&self) -> &str;
    /// The sub-parts, in order.
    fn parts(&self) -> &[Self::Part];
    /// The worked examples, as (marker, text).
    fn examples(&self) -> impl Iterator<Item = (&str, &str)>;
}

/// The block as one text, in reading order.
pub fn compose(block: &impl Block) -> String {
    let mut out = String::new();
    push_para(&mut out, block.text());
    write_parts(&mut out, block.parts(), "");
    push_para(&mut out, block.tail());
    write_examples(&mut out, block, "");
    out
}

fn write_parts<P: Block>(out: &mut String, parts: &[P], indent: &str) {
    for part in parts {
        let (label, text) = (part.label(), part.text().trim());
        let line = if text.is_empty() {
            format!("{indent}{label}:")
        } else {
            format!("{indent}{label}: {text}")
        };
        push_para(out, &line);
        let deeper = format!("{indent}  ");
        write_parts(out, part.parts(), &deeper);
        let tail = part.tail().trim();
        if !tail.is_empty() {
            push_para(out, &format!("{deeper}{tail}"));
        }
        write_examples(out, part, &deeper);
    }
}

fn write_examples(out: &mut String, block: &impl Block, indent: &str) {
    for (label, text) in block.examples() {
        push_para(out, &format!("{indent}{label}: {}", text.trim()));
    }
}

/// Appends `text` trimmed as a new line; nothing if it is blank.
fn push_para(out: &mut String, text: &str) {
    let text = text.trim();
    if text.is_empty() {
        return;
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(text);
}
