//! Balancing and breaking tables, halting play, and forming the final
//! table (incident `balance`).
//!
//! Owns concepts `balancing-tables`, `breaking-tables`, `final-table-size`:
//! TDA 2019 rules 10-11 and RP-9 / OP9, TDA 2015 and 2017 rules 9-11, onk
//! MEC-5/MEC-6. Which player moves to which seat (the next big blind to the
//! worst position) is the TD's job; this module says how many players go
//! from which table to which.

use std::str::FromStr;

use serde::Deserialize;

use crate::engine::{Cx, Decision, Incident};
use crate::error::Error;
use crate::message::{Message, Msg};
use crate::rules::concepts::{self as c, ConceptId};
use crate::rules::params::tda;

/// The most seats a table of a short-handed event (6-max) has: halting
/// play there is the TD's decision, not the full-table rule.
const SHORT_HANDED_SEATS: u8 = 6;

/// The `balance` incident.
pub struct Balance;

/// The provision sizing the final table, per size of table.
const FT_SIZES: &str = "ft-sizes";
/// In stud, players are moved by seat position, not to the worst position
/// (Pokerpunt, tda-2015-de and tda-2019-sk 11-A; dpc and ONK name none).
const STUD_BY_POSITION: &str = "balance-stud-by-position";
/// Its `scope` where 10-handed events are named with 9- and 8-handed ones.
const TEN_TO_EIGHT_HANDED: &str = "ten-to-eight-handed-to-nine";

/// The answers of `balance`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// The tables in play, `ID:PLAYERS,...`.
    pub tables: String,
    /// Seats at a full table.
    pub seats_per_table: u8,
}

impl Incident for Balance {
    const ID: &'static str = "balance";
    type Answers = Answers;
    type Outcome = BalanceOutcome;
    type Amounts = Amounts;
    type Extra = Extra;
    type Note = Notes;
    const PROVISIONS: &'static [&'static str] = &[FT_SIZES, STUD_BY_POSITION];

    fn rule(a: Answers, cx: &mut Cx<'_>) -> Result<Decision<Balance>, Error> {
        let tables = parse_tables(&a.tables)?;
        let halt_threshold = cx.params.halt_threshold().get();
        // Read only for a 10-handed event, the one size it decides.
        let ten_handed_named = a.seats_per_table == 10
            && cx
                .stated_or_practice(FT_SIZES)?
                .and_then(|t| t.scope.as_deref())
                == Some(TEN_TO_EIGHT_HANDED);
        let under = |final_table| {
            balance(
                &tables,
                a.seats_per_table,
                &BalanceParams {
                    halt_threshold,
                    final_table,
                    ten_handed_named,
                },
            )
        };
        // How the edition forms the final table is read only where it
        // decides (the card then names the rule or the practice used).
        let full = under(FinalTablePolicy::FullPlusOne)?;
        let combined = under(FinalTablePolicy::CombineTwoTables)?;
        let r = if full == combined {
            full
        } else {
            match cx.params.final_table_policy() {
                FinalTablePolicy::FullPlusOne => full,
                FinalTablePolicy::CombineTwoTables => combined,
            }
        };
        let mut d = Decision::<Balance>::new(r.outcome, r.concepts);
        let moved: u64 = r.moves.iter().map(|m| u64::from(m.players)).sum();
        d.amounts.players_moved = moved;
        // The card names the tables: which break, where play halts, who
        // moves where.
        d.notes.extend(r.broken.iter().map(|table| Notes::Broken {
            table: table.clone(),
        }));
        d.notes.extend(r.halt.iter().map(|table| Notes::Halted {
            table: table.clone(),
        }));
        // Halting at the threshold is the full-table rule; in a short-handed
        // event (6-max and the like) the TD decides (tda-2019-sk 11-D,
        // tda-2015-de 10-D, Pokerpunt 10-D; the practice elsewhere): said,
        // never ordered.
        if !r.halt.is_empty() && a.seats_per_table <= SHORT_HANDED_SEATS {
            d.discretion = Some(true);
            d.notes.push(Notes::HaltShortHanded {
                seats: a.seats_per_table,
            });
        }
        d.notes.extend(r.moves.iter().map(|m| Notes::Moved {
            from: m.from.clone(),
            to: m.to.clone(),
            players: m.players,
        }));
        // The step seating a moved player is a flop game's: where the
        // edition seats stud players otherwise, the card says so.
        if !r.moves.is_empty() && cx.stated_or_practice(STUD_BY_POSITION)?.is_some() {
            d.notes.push(Notes::StudByPosition);
        }
        // A final table the edition's rule does not size: said, not
        // assumed unsaid.
        if let Some(ft) = r.final_table.as_ref().filter(|ft| !ft.stated) {
            d.notes.push(Notes::FinalTableUnstated {
                seats: a.seats_per_table,
                players: ft.players,
            });
        }
        d.extra = Extra {
            halt: r.halt,
            broken: r.broken,
            moves: r.moves,
            after: r
                .after
                .into_iter()
                .map(|t| After {
                    table: t.id,
                    players: t.players,
                })
                .collect(),
            final_table: r.final_table.map(|ft| FinalTableOut {
                players: ft.players,
                from_two_tables_of: ft.from_two_tables_of,
            }),
        };
        Ok(d)
    }
}

