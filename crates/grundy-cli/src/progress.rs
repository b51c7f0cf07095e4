//! Progress on stderr for searches that take more than a moment.
//!
//! The bar stays hidden for the first second, so quick answers print nothing extra, and
//! indicatif draws nothing when stderr is not a terminal. A long search (a first-move search of
//! `value` or `outcome`, a table, a count of tours, any search of positions) whose stderr is a file or a pipe (a
//! run left going under `nohup`, a batch job's log) writes a plain line instead, after ten
//! seconds and then once a minute. (A queens table is the exception within a cell: its cells
//! go through the first-move search, which reports only when a cell is finished; the dearest
//! queens cell to 14×14 takes ten seconds.)

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use grundy::request::{ErrorReport, WorkerLine};
use grundy::watch::{Event, ProgressEvent, ProgressThrottle, Watch};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before a progress indicator appears.
const QUIET_PERIOD: Duration = Duration::from_secs(1);

/// How often a search whose stderr is not a terminal writes a line of progress.
pub const LOG_PERIOD: Duration = Duration::from_secs(60);

/// When such a search writes its first line: soon enough to show a log's reader that the work
/// is under way, late enough that the quick commands (the README's, the help's examples) write
/// none.
const LOG_FIRST: Duration = Duration::from_secs(10);

/// A spinner showing positions searched and the search rate.
pub struct SearchProgress {
    bar: ProgressBar,
    started: Instant,
    shown: bool,
}

impl SearchProgress {
    /// A hidden spinner labelled `label`.
    pub fn new(label: &str) -> SearchProgress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {prefix} {elapsed} {msg}")
                .expect("the template is valid"),
        );
        bar.set_prefix(label.to_string());
        SearchProgress {
            bar,
            started: Instant::now(),
            shown: false,
        }
    }

    /// Removes the spinner from the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl SearchProgress {
    /// Shows the positions searched and the table's size that `searched` gives.
    fn show(&mut self, searched: &ProgressEvent) {
        let elapsed = self.started.elapsed();
        if !self.shown && elapsed >= QUIET_PERIOD {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(200));
            self.shown = true;
        }
        self.bar
            .set_message(searched.bar_message(elapsed.as_secs_f64()));
    }
}

/// A bar over a known number of steps (table cells), hidden for the first second.
pub fn counting_bar(total: u64, label: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {elapsed} {msg}")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    show_after_quiet_period(bar, label)
}

/// A spinner counting steps whose number is not known beforehand (positions a certificate
/// lists), hidden for the first second.
pub fn counting_spinner(label: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {prefix} {pos} {elapsed} {msg}")
            .expect("the template is valid"),
    );
    show_after_quiet_period(bar, label)
}

/// `bar`, labelled `label`, drawn on stderr once the quiet period has passed.
fn show_after_quiet_period(bar: ProgressBar, label: &str) -> ProgressBar {
    bar.set_prefix(label.to_string());
    let shown = bar.clone();
    std::thread::spawn(move || {
        std::thread::sleep(QUIET_PERIOD);
        if !shown.is_finished() {
            shown.set_draw_target(ProgressDrawTarget::stderr());
            shown.enable_steady_tick(Duration::from_millis(200));
        }
    });
    bar
}

/// Set by `grundy serve` for the commands it runs: progress is then also written to stderr as
/// JSON lines (`{"progress":{...}}`), which the server reads to show how far a job has come.
pub const PROGRESS_JSON_VARIABLE: &str = "GRUNDY_PROGRESS_JSON";

/// How often at most a progress line of each kind is written for the server.
const SERVER_REPORT_INTERVAL: Duration = Duration::from_millis(250);

/// Which progress lines go to the server when (the library's [`ProgressThrottle`]).
static SERVER_LINES: Mutex<ProgressThrottle> =
    Mutex::new(ProgressThrottle::new(SERVER_REPORT_INTERVAL));

/// Writes `progress` as a line for `grundy serve` when it ran this command
/// (`{"progress":{"kind":"steps",...}}`, the library's [`WorkerLine`]), as often as the
/// [`ProgressThrottle`] lets it; a line held back is written when its turn comes, by a thread
/// of its own.
fn report_to_server(progress: &ProgressEvent) {
    let Some(started) = server_reports_started() else {
        return;
    };
    // Decided under the lock, written after it: a search thread reporting progress does not
    // wait for another's write.
    let passed = SERVER_LINES
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .offer(progress.clone(), started.elapsed());
    if let Some(progress) = passed {
        write_server_line(&WorkerLine::Progress(progress));
    }
}

