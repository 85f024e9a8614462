//! `kyodai match`: engine-vs-engine games and tournaments refereed by our rules, in
//! cutechess-cli's vocabulary (the command is `match`; `match` is a Rust keyword, hence the
//! file name).

use super::{engine_groups, load_variant, output_file, Fail};
use clap::{ArgAction, Args};
use kyodai::tournament::adjudicate::{Adjudication, DrawRule, ResignRule};
use kyodai::tournament::engine::parse_engine;
use kyodai::tournament::openings::{parse_book, parse_setup, Opening, Order, Source};
use kyodai::tournament::referee::has_draws;
use kyodai::tournament::runner::{jobs, run, KifOut, MatchConfig};
use kyodai::tournament::schedule::parse_shard;
use kyodai::tournament::stats::Sprt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(Args)]
pub struct MatchArgs {
    /// An engine: name=N cmd=CMD [proto=uci|usi|xboard] [dir=D] [arg=A ...] [option.NAME=VALUE ...]
    /// [tc=MOVES/TIME+INC | tc=TIME+INC] [st=SECONDS] [nodes=N] [depth=D] [timemargin=MS]
    /// (repeatable; cmd=builtin:random is a random mover that needs no process).
    #[arg(long = "engine", num_args = 1.., action = ArgAction::Append, value_name = "KEY=VALUE", required = true)]
    engine: Vec<String>,
    /// Settings for every engine (an engine's own settings win), e.g. --each tc=10+0.1 proto=uci.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    each: Vec<String>,
    /// Game name or alias (see 'kyodai variants'), or a game file (*.toml).
    #[arg(long, short, default_value = "chu")]
    variant: String,
    /// Rule option KEY=VALUE (repeatable), as for the other commands.
    #[arg(long = "option", short = 'O', value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Games per encounter and round.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// Rounds: every encounter is played this many times.
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// Play each opening twice with the colours reversed (pairs; --games must be even).
    #[arg(long)]
    repeat: bool,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// file=F [format=lines|fen|pgn|book] [order=random|sequential] [plies=N] [start=N]; format=book
    /// without file=F: the game's built-in book.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    openings: Vec<String>,
    /// Start arrays for Scirocco and Typhoon: 'random' (one per opening, from --seed), a number
    /// or an array spec as in 'kyodai show --setup'.
    #[arg(long, value_name = "random|N|SPEC", conflicts_with = "openings")]
    setup: Option<String>,
    /// Play every game from this handicap start of the game (Chu: two-lions, rook, ...): the
    /// engine playing the second side gives the handicap and moves first; colours alternate
    /// as in any match.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["openings", "setup"])]
    handicap: Option<String>,
    /// Append every finished game to this PGN file.
    #[arg(long, short = 'o', value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pgnout: Option<String>,
    /// Write each finished game as a KIF file in this folder (game-0001.kifu, numbered as the
    /// PGN's Round; shogi games only: Chu, Nutty, Tai Shogi).
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    kifout: Option<String>,
    /// With --kifout: Shift-JIS .kif files instead of UTF-8 .kifu.
    #[arg(long, requires = "kifout")]
    kifout_sjis: bool,
    /// movecount=N score=CP [twosided=true]: a side whose engine scored -CP or worse for N
    /// moves in a row loses.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    resign: Vec<String>,
    /// movenumber=N movecount=N score=CP: a draw after move N when both engines scored
    /// within CP of 0 for N moves each (only games whose rules have draws).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    draw: Vec<String>,
    /// Draw a game still going after N full moves.
    #[arg(long, value_name = "N")]
    maxmoves: Option<u32>,
    /// elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]: stop when the log-likelihood ratio leaves its
    /// bounds (pentanomial model with --repeat).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    sprt: Vec<String>,
    /// round-robin or gauntlet (the first engine against each other one).
    #[arg(long, default_value = "round-robin")]
    tournament: String,
    /// Play only the K-th of N slices of the match (same games, openings and colours as the
    /// whole run); merge the PGN files with 'kyodai pgn stats'.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// Seed of the random choices (openings order, start arrays, random movers). Shards of one
    /// match must use the same seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds an engine may overrun its clock (or st) before it loses on time.
    #[arg(long, default_value_t = 100, value_name = "MS")]
    timemargin: u64,
    /// Seconds to wait for a move no clock bounds (depth or node limits) before the engine
    /// forfeits with a stalled connection (start-up and game set-up get at least 30 s).
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    timeout: u64,
    /// Print every line sent to (<) and received from (>) the engines on stderr.
    #[arg(long)]
    debug: bool,
    /// The PGN Event tag.
    #[arg(long, default_value = "kyodai match")]
    event: String,
    /// The PGN Site tag.
    #[arg(long, default_value = "?")]
    site: String,
}

fn adjudication(a: &MatchArgs, draws: bool, title: &str) -> Result<Adjudication, Fail> {
    let mut adj = Adjudication { maxmoves: a.maxmoves, ..Adjudication::default() };
    if !a.resign.is_empty() {
        adj.resign = Some(ResignRule::parse(&a.resign).map_err(|e| Fail(format!("--resign: {e}")))?);
    }
    if !a.draw.is_empty() {
        if !draws {
            return Err(Fail(format!("--draw: {title} has no draws (use --maxmoves to end long games)")));
        }
        adj.draw = Some(DrawRule::parse(&a.draw).map_err(|e| Fail(format!("--draw: {e}")))?);
    }
    if a.maxmoves == Some(0) {
        return Err(Fail("--maxmoves must be at least 1".into()));
    }
    Ok(adj)
}

