//! Cross-references in a rule's text: "zie Regel 36", "TDA Regel 45B",
//! "Siehe Regeln 34-D & 40-B", "Regels 41-45", "pravidlá 2 a 46", "See
//! Rule 13-A", "RP-5-D", "OP1", "MEC Regel 2", "Recommended Procedure 1".

use crate::import::words::ReferenceWords;
use crate::rules::RuleRef;

/// The citations in `text`, as rule numbers in the command line's spelling
/// ("13-A", "RP-5", "MEC-2"), in order, without repeats. `rule_words` are
/// the words a book's rules are headed by ("Regel", "Rule"),
/// `procedure_prefixes` the prefixes of recommended procedures ("RP"),
/// `words` the languages' words of cross-references.
pub fn citations(
    text: &str,
    rule_words: &[String],
    procedure_prefixes: &[String],
    words: &ReferenceWords,
) -> Vec<String> {
    let tokens = tokenize(text);
    let mut out: Vec<String> = Vec::new();
    let mut push = |s: String| {
        if !out.contains(&s) {
            out.push(s);
        }
    };
    let mut i = 0;
    while i < tokens.len() {
        let word = tokens[i].as_str();
        let is_rule_word = rule_words.iter().any(|w| w.eq_ignore_ascii_case(word))
            || ReferenceWords::has(&words.rules, word);
        let prefix = (i > 0)
            .then(|| tokens[i - 1].as_str())
            .filter(|p| p.len() >= 2 && p.len() <= 8 && p.chars().all(|c| c.is_ascii_uppercase()))
            .filter(|p| !p.eq_ignore_ascii_case("TDA"));
        if is_rule_word {
            let mut j = i + 1;
            while j < tokens.len() {
                let Some((number, part, used)) = number_at(&tokens, j) else {
                    break;
                };
                // A range: "Regels 41-45".
                match (&part, part.as_deref().and_then(|p| p.parse::<u32>().ok())) {
                    (_, Some(end)) if end > number && end - number <= 10 && prefix.is_none() => {
                        for n in number..=end {
                            push(n.to_string());
                        }
                    }
                    _ => {
                        let base = match prefix {
                            Some(p) => format!("{p}-{number}"),
                            None => number.to_string(),
                        };
                        push(match &part {
                            Some(p) => format!("{base}-{}", p.to_uppercase()),
                            None => base,
                        });
                    }
                }
                j += used;
                // A list goes on after "," "&" and the joining words ("en").
                match tokens.get(j).map(String::as_str) {
                    Some("," | "&") => j += 1,
                    Some(w) if ReferenceWords::has(&words.joiners, w) => j += 1,
                    _ => break,
                }
            }
            i = j.max(i + 1);
            continue;
        }
        // "RP-5-D", "OP1", "RP5".
        let letters: String = word
            .chars()
            .take_while(|c| c.is_ascii_uppercase())
            .collect();
        if procedure_prefixes.contains(&letters)
            && word.len() > letters.len()
            && let Some(r) = RuleRef::parse(word).filter(|r| r.prefix.is_some())
        {
            push(format!(
                "{letters}-{}{}",
                r.ordinal,
                r.part.map(|p| format!("-{p}")).unwrap_or_default()
            ));
        }
        // "Recommended Procedure 1", "empfohlenes Verfahren 5".
        if ReferenceWords::has(&words.procedures, word)
            && let Some((n, _, _)) = number_at(&tokens, i + 1)
        {
            push(format!("RP-{n}"));
        }
        i += 1;
    }
    out
}

/// Words, numbers and the punctuation that joins a list, as tokens:
/// "34-D" stays one token, "13A" too.
fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || c == '-' {
            current.push(c);
        } else {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current).trim_matches('-').to_string());
            }
            if matches!(c, ',' | '&') {
                out.push(c.to_string());
            }
        }
    }
    if !current.is_empty() {
        out.push(current.trim_matches('-').to_string());
    }
    out.retain(|t| !t.is_empty());
    out
}

/// A rule number at token `at` ("36", "45B", "34-D", "13-a", "41-45"): the
/// number, a part (or a range's end), and the tokens used.
fn number_at(tokens: &[String], at: usize) -> Option<(u32, Option<String>, usize)> {
    let token = tokens.get(at)?;
    let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
    let number: u32 = digits.parse().ok().filter(|n| *n < 1000)?;
    let rest = token[digits.len()..].trim_start_matches('-');
    let part = if rest.is_empty() {
        None
    } else if (rest.len() == 1 && rest.chars().all(|c| c.is_ascii_alphabetic()))
        || (rest.chars().all(|c| c.is_ascii_digit()) && rest.len() <= 3)
    {
        Some(rest.to_string())
    } else {
        return None;
    };
    Some((number, part, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cite(text: &str) -> Vec<String> {
        let headed: Vec<String> = ["Regel", "Rule", "Pravidlo"].map(String::from).to_vec();
        let words = crate::import::words::Words::load(&crate::data::DataSource::Embedded)
            .expect("the language file")
            .references();
        citations(text, &headed, &["RP".to_string(), "OP".to_string()], &words)
    }

    #[test]
    fn every_citation_style_of_the_editions() {
        assert_eq!(
            cite("(zie TDA Regel 36). Zie ook TDA Regel 35-d en TDA Regel 53-b."),
            ["36", "35-D", "53-B"]
        );
        assert_eq!(cite("Siehe Regeln 34-D & 40-B."), ["34-D", "40-B"]);
        assert_eq!(
            cite("de call/raise regels van TDA Regels 41-45 als volgt"),
            ["41", "42", "43", "44", "45"]
        );
        assert_eq!(cite("(pozri pravidlá 2 a 46)"), ["2", "46"]);
        assert_eq!(
            cite("See Rule 13-A and the TDA Regel 45B"),
            ["13-A", "45-B"]
        );
        assert_eq!(
            cite("zie MEC Regel 2; RP-5-D; (pozri OP1)"),
            ["MEC-2", "RP-5-D", "OP-1"]
        );
        assert_eq!(cite("See Recommended Procedure 1"), ["RP-1"]);
        assert_eq!(cite("Zie Regels 10, 11 en 63"), ["10", "11", "63"]);
        assert_eq!(cite("siehe empfohlenes Verfahren 5"), ["RP-5"]);
        assert_eq!(cite("pozri pravidlá 40 alebo 41"), ["40", "41"]);
        assert_eq!(cite("Regeln 34 oder 35"), ["34", "35"]);
    }

    /// A word that names nothing, or a list that ends, cites no more.
    #[test]
    fn words_that_cite_nothing() {
        assert_eq!(cite("Verfahren sind zu beachten"), Vec::<String>::new());
        assert_eq!(cite("5 Spieler und Regel 7 und danach"), ["7"]);
        assert_eq!(cite("Regel 7 sowie 8"), ["7"]);
    }
}
