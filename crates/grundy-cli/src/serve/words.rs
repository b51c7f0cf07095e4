//! The commands a page may run: the words of a `grundy` command line, checked before anything
//! runs. Only the answering commands are allowed, only with the options that read and write no
//! file, and with the server's memory bound; the values themselves are then checked by the
//! same parsers as on the command line, in the process that runs them.

use std::path::Path;

use grundy::games::registry::Family;

use crate::input::parse_memory;

/// The most words a command may have (a sum of games or a long heap list fits easily).
pub const MAX_WORDS: usize = 256;
/// The longest word: a position of the largest board (512 squares, or 484 and 21 slashes) fits.
pub const MAX_WORD_BYTES: usize = 1024;

/// An option of a command: its name and whether a value follows it.
type Flag = (&'static str, bool);

const PLACEMENT_RULES: [Flag; 2] = [("--board", true), ("--rays", true)];
const VALUE_FLAGS: [Flag; 3] = [
    ("--position", true),
    ("--threads", true),
    ("--memory", true),
];

/// The commands the server runs, each with the options it accepts from a page. Everything
/// that names a file (`--svg`, `--checkpoint`, `graph FILE`, `tour verify`) is left out.
fn allowed_flags(command: &str) -> Option<Vec<Flag>> {
    let mut flags: Vec<Flag> = match command {
        "value" | "outcome" => VALUE_FLAGS.to_vec(),
        "moves" => vec![("--position", true), ("--memory", true), ("--all", false)],
        "table" => vec![("--rows", true), ("--cols", true), ("--memory", true)],
        "sequence" => vec![("--to", true), ("--show", true)],
        "tour" => vec![
            ("--closed", false),
            ("--start", true),
            ("--method", true),
            ("--tie-break", true),
            ("--limit", true),
            ("--restarts", true),
            ("--seed", true),
            ("--undirected", false),
        ],
        "graph" => vec![("--limit", true), ("--states", true)],
        "play" => vec![
            ("--reply", false),
            ("--position", true),
            ("--opponent", true),
            ("--seed", true),
            ("--memory", true),
        ],
        _ => return None,
    };
    if matches!(command, "value" | "outcome" | "moves" | "table" | "play") {
        flags.extend(PLACEMENT_RULES);
    }
    flags.push(("--json", false));
    Some(flags)
}

/// The commands a page may run, for messages.
pub const COMMANDS: &str = "value, moves, outcome, table, sequence, tour, graph, play";

/// Whether `command` takes `--memory`.
fn takes_memory(command: &str) -> bool {
    matches!(command, "value" | "outcome" | "moves" | "table" | "play")
}

/// Checks `words` (a command line without the program's name, such as `["value", "knights",
/// "5x5"]`) and returns the arguments to run: the same words with `--json` (and `play
/// --reply`) added and `--memory` set to at most `memory_limit` bytes. The error is a message
/// for the page.
///
/// `graph_file` is where the server wrote the graph a page sent (Node Kayles on a pasted edge
/// list): then the game must be `graph`, and the file's path follows that word. No other
/// `graph` word is accepted, so no page names a file.
pub fn checked_command(
    words: &[String],
    memory_limit: u64,
    graph_file: Option<&Path>,
) -> Result<Vec<String>, String> {
    if words.is_empty() {
        return Err(format!(
            "the command is empty: give its words, for example [\"value\", \"knights\", \"5x5\"] (commands: {COMMANDS})"
        ));
    }
    if words.len() > MAX_WORDS {
        return Err(format!(
            "the command has {} words, more than the {MAX_WORDS} the server takes",
            words.len()
        ));
    }
    for word in words {
        if word.len() > MAX_WORD_BYTES {
            return Err(format!(
                "a word of {} bytes is longer than the {MAX_WORD_BYTES} the server takes: `{}...`",
                word.len(),
                word.chars().take(40).collect::<String>()
            ));
        }
        if word.contains('\0') {
            return Err("a word holds a NUL byte".to_string());
        }
    }
    let command = words[0].as_str();
    let flags = allowed_flags(command).ok_or_else(|| {
        format!("the server does not run `{command}`: the commands it runs are {COMMANDS}")
    })?;
    if command == "tour" && words.get(1).is_some_and(|word| word == "verify") {
        return Err(
            "the server does not run `tour verify`, which reads a file: the page checks the tours it is given by `tour`"
                .to_string(),
        );
    }
    let mut arguments: Vec<String> = Vec::with_capacity(words.len() + 4);
    arguments.push(command.to_string());
    let mut rest = words[1..].iter();
    let mut flags = flags;
    if let Some(path) = graph_file {
        if !matches!(command, "value" | "moves" | "graph")
            || words.get(1).is_none_or(|game| game != "graph")
        {
            return Err(format!(
                "a graph is sent for the game `graph` of value, moves or graph (such as [\"moves\", \"graph\", \"--all\"]), not for `{}`",
                words.join(" ")
            ));
        }
        rest.next();
        arguments.push("graph".to_string());
        arguments.push(path.display().to_string());
        flags.push(("--format", true));
    }
    let mut memory_given = false;
    let mut reply_given = false;
    while let Some(word) = rest.next() {
        for token in word.split_whitespace() {
            if Family::of(token) == Family::Graph {
                return Err(format!(
                    "the server reads no file, so `{token} FILE` cannot be run from the page: send the graph's edges in the request's \"graph\" field, or give a game's pieces and board"
                ));
            }
        }
        if !word.starts_with('-') {
            if graph_file.is_some() {
                return Err(format!(
                    "`{word}`: the game `graph` takes its edges from the request's \"graph\" field, and no other words but options"
                ));
            }
            arguments.push(word.clone());
            continue;
        }
        let (name, inline_value) = match word.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (word.as_str(), None),
        };
        let Some(&(_, takes_value)) = flags.iter().find(|(flag, _)| *flag == name) else {
            let names: Vec<&str> = flags.iter().map(|(flag, _)| *flag).collect();
            return Err(format!(
                "`{command}` from the page takes the options {}, not `{name}`",
                names.join(" ")
            ));
        };
        let value = match (takes_value, inline_value) {
            (false, None) => None,
            (false, Some(_)) => return Err(format!("{name} takes no value")),
            (true, Some(value)) => Some(value),
            (true, None) => Some(
                rest.next()
                    .cloned()
                    .ok_or_else(|| format!("{name} needs a value"))?,
            ),
        };
        match name {
            "--reply" => reply_given = true,
            "--threads" => {
                let cores = std::thread::available_parallelism().map_or(1, usize::from);
                let text = value.as_deref().unwrap_or_default();
                if text.parse::<usize>().is_ok_and(|threads| threads > cores) {
                    return Err(format!(
                        "--threads {text} is more than this machine's {cores} cores: the server runs a request on at most that many"
                    ));
                }
            }
            "--memory" => {
                let text = value.as_deref().unwrap_or_default();
                let bytes = parse_memory(text)?;
                if bytes > memory_limit {
                    return Err(format!(
                        "--memory {text} is more than the server allows one request, {}: start `grundy serve --memory SIZE` to allow more",
                        memory_text(memory_limit)
                    ));
                }
                memory_given = true;
            }
            _ => {}
        }
        if name == "--json" {
            continue;
        }
        arguments.push(name.to_string());
        arguments.extend(value);
    }
    if command == "play" && !reply_given {
        arguments.push("--reply".to_string());
    }
    if takes_memory(command) && !memory_given {
        arguments.push("--memory".to_string());
        arguments.push(memory_limit.to_string());
    }
    arguments.push("--json".to_string());
    Ok(arguments)
}

