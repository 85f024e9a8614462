use super::*;
use crate::game::Game;
use crate::notation::parse_move;
use crate::Variant;

fn pos(game: &str, moves: &[&str]) -> Position {
    let v = Game::builtin(game).unwrap();
    let mut p = Position::start(&v);
    for t in moves {
        let m = parse_move(&mut p, t).unwrap();
        p.make(m);
    }
    p
}

/// The `(square, id, side)` of every piece group in the SVG text.
fn pieces_in(svg: &str) -> Vec<(String, String, String)> {
    let attr = |s: &str, key: &str| {
        let at = s.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
        s[at..at + s[at..].find('"').unwrap()].to_string()
    };
    svg.split("<g class=\"kd-p\"")
        .skip(1)
        .map(|s| (attr(s, "data-sq"), attr(s, "data-id"), attr(s, "data-side")))
        .collect()
}

#[test]
fn every_piece_of_every_game_is_drawn_on_its_square() {
    for game in Variant::builtin_names() {
        let p = pos(game, &[]);
        let svg = position_svg(&p, &Options::default());
        let v = p.game();
        let mut expected = Vec::new();
        for sq in v.shape.squares() {
            if let Some(pc) = p.piece_at(sq) {
                let side = if pc.color() == Color::White { "w" } else { "b" };
                expected.push((v.shape.name(sq), v.piece(pc.kind()).id.clone(), side.to_string()));
            }
        }
        assert_eq!(pieces_in(&svg), expected, "{game}");
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"), "{game}");
        assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count(), "{game}");
    }
}

#[test]
fn style_follows_the_game() {
    assert_eq!(Scene::from_position(&pos("chu", &[])).style, Style::Tiles);
    assert_eq!(Scene::from_position(&pos("tai", &[])).style, Style::Tiles);
    assert_eq!(Scene::from_position(&pos("nutty", &[])).style, Style::Tiles);
    for g in ["bigorra", "scirocco", "typhoon"] {
        assert_eq!(Scene::from_position(&pos(g, &[])).style, Style::Tokens, "{g}");
    }
    let svg = position_svg(&pos("chu", &[]), &Options::default());
    assert!(svg.contains("<polygon") && !svg.contains("<circle class=\"kd-tw\""));
    let svg = position_svg(&pos("scirocco", &[]), &Options::default());
    assert!(!svg.contains("<polygon") && svg.contains("<circle class=\"kd-tw\""));
}

#[test]
fn glyphs_come_from_the_data_file() {
    let s = Scene::from_position(&pos("chu", &[]));
    let king = s.at(Coord { file: 5, rank: 0 }).unwrap();
    assert_eq!((king.id.as_str(), king.glyph.as_deref(), king.royal), ("K", Some("王"), true));
    let lion = s.at(Coord { file: 5, rank: 2 }).unwrap();
    assert_eq!((lion.id.as_str(), lion.glyph.as_deref()), ("N", Some("獅")));
    // A piece without a glyph shows its ID only.
    let t = Scene::from_position(&pos("tai", &[]));
    let wt = t.at(Coord { file: 1, rank: 0 }).unwrap();
    assert_eq!((wt.id.as_str(), wt.glyph.as_deref()), ("TS", None));
}

#[test]
fn promoted_pieces_are_marked() {
    // A Chu Pawn promoted: `+P` is drawn in red.
    let v = Game::builtin("chu").unwrap();
    let p = Position::from_fen(&v, "6k5/12/12/12/12/12/12/12/12/12/4+P7/5K6 w - 1").unwrap();
    let s = Scene::from_position(&p);
    assert!(s.at(Coord { file: 4, rank: 1 }).unwrap().promoted);
    assert!(!s.at(Coord { file: 5, rank: 0 }).unwrap().promoted);
    assert!(render(&s, &Options::default()).contains("kd-red"));
    // Scirocco's Emperor exists only by promotion: a red ring.
    let v = Game::builtin("scirocco").unwrap();
    let p = Position::from_fen(&v, "4k5/10/10/10/10/10/10/10/10/4(EM)5 w").unwrap();
    let s = Scene::from_position(&p);
    assert!(s.at(Coord { file: 4, rank: 0 }).unwrap().promoted);
    assert!(render(&s, &Options::default()).contains("kd-ring"));
}

#[test]
fn flip_turns_the_board() {
    let s = Scene::from_position(&pos("chu", &[]));
    let a1 = Coord { file: 0, rank: 0 };
    let normal = Layout::new(&s, &Options::default());
    let flipped = Layout::new(&s, &Options { flip: true, ..Options::default() });
    // a1 is bottom left normally, top right when flipped.
    assert_eq!(normal.origin(a1), (MARGIN, MARGIN + 11.0 * CELL));
    assert_eq!(flipped.origin(a1), (MARGIN + 11.0 * CELL, MARGIN));
    // Own tiles point up: the white King's apex is above its centre, and below when flipped.
    let up = render(&s, &Options::default());
    let down = render(&s, &Options { flip: true, ..Options::default() });
    assert_ne!(up, down);
    assert!(down.contains("data-flip=\"true\""));
}

#[test]
fn coordinates_zones_last_move_and_arrows() {
    let mut p = pos("tai", &[]);
    let m = parse_move(&mut p, "a7a8").unwrap();
    let opts = Options {
        last_move: Scene::move_squares(&p, m),
        arrows: vec![(Coord { file: 0, rank: 0 }, Coord { file: 24, rank: 24 })],
        ..Options::default()
    };
    p.make(m);
    let svg = position_svg(&p, &opts);
    // Files a..y and ranks 1..25, each twice (both sides of the board).
    assert_eq!(svg.matches(">y</text>").count(), 2);
    assert_eq!(svg.matches(">25</text>").count(), 2);
    assert_eq!(svg.matches("class=\"kd-last\"").count(), 2);
    assert_eq!(svg.matches("class=\"kd-head\"").count(), 1);
    // Tai has no promotion zone; Chu has 4 ranks on each side.
    assert_eq!(svg.matches("class=\"kd-zone\"").count(), 0);
    let chu = position_svg(&pos("chu", &[]), &Options::default());
    assert_eq!(chu.matches("class=\"kd-zone\"").count(), 2 * 4 * 12);
    let bare = position_svg(&pos("chu", &[]), &Options { no_coordinates: true, ..Options::default() });
    assert!(!bare.contains("kd-co\""));
}

#[test]
fn lion_double_move_highlights_all_three_squares() {
    let v = Game::builtin("chu").unwrap();
    let mut p = Position::from_fen(&v, "12/12/12/12/12/4k7/4+e7/4N7/12/12/K11/12 w - 1").unwrap();
    let m = parse_move(&mut p, "e5e6,e6e7").unwrap();
    assert_eq!(Scene::move_squares(&p, m).len(), 3);
}

#[test]
fn text_is_escaped() {
    assert_eq!(escape("a<b&\"c'>"), "a&lt;b&amp;&quot;c&apos;&gt;");
}
