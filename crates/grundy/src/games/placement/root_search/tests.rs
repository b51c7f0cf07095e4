use super::*;
use crate::board::BoardSize;
use crate::games::placement::{parse_pieces, Piece, PlacementRules, RayRule, Surface};
use proptest::prelude::*;

fn board(text: &str) -> BoardSize {
    text.parse().unwrap()
}

fn game_of(pieces: &str, size: &str, surface: Surface, rays: RayRule) -> PlacementGame {
    let rules = PlacementRules::new(&parse_pieces(pieces).unwrap(), surface, rays).unwrap();
    PlacementGame::with_rules(rules, board(size))
}

/// Games of one piece and of several, on other surfaces and with blocked lines: the
/// parallel search gives the single-threaded solver's value and outcome.
#[test]
fn the_parallel_search_agrees_with_the_solver() {
    let cases = [
        ("queens", "5x5", Surface::Rectangle, RayRule::Through),
        ("knights", "4x5", Surface::Torus, RayRule::Through),
        (
            "bishops+knights",
            "3x4",
            Surface::Rectangle,
            RayRule::Through,
        ),
        (
            "bishops+knights",
            "4x4",
            Surface::Rectangle,
            RayRule::Through,
        ),
        ("queens+rooks", "3x4", Surface::Rectangle, RayRule::Blocked),
        ("kings+rooks", "3x3", Surface::Cylinder, RayRule::Through),
        ("knights+kings", "3x5", Surface::Mobius, RayRule::Through),
    ];
    for (pieces, size, surface, rays) in cases {
        let game = game_of(pieces, size, surface, rays);
        // The empty board, and the position after the last legal move (a piece of the
        // game's last kind in the last free square).
        let last = *game.legal_placements(&game.empty()).last().unwrap();
        let started = game.play_move(&game.empty(), last).unwrap();
        for (position, threads) in [(game.empty(), 1), (game.empty(), 2), (started, 3)] {
            let expected = PlacementSolver::new(&game, 1 << 22).nim_value(&position);
            let case = format!(
                "{pieces} {size} {surface} {rays}, {threads} threads, {}",
                game.format_position(&position)
            );
            let mut search = RootSearch::new(&game, &position, threads, 1 << 24);
            assert_eq!(
                search.nim_value(&mut ()).unwrap().nimber,
                expected,
                "{case}"
            );
            let mut search = RootSearch::new(&game, &position, threads, 1 << 24);
            let answer = search.outcome(&mut ()).unwrap();
            assert_eq!(answer.outcome, expected.outcome(), "{case}");
            // The winning moves named (one group of symmetric moves) do win.
            let mut solver = PlacementSolver::new(&game, 1 << 22);
            assert_eq!(answer.winning_moves.is_empty(), expected.value() == 0);
            for &first in &answer.winning_moves {
                let after = game.play_move(&position, first).unwrap();
                assert_eq!(solver.nim_value(&after), Nimber::ZERO, "{case}: {first:?}");
            }
        }
    }
}

/// The games whose positions split: bishops (the colours apart) on the rectangle and
/// the cylinder, kings and knights cut by the pieces placed, rooks with blocked lines,
/// bishops with knights (a knight's move joins the colours, a placed piece cuts them).
const SPLITTING: [(&str, Surface, RayRule); 6] = [
    ("bishops", Surface::Rectangle, RayRule::Through),
    ("bishops", Surface::Cylinder, RayRule::Through),
    ("kings", Surface::Rectangle, RayRule::Through),
    ("knights", Surface::Rectangle, RayRule::Through),
    ("rooks", Surface::Rectangle, RayRule::Blocked),
    ("bishops+knights", Surface::Rectangle, RayRule::Through),
];

