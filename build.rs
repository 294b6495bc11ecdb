//! Embeds the bundled data tree (`locales/`, `rulings/`) into the binary.
//!
//! YAML is converted to JSON here, once, so that a command parses only the
//! file it needs, with a fast parser, at run time. Schema validation stays in
//! the library (`floor check` and the test suite run it on the same files).

// The search index folds texts exactly as the library does: same code.
#[allow(dead_code)]
#[path = "src/text.rs"]
mod text;

// ... hashes as the library does ...
#[path = "src/fnv.rs"]
mod fnv;

// ... and composes each rule's text as `Rule::full_text` does: same code.
#[path = "src/rules/layout.rs"]
mod layout;

// ... and flattens UI files to the dotted keys the library looks up.
#[path = "src/ui/keys.rs"]
mod keys;

// ... and turns texts and lexicon terms into search terms: same code.
#[allow(dead_code)]
#[path = "src/rules/analyze.rs"]
mod analyze;

// ... and trains the topic model as the library trains a `--data` tree's:
// same code.
#[allow(dead_code)]
#[path = "src/rules/classifier.rs"]
mod classifier;

// ... and knows which files of a language folder are editions: same code.
#[path = "src/rules/files.rs"]
mod files;

// ... and reads YAML with the one reader's limits and options.
#[allow(dead_code)]
#[path = "src/yaml/limits.rs"]
mod yaml_limits;

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut files = Vec::new();
    for top in ["locales", "rulings"] {
        println!("cargo:rerun-if-changed={top}");
        collect(&root, &root.join(top), &mut files);
    }
    files.sort();
    let mut table = String::new();
    let mut table_paths = Vec::new();
    let mut rule_indexes = String::new();
    let mut rule_index_paths = Vec::new();
    let mut editions_json = Vec::new();
    let mut lexicons = Vec::new();
    let mut questions = Vec::new();
    let mut concept_names = Vec::new();
    let mut otherwise: Vec<(String, Vec<String>)> = Vec::new();
    let mut catalog_bare = String::new();
    let mut spans: Vec<(String, String, String, String)> = Vec::new();
    let mut records: Vec<(String, serde_json::Value)> = Vec::new();
    let mut catalog_ids: Vec<String> = Vec::new();
    for rel in &files {
        let yaml = fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
        // A file that is not valid YAML is embedded as it is: the library
        // parses it at run time and reports the error with its position.
        // So is a file over the reader's limits, or with a key declared
        // twice (a JSON map would keep the last one silently).
        let value =
            serde_saphyr::from_str_with_options::<serde_json::Value>(&yaml, yaml_limits::options())
                .ok();
        let (format, body) = match value {
            // UI texts are looked up by dotted key: flattened here, they load
            // without parsing.
            Some(value) if rel.ends_with("/ui.yaml") => match flatten(&value) {
                Some(flat) => ("Flat", flat),
                None => ("Yaml", yaml),
            },
            Some(mut value) => {
                if is_edition(rel) {
                    editions_json.push((lang_of(rel), value.clone()));
                }
                if let Some(lang) = rel
                    .strip_prefix("locales/")
                    .and_then(|r| r.strip_suffix("/lexicon.yaml"))
                {
                    lexicons.push((lang.to_string(), value.clone()));
                }
                if let Some(lang) = rel
                    .strip_prefix("locales/")
                    .and_then(|r| r.strip_suffix("/questions.yaml"))
                {
                    questions.push((lang.to_string(), value.clone()));
                }
                if let Some(edition) = record_edition(rel) {
                    spans.extend(record_spans(edition, &value));
                    records.push((edition.to_string(), value.clone()));
                }
                if rel == "locales/provisions.yaml" {
                    catalog_ids = list(&value, "provisions")
                        .iter()
                        .map(|p| field(p, "id").to_string())
                        .collect();
                }
                if rel == "locales/concepts.yaml" {
                    for c in list(&value, "concepts") {
                        concept_names
                            .push((field(c, "slug").to_string(), field(c, "name").to_string()));
                        let others: Vec<String> = list(c, "otherwise")
                            .iter()
                            .filter_map(|o| o.as_str().map(str::to_string))
                            .collect();
                        if !others.is_empty() {
                            otherwise.push((field(c, "slug").to_string(), others));
                        }
                    }
                }
                // Extraction notes are for maintainers (they stay in the YAML
                // and in --data trees); commands never show them.
                drop_notes(&mut value);
                if is_edition(rel) {
                    // Where each rule lies in the JSON, so a command that needs
                    // one rule parses that rule only.
                    let (json, rules) = edition_json(&value);
                    let name = format!("{}_rules", rel.replace(['/', '.', '-'], "_"));
                    fs::write(out.join(&name), rules).expect("write OUT_DIR");
                    rule_indexes.push_str(&format!(
                        "    include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}\")),\n"
                    ));
                    rule_index_paths.push(rel.clone());
                    ("Json", json)
                } else {
                    if rel == "locales/provisions.yaml" {
                        // A JSON answer reads no description: the catalog
                        // with them empty is what it parses.
                        let mut bare = value.clone();
                        blank_descriptions(&mut bare);
                        catalog_bare = serde_json::to_string(&bare).expect("a JSON value");
                    }
                    ("Json", serde_json::to_string(&value).expect("a JSON value"))
                }
            }
            None => ("Yaml", yaml),
        };
        let name = rel.replace(['/', '.', '-'], "_");
        fs::write(out.join(&name), body).expect("write OUT_DIR");
        table.push_str(&format!(
            "    (Format::{format}, include_str!(concat!(env!(\"OUT_DIR\"), \"/{name}\"))),\n"
        ));
        table_paths.push(rel.clone());
    }
    fs::write(out.join("embedded.rs"), by_path(&table_paths, &table)).expect("write OUT_DIR");
    fs::write(out.join("catalog_bare.json"), catalog_bare).expect("write OUT_DIR");
    // By edition and provision; a provision stated by several rules keeps
    // the record's order.
    spans.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    fs::write(out.join("provision_spans.rs"), span_table(&spans)).expect("write OUT_DIR");
    fs::write(
        out.join("provision_records.rs"),
        record_tables(&records, &catalog_ids),
    )
    .expect("write OUT_DIR");
    fs::write(
        out.join("rule_indexes.rs"),
        by_path(&rule_index_paths, &rule_indexes),
    )
    .expect("write OUT_DIR");
    let (index, tables) = search_data(
        &editions_json,
        &lexicons,
        &questions,
        &concept_names,
        &otherwise,
        &out,
    );
    fs::write(out.join("search_index.rs"), index).expect("write OUT_DIR");
    fs::write(out.join("search_tables.rs"), tables).expect("write OUT_DIR");
    fs::write(out.join("concepts.rs"), concept_constants(&concept_names)).expect("write OUT_DIR");
    // The decision trees as written, for `floor check` to place a problem
    // at its line and column (the commands read them as JSON).
    let mut sources = String::new();
    let mut source_paths = Vec::new();
    for rel in files.iter().filter(|f| f.starts_with("rulings/")) {
        sources.push_str(&format!(
            "    include_str!({:?}),\n",
            root.join(rel).display().to_string()
        ));
        source_paths.push(rel.clone());
    }
    fs::write(
        out.join("rulings_sources.rs"),
        by_path(&source_paths, &sources),
    )
    .expect("write OUT_DIR");
    // `floor --version` names the editions it carries.
    let editions: Vec<String> = files
        .iter()
        .filter(|f| is_edition(f))
        .filter_map(|f| {
            f.rsplit('/')
                .next()?
                .strip_suffix(".yaml")
                .map(str::to_string)
        })
        .filter(|id| id != "concepts")
        .collect();
    println!("cargo:rustc-env=FLOOR_EDITIONS={}", editions.join(", "));
    hot_code_first(&root);
}