crate::notes! {
    /// The notes of `balance`: the tables by name.
    pub enum Notes {
        /// A table breaks.
        Broken { table: String } = "balance_broken",
        /// Full-table play halts at a table.
        Halted { table: String } = "balance_halted",
        /// A short-handed event: whether play halts is the TD's decision.
        HaltShortHanded { seats: u8 } = "balance_halt_short_handed",
        /// Players move from one table to another.
        Moved { from: String, to: String, players: u8 } = "balance_moved",
        /// The edition's rule on the final table does not name an event of
        /// this size: the size taken is said.
        FinalTableUnstated { seats: u8, players: u8 } = "balance_final_table_unstated",
        /// In stud the edition moves players by seat position.
        StudByPosition = "balance_stud_by_position",
    }
}

/// The amounts of `balance`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Amounts {
    /// Players moved in all.
    pub players_moved: u64,
}

/// What the JSON of `balance` carries besides the amounts.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Extra {
    /// Tables that halt play.
    pub halt: Vec<String>,
    /// Tables broken, in order.
    pub broken: Vec<String>,
    /// The moves.
    pub moves: Vec<Move>,
    /// The tables after the moves.
    pub after: Vec<After>,
    /// The final table, when the moves form it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_table: Option<FinalTableOut>,
}

/// The final table as the JSON shows it.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct FinalTableOut {
    /// Players it starts with.
    pub players: u8,
    /// The size of each of the last two tables before they combine.
    pub from_two_tables_of: Option<u8>,
}

/// A table after the moves.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct After {
    /// Its id.
    pub table: String,
    /// Its players.
    pub players: u8,
}

/// One table in play: its id as the floor calls it and its players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The table's id (`A`, `12`, ...).
    pub id: String,
    /// Players seated at it.
    pub players: u8,
}

/// The `tables` answer: `ID:PLAYERS,...` (e.g. `A:5,B:8`).
///
/// Parsing checks the list itself: every entry `ID:PLAYERS`, a non-empty
/// id, no id twice (ignoring case), a player count 0-255. Errors name the
/// answer key `tables`. Seat limits are checked by [`balance`].
///
/// ```
/// use floor::incidents::balance::Tables;
/// let t: Tables = "A:5, B:8".parse().unwrap();
/// assert_eq!((t.0[1].id.as_str(), t.0[1].players), ("B", 8));
/// assert!("A:5,a:6".parse::<Tables>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables(pub Vec<Table>);

impl FromStr for Tables {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_tables(text).map(Tables)
    }
}

/// Parses `ID:PLAYERS,...` (see [`Tables`]).
pub fn parse_tables(text: &str) -> Result<Vec<Table>, Error> {
    let wrong = |m: Message| Error::input(TABLES, m);
    if text.trim().is_empty() {
        return Err(wrong(Message::new(Msg::BalanceNoTables)));
    }
    let mut tables: Vec<Table> = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let Some((id, players)) = item.split_once(':') else {
            return Err(wrong(Message::new(Msg::BalanceTableItem).arg("item", item)));
        };
        let id = id.trim();
        if id.is_empty() {
            return Err(wrong(Message::new(Msg::BalanceTableNoId).arg("item", item)));
        }
        let players: u8 = players
            .trim()
            .parse()
            .map_err(|_| wrong(Message::new(Msg::BalanceTablePlayers).arg("item", item)))?;
        if tables.iter().any(|t| t.id.eq_ignore_ascii_case(id)) {
            return Err(wrong(Message::new(Msg::BalanceTableTwice).arg("table", id)));
        }
        tables.push(Table {
            id: id.to_string(),
            players,
        });
    }
    Ok(tables)
}

/// The answer key of the table list.
const TABLES: &str = "tables";

pub use crate::rules::vocab::FinalTablePolicy;

/// The final table of an event, as [`final_table`] sizes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinalTable {
    /// Players the final table starts with: the last two tables combine
    /// once this many or fewer remain.
    pub players: u8,
    /// Under [`FinalTablePolicy::CombineTwoTables`], the size of each of
    /// the last two tables (5 or 4) before they combine after the next
    /// elimination.
    pub from_two_tables_of: Option<u8>,
    /// Whether the edition's rule states this size; `false` where it does
    /// not cover the event size (heads-up events, or combining for fewer
    /// than 6-handed) and a full table is assumed.
    pub stated: bool,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

fn check_seats_per_table(seats_per_table: u8) -> Result<(), Error> {
    if (2..=10).contains(&seats_per_table) {
        Ok(())
    } else {
        Err(Error::input(
            "seats_per_table",
            Message::new(Msg::BalanceSeatsPerTable).arg("seats", seats_per_table),
        ))
    }
}

