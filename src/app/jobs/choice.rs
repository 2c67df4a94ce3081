//! The move of an AI below level 4: its level's own choice, which needs no analysis (level 3
//! searches a few plies under a node limit), so it costs what the level needs, not the budget.
//! One reply, `Chosen`, not before the AI-against-AI pace.

use super::reply::{JobKey, Reply, ReplyBody};
use super::runner::{Runner, wait_for_pace};
use crate::engine::skill::choose;
use crate::engine::{Cancelled, Position, Skill, StopFlag, Table};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::time::{Duration, Instant};

/// An AI's choice of move to make.
#[derive(Clone, Debug)]
pub struct ChoiceRequest {
    /// Tag of the request (the analysis's generation of the same position); the reply carries it.
    pub generation: u64,
    /// The position to move in.
    pub position: Position,
    /// The level choosing.
    pub skill: Skill,
    /// Seeds the level's random choices, drawn from the app's generator so a `--seed` game
    /// replays the same.
    pub seed: u64,
    /// The least time before the reply (the pace of AI-vs-AI games).
    pub pace: Duration,
}

/// Makes the choice and sends it.
pub(super) fn run(
    request: &ChoiceRequest,
    runner: &Runner,
    stop: &StopFlag,
    send: &mut dyn FnMut(Reply),
) -> Result<(), Cancelled> {
    let started = Instant::now();
    let mut rng = StdRng::seed_from_u64(request.seed);
    let position = &request.position;
    let mv = choose(
        request.skill,
        position,
        Table::New(None),
        None,
        &mut rng,
        stop,
    )?;
    let elapsed = started.elapsed();
    wait_for_pace(runner, started, request.pace, stop)?;
    send(Reply {
        key: JobKey::Choice,
        generation: request.generation,
        body: ReplyBody::Chosen(request.skill, mv, elapsed),
    });
    Ok(())
}
