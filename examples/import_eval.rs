//! Leave-one-out on the five bundled editions: each seed rulebook imported
//! knowing only the other four (their editions, the concepts and lexicon
//! terms they have, and the import cues their books contain), scored
//! against the edition as curated. `scripts/import_loo.sh [-v]` runs it.

use floor::data::DataSource;
use floor::import::Knowledge;
use floor::import::eval::{leave_one_out, ratio, seed_books};
use floor::rules::Store;

fn main() {
    let verbose = std::env::args().any(|a| a == "-v");
    // Editions named on the command line, else all five.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let store = Store::open(DataSource::Embedded).expect("the bundled data");
    let all = Knowledge::from_store(&store).expect("knowledge");
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/seeds");
    let ids: Vec<String> = store
        .ids()
        .map(str::to_string)
        .filter(|id| only.is_empty() || only.contains(id))
        .collect();
    let books = seed_books(&store, &seeds).expect("the seeds");
    println!(
        "| edition | rules curated/imported | precision | recall | titles exact | text identical | words lost/added | concepts | wrong: flagged/silent | parameters | missed but asked (value offered) | points for a person | cues held out | parameters the others state | missed, stated by none of the others: value/key |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut details = Vec::new();
    // Sums over the five: rules found, concepts, parameters, knowable ones.
    let mut total = [0usize; 8];
    for id in &ids {
        let held = store.edition(id).expect("edition");
        let text = &books[id];
        let (import, s, knowledge) = leave_one_out(&all, held, text, &books);
        println!(
            "| {} | {}/{} | {:.3} | {:.3} | {}/{} | {}/{} | {}/{} | {}/{} = {:.3} | {}/{} | {}/{} = {:.3} | {} ({}) | {} | {} | {}/{} = {:.3} | {}/{} |",
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
            s.words_added,
            s.concepts.0,
            s.concepts.1,
            ratio(s.concepts.0, s.concepts.1),
            s.wrong_flagged.len(),
            s.wrong_silent.len(),
            s.params.0,
            s.params.1,
            ratio(s.params.0, s.params.1),
            s.params_asked.0,
            s.params_asked.1,
            s.points,
            knowledge.cues_held_out.len(),
            s.params_knowable.0,
            s.params_knowable.1,
            ratio(s.params_knowable.0, s.params_knowable.1),
            s.params_unknown.0,
            s.params_unknown.1,
        );
        for (t, v) in total.iter_mut().zip([
            s.found,
            s.curated,
            s.concepts.0,
            s.concepts.1,
            s.params.0,
            s.params.1,
            s.params_knowable.0,
            s.params_knowable.1,
        ]) {
            *t += v;
        }
        details.push(format!(
            "{}: language {} ({:.2}), numbering {:?}, order {:?}",
            s.id,
            import.lang.code(),
            import.lang_share,
            import.mapping.numbering,
            import.mapping.order_numbering
        ));
        if verbose {
            let lines = [
                ("SILENT", &s.wrong_silent),
                ("flagged", &s.wrong_flagged),
                ("text", &s.text_diffs),
                ("param missed", &s.params_missed),
                ("WRONG param", &s.params_wrong),
                ("extra param", &s.params_extra),
                ("cue held out", &knowledge.cues_held_out),
            ];
            let report = floor::import::report::Report::of(&import, &held.source);
            for point in &report.points {
                details.push(format!(
                    "    point {}",
                    serde_json::to_string(point).unwrap_or_default()
                ));
            }
            for (what, list) in lines {
                for line in list {
                    details.push(format!("    {what} {line}"));
                }
            }
        }
    }
    let [
        found,
        curated,
        right,
        compared,
        params,
        stated,
        known,
        knowable,
    ] = total;
    println!(
        "\n{}: rules found {found}/{curated} = {:.3}; concepts {right}/{compared} = {:.3}; parameters {params}/{stated} = {:.3}; parameters the others state {known}/{knowable} = {:.3}",
        if only.is_empty() { "all five" } else { "these" },
        ratio(found, curated),
        ratio(right, compared),
        ratio(params, stated),
        ratio(known, knowable),
    );
    println!();
    for d in details {
        println!("{d}");
    }
}