/// Tells the server, when it asked for progress lines, the error the work met as the
/// library's typed [`ErrorReport`] (`{"error":{"kind":...,"message":...,"status":...}}`):
/// it answers by the kind, not by the exit status alone. Written at once, never held back.
pub fn report_error_to_server(error: &ErrorReport) {
    if server_reports_started().is_some() {
        write_server_line(&WorkerLine::Error(error.clone()));
    }
}

/// When the server's progress lines began, if the server asked for them; the first call
/// starts the thread that writes the lines held back.
fn server_reports_started() -> Option<Instant> {
    static STARTED: OnceLock<Option<Instant>> = OnceLock::new();
    *STARTED.get_or_init(|| {
        std::env::var_os(PROGRESS_JSON_VARIABLE)?;
        let started = Instant::now();
        // Without the thread, held lines wait for the next line of their kind.
        let _ = std::thread::Builder::new()
            .name("progress lines".to_string())
            .spawn(move || loop {
                std::thread::sleep(SERVER_REPORT_INTERVAL);
                let due = SERVER_LINES
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .due(started.elapsed());
                for progress in due {
                    write_server_line(&WorkerLine::Progress(progress));
                }
            });
        Some(started)
    })
}

/// Writes `line` to stderr, where the server reads it. A server that died closed this pipe:
/// the line is lost, and the work goes on to its stop.
fn write_server_line(line: &WorkerLine) {
    let _ = writeln!(std::io::stderr(), "{}", line.to_line());
}

/// What the command line shows of a [`Watch`]'s events: a spinner of positions searched, a bar
/// of first moves or of counted steps (each hidden for the first second), and the progress
/// lines `grundy serve` reads. Cheap to clone: clones share the bars.
#[derive(Clone)]
pub struct Shown {
    bars: Arc<Mutex<Bars>>,
}

struct Bars {
    spinner: SearchProgress,
    counter: Option<ProgressBar>,
    /// The counter's label as shown: a nim-value search's names the value it asks about.
    label: String,
    /// Lines of progress for a log, when stderr is not a terminal.
    log: Option<ProgressLog>,
    /// The last count of steps (task, done, total), for a log line written between steps.
    steps: Option<(String, u64, u64)>,
}

/// Plain lines of progress on stderr, for a log that no bar is drawn on: the first once the
/// work has run for [`LOG_FIRST`], then one every [`LOG_PERIOD`].
struct ProgressLog {
    started: Instant,
    next: Duration,
}

impl ProgressLog {
    /// A log when stderr is not a terminal and no server reads it (`grundy serve` reads its
    /// progress as JSON lines).
    fn when_wanted() -> Option<ProgressLog> {
        let wanted =
            !std::io::stderr().is_terminal() && std::env::var_os(PROGRESS_JSON_VARIABLE).is_none();
        wanted.then(|| ProgressLog {
            started: Instant::now(),
            next: LOG_FIRST,
        })
    }

    /// Whether a line is due when the work has run for `elapsed`; if so, the next is due a
    /// [`LOG_PERIOD`] later.
    fn due(&mut self, elapsed: Duration) -> bool {
        if elapsed < self.next {
            return false;
        }
        self.next = elapsed + LOG_PERIOD;
        true
    }

    /// Writes `line` when a line is due.
    fn write(&mut self, line: impl FnOnce() -> String) {
        let elapsed = self.started.elapsed();
        if !self.due(elapsed) {
            return;
        }
        let _ = writeln!(
            std::io::stderr(),
            "progress: {:.0} s, {}",
            elapsed.as_secs_f64(),
            line()
        );
    }
}

impl Bars {
    /// A line for the log, when one is due, of a search's positions `searched`: a long
    /// search of one position, or a table cell of hours, sends no other event for a long time.
    /// `one_of_threads`: the count is one of several threads' solvers (a table's), the one
    /// that reported last.
    fn log_searched(&mut self, searched: &ProgressEvent, one_of_threads: bool) {
        let Some(log) = &mut self.log else {
            return;
        };
        log.write(|| {
            let searched = searched.log_line(0.0);
            let whose = if one_of_threads {
                "a thread's solver: "
            } else {
                ""
            };
            match &self.steps {
                Some((task, done, total)) => {
                    format!("{task}: {done} of {total} done; {whose}{searched}")
                }
                None => format!("{whose}{searched}"),
            }
        });
    }
}

