//! The game rules that are not piece moves: the `[rules]`, `[promotion]` and `[fen]` tables of
//! a data file, read as they are (serde), with no copying into another shape.

use serde::Deserialize;

/// How the second player's owner-relative directions are obtained from the first player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Orientation {
    /// Turned through 180 degrees (shogi).
    Rotate,
    /// Reflected across the middle rank (Bigorra: both Kings on the same file).
    Mirror,
}

/// What makes a move illegal beyond its geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Legality {
    /// A move that leaves the mover's royal attacked is illegal; checkmate wins (Bigorra).
    Check,
    /// Moving into attack is legal; the game is won by capturing every enemy royal.
    RoyalCapture,
}

/// The result for a side to move without a legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoMoves {
    /// Stalemate is a draw; with `Legality::Check`, checkmate loses.
    StalemateDraws,
    /// Having no legal move loses.
    Loses,
}

/// The repetition rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// The third occurrence of a position draws (chess).
    DrawThird,
    /// Repeating is legal; the fourth occurrence of a position ends the game as a draw (Tai
    /// option `repetition = "draw-fourth"`, the rules page's REPETITION_FOURFOLD_DRAW).
    DrawFourth,
    /// A move that recreates any earlier position with the same side to move is illegal
    /// (HaChu's Chu Shogi default).
    ForbidRepeat,
    /// A move that would produce a position for the third time in the game is illegal; nothing
    /// is ever drawn by repetition (Scirocco).
    ForbidThird,
    /// Nutty Shogi (`docs/rules/nutty.md` §7.3): the first repetition ends the game; perpetual check
    /// loses, then perpetual chase loses, then no attacks draws, else the side that completed
    /// the repetition loses (`rules::repetition`).
    FirstRepetition,
    /// lishogi's Chu Shogi (`docs/rules/chu.md` §14.5): repeating is legal; the fourth
    /// occurrence (counted once 13 positions were played since the last irreversible move)
    /// draws, unless exactly one side made only attacking moves since the first occurrence:
    /// that side loses.
    FourthAttackerLoses,
}

impl Repetition {
    /// Whether the rule forbids moves (rather than ending the game).
    pub fn forbids_moves(self) -> bool {
        matches!(self, Repetition::ForbidRepeat | Repetition::ForbidThird)
    }
}

/// When a move offers promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionRule {
    /// Compulsory when a move ends on the last `zone` ranks (Bigorra: the last rank).
    Arrival,
    /// Chu Shogi (HaChu "promote on entry"): a non-capture entering the zone, or a capture that
    /// starts or ends in it.
    ShogiEntry,
    /// Any own move that starts or ends in the zone; optional except where the piece's
    /// `forced_promotion_ranks` force it (Scirocco; ShogiVar's rule of Dai and Tenjiku).
    StartOrEnd,
    /// Compulsory for every move that captures, anywhere; there is no zone (Tai Shogi).
    Capture,
}

/// How a promotion is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PromotionText {
    /// A yes/no choice written `+` (shogi).
    Plus,
    /// Forced and unique: nothing written; input may add the target ID (`d14d16q`).
    Implicit,
    /// Forced by the move itself (Tai Shogi: every capture promotes): nothing written; input
    /// may add `+` to a promoting move.
    Silent,
}

/// Extra FEN fields after the side to move, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FenField {
    /// Bigorra King-leap rights: `Kk`, `K`, `k`, `-`.
    LeapRights,
    /// En-passant square or `-`.
    EnPassant,
    /// Chu Shogi counter-strike square (lion-capture rule B) or `-`.
    CounterStrike,
    /// Castling rights: `KQkq`, a subset, or `-` (the `[castling]` table's right letters).
    CastlingRights,
    /// The halfmove clock: plies since the last capture, promotion or clock-resetting move.
    Halfmove,
    /// The move number, from 1.
    Fullmove,
}

