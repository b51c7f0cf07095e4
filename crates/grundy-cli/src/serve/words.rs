//! The commands a page may run: the words of a `grundy` command line, parsed by the command
//! line's own parser (clap) and checked on what it parsed before anything runs. Only the
//! answering commands are allowed, with no option that names a file and no game read from a
//! file, within the server's memory bound; the values themselves are then checked by the same
//! parsers as on the command line, in the process that runs them.
//!
//! The decision is made on the parsed command, never on the position of a word: the words the
//! server adds (`--json`, `--memory`, `play --reply`, the name of a graph the page sent) are
//! added first, and the whole command line is then parsed again and checked as the process
//! that runs it will read it.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches};

use crate::{Cli, Command};

/// The most words a command may have (a sum of games or a long heap list fits easily).
pub const MAX_WORDS: usize = 256;
/// The longest word: a position of the largest board (512 squares, or 484 and 21 slashes) fits.
pub const MAX_WORD_BYTES: usize = 1024;

/// What one entry of `graph`'s count of terminal positions takes, measured with the default
/// `--states` (4,000,000 entries) on knights 16x32: about 1.24 GB, so about 310 bytes, rounded
/// up. The page's `--states` is bounded by the server's `--memory` through it.
const BYTES_PER_TERMINAL_STATE: u64 = 320;

/// The commands a page may run, for messages.
pub const COMMANDS: &str = "value, moves, outcome, table, sequence, tour, graph, play";

/// The name of the graph a page sent, in the folder where its command runs: a relative name,
/// so that no message or answer shows where the server keeps its files.
pub const SENT_GRAPH_FILE: &str = "sent-graph.txt";

/// Checks `words` (a command line without the program's name, such as `["value", "knights",
/// "5x5"]`) and returns the arguments to run: the same words with `--json` (and `play
/// --reply`) added when they are missing and `--memory` set to at most `memory_limit` bytes.
/// The error is a message for the page.
///
/// `graph_sent`: the page sent a graph (Node Kayles on a pasted edge list), which the server
/// writes to [`SENT_GRAPH_FILE`] in the folder the command runs in. Then the game must be
/// `graph` with no file named, and the server names its file. No other game read from a file
/// is accepted, so no page names a file.
pub fn checked_command(
    words: &[String],
    memory_limit: u64,
    graph_sent: bool,
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
    // The page plays one reply at a time, and `play`'s --position and --json need --reply.
    let mut words = words.to_vec();
    if words[0] == "play" && !words.iter().any(|word| word == "--reply") {
        words.push("--reply".to_string());
    }
    let given = Parsed::of(&words)?;
    given.refuse_commands_not_run()?;
    given.refuse_files()?;
    given.refuse_graph_files(graph_sent.then_some(&[]))?;

    let mut arguments = words.clone();
    if graph_sent {
        arguments.push(SENT_GRAPH_FILE.to_string());
    }
    if !given.flag("json") {
        arguments.push("--json".to_string());
    }
    if given.takes("memory") && given.source("memory") != Some(ValueSource::CommandLine) {
        arguments.push("--memory".to_string());
        arguments.push(memory_limit.to_string());
    }
    let states_limit = memory_limit / BYTES_PER_TERMINAL_STATE;
    if given.takes("states") && given.source("states") != Some(ValueSource::CommandLine) {
        let default = given.leaf.matches.get_one::<usize>("states").copied();
        let states = default.map_or(states_limit, |default| (default as u64).min(states_limit));
        arguments.push("--states".to_string());
        arguments.push(states.to_string());
    }

    // What runs is what is checked: the whole command line, parsed as the command will parse it.
    let run = Parsed::of(&arguments)?;
    run.refuse_commands_not_run()?;
    run.refuse_files()?;
    run.refuse_graph_files(graph_sent.then_some(&[SENT_GRAPH_FILE]))?;
    if !run.flag("json") {
        return Err(format!(
            "`{}` would not answer in JSON as the page needs (is `--json` after a `--`?)",
            words.join(" ")
        ));
    }
    if run.leaf.name == "play" && !run.flag("reply") {
        return Err("the page plays one reply at a time: `play` runs with --reply".to_string());
    }
    if run.takes("memory") {
        let bytes = run
            .leaf
            .matches
            .get_one::<u64>("memory")
            .copied()
            .unwrap_or(u64::MAX);
        if bytes > memory_limit {
            return Err(format!(
                "--memory {} is more than the server allows one request, {}: start `grundy serve --memory SIZE` to allow more",
                memory_text(bytes),
                memory_text(memory_limit)
            ));
        }
    }
    if run.takes("states") {
        let states = run
            .leaf
            .matches
            .get_one::<usize>("states")
            .copied()
            .unwrap_or(usize::MAX);
        if states as u64 > states_limit {
            return Err(format!(
                "--states {states} is more than the server allows one request, {states_limit} (about {BYTES_PER_TERMINAL_STATE} bytes each within its --memory {}): start `grundy serve --memory SIZE` to allow more",
                memory_text(memory_limit)
            ));
        }
    }
    if let Some(&threads) = run
        .leaf
        .matches
        .try_get_one::<u32>("threads")
        .ok()
        .flatten()
    {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        if usize::try_from(threads).is_ok_and(|threads| threads > cores) {
            return Err(format!(
                "--threads {threads} is more than this machine's {cores} cores: the server runs a request on at most that many"
            ));
        }
    }
    Ok(arguments)
}

