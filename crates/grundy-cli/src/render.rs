//! Shared wording of results: the library's ([`grundy::games::answer_text`]), and JSON.

pub use grundy::games::answer_text::outcome_sentence;

/// A report as one line of JSON, as `--json` prints it.
pub fn json_line<T: serde::Serialize>(report: &T) -> String {
    grundy::request::json_line(report)
}
