//! Shared rendering helpers: tables that fit the terminal, highlighted
//! snippets, JSON. Renderers return strings; `app` writes them.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{ContentArrangement, Table};
use floor::rules::search::Snippet;
use serde::Serialize;

use crate::ctx::Ctx;

/// A table in the house style, sized to the terminal (or `COLUMNS`) but
/// never wider than a comfortable reading width.
pub fn table(ctx: &Ctx) -> Table {
    // Not a terminal and no COLUMNS: wrap at the reading width rather than
    // not at all (a pager, a log).
    house_table(
        u16::try_from(width(ctx)).unwrap_or(READING_WIDTH),
        ctx.color,
    )
}

fn house_table(width: u16, styled: bool) -> Table {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(width);
    if !styled {
        table.force_no_tty();
    }
    table
}

/// A table in the house style of `header` (none when empty) and `rows` of
/// text, laid out exactly as comfy-table lays it out, with the last
/// column's lines broken here when that is the one column to break:
/// comfy-table breaks a line measuring it again after every word (and once
/// more to choose the column's width), a third of a `floor rule` for a
/// long rule; here each word is measured once. Any other table is left to
/// comfy-table.
pub fn text_table(ctx: &Ctx, header: Vec<TextCell>, rows: Vec<Vec<TextCell>>) -> Table {
    text_table_in(table(ctx), header, rows)
}

/// The text of a cell of a [`text_table`], in bold or not. Styling goes
/// on whole cells: escape codes inside a cell would break the column
/// widths.
pub struct TextCell {
    text: String,
    strong: bool,
}

impl TextCell {
    /// `text` in bold, when the table is styled at all.
    pub fn strong(text: String) -> Self {
        TextCell { text, strong: true }
    }
}

impl From<String> for TextCell {
    fn from(text: String) -> Self {
        TextCell {
            text,
            strong: false,
        }
    }
}

impl From<&str> for TextCell {
    fn from(text: &str) -> Self {
        TextCell::from(text.to_string())
    }
}

impl From<TextCell> for comfy_table::Cell {
    fn from(c: TextCell) -> Self {
        let cell = comfy_table::Cell::new(c.text);
        if c.strong {
            cell.add_attribute(comfy_table::Attribute::Bold)
        } else {
            cell
        }
    }
}

/// [`text_table`] in `t`, a table of [`house_table`]'s style.
fn text_table_in(mut t: Table, header: Vec<TextCell>, rows: Vec<Vec<TextCell>>) -> Table {
    type Split = (Vec<String>, Vec<bool>);
    let split =
        |row: Vec<TextCell>| -> Split { row.into_iter().map(|c| (c.text, c.strong)).unzip() };
    let (header, header_strong) = split(header);
    let (rows, strong): (Vec<Vec<String>>, Vec<Vec<bool>>) = rows.into_iter().map(split).unzip();
    let width = usize::from(t.width().unwrap_or(READING_WIDTH));
    let layout = laid_out(width, &header, &rows);
    let widths = layout.as_ref().map(|l| l.widths.clone());
    let mut cells = match layout {
        Some(layout) => layout.cells,
        None => std::iter::once(header).chain(rows).collect(),
    }
    .into_iter()
    .zip(std::iter::once(header_strong).chain(strong))
    .map(|(texts, strong)| {
        texts
            .into_iter()
            .zip(strong)
            .map(|(text, strong)| comfy_table::Cell::from(TextCell { text, strong }))
            .collect::<Vec<_>>()
    });
    if let Some(h) = cells.next().filter(|h| !h.is_empty()) {
        t.set_header(h);
    }
    for row in cells {
        t.add_row(row);
    }
    for (column, w) in t.column_iter_mut().zip(widths.unwrap_or_default()) {
        let fixed = comfy_table::Width::Fixed(w.saturating_add(2));
        column.set_constraint(comfy_table::ColumnConstraint::Absolute(fixed));
    }
    t
}

/// Content widths of the columns and the cells (the header's first) with
/// the last column's lines broken to its width.
struct Layout {
    widths: Vec<u16>,
    cells: Vec<Vec<String>>,
}

