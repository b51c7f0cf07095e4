//! What the strategy check settles without search (`settled_by_strategy`), against the plain
//! mex recursion over the game's own moves: every second-player win it claims has nim-value 0,
//! every first-player win it claims is non-zero and its move leads to 0. On one piece and
//! several, lines passing or blocked, empty boards and symmetric positions with pieces on them.

use std::collections::HashMap;

use grundy::games::placement::root_search::RootSearch;
use grundy::games::placement::{
    parse_pieces, settled_by_strategy, PlacementGame, PlacementMove, PlacementPosition,
    PlacementRules, PlacementSolver, RayRule, Surface,
};
use grundy::{BoardSize, Nimber, Outcome, Symmetry};
use proptest::prelude::*;

/// One piece and several; the leapers (0,2) and (2,2) are those the centre strategy refuses.
const GAMES: [&str; 14] = [
    "knights",
    "bishops",
    "rooks",
    "queens",
    "kings",
    "camels",
    "leaper:0,1",
    "leaper:0,2",
    "leaper:2,2",
    "bishops+knights",
    "knights+rooks",
    "kings+knights",
    "queens+rooks",
    "bishops+camels",
];

fn game(pieces: &str, rays: RayRule, rows: u32, cols: u32) -> PlacementGame {
    let pieces = parse_pieces(pieces).unwrap();
    let rules = PlacementRules::new(&pieces, Surface::Rectangle, rays).unwrap();
    PlacementGame::with_rules(rules, BoardSize::new(rows, cols).unwrap())
}

/// Plays the moves `choices` pick, each followed by the same piece on its image under
/// `symmetry` when that is legal: positions symmetric with pieces on the board (or one move
/// short of it, when an image was not free).
fn symmetric_position(
    game: &PlacementGame,
    symmetry: Symmetry,
    choices: &[usize],
) -> PlacementPosition {
    let mut position = game.empty();
    for &choice in choices {
        let moves = game.legal_placements(&position);
        if moves.is_empty() {
            break;
        }
        let placement = moves[choice % moves.len()];
        position = game.play_move(&position, placement).unwrap();
        let image = PlacementMove {
            square: symmetry.image(game.board(), placement.square),
            piece: placement.piece,
        };
        if let Ok(after) = game.play_move(&position, image) {
            position = after;
        }
    }
    position
}

/// Checks what the strategy settles about `position` against the reference; returns the
/// outcome it claimed, if any.
fn check(game: &PlacementGame, position: &PlacementPosition) -> Result<Option<Outcome>, String> {
    let Some(settled) = settled_by_strategy(game, position) else {
        return Ok(None);
    };
    let mut memo = HashMap::new();
    let value = game.naive_nim_value(position, &mut memo);
    let shown = format!(
        "{} on {} ({}), {}: {} claims {:?}, the mex recursion gives {value}",
        game.name(),
        game.board(),
        game.rules().rays(),
        game.format_position(position),
        settled.strategy,
        settled.outcome
    );
    match settled.outcome {
        Outcome::P if value != Nimber::ZERO || settled.nim_value() != Some(Nimber::ZERO) => {
            return Err(shown)
        }
        Outcome::N => {
            let winning = settled.winning_move.ok_or_else(|| shown.clone())?;
            let after = game
                .play_move(position, winning)
                .map_err(|_| shown.clone())?;
            if value == Nimber::ZERO || game.naive_nim_value(&after, &mut memo) != Nimber::ZERO {
                return Err(shown);
            }
        }
        Outcome::P => {}
    }
    Ok(Some(settled.outcome))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random small games and positions, half of them built symmetric: whatever the strategy
    /// check settles agrees with the mex recursion, and so does the solver, which consults the
    /// check before searching.
    #[test]
    fn every_settlement_agrees_with_the_plain_mex_recursion(
        which in 0..GAMES.len(),
        rows in 1u32..=5,
        cols in 1u32..=5,
        blocked in any::<bool>(),
        symmetry in 0..Symmetry::INVOLUTIONS.len(),
        choices in proptest::collection::vec(0usize..64, 0..4),
    ) {
        let several = GAMES[which].contains('+');
        prop_assume!(rows * cols <= if several { 12 } else { 16 });
        let rays = if blocked { RayRule::Blocked } else { RayRule::Through };
        let game = game(GAMES[which], rays, rows, cols);
        let symmetry = Symmetry::INVOLUTIONS[symmetry];
        prop_assume!(symmetry.keeps((rows as usize, cols as usize)));
        let position = symmetric_position(&game, symmetry, &choices);
        if let Err(wrong) = check(&game, &position) {
            return Err(TestCaseError::fail(wrong));
        }
        let value = game.naive_nim_value(&position, &mut HashMap::new());
        prop_assert_eq!(PlacementSolver::new(&game, 1 << 20).nim_value(&position), value);
    }
}