/// The number of players the final table starts with (concept
/// `final-table-size`).
///
/// - [`FinalTablePolicy::FullPlusOne`]: `min(seats_per_table + 1, 10)`;
///   a heads-up event (2 seats) has no such rule: 2, `stated: false`.
/// - [`FinalTablePolicy::CombineTwoTables`]: 8- to 10-handed → 9 (from two
///   tables of 5), 6- or 7-handed → 7 (from two tables of 4); smaller
///   events are not covered: a full table, `stated: false`. A 10-handed
///   event is stated only where `ten_handed_named` (onk RP-9; tda-2019-sk
///   names only 9- and 8-handed events; onk's MEC-6 plays every final
///   table 9-handed).
///
/// Errors: `seats_per_table` outside 2-10.
///
/// ```
/// use floor::incidents::balance::{final_table, FinalTablePolicy};
/// // tda-2015-de rule 11: "9-Handed Turniere starten den Finaltisch mit 10 Spielern"
/// assert_eq!(final_table(FinalTablePolicy::FullPlusOne, 9, false).unwrap().players, 10);
/// // onk-2023-nl RP-9: two tables of five combine to a 9-handed final table
/// let ft = final_table(FinalTablePolicy::CombineTwoTables, 9, true).unwrap();
/// assert_eq!((ft.players, ft.from_two_tables_of), (9, Some(5)));
/// ```
pub fn final_table(
    policy: FinalTablePolicy,
    seats_per_table: u8,
    ten_handed_named: bool,
) -> Result<FinalTable, Error> {
    check_seats_per_table(seats_per_table)?;
    let (players, from_two_tables_of, stated) = match policy {
        FinalTablePolicy::FullPlusOne if seats_per_table == 2 => (2, None, false),
        FinalTablePolicy::FullPlusOne => (seats_per_table.saturating_add(1).min(10), None, true),
        FinalTablePolicy::CombineTwoTables => match seats_per_table {
            10 => (9, Some(5), ten_handed_named),
            8..=9 => (9, Some(5), true),
            6..=7 => (7, Some(4), true),
            _ => (seats_per_table, None, false),
        },
    };
    Ok(FinalTable {
        players,
        from_two_tables_of,
        stated,
        concepts: vec![c::FINAL_TABLE_SIZE],
    })
}

/// An edition's balancing parameters (`halt_threshold`,
/// `final_table_policy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BalanceParams {
    /// Full-table play halts on tables this many or more players short of
    /// the table with the most players (3 in every edition).
    pub halt_threshold: u32,
    /// How the final table is formed.
    pub final_table: FinalTablePolicy,
    /// Where two tables of five combine: whether the rule names 10-handed
    /// events too (ONK RP-9 "10-, 9- en 8-handed"; tda-2019-sk OP-9 and
    /// the TDA practice name 9- and 8-handed).
    pub ten_handed_named: bool,
}

impl Default for BalanceParams {
    /// The TDA practice: threshold 3, two tables combine to the final table.
    fn default() -> Self {
        BalanceParams {
            halt_threshold: tda::halt_threshold().get(),
            final_table: tda::final_table_policy(),
            ten_handed_named: false,
        }
    }
}

crate::outcomes! {
    /// What the floor has to do (the `balance` outcome).
    #[derive(Hash)]
    pub enum BalanceOutcome {
        /// No table differs from another by more than one player.
        Balanced => [BALANCING_TABLES],
        /// Players move from the fullest tables to the shortest.
        Move => [BALANCING_TABLES, BALANCING_TABLES],
        /// A table breaks: the players fit in one table fewer.
        Break => [BREAKING_TABLES, FINAL_TABLE_SIZE, BALANCING_TABLES],
        /// Play halts on the short table(s) until players are moved in.
        Halt => [BALANCING_TABLES],
    }
}

impl BalanceOutcome {
    /// The answer-contract outcome id.
    pub fn id(self) -> &'static str {
        self.into()
    }
}

/// Players moving from one table to another (JSON `{"from","to","players"}`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Move {
    /// The table they leave.
    pub from: String,
    /// The table they join.
    pub to: String,
    /// How many players.
    pub players: u8,
}

/// The balancing ruling as [`balance`] computes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BalanceRuling {
    /// The outcome: `break` over `halt` over `move` over `balanced`.
    pub outcome: BalanceOutcome,
    /// Tables where play halts (JSON `halt`); empty when a table breaks.
    pub halt: Vec<String>,
    /// Tables broken, in order.
    pub broken: Vec<String>,
    /// The moves, merged per pair of tables, in the order they are made.
    pub moves: Vec<Move>,
    /// The tables after the moves, in input order.
    pub after: Vec<Table>,
    /// The final table, when the moves combine the last two tables.
    pub final_table: Option<FinalTable>,
    /// Concept slugs applied, deciding rule first.
    pub concepts: Vec<ConceptId>,
}

fn record(moves: &mut Vec<Move>, from: &str, to: &str) -> Result<(), Error> {
    if let Some(existing) = moves.iter_mut().find(|m| m.from == from && m.to == to) {
        existing.players = existing.players.checked_add(1).ok_or_else(|| {
            Error::input(TABLES, Message::new(Msg::Overflow).arg("input", TABLES))
        })?;
    } else {
        moves.push(Move {
            from: from.to_string(),
            to: to.to_string(),
            players: 1,
        });
    }
    Ok(())
}