/// The layout comfy-table's dynamic arrangement gives a table of
/// [`table`]'s style `width` columns wide, when every column but the last
/// fits its share of the width and the last one holds no word wider than
/// its own (else `None`: comfy-table lays it out). Its steps, in its
/// order: a column no wider than the average space left is fixed at its
/// widest line; the one column left is broken at the space left, and is
/// as wide as its longest broken line (counted in bytes, as comfy-table
/// counts it) when that leaves three columns spare, else as the space.
fn laid_out(width: usize, header: &[String], rows: &[Vec<String>]) -> Option<Layout> {
    use unicode_width::UnicodeWidthStr;
    let all = || std::iter::once(header).chain(rows.iter().map(Vec::as_slice));
    let n = all().map(<[String]>::len).max()?;
    let last = n.checked_sub(1)?;
    let mut widest = vec![0usize; n];
    for row in all() {
        for (w, cell) in widest.iter_mut().zip(row) {
            let line = cell
                .split('\n')
                .map(UnicodeWidthStr::width)
                .max()
                .unwrap_or(0);
            *w = (*w).max(line).max(1);
        }
    }
    // Borders left, right and between columns; a space either side of
    // every cell.
    let mut space = width.saturating_sub(n + 1).saturating_sub(2 * n);
    let mut fixed: Vec<Option<usize>> = vec![None; n];
    let mut open = n;
    let mut again = true;
    while again && open > 0 {
        again = false;
        let mut average = space / open;
        if average == 0 {
            break;
        }
        for (slot, &w) in fixed.iter_mut().zip(&widest) {
            if slot.is_none() && w <= average {
                *slot = Some(w);
                space = space.saturating_sub(w);
                open -= 1;
                if open == 0 {
                    break;
                }
                average = space / open;
                again = true;
            }
        }
    }
    // Nothing to break, or more than the last column to: comfy-table's
    // own work is small, or not this one.
    if open != 1 || fixed.get(last)?.is_some() {
        return None;
    }
    let mut longest = 0;
    for cell in all().filter_map(|row| row.get(last)) {
        for line in cell.split('\n') {
            if line.width() > space {
                for part in broken(line, space)? {
                    longest = longest.max(part.len());
                }
            } else {
                longest = longest.max(line.len());
            }
        }
    }
    let last_width = if space.saturating_sub(longest) >= 3 {
        longest
    } else {
        space
    }
    .max(1);
    let mut cells = Vec::new();
    for row in all() {
        let mut out: Vec<String> = row.to_vec();
        if let Some(cell) = out.get_mut(last) {
            let mut lines = Vec::new();
            for line in cell.split('\n') {
                if line.width() > last_width {
                    lines.extend(broken(line, last_width)?);
                } else {
                    lines.push(line.to_string());
                }
            }
            *cell = lines.join("\n");
        }
        cells.push(out);
    }
    let widths = fixed
        .iter()
        .map(|w| u16::try_from(w.unwrap_or(last_width)).ok())
        .collect::<Option<Vec<u16>>>()?;
    Some(Layout { widths, cells })
}

