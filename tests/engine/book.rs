//! The built-in Connect Four opening book against the live search. (`tictree book` through the
//! binary: tests/cli/book.rs.)

/// The shipped book agrees with the live search on a sample of its deepest plies (the shallower
/// ones follow from them by `Plan::finish`, which the unit tests check whole on a small board;
/// re-solving them here would take minutes: `tictree book verify` does that on demand).
#[test]
fn the_built_in_book_agrees_with_the_search_on_a_sample() {
    use rand::SeedableRng;
    use rand::seq::IteratorRandom;
    use tictree::engine::{Solver, StopFlag, book};
    let book = book::built_in().expect("the built-in book reads");
    assert_eq!(book.rules(), tictree::engine::Rules::CONNECT4);
    let deepest = book.plies();
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let sample = (0..book.len())
        .map(|index| book.position(book.entry(index).0))
        .filter(|position| position.ply() == deepest)
        .choose_multiple(&mut rng, 3);
    assert_eq!(sample.len(), 3);
    for position in sample {
        let mut solver = Solver::new(position.layout(), StopFlag::default());
        solver.set_book(None);
        let searched = solver.value(&position, -1001, 1001).unwrap();
        assert_eq!(book.value(&position), Some(searched), "{position:?}");
    }
}

/// `solve` reads the line of a position the book answers past the book's plies. Stopped while
/// it searches beyond them, the line keeps the moves found until then (the book's), and says it
/// is not complete.
#[test]
fn a_line_past_the_book_cut_short_keeps_the_moves_found() {
    use std::sync::Arc;
    use tictree::engine::{Position, Rules, Solver, StopFlag, book};
    let position = Position::empty(Rules::CONNECT4).play_moves("4453").unwrap();
    let stop = StopFlag::default();
    let mut solver = Solver::new(position.layout(), stop.clone());
    solver.set_book(Some(Arc::new(
        book::built_in().expect("the built-in book reads"),
    )));
    solver.set_line_past_book(true);
    let value = solver.value(&position, -1001, 1001).unwrap();
    // The book answers the value and the line's first steps without a search, so without
    // looking at the flag; the first search past the book does look.
    stop.stop();
    let line = solver.line(&position, value);
    assert!(!line.complete);
    assert_eq!(
        Rules::CONNECT4.move_names(&line.moves),
        ["c2", "d3", "d4", "d5"]
    );
}