/// On x86-64 Linux a release build is linked by lld, which can place the
/// functions everyday commands run side by side (`link/hot-functions.txt`,
/// written by `scripts/hot-code.sh`): a command then maps a few dozen pages
/// of code instead of pages spread over the whole text section (each page
/// fault maps the 64 KB around it). Names the list has and the build lacks
/// are skipped without a warning. Left out where another linker may be in
/// use: a linker named in the configuration or linker flags given.
fn hot_code_first(root: &Path) {
    let list = root.join("link/hot-functions.txt");
    println!("cargo:rerun-if-changed={}", list.display());
    println!("cargo:rerun-if-env-changed=RUSTC_LINKER");
    let lld_links = env::var("TARGET").is_ok_and(|t| t == "x86_64-unknown-linux-gnu")
        && env::var_os("RUSTC_LINKER").is_none()
        && !env::var("CARGO_ENCODED_RUSTFLAGS").is_ok_and(|f| f.contains("link"));
    if !(env::var("PROFILE").is_ok_and(|p| p == "release") && lld_links) {
        return;
    }
    // -Xlinker passes a path as one argument (-Wl, would cut it at commas).
    let mut args = Vec::new();
    if list.is_file() {
        args.push(format!("--symbol-ordering-file={}", list.display()));
        args.push("--no-warn-symbol-ordering".to_string());
    }
    // The script that writes the list reads where each function went in the
    // build it profiles: the same build, the same names.
    println!("cargo:rerun-if-env-changed=FLOOR_LINK_MAP");
    if let Some(map) = env::var_os("FLOOR_LINK_MAP") {
        args.push(format!("-Map={}", Path::new(&map).display()));
    }
    for arg in args {
        println!("cargo:rustc-link-arg-bins=-Xlinker");
        println!("cargo:rustc-link-arg-bins={arg}");
    }
}

