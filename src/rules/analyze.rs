//! How a text becomes search terms: folded words (see `text::fold`), stop
//! words left out, each word reduced to its stem in the text's language, and
//! words printed glued together ("Chiprace", "žetónuvyššej") indexed as
//! their parts too.
//!
//! The build script indexes the bundled editions with this same module, so a
//! query is analysed exactly as the texts were.

use std::collections::{BTreeMap, BTreeSet};

use rust_stemmers::{Algorithm, Stemmer};

/// The languages of the texts, by code.
pub const LANGS: [&str; 4] = ["en", "nl", "de", "sk"];

/// The words of the texts, asked whether they have one, or a word of that
/// stem (so that "vyššej" counts as a word where only "vyššia" is printed).
pub trait Words {
    /// Whether `word` (folded) is in the set.
    fn has(&self, word: &str) -> bool;
    /// Whether a word of the texts in `lang` has this stem.
    fn has_stem(&self, lang: &str, stem: &str) -> bool;
}

/// The words of the texts as the build script collects them.
#[derive(Debug, Clone, Default)]
pub struct WordSet {
    /// Folded words.
    pub words: BTreeSet<String>,
    /// `lang stem` of each word, in the language of its text.
    pub stems: BTreeSet<String>,
}

impl WordSet {
    /// Adds the words of a text in a language.
    pub fn add_text(&mut self, text: &str, lang: &str) {
        for w in crate::text::fold(text).split(' ').filter(|w| !w.is_empty()) {
            self.stems.insert(format!("{lang} {}", stem(lang, w)));
            self.words.insert(w.to_string());
        }
    }
}

impl Words for WordSet {
    fn has(&self, word: &str) -> bool {
        self.words.contains(word)
    }
    fn has_stem(&self, lang: &str, stem: &str) -> bool {
        self.stems.contains(&format!("{lang} {stem}"))
    }
}

/// The stop words of each language: words that say nothing about a topic
/// ("de", "der", "the", "na"), left out of the index and of queries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StopWords {
    /// Folded, sorted and without repeats, per language: the bundled lists
    /// as the build made them.
    prebuilt: &'static [(&'static str, &'static [&'static str])],
    by_lang: BTreeMap<String, BTreeSet<String>>,
}

impl StopWords {
    /// The lists the build folded and sorted (see [`StopWords::sorted`]).
    pub fn prebuilt(lists: &'static [(&'static str, &'static [&'static str])]) -> StopWords {
        StopWords {
            prebuilt: lists,
            by_lang: BTreeMap::new(),
        }
    }

    /// Adds the stop words of a language (folded here).
    pub fn add<'w>(&mut self, lang: &str, words: impl IntoIterator<Item = &'w str>) {
        let set = self.by_lang.entry(lang.to_string()).or_default();
        for w in words {
            for token in crate::text::fold(w).split(' ').filter(|t| !t.is_empty()) {
                set.insert(token.to_string());
            }
        }
    }

    /// Each language's added words, folded and sorted: what the build
    /// embeds for [`StopWords::prebuilt`].
    pub fn sorted(&self) -> impl Iterator<Item = (&str, impl Iterator<Item = &str>)> {
        self.by_lang
            .iter()
            .map(|(lang, set)| (lang.as_str(), set.iter().map(String::as_str)))
    }

    /// Whether `word` (folded) is a stop word of `lang`.
    pub fn of(&self, lang: &str, word: &str) -> bool {
        self.prebuilt
            .iter()
            .any(|(l, list)| *l == lang && list.binary_search(&word).is_ok())
            || self.by_lang.get(lang).is_some_and(|s| s.contains(word))
    }

    /// Whether `word` (folded) is a stop word of any language: a query's
    /// language is not known.
    pub fn any(&self, word: &str) -> bool {
        self.prebuilt
            .iter()
            .any(|(_, list)| list.binary_search(&word).is_ok())
            || self.by_lang.values().any(|s| s.contains(word))
    }
}

/// The stem of a folded word in a language: Snowball for English, Dutch and
/// German, [`stem_sk`] for Slovak; digits and words of fewer than three
/// letters are their own stem.
pub fn stem(lang: &str, word: &str) -> String {
    if word.len() < 3 || word.bytes().any(|b| b.is_ascii_digit()) {
        return word.to_string();
    }
    let algorithm = match lang {
        "en" => Algorithm::English,
        "nl" => Algorithm::Dutch,
        "de" => Algorithm::German,
        "sk" => return stem_sk(word),
        _ => return word.to_string(),
    };
    let mut stemmed = Stemmer::create(algorithm).stem(word).into_owned();
    // German Snowball keeps the plural "s" of loanwords after a letter its
    // own plurals never end in ("Chips", "Flops", "Rebuys", "Autos"), so
    // "Chips" of a rule would never meet "Chip" of "Mehrchipregel".
    if lang == "de"
        && stemmed == word
        && word.len() >= 5
        && let Some(base) = word.strip_suffix('s')
        && base.ends_with(['p', 'y', 'a', 'o'])
    {
        stemmed = base.to_string();
    }
    if stemmed.len() < 2 {
        word.to_string()
    } else {
        stemmed
    }
}

/// Case and number endings of Slovak nouns, adjectives and verbs, folded
/// (no accents), longest first.
const SK_ENDINGS: [&str; 32] = [
    "ovia", "ami", "ach", "och", "ych", "ymi", "ich", "imi", "emu", "eho", "ovi", "uju", "aju",
    "om", "ou", "ov", "ej", "ym", "im", "ia", "ie", "iu", "ii", "mi", "em", "am", "a", "e", "i",
    "o", "u", "y",
];