/// `--kifout DIR`: the game must have a KIF form, and the folder is made if missing.
fn kifout(a: &MatchArgs, v: &kyodai::game::Game) -> Result<Option<KifOut>, Fail> {
    let Some(dir) = &a.kifout else { return Ok(None) };
    if v.kifu.is_none() {
        return Err(Fail(format!("--kifout: {}", kyodai::kifu::KifuError::NoKifForm { game: v.title.clone() })));
    }
    std::fs::create_dir_all(dir).map_err(|e| Fail(format!("--kifout: cannot make {dir}: {e}")))?;
    let sjis = a.kifout_sjis;
    Ok(Some(KifOut {
        dir: dir.clone(),
        sjis,
        render: std::sync::Arc::new(move |start, rec, cfg| kif_bytes(start, rec, cfg, sjis)),
    }))
}

/// A finished game of the match as the bytes of its KIF file.
fn kif_bytes(
    start: &kyodai::Position,
    rec: &kyodai::tournament::game::GameRecord,
    cfg: &MatchConfig,
    sjis: bool,
) -> Result<Vec<u8>, kyodai::tournament::runner::RenderError> {
    use kyodai::kifu::{encode_sjis, write_kif, KifHeader};
    use kyodai::pgn::today;
    use kyodai::tournament::pgnout::move_comments;
    let moves: Vec<String> = rec.moves.iter().map(|m| m.text.clone()).collect();
    let notes = move_comments(rec);
    let h = KifHeader {
        date: Some(today()),
        event: Some(cfg.event.clone()),
        site: Some(cfg.site.clone()),
        sente: rec.white.clone(),
        gote: rec.black.clone(),
        sjis,
    };
    let text = write_kif(start, &moves, &notes, rec.result, Some(&rec.reason), &h)?;
    if sjis {
        Ok(encode_sjis(&text)?)
    } else {
        Ok(text.into_bytes())
    }
}

fn config(a: &MatchArgs) -> Result<MatchConfig, Fail> {
    let variant = load_variant(&a.variant, &a.options)?;
    let variant_file = match kyodai::variant::is_game_file(&a.variant) {
        true => Some(std::fs::canonicalize(&a.variant)?.to_string_lossy().into_owned()),
        false => None,
    };
    let engines =
        engine_groups("match", &a.engine)?.iter().map(|e| parse_engine(e, &a.each)).collect::<Result<Vec<_>, _>>()?;
    if engines.len() < 2 {
        return Err(Fail("a match needs at least two --engine".into()));
    }
    for (i, e) in engines.iter().enumerate() {
        if engines[..i].iter().any(|x| x.name == e.name) {
            return Err(Fail(format!("two engines are named '{}': give each a name=", e.name)));
        }
    }
    if a.games == 0 || a.rounds == 0 || a.concurrency == 0 {
        return Err(Fail("--games, --rounds and --concurrency must be at least 1".into()));
    }
    if a.repeat && a.games % 2 == 1 {
        return Err(Fail("--repeat plays openings in pairs: --games must be even".into()));
    }
    let sprt = if a.sprt.is_empty() { None } else { Some(Sprt::parse(&a.sprt)?) };
    if sprt.is_some() && engines.len() > 2 {
        return Err(Fail("--sprt needs exactly two engines".into()));
    }
    let source = match (&a.setup, a.openings.is_empty(), &a.handicap) {
        (Some(s), _, _) => parse_setup(&variant, s)?,
        (None, false, _) => parse_book(&variant, &a.openings)?,
        (None, true, Some(h)) => {
            let fen = Some(variant.handicap_fen(h)?);
            Source::Book { openings: vec![Opening { fen, moves: Vec::new() }], order: Order::Sequential, start: 0 }
        }
        (None, true, None) => Source::Standard,
    };
    let kifout = kifout(a, &variant)?;
    Ok(MatchConfig {
        adjudication: adjudication(a, has_draws(&variant), &variant.title)?,
        variant,
        variant_file,
        engines,
        kind: a.tournament.parse()?,
        games: a.games,
        rounds: a.rounds,
        repeat: a.repeat,
        concurrency: a.concurrency,
        source,
        pgnout: output_file("-o/--pgnout", a.pgnout.as_deref())?.map(str::to_owned),
        kifout,
        sprt,
        shard: a.shard.as_deref().map(parse_shard).transpose()?,
        seed: a.seed,
        timemargin: Duration::from_millis(a.timemargin),
        timeout: Duration::from_secs(a.timeout.max(1)),
        debug: a.debug,
        event: a.event.clone(),
        site: a.site.clone(),
    })
}

/// A match that plays an opening more than once counts the same game twice when the engines
/// are limited by nodes or depth (they replay it move for move), and nearly so at a clock: the
/// Elo margin then claims more certainty than the games give. Said before the first game.
fn warn_reused_openings(cfg: &MatchConfig) {
    let slots = jobs(cfg).0.iter().map(|j| j.slot + 1).max().unwrap_or(0);
    if cfg.source.reused(slots) {
        eprintln!(
            "kyodai match: warning: {slots} opening slots but {} different openings: some are played again, \
             and engines limited by nodes or depth replay the same games, which the Elo margin counts as new \
             (add openings, or lower --rounds)",
            cfg.source.distinct()
        );
    }
}

pub fn run_match(a: MatchArgs) -> Result<(), Fail> {
    let cfg = config(&a)?;
    warn_reused_openings(&cfg);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    // Ctrl-C (and SIGTERM, SIGHUP: ctrlc's `termination` feature): stop starting games, drop
    // the running ones, end every engine, keep the PGN.
    ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            eprintln!("kyodai match: stopping (engines are being ended)");
        }
    })
    .map_err(|e| Fail(format!("cannot install the Ctrl-C handler: {e}")))?;
    let mut out = std::io::stdout();
    run(&cfg, stop, &mut out)?;
    Ok(())
}
