//! Messages for people: a key of `locales/<lang>/ui.yaml` (under `errors.`)
//! with its arguments, rendered in the UI language where it is shown.
//!
//! Every message the library can produce is declared once, in [`Msg`], with
//! the placeholders its text takes; a test checks that every declared key
//! exists in the four UI files with exactly those placeholders. Arguments
//! are plain values or other messages (a problem nested in its frame), so a
//! whole error renders in one language.

use std::fmt;

/// Whether a failure is the user's to fix or the environment's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Exit {
    /// Bad input or data: exit code 2.
    Input,
    /// Reading or writing failed: exit code 1.
    Io,
}

impl Exit {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Input => 2,
            Exit::Io => 1,
        }
    }
}

macro_rules! messages {
    ($( $(#[$doc:meta])* $name:ident = $key:literal [$($arg:ident),*] ),* $(,)?) => {
        /// Every message key, with the placeholders its text takes.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Msg {
            $( $(#[$doc])* $name, )*
        }

        impl Msg {
            /// Every message.
            pub const ALL: &'static [Msg] = &[$( Msg::$name ),*];

            /// The key under `errors.` in ui.yaml.
            pub fn key(self) -> &'static str {
                match self { $( Msg::$name => $key, )* }
            }

            /// The placeholders of its text, in no particular order.
            pub fn placeholders(self) -> &'static [&'static str] {
                match self { $( Msg::$name => &[$( stringify!($arg) ),*], )* }
            }
        }
    };
}

messages! {
    // --- answers --------------------------------------------------------
    /// An answer that does not parse: the key, the value, the problem.
    InvalidAnswer = "invalid_answer" [key, value, problem],
    /// A calculation's input at fault, with the problem.
    Calc = "calc" [input, problem],
    /// Free text (a parser's own message, shown as it is).
    Text = "text" [text],
    /// A sum or product left the chip range.
    Overflow = "overflow" [input],
    /// A threshold of the rules that must be at least 1.
    AtLeastOne = "at_least_one" [],
    /// Substantial action on a next hand said not to have begun.
    DisputeNotStarted = "dispute_not_started" [],
    /// The same, after the answer key already named (`key`: …).
    OverflowHere = "overflow_here" [],

    // --- lookups and data files -------------------------------------------
    /// " (nearest: a, b)".
    Nearest = "nearest" [list],
    /// No such edition.
    UnknownEdition = "unknown_edition" [given, nearest],
    /// No such rule in the edition.
    UnknownRule = "unknown_rule" [edition, given, nearest],
    /// No such sub-part.
    UnknownPart = "unknown_part" [edition, number, part, nearest],
    /// No such rule or concept.
    UnknownConcept = "unknown_concept" [given, nearest],
    /// No such incident.
    UnknownIncident = "unknown_incident" [given, nearest],
    /// A search query over the length limit.
    QueryTooLong = "query_too_long" [chars, limit],
    /// The edition has no rule for the concept.
    ConceptNotInEdition = "concept_not_in_edition" [edition, concept, nearest],
    /// Required answers missing: each key with its question.
    MissingAnswers = "missing_answers" [incident, list],
    /// Answers a walk needed and was not given, by key.
    WalkMissing = "walk_missing" [list],
    /// The user left the walkthrough (Ctrl-C).
    WalkInterrupted = "walk_interrupted" [],
    /// The user went back from the first question.
    WalkBackToStart = "walk_back_to_start" [],
    /// The terminal could not be read during the walkthrough.
    TerminalInput = "terminal_input" [problem],
    /// A value refused, after the variable or file that set it.
    SetIn = "set_in" [place, problem],
    /// An answer key the incident does not have.
    UnknownKey = "unknown_key" [key, incident, keys],
    /// A data file that does not parse (the parser's message).
    LoadSchema = "load_schema" [file, location, message],
    /// A data file that breaks a rule of the data model.
    LoadInvalid = "load_invalid" [file, message],
    /// A file that cannot be read.
    LoadIo = "load_io" [file, message],
    /// A file over the size limit.
    LoadTooLarge = "load_too_large" [file, limit],
    /// A file that is not UTF-8.
    LoadNotUtf8 = "load_not_utf8" [file, offset],
    /// `--data` that is not a data tree.
    LoadDataDir = "load_data_dir" [dir, problem],

    // --- floor import -------------------------------------------------------
    /// A PDF given to import.
    ImportPdf = "import_pdf" [],
    /// A word processor's file given to import.
    ImportWordProcessor = "import_word_processor" [],
    /// Rich text given to import.
    ImportRtf = "import_rtf" [],
    /// A web page given to import.
    ImportHtml = "import_html" [],
    /// UTF-16 text given to import.
    ImportUtf16 = "import_utf16" [],
    /// A binary file given to import.
    ImportBinary = "import_binary" [],
    /// `--base` names the edition the import would make.
    ImportSameId = "import_same_id" [id],
    /// `--out` names a folder that holds other things than a data tree.
    ImportOutNotTree = "import_out_not_tree" [dir],
    /// The data tree written does not pass `floor check`.
    ImportTreeFails = "import_tree_fails" [dir, file, problem],
    /// A language code in the import cues that is no ISO 639-1 code.
    ImportCueLanguage = "import_cue_language" [lang, code],
    /// A parameter in the import cues that does not exist.
    ImportCueParam = "import_cue_param" [param],
    /// A value in the import cues a parameter cannot take.
    ImportCueValue = "import_cue_value" [param, value],

    /// A file at fault, with its position where known: `{file}{location}: {problem}`.
    FileProblem = "file_problem" [file, location, problem],
    /// A path that names a directory, device, FIFO or socket.
    NotRegularFile = "not_regular_file" [],
    /// A path named as a folder to write into that is a file, device or FIFO.
    NotAFolder = "not_a_folder" [],
    /// A file the system cannot open or read: the reason.
    IoNotFound = "io_not_found" [],
    /// Permission denied.
    IoPermission = "io_permission" [],
    /// A part of the path is not a directory.
    IoNotADirectory = "io_not_a_directory" [],
    /// Any other failure, in the system's words.
    IoOther = "io_other" [message],
    /// Any other failure of the system: its code and words.
    IoSystem = "io_system" [code, message],
    /// The path exists already.
    IoExists = "io_exists" [],
    /// A name in the path is too long.
    IoNameTooLong = "io_name_too_long" [],
    /// A file ended before what was to be read.
    IoTruncated = "io_truncated" [],
    /// A symbolic link leads back to itself.
    IoLinkLoop = "io_link_loop" [],
    /// `--rules` and `--house` (from the same source) name different editions.
    HouseRulesDisagree = "house_rules_disagree" [base, edition, id],
    /// The disk is full.
    IoStorageFull = "io_storage_full" [],
    /// Standard output was closed before the command ran.
    IoStdoutClosed = "io_stdout_closed" [],
    /// Writing the command's output failed: the reason.
    WriteOutput = "write_output" [problem],
    /// A file floor writes (a manual page) could not be written.
    WriteFile = "write_file" [file, problem],
    /// No completion script for the shell.
    NoCompletion = "no_completion" [shell],
    /// The UI texts of a data tree name no default edition.
    NoDefaultEdition = "no_default_edition" [],
    /// `--data` that does not exist or is no directory.
    DataNotADirectory = "data_not_a_directory" [],
    /// `--data` without `locales/`.
    DataNoLocales = "data_no_locales" [],
    /// A data tree without `rulings/`.
    DataNoRulings = "data_no_rulings" [],
    /// A folder of the data tree that cannot be listed.
    DataUnreadable = "data_unreadable" [name, problem],
    /// `--data` whose `locales/` or `rulings/` is a symbolic link.
    DataLink = "data_link" [name],
    /// A language's UI file missing from a data tree.
    UiMissing = "ui_missing" [],
    /// A folder under locales/ that is no language.
    FolderNotLanguage = "folder_not_language" [folder],

    // --- YAML files, as the parser reports them ----------------------------
    /// Where in the file's structure: `{path}: {problem}`.
    YamlAt = "yaml_at" [path, problem],
    /// Not YAML at this place.
    YamlSyntax = "yaml_syntax" [],
    /// A key the file does not take.
    YamlUnknownField = "yaml_unknown_field" [field, expected],
    /// A key the file does not take, where it takes none.
    YamlNoFields = "yaml_no_fields" [field],
    /// A key that must be given.
    YamlMissingField = "yaml_missing_field" [field],
    /// A key given twice.
    YamlDuplicateField = "yaml_duplicate_field" [field],
    /// A map key given twice.
    YamlDuplicateKey = "yaml_duplicate_key" [key],
    /// A value of the wrong kind.
    YamlInvalidType = "yaml_invalid_type" [found, expected],
    /// Another kind of value where this one is needed.
    YamlExpected = "yaml_expected" [expected],
    /// A word that is none of the allowed ones.
    YamlUnknownVariant = "yaml_unknown_variant" [value, expected],
    /// A list of the wrong length.
    YamlInvalidLength = "yaml_invalid_length" [length],
    /// More than one document.
    YamlDocuments = "yaml_documents" [],
    /// Nesting beyond the reader's limit.
    YamlTooDeep = "yaml_too_deep" [max],
    /// More values than any data file holds.
    YamlTooMany = "yaml_too_many" [max],
    /// A YAML alias or anchor (`*name`, `&name`, `<<`).
    YamlAlias = "yaml_alias" [],
    /// A YAML tag (`!name`) the reader does not take.
    YamlTag = "yaml_tag" [tag],
    /// A problem the parser words in its own way (quoted).
    YamlOther = "yaml_other" [message],
    /// Kinds of value, for [`Msg::YamlInvalidType`].
    KindText = "kind_text" [],
    /// A list.
    KindList = "kind_list" [],
    /// A map of keys and values.
    KindMap = "kind_map" [],
    /// A whole number.
    KindWholeNumber = "kind_whole_number" [],
    /// A whole number in a range.
    KindRange = "kind_range" [lo, hi],
    /// A number with a fraction.
    KindNumber = "kind_number" [],
    /// Yes or no (true or false).
    KindYesNo = "kind_yes_no" [],
    /// Nothing (an empty value).
    KindEmpty = "kind_empty" [],
    /// Any other kind, as the parser names it.
    KindOther = "kind_other" [name],
    /// A parameter outside its range.
    ParamOutOfRange = "param_out_of_range" [value, lo, hi],

    // --- answers files ------------------------------------------------------
    /// An empty answers file.
    AnswersEmpty = "answers_empty" [],
    /// An answers file that is not a map.
    AnswersNotMap = "answers_not_map" [],
    /// An answer of a kind no question takes.
    AnswersBadValue = "answers_bad_value" [key],
    /// An answer key that is not text.
    AnswersKeyNotText = "answers_key_not_text" [],
    /// A list with items that are not scalars.
    AnswersListItems = "answers_list_items" [key],

    // --- house overlays -----------------------------------------------------
    /// An empty overlay.
    OverlayEmpty = "overlay_empty" [],
    /// An overlay without `extends:`.
    OverlayNoExtends = "overlay_no_extends" [],
    /// What `extends:` names cannot be used.
    OverlayExtends = "overlay_extends" [problem],
    /// What `extends:` names cannot be read.
    OverlayExtendsUnreadable = "overlay_extends_unreadable" [file, problem],
    /// A chain of overlays that comes back to itself.
    OverlayCycle = "overlay_cycle" [],
    /// Too many overlays extending one another.
    OverlayChain = "overlay_chain" [max],
    /// The overlay's id is the edition it extends.
    OverlayIdIsBase = "overlay_id_is_base" [id],
    /// The overlay's id is a bundled edition.
    OverlayIdBundled = "overlay_id_bundled" [id],
    /// An id out of the edition-id grammar.
    OverlayBadId = "overlay_bad_id" [id],
    /// An empty text.
    OverlayEmptyText = "overlay_empty_text" [],
    /// A parameter written with no value.
    ParamEmpty = "param_empty" [],
    /// A rule number out of the grammar (a change).
    OverlayNotNumber = "overlay_not_number" [number],
    /// A rule number out of the grammar (a house rule).
    OverlayNotNewNumber = "overlay_not_new_number" [number],
    /// A rule changed in two entries.
    OverlayRuleTwice = "overlay_rule_twice" [number],
    /// A rule the base edition does not have.
    OverlayRuleMissing = "overlay_rule_missing" [number],
    /// A house rule number already in use.
    OverlayNumberUsed = "overlay_number_used" [number],
    /// A section the base edition does not have.
    OverlaySectionMissing = "overlay_section_missing" [title, nearest],
    /// A section numbered in two entries.
    OverlaySectionTwice = "overlay_section_twice" [title],
    /// A concept that is not a slug.
    OverlayConceptNotSlug = "overlay_concept_not_slug" [concept],
    /// A concept already used by a rule.
    OverlayConceptTaken = "overlay_concept_taken" [concept],
    /// A concept that does not exist.
    OverlayUnknownConcept = "overlay_unknown_concept" [concept, nearest],
    /// A provision that does not exist.
    OverlayUnknownProvision = "overlay_unknown_provision" [id, nearest],
    /// A provision without its words.
    OverlayProvisionWords = "overlay_provision_words" [id],
    /// A key given twice in a map of provisions.
    OverlayKeyTwice = "overlay_key_twice" [key],
    /// A citation of a rule the edition does not have.
    OverlayCitesMissing = "overlay_cites_missing" [rule, cited, edition],
    /// A citation of a part the rule does not have.
    OverlayCitesMissingPart = "overlay_cites_missing_part" [rule, cited, target, part],

    // --- the command line -------------------------------------------------
    /// A usage error, with the pointer to the help.
    Usage = "usage" [problem],
    /// A value that is none of the allowed ones.
    UsageInvalidValue = "usage_invalid_value" [value, arg, valid],
    /// " (possible values: …)".
    UsagePossible = "usage_possible" [list],
    /// An option without its value.
    UsageMissingValue = "usage_missing_value" [arg],
    /// A value refused by its parser.
    UsageValueProblem = "usage_value_problem" [arg, problem],
    /// An option or argument the command does not take.
    UsageUnknownArgument = "usage_unknown_argument" [arg, suggestion],
    /// " (did you mean …?)".
    UsageSuggestion = "usage_suggestion" [suggested],
    /// A command that does not exist.
    UsageUnknownCommand = "usage_unknown_command" [command, suggestion],
    /// Required arguments not given.
    UsageMissingArguments = "usage_missing_arguments" [args],
    /// A command group without its command.
    UsageMissingCommand = "usage_missing_command" [command, list],
    /// More values than an option takes.
    UsageTooManyValues = "usage_too_many_values" [value, arg],
    /// The wrong number of values.
    UsageWrongNumber = "usage_wrong_number" [arg, expected, given],
    /// Two options that exclude each other.
    UsageConflict = "usage_conflict" [arg, other],
    /// An option given twice.
    UsageTwice = "usage_twice" [arg],
    /// An option that needs `=`.
    UsageNoEquals = "usage_no_equals" [arg],
    /// An argument that is not UTF-8.
    UsageNotUtf8 = "usage_not_utf8" [],
    /// Any other usage error.
    UsageOther = "usage_other" [],
    /// `floor man` for something that has no page.
    UsageNoManual = "usage_no_manual" [command],
    /// `--lang` that names no UI language.
    NotUiLanguage = "not_ui_language" [value],
    /// An environment variable whose value is not UTF-8 text.
    EnvNotUtf8 = "env_not_utf8" [var],
    /// A game that is none of the three.
    NotAGame = "not_a_game" [value],
    /// `--answer` without `=`.
    NotKeyValue = "not_key_value" [value],
    /// A count below 1.
    CountTooSmall = "count_too_small" [value, max],

    // --- the incident log -------------------------------------------------
    /// No log file named.
    LogNoFile = "log_no_file" [],
    /// A table or note given, but no log to keep it.
    LogNoFileFor = "log_no_file_for" [option],
    /// `--since` that is not a time.
    LogSince = "log_since" [given],
    /// The log cannot be opened for reading.
    LogUnreadable = "log_unreadable" [file, cause],
    /// The log cannot be opened.
    LogOpen = "log_open" [file, cause],
    /// The log could not be locked or written.
    LogWrite = "log_write" [file, cause],
    /// The settings file cannot be read.
    SettingsUnreadable = "settings_unreadable" [problem],
    /// The settings file does not parse.
    SettingsYaml = "settings_yaml" [problem],
    /// An event setting that a question bound to it does not take.
    SettingRefused = "setting_refused" [setting, value, question, problem],
    /// The log path is a directory, FIFO or socket.
    LogNotAFile = "log_not_a_file" [file],

    // --- answers as typed -----------------------------------------------------
    /// Not yes or no.
    AnswerYesNo = "answer_yes_no" [value],
    /// Not a seat.
    AnswerSeat = "answer_seat" [value],
    /// A seat range written high to low.
    AnswerSeatRange = "answer_seat_range" [item],
    /// No seats.
    AnswerNoSeats = "answer_no_seats" [],
    /// A seat twice.
    AnswerSeatTwice = "answer_seat_twice" [seat],
    /// A chip of value 0.
    AnswerChipZero = "answer_chip_zero" [],
    /// No chips.
    AnswerNoChips = "answer_no_chips" [],
    /// Not one of the choices.
    AnswerChoice = "answer_choice" [value, choices],
    /// A count out of range.
    AnswerOutOfRange = "answer_out_of_range" [value, lo, hi],
    /// Not a whole number where a count is asked.
    AnswerNotCount = "answer_not_count" [value, lo, hi],
    /// Not a player name.
    AnswerPlayer = "answer_player" [value],
    /// An empty list.
    AnswerEmptyList = "answer_empty_list" [],
    /// An item of a `SEAT:AMOUNT` list that is not one.
    AnswerSeatChips = "answer_seat_chips" [item],
    /// A seat twice in a `SEAT:AMOUNT` list.
    AnswerSeatChipsTwice = "answer_seat_chips_twice" [seat],
    /// An item of a `SEAT:CARD` list that is not one.
    AnswerSeatCard = "answer_seat_card" [item],
    /// A seat twice in a `SEAT:CARD` list.
    AnswerSeatCardTwice = "answer_seat_card_twice" [seat],
    /// A card twice in a `SEAT:CARD` list.
    AnswerCardTwice = "answer_card_twice" [card],
    /// A default of the ruling data that does not parse.
    BadDefault = "bad_default" [problem],

    // --- chip amounts ----------------------------------------------------
    /// Nothing given.
    AmountEmpty = "amount_empty" [],
    /// A minus sign.
    AmountNegative = "amount_negative" [value],
    /// A character that has no place in an amount.
    AmountBadChar = "amount_bad_char" [value, char],
    /// Not an amount at all.
    AmountNotAmount = "amount_not_amount" [value],
    /// More than the chip range.
    AmountTooLarge = "amount_too_large" [value],
    /// Two decimal points with k.
    AmountKDecimal = "amount_k_decimal" [value],
    /// A malformed k amount.
    AmountKForm = "amount_k_form" [value],
    /// Separators that do not group thousands.
    AmountNotWhole = "amount_not_whole" [value],

    // --- actions (the `actions` grammar and the betting round) ------------
    /// `PLAYER:ACTION[:TOTAL]` without a player.
    ActionNoPlayer = "action_no_player" [item],
    /// An unknown action word.
    ActionUnknown = "action_unknown" [word, item],
    /// An unknown action word, alone.
    ActionUnknownWord = "action_unknown_word" [word],
    /// An item with no action.
    ActionMissing = "action_missing" [item],
    /// An item with too many parts.
    ActionTooManyParts = "action_too_many_parts" [item],
    /// A player name that is an action word or malformed.
    ActionBadPlayer = "action_bad_player" [item],
    /// A chip amount inside an action that does not parse.
    ActionBadAmount = "action_bad_amount" [item, problem],
    /// A stack item that is not `PLAYER:CHIPS`.
    StackItem = "stack_item" [item],
    /// A player's stack given twice.
    StackTwice = "stack_twice" [item],
    /// Where an action of the sequence goes wrong: its number and player.
    ActionAt = "action_at" [n, player, problem],
    /// A player acts after folding.
    ActsAfterFold = "acts_after_fold" [],
    /// A player acts after going all-in.
    ActsAfterAllIn = "acts_after_all_in" [],
    /// A player acts again though nothing changed.
    ActsAgain = "acts_again" [facing],
    /// A bet or raise without its total.
    NeedsTotal = "needs_total" [action, example],
    /// A check or fold with a total.
    NoTotalHere = "no_total_here" [action],
    /// A check facing a bet.
    CheckFacingBet = "check_facing_bet" [facing],
    /// A call with nothing to call.
    CallNothing = "call_nothing" [facing],
    /// A call for a total other than the bet.
    CallWrongTotal = "call_wrong_total" [facing, total],
    /// A bet facing a bet.
    BetFacingBet = "bet_facing_bet" [facing],
    /// A raise with no bet to raise.
    RaiseNoBet = "raise_no_bet" [],
    /// A raise not above the bet.
    RaiseNotAbove = "raise_not_above" [total, facing],
    /// A raise by a player for whom betting is closed.
    RaiseClosed = "raise_closed" [grew, threshold],
    /// A raise below the minimum (or not the fixed size in limit).
    RaiseIllegal = "raise_illegal" [total, min],
    /// A pot-limit bet or raise above the most the pot allows.
    PotLimitOver = "pot_limit_over" [total, max],
    /// A bet below the minimum.
    BetIllegal = "bet_illegal" [total, min],
    /// A limit bet that is not the fixed bet.
    LimitBetIllegal = "limit_bet_illegal" [total, min],
    /// An all-in for less than the chips already in front.
    AllInBelowFront = "all_in_below_front" [total, in_front],
    /// An all-in above the bet by a player for whom betting is closed.
    AllInClosed = "all_in_closed" [facing],
    /// A limit all-in raising more than one bet.
    LimitAllInTooBig = "limit_all_in_too_big" [size, max],
    /// A raise when the limit raises are capped.
    RaiseCapped = "raise_capped" [cap],
    /// An all-in above the bet when the limit raises are capped.
    AllInCapped = "all_in_capped" [facing, cap],
    /// Heads-up in the hand, but the actions show more players in it.
    HeadsUpButMore = "heads_up_but_more" [players],
    /// Nothing in front facing less than a full bet: did he check before it?
    BetReopenedNeeded = "bet_reopened_needed" [facing, full],
    /// Nothing in front facing a full bet, said closed.
    BetOpenFacingFullBet = "bet_open_facing_full_bet" [facing, full],
    /// The actions reach the limit cap: capped, or lifted heads-up?
    BetCapReached = "bet_cap_reached" [raises, cap],
    /// Said capped, but the actions have fewer raises than the cap.
    BetCapNotReached = "bet_cap_not_reached" [raises, cap],
    /// More chips than the player's stack.
    OverStack = "over_stack" [total, stack],
    /// The asked player does not act in the sequence.
    PlayerNotInRound = "player_not_in_round" [player],
    /// The same, pre-flop (where SB and BB are known too).
    PlayerNotInRoundPreflop = "player_not_in_round_preflop" [player],
    /// The small blind's chips are needed.
    SmallBlindNeeded = "small_blind_needed" [],
    /// Pre-flop, a bet faced below the big blind.
    PreflopFacingBelowBlind = "preflop_facing_below_blind" [facing, big_blind],
    /// The actions do not say whose action is ruled.
    PlayerNeeded = "player_needed" [known],
    /// The out-of-turn player never acted out of turn in the actions.
    OotNotFound = "oot_not_found" [player],
    /// When the out-of-turn player acted it was another player's turn.
    OotNotSkipped = "oot_not_skipped" [player, skipped, turn],
    /// Players first named after the action out of turn: whether they sit
    /// between the skipped player and its player decides the ruling.
    OotSeatingUnknown = "oot_seating_unknown" [players, player, skipped],
    /// The player skipped is the one who acted out of turn.
    OotSkippedIsPlayer = "oot_skipped_is_player" [player],
    /// In limit, the betting round decides the bet's size and was not named.
    LimitStreetNeeded = "limit_street_needed" [small, big],
    /// The asked player folded.
    PlayerFolded = "player_folded" [player],
    /// A player named as one of the actions names him but for case.
    PlayerOtherCase = "player_other_case" [player, known],
    /// The asked player is all-in.
    PlayerAllIn = "player_all_in" [player],
    /// The action does not return to the asked player.
    PlayerDone = "player_done" [player],

    // --- bet ----------------------------------------------------------------
    /// Both denominations and an amount pushed.
    BetChipsAndPushed = "bet.chips_and_pushed" [],
    /// A chip of value 0.
    BetChipZero = "bet.chip_zero" [],
    /// No chips behind.
    BetStackZero = "bet.stack_zero" [],
    /// An amount said of 0.
    BetDeclaredZero = "bet.declared_zero" [],
    /// Prior chips without chips in front.
    BetNoPriorChips = "bet.no_prior_chips" [],
    /// Chips pulled back though they were left.
    BetPulledButLeft = "bet.pulled_but_left" [pulled],
    /// Chips pulled back though they were not touched.
    BetPulledButUntouched = "bet.pulled_but_untouched" [pulled],
    /// Fully pulled back, but not all.
    BetFullyPulled = "bet.fully_pulled" [in_front],
    /// Partly pulled back without a valid amount.
    BetPartlyPulled = "bet.partly_pulled" [in_front],
    /// More pushed than the player had.
    BetOverStack = "bet.over_stack" [pushed, available],
    /// Less than the call, not all-in.
    BetUndercall = "bet.undercall" [total, facing],
    /// An all-in without the stack.
    BetAllInNeedsStack = "bet.all_in_needs_stack" [],
    /// Nothing said or pushed.
    BetNothing = "bet.nothing" [],
    /// "A number" said, but which one not given.
    BetNumberWithout = "bet.number_without" [],

    // --- unclear bets ---------------------------------------------------------
    /// A number of 0 said.
    UnclearZero = "bet.unclear_zero" [],
    /// Other information made the amount clear: no bare number to read.
    UnclearClarified = "bet.unclear_clarified" [],
    /// No reading reaches the big blind.
    UnclearNoReading = "bet.unclear_no_reading" [number, big_blind],

    // --- pot-limit ------------------------------------------------------------
    /// A short blind without what it posted or its size.
    PotBlindPosted = "bet.pot_blind_posted" [],
    /// A short blind larger than the big blind.
    PotBlindNotOfLevel = "bet.pot_blind_not_of_level" [full, big_blind],
    /// A blind that is not short.
    PotBlindNotShort = "bet.pot_blind_not_short" [posted, full],

    // --- incorrect bets -------------------------------------------------------
    /// Not a bet or raise over the bet faced.
    IncorrectNotABet = "bet.incorrect_not_a_bet" [total, facing],
    /// Pot-limit without the pot.
    IncorrectPotNeeded = "bet.incorrect_pot_needed" [],
    /// Exactly the pot-limit maximum.
    IncorrectExactPot = "bet.incorrect_exact_pot" [total],
    /// A legal bet.
    IncorrectLegal = "bet.incorrect_legal" [total, min],
    /// A bet below the minimum that is all the bettor's chips: a legal
    /// short all-in, nothing to correct.
    IncorrectShortAllIn = "bet.incorrect_short_all_in" [total, min],
    /// A pot-limit bet chosen below the pot and at least the minimum: legal.
    IncorrectChosenBelowPot = "bet.incorrect_chosen_below_pot" [total, min, max],

    // --- undercall -------------------------------------------------------------
    /// Neither which bet was faced nor whether it opened.
    UndercallWhichBet = "bet.undercall_which_bet" [],
    /// "In turn" answered against actions that show another player to act.
    UndercallNotInTurn = "bet.undercall_not_in_turn" [next],
    /// Nothing to call.
    UndercallNothingToCall = "bet.undercall_nothing_to_call" [in_front, facing],
    /// No chips put out.
    UndercallNoChips = "bet.undercall_no_chips" [],
    /// The chips reach the call.
    UndercallIsACall = "bet.undercall_is_a_call" [pushed, in_front, facing],

    // --- sequences of irregular actions ----------------------------------------
    /// Fewer than two undercalls in the actions.
    SequenceOneUndercall = "sequence.one_undercall" [],

    // --- counts -----------------------------------------------------------------
    /// The count given was the correct total.
    CountWasRight = "count.was_right" [total],
    /// Fewer chips than the amount he put out.
    CountStackShort = "count.stack_short" [stack, count],
    /// An answer the path needs, not given.
    AnswerNeeded = "count.answer_needed" [key],
    /// A bettor who mucked with no bet.
    RetrievalNoBet = "count.retrieval_no_bet" [],
    /// More called than the bettor's last bet: a raise over it would have
    /// made him the caller.
    RetrievalCalledAbove = "count.retrieval_called_above" [called, bet],
    /// Nobody in the hand besides the all-in player.
    StudNobodyLeft = "count.stud_nobody_left" [seat],
    /// The upcards of fewer than two seats.
    StudOneUpcard = "count.stud_one_upcard" [],
    /// A winner missing from the by-suit order.
    HiLoNotRanked = "count.hi_lo_not_ranked" [seat],

    // --- pots -----------------------------------------------------------------
    /// Fewer than two players' chips.
    PotsTwoPlayers = "pots.two_players" [],
    /// A folded seat without chips.
    PotsFoldedWithout = "pots.folded_without" [seat],
    /// Everybody folded.
    PotsAllFolded = "pots.all_folded" [],
    /// The round told is not over: a player still has to act.
    PotsRoundOpen = "pots.round_open" [player, facing],

    // --- hands ----------------------------------------------------------------
    /// A problem on a line of a hand.
    HandLine = "hand.line" [line, problem],
    /// An empty hand.
    HandEmpty = "hand.empty" [],
    /// No players.
    HandNoSeats = "hand.no_seats" [],
    /// No player to act at the point asked for.
    HandNoSituation = "hand.no_situation" [],
    /// `--hand` with an incident that takes nothing from a hand.
    HandNotForIncident = "hand.not_for_incident" [incident],
    /// An unknown line label.
    HandLabel = "hand.label" [text],
    /// A bad amount.
    HandAmount = "hand.amount" [text, problem],
    /// A bad seat number.
    HandSeat = "hand.seat" [text],
    /// An unknown game.
    HandGame = "hand.game" [text],
    /// Blinds not written SB/BB.
    HandBlinds = "hand.blinds" [text],
    /// An unknown word in the first line.
    HandHeaderWord = "hand.header_word" [text],
    /// A player not written SEAT:STACK.
    HandSeatItem = "hand.seat_item" [text],
    /// A seat listed twice in a hand's table.
    HandSeatTwice = "hand.seat_twice" [seat],
    /// More players than a table seats.
    HandTooManyPlayers = "hand.too_many_players" [count, max],
    /// More actions than a hand holds.
    HandTooManyActions = "hand.too_many_actions" [max],
    /// An action not written SEAT ACTION.
    HandAction = "hand.action" [text],
    /// The button on no player.
    HandButton = "hand.button" [seat],
    /// A PHH amount floor cannot replay exactly (too many decimals, too
    /// large).
    PhhNumber = "hand.phh_number" [field, value, digits],
    /// A PHH file that is not TOML: where.
    PhhSyntax = "hand.phh_syntax" [line, column, text],
    /// A PHH variant that is none of the specification's.
    PhhVariant = "hand.phh_variant" [variant, known],
    /// A PHH file with too few or too many players.
    PhhPlayers = "hand.phh_players" [count, most],
    /// Limit bets missing or not one and two.
    PhhLimitBets = "hand.phh_limit_bets" [],
    /// A stud hand without a bring-in (or one above the small bet).
    PhhBringIn = "hand.phh_bring_in" [],
    /// A no-limit or pot-limit hand without a minimum bet or a blind.
    PhhMinBet = "hand.phh_min_bet" [],
    /// A PHH action floor does not read.
    PhhAction = "hand.phh_action" [n, text],
    /// A PHH action's amount floor cannot replay exactly.
    PhhActionAmount = "hand.phh_action_amount" [n, text, digits],
    /// A PHH action that starts more betting rounds than the variant has.
    PhhRounds = "hand.phh_rounds" [n, text, variant, rounds],
    /// A PHH field that is not a number.
    PhhNotNumber = "hand.phh_not_number" [field],
    /// A PHH field that is not a list of numbers.
    PhhNotNumbers = "hand.phh_not_numbers" [field],
    /// A PHH field that is not a text.
    PhhNotText = "hand.phh_not_text" [field],
    /// A PHH field that is not a list of texts.
    PhhNotTexts = "hand.phh_not_texts" [field],
    /// A PHH field that is not a list of whole numbers.
    PhhNotIntegers = "hand.phh_not_integers" [field],
    /// A PHH field that is not true or false.
    PhhNotFlag = "hand.phh_not_flag" [field],
    /// A PHH field that is neither a text nor a whole number.
    PhhNotName = "hand.phh_not_name" [field],
    /// A required PHH field missing.
    PhhMissing = "hand.phh_missing" [field],
    /// A PHH list by player of another length than the players.
    PhhLength = "hand.phh_length" [field, count, players],
    /// A PHH amount below zero.
    PhhNegative = "hand.phh_negative" [field],
    /// A PHH seat number below 1.
    PhhSeat = "hand.phh_seat" [seat],
    /// A PHH seat listed twice.
    PhhSeatTwice = "hand.phh_seat_twice" [seat],
    /// A problem of one hand of a `.phhs` file.
    HandSectionAt = "hand.section_at" [file, section, problem],
    /// A hand too long to read.
    HandTooLong = "hand.too_long" [most],
    /// Directories with no hand file.
    HandNoneFound = "hand.none_found" [input, extensions],
    /// `--at` given for several hands.
    HandAtOne = "hand.at_one" [],
    /// Some hands of the call were refused.
    HandRefused = "hand.refused" [refused, count],
    /// A bring-in that is not the first action of a stud hand.
    BringInNotFirst = "hand.bring_in_not_first" [],
    /// A player acting after the record left his action out.
    HandActsAfterOmitted = "hand.acts_after_omitted" [player, step],
    /// The record leaves out an action: taken as a fold.
    HandOmittedFold = "hand.omitted_fold" [player, step],
    /// The record leaves out an action: taken as a check.
    HandOmittedCheck = "hand.omitted_check" [player, step],
    /// Up cards not known: the first to act as the record has it.
    HandUpCardsUnknown = "hand.up_cards_unknown" [player, street],
    /// A bet or raise below the minimum that rules otherwise when pushed
    /// without a word than when said aloud.
    HandAmountReading = "hand.amount_reading" [step, player, total, min, said, pushed, rules],
    /// The same, where the pushed reading cites no rule.
    HandAmountReadingUncited = "hand.amount_reading_uncited" [step, player, total, min, said, pushed],
    /// Winnings all zero although pots were won.
    HandWinningsZero = "hand.winnings_zero" [],
    /// The record splits a pot finer than the smallest chip.
    HandRecordSplitsOddChip = "hand.record_splits_odd_chip" [chip],
    /// A final stack of the record that the replay does not give.
    HandFinishingDiffers = "hand.finishing_differs" [player, record, replay],
    /// Final stacks that no choice of winners gives.
    HandFinishingUnmatched = "hand.finishing_unmatched" [],
    /// Antes trimmed although they are not uniform.
    HandTrimmedNonUniform = "hand.trimmed_non_uniform" [],
    /// Straddles: the practice followed.
    HandStraddles = "hand.straddles" [facing, raise],
    /// In limit, an all-in counted as a raise only with earlier short
    /// all-ins: the reading followed.
    HandLimitAllInsAdded = "hand.limit_all_ins_added" [player, step, total, added, share],
    /// A trimmed ante's unmatched part given back.
    HandAnteBack = "hand.ante_back" [player, chips],
    /// A winner who is not at the table.
    HandWinnerAbsent = "hand.winner_absent" [seat],
    /// A winner who folded.
    HandWinnerFolded = "hand.winner_folded" [seat],
    /// A winner given for a pot he may not win.
    HandWinnerNotEligible = "hand.winner_not_eligible" [seat, group, seats],
    /// A `win:` group that names nobody.
    HandWinnerGroupEmpty = "hand.winner_group_empty" [group],
    /// More `win:` groups than the hand has pots.
    HandWinnerGroupsExtra = "hand.winner_groups_extra" [groups, pots],
    /// A second `win:` line.
    HandWinSecond = "hand.win_second" [],
    /// PHH winnings that no choice of winners gives.
    HandWinnings = "hand.winnings" [winnings, pots],
    /// `--at` beyond the action after the last.
    HandAtPastEnd = "hand.at_past_end" [n, count, last],
    /// `--log` given to a replay.
    HandNoLog = "hand.no_log" [],
    /// An action by a seat nobody sits in.
    HandActorAbsent = "hand.actor_absent" [seat],
    /// What the hand gives for a question that the question refuses.
    HandAnswerRefused = "hand.answer_refused" [key, value, problem],

    // --- the clock ----------------------------------------------------------
    /// A clock of no time.
    ClockNoTime = "clock_no_time" [],
    /// A countdown longer than the clock.
    ClockCountdownTooLong = "clock_countdown_too_long" [countdown, seconds],

    // --- table -------------------------------------------------------------
    /// A seat number outside 1-10.
    SeatNoSuch = "table.seat_no_such" [seat],
    /// A showdown with fewer than two live seats.
    ShowdownTooFew = "table.showdown_too_few" [],
    /// A last aggressor who is not live.
    ShowdownAggressorNotLive = "table.showdown_aggressor_not_live" [seat, live],
    /// Heads-up without exactly two seats.
    HeadsUpTwoSeats = "table.heads_up_two_seats" [],
    /// The button given on the seat that posted the big blind.
    HeadsUpButtonWasBigBlind = "table.heads_up_button_was_big_blind" [seat],
    /// Last hand's small and big blind given on one seat.
    BlindsOneSeat = "table.blinds_one_seat" [seat],
    /// Fewer than two players for the next hand.
    BlindsTooFewPlayers = "table.blinds_too_few_players" [],
    /// Fewer than two players may be dealt in.
    BlindsTooFewDealtIn = "table.blinds_too_few_dealt_in" [waiting],
    /// A smallest chip of 0.
    SplitSmallestChipZero = "table.split_smallest_chip_zero" [],
    /// Nothing to split.
    SplitEmptyPot = "table.split_empty_pot" [],
    /// A pot that is no multiple of the smallest chip.
    SplitNotMultiple = "table.split_not_multiple" [pot, chip],
    /// No winner named.
    SplitNoWinner = "table.split_no_winner" [],
    /// A winner on a seat nobody occupies.
    SplitNotOccupied = "table.split_not_occupied" [seat, seats],
    /// No tables.
    BalanceNoTables = "table.balance_no_tables" [],
    /// A table entry that is not `ID:PLAYERS`.
    BalanceTableItem = "table.balance_table_item" [item],
    /// A table entry without an id.
    BalanceTableNoId = "table.balance_table_no_id" [item],
    /// A player count that is not a number.
    BalanceTablePlayers = "table.balance_table_players" [item],
    /// A table listed twice.
    BalanceTableTwice = "table.balance_table_twice" [table],
    /// A table with no players.
    BalanceTableEmpty = "table.balance_table_empty" [table],
    /// More players than seats.
    BalanceTableOver = "table.balance_table_over" [table, players, seats],
    /// A table size outside 2-10.
    BalanceSeatsPerTable = "table.balance_seats_per_table" [seats],
    /// A halt threshold of 0.
    BalanceHaltThresholdZero = "table.balance_halt_threshold_zero" [],
    /// A broken table's players that fit nowhere.
    BalanceNoRoom = "table.balance_no_room" [],
    /// A removed chip worth nothing.
    ChipRaceRemovedZero = "table.chip_race_removed_zero" [],
    /// A new chip not worth more than the removed one.
    ChipRaceNewNotLarger = "table.chip_race_new_not_larger" [new, removed],
    /// A race in which nobody may win a chip.
    ChipRaceMaxChipsZero = "table.chip_race_max_chips_zero" [],
    /// No players.
    ChipRaceNoPlayers = "table.chip_race_no_players" [],
    /// A player with no chips at all.
    ChipRaceNoChips = "table.chip_race_no_chips" [seat],
    /// A ranked seat with no leftover.
    ChipRaceNotInRace = "table.chip_race_not_in_race" [seat],
    /// A seat named as having no other chips is not among the removed chips.
    ChipRaceSeatNotListed = "table.chip_race_seat_not_listed" [seat],
    /// Fewer seats ranked than chips raced.
    ChipRaceTooFewRanked = "table.chip_race_too_few_ranked" [chips, ranked],
    /// Fewer than two players left.
    HandForHandTooFewLeft = "table.hand_for_hand_too_few_left" [],
    /// No place paid.
    HandForHandNonePaid = "table.hand_for_hand_none_paid" [],
    /// Busted players out of range.
    HandForHandBusted = "table.hand_for_hand_busted" [busted, remaining, most],
    /// Hands that take no time off the clock.
    HandForHandNoMinutes = "table.hand_for_hand_no_minutes" [],
    /// A penalty kind the edition does not list.
    PenaltyNotListed = "table.penalty_not_listed" [kind, listed],
    /// A penalty of zero.
    PenaltyZero = "table.penalty_zero" [],
    /// How many rounds not said.
    PenaltyRoundsNeeded = "table.penalty_rounds_needed" [],
    /// How many hands not said.
    PenaltyHandsNeeded = "table.penalty_hands_needed" [],
    /// More rounds than the edition allows.
    PenaltyMaxRounds = "table.penalty_max_rounds" [max],
    /// A table size outside 2-10.
    PenaltyPlayers = "table.penalty_players" [players],
    /// The table size not said.
    PenaltyPlayersNeeded = "table.penalty_players_needed" [],
    /// The edition records no provisions, and the ruling turns on them.
    ProvisionsNotRecorded = "table.provisions_not_recorded" [],

    // --- the spot -----------------------------------------------------------
    /// The big blind is zero.
    BigBlindZero = "big_blind_zero" [],
    /// A big-blind ante of 0.
    AnteZero = "ante_zero" [],
    /// A big blind with no chips to post.
    BigBlindNoChips = "big_blind_no_chips" [],
    /// A percentage outside 1-100.
    Percent = "percent" [value],
    /// Chips in front above the bet faced.
    InFrontOverFacing = "in_front_over_facing" [in_front, facing],
    /// A last full raise above the bet faced.
    LastRaiseOverFacing = "last_raise_over_facing" [last_raise, facing],
    /// Pot-limit without the pot.
    PotNeeded = "pot_needed" [],
    /// A pot that cannot hold the chips it must contain.
    PotTooSmall = "pot_too_small" [pot, facing, in_front],

    // --- floor check findings ---------------------------------------------
    /// A concept slug listed twice in the concept list.
    CheckConceptTwice = "check_concept_twice" [concept],
    /// A topic placed in locales/topics.yaml that the concordance lacks.
    CheckTopicUnknown = "check_topic_unknown" [topic],
    /// A topic placed both as a procedure and as planned.
    CheckTopicTwice = "check_topic_twice" [topic],
    /// A procedure topic without its reason.
    CheckTopicNoReason = "check_topic_no_reason" [topic],
    /// A topic placed as a procedure or planned that an incident reaches.
    CheckTopicReached = "check_topic_reached" [topic, incidents],
    /// A rule number out of the grammar.
    CheckNotRuleNumber = "check_not_rule_number" [number],
    /// Two rules with one number.
    CheckRuleTwice = "check_rule_twice" [rule, first, second],
    /// Two rules for one concept.
    CheckConceptTwoRules = "check_concept_two_rules" [concept, first, second],
    /// A rule's concept missing from the concept list.
    CheckConceptUnknown = "check_concept_unknown" [rule, concept],
    /// A house-rule concept on a TDA rule or procedure.
    CheckConceptOfHouse = "check_concept_of_house" [rule, concept],
    /// A TDA concept on a house rule.
    CheckConceptNotHouse = "check_concept_not_house" [rule, concept],
    /// A rule that touches an unknown concept.
    CheckTouchesUnknown = "check_touches_unknown" [rule, concept],
    /// A rule said to decide the questions of an unknown concept, or of
    /// one its edition has a rule on.
    CheckAlsoUnknown = "check_also_unknown" [rule, concept],
    /// A concept whose `otherwise` names the concept itself.
    CheckOtherwiseItself = "check_otherwise_itself" [concept],
    /// A parameter set on a rule of another topic.
    CheckParamElsewhere = "check_param_elsewhere" [rule, param, concept],
    /// A parameter no concept is home to.
    CheckParamNoHome = "check_param_no_home" [rule, param],
    /// A rule with an empty title.
    CheckEmptyTitle = "check_empty_title" [rule],
    /// A rule with neither text nor parts.
    CheckNoText = "check_no_text" [rule],
    /// A reference that is no rule number.
    CheckRefMalformed = "check_ref_malformed" [rule, reference],
    /// A reference to a rule the edition does not have.
    CheckRefNoRule = "check_ref_no_rule" [rule, reference, edition],
    /// A reference to a part the rule does not have.
    CheckRefNoPart = "check_ref_no_part" [rule, reference, target, part],
    /// An erratum whose meaning is missing from the references.
    CheckErratumNotInRefs = "check_erratum_not_in_refs" [rule, printed, means],
    /// An external reference that names a rule of the edition itself.
    CheckExternalRefInside = "check_external_ref_inside" [rule, reference, edition],
    /// A stray text placed after no rule.
    CheckStrayAfter = "check_stray_after" [title, after],
    /// A stray text said to copy no rule.
    CheckStrayDuplicate = "check_stray_duplicate" [title, rule],
    /// Two editions of one numbering that number a topic differently.
    CheckNumberingDisagrees = "check_numbering_disagrees" [concept, number, other, edition, numbering],
    /// A UI text whose placeholders differ from the English text's.
    CheckPlaceholders = "check_placeholders" [key, found, english],
    /// UI keys other languages have.
    CheckKeysMissing = "check_keys_missing" [count, keys, more],
    /// " and N more", after a shortened list.
    CheckAndMore = "check_and_more" [count],
    /// Parameters and values without words in a language.
    CheckParamWords = "check_param_words" [count, list],
    /// An edition without its provision record.
    CheckNoRecord = "check_no_record" [edition],
    /// Command-line help keys a translation lacks.
    CheckCliUntranslated = "check_cli_untranslated" [keys],
    /// Command-line help keys for no command or option.
    CheckCliExtra = "check_cli_extra" [keys],
    /// A provision listed twice in the catalog.
    CheckProvisionTwice = "check_provision_twice" [id],
    /// A provision id that is not a slug.
    CheckProvisionNotSlug = "check_provision_not_slug" [id],
    /// A provision of an unknown concept.
    CheckProvisionConcept = "check_provision_concept" [id, concept],
    /// A provision of an unknown parameter.
    CheckProvisionNotParam = "check_provision_not_param" [id, param],
    /// A provision with a value but no parameter.
    CheckProvisionValueNoParam = "check_provision_value_no_param" [id],
    /// A provision without a description in a language.
    CheckProvisionNoDescription = "check_provision_no_description" [id, lang],
    /// A provision description with a control character.
    CheckProvisionControl = "check_provision_control" [id, lang],
    /// `duty` on a provision that is no ruling.
    CheckProvisionDutyKind = "check_provision_duty_kind" [id, kind],
    /// A provision's term with no values.
    CheckTermNoValues = "check_term_no_values" [id, term],
    /// A term value that is not a slug.
    CheckTermValueNotSlug = "check_term_value_not_slug" [id, term, value],
    /// A term value without words in a language.
    CheckTermValueWords = "check_term_value_words" [id, term, value, lang],
    /// A term value taken from the shared values that are not there.
    CheckTermValueUnknown = "check_term_value_unknown" [id, term, value],
    /// The TDA practice of a provision gives a term a value it does not have.
    CheckTdaTermValue = "check_tda_term_value" [id, term, value],
    /// A provision said by another's term value that provision lacks.
    CheckImpliedByValue = "check_implied_by_value" [id, other, term, value],
    /// A provision rules alike a term value it does not have.
    CheckAlikeTermValue = "check_alike_term_value" [id, term, value],
    /// A provision record named for another edition.
    CheckRecordEdition = "check_record_edition" [edition, file],
    /// A provision record entry for a rule the edition does not have.
    CheckRecordNoRule = "check_record_no_rule" [number, edition],
    /// A provision record entry naming a provision the catalog lacks.
    CheckRecordUnknownProvision = "check_record_unknown_provision" [rule, id, file],
    /// A rule marked not applicable that states provisions.
    CheckProvisionNotApplicable = "check_provision_not_applicable" [rule],
    /// A provision stated twice by one rule.
    CheckRuleProvisionTwice = "check_rule_provision_twice" [rule, id],
    /// A rule stating a provision the catalog lacks.
    CheckRuleProvisionUnknown = "check_rule_provision_unknown" [rule, id],
    /// A rule stating a provision of another topic.
    CheckProvisionOtherTopic = "check_provision_other_topic" [rule, concept, id, other],
    /// A statement naming another topic than its provision's.
    CheckProvisionTopicNamed = "check_provision_topic_named" [rule, id, topic, other],
    /// A statement giving a term its provision does not have.
    CheckTermNotOfProvision = "check_term_not_of_provision" [rule, id, term],
    /// A statement giving a term a value its provision does not have.
    CheckTermValueNotOfProvision = "check_term_value_not_of_provision" [rule, id, term, value, list],
    /// A statement of a bundled edition leaving out one of its provision's terms.
    CheckTermNotGiven = "check_term_not_given" [rule, id, term],
    /// A stated provision without the words that state it.
    CheckProvisionNoSpan = "check_provision_no_span" [rule, id],
    /// A span the rule's text does not contain.
    CheckSpanNotInText = "check_span_not_in_text" [rule, id, span],
    /// A provision carrying a parameter the rule does not state.
    CheckProvisionParamUnstated = "check_provision_param_unstated" [rule, id, param],
    /// A provision and the rule's parameter disagreeing on a value.
    CheckProvisionParamValue = "check_provision_param_value" [rule, id, param, element, value],
    /// A parameter no provision of the catalog carries.
    CheckParamNoProvision = "check_param_no_provision" [rule, param],
    /// A parameter stated without a provision quoting it.
    CheckParamNotQuoted = "check_param_not_quoted" [rule, param, list],
    /// An element of a list parameter no stated provision quotes.
    CheckParamElementNotQuoted = "check_param_element_not_quoted" [rule, param, value],
    /// A TDA rule or procedure that states no provision.
    CheckStatesNothing = "check_states_nothing" [rule, concept],
    /// A decision-tree question listed twice.
    CheckQuestionTwice = "check_question_twice" [question],
    /// `choices` on a question that is no choice, or missing on one that is.
    CheckChoicesRequired = "check_choices_required" [question],
    /// `choices_from` on a question that is no multi-choice.
    CheckChoicesFromKind = "check_choices_from_kind" [question],
    /// A value of the TDA practice missing from the choices.
    CheckChoicesFromMissing = "check_choices_from_missing" [question, value, param],
    /// `choices_from` naming no list parameter with a TDA practice.
    CheckChoicesFromNotList = "check_choices_from_not_list" [question, param],
    /// A default the question's kind refuses.
    CheckDefaultInvalid = "check_default_invalid" [question, default, problem],
    /// `default_from` naming no earlier amount question.
    CheckDefaultFrom = "check_default_from" [question, key],
    /// An edition condition under `ask`.
    CheckWhenOnly = "check_when_only" [question, key],
    /// An edition condition that cannot be decided.
    CheckParamCondition = "check_param_condition" [question, key, problem],
    /// A condition on a name that is no parameter.
    CheckNotAParameter = "check_not_a_parameter" [param],
    /// A condition on a provision the catalog does not list.
    CheckNotAProvision = "check_not_a_provision" [id],
    /// A condition on a parameter without its values.
    CheckConditionValues = "check_condition_values" [],
    /// A condition on a value the parameter cannot take.
    CheckNotAValue = "check_not_a_value" [value, param],
    /// A condition that does not fit the kind of its question.
    CheckConditionKind = "check_condition_kind" [question, key],
    /// A condition on no earlier question.
    CheckConditionNotEarlier = "check_condition_not_earlier" [question, key],
    /// A question's UI text missing.
    CheckQuestionNoText = "check_question_no_text" [question, key],
    /// A choice of games that is no game.
    CheckChoiceNotGame = "check_choice_not_game" [question, choice],
    /// A value of the setting that the question bound to it lacks.
    CheckSettingChoiceMissing = "check_setting_choice_missing" [question, setting, value],
    /// A `setting` that does not exist or does not fit.
    CheckSettingUnknown = "check_setting_unknown" [question, setting],
    /// A decision tree without its module.
    CheckNoModule = "check_no_module" [incident],
    /// An outcome that cites no rule.
    CheckOutcomeNoCite = "check_outcome_no_cite" [outcome],
    /// An outcome citing an unknown concept.
    CheckOutcomeUnknownConcept = "check_outcome_unknown_concept" [outcome, concept],
    /// An outcome's UI text missing.
    CheckOutcomeNoText = "check_outcome_no_text" [outcome, key],
    /// A decision tree's title missing.
    CheckNoTitle = "check_no_title" [key],
    /// A question of the tree that the module's answers lack.
    CheckQuestionNoField = "check_question_no_field" [question, module],
    /// An answer field of the module that the tree does not ask.
    CheckFieldNoQuestion = "check_field_no_question" [field],
    /// An outcome of the module that the tree does not list.
    CheckOutcomeNotListed = "check_outcome_not_listed" [outcome],
    /// An outcome of the tree that the module never reaches.
    CheckOutcomeUnreachable = "check_outcome_unreachable" [outcome],
    /// The fewest answers of a walk do not read into the answer type.
    CheckFewestAnswers = "check_fewest_answers" [problem],
    /// All the answers of a walk do not read into the answer type.
    CheckEveryAnswers = "check_every_answers" [problem],
    /// A choice of a question that does not read into the module's answers.
    CheckChoiceUnread = "check_choice_unread" [question, choice, module, problem],
    /// An outcome whose tree cites other concepts than its module declares.
    CheckCitesDisagree = "check_cites_disagree" [outcome, tree, module],
    /// A lexicon entry for an unknown concept.
    CheckLexiconConcept = "check_lexicon_concept" [concept],
    /// A lexicon topic listed as covered by no rulebook that is a concept.
    CheckLexiconCoveredTopic = "check_lexicon_covered_topic" [concept],
    /// Example questions on an uncovered topic the lexicon does not list.
    CheckQuestionsUncoveredTopic = "check_questions_uncovered_topic" [concept],
    /// A lexicon entry without terms.
    CheckLexiconNoTerms = "check_lexicon_no_terms" [concept],
    /// A lexicon term with no words.
    CheckLexiconEmptyTerm = "check_lexicon_empty_term" [concept, term],
    /// A lexicon term listed twice under one concept.
    CheckLexiconTermTwice = "check_lexicon_term_twice" [concept, term],
    /// A stop word with no letters.
    CheckLexiconEmptyStopWord = "check_lexicon_empty_stop_word" [word],
    /// A UI key whose value is neither text nor a map of texts.
    CheckUiNotTexts = "check_ui_not_texts" [key],
    /// A UI file flattened at build time, parsed as YAML.
    CheckFlatUi = "check_flat_ui" [],
    /// A decision tree whose id is not its file name.
    CheckTreeId = "check_tree_id" [id],
    /// An edition whose id is not its file name.
    CheckEditionId = "check_edition_id" [id, file],
    /// An edition whose language is not its folder.
    CheckEditionLanguage = "check_edition_language" [lang, folder],
    /// An edition listed in the data tree whose file is gone.
    CheckListedButMissing = "check_listed_but_missing" [],
    /// The concept list missing.
    CheckNoConcepts = "check_no_concepts" [],
    /// A built-in rule index that does not parse (the parser's message).
    CheckRuleIndex = "check_rule_index" [problem],
    /// A built-in edition read without its rule index.
    CheckNoRuleIndex = "check_no_rule_index" [],
    /// A rule of the index outside its edition's text.
    CheckRuleOutside = "check_rule_outside" [rule],
    /// A built-in rule that does not parse (the parser's message).
    CheckRuleUnreadable = "check_rule_unreadable" [rule, problem],
    /// A decision tree the incident registry has no module for.
    CheckRulingNoModule = "check_ruling_no_module" [file],
    /// A module that reached an outcome its tree does not list.
    CheckOutcomeNotInTree = "check_outcome_not_in_tree" [incident, outcome, file],
}

/// A value a message text receives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Text or a number, shown as it is.
    Text(String),
    /// Another message, rendered in the same language.
    Message(Box<Message>),
}