impl Shown {
    /// Nothing shown yet; the spinner, when it appears, is labelled `label`.
    pub fn new(label: &str) -> Shown {
        Shown {
            bars: Arc::new(Mutex::new(Bars {
                spinner: SearchProgress::new(label),
                counter: None,
                label: String::new(),
                log: ProgressLog::when_wanted(),
                steps: None,
            })),
        }
    }

    /// A watch that shows its events here and stops on Ctrl-C.
    pub fn watch(&self) -> anyhow::Result<Watch> {
        let shown = self.clone();
        Ok(crate::interrupt::watch()?.on_event(move |event| shown.show(event)))
    }

    /// A watch that shows its events here but leaves Ctrl-C alone (it ends the process at
    /// once): for work that does not look at the flag, or has nothing to keep.
    pub fn watch_without_stop(&self) -> Watch {
        let shown = self.clone();
        Watch::new().on_event(move |event| shown.show(event))
    }

    /// Removes the spinner of positions searched, when a count of steps follows the search.
    pub fn finish_search(&self) {
        let bars = self.bars.lock().unwrap_or_else(PoisonError::into_inner);
        bars.spinner.finish();
    }

    /// Shows `event`: what it says of the work's progress ([`Event::progress`]), on the bars,
    /// in the log, and to the server when it ran this command.
    pub fn show(&self, event: &Event) {
        if let Some(progress) = event.progress() {
            report_to_server(&progress);
            self.show_progress(&progress);
        }
    }

    /// Shows `progress` on the bars and in the log.
    fn show_progress(&self, progress: &ProgressEvent) {
        let mut bars = self.bars.lock().unwrap_or_else(PoisonError::into_inner);
        let bars = &mut *bars;
        if let ProgressEvent::Searched { .. } = progress {
            bars.spinner.show(progress);
            bars.log_searched(progress, false);
            return;
        }
        let Some((done, total)) = progress.steps() else {
            // A quotient's trial, on the bar of heaps: the heap it has not finished, and how
            // near the limit its candidates come.
            let news = progress.bar_message(0.0);
            if let Some(bar) = &bars.counter {
                bar.set_message(news.clone());
            }
            let steps = bars.steps.clone();
            if let Some(log) = &mut bars.log {
                log.write(|| match steps {
                    Some((task, done, total)) => format!("{task}: {done} of {total} done; {news}"),
                    None => news,
                });
            }
            return;
        };
        let label = progress.bar_label();
        let bar = bars
            .counter
            .get_or_insert_with(|| counting_bar(total, &label))
            .clone();
        if bars.label != label {
            // A nim-value search names the value it asks about now.
            bar.set_prefix(label.clone());
            bars.label = label;
        }
        bar.set_length(total);
        bar.set_position(done);
        let seconds = bar.elapsed().as_secs_f64();
        // Counted steps have no words beside the bar: a quotient's trial shown there goes.
        bar.set_message(progress.bar_message(seconds));
        if let ProgressEvent::Steps { task, .. } = progress {
            bars.steps = Some((task.clone(), done, total));
        }
        if let Some(log) = &mut bars.log {
            log.write(|| progress.log_line(seconds));
        }
    }

    /// Writes a line for `event` to the log, when one is due, and shows nothing on a
    /// terminal: for a table, whose bar counts cells and whose solvers' positions are each
    /// thread's own.
    pub fn log_only(&self, event: &Event) {
        // Only the positions searched: the other events are the table's own, on its bar.
        if !matches!(event, Event::Searched { .. }) {
            return;
        }
        if let Some(searched) = event.progress() {
            let mut bars = self.bars.lock().unwrap_or_else(PoisonError::into_inner);
            bars.log_searched(&searched, true);
        }
    }

    /// Removes the bars from the terminal.
    pub fn finish(&self) {
        let bars = self.bars.lock().unwrap_or_else(PoisonError::into_inner);
        bars.spinner.finish();
        if let Some(bar) = &bars.counter {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_gets_a_line_after_ten_seconds_then_one_a_minute() {
        let mut log = ProgressLog {
            started: Instant::now(),
            next: LOG_FIRST,
        };
        let seconds = [0, 5, 9, 10, 11, 30, 69, 70, 71, 129, 200, 201];
        let due: Vec<u64> = seconds
            .into_iter()
            .filter(|&second| log.due(Duration::from_secs(second)))
            .collect();
        assert_eq!(due, [10, 70, 200]);
    }
}