/// Every concept of `locales/concepts.yaml` as a constant
/// (`raise-amounts` is `RAISE_AMOUNTS`), so that a ruling names a concept
/// the compiler knows: a misspelt one does not build.
fn concept_constants(concepts: &[(String, String)]) -> String {
    let mut out = String::new();
    for (slug, name) in concepts {
        let ident = slug.to_uppercase().replace('-', "_");
        out.push_str(&format!(
            "/// `{slug}`: {name}.\npub const {ident}: ConceptId = ConceptId({slug:?});\n"
        ));
    }
    out.push_str(
        "/// Every concept, in the order of the file.\npub const ALL: &[ConceptId] = &[\n",
    );
    for (slug, _) in concepts {
        out.push_str(&format!("    {},\n", slug.to_uppercase().replace('-', "_")));
    }
    out.push_str("];\n");
    out
}

fn is_edition(rel: &str) -> bool {
    let parts: Vec<&str> = rel.split('/').collect();
    matches!(parts.as_slice(), ["locales", _, file]
        if file.strip_suffix(".yaml").is_some_and(files::is_edition_name))
}

/// The edition a provision record describes (`locales/nl/provisions/onk-2023-nl.yaml`).
fn record_edition(rel: &str) -> Option<&str> {
    let parts: Vec<&str> = rel.split('/').collect();
    match parts.as_slice() {
        ["locales", _, "provisions", file] => file.strip_suffix(".yaml"),
        _ => None,
    }
}

/// The statements as Rust source: one text, and per statement where its
/// edition, provision, rule number and span begin and where the span ends.
/// Not a table of string slices: each slice would be relocated at every
/// start of every command (four per statement, thousands in all).
fn span_table(spans: &[(String, String, String, String)]) -> String {
    let mut text = String::new();
    let mut bounds = Vec::new();
    for (edition, id, number, span) in spans {
        let mut at = vec![text.len().to_string()];
        for field in [edition, id, number, span] {
            text.push_str(field);
            at.push(text.len().to_string());
        }
        bounds.push(format!("[{}]", at.join(", ")));
    }
    format!("({text:?}, &[{}])", bounds.join(", "))
}

/// A record's statements as (edition, provision, rule number, span): what a
/// ruling citing a provision looks up, without parsing the record.
fn record_spans(
    edition: &str,
    record: &serde_json::Value,
) -> Vec<(String, String, String, String)> {
    let mut out = Vec::new();
    let Some(rules) = record.get("rules").and_then(|r| r.as_object()) else {
        return out;
    };
    for (number, statements) in rules {
        let Some(statements) = statements.as_object() else {
            continue;
        };
        for (id, statement) in statements {
            let span = match statement {
                serde_json::Value::String(s) => s.as_str(),
                other => other.get("span").and_then(|s| s.as_str()).unwrap_or(""),
            };
            out.push((
                edition.to_string(),
                id.clone(),
                number.clone(),
                span.to_string(),
            ));
        }
    }
    out
}

