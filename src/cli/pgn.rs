//! `kyodai pgn stats FILE...`: the standings, Elo, LOS and SPRT of finished games read back
//! from PGN or KIF files (for instance the shards of one match).

use super::{load_variant, Fail};
use crate::outln;
use clap::{Args, Subcommand};
use kyodai::kifu::read_games;
use kyodai::tournament::standings::Standings;
use kyodai::tournament::stats::Sprt;
use std::collections::HashSet;

#[derive(Args)]
pub struct PgnArgs {
    #[command(subcommand)]
    command: PgnCommand,
}

#[derive(Subcommand)]
enum PgnCommand {
    /// Recompute the standings (score, Elo, LOS, draw ratio, pairs, SPRT) from PGN files.
    #[command(after_help = "Games with the same Pair tag (written by 'kyodai match --repeat') count as pairs\n\
for the pentanomial SPRT. Unfinished games ('*') are skipped.\n\nExample:\n  \
kyodai pgn stats part1.pgn part2.pgn part3.pgn --sprt elo0=0 elo1=10")]
    Stats {
        /// PGN or KIF files (all games of all files are counted together).
        #[arg(required = true)]
        files: Vec<String>,
        /// The game of KIF records whose 手合割 line names none Kyodai knows.
        #[arg(long, short)]
        variant: Option<String>,
        /// elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05].
        #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
        sprt: Vec<String>,
    },
}

pub fn run(a: PgnArgs) -> Result<(), Fail> {
    let PgnCommand::Stats { files, sprt, variant } = a.command;
    let variant = variant.map(|v| load_variant(&v, &[])).transpose()?;
    let sprt = if sprt.is_empty() { None } else { Some(Sprt::parse(&sprt)?) };
    let mut st = Standings::default();
    let (mut counted, mut skipped) = (0, 0);
    let mut seen = HashSet::new();
    let mut repeats = 0;
    for f in &files {
        let bytes = std::fs::read(f).map_err(|e| Fail(format!("cannot read {f}: {e}")))?;
        let game = variant.as_ref().map(|v| &v.variant);
        for g in read_games(f, &bytes, game).map_err(|e| Fail(format!("{f}: {e}")))? {
            let (w, b) = (g.tag("White").unwrap_or("?"), g.tag("Black").unwrap_or("?"));
            match st.add(w, b, g.stated_result(), g.tag("Pair")) {
                Some(_) => counted += 1,
                None => skipped += 1,
            }
            let key =
                (w.to_owned(), b.to_owned(), g.tag("Variant").map(str::to_owned), g.tag("FEN").map(str::to_owned));
            if !seen.insert((key, g.moves)) {
                repeats += 1;
            }
        }
    }
    outln!("Games: {counted} finished, {skipped} unfinished (skipped), from {} file(s)", files.len());
    if repeats > 0 {
        // Deterministic engines replay a game whenever a line or array leads to a position
        // played before; such a game adds no information, and the error bar below overstates
        // what was measured.
        outln!(
            "Repeats: {repeats} of the {} games repeat an earlier one move for move (same players, start and \
             moves): the error bar counts them as new games",
            counted + skipped
        );
    }
    for e in &st.encounters {
        for l in e.report(sprt.as_ref()) {
            outln!("{l}");
        }
        if let Some(s) = &sprt {
            match e.sprt_verdict(s) {
                Some(true) => outln!("SPRT: H1 was accepted"),
                Some(false) => outln!("SPRT: H0 was accepted"),
                None => outln!("SPRT: no decision yet"),
            }
        }
    }
    if st.names.len() > 2 {
        for l in st.table() {
            outln!("{l}");
        }
    }
    Ok(())
}