/// The position after `placed` moves chosen by `seed` from the empty board.
fn position_after(game: &PlacementGame, placed: usize, mut seed: u64) -> PlacementPosition {
    let mut position = game.empty();
    for _ in 0..placed {
        let moves = game.legal_placements(&position);
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let chosen = moves[(seed >> 33) as usize % moves.len()];
        position = game.play_move(&position, chosen).unwrap();
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A position that splits into parts, valued by its parts, has the value, the outcome
    /// and the winning moves (one group, the first the search asks) that the first-move
    /// search of the whole position finds.
    #[test]
    fn a_split_position_is_valued_by_its_parts_as_the_whole_search_values_it(
        game_index in 0..SPLITTING.len(),
        rows in 1u32..5,
        cols in 2u32..6,
        placed in 0usize..4,
        seed in any::<u64>(),
    ) {
        let (pieces, surface, rays) = SPLITTING[game_index];
        let game = game_of(pieces, &format!("{rows}x{cols}"), surface, rays);
        let position = position_after(&game, placed, seed);
        let solver = PlacementSolver::new(&game, 1 << 22);
        prop_assume!(solver.parts(&position) > 1);
        let case = format!("{pieces} {rows}x{cols} {surface}: {}", game.format_position(&position));
        let whole = |threads| {
            let mut search = RootSearch::new(&game, &position, threads, 1 << 24);
            search.values_parts_apart = false;
            search
        };
        let by_parts = |threads| RootSearch::new(&game, &position, threads, 1 << 24);
        let expected = whole(1).nim_value(&mut ()).unwrap().nimber;
        for threads in [1, 2] {
            prop_assert!(by_parts(threads).splits(), "{}", case);
            prop_assert_eq!(by_parts(threads).nim_value(&mut ()).unwrap().nimber, expected, "{}", &case);
        }
        let whole_outcome = whole(1).outcome(&mut ()).unwrap();
        let parts_outcome = by_parts(2).outcome(&mut ()).unwrap();
        prop_assert_eq!(whole_outcome.outcome, expected.outcome(), "{}", &case);
        prop_assert_eq!(parts_outcome.outcome, whole_outcome.outcome, "{}", &case);
        prop_assert_eq!(&parts_outcome.winning_moves, &whole_outcome.winning_moves, "{}", &case);
        prop_assert_eq!(parts_outcome.settled_by, whole_outcome.settled_by, "{}", &case);
    }
}

/// Stops at once.
struct StopsAtOnce {
    facts: Vec<Fact>,
}

impl RootObserver for StopsAtOnce {
    fn should_stop(&mut self) -> bool {
        true
    }
}

/// A split position's search stopped by its observer returns `Interrupted`, and a search
/// given the facts it learnt gives the value; an outcome search records the groups it
/// settles, which a resumed search takes.
#[test]
fn a_stopped_split_search_resumes() {
    let game = game_of("bishops", "9x10", Surface::Rectangle, RayRule::Through);
    let empty = game.empty();
    let expected = PlacementSolver::new(&game, 1 << 22).nim_value(&empty);
    let mut search = RootSearch::new(&game, &empty, 2, 1 << 24);
    assert!(search.splits());
    let mut stops = StopsAtOnce { facts: Vec::new() };
    if search.nim_value(&mut stops).is_err() {
        stops.facts = search.costliest_facts(FACTS_KEPT);
    }
    let mut resumed = RootSearch::new(&game, &empty, 2, 1 << 24);
    resumed.learn(&stops.facts).unwrap();
    assert_eq!(resumed.nim_value(&mut ()).unwrap().nimber, expected);
    // A position with a piece placed, of value not 0 (no strategy settles it).
    let position = position_after(&game, 1, 7);
    let mut recorder = Recorder {
        records: Vec::new(),
        stop_after: usize::MAX,
        progress_seen: false,
    };
    let mut search = RootSearch::new(&game, &position, 2, 1 << 24);
    let answer = search.outcome(&mut recorder).unwrap();
    let mut again = RootSearch::new(&game, &position, 2, 1 << 24);
    assert_eq!(
        again.resume(&recorder.records).unwrap(),
        recorder.records.len()
    );
    let resumed = again.outcome(&mut ()).unwrap();
    assert_eq!(resumed.outcome, answer.outcome);
    assert_eq!(resumed.winning_moves, answer.winning_moves);
    assert_eq!(answer.report.settled, recorder.records.len());
}

/// Keeps the records reported, and stops after `stop_after` of them.
struct Recorder {
    records: Vec<SettledRecord>,
    stop_after: usize,
    progress_seen: bool,
}

impl RootObserver for Recorder {
    fn settled(&mut self, record: &SettledRecord) {
        self.records.push(*record);
    }
    fn progress(&mut self, _progress: &RootProgress) {
        self.progress_seen = true;
    }
    fn should_stop(&mut self) -> bool {
        self.records.len() >= self.stop_after
    }
}

/// A search stopped by its observer returns `Interrupted`; a new search resumed from the
/// records reported gives the same answer, taking every record.
#[test]
fn a_stopped_search_resumes_from_its_records() {
    let mut resumed_with_records = 0;
    for (pieces, size) in [
        ("queens", "6x6"),
        ("queens", "7x7"),
        // Not 4x4, which mirror play settles without a search to stop.
        ("bishops+knights", "3x5"),
    ] {
        let game = game_of(pieces, size, Surface::Rectangle, RayRule::Through);
        let empty = game.empty();
        let expected = PlacementSolver::new(&game, 1 << 22).nim_value(&empty);
        for stop_after in [0, 1, 3] {
            let mut recorder = Recorder {
                records: Vec::new(),
                stop_after,
                progress_seen: false,
            };
            let mut search = RootSearch::new(&game, &empty, 2, 1 << 24);
            let case = format!("{pieces} {size} stopped after {stop_after}");
            let stopped = search.nim_value(&mut recorder);
            assert!(recorder.progress_seen, "{case}");
            let Err(Interrupted { report }) = stopped else {
                // Answered before the observer was asked again.
                continue;
            };
            assert_eq!(report.settled, recorder.records.len(), "{case}");
            let mut resumed = RootSearch::new(&game, &empty, 2, 1 << 24);
            let taken = resumed.resume(&recorder.records).unwrap();
            assert_eq!(taken, recorder.records.len(), "{case}");
            let answer = resumed.nim_value(&mut ()).unwrap();
            assert_eq!(answer.nimber, expected, "{case}");
            assert_eq!(answer.report.resumed, taken, "{case}");
            resumed_with_records += usize::from(taken > 0);
        }
    }
    assert!(resumed_with_records > 0, "some search stopped part way");
}

/// Keeps the questions tried without an answer, and stops the search once it has done
/// some work with a thread still on a question: counted in positions, not seconds, so
/// that a busy machine or a fast one stops it at the same point of its work. The search it
/// watches must take far more than that work in all: progress reaches the observer when
/// the search's own thread runs, and on a loaded machine a small search could end first.
#[derive(Default)]
struct TriesKept {
    tries: Vec<TriedRecord>,
    busy: bool,
}

impl RootObserver for TriesKept {
    fn tried(&mut self, record: &TriedRecord) {
        self.tries.push(*record);
    }
    fn progress(&mut self, progress: &RootProgress) {
        // Kings 9x9 takes minutes of search in all; this stops it within a second.
        self.busy |= progress.positions >= 100_000 && !progress.searching.is_empty();
    }
    fn should_stop(&mut self) -> bool {
        self.busy
    }
}

/// A search stopped in the middle of its questions reports each as tried, with the
/// positions spent on it; and tries of any size, on any question, change no answer of a
/// search resumed from them. A try of a move that is not a first move is refused.
#[test]
fn tries_are_reported_and_a_search_resumed_from_them_gives_the_same_value() {
    let game = game_of("kings", "9x9", Surface::Rectangle, RayRule::Through);
    let mut search = RootSearch::new(&game, &game.empty(), 2, 1 << 26);
    search.tries_kept_from = 1;
    let mut kept = TriesKept::default();
    assert!(search.nim_value(&mut kept).is_err(), "stopped while busy");
    assert!(!kept.tries.is_empty());
    for tried in &kept.tries {
        // Kings 9x9 is *4 (docs/DISCOVERIES.md): no round asks about more.
        assert!(tried.value.value() <= 4, "{tried:?}");
        assert!(search
            .groups
            .iter()
            .any(|group| group[0] == tried.first_move));
    }
    assert_eq!(
        RootSearch::new(&game, &game.empty(), 2, 1 << 26).resume_tries(&kept.tries),
        Ok(kept.tries.len())
    );

    for (pieces, size) in [
        ("queens", "5x5"),
        ("queens", "7x7"),
        ("knights", "4x6"),
        ("bishops+knights", "3x4"),
    ] {
        let game = game_of(pieces, size, Surface::Rectangle, RayRule::Through);
        let empty = game.empty();
        let expected = PlacementSolver::new(&game, 1 << 22).nim_value(&empty);
        for scale in [1, 1000, 1 << 40] {
            let mut resumed = RootSearch::new(&game, &empty, 2, 1 << 24);
            let tries: Vec<TriedRecord> = resumed
                .groups()
                .iter()
                .enumerate()
                .flat_map(|(group, moves)| {
                    (0..=expected.value() + 1).map(move |value| TriedRecord {
                        value: Nimber::new(value),
                        first_move: moves[0],
                        positions: scale * (group as u64 + u64::from(value) + 1),
                    })
                })
                .collect();
            assert_eq!(resumed.resume_tries(&tries), Ok(tries.len()));
            let answer = resumed.nim_value(&mut ()).unwrap();
            assert_eq!(answer.nimber, expected, "{pieces} {size} x{scale}");
        }
    }

    let game = game_of("queens", "5x5", Surface::Rectangle, RayRule::Through);
    let mut search = RootSearch::new(&game, &game.empty(), 1, 1 << 22);
    let tried = TriedRecord {
        value: Nimber::new(1),
        first_move: PlacementMove {
            square: search.groups()[0][0].square,
            piece: Piece::Knight,
        },
        positions: 5,
    };
    assert!(matches!(
        search.resume_tries(&[tried]),
        Err(ResumeError::TriedNotAFirstMove { index: 0, .. })
    ));
}

/// A round takes first the groups that earlier runs tried least: on one thread the groups
/// of a second-player win are settled in board order from nothing, and a resumed try of the
/// first group (of either question its round may ask) sends it behind the groups never tried,
/// the larger of two tries last.
#[test]
fn the_groups_tried_least_are_searched_first() {
    let game = game_of("kings", "3x8", Surface::Rectangle, RayRule::Through);
    let order_settled = |tries: &[(usize, u32, u64)]| {
        let mut search = RootSearch::new(&game, &game.empty(), 1, 1 << 22);
        let records: Vec<TriedRecord> = tries
            .iter()
            .map(|&(group, value, positions)| TriedRecord {
                value: Nimber::new(value),
                first_move: search.groups()[group][0],
                positions,
            })
            .collect();
        assert_eq!(search.resume_tries(&records), Ok(records.len()));
        let mut recorder = Recorder {
            records: Vec::new(),
            stop_after: usize::MAX,
            progress_seen: false,
        };
        assert_eq!(search.outcome(&mut recorder).unwrap().outcome, Outcome::P);
        let group_of = search.group_of_moves();
        recorder
            .records
            .iter()
            .map(|record| group_of[&record.first_move])
            .collect::<Vec<usize>>()
    };
    let from_nothing = order_settled(&[]);
    let groups = from_nothing.len();
    assert!(groups >= 4, "{from_nothing:?}");
    assert_eq!(from_nothing, (0..groups).collect::<Vec<_>>());
    let first_tried = order_settled(&[(0, 0, 1000)]);
    assert_eq!(first_tried, (1..groups).chain([0]).collect::<Vec<_>>());
    // Tries of values no round for 0 asks about change nothing.
    assert_eq!(order_settled(&[(0, 1, 1000)]), from_nothing);
    let two_tried = order_settled(&[(0, 0, 2000), (2, 0, 1000)]);
    let mut expected: Vec<usize> = (1..groups).filter(|&group| group != 2).collect();
    expected.extend([2, 0]);
    assert_eq!(two_tried, expected);
}

/// Stops the search once progress has shown a thread at work, keeping what it showed.
#[derive(Default)]
struct BusyWatcher {
    seen: Vec<GroupInSearch>,
}

impl RootObserver for BusyWatcher {
    fn progress(&mut self, progress: &RootProgress) {
        self.seen.extend(progress.searching.iter().cloned());
    }
    fn should_stop(&mut self) -> bool {
        !self.seen.is_empty()
    }
}

/// Progress names the groups the threads are on, by their first move, with the value
/// each asks about (the round's or a smaller one) and for how long.
#[test]
fn progress_names_the_groups_being_searched() {
    // Kings 7x9 (*1) takes seconds: the threads are seen busy long before it ends.
    let game = game_of("kings", "7x9", Surface::Rectangle, RayRule::Through);
    let empty = game.empty();
    let mut watcher = BusyWatcher::default();
    let mut search = RootSearch::new(&game, &empty, 2, 1 << 26);
    let stopped = search.nim_value(&mut watcher);
    assert!(stopped.is_err(), "stopped once a thread was seen busy");
    let names: Vec<String> = search
        .groups
        .iter()
        .map(|group| game.move_name(group[0]))
        .collect();
    assert!(!watcher.seen.is_empty());
    for busy in &watcher.seen {
        assert!(
            names.contains(&busy.first_move),
            "{busy:?} not in {names:?}"
        );
        assert!(busy.asked.value() <= 1, "{busy:?}");
        assert!(busy.seconds >= 0.0, "{busy:?}");
    }
}

/// An observer that wants the facts at every look and stops once it has been given some
/// twice (the first looks may come before the table holds anything).
#[derive(Default)]
struct FactKeeper {
    kept: Vec<Vec<Fact>>,
}

impl RootObserver for FactKeeper {
    fn wants_facts(&mut self) -> bool {
        true
    }

    fn facts_learnt(&mut self, facts: Vec<Fact>) {
        if !facts.is_empty() {
            self.kept.push(facts);
        }
    }

    fn should_stop(&mut self) -> bool {
        self.kept.len() >= 2
    }
}

/// Facts given while the threads search are those of the shared table, costliest first;
/// a search that learns them answers as one that never stopped.
#[test]
fn facts_given_during_a_search_carry_over_to_the_next() {
    let game = PlacementGame::new(Piece::King, "8x9".parse().unwrap());
    let empty = game.empty();
    let mut keeper = FactKeeper::default();
    let mut search = RootSearch::new(&game, &empty, 1, 1 << 25);
    assert!(search.nim_value(&mut keeper).is_err(), "stopped");
    let facts = keeper.kept.pop().unwrap();
    assert!(facts.len() <= FACTS_KEPT);
    assert!(facts.windows(2).all(|pair| pair[0].work >= pair[1].work));
    let mut resumed = RootSearch::new(&game, &empty, 1, 1 << 25);
    assert_eq!(resumed.learn(&facts), Ok(facts.len()));
    // What the records settled is in the table too, answered without a search.
    let mut recorder = Recorder {
        records: Vec::new(),
        stop_after: usize::MAX,
        progress_seen: false,
    };
    let small = PlacementGame::new(Piece::King, "6x7".parse().unwrap());
    RootSearch::new(&small, &small.empty(), 1, 1 << 22)
        .nim_value(&mut recorder)
        .unwrap();
    let mut taught = RootSearch::new(&small, &small.empty(), 1, 1 << 22);
    taught.resume(&recorder.records).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let searched = recorder.records.iter().filter(|r| r.positions > 0).count();
    assert!(searched > 0);
    for record in &recorder.records {
        let after = small.play_move(&small.empty(), record.first_move).unwrap();
        let solver = &mut taught.threads.solvers[0];
        let answer = solver.has_value_within(&after, record.value, &stop, 1);
        assert_eq!(answer, Some(record.leaves_value), "{record:?}");
    }
    let expected = PlacementSolver::new(&game, 1 << 25).nim_value(&empty);
    assert_eq!(resumed.nim_value(&mut ()).unwrap().nimber, expected);
    // Facts of another game are refused by their index.
    let other = PlacementGame::new(Piece::King, "5x5".parse().unwrap());
    let mut search = RootSearch::new(&other, &other.empty(), 1, 1 << 22);
    assert_eq!(
        search.learn(&facts),
        Err(ResumeError::NotAFact { index: 0 })
    );
}

#[test]
fn contradicting_records_are_refused() {
    let game = game_of("queens", "5x5", Surface::Rectangle, RayRule::Through);
    let empty = game.empty();
    let mut search = RootSearch::new(&game, &empty, 1, 1 << 22);
    let groups = search.groups().to_vec();
    let record = |value: u32, first_move: PlacementMove, leaves_value: bool| SettledRecord {
        value: Nimber::new(value),
        first_move,
        leaves_value,
        positions: 1,
    };
    let (a1, b1) = (groups[0][0], groups[1][0]);
    // The last move of a1's group stands for the same group as a1 itself.
    let a1_again = *groups[0].last().unwrap();
    assert_ne!(a1, a1_again);
    assert_eq!(
        search.resume(&[
            record(0, a1, true),
            record(0, b1, false),
            record(0, a1_again, false)
        ]),
        Err(ResumeError::Contradiction {
            first: 0,
            second: 2
        })
    );
    assert_eq!(
        search.resume(&[record(0, a1, true), record(1, a1_again, true)]),
        Err(ResumeError::Contradiction {
            first: 0,
            second: 1
        })
    );
    let off_board = PlacementMove {
        square: a1.square,
        piece: Piece::Knight,
    };
    assert!(matches!(
        search.resume(&[record(0, off_board, true)]),
        Err(ResumeError::NotAFirstMove { index: 0, .. })
    ));
    // Nothing was taken from the refused records; repeats are taken once.
    assert_eq!(search.report().settled, 0);
    assert_eq!(
        search.resume(&[record(1, a1, false), record(1, a1_again, false)]),
        Ok(1)
    );
}
