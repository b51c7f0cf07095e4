//! The README's examples, run as they are written: every ```console block's `$ grundy ...`
//! commands must print what the README shows. `[..]` stands for any text within a line (times,
//! counts that vary with the threads' timing) and a line `...` for any number of lines left out.
//!
//! A test binary of its own: it runs the commands from the repository's root (where a reader
//! runs them), and the working directory is the whole process's.

#[test]
fn readme_examples_print_what_the_readme_shows() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the README is readable");
    // trycmd turns every backslash a command prints into a slash (it takes them for Windows
    // path separators), so the tables' corner `m\n` must be read the same way in the README.
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let checked = scratch.path().join("README.md");
    std::fs::write(&checked, readme.replace('\\', "/")).expect("the copy is written");
    std::env::set_current_dir(&root).expect("the repository's root exists");
    trycmd::TestCases::new()
        .register_bin("grundy", trycmd::cargo::cargo_bin!("grundy"))
        .case(&checked);
}
