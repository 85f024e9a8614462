//! `kyodai serve`: the local web board.

use super::Fail;
use clap::Args;
use kyodai::serve::engine::EngineSpec;
use kyodai::serve::{Config, Server};

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on. Anything but localhost lets other machines play on this board.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on; 0 picks a free one (the URL is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the system's browser.
    #[arg(long)]
    pub open: bool,
    /// Hash table of the engine, in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Search threads of the engine.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// An external engine 'name=X cmd=Y proto=uci|usi|xboard' (repeatable; not available yet).
    #[arg(long = "engine", value_name = "SPEC")]
    pub engines: Vec<String>,
}

pub fn run(a: ServeArgs) -> Result<(), Fail> {
    // Every spec is read first, so a typo is reported as such.
    let specs = a
        .engines
        .iter()
        .map(|e| e.parse::<EngineSpec>().map_err(|m| Fail(format!("--engine '{e}': {m}"))))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(spec) = specs.first() {
        return Err(Fail(format!(
            "--engine {}: playing external engines on the board needs the protocol clients of \
             'kyodai match', which are not part of this build yet",
            spec.name
        )));
    }
    if !["127.0.0.1", "localhost", "::1"].contains(&a.host.as_str()) {
        eprintln!(
            "kyodai: warning: listening on {}: other machines that can reach it can see and play this board",
            a.host
        );
    }
    let addr = if a.host.contains(':') { format!("[{}]:{}", a.host, a.port) } else { format!("{}:{}", a.host, a.port) };
    let server = Server::bind(&addr, &Config { hash_mb: a.hash.clamp(1, 65536), threads: a.threads.clamp(1, 256) })?;
    let bound = server.addr();
    let host = if bound.ip().is_unspecified() { "127.0.0.1".to_string() } else { bound.ip().to_string() };
    let url = if bound.is_ipv6() {
        format!("http://[{host}]:{}/", bound.port())
    } else {
        format!("http://{host}:{}/", bound.port())
    };
    println!("Kyodai board: {url}  (Ctrl-C stops the server)");
    if a.open {
        open_browser(&url);
    }
    server.run();
    Ok(())
}

/// Launches the system's browser on `url`, if one can be found.
fn open_browser(url: &str) {
    let tries: &[(&str, &[&str])] = if cfg!(target_os = "macos") {
        &[("open", &[])]
    } else if cfg!(windows) {
        &[("cmd", &["/C", "start", ""])]
    } else {
        &[("xdg-open", &[]), ("sensible-browser", &[]), ("x-www-browser", &[])]
    };
    for (cmd, args) in tries {
        let spawned = std::process::Command::new(cmd)
            .args(*args)
            .arg(url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if spawned.is_ok() {
            return;
        }
    }
    eprintln!("kyodai: could not open a browser; open {url} by hand");
}
