//! Criterion benchmarks of the engine: the per-move analysis of small boards and a slice of a
//! Connect Four test set. The full suite with correctness checks is `tictree bench`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tictree::engine::analysis::solve::solve_with;
use tictree::engine::search::solver::Solver;
use tictree::engine::{Algorithm, Position, Rules, StopFlag, analyze};

fn analyses(c: &mut Criterion) {
    let empty = Position::empty(Rules::TICTACTOE);
    c.bench_function("3x3 engine analysis", |b| {
        b.iter(|| {
            analyze(
                black_box(&empty),
                Algorithm::Engine,
                &StopFlag::default(),
                |_| {},
            )
        })
    });
    let mut group = c.benchmark_group("slow");
    group.sample_size(10);
    let four = Position::empty("4x4".parse().unwrap());
    group.bench_function("4x4 engine analysis", |b| {
        b.iter(|| {
            analyze(
                black_box(&four),
                Algorithm::Engine,
                &StopFlag::default(),
                |_| {},
            )
        })
    });
    group.finish();
}

fn connect4(c: &mut Criterion) {
    let text = include_str!("../data/connect4/Test_L2_R1");
    let positions: Vec<Position> = text
        .lines()
        .take(100)
        .filter_map(|line| line.split_whitespace().next())
        .map(|moves| Position::empty(Rules::CONNECT4).play_moves(moves).unwrap())
        .collect();
    let mut solver = Solver::with_hash(positions[0].layout(), StopFlag::default(), 64 << 20);
    c.bench_function("connect4 Middle-Easy x100", |b| {
        b.iter(|| {
            for position in &positions {
                solver.reset();
                black_box(solve_with(&mut solver, position, false, false).unwrap());
            }
        })
    });
}

criterion_group!(benches, analyses, connect4);
criterion_main!(benches);
