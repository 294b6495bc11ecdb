//! Leave-one-out on the five bundled editions: each seed rulebook imported
//! with the other four editions as the only knowledge, scored against the
//! edition as curated. `cargo run --release --example import_eval [-- -v]`.

use floor::data::DataSource;
use floor::import::Knowledge;
use floor::import::eval::{leave_one_out, ratio};
use floor::rules::Store;

fn main() {
    let verbose = std::env::args().any(|a| a == "-v");
    let store = Store::open(DataSource::Embedded).expect("the bundled data");
    let all = Knowledge::from_store(&store).expect("knowledge");
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seeds");
    println!(
        "{:<13} {:>5} {:>5} {:>6} {:>6} {:>7} {:>9} {:>6} {:>7} {:>9} {:>7} {:>6}",
        "edition",
        "rules",
        "found",
        "prec",
        "recall",
        "titles",
        "words=",
        "lost",
        "parts=",
        "concepts",
        "params",
        "points"
    );
    for id in store.ids().map(str::to_string).collect::<Vec<_>>() {
        let held = store.edition(&id).expect("edition");
        let text = std::fs::read_to_string(seeds.join(&held.source)).expect("seed");
        let (import, s) = leave_one_out(&all, held, &text);
        println!(
            "{:<13} {:>5} {:>5} {:>6.3} {:>6.3} {:>3}/{:<3} {:>4}/{:<4} {:>6} {:>3}/{:<3} {:>4}/{:<4} {:>3}/{:<3} {:>6}",
            s.id,
            s.curated,
            s.imported,
            s.precision(),
            s.recall(),
            s.titles.0,
            s.titles.1,
            s.same_words,
            s.found,
            s.words_lost,
            s.same_parts,
            s.found,
            s.concepts.0,
            s.concepts.1,
            s.params.0,
            s.params.1,
            s.points
        );
        println!(
            "              concepts {:.3}, wrong flagged {}, wrong silent {}, params {:.3}; lang {} ({:.2}), numbering {:?}, order {:?}",
            ratio(s.concepts.0, s.concepts.1),
            s.wrong_flagged.len(),
            s.wrong_silent.len(),
            ratio(s.params.0, s.params.1),
            import.lang.code(),
            import.lang_share,
            import.mapping.numbering,
            import.mapping.order_numbering
        );
        if verbose {
            for w in &s.wrong_silent {
                println!("    SILENT {w}");
            }
            for w in &s.wrong_flagged {
                println!("    flagged {w}");
            }
            for t in &s.text_diffs {
                println!("    text {t}");
            }
            for p in &s.params_missed {
                println!("    param {p}");
            }
            for p in &s.params_wrong {
                println!("    WRONG param {p}");
            }
            for p in &s.params_extra {
                println!("    extra param {p}");
            }
        }
    }
}