/// `line` broken at spaces into lines of at most `width` columns, as
/// comfy-table breaks a cell's line: words added while they fit, a line
/// closed when at most one column is left (or two, before a word that
/// does not fit). `None` for a word wider than `width` (comfy-table splits
/// it inside).
fn broken(line: &str, width: usize) -> Option<Vec<String>> {
    use unicode_width::UnicodeWidthStr;
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut current_width = 0;
    let full = width.saturating_sub(2);
    for word in line.split(' ') {
        let word_width = word.width();
        loop {
            let gap = usize::from(!current.is_empty());
            if current_width + gap + word_width <= width {
                if gap == 1 {
                    current.push(' ');
                }
                current.push_str(word);
                current_width += gap + word_width;
            } else if gap == 1 && width.saturating_sub(current_width + 1) <= 2 {
                lines.push(std::mem::take(&mut current));
                current_width = 0;
                continue;
            } else if word_width > width {
                return None;
            } else {
                lines.push(std::mem::replace(&mut current, word.to_string()));
                current_width = word_width;
            }
            if current_width > full {
                lines.push(std::mem::take(&mut current));
                current_width = 0;
            }
            break;
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    Some(lines)
}

/// Text from data or input for a table cell: made visible (see
/// [`floor::text::shown`]), no word longer than a table can lay out
/// quickly (see [`floor::text::breakable`]).
pub fn cell(text: &str) -> String {
    floor::text::breakable(&floor::text::shown(text), 60).into_owned()
}

/// A table in the house style headed by the UI texts of `keys`.
pub fn table_with_header(ctx: &Ctx, keys: &[&str]) -> Table {
    let mut table = table(ctx);
    table.set_header(keys.iter().map(|key| ctx.ui.t(key)));
    table
}

/// The width lines are wrapped to: `COLUMNS` or the terminal's, at most
/// the reading width (100); the reading width elsewhere.
pub fn width(ctx: &Ctx) -> usize {
    let detected = if ctx.terminal {
        Table::new().width()
    } else {
        None
    };
    usize::from(
        ctx.width
            .or(detected)
            .map_or(READING_WIDTH, |w| w.min(READING_WIDTH)),
    )
}

/// `text` wrapped to the output width, each line after the first indented
/// by `indent` spaces (colour codes do not count towards the width).
pub fn wrap(ctx: &Ctx, text: &str, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let options = textwrap::Options::new(width(ctx).max(20))
        .initial_indent("")
        .subsequent_indent(&pad)
        // Edition ids and rule numbers contain hyphens: never break at them.
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        // Line by line, as the tables wrap their cells: the optimal fit
        // costs a search its snippets' time for evener right edges.
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit);
    textwrap::wrap(text, options).join("\n")
}

/// Pretty JSON with a trailing newline.
pub fn json<T: Serialize + ?Sized>(value: &T) -> floor::Result<String> {
    let mut out = Vec::with_capacity(16 * 1024);
    let mut writer = serde_json::Serializer::with_formatter(&mut out, Indented::default());
    value
        .serialize(&mut writer)
        .map_err(|e| floor::Error::Output(std::io::Error::other(e)))?;
    out.push(b'\n');
    // serde_json writes only UTF-8.
    String::from_utf8(out).map_err(|e| floor::Error::Output(std::io::Error::other(e)))
}

/// serde_json's pretty layout (two spaces a level), each line's indent
/// written at once: a compare report is some 4,000 lines, and writing the
/// indent two bytes at a time was a sixth of its run.
#[derive(Default)]
struct Indented {
    depth: usize,
    /// Whether the array or object being closed holds anything.
    has_value: bool,
}

impl Indented {
    /// `start` (a line break, after a comma or not), then the indent.
    fn line<W: ?Sized + std::io::Write>(&self, w: &mut W, start: &[u8]) -> std::io::Result<()> {
        const SPACES: &[u8] = &[b' '; 64];
        w.write_all(start)?;
        let mut left = self.depth * 2;
        while left > 0 {
            let n = left.min(SPACES.len());
            w.write_all(SPACES.get(..n).unwrap_or_default())?;
            left -= n;
        }
        Ok(())
    }

    fn item<W: ?Sized + std::io::Write>(&self, w: &mut W, first: bool) -> std::io::Result<()> {
        self.line(w, if first { b"\n" } else { b",\n" })
    }

    fn open<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    fn close<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        bracket: &[u8],
    ) -> std::io::Result<()> {
        self.depth = self.depth.saturating_sub(1);
        if self.has_value {
            self.line(w, b"\n")?;
        }
        w.write_all(bracket)
    }
}

impl serde_json::ser::Formatter for Indented {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// Rule text is hard to read in longer lines (about 100 columns, like
/// clap's help).
const READING_WIDTH: u16 = 100;

/// Text in bold when colour is on, for lines outside tables; the text is
/// made visible first, so only this bold is a style.
pub fn bold(ctx: &Ctx, text: &str) -> String {
    let text = floor::text::shown(text);
    if ctx.color {
        floor::text::Style::Bold.paint(&text)
    } else {
        text.into_owned()
    }
}

/// The snippet with its matches highlighted (colour) or left plain, its
/// text made visible.
pub fn snippet(ctx: &Ctx, snippet: &Snippet) -> String {
    use floor::text::shown;
    if !ctx.color {
        return shown(&snippet.text).into_owned();
    }
    let mut out = String::with_capacity(snippet.text.len() + 16 * snippet.marks.len());
    let mut at = 0;
    for &(start, end) in &snippet.marks {
        let (Some(before), Some(marked)) =
            (snippet.text.get(at..start), snippet.text.get(start..end))
        else {
            continue;
        };
        out.push_str(&shown(before));
        out.push_str(&floor::text::Style::Mark.paint(&shown(marked)));
        at = end;
    }
    out.push_str(&shown(snippet.text.get(at..).unwrap_or("")));
    out
}

/// A pot and who may win it: "Main pot 3350: seats 3, 4, 6" (one seat:
/// "seat 3").
pub fn pot(ui: &floor::ui::Ui, pot: &str, amount: &str, seats: &[String]) -> String {
    match seats {
        [seat] => ui.f(
            "hand.pot_one",
            &[("pot", pot), ("amount", amount), ("seat", seat)],
        ),
        _ => ui.f(
            "hand.pot",
            &[
                ("pot", pot),
                ("amount", amount),
                ("seats", &seats.join(", ")),
            ],
        ),
    }
}

/// A chip amount as shown on a card.
pub fn chips(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::Number(n) => n.to_string(),
        other => other.to_string(),
    }
}

