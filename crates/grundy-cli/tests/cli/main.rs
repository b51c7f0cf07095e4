//! The `grundy` command end to end, one module per part of the command line, in one test
//! binary so that the binary is linked once.

mod certificate;
mod cluster;
mod common;
mod cram;
mod files;
mod graph;
mod heap;
mod help_examples;
mod json_contract;
mod messages;
mod misere;
mod multi_piece;
mod placement;
mod play;
mod registry;
mod serve;
mod sum;
mod tour;
mod worker;
