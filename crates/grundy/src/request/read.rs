//! A request read from JSON with messages that name what is wrong: serde's own say
//! "invalid type: null, expected variant identifier" or "expected a string" without the key,
//! because a request's question is a tag inside the object. The worker, the server and the
//! Python package read requests here.

use serde_json::Value;

use super::{Request, QUESTIONS};
use crate::games::registry::{Family, QUESTIONS_OF_ONE_FAMILY};

/// The most keys whose removal is tried to name the one at fault: no question takes more
/// than a dozen. Each try reads the request again, so past this a request of many keys (a
/// hostile one: 8,000 fit in the server's 64 KiB) would cost the square of their number.
const MOST_KEYS_TRIED: usize = 32;

/// The request `json` holds, or why not: the key whose value is wrong, named. A game named for
/// a question that one family alone answers (a sequence) is first refused when it is of
/// another family, by the questions that family takes: the family's own parser knows only its
/// own names.
///
/// # Errors
/// Text that is not JSON (with serde's line and column), not an object, without a known
/// `question`, or a key whose value its question does not take.
pub fn read_request(json: &[u8]) -> Result<Request, String> {
    // A byte order mark, which some editors write at the start of a UTF-8 file, is not JSON
    // but says nothing against the request after it.
    let json = json.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(json);
    let value: Value = serde_json::from_slice(json).map_err(|error| {
        format!(
            "the request is not JSON: {error}; it must be JSON like {{\"question\": \"value\", \"game\": \"knights 5x5\"}} (questions: {})",
            QUESTIONS.join(", ")
        )
    })?;
    // A key given twice would be read as its last value by the parse above, so that a check
    // of the first (by a reader, a proxy, another parser) would pass a request that asks
    // otherwise: refused, as serde's typed reads refuse it.
    let mut deserializer = serde_json::Deserializer::from_slice(json);
    serde::de::DeserializeSeed::deserialize(EachKeyOnce { at: None }, &mut deserializer)
        .map_err(|error| error.to_string())?;
    request_from_value(value)
}

/// A key of the request and the keys of the objects it lies in, outermost last: the path
/// is written only for a key given twice.
struct KeyPath<'up> {
    key: &'up str,
    up: Option<&'up KeyPath<'up>>,
}

impl KeyPath<'_> {
    /// The keys from the request down, joined by `.`: `limits.threads`.
    fn text(&self) -> String {
        match self.up {
            Some(up) => format!("{}.{}", up.text(), self.key),
            None => self.key.to_string(),
        }
    }
}

/// A JSON value whose objects give each key once, read from the object at `at` (`None` for
/// the request itself); nothing is kept.
struct EachKeyOnce<'up> {
    at: Option<&'up KeyPath<'up>>,
}

impl<'de> serde::de::DeserializeSeed<'de> for EachKeyOnce<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for EachKeyOnce<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a JSON value")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = KeyPath {
                key: &key,
                up: self.at,
            };
            if seen.contains(&key) {
                return Err(serde::de::Error::custom(format!(
                    "the key `{}` is given twice: give each key once",
                    path.text()
                )));
            }
            map.next_value_seed(EachKeyOnce { at: Some(&path) })?;
            seen.insert(key);
        }
        Ok(())
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq
            .next_element_seed(EachKeyOnce { at: self.at })?
            .is_some()
        {}
        Ok(())
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
}

/// [`read_request`] of a JSON value already parsed.
///
/// # Errors
/// As [`read_request`].
pub fn request_from_value(value: Value) -> Result<Request, String> {
    let questions = QUESTIONS.join(", ");
    let Some(object) = value.as_object() else {
        return Err(format!(
            "the request must be a JSON object like {{\"question\": \"value\", \"game\": \"knights 5x5\"}} (questions: {questions})"
        ));
    };
    match object.get("question") {
        Some(Value::String(question)) if QUESTIONS.contains(&question.as_str()) => {
            let one_family = QUESTIONS_OF_ONE_FAMILY
                .into_iter()
                .find(|command| command.question() == Some(question.as_str()));
            if let (Some(command), Some(Value::String(game))) = (one_family, object.get("game")) {
                Family::check_verb(game, command).map_err(|refusal| format!("`game`: {refusal}"))?;
            }
        }
        Some(other) => {
            return Err(format!(
                "`question` {other} is not a question: expected one of {questions}"
            ))
        }
        None => {
            return Err(format!(
                "the request names no `question`: it must be JSON like {{\"question\": \"value\", \"game\": \"knights 5x5\"}} (questions: {questions})"
            ))
        }
    }
    serde_json::from_value::<Request>(value.clone()).map_err(|error| name_the_key(&value, &error))
}