/// Endings that make verbs and verbal nouns of a root, folded, longest
/// first: "ukázať", "ukázal", "ukazuje", "ukazovať", "ukázanie" all come to
/// "ukaz"; "vyradený", "vyradenie" to "vyrad".
const SK_VERB_ENDINGS: [&str; 10] = [
    "ovat", "oval", "ovan", "at", "al", "an", "it", "il", "en", "uj",
];

/// A light stemmer for Slovak (Snowball has none, and no maintained crate
/// stems it): it removes one case, number or person ending
/// ([`SK_ENDINGS`], longest first) when at least three letters stay, then
/// one verb or verbal-noun ending ([`SK_VERB_ENDINGS`]) when at least three
/// letters stay, then drops the vowel that Slovak inserts before the last
/// consonant of some forms ("stávok" → "stavk" like "stávka",
/// "kariet" → "kart" like "karta"), again keeping three letters. Applied to
/// every form alike, texts and queries, so the forms of a word meet on one
/// stem even where the stem is not a word.
pub fn stem_sk(word: &str) -> String {
    let mut stem = word;
    for ending in SK_ENDINGS {
        if let Some(rest) = word.strip_suffix(ending)
            && rest.len() >= 3
        {
            stem = rest;
            break;
        }
    }
    for ending in SK_VERB_ENDINGS {
        if let Some(rest) = stem.strip_suffix(ending)
            && rest.len() >= 3
            && rest.bytes().any(|b| b"aeiouy".contains(&b))
        {
            stem = rest;
            break;
        }
    }
    let bytes = stem.as_bytes();
    let consonant = |b: u8| b.is_ascii_lowercase() && !b"aeiouy".contains(&b);
    if let [.., before, b'i', b'e', last] = bytes
        && consonant(*before)
        && consonant(*last)
        && bytes.len() >= 5
    {
        return format!("{}{}", &stem[..stem.len() - 3], char::from(*last));
    }
    if let [.., before, b'o' | b'e', last] = bytes
        && consonant(*before)
        && consonant(*last)
        && bytes.len() >= 4
    {
        return format!("{}{}", &stem[..stem.len() - 2], char::from(*last));
    }
    stem.to_string()
}

/// The stems a Dutch or German verb form may come from, for a query word
/// whose own stem no text has: Snowball stems infinitives and nouns
/// ("kloppen", "verlassen") but not the forms a sentence uses ("klopt",
/// "geklopt", "verlässt", "telefonieren" for "Telefon"). Each candidate of
/// [`infinitives`] is stemmed as a text word would be. The caller keeps only
/// those the texts have. Slovak regular verb endings are in [`stem_sk`].
pub fn form_variants(lang: &str, word: &str) -> Vec<String> {
    let own = stem(lang, word);
    let mut stems: Vec<String> = Vec::new();
    let diminished = if lang == "nl" {
        diminutive_bases(word)
    } else {
        Vec::new()
    };
    for w in infinitives(lang, word).into_iter().chain(diminished) {
        let s = stem(lang, &w);
        if s != own && s.len() >= 3 && !stems.contains(&s) {
            stems.push(s);
        }
    }
    stems
}

/// The nouns a Dutch diminutive may be of ("rekje" of "rek", "stoeltje"
/// of "stoel", "balletje" of "bal", plurals too): Snowball leaves the
/// ending on, and the rules say the plain noun. Every reading the endings
/// allow; the caller keeps those the texts have.
pub fn diminutive_bases(word: &str) -> Vec<String> {
    let mut bases = Vec::new();
    for ending in ["etjes", "etje", "tjes", "tje", "pjes", "pje", "jes", "je"] {
        let Some(base) = word.strip_suffix(ending).filter(|b| b.len() >= 3) else {
            continue;
        };
        bases.push(base.to_string());
        // Its plural, the form the rules often say: "rekken", "kloppen".
        let bytes = base.as_bytes();
        if let Some(&last) = bytes.last()
            && !b"aeiouy".contains(&last)
        {
            bases.push(format!("{base}en"));
            bases.push(format!("{base}{}en", char::from(last)));
        }
        // "balletje": the consonant is doubled before "-etje".
        if ending.starts_with("et")
            && let [.., a, b] = bytes
            && a == b
        {
            bases.push(base[..base.len() - 1].to_string());
        }
    }
    bases
}

