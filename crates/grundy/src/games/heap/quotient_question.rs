//! The misère quotient of a heap game: `grundy quotient 0.77 --heaps 40`, the request
//! `{"question":"quotient","game":"kayles","heaps":40}`. The construction ([`super::quotient`])
//! made into a report; a quotient that grows past its limits is reported as far as it was
//! finished, saying why it stopped.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::quotient::{
    generator_name, quotient_with_progress, MisereQuotient, QuotientError, QuotientProgress,
};
use super::HeapGame;
use crate::report::{Command, QuotientGenerator, QuotientReport, SCHEMA_VERSION};

/// The most heaps a quotient may be asked for: past a proven period the elements are copied,
/// and the report lists one word per heap.
pub const MAX_QUOTIENT_HEAPS: usize = 100_000;

/// The misère quotient of a heap game's sums of heaps `1..=heaps`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuotientRequest {
    /// The heap game: a code (`0.77`) or a name (`kayles`).
    #[serde(with = "super::sequence_question::game_by_name")]
    pub game: HeapGame,
    /// The largest heap (default 40).
    #[serde(default = "default_heaps")]
    pub heaps: usize,
}

fn default_heaps() -> usize {
    40
}

/// The report of `found`, the quotient of `game` for heaps up to `found.up_to()`.
fn report_of(
    game: &HeapGame,
    asked: usize,
    found: &MisereQuotient,
    stopped_by: Option<String>,
    seconds: f64,
) -> QuotientReport {
    let word = |element| found.element_word(element).to_string();
    QuotientReport {
        schema: SCHEMA_VERSION,
        command: Command::Quotient,
        game: game.name().to_string(),
        code: game.rule().to_string(),
        heaps_asked: asked,
        heaps: found.up_to(),
        order: found.order(),
        p_portion: found.p_portion().into_iter().map(word).collect(),
        generators: found
            .generators()
            .iter()
            .enumerate()
            .map(|(index, &heap)| QuotientGenerator {
                name: generator_name(index),
                heap,
            })
            .collect(),
        relations: found.relations().iter().map(ToString::to_string).collect(),
        heap_words: (1..=found.up_to())
            .map(|heap| {
                found
                    .heap_word(heap)
                    .map_or_else(|_| "?".to_string(), ToString::to_string)
            })
            .collect(),
        orders: found.history().iter().map(|step| step.order).collect(),
        stable_from: found.stable_from(),
        period: found.period().map(|p| p.period),
        preperiod: found.period().map(|p| p.preperiod),
        stopped_by,
        seconds,
    }
}

/// Why a quotient ended without a report.
#[derive(Debug)]
pub enum QuotientEnd {
    /// More heaps than [`MAX_QUOTIENT_HEAPS`]: the message names the value and the limit.
    Refused(String),
    /// The stop flag was raised: the report of the heaps finished.
    Stopped(Box<QuotientReport>),
}

