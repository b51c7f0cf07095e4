//! Corner games.
