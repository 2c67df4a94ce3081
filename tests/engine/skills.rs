//! The skill levels: level 2 takes every win and blocks every immediate loss, level 4 never
//! loses, the levels really differ, and equal seeds give equal games.

use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::HashSet;
use tictree::engine::skill::{Played, blocking_moves, choose, play_game, winning_moves};
use tictree::engine::{Player, Position, Rules, Skill, Solver, Status, StopFlag, Table};

/// Every position reachable on the 3×3 board with the game still going.
fn reachable() -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut stack = vec![Position::empty(Rules::TICTACTOE)];
    let mut found = Vec::new();
    while let Some(position) = stack.pop() {
        if position.status() != Status::Ongoing || !seen.insert(position.to_notation()) {
            continue;
        }
        found.push(position);
        for mv in position.legal_moves() {
            stack.push(position.play(mv).unwrap());
        }
    }
    found
}

fn pick(skill: Skill, position: &Position, seed: u64) -> tictree::engine::Move {
    let mut rng = StdRng::seed_from_u64(seed);
    let table = Table::New(Some(1 << 20));
    choose(skill, position, table, None, &mut rng, &StopFlag::default())
        .unwrap()
        .expect("an ongoing game has moves")
}

#[test]
fn level_two_takes_every_win_and_blocks_every_immediate_loss() {
    let positions = reachable();
    assert_eq!(positions.len(), 4520, "ongoing 3×3 positions");
    let (mut wins, mut blocks) = (0, 0);
    for position in &positions {
        let winning = winning_moves(position);
        let blocking = blocking_moves(position);
        for seed in 0..3 {
            let mv = pick(Skill::WinOrBlock, position, seed);
            if !winning.is_empty() {
                assert!(winning.contains(&mv), "{position:?}: {mv:?} misses a win");
                let after = position.play(mv).unwrap();
                assert_eq!(after.status(), Status::Won(position.to_move()));
            } else if !blocking.is_empty() {
                assert!(
                    blocking.contains(&mv),
                    "{position:?}: {mv:?} misses a block"
                );
            }
        }
        wins += usize::from(!winning.is_empty());
        blocks += usize::from(winning.is_empty() && !blocking.is_empty());
    }
    // Both cases really occur, many times.
    assert!(wins > 1000 && blocks > 500, "{wins} wins, {blocks} blocks");
}

#[test]
fn level_three_takes_every_immediate_win() {
    for position in reachable() {
        let winning = winning_moves(&position);
        if !winning.is_empty() {
            let mv = pick(Skill::Shallow(2), &position, 1);
            assert!(winning.contains(&mv), "{position:?}: {mv:?}");
        }
    }
}

fn game(skills: [Skill; 2], seed: u64, solver: &mut Solver) -> Played {
    let mut rng = StdRng::seed_from_u64(seed);
    let start = Position::empty(Rules::TICTACTOE);
    play_game(&start, skills, None, solver, &mut rng, &StopFlag::default()).unwrap()
}

#[test]
fn level_four_never_loses_on_three_by_three() {
    let mut solver = Solver::new(
        Position::empty(Rules::TICTACTOE).layout(),
        StopFlag::default(),
    );
    let others = [
        Skill::Random,
        Skill::WinOrBlock,
        Skill::Shallow(2),
        Skill::Perfect,
    ];
    for other in others {
        let mut perfect_won = 0;
        for seed in 0..200 {
            let as_x = game([Skill::Perfect, other], seed, &mut solver);
            let as_o = game([other, Skill::Perfect], seed, &mut solver);
            assert_ne!(as_x.status, Status::Won(Player::O), "{other:?} seed {seed}");
            assert_ne!(as_o.status, Status::Won(Player::X), "{other:?} seed {seed}");
            perfect_won += usize::from(as_x.status == Status::Won(Player::X));
            perfect_won += usize::from(as_o.status == Status::Won(Player::O));
        }
        if other == Skill::Perfect {
            assert_eq!(perfect_won, 0, "two perfect players always draw");
        } else if other == Skill::Random {
            // Against a random player, perfect play wins most games.
            assert!(perfect_won > 300, "{perfect_won} of 400");
        }
    }
}

#[test]
fn equal_seeds_give_equal_games_and_other_seeds_other_games() {
    let mut solver = Solver::new(
        Position::empty(Rules::TICTACTOE).layout(),
        StopFlag::default(),
    );
    let skills = [Skill::Random, Skill::Shallow(2)];
    let first: Vec<_> = (0..20)
        .map(|s| game(skills, s, &mut solver).moves)
        .collect();
    let again: Vec<_> = (0..20)
        .map(|s| game(skills, s, &mut solver).moves)
        .collect();
    assert_eq!(first, again);
    let distinct: HashSet<_> = first.iter().collect();
    assert!(
        distinct.len() > 10,
        "{} distinct games of 20",
        distinct.len()
    );
}

#[test]
fn levels_read_and_print_as_the_command_line_writes_them() {
    for (text, skill) in [
        ("1", Skill::Random),
        ("2", Skill::WinOrBlock),
        ("3", Skill::Shallow(2)),
        ("3:5", Skill::Shallow(5)),
        ("4", Skill::Perfect),
    ] {
        assert_eq!(text.parse::<Skill>(), Ok(skill));
        assert_eq!(skill.to_string(), text);
    }
    assert_eq!(
        "3:2".parse::<Skill>().map(|s| s.to_string()),
        Ok("3".into())
    );
    for bad in [
        "0", "5", "3:0", "3:21", "3:x", "2:4", "", "four", "00", "+1", "3:", "3:+5",
    ] {
        assert!(bad.parse::<Skill>().is_err(), "{bad}");
    }
    // Numbers as every other number is read: leading zeros too (a config file's `ai:01`).
    for (text, skill) in [
        ("01", Skill::Random),
        ("3:05", Skill::Shallow(5)),
        (" 4 ", Skill::Perfect),
    ] {
        assert_eq!(text.parse::<Skill>(), Ok(skill), "{text}");
    }
}
