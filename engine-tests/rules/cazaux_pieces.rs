//! The pieces of Cazaux's book games (Patchanka, Heavy Shako, Timurid) for the independent
//! reference generator: their kinds, the ten games' ID tables and start positions, and every
//! kind's pseudo-legal targets, written from the rules pages `docs/rules/patchanka.md` §1.2,
//! `heavy-shako.md` §2.2 and `timurid.md` §3.2, and the definitions they reuse from
//! `docs/rules/bigorra.md` (§2.1–§2.3). Nothing
//! here comes from the engine: no Betza strings are parsed, each kind's geometry is spelled out.
//!
//! Coordinates: a square is `(file, rank)`, both from 0, so `a1` = `(0, 0)`.

pub type Sq = (i32, i32);

/// Every piece kind of the three families. A kind says how the piece moves; the letters a game
/// gives it are in its [`GameDef::ids`] (Patchanka's `B` is a Badger, Heavy Shako's a Bishop).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Elephant,
    Camel,
    Cannon,
    Squirrel,
    WoodyRook,
    Crocodile,
    Sorceress,
    Buffalo,
    Pawn,
    Wildebeest,
    Okapi,
    Bison,
    Kirin,
    Phoenix,
    Badger,
    Ram,
    Medusa,
    Soldier,
    Ship,
    Gryphon,
    Prince,
    CrownedRook,
    Snake,
    Wizard,
    Lion,
    Rhinoceros,
    Emir,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    Patchanka,
    HeavyShako,
    Timurid,
}

/// One of the ten games: its name, board, start FEN and the IDs of its pieces.
pub struct GameDef {
    pub name: &'static str,
    pub family: Family,
    pub size: i32,
    pub start: &'static str,
    /// (ID in upper case, kind); the start FEN's and the promotions' pieces.
    pub ids: Vec<(&'static str, Kind)>,
}

impl GameDef {
    pub fn kind_of(&self, id: &str) -> Option<Kind> {
        self.ids.iter().find(|(i, _)| *i == id).map(|(_, k)| *k)
    }

    pub fn id_of(&self, kind: Kind) -> &'static str {
        self.ids.iter().find(|(_, k)| *k == kind).map(|(i, _)| *i).expect("kind without an ID in this game")
    }
}

const TIMURID_COMMON: [(&str, Kind); 10] = [
    ("K", Kind::King),
    ("Q", Kind::Queen),
    ("R", Kind::Rook),
    ("B", Kind::Bishop),
    ("N", Kind::Knight),
    ("E", Kind::Elephant),
    ("M", Kind::Camel),
    ("C", Kind::Cannon),
    ("PR", Kind::Prince),
    ("P", Kind::Pawn),
];