/// Every bundled record as Rust source, so that compare attaches provisions
/// without parsing a record: per edition (sorted), one text of statements,
/// each `number\x1fprovision\x1fwords\x1ftopic\x1f` and the eight terms in
/// `Term::ALL` order, ended by `\x1e`; an empty field is an absent one.
/// Statements are sorted by rule number (as strings), then in catalog order
/// as `attach` orders them. One text per edition, not a table of slices:
/// each slice would be relocated at every start of every command. A record
/// whose shape the library would refuse, that names a provision the
/// catalog does not have, or holds an empty field or a separator, is left
/// out: the library then parses it and reports what it finds.
fn record_tables(records: &[(String, serde_json::Value)], catalog_ids: &[String]) -> String {
    const TERMS: [&str; 8] = [
        "who", "what", "when", "scope", "then", "bound", "joint", "force",
    ];
    let position = |id: &str| catalog_ids.iter().position(|c| c == id);
    let mut sorted: Vec<&(String, serde_json::Value)> = records.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = String::from("&[\n");
    'records: for (edition, record) in sorted {
        if field(record, "edition") != edition {
            continue;
        }
        let Some(rules) = record.get("rules").and_then(|r| r.as_object()) else {
            continue;
        };
        let mut numbers: Vec<(&String, &serde_json::Value)> = rules.iter().collect();
        numbers.sort_by(|a, b| a.0.cmp(b.0));
        let mut text = String::new();
        for (number, statements) in numbers {
            let Some(statements) = statements.as_object() else {
                continue 'records;
            };
            let mut list = Vec::new();
            for (id, statement) in statements {
                let Some(at) = position(id) else {
                    continue 'records;
                };
                let mut fields: Vec<Option<&str>> = vec![Some(number), Some(id)];
                match statement {
                    serde_json::Value::String(span) => {
                        fields.push(Some(span));
                        fields.extend([None; 9]);
                    }
                    serde_json::Value::Object(map) => {
                        let known = ["span", "topic"].iter().chain(TERMS.iter());
                        let known: Vec<&str> = known.copied().collect();
                        let all_text = map
                            .iter()
                            .all(|(k, v)| known.contains(&k.as_str()) && v.is_string());
                        if !all_text || !map.contains_key("span") {
                            continue 'records;
                        }
                        for key in ["span", "topic"].iter().chain(TERMS.iter()) {
                            fields.push(map.get(*key).and_then(|v| v.as_str()));
                        }
                    }
                    _ => continue 'records,
                }
                let bad = |f: &Option<&str>| {
                    f.is_some_and(|f| f.is_empty() || f.contains(['\x1e', '\x1f']))
                };
                if fields.iter().any(bad) {
                    continue 'records;
                }
                let mut line: String = fields
                    .iter()
                    .map(|f| f.unwrap_or(""))
                    .collect::<Vec<_>>()
                    .join("\x1f");
                line.push('\x1e');
                list.push((at, line));
            }
            // Stable, as `attach` sorts.
            list.sort_by_key(|(at, _)| *at);
            text.extend(list.into_iter().map(|(_, line)| line));
        }
        out.push_str(&format!("    ({edition:?}, {text:?}),\n"));
    }
    out.push(']');
    out
}

fn lang_of(rel: &str) -> String {
    rel.split('/').nth(1).unwrap_or("").to_string()
}

