//! Ctrl-C: the first press asks the running search to stop, so that it can keep what it has
//! finished (a checkpoint's last whole line, the values computed so far) and say so; a second
//! press exits at once, as a person pressing it twice expects. SIGTERM and SIGHUP do the same:
//! a batch queue sends SIGTERM at the end of a job's time, and a search then keeps its work as
//! for Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// The exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED_STATUS: u8 = 130;

static STOP: AtomicBool = AtomicBool::new(false);
static HANDLER: OnceLock<Result<(), String>> = OnceLock::new();

/// The flag Ctrl-C raises, with the handler installed on first use. Searches poll it and stop
/// when it is set; commands that never call this keep the default behaviour (Ctrl-C ends the
/// process at once), which is right for work with nothing to keep.
pub fn stop_flag() -> anyhow::Result<&'static AtomicBool> {
    let installed = HANDLER.get_or_init(|| {
        ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(INTERRUPTED_STATUS));
            }
            eprintln!("\ninterrupted: stopping and keeping what is finished (Ctrl-C again to quit at once)");
        })
        .map_err(|error| error.to_string())
    });
    match installed {
        Ok(()) => Ok(&STOP),
        Err(error) => Err(anyhow::anyhow!(
            "cannot install the Ctrl-C handler: {error}"
        )),
    }
}

/// Whether Ctrl-C has been pressed.
pub fn interrupted() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// The error a command returns when it stopped on Ctrl-C after printing or saving what it had
/// finished; `main` exits with [`INTERRUPTED_STATUS`] and prints `message`.
#[derive(Debug)]
pub struct Interrupted(pub String);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}