/// The table drawn as two rows of seats, clockwise: 1-5 along the top,
/// 6-10 back along the bottom; the button marked D (also on an empty seat:
/// a dead button), each seat's label under its number.
pub fn table_picture(ctx: &Ctx, picture: &floor::engine::ruling::TablePicture) -> String {
    let seat_cell = |seat: u8| -> String {
        let dealer = if picture.button == Some(seat) {
            " D"
        } else {
            ""
        };
        if !picture.seats.contains(&seat) {
            return format!("·{dealer}");
        }
        let label = picture
            .labels
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, l)| l.as_str())
            .unwrap_or("");
        let marks: Vec<&str> = picture
            .marks
            .iter()
            .filter(|(s, _)| *s == seat)
            .map(|(_, m)| {
                let key: &str = m.into();
                ctx.ui.t(match key {
                    "folded" => "card.mark_folded",
                    "dealt_out" => "card.mark_dealt_out",
                    _ => "card.mark_odd_chip",
                })
            })
            .collect();
        let label = [label]
            .into_iter()
            .chain(marks)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        format!("{seat}{dealer}\n{label}")
    };
    let max_seat = picture
        .seats
        .iter()
        .copied()
        .chain(picture.button)
        .max()
        .unwrap_or(0);
    let per_row: u8 = if max_seat > 6 { 5 } else { 3 };
    let top: Vec<String> = (1..=per_row).map(seat_cell).collect();
    let bottom: Vec<String> = (per_row + 1..=per_row * 2).rev().map(seat_cell).collect();
    let mut t = table(ctx);
    t.load_preset(comfy_table::presets::UTF8_BORDERS_ONLY);
    t.add_row(top);
    t.add_row(bottom);
    format!("{t}\n")
}

/// The first sentence of a rule's excerpt (one ending past its first 40
/// bytes), marked " …" when the excerpt goes on.
pub fn first_sentence(text: &str) -> String {
    let end = text
        .char_indices()
        .find(|(i, c)| matches!(c, '.' | '\n') && *i > 40)
        .map_or(text.len(), |(i, c)| i + c.len_utf8());
    let mut s = text[..end].trim().to_string();
    if end < text.len() {
        s.push_str(" …");
    }
    s
}

/// A cited rule quoted short, after the deciding one: the words it is
/// cited for where it states a provision outside its own topic, else its
/// first sentence.
pub fn quoted_short(c: &floor::engine::ruling::Citation) -> String {
    match &c.words {
        Some(words) if c.excerpt.trim() != words.trim() => format!("… {} …", words.trim()),
        _ => first_sentence(&c.excerpt),
    }
}

