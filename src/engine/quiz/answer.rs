//! What a student types, read back: a depth-aware score (`+7`, `-3`, `0`), an outcome (`w3`,
//! `d`, `l2`, or in words), a window's two ends (`-inf 8`). Reading is forgiving about signs and
//! spaces; anything else is refused with a line saying what to type.

use crate::engine::game::position::Move;
use crate::engine::game::score::Outcome;
use crate::engine::search::replay::ReplayValue;

/// An answer to one question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A cell chosen on the board (the best move).
    Move(Move),
    /// Cells marked on the board (the moves pruned), in any order.
    Moves(Vec<Move>),
    /// A depth-aware score.
    Number(i32),
    /// A win, draw or loss, counted in the winner's moves.
    Outcome(Outcome),
    /// α and β.
    Window(ReplayValue, ReplayValue),
}

/// A score as typed: `+7`, `7`, `-3`, `−3` (the typographic minus too), `0`.
pub fn parse_number(text: &str) -> Result<i32, String> {
    let text = text.trim().replace('−', "-");
    let digits = text.strip_prefix('+').unwrap_or(&text);
    digits
        .parse::<i32>()
        .map_err(|_| format!("{text:?} is not a score: type a whole number such as +7, 0 or -9"))
}

/// An outcome as typed: `w3` or `win in 3`, `d` or `draw`, `l2` or `loss in 2`.
pub fn parse_outcome(text: &str) -> Result<Outcome, String> {
    let squeezed: String = text
        .trim()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("");
    // Quoted as typed, not as squeezed for reading.
    let typed = text.trim();
    let refuse =
        || format!("{typed:?} is not an outcome: type w3 (win in 3), d (draw) or l2 (loss in 2)");
    if squeezed == "d" || squeezed == "draw" {
        return Ok(Outcome::Draw);
    }
    let (win, rest) = if let Some(rest) = squeezed.strip_prefix("winin") {
        (true, rest)
    } else if let Some(rest) = squeezed.strip_prefix("lossin") {
        (false, rest)
    } else if let Some(rest) = squeezed.strip_prefix('w') {
        (true, rest)
    } else if let Some(rest) = squeezed.strip_prefix('l') {
        (false, rest)
    } else {
        return Err(refuse());
    };
    let n: u32 = rest.parse().map_err(|_| refuse())?;
    if n == 0 {
        return Err("a win or a loss is at least 1 move away".into());
    }
    Ok(if win {
        Outcome::Win(n)
    } else {
        Outcome::Loss(n)
    })
}

/// One end of a window: a score, or `inf`, `+inf`, `-inf`, `∞`, `-∞`.
pub fn parse_value(text: &str) -> Result<ReplayValue, String> {
    let text = text.trim().to_lowercase().replace('−', "-");
    match text.as_str() {
        "inf" | "+inf" | "∞" | "+∞" => Ok(ReplayValue::INFINITY),
        "-inf" | "-∞" => Ok(ReplayValue::NEG_INFINITY),
        _ => parse_number(&text).map(ReplayValue::exact),
    }
}

/// α and β as typed, separated by blanks or a comma: `-inf 8`, `-3, +inf`, and as textbooks
/// write them: `(-inf, 8)`, `[-3, +inf]`, `α=-inf β=8`, `alpha = -3, beta = +inf`.
pub fn parse_window(text: &str) -> Result<(ReplayValue, ReplayValue), String> {
    const HINT: &str = "type two values, α then β, such as -inf 8 or -3 +inf";
    let lowered = text.to_lowercase();
    let values: Vec<&str> = lowered
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '[' | ']'))
        // `α=-inf`: the value is what follows the name.
        .map(|part| part.rsplit('=').next().unwrap_or(part))
        .filter(|part| !part.is_empty() && !["α", "β", "a", "b", "alpha", "beta"].contains(part))
        .collect();
    let value =
        |part: &str| parse_value(part).map_err(|_| format!("{part:?} is not a value: {HINT}"));
    match values.as_slice() {
        [alpha, beta] => Ok((value(alpha)?, value(beta)?)),
        _ => Err(HINT.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_outcomes_and_windows_read_back() {
        assert_eq!(parse_number("+7"), Ok(7));
        assert_eq!(parse_number(" −9 "), Ok(-9));
        assert!(parse_number("seven").is_err());
        assert_eq!(parse_outcome("w3"), Ok(Outcome::Win(3)));
        assert_eq!(parse_outcome("Loss in 2"), Ok(Outcome::Loss(2)));
        assert_eq!(parse_outcome("d"), Ok(Outcome::Draw));
        assert!(parse_outcome("w0").is_err());
        assert!(parse_outcome("x").is_err());
        assert_eq!(
            parse_outcome(" -inf inf").unwrap_err(),
            "\"-inf inf\" is not an outcome: type w3 (win in 3), d (draw) or l2 (loss in 2)"
        );
        let window = parse_window("-inf, 8").unwrap();
        assert_eq!(window, (ReplayValue::NEG_INFINITY, ReplayValue::exact(8)));
        assert_eq!(parse_window("-3 +∞").unwrap().1, ReplayValue::INFINITY);
        assert!(parse_window("4").is_err());
        for textbook in [
            "(-inf, 8)",
            "[-inf; 8]",
            "α=-inf β=8",
            "alpha = -INF, beta = +8",
        ] {
            assert_eq!(
                parse_window(textbook),
                Ok((ReplayValue::NEG_INFINITY, ReplayValue::exact(8))),
                "{textbook}"
            );
        }
        assert_eq!(
            parse_window("(-inf, eight)").unwrap_err(),
            "\"eight\" is not a value: type two values, α then β, such as -inf 8 or -3 +inf"
        );
    }
}