/// The words a verb form may be a form of: an irregular form
/// ([`IRREGULAR`], in every language) its infinitive; in Dutch and German,
/// the ending (and a participle's "ge-") taken off and the infinitive
/// rebuilt the ways the spelling allows (a doubled consonant, a long vowel
/// written single, f for v, s for z), and a verb made of a noun its noun
/// ("telefonieren" of "Telefon").
pub fn infinitives(lang: &str, word: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    // Irregular forms, also after a prefix ("ontliep" of "ontlopen").
    for (form, infinitive) in IRREGULAR
        .iter()
        .filter(|(l, _)| *l == lang)
        .flat_map(|(_, t)| *t)
    {
        if let Some(prefix) = word.strip_suffix(form)
            && prefix.len() <= 4
        {
            words.push(format!("{prefix}{infinitive}"));
        }
    }
    // A separable verb's participle has its "ge" after the particle, and
    // its German zu-infinitive its "zu" ("aufgelöst" of "auflösen",
    // "omgedraaid" of "omdraaien", "aufzulösen"): the forms of the rest,
    // the particle before each.
    for particle in PARTICLES
        .iter()
        .filter(|(l, _)| *l == lang)
        .flat_map(|(_, list)| *list)
    {
        let Some(rest) = word.strip_prefix(particle) else {
            continue;
        };
        if rest.len() >= 5 && rest.starts_with("ge") {
            words.extend(
                infinitives(lang, rest)
                    .into_iter()
                    .map(|w| format!("{particle}{w}")),
            );
        }
        if let Some(verb) = rest
            .strip_prefix("zu")
            .filter(|v| lang == "de" && v.len() >= 4)
        {
            words.push(format!("{particle}{verb}"));
        }
    }
    let (prefix, endings): (&str, &[&str]) = match lang {
        "nl" => ("ge", &["ten", "den", "te", "de", "t", "d"]),
        "de" => (
            "ge",
            &["test", "tet", "ten", "te", "est", "st", "et", "t", "en"],
        ),
        _ => return words,
    };
    let mut bases: Vec<&str> = Vec::new();
    for w in [
        Some(word),
        word.strip_prefix(prefix).filter(|w| w.len() >= 4),
    ]
    .into_iter()
    .flatten()
    {
        for ending in endings {
            if let Some(base) = w.strip_suffix(ending).filter(|b| b.len() >= 3) {
                bases.push(base);
            }
        }
    }
    for base in bases {
        let mut forms = vec![base.to_string()];
        if lang == "de" {
            // Verbs made of nouns: "telefonieren" of "Telefon".
            if let Some(root) = base.strip_suffix("ier").filter(|r| r.len() >= 4) {
                forms.push(root.to_string());
            }
        } else {
            let bytes = base.as_bytes();
            if let [.., a, b, c] = bytes
                && a == b
                && b"aeou".contains(a)
                && !b"aeiouy".contains(c)
            {
                // "maakt" of "maken": the long vowel is written single
                // before "-en".
                forms.push(format!("{}{}", &base[..base.len() - 2], char::from(*c)));
            }
            let last = bytes.last().copied().unwrap_or(b'a');
            if !b"aeiouy".contains(&last) {
                // "klopt" of "kloppen", "zegt" of "zeggen".
                forms.push(format!("{base}{}", char::from(last)));
            }
            for (from, to) in [('f', 'v'), ('s', 'z')] {
                if let Some(root) = base.strip_suffix(from) {
                    forms.push(format!("{root}{to}"));
                }
            }
        }
        for form in forms {
            words.push(format!("{form}en"));
            words.push(format!("{form}n"));
            words.push(form);
        }
    }
    words
}

/// The particles of Dutch and German separable verbs, folded: in a main
/// clause the particle stands apart, after the verb ("loopt … weg" of
/// "weglopen", "deckt … auf" of "aufdecken", "schiebt … nach" of
/// "nachschieben").
const PARTICLES: &[(&str, &[&str])] = &[
    (
        "nl",
        &[
            "aan", "af", "bij", "door", "in", "mee", "na", "om", "op", "over", "terug", "toe",
            "uit", "weg", "neer", "vast", "open", "dicht", "samen", "achter", "binnen", "tegen",
            "voor",
        ],
    ),
    (
        "de",
        &[
            "ab", "an", "auf", "aus", "bei", "ein", "mit", "nach", "vor", "weg", "zu", "zuruck",
            "um", "durch", "hin", "her", "los", "weiter", "hoch", "runter", "rein", "raus",
            "zusammen", "fest", "frei", "nieder", "vorbei", "offen",
        ],
    ),
];

/// Whether `word` (folded) is a separable verb particle of `lang`.
pub fn is_particle(lang: &str, word: &str) -> bool {
    PARTICLES
        .iter()
        .any(|(l, list)| *l == lang && list.contains(&word))
}

/// The separable verbs a verb form and a particle that stands apart from it
/// may make, as words: the particle before the form and before each of its
/// [`infinitives`] ("weg" and "loopt": "wegloopt", "weglopen", …).
pub fn particle_verbs(lang: &str, particle: &str, verb: &str) -> Vec<String> {
    let mut out = vec![format!("{particle}{verb}")];
    out.extend(
        infinitives(lang, verb)
            .into_iter()
            .map(|w| format!("{particle}{w}")),
    );
    out
}

