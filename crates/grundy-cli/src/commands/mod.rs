//! One module per subcommand. Each `run` returns the full report as a string, or an error.

pub mod bench;
pub mod moves;
pub mod table;
pub mod tour;
pub mod value;

use clap::Args;

use crate::input::parse_memory;

/// Options shared by the commands that search.
#[derive(Debug, Clone, Args)]
pub struct SearchOptions {
    /// Memory for the transposition table (K, M, G, T suffixes; powers of 1024).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_memory)]
    pub memory: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}
