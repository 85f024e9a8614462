//! `kyodai serve`: the local web board.

use super::{engine_groups, Fail};
use clap::{ArgAction, Args};
use kyodai::serve::{Config, Server};
use kyodai::tournament::engine::parse_settings;

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
    /// Hash table of Kyodai's own engine, in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Search threads of Kyodai's own engine.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// An external engine to offer on the page: name=N cmd=CMD [proto=uci|usi|xboard] [dir=D]
    /// [arg=A ...] [option.NAME=VALUE ...], as for 'kyodai match' (in one argument or several;
    /// repeatable). It is started when first needed; the page chooses its time.
    #[arg(long = "engine", num_args = 1.., action = ArgAction::Append, value_name = "KEY=VALUE")]
    pub engines: Vec<String>,
    /// Print every line sent to (<) and received from (>) the external engines on stderr.
    #[arg(long)]
    pub debug: bool,
}

pub fn run(a: ServeArgs) -> Result<(), Fail> {
    // Every spec is read first, so a typo is reported as such.
    let specs = engine_groups("serve", &a.engines)?
        .iter()
        .map(|e| parse_settings(e, &[]).map_err(|m| Fail(format!("--engine '{}': {m}", e.join(" ")))))
        .collect::<Result<Vec<_>, _>>()?;
    if !["127.0.0.1", "localhost", "::1"].contains(&a.host.as_str()) {
        eprintln!(
            "kyodai: warning: listening on {}: other machines that can reach it can see and play this board",
            a.host
        );
    }
    let addr = if a.host.contains(':') { format!("[{}]:{}", a.host, a.port) } else { format!("{}:{}", a.host, a.port) };
    let cfg =
        Config { hash_mb: a.hash.clamp(1, 65536), threads: a.threads.clamp(1, 256), engines: specs, debug: a.debug };
    let server = Server::bind(&addr, &cfg)?;
    // Ctrl-C (and SIGTERM, SIGHUP): stop answering, end every engine process, exit.
    let stopper = server.stopper();
    ctrlc::set_handler(move || {
        eprintln!("kyodai serve: stopping (engines are being ended)");
        stopper.stop();
    })
    .map_err(|e| Fail(format!("cannot install the Ctrl-C handler: {e}")))?;
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