/// Every game of the list on every board up to 4 x 4 (one piece: 5 x 4), empty and after each
/// first move answered by its image under each symmetry: every settlement is right, and the
/// check settles many of them, second-player wins with pieces on the board among them.
#[test]
fn settlements_of_empty_and_symmetric_positions_are_right() {
    let (mut empty, mut with_pieces, mut first_player) = (0, 0, 0);
    for pieces in GAMES {
        let several = pieces.contains('+');
        for rays in [RayRule::Through, RayRule::Blocked] {
            for rows in 1..=5u32 {
                for cols in 1..=4u32 {
                    if rows * cols > if several { 12 } else { 20 } {
                        continue;
                    }
                    let game = game(pieces, rays, rows, cols);
                    let mut positions = vec![game.empty()];
                    for symmetry in Symmetry::INVOLUTIONS {
                        if !symmetry.keeps((rows as usize, cols as usize)) {
                            continue;
                        }
                        for choice in 0..game.legal_placements(&game.empty()).len() {
                            positions.push(symmetric_position(&game, symmetry, &[choice]));
                        }
                    }
                    for position in positions {
                        match check(&game, &position) {
                            Err(wrong) => panic!("{wrong}"),
                            Ok(Some(Outcome::P)) if position == game.empty() => empty += 1,
                            Ok(Some(Outcome::P)) => with_pieces += 1,
                            Ok(Some(Outcome::N)) => first_player += 1,
                            Ok(None) => {}
                        }
                    }
                }
            }
        }
    }
    assert!(
        empty > 100 && with_pieces > 500 && first_player > 100,
        "{empty} empty boards, {with_pieces} symmetric positions, {first_player} first-player wins"
    );
}

/// The first-move search answers a position the strategy settles without searching, and
/// names the strategy; for a first-player win it gives the strategy's move but searches the
/// nim-value.
#[test]
fn the_first_move_search_answers_settled_positions_at_once() {
    let knights = game("knights", RayRule::Through, 8, 9);
    let mut search = RootSearch::new(&knights, &knights.empty(), 1, 1 << 22);
    let outcome = search.outcome(&mut ()).unwrap();
    assert_eq!(outcome.outcome, Outcome::P);
    assert!(outcome.winning_moves.is_empty());
    assert_eq!(
        outcome.settled_by.as_deref(),
        Some("mirror play (reflection in the horizontal middle line)")
    );
    assert_eq!(outcome.report.positions, 0);
    let value = search.nim_value(&mut ()).unwrap();
    assert_eq!(value.nimber, Nimber::ZERO);
    assert!(value.settled_by.is_some());

    let odd = game("knights", RayRule::Through, 5, 5);
    let mut search = RootSearch::new(&odd, &odd.empty(), 1, 1 << 22);
    let outcome = search.outcome(&mut ()).unwrap();
    assert_eq!(outcome.outcome, Outcome::N);
    assert_eq!(outcome.winning_moves[0].square.to_string(), "c3");
    assert_eq!(
        outcome.settled_by.as_deref(),
        Some("centre c3 then half turn")
    );
    let value = search.nim_value(&mut ()).unwrap();
    assert_eq!(value.nimber, Nimber::new(1));
    assert_eq!(value.settled_by, None);

    // The solver: no winning move in a settled second-player win, found without search.
    let mut solver = PlacementSolver::new(&knights, 1 << 22);
    assert!(solver.winning_placements(&knights.empty()).is_empty());
    assert_eq!(solver.nim_value(&knights.empty()), Nimber::ZERO);
    assert_eq!(solver.stats().positions, 0);
}

/// Kings on a board with a side of 4: every position whose free squares are whole lines
/// across that side (built by pairs of kings in one line, from the empty board) is settled as
/// a second-player win, and the mex recursion agrees; one king more is settled as a
/// first-player win whose move the mex recursion confirms.
#[test]
fn kings_on_a_side_of_four_are_settled_by_the_answer_in_the_same_line() {
    let (mut second, mut first) = (0, 0);
    for (rows, cols) in [(4, 1), (4, 2), (4, 3), (4, 5), (5, 4), (4, 4), (3, 4)] {
        let game = game("kings", RayRule::Through, rows, cols);
        // Pairs of kings two or more squares apart in one line, line by line where free.
        let lines_across = if rows == 4 { cols } else { rows };
        let mut positions = vec![game.empty()];
        for line in 0..lines_across as usize {
            let mut grown = Vec::new();
            for position in &positions {
                for (a, b) in [(0, 2), (0, 3), (1, 3)] {
                    let square = |along: usize| {
                        let (row, col) = if rows == 4 {
                            (along, line)
                        } else {
                            (line, along)
                        };
                        PlacementMove {
                            square: game.board().square(row, col).unwrap(),
                            piece: grundy::games::placement::Piece::King,
                        }
                    };
                    let paired = game
                        .play_move(position, square(a))
                        .and_then(|after| game.play_move(&after, square(b)));
                    if let Ok(paired) = paired {
                        grown.push(paired);
                    }
                }
            }
            positions.extend(grown);
        }
        for position in &positions {
            let mut memo = HashMap::new();
            let value = game.naive_nim_value(position, &mut memo);
            let settled = settled_by_strategy(&game, position);
            if game.available(position).is_empty() {
                assert_eq!(value, Nimber::ZERO);
                continue;
            }
            let settled = settled
                .unwrap_or_else(|| panic!("{}: not settled", game.format_position(position)));
            assert_eq!(settled.outcome, Outcome::P, "{}", settled.strategy);
            assert_eq!(value, Nimber::ZERO, "{}", game.format_position(position));
            second += 1;
            for placement in game.legal_placements(position) {
                let after = game.play_move(position, placement).unwrap();
                // Not settled when the only answer ends the game (nothing left to play).
                match check(&game, &after) {
                    Ok(Some(Outcome::N)) => first += 1,
                    Ok(None) => {}
                    other => panic!("{}: {other:?}", game.format_position(&after)),
                }
            }
        }
    }
    assert!(
        second > 100 && first > 200,
        "{second} second-player, {first} first-player"
    );
}
