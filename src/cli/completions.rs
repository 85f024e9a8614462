//! `kyodai completions SHELL` and `kyodai manpage`: shell completion scripts and man pages,
//! generated from the same clap definitions as `--help`, so they always match the arguments.

use super::Fail;
use clap::Args;
use clap_complete::Shell;
use std::io::Write;
use std::path::Path;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

#[derive(Args)]
pub struct ManpageArgs {
    /// Write one page per command into DIR (kyodai.1, kyodai-match.1, kyodai-book-build.1, ...;
    /// DIR is created) instead of printing one page on stdout.
    #[arg(long, short = 'o', value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    output: Option<String>,
    /// Print the page of this command instead of kyodai(1), e.g. 'match' or 'book build'.
    #[arg(value_name = "COMMAND", conflicts_with = "output")]
    command: Vec<String>,
}

/// `kyodai completions SHELL`: the script on stdout (`cmd` is the whole command line).
pub fn run_completions(a: CompletionsArgs, mut cmd: clap::Command) -> Result<(), Fail> {
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "kyodai", &mut script);
    write_stdout(&script)
}

/// `kyodai manpage [-o DIR] [COMMAND ...]`.
pub fn run_manpage(a: ManpageArgs, cmd: clap::Command) -> Result<(), Fail> {
    // The implicit `help` command has no page of its own (`--help` is on every page).
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    let Some(dir) = &a.output else {
        let mut page = Vec::new();
        page_of(find(&cmd, &a.command)?).render(&mut page)?;
        return write_stdout(&page);
    };
    let dir = Path::new(dir);
    std::fs::create_dir_all(dir).map_err(|e| Fail(format!("cannot create {}: {e}", dir.display())))?;
    let mut written = 0;
    write_pages(&cmd, dir, &mut written)?;
    crate::outln!("{written} pages written to {} (read them with: man kyodai)", dir.display());
    Ok(())
}

/// The subcommand `path` names (`["book", "build"]`), or `cmd` itself for an empty path.
fn find(cmd: &clap::Command, path: &[String]) -> Result<clap::Command, Fail> {
    let mut at = cmd;
    for word in path {
        at = at.find_subcommand(word).ok_or_else(|| {
            let names: Vec<&str> = at.get_subcommands().map(clap::Command::get_name).collect();
            let list = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            Fail(format!("'{}' has no command '{word}' (its commands: {list})", at.get_bin_name().unwrap_or("kyodai")))
        })?;
    }
    Ok(at.clone())
}

/// The page of one (built) command. Every page names the program and version in its footer
/// (clap_mangen would give a subcommand's own name and no version), and is dated the day it is
/// made: an empty date would leave a hole in the `.TH` line, and the source and manual names
/// would slide into the date's place.
fn page_of(cmd: clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd)
        .date(kyodai::pgn::today().replace('.', "-"))
        .source(format!("kyodai {}", env!("CARGO_PKG_VERSION")))
        .manual("Kyodai Manual")
}

/// Writes the page of `cmd` and of each of its visible commands, depth first.
fn write_pages(cmd: &clap::Command, dir: &Path, written: &mut usize) -> Result<(), Fail> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, dir, written)?;
    }
    let man = page_of(cmd.clone());
    let path = dir.join(man.get_filename());
    let mut page = Vec::new();
    man.render(&mut page)?;
    std::fs::write(&path, page).map_err(|e| Fail(format!("cannot write {}: {e}", path.display())))?;
    *written += 1;
    Ok(())
}

/// Whole output at once; a closed stdout (`| head`) ends quietly, as `outln!` does.
fn write_stdout(bytes: &[u8]) -> Result<(), Fail> {
    let mut out = std::io::stdout().lock();
    if out.write_all(bytes).and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
    Ok(())
}