/// A command line as clap parsed it: the command, and its innermost subcommand's matches
/// (`tour exists`'s, or `value`'s).
struct Parsed {
    command: Command,
    leaf: Leaf,
}

/// The innermost subcommand a command line names, with its path (`tour exists`).
struct Leaf {
    name: String,
    path: String,
    matches: ArgMatches,
    /// The ids of the subcommand's options and arguments, as its definition has them.
    ids: Vec<String>,
}

impl Parsed {
    fn of(words: &[String]) -> Result<Parsed, String> {
        let argv =
            std::iter::once(OsString::from("grundy")).chain(words.iter().map(OsString::from));
        let matches = Cli::command()
            .color(clap::ColorChoice::Never)
            .try_get_matches_from(argv)
            .map_err(|error| match error.kind() {
                clap::error::ErrorKind::DisplayHelp
                | clap::error::ErrorKind::DisplayVersion
                | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => format!(
                    "the page shows no --help or --version: the commands and their options are in docs/WEB.md and `grundy --help` (commands: {COMMANDS})"
                ),
                _ => {
                    let text = error.to_string();
                    let text = text.trim();
                    text.strip_prefix("error: ").unwrap_or(text).to_string()
                }
            })?;
        let command = Cli::from_arg_matches(&matches)
            .map_err(|error| error.to_string())?
            .command;
        let mut path = Vec::new();
        let mut definition = Cli::command();
        let mut leaf = (String::new(), &matches);
        while let Some((name, matches)) = leaf.1.subcommand() {
            path.push(name.to_string());
            definition = definition
                .find_subcommand(name)
                .cloned()
                .ok_or_else(|| format!("`{name}` is no subcommand"))?;
            leaf = (name.to_string(), matches);
        }
        Ok(Parsed {
            command,
            leaf: Leaf {
                name: leaf.0,
                path: path.join(" "),
                matches: leaf.1.clone(),
                ids: definition
                    .get_arguments()
                    .map(|argument| argument.get_id().to_string())
                    .collect(),
            },
        })
    }

    /// Refuses every command but the answering ones, and `tour verify`, which reads a file.
    fn refuse_commands_not_run(&self) -> Result<(), String> {
        let refused = match &self.command {
            Command::Value(_)
            | Command::Outcome(_)
            | Command::Moves(_)
            | Command::Table(_)
            | Command::Sequence(_)
            | Command::Graph(_)
            | Command::Play(_) => None,
            Command::Tour(_) if self.leaf.name == "verify" => Some(
                "the server does not run `tour verify`, which reads a file: the page checks the tours it is given by `tour`"
                    .to_string(),
            ),
            Command::Tour(_) => None,
            Command::Bench(_)
            | Command::Check(_)
            | Command::Conjecture(_)
            | Command::Serve(_)
            | Command::Worker(_) => Some(format!(
                "the server does not run `{}`: the commands it runs are {COMMANDS}",
                self.leaf.path.split(' ').next().unwrap_or_default()
            )),
        };
        refused.map_or(Ok(()), Err)
    }

    /// Refuses every option given a file's path (`--svg`, `--checkpoint`, and any other whose
    /// value clap reads as a path), whatever its place on the line.
    fn refuse_files(&self) -> Result<(), String> {
        let matches = &self.leaf.matches;
        for id in matches.ids() {
            let id = id.as_str();
            if matches.value_source(id) != Some(ValueSource::CommandLine) {
                continue;
            }
            if let Ok(Some(mut paths)) = matches.try_get_many::<PathBuf>(id) {
                let path = paths.next().map(|path| path.display().to_string());
                return Err(format!(
                    "the server reads and writes no file, so `{} --{} {}` cannot be run from the page (the picture is drawn by the page itself)",
                    self.leaf.path,
                    id.replace('_', "-"),
                    path.unwrap_or_default()
                ));
            }
        }
        Ok(())
    }