/// The search data of the bundled tree, so that a search parses nothing:
///
/// - the index, as Rust source: one record per rule: edition, number,
///   concept, language, title, the title's and the text's index terms, the
///   text, how many terms the text has. The library checks in a test that
///   every record matches what it computes from the edition;
/// - the tables: every folded word of the texts, sorted (for glued words,
///   transliterations and typos); the stop words of each language; every
///   lexicon term analysed, as (language, concept, stems) (the concept
///   names count as English terms).
fn search_data(
    editions: &[(String, serde_json::Value)],
    lexicons: &[(String, serde_json::Value)],
    questions: &[(String, serde_json::Value)],
    concept_names: &[(String, String)],
    otherwise: &[(String, Vec<String>)],
    out_dir: &Path,
) -> (String, String) {
    let mut stop = analyze::StopWords::default();
    for (lang, lexicon) in lexicons {
        let words = list(lexicon, "stop_words")
            .iter()
            .filter_map(|w| w.as_str());
        stop.add(lang, words);
    }
    let mut vocab = analyze::WordSet::default();
    let mut texts = Vec::new();
    for (lang, edition) in editions {
        let id = field(edition, "id");
        for section in list(edition, "sections") {
            for rule in list(section, "rules") {
                let full = layout::compose(rule);
                vocab.add_text(field(rule, "title"), lang);
                vocab.add_text(&full, lang);
                texts.push((lang.as_str(), id, rule, full));
            }
        }
    }
    // The lexicons' words count as words of the texts: a glued word of a
    // text ("žetónuvyššej") splits into words a floor person types.
    for (lang, file) in lexicons {
        let Some(concepts) = file.get("concepts").and_then(|c| c.as_object()) else {
            continue;
        };
        for terms in concepts.values() {
            for t in terms
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|t| t.as_str())
            {
                vocab.add_text(t, lang);
            }
        }
    }
    // One text and the offsets of its fields, so the binary holds no table
    // of string slices (each would be relocated at every start).
    let mut text_all = String::new();
    let mut offsets: Vec<usize> = Vec::new();
    let mut analysed_rules: Vec<(&str, String, String)> = Vec::new();
    for (lang, id, rule, full) in &texts {
        let title = field(rule, "title");
        let title_terms = analyze::index_terms(title, lang, &stop, &vocab);
        let text_terms = analyze::index_terms(full, lang, &stop, &vocab);
        let length = analyze::term_count(&text_terms).to_string();
        let also: Vec<&str> = list(rule, "also")
            .iter()
            .filter_map(|c| c.as_str())
            .collect();
        let also = also.join(" ");
        let fields: [&str; 10] = [
            id,
            field(rule, "number"),
            field(rule, "concept"),
            lang,
            title,
            &title_terms,
            &text_terms,
            full,
            &length,
            &also,
        ];
        for f in fields {
            offsets.push(text_all.len());
            text_all.push_str(f);
        }
        analysed_rules.push((*lang, title_terms, text_terms));
    }
    let postings = analyze::postings(
        analysed_rules
            .iter()
            .map(|(lang, title, text)| (*lang, title.as_str(), text.as_str())),
    );
    offsets.push(text_all.len());
    let offsets: Vec<String> = offsets.iter().map(usize::to_string).collect();
    let index = format!("({text_all:?}, &[{}])", offsets.join(", "));
    // Rust source of a `SearchTables` (see `data::search_tables`), so
    // nothing is parsed at run time.
    // The vocabulary as one string, a word a line (a table of 20,000
    // string slices would double its size in the binary).
    let lines = |set: &std::collections::BTreeSet<String>| {
        let mut out = String::from("\n");
        for w in set {
            out.push_str(w);
            out.push('\n');
        }
        out
    };
    let mut tables = format!(
        "SearchTables {{\n    vocab: {:?},\n    stems: {:?},\n    stop_words: &[\n",
        lines(&vocab.words),
        lines(&vocab.stems)
    );
    for (lang, words) in stop.sorted() {
        let words: Vec<String> = words.map(|w| format!("{w:?}")).collect();
        tables.push_str(&format!("        ({lang:?}, &[{}]),\n", words.join(", ")));
    }
    let mut analysed: Vec<(String, String, String)> = Vec::new();
    for (slug, name) in concept_names {
        analysed.push((
            "en".into(),
            slug.clone(),
            analyze::term_stems(name, "en", &stop),
        ));
    }
    for (lang, file) in lexicons {
        for (concept, terms) in topics_of(file, "concepts") {
            for t in terms
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|t| t.as_str())
            {
                analysed.push((
                    lang.clone(),
                    concept.clone(),
                    analyze::term_stems(t, lang, &stop),
                ));
            }
        }
    }
    let terms = analyze::term_lines(
        analysed
            .iter()
            .map(|(l, c, s)| (l.as_str(), c.as_str(), s.as_str())),
    );
    let stem_index = analyze::stem_index(&terms);
    let term_counts = analyze::term_counts(&terms);
    tables.push_str(&format!(
        "    ],\n    terms: {terms:?},\n    stem_index: {stem_index:?},\n    term_counts: {term_counts:?},\n    postings: {postings:?},\n"
    ));
    // The example questions, analysed as the library's `Examples::of`
    // analyses a `--data` tree's: same function.
    let mut examples: Vec<(String, String, String)> = Vec::new();
    for (lang, file) in questions {
        for (topic, list) in topics_of(file, "questions") {
            for q in list
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|q| q.as_str())
            {
                examples.push((lang.clone(), topic.clone(), q.to_string()));
            }
        }
    }
    let analysed = analyze::examples(
        examples
            .iter()
            .map(|(l, t, q)| (l.as_str(), t.as_str(), q.as_str())),
        &stop,
        &vocab,
    );
    // The topic model, its topics numbered as the counts number them.
    let topic_names: Vec<&str> = analysed.topics.lines().collect();
    let labelled: Vec<(u16, &str)> = examples
        .iter()
        .filter_map(|(_, t, q)| {
            let t = topic_names.iter().position(|x| x == t)?;
            Some((u16::try_from(t).ok()?, q.as_str()))
        })
        .collect();
    let model = classifier::Classifier::train(&topic_names, labelled)
        .expect("no more topics than a model holds");
    fs::write(out_dir.join("topic_model.bin"), model.to_bytes()).expect("write the topic model");
    // Floats written as Rust reads them back bit for bit (`{:?}`).
    let totals: Vec<String> = analysed
        .totals
        .iter()
        .map(|(lang, topic, t)| {
            format!(
                "({lang}, {topic}, {}, {:?}, {:?})",
                t.questions, t.log_prior, t.log_unseen
            )
        })
        .collect();
    tables.push_str(&format!(
        "    example_topics: {:?},\n    example_counts: {:?},\n    example_lines: &{:?},\n    example_totals: &[{}],\n",
        analysed.topics,
        analysed.counts,
        analysed.lines,
        totals.join(", "),
    ));
    // The topics answered otherwise (`Concept::otherwise`): a search of
    // the bundled data parses no concept file.
    tables.push_str("    otherwise: &[\n");
    for (slug, others) in otherwise {
        tables.push_str(&format!("        ({slug:?}, &{others:?}),\n"));
    }
    tables.push_str("    ],\n}\n");
    (index, tables)
}

