//! Seat numbers: the range of the answer contract (1-10) and clockwise
//! order around the table. Shared by the pot, showdown and chip-race
//! calculators.

use super::{CalcError, Seat};

/// The highest seat number of the answer contract (seats are 1-10).
pub const MAX_SEAT: Seat = 10;

/// Checks that `seat` is a seat number 1-10; `input` names the answer key.
pub fn check_seat(seat: Seat, input: &'static str) -> Result<Seat, CalcError> {
    if (1..=MAX_SEAT).contains(&seat) {
        Ok(seat)
    } else {
        Err(CalcError::invalid(
            input,
            format!("seat {seat} does not exist: seats are numbered 1-{MAX_SEAT}"),
        ))
    }
}

/// The seats of `seats` in clockwise order starting with the first seat
/// after `start` (seat 1 follows seat 10); `start` itself, if listed, comes
/// last. Duplicates are kept as given; callers validate first.
///
/// ```
/// use floor::calc::seats::clockwise_after;
/// assert_eq!(clockwise_after(8, &[2, 5, 8, 9]), vec![9, 2, 5, 8]);
/// ```
pub fn clockwise_after(start: Seat, seats: &[Seat]) -> Vec<Seat> {
    let mut ordered = seats.to_vec();
    let distance = |seat: Seat| -> u16 {
        let (seat, start, n) = (u16::from(seat), u16::from(start), u16::from(MAX_SEAT));
        // 1..=n for seats after `start`, n for `start` itself.
        (seat + n - start % n - 1) % n + 1
    };
    ordered.sort_by_key(|s| distance(*s));
    ordered
}
