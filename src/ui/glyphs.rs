//! The pictures of the marks: X as a cross and O as a ring, or on gravity boards a filled and a
//! hollow disc, at the largest size a cell holds. Filled against hollow and cross against ring
//! tell the sides apart without colour.

use crate::engine::Player;

/// One mark's picture: rows of equal width, drawn centred in the cell.
pub type Picture = &'static [&'static str];

const X_LARGE: Picture = &[
    "╲       ╱",
    "  ╲   ╱  ",
    "    ╳    ",
    "  ╱   ╲  ",
    "╱       ╲",
];
const O_LARGE: Picture = &[
    " ╭─────╮ ",
    "╭╯     ╰╮",
    "│       │",
    "╰╮     ╭╯",
    " ╰─────╯ ",
];
const FILLED_LARGE: Picture = &[
    "  ▄███▄  ",
    "▄███████▄",
    "█████████",
    "▀███████▀",
    "  ▀███▀  ",
];
const HOLLOW_LARGE: Picture = &[
    "  ▄▀▀▀▄  ",
    "▄▀     ▀▄",
    "█       █",
    "▀▄     ▄▀",
    "  ▀▄▄▄▀  ",
];
const X_MEDIUM: Picture = &["╲ ╱", " ╳ ", "╱ ╲"];
const O_MEDIUM: Picture = &["╭─╮", "│ │", "╰─╯"];
const FILLED_MEDIUM: Picture = &["▄█▄", "███", "▀█▀"];
const HOLLOW_MEDIUM: Picture = &["▄▀▄", "█ █", "▀▄▀"];

/// The largest picture of `player`'s mark that fits a cell of `width` × `height` with a column
/// to spare on each side (for the cursor's brackets).
pub fn picture(player: Player, gravity: bool, width: u16, height: u16) -> Picture {
    let x = player == Player::X;
    match (width, height) {
        (11.., 5..) => match (gravity, x) {
            (false, true) => X_LARGE,
            (false, false) => O_LARGE,
            (true, true) => FILLED_LARGE,
            (true, false) => HOLLOW_LARGE,
        },
        (5.., 3..) => match (gravity, x) {
            (false, true) => X_MEDIUM,
            (false, false) => O_MEDIUM,
            (true, true) => FILLED_MEDIUM,
            (true, false) => HOLLOW_MEDIUM,
        },
        _ => match (gravity, x) {
            (false, true) => &["X"],
            (false, false) => &["O"],
            (true, true) => &["●"],
            (true, false) => &["○"],
        },
    }
}

/// Half the width of a picture: how far its middle row reaches either side of the centre.
pub fn half_width(picture: Picture) -> u16 {
    (picture[0].chars().count() / 2) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_is_a_rectangle_of_odd_width_that_fits_its_cell() {
        for (width, height) in [(15, 7), (11, 5), (7, 3), (5, 2), (3, 1)] {
            for gravity in [false, true] {
                for player in [Player::X, Player::O] {
                    let rows = picture(player, gravity, width, height);
                    let w = rows[0].chars().count() as u16;
                    assert!(rows.iter().all(|r| r.chars().count() as u16 == w));
                    assert_eq!(w % 2, 1);
                    assert!(w + 2 <= width || w == 1, "{width}×{height}");
                    assert!(rows.len() as u16 <= height);
                }
            }
        }
        // The sides never share a picture.
        assert_ne!(
            picture(Player::X, true, 7, 3),
            picture(Player::O, true, 7, 3)
        );
        assert_ne!(
            picture(Player::X, false, 3, 1),
            picture(Player::X, true, 3, 1)
        );
    }
}