/// A lexicon's or a question file's lists by topic (under `key`, then
/// `not_covered`): topics no rulebook covers go in with their slug marked,
/// as `LexiconFile::topics` gives them.
fn topics_of<'v>(file: &'v serde_json::Value, key: &str) -> Vec<(String, &'v serde_json::Value)> {
    let concepts = file.get(key).and_then(|c| c.as_object());
    let uncovered = file.get("not_covered").and_then(|c| c.as_object());
    let concepts = concepts.into_iter().flatten().map(|(c, t)| (c.clone(), t));
    let uncovered = uncovered
        .into_iter()
        .flatten()
        .map(|(c, t)| (format!("!{c}"), t));
    concepts.chain(uncovered).collect()
}

/// The raw data of a rule or sub-part, read as `layout` reads the model.
impl layout::Block for serde_json::Value {
    type Part = serde_json::Value;
    fn label(&self) -> &str {
        field(self, "label")
    }
    fn text(&self) -> &str {
        field(self, "text")
    }
    fn tail(&self) -> &str {
        field(self, "tail")
    }
    fn parts(&self) -> &[serde_json::Value] {
        list(self, "parts")
    }
    fn examples(&self) -> impl Iterator<Item = (&str, &str)> {
        list(self, "examples")
            .iter()
            .map(|e| (field(e, "label"), field(e, "text")))
    }
}

fn field<'a>(v: &'a serde_json::Value, k: &str) -> &'a str {
    v.get(k).and_then(|x| x.as_str()).unwrap_or("")
}

fn list<'a>(v: &'a serde_json::Value, k: &str) -> &'a [serde_json::Value] {
    v.get(k)
        .and_then(|x| x.as_array())
        .map_or(&[], Vec::as_slice)
}

/// `key\x1fvalue\x1e` records sorted by dotted key; `None` if a value is not
/// text or a key or text contains a separator (the library then reports the
/// problem).
fn flatten(value: &serde_json::Value) -> Option<String> {
    let texts = keys::dotted_texts(value).ok()?;
    let separator = |s: &String| s.contains(['\x1e', '\x1f']);
    if texts.iter().any(|(k, v)| separator(k) || separator(v)) {
        return None;
    }
    Some(
        texts
            .iter()
            .map(|(k, v)| format!("{k}\x1f{v}\x1e"))
            .collect(),
    )
}

