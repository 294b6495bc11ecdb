//! Notes on a ruling, typed per incident: each incident declares its notes
//! as an enum with [`notes!`](crate::notes), each variant naming its UI text
//! (`notes.<key>` in ui.yaml) and carrying the values its placeholders
//! show. A test proves every note of every incident has its text, with
//! exactly those placeholders, in the four languages.

/// A note's text: its key under `notes.` and the values of its placeholders.
pub trait NoteText {
    /// Every note of the type: its key and its placeholders.
    const ALL: &'static [(&'static str, &'static [&'static str])];

    /// The key under `notes.` in ui.yaml.
    fn key(&self) -> &'static str;

    /// The placeholder values.
    fn args(&self) -> Vec<(&'static str, String)>;
}

/// Declares an incident's notes: an enum whose variants name their UI text
/// and carry the values of its placeholders.
///
/// ```
/// use floor::engine::notes::NoteText;
///
/// floor::notes! {
///     /// The notes of an incident.
///     pub enum Notes {
///         /// The street was not named.
///         StreetUnnamed = "street_unnamed",
///         /// A forced raise.
///         ForcedRaise { min_raise_to: u64 } = "forced_raise",
///     }
/// }
///
/// let n = Notes::ForcedRaise { min_raise_to: 2000 };
/// assert_eq!((n.key(), n.args()), ("forced_raise", vec![("min_raise_to", "2000".to_string())]));
/// ```
#[macro_export]
macro_rules! notes {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident
                    $({ $($field:ident : $ty:ty),* $(,)? })?
                    $(( $inner:ty ))?
                    = $key:literal
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        $vis enum $name {
            $(
                $(#[$vmeta])*
                $variant $({ $(
                    #[allow(missing_docs)]
                    $field: $ty
                ),* })? $(($inner))?,
            )*
        }

        impl $crate::engine::notes::NoteText for $name {
            const ALL: &'static [(&'static str, &'static [&'static str])] = &[
                $( ($key, $crate::engine::notes::last(&[
                    &[$($(stringify!($field)),*)?]
                    $(, <$inner as $crate::engine::notes::NoteArgs>::NAMES)?
                ])) ),*
            ];

            fn key(&self) -> &'static str {
                match self {
                    $( $name::$variant { .. } => $key, )*
                }
            }

            #[allow(unused_variables)]
            fn args(&self) -> Vec<(&'static str, String)> {
                $($(
                    if let $name::$variant(inner) = self {
                        return <$inner as $crate::engine::notes::NoteArgs>::args(inner);
                    }
                )?)*
                match self {
                    $( $name::$variant { $($($field,)*)? .. } => vec![
                        $($( (stringify!($field), $field.to_string()) ),*)?
                    ], )*
                }
            }
        }
    };
}

/// [`NoteArgs`] for a struct whose named fields are the placeholders, in
/// order, each shown as it prints.
#[macro_export]
macro_rules! note_args {
    ($ty:ty { $($field:ident),* $(,)? }) => {
        impl $crate::engine::notes::NoteArgs for $ty {
            const NAMES: &'static [&'static str] = &[$(stringify!($field)),*];

            fn args(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), self.$field.to_string())),*]
            }
        }
    };
}

/// The values a note shares between incidents carry themselves (a
/// variant `Name(Type) = "key"` of [`notes!`](crate::notes)): its
/// placeholders and their values.
pub trait NoteArgs {
    /// The placeholders, in order.
    const NAMES: &'static [&'static str];

    /// The placeholder values.
    fn args(&self) -> Vec<(&'static str, String)>;
}

/// The last of `lists`: a shared note's placeholders where [`notes!`]
/// has them, else its own fields'.
#[doc(hidden)]
pub const fn last(lists: &[&'static [&'static str]]) -> &'static [&'static str] {
    match lists {
        [.., l] => l,
        [] => &[],
    }
}

/// The notes of an incident that has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoNote {}

impl NoteText for NoNote {
    const ALL: &'static [(&'static str, &'static [&'static str])] = &[];

    fn key(&self) -> &'static str {
        match *self {}
    }

    fn args(&self) -> Vec<(&'static str, String)> {
        match *self {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::notes! {
        /// Two notes.
        enum Two {
            /// Without values.
            Plain = "plain",
            /// With two.
            Valued { total: u64, player: String } = "valued",
            /// Shared with other incidents: the values carry their names.
            Shared(Pair) = "shared",
        }
    }

    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Pair {
        low: u64,
        high: u64,
    }

    crate::note_args!(Pair { low, high });

    #[test]
    fn a_note_names_its_text_and_its_values() {
        assert_eq!(Two::Plain.key(), "plain");
        assert!(Two::Plain.args().is_empty());
        let v = Two::Valued {
            total: 1200,
            player: "C".into(),
        };
        assert_eq!(v.key(), "valued");
        assert_eq!(
            v.args(),
            vec![("total", "1200".to_string()), ("player", "C".to_string())]
        );
        let shared = Two::Shared(Pair {
            low: 400,
            high: 800,
        });
        assert_eq!(shared.key(), "shared");
        assert_eq!(
            shared.args(),
            vec![("low", "400".to_string()), ("high", "800".to_string())]
        );
        assert_eq!(
            Two::ALL,
            &[
                ("plain", &[][..]),
                ("valued", &["total", "player"][..]),
                ("shared", &["low", "high"][..])
            ]
        );
    }
}
