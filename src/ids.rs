//! Small index newtypes naming the things on a map and the seats at a table.

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u8);

        impl $name {
            /// The 0-based index, for indexing arrays.
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// A city: its index in the map file's city list.
    CityId
);
id_type!(
    /// A route: its index in the map file's route list.
    RouteId
);
id_type!(
    /// A destination ticket: its index in the map file's ticket list.
    TicketId
);
id_type!(
    /// A seat at the table; seat 0 moves first.
    Seat
);

/// The most seats any rule set allows.
pub const MAX_SEATS: usize = 5;