/// Balances the tables of an event (concepts `balancing-tables`,
/// `breaking-tables`, `final-table-size`).
///
/// 1. **Break**: while the players fit in one table fewer — `(n − 1) ×
///    seats_per_table` seats, or the final table's size when only two tables
///    are left ([`final_table`]) — the shortest table breaks (ties: the one
///    listed last, as houses usually break the highest-numbered table
///    first; list the tables in your break order otherwise). Every table to
///    break is chosen before anyone moves; their players go one by one to
///    the remaining table with the fewest players (ties: listed first),
///    never above `seats_per_table` (or the final table's size), each moved
///    once.
/// 2. **Halt**: full-table play halts on every table `halt_threshold` (3)
///    or more players short of the table with the most players (onk's
///    example: 9-handed, table A 5 players, table B 8 → play stops at A).
///    Halts are not reported when a table breaks.
/// 3. **Move**: one player at a time from the fullest table (ties: listed
///    first) to the shortest (ties: listed first) until no two tables
///    differ by more than one.
///
/// Editions: every edition halts at 3 short. tda-2015-de ("im Vergleich
/// zum vollsten Tisch"), onk and dpc measure it against the fullest table;
/// pokerpunt ("drie of meer spelers tekort") leaves the reference out and
/// is read the same way; tda-2019-sk's translation ("menej ako 3 hráči
/// alebo ... podstatne menej hráčov") garbles it and is read the same way.
/// Halting in other formats (6-max, turbos) is at the TD's discretion and
/// the TD may waive a halt (all editions). onk plays 9-handed, at times
/// 10-handed (MEC-5). The final table: see [`FinalTablePolicy`].
///
/// Errors (`tables`): no tables, a table with no players or more players
/// than `seats_per_table`; `seats_per_table` outside 2-10;
/// `halt_threshold` zero.
///
/// ```
/// use floor::incidents::balance::{balance, BalanceOutcome, BalanceParams, Tables};
/// // onk-2023-nl rule 11: 9-handed, table A has 5 players, table B the most with 8.
/// let tables: Tables = "A:5,B:8".parse().unwrap();
/// let ruling = balance(&tables.0, 9, &BalanceParams::default()).unwrap();
/// assert_eq!(ruling.outcome, BalanceOutcome::Halt);
/// assert_eq!(ruling.halt, vec!["A".to_string()]);
/// assert_eq!((ruling.moves[0].from.as_str(), ruling.moves[0].to.as_str(), ruling.moves[0].players), ("B", "A", 1));
/// ```
pub fn balance(
    tables: &[Table],
    seats_per_table: u8,
    params: &BalanceParams,
) -> Result<BalanceRuling, Error> {
    let wrong = |m: Message| Error::input(TABLES, m);
    check_seats_per_table(seats_per_table)?;
    if params.halt_threshold == 0 {
        return Err(Error::input(
            "halt_threshold",
            Message::new(Msg::BalanceHaltThresholdZero),
        ));
    }
    if tables.is_empty() {
        return Err(wrong(Message::new(Msg::BalanceNoTables)));
    }
    for (i, table) in tables.iter().enumerate() {
        if tables
            .iter()
            .take(i)
            .any(|t| t.id.eq_ignore_ascii_case(&table.id))
        {
            return Err(wrong(
                Message::new(Msg::BalanceTableTwice).arg("table", &table.id),
            ));
        }
        if table.players == 0 {
            return Err(wrong(
                Message::new(Msg::BalanceTableEmpty).arg("table", &table.id),
            ));
        }
        if table.players > seats_per_table {
            return Err(wrong(
                Message::new(Msg::BalanceTableOver)
                    .arg("table", &table.id)
                    .arg("players", table.players)
                    .arg("seats", seats_per_table),
            ));
        }
    }
    let final_size = final_table(params.final_table, seats_per_table, params.ten_handed_named)?;
    let capacity_of = |count: usize| -> u32 {
        if count == 1 {
            u32::from(final_size.players)
        } else {
            u32::try_from(count)
                .unwrap_or(u32::MAX)
                .saturating_mul(u32::from(seats_per_table))
        }
    };

    let mut state: Vec<Table> = tables.to_vec();
    let total: u32 = state.iter().map(|t| u32::from(t.players)).sum();
    let mut moves: Vec<Move> = Vec::new();
    let mut broken: Vec<String> = Vec::new();

    // 1. Break while the players fit in one table fewer: every table to
    // break is chosen first, so that no player is moved to a table that
    // breaks next (rule 10: new tables and seats, once).
    let mut gone: Vec<Table> = Vec::new();
    while state.len() > 1 && total <= capacity_of(state.len() - 1) {
        let fewest = state.iter().map(|t| t.players).min().unwrap_or(0);
        let Some(index) = state.iter().rposition(|t| t.players == fewest) else {
            break;
        };
        gone.push(state.remove(index));
    }
    let cap = if state.len() == 1 {
        final_size.players
    } else {
        seats_per_table
    };
    for table in gone {
        for _ in 0..table.players {
            let destination = state
                .iter_mut()
                .filter(|t| t.players < cap)
                .min_by_key(|t| t.players)
                .ok_or_else(|| wrong(Message::new(Msg::BalanceNoRoom)))?;
            destination.players += 1;
            let to = destination.id.clone();
            record(&mut moves, &table.id, &to)?;
        }
        broken.push(table.id);
    }

    // 2. Halt: tables `halt_threshold` or more short of the fullest.
    let fullest = state.iter().map(|t| t.players).max().unwrap_or(0);
    let halt: Vec<String> = if broken.is_empty() {
        state
            .iter()
            .filter(|t| u32::from(fullest - t.players) >= params.halt_threshold)
            .map(|t| t.id.clone())
            .collect()
    } else {
        Vec::new()
    };

    // 3. Move from the fullest to the shortest until within one.
    loop {
        let most = state.iter().map(|t| t.players).max().unwrap_or(0);
        let least = state.iter().map(|t| t.players).min().unwrap_or(0);
        if most - least <= 1 {
            break;
        }
        let (Some(from), Some(to)) = (
            state.iter().position(|t| t.players == most),
            state.iter().position(|t| t.players == least),
        ) else {
            break;
        };
        if let Some(source) = state.get_mut(from) {
            source.players -= 1;
        }
        if let Some(destination) = state.get_mut(to) {
            destination.players += 1;
        }
        let (from_id, to_id) = (
            state.get(from).map(|t| t.id.clone()).unwrap_or_default(),
            state.get(to).map(|t| t.id.clone()).unwrap_or_default(),
        );
        record(&mut moves, &from_id, &to_id)?;
    }

    let forms_final_table = !broken.is_empty() && state.len() == 1;
    let outcome = if !broken.is_empty() {
        BalanceOutcome::Break
    } else if !halt.is_empty() {
        BalanceOutcome::Halt
    } else if !moves.is_empty() {
        BalanceOutcome::Move
    } else {
        BalanceOutcome::Balanced
    };
    let concepts = match (outcome, forms_final_table) {
        (BalanceOutcome::Break, true) => {
            vec![c::BREAKING_TABLES, c::FINAL_TABLE_SIZE, c::BALANCING_TABLES]
        }
        (BalanceOutcome::Break, false) => vec![c::BREAKING_TABLES, c::BALANCING_TABLES],
        _ => vec![c::BALANCING_TABLES],
    };
    Ok(BalanceRuling {
        outcome,
        halt,
        broken,
        moves,
        after: state,
        final_table: forms_final_table.then_some(final_size),
        concepts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tables(text: &str) -> Vec<Table> {
        parse_tables(text).unwrap()
    }

    fn mv(from: &str, to: &str, players: u8) -> Move {
        Move {
            from: from.to_string(),
            to: to.to_string(),
            players,
        }
    }

    fn counts(b: &BalanceRuling) -> Vec<(String, u8)> {
        b.after.iter().map(|t| (t.id.clone(), t.players)).collect()
    }

    fn input_of(err: Error) -> &'static str {
        err.input_key().unwrap_or_default()
    }

    fn full_plus_one() -> BalanceParams {
        BalanceParams {
            final_table: FinalTablePolicy::FullPlusOne,
            ..BalanceParams::default()
        }
    }

    // onk-2023-nl rule 11 D, example: "NLHE 9-handed, tafel A heeft 5 spelers, tafel B heeft de
    // meeste spelers met 8. Spel stopt aan tafel A zodra de floormanager een speler erbij heeft
    // geplaatst"
    #[test]
    fn onk_2023_nl_r11_d_five_against_eight_halts_table_a() {
        let b = balance(&tables("A:5,B:8"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Halt);
        assert_eq!(b.outcome.id(), "halt");
        assert_eq!(b.halt, vec!["A".to_string()]);
        assert_eq!(b.moves, vec![mv("B", "A", 1)]);
        assert_eq!(counts(&b), vec![("A".into(), 6), ("B".into(), 7)]);
        assert_eq!(b.concepts, vec![c::BALANCING_TABLES]);
    }

    // tda-2015-de rule 10 D: "Bei Full-Table Tunieren wird das Spiel an den Tischen gestoppt, bei
    // denen 3 oder mehr Spieler (im Vergleich zum vollsten Tisch) fehlen."
    #[test]
    fn tda_2015_de_r10_d_three_short_of_the_fullest_table_halts() {
        let b = balance(&tables("1:9,2:6,3:8"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Halt);
        assert_eq!(b.halt, vec!["2".to_string()]);
        assert_eq!(b.moves, vec![mv("1", "2", 1)]);
        assert_eq!(
            counts(&b),
            vec![("1".into(), 8), ("2".into(), 7), ("3".into(), 8)]
        );
    }

    // pokerpunt-nl rule 10 D: "Indien een tafel drie of meer spelers tekort komt, dan zal het spel
    // ophouden aan desbetreffende tafel(s)."
    #[test]
    fn pokerpunt_nl_r10_d_three_or_more_short_halts() {
        let b = balance(&tables("1:9,2:6,3:6"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Halt);
        assert_eq!(b.halt, vec!["2".to_string(), "3".to_string()]);
        assert_eq!(b.moves, vec![mv("1", "2", 1), mv("1", "3", 1)]);
        assert_eq!(
            counts(&b),
            vec![("1".into(), 7), ("2".into(), 7), ("3".into(), 7)]
        );
    }

    // dpc-2019-en rule 11 (printed 4) C: "Full-table play will halt on tables 3 or more players
    // short of the table with the most players."
    #[test]
    fn dpc_2019_en_r11_c_halt_at_three_short_of_the_most() {
        let b = balance(&tables("A:8,B:8,C:5"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(
            (b.outcome, b.halt.clone()),
            (BalanceOutcome::Halt, vec!["C".to_string()])
        );
        assert_eq!(b.moves, vec![mv("A", "C", 1), mv("B", "C", 1)]);
    }

    #[test]
    fn two_short_is_a_move_without_halt() {
        let b = balance(&tables("A:6,B:8"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Move);
        assert!(b.halt.is_empty());
        assert_eq!(b.moves, vec![mv("B", "A", 1)]);
    }

    #[test]
    fn within_one_is_balanced() {
        let b = balance(&tables("1:9,2:8,3:9"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Balanced);
        assert!(b.moves.is_empty() && b.halt.is_empty() && b.broken.is_empty());
    }

    #[test]
    fn several_moves_merge_per_pair_of_tables() {
        let b = balance(&tables("1:9,2:9,3:3"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Halt);
        assert_eq!(b.halt, vec!["3".to_string()]);
        assert_eq!(b.moves, vec![mv("1", "3", 2), mv("2", "3", 2)]);
        assert_eq!(
            counts(&b),
            vec![("1".into(), 7), ("2".into(), 7), ("3".into(), 7)]
        );
    }

    #[test]
    fn break_when_players_fit_in_one_table_fewer() {
        // 8 + 8 + 2 = 18 fit in two 9-seat tables: table 3 breaks.
        let b = balance(&tables("1:8,2:8,3:2"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Break);
        assert_eq!(b.broken, vec!["3".to_string()]);
        assert_eq!(b.moves, vec![mv("3", "1", 1), mv("3", "2", 1)]);
        assert_eq!(counts(&b), vec![("1".into(), 9), ("2".into(), 9)]);
        assert!(b.halt.is_empty());
        assert_eq!(b.concepts, vec![c::BREAKING_TABLES, c::BALANCING_TABLES]);
        assert_eq!(b.final_table, None);
    }

    #[test]
    fn one_over_the_capacity_does_not_break() {
        // 19 players do not fit in two 9-seat tables.
        let b = balance(&tables("1:8,2:8,3:3"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Halt);
        assert!(b.broken.is_empty());
        assert_eq!(b.moves, vec![mv("1", "3", 2), mv("2", "3", 1)]);
        assert_eq!(
            counts(&b),
            vec![("1".into(), 6), ("2".into(), 7), ("3".into(), 6)]
        );
    }

    #[test]
    fn break_ties_take_the_last_listed_shortest_table() {
        let b = balance(&tables("1:9,2:9,3:4,4:4"), 9, &BalanceParams::default()).unwrap();
        // 26 players fit in three tables: table 4 breaks; its four players go to 3.
        assert_eq!(b.broken, vec!["4".to_string()]);
        assert_eq!(b.moves[0], mv("4", "3", 4));
        // Then 9,9,8 is balanced.
        assert_eq!(b.moves.len(), 1);
    }

    #[test]
    fn a_break_can_be_followed_by_balancing_moves() {
        let b = balance(&tables("A:9,B:9,C:3,D:2"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Break);
        assert_eq!(b.broken, vec!["D".to_string()]);
        assert_eq!(
            b.moves,
            vec![mv("D", "C", 2), mv("A", "C", 1), mv("B", "C", 1)]
        );
        assert_eq!(
            counts(&b),
            vec![("A".into(), 8), ("B".into(), 8), ("C".into(), 7)]
        );
    }

    #[test]
    fn several_tables_can_break_at_once() {
        let b = balance(&tables("1:3,2:3,3:3"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.broken, vec!["3".to_string(), "2".to_string()]);
        assert_eq!(counts(&b), vec![("1".into(), 9)]);
        assert_eq!(b.final_table.map(|f| f.players), Some(9));
        // Each of the six players moves once, to the table that stays.
        assert_eq!(b.moves, vec![mv("3", "1", 3), mv("2", "1", 3)]);
    }

    /// A final table the edition's rule does not size is said to be
    /// assumed: a 5-handed event where two tables combine for 6- to 9- or
    /// 10-handed events only (tda-2019-sk, ONK, and dpc-2019-en following
    /// that practice), and a 10-handed one where only 9- and 8-handed
    /// events are named (tda-2019-sk, dpc-2019-en). tda-2015-de and Pokerpunt size every full table
    /// plus one ("u.s.w.", "Finaletafels hebben het totaal aantal spelers
    /// voor een volle tafel plus een speler"); a 9-handed event is sized
    /// by every edition.
    #[test]
    fn a_final_table_the_rule_does_not_size_is_said_to_be_full() {
        let unstated = |d: &Decision<Balance>| {
            d.notes
                .iter()
                .any(|n| matches!(n, Notes::FinalTableUnstated { .. }))
        };
        for edition in crate::incidents::EDITIONS {
            let rule = |tables: &str, seats| {
                super::super::rule_in::<Balance>(
                    edition,
                    Answers {
                        tables: tables.into(),
                        seats_per_table: seats,
                    },
                )
                .unwrap()
            };
            let five = rule("A:3,B:2", 5);
            assert!(
                five.notes.contains(&Notes::Broken { table: "B".into() }),
                "{edition}"
            );
            let plus_one = matches!(edition, "tda-2015-de" | "pokerpunt-nl");
            assert_eq!(unstated(&five), !plus_one, "{edition}");
            let nine = rule("A:5,B:4", 9);
            assert!(!unstated(&nine), "{edition}");
            // Two tables of five make a 10-handed event's final table
            // only in ONK RP-9's words ("10-, 9- en 8-handed").
            let ten = rule("A:5,B:4", 10);
            let named = matches!(edition, "onk-2023-nl" | "tda-2015-de" | "pokerpunt-nl");
            assert_eq!(unstated(&ten), !named, "{edition}");
        }
    }

    // onk-2023-nl RP-9: "10-, 9- en 8-handed evenementen worden gecombineerd van twee tafels van
    // elk vijf spelers tot een 9-handed finaletafel. 7- en 6-handed evenementen worden
    // gecombineerd van twee tafels met elk vier spelers tot een 7-handed finaletafel."
    #[test]
    fn onk_2023_nl_rp9_two_tables_of_five_to_nine_of_four_to_seven() {
        for seats in [10, 9, 8] {
            let ft = final_table(FinalTablePolicy::CombineTwoTables, seats, true).unwrap();
            assert_eq!(
                (ft.players, ft.from_two_tables_of, ft.stated),
                (9, Some(5), true)
            );
        }
        for seats in [7, 6] {
            let ft = final_table(FinalTablePolicy::CombineTwoTables, seats, true).unwrap();
            assert_eq!(
                (ft.players, ft.from_two_tables_of, ft.stated),
                (7, Some(4), true)
            );
        }
        // Two tables of five stay apart; the next elimination combines them.
        let ten = balance(&tables("A:5,B:5"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(ten.outcome, BalanceOutcome::Balanced);
        let nine = balance(&tables("A:5,B:4"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(nine.outcome, BalanceOutcome::Break);
        assert_eq!(nine.broken, vec!["B".to_string()]);
        assert_eq!(counts(&nine), vec![("A".into(), 9)]);
        assert_eq!(
            nine.concepts,
            vec![c::BREAKING_TABLES, c::FINAL_TABLE_SIZE, c::BALANCING_TABLES]
        );
        let six_handed = balance(&tables("A:4,B:3"), 6, &BalanceParams::default()).unwrap();
        assert_eq!(counts(&six_handed), vec![("A".into(), 7)]);
    }

    // onk-2023-nl MEC-6: "De finaletafel van elk ONK Poker toernooi wordt 9-handed gespeeld."
    #[test]
    fn onk_2023_nl_mec6_final_table_nine_handed_also_when_playing_ten_handed() {
        // MEC-5: at times 10-handed tables; the final table still seats nine.
        let ft = final_table(FinalTablePolicy::CombineTwoTables, 10, true).unwrap();
        assert_eq!(ft.players, 9);
        let b = balance(&tables("1:6,2:4"), 10, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Move);
        assert_eq!(counts(&b), vec![("1".into(), 5), ("2".into(), 5)]);
    }

    // tda-2019-sk OP9: "9 a 8-handed turnaje sa po vypadnutí hráča spoja z dvoch stolov po 5
    // hráčov na finálový stôl s počtom hráčov 9. 7 a 6-handed turnaje ... z dvoch stolov po 4
    // hráčoch na finálový stôl s počtom hráčov 7."
    #[test]
    fn tda_2019_sk_op9_nine_and_eight_handed_combine_to_nine_seven_and_six_to_seven() {
        for (seats, players, each) in [(9, 9, 5), (8, 9, 5), (7, 7, 4), (6, 7, 4)] {
            let ft = final_table(FinalTablePolicy::CombineTwoTables, seats, false).unwrap();
            assert_eq!((ft.players, ft.from_two_tables_of), (players, Some(each)));
        }
    }

    // pokerpunt-nl rule 11: "Een finaletafel kan nooit meer dan 10 spelers hebben. De finaletafel
    // van een 9-max toernooi start met 10 spelers, van een 8-max toernooi met 9 spelers. In
    // six-handed toernooien, begint de finaletafel met 7 spelers."
    #[test]
    fn pokerpunt_nl_r11_full_table_plus_one_never_more_than_ten() {
        for (seats, players) in [(9, 10), (8, 9), (6, 7), (10, 10)] {
            let ft = final_table(FinalTablePolicy::FullPlusOne, seats, false).unwrap();
            assert_eq!(
                (ft.players, ft.from_two_tables_of, ft.stated),
                (players, None, true)
            );
        }
        // 9-max: ten players on two tables combine at once.
        let b = balance(&tables("1:5,2:5"), 9, &full_plus_one()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Break);
        assert_eq!(counts(&b), vec![("1".into(), 10)]);
    }

    // tda-2015-de rule 11: "(9-Handed Turniere starten den Finaltisch mit 10 Spielern, 8-Handed
    // Turniere mit 9, 6-Handed Turniere mit 7 u.s.w.). Kein Finaltisch sollte mehr als 10 Spieler
    // haben. Diese Regel gilt nicht für Heads-Up Turniere."
    #[test]
    fn tda_2015_de_r11_full_table_plus_one_not_for_heads_up() {
        for (seats, players) in [(9, 10), (8, 9), (6, 7), (10, 10)] {
            assert_eq!(
                final_table(FinalTablePolicy::FullPlusOne, seats, false)
                    .unwrap()
                    .players,
                players
            );
        }
        let heads_up = final_table(FinalTablePolicy::FullPlusOne, 2, false).unwrap();
        assert_eq!((heads_up.players, heads_up.stated), (2, false));
    }

    #[test]
    fn unstated_final_table_sizes_fall_back_to_a_full_table() {
        let ft = final_table(FinalTablePolicy::CombineTwoTables, 5, false).unwrap();
        assert_eq!(
            (ft.players, ft.from_two_tables_of, ft.stated),
            (5, None, false)
        );
    }

    #[test]
    fn a_single_table_is_balanced() {
        let b = balance(&tables("Final:7"), 9, &BalanceParams::default()).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Balanced);
        assert_eq!(b.final_table, None);
    }

    #[test]
    fn halt_threshold_is_a_parameter() {
        let strict = BalanceParams {
            halt_threshold: 2,
            ..BalanceParams::default()
        };
        let b = balance(&tables("A:6,B:8"), 9, &strict).unwrap();
        assert_eq!(b.outcome, BalanceOutcome::Halt);
    }

    #[test]
    fn balance_errors_name_the_input() {
        let p = BalanceParams::default();
        let cases = [
            (balance(&[], 9, &p), "tables"),
            (balance(&tables("A:10,B:3"), 9, &p), "tables"),
            (balance(&tables("A:0,B:3"), 9, &p), "tables"),
            (
                balance(
                    &[
                        Table {
                            id: "A".into(),
                            players: 3,
                        },
                        Table {
                            id: "a".into(),
                            players: 3,
                        },
                    ],
                    9,
                    &p,
                ),
                "tables",
            ),
            (balance(&tables("A:1"), 1, &p), "seats_per_table"),
            (balance(&tables("A:1"), 11, &p), "seats_per_table"),
            (
                balance(
                    &tables("A:1"),
                    9,
                    &BalanceParams {
                        halt_threshold: 0,
                        ..p
                    },
                ),
                "halt_threshold",
            ),
        ];
        for (result, input) in cases {
            assert_eq!(input_of(result.unwrap_err()), input);
        }
    }

    #[test]
    fn table_list_parse_errors_name_tables() {
        for text in [
            "", "A", "A:", ":5", "A:x", "A:5,,B:3", "A:5,a:4", "A:-1", "A:256",
        ] {
            assert_eq!(
                input_of(parse_tables(text).unwrap_err()),
                "tables",
                "{text:?}"
            );
        }
        assert_eq!(
            tables(" 12 : 7 ,Final:9"),
            vec![
                Table {
                    id: "12".into(),
                    players: 7
                },
                Table {
                    id: "Final".into(),
                    players: 9
                },
            ]
        );
    }

    #[test]
    fn tda_practice_and_json_shapes() {
        let tda = BalanceParams::default();
        assert_eq!(
            (tda.halt_threshold, tda.final_table),
            (3, FinalTablePolicy::CombineTwoTables)
        );
        assert_eq!(
            serde_json::to_value(mv("A", "B", 2)).unwrap(),
            serde_json::json!({"from": "A", "to": "B", "players": 2})
        );
        assert_eq!(BalanceOutcome::Halt.id(), "halt");
    }

    proptest! {
        #[test]
        fn moves_conserve_players_and_leave_tables_balanced(
            players in proptest::collection::vec(1..=10u8, 1..=8),
            seats in 2..=10u8,
            combine in any::<bool>(),
        ) {
            let input: Vec<Table> = players
                .iter()
                .enumerate()
                .map(|(i, p)| Table { id: format!("T{i}"), players: (*p).min(seats) })
                .collect();
            let params = BalanceParams {
                final_table: if combine { FinalTablePolicy::CombineTwoTables } else { FinalTablePolicy::FullPlusOne },
                ..BalanceParams::default()
            };
            let b = balance(&input, seats, &params).unwrap();
            let before: u32 = input.iter().map(|t| u32::from(t.players)).sum();
            let after: u32 = b.after.iter().map(|t| u32::from(t.players)).sum();
            prop_assert_eq!(before, after);

            // Applying the moves to the input gives `after`, broken tables emptied.
            let mut applied: Vec<(String, i32)> =
                input.iter().map(|t| (t.id.clone(), i32::from(t.players))).collect();
            for m in &b.moves {
                prop_assert!(m.players > 0);
                // Nobody is moved to a table that breaks.
                prop_assert!(!b.broken.contains(&m.to), "{:?}", b.moves);
                for (id, n) in applied.iter_mut() {
                    if *id == m.from { *n -= i32::from(m.players); }
                    if *id == m.to { *n += i32::from(m.players); }
                }
            }
            for (id, n) in &applied {
                match b.after.iter().find(|t| &t.id == id) {
                    Some(t) => prop_assert_eq!(*n, i32::from(t.players)),
                    None => {
                        prop_assert_eq!(*n, 0);
                        prop_assert!(b.broken.contains(id));
                    }
                }
            }

            let most = b.after.iter().map(|t| t.players).max().unwrap_or(0);
            let least = b.after.iter().map(|t| t.players).min().unwrap_or(0);
            prop_assert!(most - least <= 1);
            let ft = final_table(params.final_table, seats, params.ten_handed_named).unwrap();
            if b.after.len() > 1 {
                prop_assert!(most <= seats);
                // No further table could have been broken.
                let capacity = if b.after.len() == 2 {
                    u32::from(ft.players)
                } else {
                    (b.after.len() as u32 - 1) * u32::from(seats)
                };
                prop_assert!(after > capacity);
            } else {
                prop_assert!(most <= ft.players.max(seats));
            }
            prop_assert_eq!(b.outcome == BalanceOutcome::Break, !b.broken.is_empty());
        }
    }
}