/// The quotient `request` asks for, telling `progress` each heap finished and each candidate
/// tried, and stopping when `stop` is raised; one that outgrows its limits is reported for the
/// heaps finished, with `stopped_by` saying why.
///
/// # Errors
/// More heaps than [`MAX_QUOTIENT_HEAPS`], or a stop (with the heaps finished).
pub(crate) fn quotient(
    request: &QuotientRequest,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(QuotientProgress),
) -> Result<QuotientReport, QuotientEnd> {
    let asked = request.heaps;
    if asked == 0 || asked > MAX_QUOTIENT_HEAPS {
        return Err(QuotientEnd::Refused(format!(
            "`heaps` {asked}: a quotient is asked for heaps 1 to N, N from 1 to {MAX_QUOTIENT_HEAPS}"
        )));
    }
    let started = Instant::now();
    let game = &request.game;
    progress(QuotientProgress::Heap(0));
    let result = quotient_with_progress(game.rule(), asked, stop, progress);
    let seconds = started.elapsed().as_secs_f64();
    match result {
        Ok(found) => Ok(report_of(game, asked, &found, None, seconds)),
        Err(QuotientError::Stopped { partial, .. }) => {
            Err(QuotientEnd::Stopped(Box::new(report_of(
                game,
                asked,
                &partial,
                Some("interrupted".to_string()),
                seconds,
            ))))
        }
        Err(error @ (QuotientError::TooLarge { .. } | QuotientError::TooManyStates { .. })) => {
            let message = error.to_string();
            let (QuotientError::TooLarge { partial, .. }
            | QuotientError::TooManyStates { partial, .. }) = error
            else {
                unreachable!("matched above")
            };
            Ok(report_of(game, asked, &partial, Some(message), seconds))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::quotient;
    use crate::watch::{Event, Watch};

    fn report(json: &str) -> QuotientReport {
        quotient(&serde_json::from_str(json).unwrap(), &Watch::new()).unwrap()
    }

    #[test]
    fn misere_nim_and_kayles() {
        let nim = report(r#"{"game":"0.3...","heaps":3}"#);
        assert_eq!(nim.order, 6);
        assert_eq!(nim.relations, ["a² = 1", "b³ = b"]);
        assert_eq!(nim.p_portion, ["a", "b²"]);
        assert_eq!(nim.heap_words, ["a", "b", "ab"]);
        let kayles = report(r#"{"game":"kayles","heaps":200}"#);
        assert_eq!(kayles.code, "0.77");
        assert_eq!(kayles.heap_words.len(), 200);
        assert!(kayles.period.is_some());
        assert!(kayles.stopped_by.is_none());
    }

    /// The heaps finished are told to the watch one by one (a quotient of thousands of heaps
    /// takes minutes with no other sign of life).
    #[test]
    fn the_heaps_finished_are_told_as_they_are_done() {
        use std::sync::{Arc, Mutex};
        let told = Arc::new(Mutex::new(Vec::new()));
        let heard = Arc::clone(&told);
        let watch = Watch::new().on_event(move |event| {
            if let Event::Steps { done, total, .. } = event {
                heard.lock().unwrap().push((*done, *total));
            }
        });
        let request = serde_json::from_str(r#"{"game":"0.3...","heaps":6}"#).unwrap();
        quotient(&request, &watch).unwrap();
        let told = told.lock().unwrap().clone();
        assert_eq!(told.first(), Some(&(0, 6)));
        assert_eq!(told.last(), Some(&(6, 6)));
        assert!(
            told.windows(2).all(|pair| pair[0].0 < pair[1].0),
            "{told:?}"
        );
    }

    /// Issue "Faults found by trying grundy": `grundy quotient dawsons-kayles` showed heap 33
    /// of 40 for the minutes heap 34 spent on 80 candidate monoids before one passed the
    /// limit. Each candidate is told, with its order and the limit, for the heap not finished.
    #[test]
    fn the_candidates_of_a_heap_that_grows_the_quotient_are_told() {
        use std::sync::{Arc, Mutex};
        let told = Arc::new(Mutex::new(Vec::new()));
        let heard = Arc::clone(&told);
        let watch = Watch::new().on_event(move |event| match event {
            Event::Steps { done, .. } => heard.lock().unwrap().push((*done, None)),
            Event::QuotientTrial {
                heap,
                trial,
                elements,
                limit,
            } => heard
                .lock()
                .unwrap()
                .push((*heap, Some((*trial, *elements, *limit)))),
            _ => {}
        });
        let request = serde_json::from_str(r#"{"game":"kayles","heaps":12}"#).unwrap();
        let report = quotient(&request, &watch).unwrap();
        let told = told.lock().unwrap().clone();
        let trials: Vec<_> = told.iter().filter(|(_, trial)| trial.is_some()).collect();
        // Every heap that grew the quotient had at least one candidate.
        let grew = report
            .orders
            .iter()
            .zip(std::iter::once(&1).chain(&report.orders))
            .filter(|(order, before)| order > before)
            .count();
        assert!(trials.len() >= grew && grew > 0, "{told:?}");
        let mut finished = 0;
        let mut last_trial = (0, 0);
        for &(heap, trial) in &told {
            match trial {
                None => finished = heap,
                Some((number, elements, limit)) => {
                    // A candidate is for the heap after those finished, numbered from 1 in it.
                    assert_eq!(heap, finished + 1, "{told:?}");
                    let expected = if last_trial.0 == heap {
                        last_trial.1 + 1
                    } else {
                        1
                    };
                    assert_eq!(number, expected, "{told:?}");
                    last_trial = (heap, number);
                    assert!(elements >= 1 && elements <= limit, "{told:?}");
                    // A candidate may have 8 times the quotient's limit.
                    assert_eq!(
                        limit,
                        8 * crate::games::heap::quotient::DEFAULT_MAX_ORDER as u64
                    );
                }
            }
        }
    }

    #[test]
    fn a_quotient_past_its_limits_is_reported_as_far_as_it_went() {
        // 0.3122's quotient of heaps up to 7 is infinite (Games of No Chance 4).
        let infinite = report(r#"{"game":"0.3122","heaps":7}"#);
        assert_eq!(infinite.heaps, 6);
        assert!(infinite.stopped_by.is_some());
        let refused = quotient(
            &serde_json::from_str(r#"{"game":"kayles","heaps":1000000}"#).unwrap(),
            &Watch::new(),
        );
        assert!(refused.is_err());
    }
}