/// Irregular verb forms a floor person types, folded, and their
/// infinitives: the past tenses and participles the regular endings of
/// [`form_variants`] cannot lead back ("left" of "leave", "liep" of
/// "lopen", "verließ" of "verlassen", "odišiel" of "odísť").
const IRREGULAR: &[(&str, &[(&str, &str)])] = &[
    (
        "en",
        &[
            ("left", "leave"),
            ("threw", "throw"),
            ("thrown", "throw"),
            ("shown", "show"),
            ("saw", "see"),
            ("seen", "see"),
            ("gave", "give"),
            ("given", "give"),
            ("took", "take"),
            ("taken", "take"),
            ("made", "make"),
            ("found", "find"),
            ("dealt", "deal"),
            ("sat", "sit"),
            ("lost", "lose"),
            ("won", "win"),
            ("paid", "pay"),
            ("said", "say"),
            ("told", "tell"),
            ("fell", "fall"),
            ("fallen", "fall"),
            ("spoke", "speak"),
            ("spoken", "speak"),
            ("chose", "choose"),
            ("chosen", "choose"),
            ("broke", "break"),
            ("broken", "break"),
            ("hid", "hide"),
            ("hidden", "hide"),
            ("went", "go"),
            ("gone", "go"),
            ("came", "come"),
            ("drew", "draw"),
            ("drawn", "draw"),
        ],
    ),
    (
        "nl",
        &[
            ("liep", "lopen"),
            ("liepen", "lopen"),
            ("gelopen", "lopen"),
            ("zei", "zeggen"),
            ("zeiden", "zeggen"),
            ("gaf", "geven"),
            ("gaven", "geven"),
            ("nam", "nemen"),
            ("namen", "nemen"),
            ("genomen", "nemen"),
            ("kwam", "komen"),
            ("kwamen", "komen"),
            ("liet", "laten"),
            ("lag", "liggen"),
            ("zag", "zien"),
            ("gezien", "zien"),
            ("vond", "vinden"),
            ("gevonden", "vinden"),
            ("viel", "vallen"),
            ("gevallen", "vallen"),
            ("trok", "trekken"),
            ("getrokken", "trekken"),
            ("zat", "zitten"),
            ("stond", "staan"),
            ("ging", "gaan"),
            ("gegaan", "gaan"),
            ("sprak", "spreken"),
            ("gesproken", "spreken"),
            ("won", "winnen"),
            ("gewonnen", "winnen"),
            ("verloor", "verliezen"),
            ("verloren", "verliezen"),
            ("bood", "bieden"),
            ("geboden", "bieden"),
            ("schoof", "schuiven"),
            ("geschoven", "schuiven"),
            ("verliet", "verlaten"),
            ("wierp", "werpen"),
            ("geworpen", "werpen"),
        ],
    ),
    (
        "de",
        &[
            ("verliess", "verlassen"),
            ("liess", "lassen"),
            ("gab", "geben"),
            ("nahm", "nehmen"),
            ("genommen", "nehmen"),
            ("sah", "sehen"),
            ("fand", "finden"),
            ("gefunden", "finden"),
            ("fiel", "fallen"),
            ("ging", "gehen"),
            ("gegangen", "gehen"),
            ("kam", "kommen"),
            ("lag", "liegen"),
            ("sass", "sitzen"),
            ("stand", "stehen"),
            ("zog", "ziehen"),
            ("gezogen", "ziehen"),
            ("warf", "werfen"),
            ("geworfen", "werfen"),
            ("sprach", "sprechen"),
            ("gesprochen", "sprechen"),
            ("verlor", "verlieren"),
            ("verloren", "verlieren"),
            ("gewann", "gewinnen"),
            ("gewonnen", "gewinnen"),
            ("bot", "bieten"),
            ("geboten", "bieten"),
            ("schob", "schieben"),
            ("geschoben", "schieben"),
            ("hielt", "halten"),
            ("rief", "rufen"),
        ],
    ),
    (
        "sk",
        &[
            ("odide", "odist"),
            ("odisiel", "odist"),
            ("odisla", "odist"),
            ("odisli", "odist"),
            ("prisiel", "prist"),
            ("prisla", "prist"),
            ("vzal", "vziat"),
            ("vzala", "vziat"),
        ],
    ),
];

/// The shortest part a glued word is split into.
pub const MIN_PART: usize = 3;

/// The shortest stop word read as the head of a glued word (see
/// `split_in`).
const MIN_HEAD: usize = 5;

/// The parts of a word printed glued together, when they are words of
/// `vocab` that are not stop words: "chiprace" → "chip", "race";
/// "zetonuvyssej" → "zetonu", "vyssej"; a German linking "s" is allowed
/// ("spielerswechsel" → "spieler", "wechsel"). Two parts, or three when the
/// second splits again; the split into fewer parts wins, then the one
/// keeping the longest shorter part.
/// `None` when the word does not split.
pub fn split_glued<'w>(
    word: &'w str,
    langs: &[&str],
    vocab: &impl Words,
    stop: &StopWords,
) -> Option<Vec<&'w str>> {
    split_in(word, langs, vocab, stop, true)
}

fn split_in<'w>(
    word: &'w str,
    langs: &[&str],
    vocab: &impl Words,
    stop: &StopWords,
    again: bool,
) -> Option<Vec<&'w str>> {
    if word.len() < 2 * MIN_PART + 1 || !word.is_ascii() {
        return None;
    }
    // A part is a word of the texts, or (four letters or more) a form of
    // one: its stem is the stem of a printed word.
    let good = |w: &str| {
        w.len() >= MIN_PART
            && !stop.any(w)
            && (vocab.has(w)
                || (w.len() > MIN_PART && langs.iter().any(|l| vocab.has_stem(l, &stem(l, w)))))
    };
    // (parts, shortest part, parts)
    let mut best: Option<(usize, usize, Vec<&'w str>)> = None;
    let mut consider = |parts: Vec<&'w str>| {
        // Fewer parts first ("meerwaarde chip", not "meer waarde chip"),
        // then the longest shorter part.
        let shortest = parts.iter().map(|p| p.len()).min().unwrap_or(0);
        let better = best
            .as_ref()
            .is_none_or(|(n, s, _)| parts.len() < *n || (parts.len() == *n && shortest > *s));
        if better {
            best = Some((parts.len(), shortest, parts));
        }
    };
    for at in MIN_PART..=word.len() - MIN_PART {
        let (left, right) = word.split_at(at);
        // A compound whose head says nothing of a topic ("Mehrchipregel",
        // the rule on multiple chips) is read as the words before it. Such
        // heads are nouns ("regel", "pravidlo", "problem"); a shorter stop
        // word at a word's end is as often an ending ("delenom").
        if again && right.len() >= MIN_HEAD && langs.iter().any(|l| stop.of(l, right)) {
            let before = if good(left) {
                Some(vec![left])
            } else {
                split_in(left, langs, vocab, stop, false)
            };
            if let Some(parts) = before {
                consider(parts);
            }
            continue;
        }
        let left_ok = good(left)
            || (left.len() > MIN_PART && left.ends_with('s') && good(&left[..left.len() - 1]));
        if !left_ok {
            continue;
        }
        let left = if good(left) {
            left
        } else {
            &left[..left.len() - 1]
        };
        let parts = if good(right) {
            vec![left, right]
        } else if again {
            match split_in(right, langs, vocab, stop, false) {
                Some(mut rest) => {
                    rest.insert(0, left);
                    rest
                }
                None => continue,
            }
        } else {
            continue;
        };
        consider(parts);
    }
    best.map(|(_, _, parts)| parts)
}