/// A Timurid version: name, central piece token, side piece token, the IDs besides the common ones.
type Version = (&'static str, &'static str, &'static str, &'static [(&'static str, Kind)]);

/// Section 3.1: the eight versions differ in the central (g2) and side (d2, i2) pieces.
const TIMURIDS: [Version; 8] = [
    ("timurid-herat", "(CR)", "(SH)", &[("CR", Kind::CrownedRook), ("SH", Kind::Ship), ("G", Kind::Gryphon)]),
    (
        "timurid-babur",
        "(SQ)",
        "(SH)",
        &[("SQ", Kind::Squirrel), ("L", Kind::Lion), ("SH", Kind::Ship), ("G", Kind::Gryphon)],
    ),
    (
        "timurid-mirza",
        "(SN)",
        "(SH)",
        &[("SN", Kind::Snake), ("U", Kind::Rhinoceros), ("SH", Kind::Ship), ("G", Kind::Gryphon)],
    ),
    (
        "timurid-samarkand",
        "(WZ)",
        "(SH)",
        &[("WZ", Kind::Wizard), ("EM", Kind::Emir), ("SH", Kind::Ship), ("G", Kind::Gryphon)],
    ),
    ("timurid-wild-herat", "Q", "G", &[("G", Kind::Gryphon)]),
    ("timurid-wild-babur", "L", "G", &[("L", Kind::Lion), ("G", Kind::Gryphon)]),
    ("timurid-wild-mirza", "U", "G", &[("U", Kind::Rhinoceros), ("G", Kind::Gryphon)]),
    ("timurid-wild-samarkand", "(EM)", "G", &[("EM", Kind::Emir), ("G", Kind::Gryphon)]),
];

pub const GAME_NAMES: [&str; 10] = [
    "patchanka",
    "heavy-shako",
    "timurid-herat",
    "timurid-babur",
    "timurid-mirza",
    "timurid-samarkand",
    "timurid-wild-herat",
    "timurid-wild-babur",
    "timurid-wild-mirza",
    "timurid-wild-samarkand",
];

/// The game called `name` (one of [`GAME_NAMES`]).
pub fn game(name: &str) -> Option<&'static GameDef> {
    use std::sync::OnceLock;
    static GAMES: OnceLock<Vec<GameDef>> = OnceLock::new();
    GAMES.get_or_init(build_games).iter().find(|g| g.name == name)
}

fn build_games() -> Vec<GameDef> {
    use Kind::*;
    let mut games = vec![
        // `docs/rules/patchanka.md` §1.1 and §1.2 (Okapi NZ and Bison CZ: §1.5).
        GameDef {
            name: "patchanka",
            family: Family::Patchanka,
            size: 10,
            start: "3okzw3/rhibssbihr/pppppppppp/10/10/10/10/PPPPPPPPPP/RHIBSSBIHR/3OKZW3 w - - 0 1",
            ids: vec![
                ("K", King),
                ("W", Wildebeest),
                ("O", Okapi),
                ("Z", Bison),
                ("I", Kirin),
                ("H", Phoenix),
                ("B", Badger),
                ("R", Ram),
                ("M", Medusa),
                ("S", Soldier),
                ("P", Pawn),
            ],
        },
        // Section 2.1 and 2.2.
        GameDef {
            name: "heavy-shako",
            family: Family::HeavyShako,
            size: 10,
            start: "cswvofvwsc/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/CSWVOFVWSC w KQkq - 0 1",
            ids: vec![
                ("K", King),
                ("Q", Queen),
                ("R", Rook),
                ("B", Bishop),
                ("N", Knight),
                ("E", Elephant),
                ("C", Cannon),
                ("S", Squirrel),
                ("W", WoodyRook),
                ("V", Crocodile),
                ("O", Sorceress),
                ("F", Buffalo),
                ("P", Pawn),
            ],
        },
    ];
    for (name, central, side, extra) in TIMURIDS {
        let row2 = format!("RNB{side}(PR)K{central}(PR){side}BNR");
        let start = format!(
            "e1m1c2c1m1e/{}/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/{row2}/E1M1C2C1M1E w - - 0 1",
            row2.to_ascii_lowercase()
        );
        let mut ids: Vec<(&'static str, Kind)> = TIMURID_COMMON.to_vec();
        for &(id, kind) in extra {
            if !ids.iter().any(|(j, _)| *j == id) {
                ids.push((id, kind));
            }
        }
        games.push(GameDef { name, family: Family::Timurid, size: 12, start: Box::leak(start.into_boxed_str()), ids });
    }
    games
}

// ------------------------------------------------------------------------------------------
// Geometry (`docs/rules/bigorra.md` §0): the offset families, all sign and order variants.
// ------------------------------------------------------------------------------------------

pub const W: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const F: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const D: [Sq; 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
const A: [Sq; 4] = [(2, 2), (-2, 2), (2, -2), (-2, -2)];
const N: [Sq; 8] = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
const C: [Sq; 8] = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)];
const Z: [Sq; 8] = [(2, 3), (3, 2), (-2, 3), (-3, 2), (2, -3), (3, -2), (-2, -3), (-3, -2)];
pub const ALL8: [Sq; 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// How a kind moves, apart from the pawn-like moves that depend on the family and the colour.
pub struct Geometry {
    /// Leaps that move or capture (a leap ignores what stands in between).
    pub leaps: Vec<Sq>,
    /// Slides that move or capture.
    pub slides: &'static [Sq],
    /// Lines on which the piece moves without capturing and captures by hopping one screen.
    pub hops: &'static [Sq],
    /// Bent sliders: (first step, continuation directions from the first square).
    pub bent: Vec<(Sq, Vec<Sq>)>,
}

fn cat(parts: &[&[Sq]]) -> Vec<Sq> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

/// The geometry of `kind` (Patchanka §1.2, Heavy Shako §2.2, Timurid §3.2; bent sliders `docs/rules/bigorra.md` §2.2). `okapi_text`
/// swaps the Okapi and the Bison (Patchanka option `patchanka_okapi_text`, `docs/rules/patchanka.md` §1.5).
pub fn geometry(kind: Kind, okapi_text: bool) -> Geometry {
    use Kind::*;
    let none: &'static [Sq] = &[];
    let mut g = Geometry { leaps: Vec::new(), slides: none, hops: none, bent: Vec::new() };
    match kind {
        King | Prince => g.leaps = cat(&[&W, &F]),
        Queen => g.slides = &ALL8,
        Rook => g.slides = &W,
        Bishop => g.slides = &F,
        Knight => g.leaps = N.to_vec(),
        Elephant => g.leaps = cat(&[&F, &A]),
        Camel => g.leaps = C.to_vec(),
        Cannon => g.hops = &W,
        Crocodile => g.hops = &F,
        Sorceress => g.hops = &ALL8,
        Squirrel => g.leaps = cat(&[&N, &A, &D]),
        WoodyRook => g.leaps = cat(&[&W, &D]),
        Buffalo => g.leaps = cat(&[&N, &C, &Z]),
        Wildebeest => g.leaps = cat(&[&N, &C]),
        Okapi if okapi_text => g.leaps = cat(&[&C, &Z]),
        Okapi => g.leaps = cat(&[&N, &Z]),
        Bison if okapi_text => g.leaps = cat(&[&N, &Z]),
        Bison => g.leaps = cat(&[&C, &Z]),
        Kirin => g.leaps = cat(&[&F, &D]),
        Phoenix => g.leaps = cat(&[&W, &A]),
        Badger => {
            g.slides = &F;
            g.leaps = D.to_vec();
        }
        Ram => {
            g.slides = &W;
            g.leaps = A.to_vec();
        }
        Medusa => {
            g.slides = &ALL8;
            g.leaps = cat(&[&A, &D]);
        }
        CrownedRook => {
            g.slides = &W;
            g.leaps = F.to_vec();
        }
        Wizard => g.leaps = cat(&[&F, &C]),
        Emir => g.leaps = cat(&[&F, &N, &C]),
        Lion => g.leaps = cat(&[&W, &F, &N, &A, &D]),
        // Bent sliders: first step, then outward slides from the first square.
        Gryphon => g.bent = F.iter().map(|&(x, y)| ((x, y), vec![(x, 0), (0, y)])).collect(),
        Ship => g.bent = F.iter().map(|&(x, y)| ((x, y), vec![(0, y)])).collect(),
        Rhinoceros => {
            g.bent = vec![
                ((0, 1), vec![(1, 1), (-1, 1)]),
                ((0, -1), vec![(1, -1), (-1, -1)]),
                ((1, 0), vec![(1, 1), (1, -1)]),
                ((-1, 0), vec![(-1, 1), (-1, -1)]),
            ];
        }
        Snake => g.bent = vec![((0, 1), vec![(1, 1), (-1, 1)]), ((0, -1), vec![(1, -1), (-1, -1)])],
        // Pawn-like moves are generated apart (they depend on the family and the colour).
        Pawn | Soldier => {}
    }
    g
}

/// The farthest a kind reaches if it only leaps and steps (`None`: lines). Attack tests skip
/// pieces that cannot reach the square.
pub fn reach(kind: Kind) -> Option<i32> {
    use Kind::*;
    match kind {
        King | Prince | Pawn | Soldier => Some(2),
        Knight | Elephant | Squirrel | WoodyRook | Kirin | Phoenix | Lion => Some(2),
        Camel | Buffalo | Wildebeest | Okapi | Bison | Wizard | Emir => Some(3),
        _ => None,
    }
}