/// The `[rules]` table: how the game is won, drawn and lost, and what is illegal. The keys its
/// `settable` list names (read by `options.rs`) can be overridden with `--option KEY=VALUE`.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// How Black's directions follow from White's: a rotated board (the shogi games) or a mirrored
    /// one (Bigorra).
    pub orientation: Orientation,
    /// What makes a move illegal beyond its geometry (leaving the royal in check, or nothing).
    pub legality: Legality,
    /// Whether a side without a legal move loses, or is checkmated or stalemated.
    pub no_moves: NoMoves,
    /// Whether repeating a position is forbidden, or ends the game, and how.
    pub repetition: Repetition,
    /// A game is drawn when the halfmove clock reaches 100.
    #[serde(default)]
    pub fifty_move_rule: bool,
    /// Two lone royals draw.
    #[serde(default)]
    pub bare_kings_draw: bool,
    /// A side with at most one piece loses (Scirocco's bare-king rule).
    #[serde(default)]
    pub bare_king: bool,
    /// Chu Shogi's lion-capture rules A and B (`rules::lion`).
    #[serde(default)]
    pub lion_capture_rules: bool,
    /// Rule B spares the Lion standing on the counter-strike square: a Kirin that took a Lion
    /// and promoted may be taken back by anything (lishogi, `docs/rules/chu.md` §14.3).
    #[serde(default)]
    pub counter_strike_spares_capturer: bool,
    /// Rule A counts a taken non-bridge piece (Pawn, Go-Between) as a protector of the target
    /// from the square it stood on (lishogi, `docs/rules/chu.md` §14.4).
    #[serde(default)]
    pub non_bridge_protects: bool,
    /// lishogi's bare-king rule (`docs/rules/chu.md` §14.6): a side left with one royal and
    /// only dead pieces loses to a royal with one more piece that `bares`.
    #[serde(default)]
    pub bare_royal: bool,
    /// Two royals alone (dead pieces aside), neither attacked, draw (`docs/rules/chu.md`
    /// §14.7).
    #[serde(default)]
    pub lone_royals_draw: bool,
    /// JCSA's bare king (`rules::bare`, `docs/rules/dai.md` §11): a side left with one royal
    /// and only dead pieces loses to a royal with exactly one more piece that `bares`; when it
    /// is to move and attacks one of the two, it first has that move to take it.
    #[serde(default)]
    pub bare_royal_reply: bool,
    /// JCSA's checkmate (`rules::mate`, `docs/rules/dai.md` §11): a side to move whose last
    /// royal is attacked, and none of whose moves saves it or wins at once, has lost.
    #[serde(default)]
    pub mate_ends_game: bool,
    /// Referee setting: the game is drawn once this many full moves were played (0 = off).
    #[serde(default)]
    pub move_cap: u32,
    /// Castling, as the `[castling]` table describes it, is played (an option can switch it).
    #[serde(default)]
    pub castling: bool,
    /// The King's succession (`rules::succession`): a King in check without a legal move may
    /// exchange squares with an unattacked `successor` piece instead of being mated.
    #[serde(default)]
    pub succession: bool,
}

/// The `[promotion]` table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Promotion {
    pub(crate) rule: PromotionRule,
    /// Ranks of the promotion zone (0 with the rule `capture`).
    pub zone: u8,
    /// How a promotion is written in move text (`+`, or the new piece's ID).
    pub text: PromotionText,
    /// A piece whose last move entered the zone and declined the promotion may not promote by
    /// its next quiet move (HaChu's "Promote on entry" off; `movegen::promotion`). Captures
    /// keep their chance; the move after next has it again.
    #[serde(default)]
    pub declined_entry_waits: bool,
}

fn yes() -> bool {
    true
}