/// The index terms of a text in a language: " stem stem … " (a space before
/// and after each, so a term is found as " stem "), stop words left out, and
/// after a glued word the stems of its parts.
pub fn index_terms(text: &str, lang: &str, stop: &StopWords, vocab: &impl Words) -> String {
    let folded = crate::text::fold(text);
    let mut out = String::with_capacity(folded.len() / 2 + 2);
    out.push(' ');
    for word in folded.split(' ').filter(|w| !w.is_empty()) {
        if stop.of(lang, word) {
            continue;
        }
        out.push_str(&stem(lang, word));
        out.push(' ');
        if let Some(parts) = split_glued(word, &[lang], vocab, stop) {
            for part in parts {
                out.push_str(&stem(lang, part));
                out.push(' ');
            }
        }
    }
    out
}

/// A lexicon term as index terms: its words folded, stop words left out
/// (unless nothing else is left), stemmed, joined by spaces.
pub fn term_stems(term: &str, lang: &str, stop: &StopWords) -> String {
    let folded = crate::text::fold(term);
    let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    let kept: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !stop.of(lang, w))
        .collect();
    let words = if kept.is_empty() { words } else { kept };
    words
        .iter()
        .map(|w| stem(lang, w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Terms as sorted lines `lang stems<TAB>concept`, a newline before each
/// (as the build writes them); terms without stems or with a separator in
/// them are left out.
pub fn term_lines<'t>(terms: impl IntoIterator<Item = (&'t str, &'t str, &'t str)>) -> String {
    let lines: Vec<String> = terms
        .into_iter()
        .filter(|(lang, concept, stems)| {
            !stems.is_empty()
                && !lang.contains([' ', '\t', '\n'])
                && !concept.contains([' ', '\t', '\n'])
                && !stems.contains(['\t', '\n'])
        })
        .map(|(lang, concept, stems)| format!("{lang} {stems}\t{concept}"))
        .collect();
    sorted_lines(lines)
}

/// Where each stem of the analysed terms `terms` (the text `term_lines`
/// makes) is said: a line `lang stem<TAB>offset` for every stem of every
/// term, the offset the byte where the term's line starts, sorted; so the
/// terms that say a stem are found by a binary search, not a scan of every
/// term of the language.
pub fn stem_index(terms: &str) -> String {
    let mut lines = Vec::new();
    let mut at = 0;
    for line in terms.split('\n') {
        let start = at;
        at += line.len() + 1;
        let Some((head, _)) = line.split_once('\t') else {
            continue;
        };
        let Some((lang, stems)) = head.split_once(' ') else {
            continue;
        };
        for stem in stems.split(' ').filter(|s| !s.is_empty()) {
            lines.push(format!("{lang} {stem}\t{start}"));
        }
    }
    sorted_lines(lines)
}

/// How many of the analysed terms `terms` name each topic: a line
/// `concept<TAB>count` per topic (the concept column as the terms write it,
/// an uncovered topic's slug marked), sorted for `lexicon::lower_bound`.
pub fn term_counts(terms: &str) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for line in terms.split('\n') {
        if let Some((_, concept)) = line.split_once('\t') {
            *counts.entry(concept).or_default() += 1;
        }
    }
    sorted_lines(
        counts
            .into_iter()
            .map(|(c, n)| format!("{c}\t{n}"))
            .collect(),
    )
}

/// Lines sorted and without repeats, a newline before and after each, as
/// `lexicon::lower_bound` searches them.
fn sorted_lines(mut lines: Vec<String>) -> String {
    lines.sort_unstable();
    lines.dedup();
    let mut out = String::from("\n");
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// How many terms index terms (`index_terms`) hold: a rule's length for
/// BM25.
pub fn term_count(terms: &str) -> usize {
    terms.bytes().filter(|&b| b == b' ').count()
}

/// Where rules say each stem of their index terms (see [`index_terms`]),
/// so that a search reads the rules that say a query's stems instead of
/// scanning every rule: sorted lines `lang stem<TAB>postings`, a newline
/// before and after each, from `(lang, title terms, text terms)` per rule.
/// A posting is `rule:title:times` (the rule's position among those given,
/// 1 when its title says the stem, how many times its text does), one per
/// rule that says the stem, separated by spaces, in rule order.
///
/// The times are those a scan for the stem between spaces finds (the
/// search counted so before): the space after a match is not found again,
/// so of a stem said several times in a row every other one counts.
pub fn postings<'t>(rules: impl IntoIterator<Item = (&'t str, &'t str, &'t str)>) -> String {
    let mut by_key: BTreeMap<(&str, &str), String> = BTreeMap::new();
    for (r, (lang, title, text)) in rules.into_iter().enumerate() {
        let mut said: BTreeMap<&str, (bool, usize)> = BTreeMap::new();
        for stem in title.split(' ').filter(|s| !s.is_empty()) {
            said.entry(stem).or_default().0 = true;
        }
        // The stem a match just ended at, whose space is taken.
        let mut taken: Option<&str> = None;
        for stem in text.split(' ') {
            if stem.is_empty() || taken == Some(stem) {
                taken = None;
                continue;
            }
            said.entry(stem).or_default().1 += 1;
            taken = Some(stem);
        }
        for (stem, (in_title, times)) in said {
            if lang.contains([' ', '\t', '\n']) || stem.contains(['\t', '\n']) {
                continue;
            }
            let list = by_key.entry((lang, stem)).or_default();
            if !list.is_empty() {
                list.push(' ');
            }
            list.push_str(&format!("{r}:{}:{times}", u8::from(in_title)));
        }
    }
    sorted_lines(
        by_key
            .into_iter()
            .map(|((lang, stem), list)| format!("{lang} {stem}\t{list}"))
            .collect(),
    )
}

