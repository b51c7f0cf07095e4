//! Ctrl-C: the first press asks the running search to stop, so that it can keep what it has
//! finished (a checkpoint's last whole line, the values computed so far) and say so; a second
//! press exits at once, as a person pressing it twice expects. SIGTERM and SIGHUP do the same:
//! a batch queue sends SIGTERM at the end of a job's time, and a search then keeps its work as
//! for Ctrl-C. Messages name the signal that stopped the command ([`stopped_by`]), so a log
//! tells a time-out from a person's Ctrl-C; the exit status is 130 for each of them, the one
//! status a script checks for "stopped, what was finished is kept".

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, LazyLock, OnceLock};

use grundy::watch::Watch;

/// The exit status of a command stopped by Ctrl-C, SIGTERM or SIGHUP: the library's status of
/// a stop (128 + SIGINT, as shells report Ctrl-C).
pub const INTERRUPTED_STATUS: u8 = grundy::request::STOPPED_STATUS;

/// Shared with the library's [`Watch`]es, which stop the work when it is raised.
static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(|| Arc::new(AtomicBool::new(false)));
/// The [`StopSignal`] that raised [`STOP`], as its discriminant.
static SIGNAL: AtomicU8 = AtomicU8::new(StopSignal::Interrupt as u8);
static HANDLER: OnceLock<Result<(), String>> = OnceLock::new();

/// The signals that stop a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum StopSignal {
    /// SIGINT: Ctrl-C, or the web page's Stop.
    Interrupt,
    /// SIGTERM: `kill`, or a batch queue at the end of a job's time.
    Terminate,
    /// SIGHUP: the terminal closed.
    Hangup,
    /// Not a signal: `grundy worker --stop-when-stdin-closes` saw its stdin close.
    InputClosed,
}

impl StopSignal {
    fn name(self) -> &'static str {
        match self {
            StopSignal::Interrupt => "Ctrl-C (SIGINT)",
            StopSignal::Terminate => "SIGTERM",
            StopSignal::Hangup => "SIGHUP",
            StopSignal::InputClosed => "the closing of stdin",
        }
    }

    fn from_u8(value: u8) -> StopSignal {
        match value {
            1 => StopSignal::Terminate,
            2 => StopSignal::Hangup,
            3 => StopSignal::InputClosed,
            _ => StopSignal::Interrupt,
        }
    }
}

/// The flag Ctrl-C raises, with the handler installed on first use. Searches poll it and stop
/// when it is set; commands that never call this keep the default behaviour (Ctrl-C ends the
/// process at once), which is right for work with nothing to keep.
pub fn stop_flag() -> anyhow::Result<&'static AtomicBool> {
    match HANDLER.get_or_init(install) {
        Ok(()) => Ok(&**LazyLock::force(&STOP)),
        Err(error) => Err(anyhow::anyhow!(
            "cannot install the Ctrl-C handler: {error}"
        )),
    }
}

/// A watch whose stop flag Ctrl-C, SIGTERM and SIGHUP raise, with the handler installed.
pub fn watch() -> anyhow::Result<Watch> {
    stop_flag()?;
    Ok(Watch::new().with_stop_flag(Arc::clone(&STOP)))
}

/// Stops the search because stdin closed (`grundy worker --stop-when-stdin-closes`), so that
/// its message names that, not a signal nobody sent.
pub fn stop_for_closed_stdin() {
    if !STOP.load(Ordering::SeqCst) {
        SIGNAL.store(StopSignal::InputClosed as u8, Ordering::SeqCst);
        STOP.store(true, Ordering::SeqCst);
    }
}

/// Whether Ctrl-C, SIGTERM, SIGHUP or a closed stdin stopped the command: a stop the library
/// reports otherwise is its own (a thread it could not start), not one of these.
pub fn was_stopped() -> bool {
    STOP.load(Ordering::SeqCst)
}

/// The signal that stopped the command, for messages: "Ctrl-C (SIGINT)", "SIGTERM", "SIGHUP".
pub fn stopped_by() -> &'static str {
    StopSignal::from_u8(SIGNAL.load(Ordering::SeqCst)).name()
}

/// Registers the signals (before returning, so none sent afterwards is missed) and answers
/// them on a thread of their own.
fn install() -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| error.to_string())?;
    #[cfg(unix)]
    let mut signals = {
        use tokio::signal::unix::{signal, SignalKind};
        let _entered = runtime.enter();
        let mut signals = Vec::new();
        for (kind, which) in [
            (SignalKind::interrupt(), StopSignal::Interrupt),
            (SignalKind::terminate(), StopSignal::Terminate),
            (SignalKind::hangup(), StopSignal::Hangup),
        ] {
            signals.push((signal(kind).map_err(|error| error.to_string())?, which));
        }
        signals
    };
    std::thread::Builder::new()
        .name("signals".to_string())
        .spawn(move || {
            runtime.block_on(async move {
                loop {
                    #[cfg(unix)]
                    let which = {
                        let [(interrupt, _), (terminate, _), (hangup, _)] = &mut signals[..] else {
                            unreachable!("three signals are registered");
                        };
                        tokio::select! {
                            _ = interrupt.recv() => StopSignal::Interrupt,
                            _ = terminate.recv() => StopSignal::Terminate,
                            _ = hangup.recv() => StopSignal::Hangup,
                        }
                    };
                    #[cfg(not(unix))]
                    let which = match tokio::signal::ctrl_c().await {
                        Ok(()) => StopSignal::Interrupt,
                        Err(_) => std::future::pending().await,
                    };
                    received(which);
                }
            });
        })
        .map_err(|error| error.to_string())?;
    Ok(())
}

/// The first stopping signal asks the search to stop; a second one quits at once.
fn received(which: StopSignal) {
    if STOP.load(Ordering::SeqCst) {
        std::process::exit(i32::from(INTERRUPTED_STATUS));
    }
    SIGNAL.store(which as u8, Ordering::SeqCst);
    STOP.store(true, Ordering::SeqCst);
    let again = match which {
        StopSignal::Interrupt => "Ctrl-C again",
        StopSignal::Terminate | StopSignal::Hangup | StopSignal::InputClosed => "a second signal",
    };
    // Not eprintln!, which panics when stderr is gone (a server that started this process and
    // died): the signal must still stop the search.
    let _ = writeln!(
        std::io::stderr(),
        "\n{} received: stopping and keeping what is finished ({again} to quit at once)",
        which.name()
    );
}

/// The error a command returns when it stopped on Ctrl-C after printing or saving what it had
/// finished; `main` exits with [`INTERRUPTED_STATUS`] and prints `message`, which begins
/// "interrupted by" and the signal ([`stopped_by`]).
#[derive(Debug)]
pub struct Interrupted(pub String);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}