    /// Refuses a game read from a file (`graph FILE`, alone or in a sum), except the graph the
    /// page sent: `sent` is what must follow the game `graph` then (nothing in the page's
    /// words, the server's [`SENT_GRAPH_FILE`] once it is added), and `None` when the page
    /// sent no graph.
    fn refuse_graph_files(&self, sent: Option<&[&str]>) -> Result<(), String> {
        let matches = &self.leaf.matches;
        let mut graph_words = 0;
        for id in matches.ids() {
            let Ok(Some(values)) = matches.try_get_raw(id.as_str()) else {
                continue;
            };
            for value in values {
                graph_words += value
                    .to_string_lossy()
                    .split_whitespace()
                    .filter(|token| token.eq_ignore_ascii_case("graph"))
                    .count();
            }
        }
        let Some(sent) = sent else {
            return if graph_words == 0 {
                Ok(())
            } else {
                Err("the server reads no file, so `graph FILE` cannot be run from the page: send the graph's edges in the request's \"graph\" field, or give a game's pieces and board".to_string())
            };
        };
        let takes_graphs = matches!(
            self.command,
            Command::Value(_) | Command::Moves(_) | Command::Graph(_)
        );
        let game = matches.try_get_one::<String>("game").ok().flatten();
        let files: Vec<&str> = matches
            .try_get_many::<String>("args")
            .ok()
            .flatten()
            .map(|files| files.map(String::as_str).collect())
            .unwrap_or_default();
        if takes_graphs
            && graph_words == 1
            && game.is_some_and(|game| game.trim().eq_ignore_ascii_case("graph"))
            && files == sent
        {
            Ok(())
        } else {
            Err(format!(
                "a graph is sent for the game `graph` alone of value, moves or graph, with no other words but options (such as [\"moves\", \"graph\", \"--all\"]), not for `{}`",
                self.leaf.path
            ))
        }
    }

    /// Whether the innermost subcommand has the option `id` (`--memory`).
    fn takes(&self, id: &str) -> bool {
        self.leaf.ids.iter().any(|known| known == id)
    }

    /// Where the value of `id` came from, if the command has it.
    fn source(&self, id: &str) -> Option<ValueSource> {
        if self.takes(id) {
            self.leaf.matches.value_source(id)
        } else {
            None
        }
    }

    /// Whether the flag `id` is set (false when the command has no such flag).
    fn flag(&self, id: &str) -> bool {
        self.leaf
            .matches
            .try_get_one::<bool>(id)
            .ok()
            .flatten()
            .copied()
            .unwrap_or(false)
    }
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

    fn refusal(text: &str) -> String {
        checked_command(&words(text), 1 << 30, false)
            .expect_err(text)
            .to_string()
    }

    #[test]
    fn a_plain_command_gains_json_and_the_memory_bound() {
        assert_eq!(
            checked_command(&words("value knights 5x5"), 1 << 30, false).unwrap(),
            words("value knights 5x5 --json --memory 1073741824")
        );
        assert_eq!(
            checked_command(
                &words("play knights 5x5 --position=N..../...../...../...../..... --json"),
                1 << 30,
                false
            )
            .unwrap(),
            words("play knights 5x5 --position=N..../...../...../...../..... --json --reply --memory 1073741824")
        );
        assert_eq!(
            checked_command(&words("value knights 5x5 --memory=16M"), 1 << 30, false).unwrap(),
            words("value knights 5x5 --memory=16M --json")
        );
        assert_eq!(
            checked_command(&words("tour exists 5x5"), 1 << 30, false).unwrap(),
            words("tour exists 5x5 --json")
        );
    }

    /// The commands the page runs (their subcommand's path and the rest of a line that
    /// parses): every option of theirs that takes a file is tried on them.
    const RUN: [(&str, &str); 10] = [
        ("value", "knights 3x3"),
        ("outcome", "knights 3x3"),
        ("moves", "knights 3x3"),
        ("table", "knights"),
        ("sequence", "kayles"),
        ("tour", "5x5"),
        ("tour exists", "5x5"),
        ("tour count", "3x4"),
        ("graph", "knights 3x3"),
        ("play", "knights 3x3 --reply"),
    ];

    fn subcommand(path: &str) -> clap::Command {
        let mut command = Cli::command();
        for name in path.split(' ') {
            command = command.find_subcommand(name).cloned().expect(name);
        }
        command
    }

    #[test]
    fn every_option_that_takes_a_file_is_refused_wherever_it_stands() {
        let mut tried = 0;
        for (path, rest) in RUN {
            for argument in subcommand(path).get_arguments() {
                let takes_file = argument.get_value_names().is_some_and(|names| {
                    names
                        .iter()
                        .any(|name| name.to_ascii_uppercase().contains("FILE"))
                });
                let Some(long) = argument.get_long().filter(|_| takes_file) else {
                    continue;
                };
                for text in [
                    format!("{path} {rest} --{long} /etc/hostname"),
                    format!("{path} {rest} --{long}=/etc/hostname"),
                    format!("{path} --{long} /etc/hostname {rest}"),
                    format!("{path} --json --{long} /etc/hostname {rest}"),
                ] {
                    let message = refusal(&text);
                    assert!(message.contains("no file"), "{text}: {message}");
                    tried += 1;
                }
            }
        }
        // --svg of value, moves, table, sequence, tour, graph; --checkpoint of value, outcome.
        assert_eq!(tried, 4 * 8);
    }

