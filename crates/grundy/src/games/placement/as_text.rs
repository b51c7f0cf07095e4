//! Request fields that JSON writes as the text people type (`"knights"`, `"3x3..8x8"`,
//! `"corner-queen"`): read by `FromStr`, whose message names the bad text, and written by
//! `Display`, so that a request written is read back the same.

use std::borrow::Cow;
use std::fmt::Display;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serializer};

pub(crate) fn serialize<T: Display, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

pub(crate) fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let text = <Cow<'de, str>>::deserialize(deserializer)?;
    text.parse().map_err(serde::de::Error::custom)
}