/// The most characters of one argument a message carries (see
/// `Message::arg`): well above any list of choices, ids or editions.
pub const ARG_CHARS: usize = 1000;

/// A message: its key and arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Which message.
    pub msg: Msg,
    /// Its arguments, by placeholder name.
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// A message with no arguments yet.
    pub fn new(msg: Msg) -> Message {
        Message {
            msg,
            args: Vec::new(),
        }
    }

    /// Adds a plain argument. An argument is what the user gave or a list
    /// the data holds; past `ARG_CHARS` characters it is cut with an
    /// ellipsis, so a 4 MB value is never echoed back whole.
    pub fn arg(mut self, name: &'static str, value: impl fmt::Display) -> Message {
        let mut text = value.to_string();
        if let Some((cut, _)) = text.char_indices().nth(ARG_CHARS) {
            text.truncate(cut);
            text.push('…');
        }
        self.args.push((name, Arg::Text(text)));
        self
    }

    /// Adds a nested message as an argument.
    pub fn nested(mut self, name: &'static str, value: Message) -> Message {
        self.args.push((name, Arg::Message(Box::new(value))));
        self
    }

    /// The plain argument `name`, if given (for tests and callers that
    /// branch on a value).
    pub fn text_arg(&self, name: &str) -> Option<&str> {
        self.args.iter().find_map(|(n, a)| match a {
            Arg::Text(t) if *n == name => Some(t.as_str()),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DataSource;
    use crate::ui::{Lang, Ui, placeholders};
    use std::collections::BTreeSet;

    #[test]
    fn every_message_has_its_text_with_its_placeholders_in_every_language() {
        for lang in Lang::ALL {
            let ui = Ui::load(&DataSource::Embedded, lang).expect("ui loads");
            for msg in Msg::ALL {
                let key = format!("errors.{}", msg.key());
                let text = ui
                    .get(&key)
                    .unwrap_or_else(|| panic!("{lang:?}: no `{key}`"));
                let want: BTreeSet<&str> = msg.placeholders().iter().copied().collect();
                assert_eq!(placeholders(text), want, "{lang:?} `{key}`: {text}");
            }
        }
    }

    #[test]
    fn nested_messages_render_in_one_language() {
        let ui = Ui::load(&DataSource::Embedded, Lang::De).expect("ui");
        let m = Message::new(Msg::ActionAt)
            .arg("n", 2)
            .arg("player", "B")
            .nested("problem", Message::new(Msg::ActsAfterFold));
        let text = m.render(&ui);
        assert!(text.contains('B') && !text.contains("errors."), "{text}");
    }

    #[test]
    fn an_argument_is_cut_at_its_limit_on_a_character_boundary() {
        for (given, kept) in [
            ("é".repeat(ARG_CHARS), ARG_CHARS),
            ("é".repeat(ARG_CHARS + 1), ARG_CHARS + 1),
            ("x".repeat(4 << 20), ARG_CHARS + 1),
        ] {
            let m = Message::new(Msg::NotKeyValue).arg("value", &given);
            let text = m.text_arg("value").unwrap_or_default();
            assert_eq!(text.chars().count(), kept);
            assert_eq!(text.ends_with('…'), kept > ARG_CHARS);
        }
    }
}