/// serde's message for `error`, reading `value`, with the key it is about: the key without
/// which the request reads, or is refused for something else (its own absence).
fn name_the_key(value: &Value, error: &serde_json::Error) -> String {
    // serde's own words, which the reads without a key below are told apart by.
    let said = error.to_string();
    if said.starts_with("unknown field") || said.starts_with("missing field") {
        return said;
    }
    let message = crate::serde_words::in_words(&said);
    let Some(object) = value.as_object() else {
        return message;
    };
    if object.len() > MOST_KEYS_TRIED {
        return format!(
            "{message} (the request has {} keys, more than any question takes)",
            object.len()
        );
    }
    // The key without which the request reads is the one at fault; failing that, one without
    // which it is refused otherwise; last, a required key whose value is wrong (without it,
    // only its absence is refused). A key checked against another (rows against the game)
    // is so found before the key it is checked against.
    // Each key with how the request reads without it.
    let tried: Vec<(&String, Result<Request, String>)> = object
        .keys()
        .filter(|key| *key != "question")
        .map(|key| {
            let mut rest = object.clone();
            rest.remove(key);
            let read = serde_json::from_value::<Request>(Value::Object(rest))
                .map_err(|other| other.to_string());
            (key, read)
        })
        .collect();
    let refused_otherwise = |read: &Result<Request, String>, missing_too: bool| {
        read.as_ref().is_err_and(|other| {
            *other != said && (missing_too || !other.starts_with("missing field"))
        })
    };
    let at_fault = tried
        .iter()
        .find(|(_, read)| read.is_ok())
        .or_else(|| {
            tried
                .iter()
                .find(|(_, read)| refused_otherwise(read, false))
        })
        .or_else(|| tried.iter().find(|(_, read)| refused_otherwise(read, true)))
        .map(|(key, _)| key);
    if let Some(key) = at_fault {
        return format!("`{key}`: {message}");
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_before_the_request_is_skipped() {
        let request = read_request(b"\xEF\xBB\xBF{\"question\":\"value\",\"game\":\"kayles 3\"}");
        assert!(matches!(request, Ok(Request::Value(_))), "{request:?}");
    }

    #[test]
    fn the_key_whose_value_is_wrong_is_named() {
        for (json, said) in [
            (
                r#"{"question":null,"game":"knights 5x5"}"#,
                "`question` null is not a question",
            ),
            (
                r#"{"question":"none"}"#,
                "`question` \"none\" is not a question: expected one of value, moves",
            ),
            (r#"{"game":"knights 5x5"}"#, "names no `question`"),
            (r#"[1,2]"#, "must be a JSON object"),
            (
                r#"{"question":"value","game":["knights"]}"#,
                "`game`: invalid type: sequence",
            ),
            (
                r#"{"question":"sequence","game":"kayles","to":18446744073709551616}"#,
                "`to`: invalid type: floating point",
            ),
            (
                r#"{"question":"sequence","game":"kayles","to":-3}"#,
                "`to`: invalid value: integer `-3`, expected a whole number from 0 to 18446744073709551615",
            ),
            (
                r#"{"question":"value","game":"knights 5x5","limits":{"threads":"two"}}"#,
                "`limits`: invalid type: string \"two\", expected a whole number from 0 to",
            ),
            (
                r#"{"question":"value","game":"knights 5x5","limits":{"threads":0}}"#,
                "`limits`: threads 0",
            ),
            (
                r#"{"question":"value","game":"knights 5x5","colour":1}"#,
                "unknown field `colour`",
            ),
            (r#"{"question":"value","game":"#, "not JSON"),
            (
                r#"{"question":"value","game":"kayles 3","question":"tour"}"#,
                "the key `question` is given twice",
            ),
            (
                r#"{"question":"value","game":"kayles 3","limits":{"threads":1,"threads":2}}"#,
                "the key `limits.threads` is given twice",
            ),
            (
                r#"{"question":"value","game":1.5}"#,
                "`game`: invalid type: floating point `1.5`, expected a string",
            ),
        ] {
            let message = read_request(json.as_bytes()).unwrap_err();
            assert!(message.contains(said), "{json}: {message}");
        }
        assert!(read_request(br#"{"question":"value","game":"knights 5x5"}"#).is_ok());
        // The hint on a fraction is for a key that takes a whole number only.
        let message = read_request(br#"{"question":"value","game":1.5}"#).unwrap_err();
        assert!(!message.contains("fraction"), "{message}");
        let message =
            read_request(br#"{"question":"sequence","game":"kayles","to":1.5}"#).unwrap_err();
        assert!(
            message.ends_with("(this one has a fraction or an exponent, or is too large)"),
            "{message}"
        );
    }

    /// A request of thousands of keys is refused by serde's words and its count of keys,
    /// without a try for each key (each of which reads the whole request again).
    #[test]
    fn a_request_of_many_keys_is_refused_without_naming_each() {
        let keys: String = (0..8000).map(|key| format!(",\"h{key:04}\":0")).collect();
        let json = format!(r#"{{"question":"value","game":1{keys}}}"#);
        let message = read_request(json.as_bytes()).unwrap_err();
        assert!(
            message.starts_with("invalid type: integer `1`"),
            "{message}"
        );
        assert!(
            message.ends_with("(the request has 8002 keys, more than any question takes)"),
            "{message}"
        );
    }
}
