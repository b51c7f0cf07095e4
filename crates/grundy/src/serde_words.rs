//! serde's messages in words: a request or a tour's JSON is written by people and by programs
//! in other languages, to whom `expected usize` says less than the range it stands for.

/// serde's message with the Rust types it expects (`expected usize`) said in words, with
/// their range, and a hint when a whole number was expected and a number with a fraction (or
/// one past 2^64, or one written with an exponent, which serde reads as one) was found.
pub(crate) fn in_words(said: &str) -> String {
    let whole = |most: u64| format!("a whole number from 0 to {most}");
    let types = [
        ("usize", whole(usize::MAX as u64)),
        ("u64", whole(u64::MAX)),
        ("u32", whole(u32::MAX.into())),
        ("u16", whole(u16::MAX.into())),
        ("u8", whole(u8::MAX.into())),
        ("i64", "a whole number".to_string()),
        ("f64", "a number".to_string()),
        ("f32", "a number".to_string()),
    ];
    // A struct is an object in JSON, and an enum of names (a convention) a string: serde
    // says `struct Limits` and `string or map`, which tell a caller in another language
    // nothing.
    let mut said = said.replace(
        "expected string or map",
        "expected a string naming one of its choices",
    );
    if let Some(at) = said.find("expected struct ") {
        let name = at + "expected struct ".len();
        let end = said[name..]
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .map_or(said.len(), |length| name + length);
        said.replace_range(at..end, "expected an object");
    }
    let said = said.as_str();
    let message = types
        .iter()
        .fold(said.to_string(), |message, (rust, words)| {
            let rust = format!("expected {rust}");
            match message.strip_suffix(rust.as_str()) {
                Some(before) => format!("{before}expected {words}"),
                None => message.replace(&format!("{rust} "), &format!("expected {words} ")),
            }
        });
    if !(said.starts_with("invalid type: floating point")
        && message.contains("expected a whole number"))
    {
        return message;
    }
    // The hint goes with the number, before where serde found it.
    let hint = " (this one has a fraction or an exponent, or is too large)";
    match message.find(" at line ") {
        Some(at) => format!("{}{hint}{}", &message[..at], &message[at..]),
        None => format!("{message}{hint}"),
    }
}

#[cfg(test)]
mod tests {
    use super::in_words;

    #[test]
    fn rust_types_are_said_as_ranges() {
        assert_eq!(
            in_words("invalid value: integer `-1`, expected u32 at line 1 column 32"),
            "invalid value: integer `-1`, expected a whole number from 0 to 4294967295 at line 1 column 32"
        );
        assert_eq!(
            in_words("invalid type: floating point `1.5`, expected u32"),
            "invalid type: floating point `1.5`, expected a whole number from 0 to 4294967295 (this one has a fraction or an exponent, or is too large)"
        );
        assert_eq!(
            in_words("invalid type: floating point `1.5`, expected u32 at line 1 column 33"),
            "invalid type: floating point `1.5`, expected a whole number from 0 to 4294967295 (this one has a fraction or an exponent, or is too large) at line 1 column 33"
        );
        assert_eq!(
            in_words("invalid type: floating point `1.5`, expected a string"),
            "invalid type: floating point `1.5`, expected a string"
        );
        assert_eq!(
            in_words("invalid type: null, expected struct Limits at line 1 column 9"),
            "invalid type: null, expected an object at line 1 column 9"
        );
        assert_eq!(
            in_words("invalid type: null, expected struct Limits"),
            "invalid type: null, expected an object"
        );
        assert_eq!(
            in_words("invalid type: integer `3`, expected string or map"),
            "invalid type: integer `3`, expected a string naming one of its choices"
        );
    }
}