/// The edition as JSON, and its rule index: the edition's fields other than
/// its texts (`head`, with no sections), the sections' titles and, per
/// rule, its number, concept, kind, section, printed label, touched
/// concepts, parameters and the byte range of its JSON.
fn edition_json(value: &serde_json::Value) -> (String, String) {
    let to_json = |v: &serde_json::Value| serde_json::to_string(v).expect("a JSON value");
    let Some(edition) = value.as_object() else {
        return (to_json(value), String::new());
    };
    let mut out = String::from("{");
    let mut rules = Vec::new();
    for (i, (key, field)) in edition.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&to_json(&serde_json::Value::String(key.clone())));
        out.push(':');
        let sections = field.as_array().filter(|_| key == "sections");
        let Some(sections) = sections else {
            out.push_str(&to_json(field));
            continue;
        };
        out.push('[');
        for (si, section) in sections.iter().enumerate() {
            if si > 0 {
                out.push(',');
            }
            out.push('{');
            for (fi, (skey, sfield)) in section.as_object().into_iter().flatten().enumerate() {
                if fi > 0 {
                    out.push(',');
                }
                out.push_str(&to_json(&serde_json::Value::String(skey.clone())));
                out.push(':');
                match sfield.as_array().filter(|_| skey == "rules") {
                    Some(list) => {
                        out.push('[');
                        for (ri, rule) in list.iter().enumerate() {
                            if ri > 0 {
                                out.push(',');
                            }
                            let start = out.len();
                            out.push_str(&to_json(rule));
                            let mut entry = serde_json::json!({
                                "number": rule.get("number"),
                                "concept": rule.get("concept"),
                                "kind": rule.get("kind"),
                                "section": si,
                                "at": [start, out.len()],
                            });
                            // Most rules touch nothing, state no parameter,
                            // leave none unsettled and print no label of
                            // their own: the index leaves the fields out.
                            for key in ["touches", "params", "unsettled", "label"] {
                                let stated = rule.get(key).filter(|v| match v {
                                    serde_json::Value::Array(a) => !a.is_empty(),
                                    serde_json::Value::Object(o) => !o.is_empty(),
                                    _ => true,
                                });
                                if let (Some(v), Some(map)) = (stated, entry.as_object_mut()) {
                                    map.insert(key.into(), v.clone());
                                }
                            }
                            rules.push(entry);
                        }
                        out.push(']');
                    }
                    None => out.push_str(&to_json(sfield)),
                }
            }
            out.push('}');
        }
        out.push(']');
    }
    out.push('}');
    let mut head = edition.clone();
    for key in ["sections", "strays", "preamble"] {
        head.remove(key);
    }
    head.insert("sections".into(), serde_json::json!([]));
    let titles: Vec<&serde_json::Value> = edition
        .get("sections")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|s| s.get("title"))
        .collect();
    let index = serde_json::json!({"head": head, "sections": titles, "rules": rules});
    (out, to_json(&index))
}

fn drop_notes(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.remove("notes");
            map.values_mut().for_each(drop_notes);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(drop_notes),
        _ => {}
    }
}

/// A `data::ByPath` of bundled files: the paths one text, a path a line,
/// and the items (each a line of Rust) in the same order.
fn by_path(paths: &[String], items: &str) -> String {
    format!(
        "ByPath {{\n    paths: {:?},\n    items: &[\n{items}    ],\n}}",
        paths.join("\n")
    )
}

fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            println!("cargo:rerun-if-changed={}", path.display());
            collect(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "yaml") {
            println!("cargo:rerun-if-changed={}", path.display());
            let rel = path.strip_prefix(root).expect("under root");
            files.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// Leaves out every description of the provision catalog (the four UI
/// languages' texts of a provision, a term value or a shared value).
fn blank_descriptions(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            // Left out, not blanked: the reader takes a missing description
            // as empty, and skips no key it is not given.
            map.retain(|key, v| {
                !(matches!(key.as_str(), "en" | "nl" | "de" | "sk") && v.is_string())
            });
            map.values_mut().for_each(blank_descriptions);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(blank_descriptions),
        _ => {}
    }
}
