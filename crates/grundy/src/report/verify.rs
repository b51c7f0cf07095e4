//! The answer of `grundy verify`.

use serde::{Deserialize, Serialize};

use super::{Command, SCHEMA_VERSION};
use crate::certificate::{CheckError, Verified};

/// The answer of `grundy verify`: a certificate verified, or refused with the line and the
/// reason. (A file that is no certificate is an error, not a report.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VerifyReport {
    /// [`SCHEMA_VERSION`].
    pub(crate) schema: u32,
    /// [`Command::Verify`].
    pub(crate) command: Command,
    /// The game the certificate is about (`knights 7x7`).
    pub game: String,
    /// Whether every claim holds: the value is proved.
    pub verified: bool,
    /// The proved nim-value of the empty board; absent when refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nimber: Option<u32>,
    /// The positions the certificate lists (all verified); absent when refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<u64>,
    /// The options the checker generated and looked up; absent when refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<u64>,
    /// The line of the claim that fails; absent when verified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused_line: Option<u64>,
    /// Why that claim fails; absent when verified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl VerifyReport {
    /// The report of a check that verified the certificate or refused it; `None` for the
    /// errors that are no answer (a file that is not a certificate, too large, stopped).
    #[must_use]
    pub fn of_check(result: &Result<Verified, CheckError>, seconds: f64) -> Option<VerifyReport> {
        let report = VerifyReport {
            schema: SCHEMA_VERSION,
            command: Command::Verify,
            game: String::new(),
            verified: false,
            nimber: None,
            positions: None,
            options: None,
            refused_line: None,
            reason: None,
            seconds,
        };
        match result {
            Ok(verified) => Some(VerifyReport {
                game: verified.game.clone(),
                verified: true,
                nimber: Some(u32::from(verified.value)),
                positions: Some(verified.positions),
                options: Some(verified.options),
                ..report
            }),
            Err(CheckError::Refused {
                game,
                line,
                message,
            }) => Some(VerifyReport {
                game: game.clone(),
                refused_line: Some(*line),
                reason: Some(message.clone()),
                ..report
            }),
            Err(_) => None,
        }
    }
}
