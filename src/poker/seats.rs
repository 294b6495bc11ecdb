//! Seat numbers: the range of the answer contract (1-10) and clockwise
//! order around the table (seat 1 follows seat 10).

use super::Seat;
use crate::message::{Message, Msg};

/// The highest seat number of the answer contract (seats are 1-10).
pub const MAX_SEAT: Seat = 10;

/// Checks that `seat` is a seat number 1-10.
///
/// ```
/// use floor::poker::seats::check_seat;
/// assert_eq!(check_seat(10), Ok(10));
/// assert!(check_seat(11).is_err());
/// ```
pub fn check_seat(seat: Seat) -> Result<Seat, Message> {
    if (1..=MAX_SEAT).contains(&seat) {
        Ok(seat)
    } else {
        Err(Message::new(Msg::SeatNoSuch).arg("seat", seat))
    }
}

/// Checks a list of seats: each a seat number 1-10, none listed twice.
pub fn check_distinct(seats: &[Seat]) -> Result<(), Message> {
    for (i, seat) in seats.iter().enumerate() {
        check_seat(*seat)?;
        if seats.iter().take(i).any(|s| s == seat) {
            return Err(Message::new(Msg::AnswerSeatTwice).arg("seat", seat));
        }
    }
    Ok(())
}

/// The seats of `seats` in clockwise order starting with the first seat
/// after `start` (seat 1 follows seat 10); `start` itself, if listed, comes
/// last. Duplicates are kept as given; callers validate first.
///
/// ```
/// use floor::poker::seats::clockwise_after;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_after_wraps_and_puts_start_last() {
        assert_eq!(clockwise_after(10, &[10, 3, 1]), vec![1, 3, 10]);
        assert_eq!(clockwise_after(1, &[1, 10, 2]), vec![2, 10, 1]);
        assert_eq!(clockwise_after(5, &[]), Vec::<Seat>::new());
    }

    #[test]
    fn seat_lists_are_in_range_and_distinct() {
        assert_eq!(check_distinct(&[1, 10, 4]), Ok(()));
        assert_eq!(check_distinct(&[]), Ok(()));
        for (seats, msg) in [
            (&[0, 1][..], Msg::SeatNoSuch),
            (&[1, 11][..], Msg::SeatNoSuch),
            (&[3, 4, 3][..], Msg::AnswerSeatTwice),
        ] {
            assert_eq!(check_distinct(seats).map_err(|m| m.msg), Err(msg));
        }
    }
}