/// Example questions counted for the search (see `search::Examples`): a
/// naive Bayes model of which words each topic's questions use.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnalysedExamples {
    /// The topics, a line each, in the order the questions first name them.
    pub topics: String,
    /// Sorted lines `lang stem<TAB>counts`, a newline before and after
    /// each: per topic that has questions in that language saying the stem,
    /// `topic:questions` (the topic a line of `topics`, from 0), separated
    /// by spaces, in topic order.
    pub counts: String,
    /// Per language (a [`LANGS`] index) and topic: its questions and the
    /// model's constants for it.
    pub totals: Vec<(u8, u16, TopicTotals)>,
    /// Where each line of `counts` starts, in order: a stem's line is found
    /// by a binary search over these, comparing its start only (a scan
    /// for line ends over long lines cost more than the rest of a search).
    pub lines: Vec<u32>,
}

/// The naive Bayes model's smoothing: a stem counts as said by this many
/// questions of every topic besides those that say it (a word no question
/// of a topic says makes the topic less likely, not impossible).
pub const QUESTION_ALPHA: f64 = 0.2;

/// What the naive Bayes model of the example questions keeps of a topic in
/// a language.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TopicTotals {
    /// Its questions.
    pub questions: u32,
    /// log P(topic): its share of the language's questions.
    pub log_prior: f64,
    /// log P(stem | topic) of a stem none of its questions says; a stem
    /// `n` of them say adds ln((n + α) / α) to it.
    pub log_unseen: f64,
}