/// The head of a cited rule on a card: "Rule 51-B", and its title, with
/// the number a reader of the printed book looks for where the edition
/// prints a numbering of its own ("printed as Play: Bets & Raises 12-B"),
/// and "not applicable at this event" where the edition says so.
pub fn cited(ctx: &Ctx, c: &floor::engine::ruling::Citation) -> (TextCell, TextCell) {
    let mut title = match &c.printed {
        Some(p) => format!(
            "{} · {} {} {}",
            c.title,
            ctx.ui.t("rule.printed"),
            p.section,
            p.number
        ),
        None => c.title.clone(),
    };
    // As `floor rule` heads it: a rule the edition sets aside for its
    // events is never cited as if in force.
    if c.not_applicable {
        title.push_str(&format!(" · {}", ctx.ui.t("rule.not_applicable")));
    }
    (
        TextCell::from(format!("{} {}", ctx.ui.t("card.cited"), c.reference())),
        TextCell::strong(cell(&title)),
    )
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::Value;

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            "[a-z \"\\\\\n\u{e9}\u{1b}]{0,8}".prop_map(Value::String),
        ];
        leaf.prop_recursive(6, 64, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::vec(("[a-z]{1,4}", inner), 0..5)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        /// The layout is serde_json's pretty one, byte for byte, with
        /// strings to escape and empty arrays and objects anywhere (depths
        /// past the indent buffer: the test below).
        #[test]
        fn json_is_serde_jsons_pretty_layout(v in value()) {
            let want = serde_json::to_string_pretty(&v).unwrap() + "\n";
            prop_assert_eq!(super::json(&v).unwrap(), want);
        }
    }

    /// Text of short words (accented, double-width, empty) joined by one
    /// or two spaces or a line break: lines that end one or two columns
    /// short of the width are common.
    fn text(words: usize) -> impl Strategy<Value = String> {
        prop::collection::vec(("[a-z\u{e9}\u{6f22}]{0,5}", "( | |  |\n)"), 0..words).prop_map(
            |parts| {
                parts
                    .into_iter()
                    .map(|(w, sep)| w + &sep)
                    .collect::<String>()
            },
        )
    }

    /// A label, perhaps a short middle cell, and a long text.
    fn row() -> impl Strategy<Value = Vec<String>> {
        (
            "[A-Z0-9 ]{0,4}",
            prop::option::weighted(0.2, text(3)),
            text(40),
            any::<bool>(),
        )
            .prop_map(|(label, middle, long, short)| {
                let mut row = vec![label];
                row.extend(middle);
                if !short {
                    row.push(long);
                }
                row
            })
    }

    proptest! {
        /// A table laid out by `text_table` prints exactly as comfy-table
        /// prints the same cells (labels and long text, a middle column,
        /// short rows, with a header or none, any width).
        #[test]
        fn text_tables_print_as_comfy_table_prints_them(
            width in 8u16..120,
            with_header in any::<bool>(),
            header in row(),
            rows in prop::collection::vec(row(), 0..6),
        ) {
            let mut theirs = super::house_table(width, false);
            if with_header {
                theirs.set_header(header.clone());
            }
            for r in &rows {
                theirs.add_row(r.clone());
            }
            let cells = |row: Vec<String>| -> Vec<super::TextCell> {
                row.into_iter().map(super::TextCell::from).collect()
            };
            let header = if with_header { cells(header) } else { Vec::new() };
            let rows = rows.into_iter().map(cells).collect();
            let ours = super::text_table_in(super::house_table(width, false), header, rows);
            prop_assert_eq!(ours.to_string(), theirs.to_string());
        }
    }

    /// Every width from 8 to 40 columns against texts of a few lines
    /// whose words have each length up to 6: the column's width is
    /// chosen at its edges (its longest line 2, 3 or 4 columns short of the
    /// space).
    #[test]
    fn text_tables_print_as_comfy_table_at_every_width() {
        for width in 8u16..=40 {
            for first in 1..=6usize {
                for second in 1..=6usize {
                    let words: Vec<String> = (0..9)
                        .map(|i| "x".repeat(if i % 2 == 0 { first } else { second }))
                        .collect();
                    for count in 1..=words.len() {
                        let long = words.get(..count).unwrap_or_default().join(" ");
                        let header = vec!["43".to_string(), "Title".to_string()];
                        let rows = vec![vec!["A".to_string(), long]];
                        let mut theirs = super::house_table(width, false);
                        theirs.set_header(header.clone());
                        theirs.add_rows(rows.clone());
                        let header = header.into_iter().map(super::TextCell::from).collect();
                        let rows = rows
                            .into_iter()
                            .map(|r| r.into_iter().map(super::TextCell::from).collect())
                            .collect();
                        let ours =
                            super::text_table_in(super::house_table(width, false), header, rows);
                        assert_eq!(ours.to_string(), theirs.to_string(), "width {width}");
                    }
                }
            }
        }
    }

    /// Most rule cards are laid out here, not left to comfy-table.
    #[test]
    fn a_rule_card_is_laid_out_here() {
        let long = "A raise must be at least equal to the largest prior full bet ".repeat(5);
        let header = vec!["43".to_string(), "Raise Amounts".to_string()];
        let rows = vec![vec!["A".to_string(), long]];
        assert!(super::laid_out(100, &header, &rows).is_some());
    }

    #[test]
    fn deeper_than_the_indent_buffer() {
        let mut v = Value::from(1);
        for _ in 0..40 {
            v = Value::Array(vec![v, Value::Object(Default::default())]);
        }
        assert_eq!(
            super::json(&v).unwrap(),
            serde_json::to_string_pretty(&v).unwrap() + "\n"
        );
    }
}
