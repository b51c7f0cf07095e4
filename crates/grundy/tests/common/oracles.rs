//! The oracles in `tests/oracles/`: published values, copied with their sources.

use std::path::PathBuf;

/// The rows of the oracle `name` below its header, split at tabs.
pub fn oracle_rows(name: &str) -> Vec<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/oracles")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read the oracle {}: {error}", path.display()));
    text.lines()
        .skip(1)
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}