/// Counts example questions, given as (language, topic, question): each
/// question's distinct index terms (as a rule's text's), per language the
/// questions of each topic saying each stem, and the totals a naive Bayes
/// model needs. A question in a language not of [`LANGS`] is left out.
pub fn examples<'q>(
    questions: impl IntoIterator<Item = (&'q str, &'q str, &'q str)>,
    stop: &StopWords,
    vocab: &impl Words,
) -> AnalysedExamples {
    let mut topics: Vec<&str> = Vec::new();
    let mut counts: BTreeMap<(&str, String), BTreeMap<usize, u32>> = BTreeMap::new();
    let mut totals: BTreeMap<(usize, usize), (u32, u32)> = BTreeMap::new();
    for (lang, topic, question) in questions {
        let Some(l) = LANGS.iter().position(|x| *x == lang) else {
            continue;
        };
        let t = match topics.iter().position(|x| *x == topic) {
            Some(t) => t,
            None => {
                topics.push(topic);
                topics.len() - 1
            }
        };
        let terms = index_terms(question, lang, stop, vocab);
        let stems: BTreeSet<&str> = terms.split(' ').filter(|s| !s.is_empty()).collect();
        let total = totals.entry((l, t)).or_default();
        total.0 += 1;
        total.1 += u32::try_from(stems.len()).unwrap_or(u32::MAX);
        for stem in stems {
            if stem.contains(['\t', '\n']) {
                continue;
            }
            *counts
                .entry((lang, stem.to_string()))
                .or_default()
                .entry(t)
                .or_default() += 1;
        }
    }
    // Per language: its distinct stems and its questions.
    let mut vocabulary = [0f64; 4];
    for (lang, _) in counts.keys() {
        if let Some(v) = LANGS
            .iter()
            .position(|x| x == lang)
            .and_then(|l| vocabulary.get_mut(l))
        {
            *v += 1.0;
        }
    }
    let mut questions = [0f64; 4];
    for (&(l, _), &(q, _)) in &totals {
        if let Some(n) = questions.get_mut(l) {
            *n += f64::from(q);
        }
    }
    let lines = counts
        .into_iter()
        .map(|((lang, stem), by_topic)| {
            let list: Vec<String> = by_topic.iter().map(|(t, n)| format!("{t}:{n}")).collect();
            format!("{lang} {stem}\t{}", list.join(" "))
        })
        .collect();
    let mut names = String::new();
    for topic in &topics {
        names.push_str(topic);
        names.push('\n');
    }
    let counts = sorted_lines(lines);
    let mut starts = Vec::new();
    let mut at = 0usize;
    for line in counts.split('\n') {
        if !line.is_empty() {
            starts.push(u32::try_from(at).unwrap_or(u32::MAX));
        }
        at += line.len() + 1;
    }
    AnalysedExamples {
        topics: names,
        counts,
        lines: starts,
        totals: totals
            .into_iter()
            .map(|((l, t), (q, stems))| {
                let all = questions.get(l).copied().unwrap_or(1.0).max(1.0);
                let v = vocabulary.get(l).copied().unwrap_or(0.0);
                (
                    u8::try_from(l).unwrap_or(0),
                    u16::try_from(t).unwrap_or(u16::MAX),
                    TopicTotals {
                        questions: q,
                        log_prior: (f64::from(q) / all).ln(),
                        log_unseen: (QUESTION_ALPHA / (f64::from(stems) + QUESTION_ALPHA * v)).ln(),
                    },
                )
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A posting's times are what a scan for ` stem ` finds in the text, and
    /// its title flag whether the title says the stem: the postings give
    /// the search what it read by scanning each rule.
    #[test]
    fn postings_count_as_a_scan_for_the_stem_between_spaces() {
        use proptest::prelude::*;
        let words = prop::sample::select(vec!["a", "b", "ab", "ba", ""]);
        let text = prop::collection::vec(words, 0..12).prop_map(|w| format!(" {} ", w.join(" ")));
        proptest!(|(title in text.clone(), body in text)| {
            let lines = postings([("en", title.as_str(), body.as_str())]);
            for stem in ["a", "b", "ab", "ba"] {
                let needle = format!(" {stem} ");
                let finder = memchr::memmem::Finder::new(needle.as_bytes());
                let times = finder.find_iter(body.as_bytes()).count();
                let in_title = finder.find(title.as_bytes()).is_some();
                let expected = (in_title || times > 0)
                    .then(|| format!("\nen {stem}\t0:{}:{times}\n", u8::from(in_title)));
                let line = lines.find(&format!("\nen {stem}\t")).map(|at| {
                    let end = lines[at + 1..].find('\n').map_or(lines.len(), |e| at + 2 + e);
                    lines[at..end].to_string()
                });
                prop_assert_eq!(line, expected, "{:?} / {:?}", title, body);
            }
        });
    }

    #[test]
    fn postings_list_the_rules_of_a_stem_in_order() {
        let lines = postings([
            ("en", " chip race ", " chip race chip "),
            ("de", " chip ", " chip "),
            ("en", " ", " race race race "),
        ]);
        assert_eq!(
            lines,
            "\nde chip\t1:1:1\nen chip\t0:1:2\nen race\t0:1:1 2:0:2\n"
        );
    }

    #[test]
    fn slovak_forms_meet_on_one_stem() {
        for (a, b) in [
            ("stavka", "stavok"),
            ("stavka", "stavky"),
            ("karta", "kariet"),
            ("ruka", "ruky"),
            ("ziva", "zivou"),
            ("zeton", "zetony"),
            ("hrac", "hracov"),
            ("turnaj", "turnajoch"),
            ("hrac", "hracoch"),
        ] {
            assert_eq!(stem_sk(a), stem_sk(b), "{a} {b}");
        }
        assert_ne!(stem_sk("kto"), stem_sk("ktory"));
    }

    #[test]
    fn slovak_verbs_meet_their_verbal_nouns() {
        for forms in [
            &[
                "ukazat", "ukazal", "ukazala", "ukazuje", "ukazuju", "ukazovat", "ukazanie",
            ][..],
            &["vyradeny", "vyradenie", "vyradeni"],
            &["zahodit", "zahodi", "zahodenie"],
            &["dorovnat", "dorovna", "dorovnanie"],
            &["navysenie", "navysujem"],
            &["presuvat", "presuvaju"],
        ] {
            for form in forms {
                assert_eq!(stem_sk(form), stem_sk(forms[0]), "{form}");
            }
        }
        // Nouns keep their stems apart.
        for (a, b) in [("stol", "stolov"), ("karte", "karta"), ("hrac", "hraca")] {
            assert_eq!(stem_sk(a), stem_sk(b), "{a} {b}");
        }
        assert_ne!(stem_sk("hrac"), stem_sk("hra"));
        assert_ne!(stem_sk("stol"), stem_sk("sto"));
    }

    #[test]
    fn verb_forms_lead_to_the_stems_of_their_infinitives() {
        for (lang, form, infinitive) in [
            ("nl", "klopt", "kloppen"),
            ("nl", "geklopt", "kloppen"),
            ("nl", "klopte", "kloppen"),
            ("nl", "gegooid", "gooien"),
            ("nl", "zegt", "zeggen"),
            ("nl", "maakt", "maken"),
            ("nl", "geeft", "geven"),
            ("de", "verlasst", "verlassen"),
            ("de", "klopft", "klopfen"),
            ("de", "gesetzt", "setzen"),
            ("de", "telefonieren", "telefon"),
            ("de", "verliess", "verlassen"),
            ("nl", "ontliep", "ontlopen"),
            ("en", "left", "leave"),
            ("sk", "odisiel", "odist"),
            ("de", "aufgelost", "auflosen"),
            ("de", "aufzulosen", "auflosen"),
            ("nl", "omgedraaid", "omdraaien"),
            ("nl", "ingeschoven", "inschuiven"),
        ] {
            assert!(
                form_variants(lang, form).contains(&stem(lang, infinitive)),
                "{lang} {form}: {:?} lacks {}",
                form_variants(lang, form),
                stem(lang, infinitive)
            );
        }
        assert!(form_variants("en", "called").is_empty());
        assert!(form_variants("sk", "ukazal").is_empty());
        // Nothing shorter than three letters.
        assert!(form_variants("nl", "bet").iter().all(|s| s.len() >= 3));
    }

    #[test]
    fn a_dutch_diminutive_leads_to_its_noun() {
        for (form, noun) in [
            ("rekje", "rek"),
            ("rekjes", "rekken"),
            ("stoeltje", "stoel"),
            ("kaartje", "kaart"),
            ("balletje", "bal"),
            ("chipje", "chip"),
            ("klopje", "kloppen"),
            ("sigaretje", "sigaret"),
            ("plekje", "plek"),
        ] {
            assert!(
                form_variants("nl", form).contains(&stem("nl", noun)),
                "{form}: {:?} lacks {}",
                form_variants("nl", form),
                stem("nl", noun)
            );
        }
        // Dutch only: German "je" is a word, English has no such ending.
        assert!(diminutive_bases("je").is_empty());
        assert!(!form_variants("de", "rekje").contains(&stem("de", "rek")));
    }

    #[test]
    fn a_particle_before_a_verb_form_makes_its_infinitive() {
        for (lang, particle, form, verb) in [
            ("nl", "weg", "loopt", "weglopen"),
            ("nl", "op", "geeft", "opgeven"),
            ("de", "auf", "deckt", "aufdecken"),
            ("de", "ab", "wirft", "abwirft"),
        ] {
            assert!(is_particle(lang, particle), "{particle}");
            let stems: Vec<String> = particle_verbs(lang, particle, form)
                .iter()
                .map(|w| stem(lang, w))
                .collect();
            assert!(
                stems.contains(&stem(lang, verb)),
                "{form} {particle}: {stems:?}"
            );
        }
        assert!(!is_particle("en", "up"));
        assert!(!is_particle("nl", "speler"));
    }

    #[test]
    fn snowball_stems_inflections() {
        assert_eq!(stem("en", "penalties"), stem("en", "penalty"));
        assert_eq!(stem("nl", "kaarten"), stem("nl", "kaart"));
        assert_eq!(stem("de", "erhohungen"), stem("de", "erhohung"));
        assert_eq!(stem("en", "43"), "43");
    }

    /// A glued word whose head is a noun the stop words list ("regel") is
    /// read as the words before it; a stop word of a few letters at a
    /// word's end is an ending, not a head.
    #[test]
    fn a_glued_word_whose_head_says_nothing_is_read_as_its_modifier() {
        let mut vocab = WordSet::default();
        vocab.add_text("mehr chip dele", "de");
        let mut stop = StopWords::default();
        stop.add("de", ["regel"]);
        stop.add("sk", ["nom"]);
        assert_eq!(
            split_glued("mehrchipregel", &["de"], &vocab, &stop),
            Some(vec!["mehr", "chip"])
        );
        assert_eq!(split_glued("delenom", &["de", "sk"], &vocab, &stop), None);
    }

    /// German plurals of loanwords in "s" after a letter Snowball keeps it
    /// after ("Chips", "Flops", "Rebuys") stem as the singular; short words
    /// and "-us" words keep it ("Haus", "aus").
    #[test]
    fn german_loanword_plurals_stem_as_the_singular() {
        for (plural, singular) in [("chips", "chip"), ("flops", "flop"), ("rebuys", "rebuy")] {
            assert_eq!(stem("de", plural), stem("de", singular), "{plural}");
        }
        assert_eq!(stem("de", "haus"), "haus");
        assert_eq!(stem("de", "bonus"), "bonus");
    }

    /// Each question counts once for each distinct stem it says, under its
    /// language and topic; a language the texts are not in is left out.
    #[test]
    fn example_questions_count_each_stem_once_per_question() {
        let stop = StopWords::default();
        let vocab = WordSet::default();
        let counted = examples(
            [
                ("en", "calling-clock", "Call the clock!"),
                ("en", "calling-clock", "clock, clock, call it"),
                ("en", "!tipping", "tips"),
                ("nl", "calling-clock", "klok"),
                ("fr", "calling-clock", "horloge"),
            ],
            &stop,
            &vocab,
        );
        assert_eq!(counted.topics, "calling-clock\n!tipping\n");
        let lines: Vec<&str> = counted.counts.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(
            lines,
            [
                "en call\t0:2",
                "en clock\t0:2",
                "en it\t0:1",
                "en the\t0:1",
                "en tip\t1:1",
                "nl klok\t0:1",
            ]
        );
        // Per (language, topic): its questions; its share of the language's
        // questions; and a stem none of them says against the stems they
        // say in all (6 and 1 in English, of 5 distinct; 1 in Dutch, of 1).
        let totals = |questions: u32, share: f64, stems: f64, vocabulary: f64| TopicTotals {
            questions,
            log_prior: share.ln(),
            log_unseen: (QUESTION_ALPHA / (stems + QUESTION_ALPHA * vocabulary)).ln(),
        };
        assert_eq!(
            counted.totals,
            [
                (0, 0, totals(2, 2.0 / 3.0, 6.0, 5.0)),
                (0, 1, totals(1, 1.0 / 3.0, 1.0, 5.0)),
                (1, 0, totals(1, 1.0, 1.0, 1.0)),
            ]
        );
    }

    #[test]
    fn glued_words_split_into_known_words() {
        let mut vocab = WordSet::default();
        vocab.add_text("chip race zetonu vyssia under call the", "sk");
        let mut stop = StopWords::default();
        stop.add("en", ["the"]);
        assert_eq!(
            split_glued("chiprace", &["sk"], &vocab, &stop),
            Some(vec!["chip", "race"])
        );
        assert_eq!(
            split_glued("zetonuvyssej", &["sk"], &vocab, &stop),
            Some(vec!["zetonu", "vyssej"])
        );
        assert_eq!(split_glued("thechip", &["sk"], &vocab, &stop), None);
        // Fewer parts win: "meerwaarde chip", not "meer waarde chip".
        vocab.add_text("meer waarde meerwaarde", "nl");
        assert_eq!(
            split_glued("meerwaardechip", &["nl"], &vocab, &stop),
            Some(vec!["meerwaarde", "chip"])
        );
        assert_eq!(split_glued("chip", &["sk"], &vocab, &stop), None);
    }
}