/// A memory size for people: `1G`, `512M`, or bytes.
pub fn memory_text(bytes: u64) -> String {
    for (shift, suffix) in [(40, 'T'), (30, 'G'), (20, 'M'), (10, 'K')] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{}{suffix}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn a_plain_command_gains_json_and_the_memory_bound() {
        assert_eq!(
            checked_command(&words("value knights 5x5"), 1 << 30, None).unwrap(),
            words("value knights 5x5 --memory 1073741824 --json")
        );
        assert_eq!(
            checked_command(
                &words("play knights 5x5 --position=N..../...../...../...../..... --json"),
                1 << 30,
                None
            )
            .unwrap(),
            words("play knights 5x5 --position N..../...../...../...../..... --reply --memory 1073741824 --json")
        );
        assert_eq!(
            checked_command(&words("play knights 5x5 --opponent random"), 1 << 20, None).unwrap(),
            words("play knights 5x5 --opponent random --reply --memory 1048576 --json")
        );
    }

    #[test]
    fn files_and_unknown_options_are_refused() {
        for (command, needle) in [
            ("value knights 5x5 --svg out.svg", "not `--svg`"),
            ("value knights 5x5 --checkpoint c.txt", "not `--checkpoint`"),
            ("value graph edges.txt", "reads no file"),
            ("moves knights 5x5 + graph e.txt", "reads no file"),
            ("tour verify tour.json", "tour verify"),
            ("bench", "does not run `bench`"),
            (
                "value knights 5x5 --memory 2G",
                "more than the server allows",
            ),
            ("value knights 5x5 --memory", "--memory needs a value"),
            ("moves knights 5x5 --all=yes", "--all takes no value"),
            ("value knights 5x5 --help", "not `--help`"),
            ("value knights 5x5 --threads 100000", "cores"),
            ("", "does not run ``"),
        ] {
            let error = checked_command(&words(command), 1 << 30, None).unwrap_err();
            assert!(error.contains(needle), "{command}: {error}");
        }
        assert!(checked_command(&[], 1 << 30, None)
            .unwrap_err()
            .contains("empty"));
        let long = vec!["value".to_string(), "x".repeat(MAX_WORD_BYTES + 1)];
        assert!(checked_command(&long, 1 << 30, None)
            .unwrap_err()
            .contains("longer"));
    }

    #[test]
    fn a_graph_sent_by_the_page_is_read_from_the_servers_file_only() {
        let file = Path::new("/tmp/sent.txt");
        assert_eq!(
            checked_command(&words("moves graph --all"), 1 << 20, Some(file)).unwrap(),
            words("moves graph /tmp/sent.txt --all --memory 1048576 --json")
        );
        for command in ["moves graph /etc/passwd", "moves knights 5x5", "tour graph"] {
            assert!(
                checked_command(&words(command), 1 << 20, Some(file)).is_err(),
                "{command}"
            );
        }
    }

    #[test]
    fn a_sum_of_games_is_one_word_and_passes() {
        let command = vec![
            "value".to_string(),
            "knights 3x3 + kayles 4".to_string(),
            "--memory=16M".to_string(),
        ];
        assert_eq!(
            checked_command(&command, 1 << 30, None).unwrap(),
            vec![
                "value",
                "knights 3x3 + kayles 4",
                "--memory",
                "16M",
                "--json"
            ]
        );
    }
}
