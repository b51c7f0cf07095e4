//! Rulesets, one folder per family of games, and [`game::Game`]: any of them, or a sum.

pub mod answer_text;
pub mod computer;
pub mod contract;
pub mod corner;
pub mod cram;
pub mod first_move_search;
pub mod game;
pub(crate) mod game_error;
pub mod graph;
pub mod heap;
pub(crate) mod move_list;
pub(crate) mod nimber;
pub(crate) mod parts;
pub mod placement;
pub mod play_text;
pub mod registry;
pub mod sum;
pub mod table_family;
pub mod work_observer;