    #[test]
    fn tour_verify_is_refused_whatever_stands_before_it() {
        for text in [
            "tour verify /etc/shadow",
            "tour --json verify /etc/shadow",
            "tour --closed verify /etc/shadow",
            "tour verify --json /etc/shadow",
            "tour verify /etc/shadow --closed",
        ] {
            let message = refusal(text);
            assert!(
                message.contains("tour verify") || message.contains("cannot be used with"),
                "{text}: {message}"
            );
        }
    }

    #[test]
    fn other_commands_and_help_are_refused() {
        for (text, needle) in [
            ("bench", "does not run `bench`"),
            ("check corner-knight", "does not run `check`"),
            (
                "conjecture parity knights 3x3..4x4",
                "does not run `conjecture`",
            ),
            ("serve", "does not run `serve`"),
            ("value knights 5x5 --help", "no --help"),
            ("help value", "no --help"),
            ("--version", "no --help"),
            ("value knights 5x5 --bogus", "--bogus"),
            (
                "value knights 5x5 --memory 2G",
                "more than the server allows",
            ),
            ("value knights 5x5 --memory", "--memory"),
            ("moves knights 5x5 --all=yes", "--all"),
            ("value knights 5x5 --threads 100000", "100000"),
        ] {
            let message = refusal(text);
            assert!(message.contains(needle), "{text}: {message}");
        }
        assert!(checked_command(&[], 1 << 30, false)
            .unwrap_err()
            .contains("empty"));
        let long = vec!["value".to_string(), "x".repeat(MAX_WORD_BYTES + 1)];
        assert!(checked_command(&long, 1 << 30, false)
            .unwrap_err()
            .contains("longer"));
    }

    #[test]
    fn no_game_is_read_from_a_file_however_it_is_written() {
        for text in [
            "value graph /etc/passwd",
            "value GRAPH /etc/passwd",
            "moves knights 5x5 + graph /etc/passwd",
            "value knights 3x3 + Graph /etc/passwd --json",
            "graph graph /etc/passwd",
        ] {
            assert!(refusal(text).contains("no file"), "{text}");
        }
        let quoted = vec![
            "value".to_string(),
            "knights 3x3 + graph /etc/passwd".to_string(),
        ];
        assert!(checked_command(&quoted, 1 << 30, false)
            .unwrap_err()
            .contains("no file"));
    }

    #[test]
    fn words_after_a_double_dash_do_not_smuggle_an_option() {
        let message = refusal("value knights -- 5x5");
        assert!(message.contains("JSON"), "{message}");
    }

    #[test]
    fn a_graph_sent_by_the_page_is_read_from_the_servers_file_only() {
        assert_eq!(
            checked_command(&words("moves graph --all"), 1 << 20, true).unwrap(),
            words("moves graph --all sent-graph.txt --json --memory 1048576")
        );
        for text in [
            "moves graph /etc/passwd",
            "moves graph sent-graph.txt",
            "moves knights 5x5",
            "moves graph + graph",
            "tour 5x5",
            "play graph 3x3",
            "moves graph -- --all",
        ] {
            assert!(
                checked_command(&words(text), 1 << 20, true).is_err(),
                "{text}"
            );
        }
    }

    #[test]
    fn graphs_count_within_the_servers_memory() {
        // 1G allows 3,355,443 entries of 320 bytes, fewer than the command line's 4,000,000.
        assert_eq!(
            checked_command(&words("graph knights 4x4"), 1 << 30, false).unwrap(),
            words("graph knights 4x4 --json --states 3355443")
        );
        assert_eq!(
            checked_command(&words("graph knights 4x4 --states 1000"), 1 << 30, false).unwrap(),
            words("graph knights 4x4 --states 1000 --json")
        );
        let message = refusal("graph knights 16x32 --states 100000000000");
        assert!(message.contains("more than the server allows"), "{message}");
    }

    #[test]
    fn a_sum_of_games_is_one_word_and_passes() {
        let command = vec![
            "value".to_string(),
            "knights 3x3 + kayles 4".to_string(),
            "--memory=16M".to_string(),
        ];
        assert_eq!(
            checked_command(&command, 1 << 30, false).unwrap(),
            vec!["value", "knights 3x3 + kayles 4", "--memory=16M", "--json"]
        );
    }
}
