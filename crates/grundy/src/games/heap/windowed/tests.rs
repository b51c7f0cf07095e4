use proptest::prelude::*;

use super::*;
use crate::games::heap::naive_nim_sequence;

/// The counts over heaps 1 to `up_to`.
fn counts_of(values: &[u32], up_to: usize) -> Vec<u64> {
    let counted = &values[1..=up_to];
    let mut counts = vec![0u64; *counted.iter().max().unwrap() as usize + 1];
    for &v in counted {
        counts[v as usize] += 1;
    }
    counts
}

/// Advances `run` a heap at a time to the end of `naive`, comparing each value, until the
/// end or an error (after which the state must be unchanged).
fn assert_one_by_one(run: &mut WindowedSequence, naive: &[u32]) {
    for (heap, &expected) in naive.iter().enumerate().skip(run.finished()) {
        let before = run.to_bytes();
        match run.advance_observed(heap, 1, &mut ()) {
            Ok(reached) => assert!(reached),
            Err(_) => {
                assert_eq!(run.to_bytes(), before, "an error changes nothing");
                return;
            }
        }
        assert_eq!(
            *run.report(heap, 0.0).last_values.last().unwrap(),
            expected,
            "heap {heap}"
        );
    }
}

/// Advances `run` to `to` in one call on two threads, a block of marks ahead, and compares
/// it with `by_one`, advanced a heap at a time: the same heaps finished, the same state.
fn assert_same_run(run: &mut WindowedSequence, by_one: &WindowedSequence, to: usize) {
    let outcome = run.advance_observed(to, 2, &mut ());
    assert_eq!(run.finished(), by_one.finished());
    assert_eq!(outcome.is_ok(), by_one.finished() > to);
    assert_eq!(run.to_bytes(), by_one.to_bytes());
    assert_eq!(run.report(to, 0.0), by_one.report(to, 0.0));
}

/// The windowed run to `to` on `threads` equals the whole sequence, or stops with an error.
fn check(code: &str, window: usize, to: usize, threads: usize) -> Result<(), WindowError> {
    let game = crate::games::heap::sequence_question::heap_game_of_sequence(code).unwrap();
    let rule = game.rule();
    let whole: Vec<u32> = super::super::nim_sequence(rule, to, &mut ())
        .values
        .iter()
        .map(|v| v.value())
        .collect();
    let mut run = WindowedSequence::start_observed(rule, window, &mut ())?;
    let outcome = run.advance_observed(to, threads, &mut ());
    let finished = run.finished();
    let report = run.report(to, 0.0);
    assert_eq!(
        report.last_values,
        whole[report.last_values_from..finished],
        "{code} {window}"
    );
    let last = report.counts.last().unwrap();
    assert_eq!(last.up_to as usize, finished - 1);
    assert_eq!(
        last.counts,
        counts_of(&whole, finished - 1),
        "{code} {window}"
    );
    for power in &report.counts {
        assert_eq!(power.counts, counts_of(&whole, power.up_to as usize));
    }
    let largest = *whole[..finished].iter().max().unwrap();
    assert_eq!(report.largest, largest);
    assert_eq!(
        report.largest_at,
        whole.iter().position(|&v| v == largest).unwrap()
    );
    outcome.map(|reached| assert!(reached))
}

#[test]
fn officers_with_a_window_equals_the_whole_sequence() {
    for threads in [1, 2] {
        check("0.6", 1 << 17, 300_000, threads).unwrap();
        // Grundy's game, whose parts must differ, with the recent values moved down past
        // heap 2^18: the part `rest / 2` is left out by the heap, not by its window.
        check("grundys-game", 1 << 17, 300_000, threads).unwrap();
        // Too small for the rare heaps from 16,384 to 20,627: the first stops it.
        let stopped = check("0.6", 1 << 14, 300_000, threads);
        assert!(
            matches!(
                stopped,
                Err(WindowError::NewRareHeap { .. } | WindowError::ScanPastWindow { .. })
            ),
            "{stopped:?}"
        );
    }
}

#[test]
fn games_whose_rare_values_go_on_stop_soon_after_the_prefix() {
    for code in ["0.04", "0.06", "0.007"] {
        let rule: TakeBreak = code.parse().unwrap();
        let stopped = WindowedSequence::start_observed(&rule, 4096, &mut ())
            .and_then(|mut run| run.advance_observed(8192, 2, &mut ()));
        assert!(
            matches!(
                stopped,
                Err(WindowError::RareHeapTooFar { .. }
                    | WindowError::NewRareHeap { .. }
                    | WindowError::ScanPastWindow { .. })
            ),
            "{code}: {stopped:?}"
        );
    }
}

#[test]
fn small_windows_stop_before_any_wrong_value() {
    // Heaps from 64 on against the reference, for codes with and without rare classes.
    for code in [
        "0.6", "0.77", "0.137", "4.7", "0.51", "0.161", "0.14", "0.72",
    ] {
        let rule: TakeBreak = code.parse().unwrap();
        let naive: Vec<u32> = naive_nim_sequence(&rule, 3000)
            .iter()
            .map(|v| v.value())
            .collect();
        for (window, marked_pairs) in [
            (64, 0),
            (100, 8),
            (256, 64),
            (1000, MARKED_PAIRS),
            (1000, 1),
        ] {
            let Ok(mut run) = WindowedSequence::start_observed(&rule, window, &mut ()) else {
                continue;
            };
            run.marked_pairs = marked_pairs;
            let mut at_once = run.clone();
            assert_one_by_one(&mut run, &naive);
            assert_same_run(&mut at_once, &run, 3000);
            let report = run.report(3000, 0.0);
            let finished = report.finished;
            assert_eq!(
                report.last_values,
                naive[report.last_values_from..finished],
                "{code} {window}"
            );
            assert_eq!(
                report.counts.last().unwrap().counts,
                counts_of(&naive, finished - 1)
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_codes_equal_the_whole_sequence_or_stop(
        rule in crate::games::heap::tests::octal_code(4),
        window in 64usize..600,
        marked_pairs in 0usize..80,
    ) {
        let naive: Vec<u32> = naive_nim_sequence(&rule, 2500)
            .iter()
            .map(|v| v.value())
            .collect();
        if let Ok(mut run) = WindowedSequence::start_observed(&rule, window, &mut ()) {
            run.marked_pairs = marked_pairs;
            let mut at_once = run.clone();
            assert_one_by_one(&mut run, &naive);
            assert_same_run(&mut at_once, &run, 2500);
            let report = run.report(2500, 0.0);
            let finished = report.finished;
            prop_assert_eq!(&report.last_values[..], &naive[report.last_values_from..finished]);
            prop_assert_eq!(&report.counts.last().unwrap().counts, &counts_of(&naive, finished - 1));
        }
    }
}