/// The `[fen]` table: the game's FEN fields and what a FEN may leave out (any fields from the
/// end: they take their defaults).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FenFormat {
    /// The fields after the side to move, in order.
    #[serde(default)]
    pub fields: Vec<FenField>,
    /// The side-to-move field is required (otherwise a board-only FEN means White to move).
    #[serde(default)]
    pub side_required: bool,
    /// Fields after the game's own are accepted and ignored (Scirocco: `- - 0 1`).
    #[serde(default)]
    pub ignore_extra_fields: bool,
    /// Any number of royals is accepted, including none (the game is then already decided).
    #[serde(default)]
    pub any_royals: bool,
    /// A one-letter ID may be written in parentheses, `(P)` (Typhoon yes, Bigorra no).
    #[serde(default = "yes")]
    pub single_letter_parentheses: bool,
}

impl Default for FenFormat {
    fn default() -> Self {
        FenFormat {
            fields: Vec::new(),
            side_required: false,
            ignore_extra_fields: false,
            any_royals: false,
            single_letter_parentheses: true,
        }
    }
}

impl FenFormat {
    pub(crate) fn has(&self, f: FenField) -> bool {
        self.fields.contains(&f)
    }
}

/// One way to castle, for the first player (the second player's is mirrored or turned with
/// the board, its right letter in lower case).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSide {
    /// The right's letter in the FEN, upper case (`K`, `Q`).
    pub right: String,
    /// The King's destination file (`h`).
    pub king_to: String,
    /// The Rook's start file (`i`).
    pub rook_from: String,
    /// The Rook's destination file (`g`).
    pub rook_to: String,
}

/// The `[castling]` table: the squares of castling, on one rank, for the first player. Whether
/// the game plays it is the `[rules]` key `castling`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Castling {
    /// The rank the King and Rooks castle on, counted from the owner's side (2 in Shako).
    pub rank: u8,
    /// The King's start file (`f`).
    pub king_file: String,
    /// The ID of the piece that castles with the King (`R`).
    pub rook: String,
    /// Each way to castle.
    pub sides: Vec<CastlingSide>,
}

/// The `[bench]` table: the positions `kyodai bench` searches, and to what depth.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Bench {
    /// The search depth.
    pub depth: u32,
    /// Each position as the moves that reach it from the start (`""` is the start).
    pub lines: Vec<String>,
    /// A midgame position (FEN) for the speed suite (`kyodai bench --speed`), beside the
    /// start: real games spend most of their time in positions like it.
    pub midgame: Option<String>,
}

impl Default for Bench {
    fn default() -> Self {
        Bench { depth: 6, lines: vec![String::new()], midgame: None }
    }
}

/// XBoard's parent variant for a game it does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum XboardParent {
    /// Shogi-style: a promotion is written `+`, a promoted piece is its base's `+` form.
    Chu,
    /// Chess-like: a promotion names its new piece.
    Fairy,
}

impl XboardParent {
    /// The name XBoard knows it by.
    pub fn name(self) -> &'static str {
        match self {
            XboardParent::Chu => "chu",
            XboardParent::Fairy => "fairy",
        }
    }
}

/// The `[protocols]` table: how the protocols offer the game. Keys left out are derived from
/// the rest of the file (see each key).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Protocols {
    /// Offered over USI. Default: a shogi-style game (turned setup, promotion written `+`).
    pub usi: Option<bool>,
    /// XBoard's parent variant for the `setup` command: `chu` (shogi-style `+` promotion) or
    /// `fairy` (a promotion names its new piece). Default: `chu` when the game has `+` types.
    pub xboard_parent: Option<XboardParent>,
    /// XBoard knows the game (its own pictures and start): no `setup` is sent. Default: no.
    #[serde(default)]
    pub xboard_known: bool,
    /// XBoard's piece-to-picture table of the `setup` command. Default: built from the IDs.
    pub xboard_pieces: Option<String>,
    /// XBoard FENs end `side 0 fullmove`, as XBoard writes shogi. Default: with the `chu` parent.
    pub xboard_short_fen: Option<bool>,
}
