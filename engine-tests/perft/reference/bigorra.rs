//! The reference generator's Bigorra moves, from `docs/rules/bigorra.md`.

use super::{ci, fam, other, RMove, RefPos, Sq, ALL8, DIAG, ORTH};
use std::sync::OnceLock;

impl RefPos {
    // ================================================================ Bigorra

    /// Leap offsets (capturing or not) of a Bigorra piece (§2 table, §2.1). Built once.
    fn bigorra_leaps(id: &str) -> &'static [Sq] {
        static TABLE: OnceLock<Vec<(&'static str, Vec<Sq>)>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let w = fam(1, 0);
            let f = fam(1, 1);
            let d = fam(2, 0);
            let nn = fam(2, 1);
            let a = fam(2, 2);
            let h = fam(3, 0);
            let c = fam(3, 1);
            let z = fam(3, 2);
            let g = fam(3, 3);
            let rows: Vec<(&'static str, Vec<&Vec<Sq>>)> = vec![
                ("K", vec![&w, &f]),
                ("PR", vec![&w, &f]),
                ("AZ", vec![&nn]),
                ("H", vec![&nn]),
                ("X", vec![&nn]),
                ("N", vec![&nn]),
                ("DW", vec![&d, &nn, &a, &h, &c, &z, &g]),
                ("L", vec![&w, &f, &nn, &a, &d]),
                ("D", vec![&w, &f, &d, &a, &h, &g]),
                ("F", vec![&nn, &c, &z]),
                ("A", vec![&f]),
                ("Y", vec![&w]),
                ("M", vec![&c]),
                ("Z", vec![&z]),
                ("E", vec![&f, &a]),
                ("W", vec![&w, &d]),
                ("J", vec![&w, &f, &nn]),
                ("SQ", vec![&nn, &a, &d]),
                ("CH", vec![&h, &c, &z, &g]),
                ("MM", vec![&w, &f, &a, &d]),
                ("HK", vec![&a, &d, &g, &h]),
                ("T", vec![&h, &g]),
            ];
            rows.into_iter()
                .map(|(id, parts)| {
                    let mut v: Vec<Sq> = Vec::new();
                    for p in parts {
                        for &o in p {
                            if !v.contains(&o) {
                                v.push(o);
                            }
                        }
                    }
                    (id, v)
                })
                .collect()
        });
        table.iter().find(|(i, _)| *i == id).map_or(&[], |(_, v)| v.as_slice())
    }

    fn bigorra_slides(id: &str) -> &'static [Sq] {
        match id {
            "Q" | "AZ" => &ALL8,
            "R" | "H" | "A" => &ORTH,
            "B" | "X" | "Y" => &DIAG,
            _ => &[],
        }
    }

    fn bigorra_hopper_lines(id: &str) -> &'static [Sq] {
        match id {
            "O" => &ALL8,
            "C" => &ORTH,
            "V" => &DIAG,
            _ => &[],
        }
    }

    /// §3.5: the forced promotion of a piece arriving on its last rank (Troll handled apart).
    fn bigorra_promotion(id: &str) -> Option<&'static str> {
        match id {
            "P" | "S" => Some("Q"),
            "PR" => Some("AZ"),
            "N" | "M" | "Z" => Some("F"),
            "E" | "W" | "MM" | "SQ" | "J" => Some("L"),
            "SH" => Some("G"),
            "SN" => Some("U"),
            "HK" => Some("D"),
            _ => None,
        }
    }

    /// Every pseudo-legal move of side `c` except the King's leap. E.p. captures only when
    /// `with_ep` (they never attack a King, §3.1).
    fn bigorra_pseudo(&self, c: char, with_ep: bool) -> Vec<RMove> {
        let mut out = Vec::new();
        for from in self.squares_of(c) {
            self.bigorra_piece_moves(from, with_ep, &mut out);
        }
        out
    }

    /// The pseudo-legal moves of the piece on `from` (not the King's leap).
    fn bigorra_piece_moves(&self, from: Sq, with_ep: bool, out: &mut Vec<RMove>) {
        let c = self.colour_at(from).unwrap();
        let fwd = if c == 'w' { 1 } else { -1 };
        let last = if c == 'w' { self.n - 1 } else { 0 };
        {
            let id = self.id_at(from).unwrap();
            // `troll_step`: a Troll's one-step pawn move (the only Troll move that promotes).
            let push = |out: &mut Vec<RMove>, to: Sq, troll_step: bool, ep_victim: Option<Sq>| {
                let promo = if to.1 == last {
                    if id == "T" {
                        if troll_step {
                            Some("DW")
                        } else {
                            None
                        }
                    } else {
                        Self::bigorra_promotion(id)
                    }
                } else {
                    None
                };
                out.push(RMove { from, to, mid: None, ep_victim, promo });
            };
            // Leaps (§2.1): empty or enemy target.
            for &(dx, dy) in Self::bigorra_leaps(id) {
                let t = (from.0 + dx, from.1 + dy);
                if self.on(t) && self.colour_at(t) != Some(c) {
                    push(&mut *out, t, false, None);
                }
            }
            // Slides.
            for &(dx, dy) in Self::bigorra_slides(id) {
                let mut t = (from.0 + dx, from.1 + dy);
                while self.on(t) {
                    match self.colour_at(t) {
                        None => push(&mut *out, t, false, None),
                        Some(col) => {
                            if col != c {
                                push(&mut *out, t, false, None);
                            }
                            break;
                        }
                    }
                    t = (t.0 + dx, t.1 + dy);
                }
            }
            // Hoppers (§2.3).
            for &(dx, dy) in Self::bigorra_hopper_lines(id) {
                let mut t = (from.0 + dx, from.1 + dy);
                while self.on(t) && self.at(t).is_none() {
                    push(&mut *out, t, false, None);
                    t = (t.0 + dx, t.1 + dy);
                }
                if !self.on(t) {
                    continue;
                }
                // t is the screen; find the next occupied square beyond it.
                let mut u = (t.0 + dx, t.1 + dy);
                while self.on(u) && self.at(u).is_none() {
                    u = (u.0 + dx, u.1 + dy);
                }
                if self.on(u) && self.is_enemy(u, c) {
                    push(&mut *out, u, false, None);
                }
            }
            // Bent sliders (§2.2).
            let bent: Vec<(Sq, Vec<Sq>)> = match id {
                "G" => DIAG.iter().map(|&(sx, sy)| ((sx, sy), vec![(sx, 0), (0, sy)])).collect(),
                "U" => vec![
                    ((0, 1), vec![(1, 1), (-1, 1)]),
                    ((0, -1), vec![(1, -1), (-1, -1)]),
                    ((1, 0), vec![(1, 1), (1, -1)]),
                    ((-1, 0), vec![(-1, 1), (-1, -1)]),
                ],
                "SH" => DIAG.iter().map(|&(sx, sy)| ((sx, sy), vec![(0, sy)])).collect(),
                "SN" => vec![((0, 1), vec![(1, 1), (-1, 1)]), ((0, -1), vec![(1, -1), (-1, -1)])],
                _ => vec![],
            };
            for (s, conts) in bent {
                let s1 = (from.0 + s.0, from.1 + s.1);
                if !self.on(s1) {
                    continue;
                }
                match self.colour_at(s1) {
                    Some(col) if col == c => continue,
                    Some(_) => {
                        push(&mut *out, s1, false, None);
                        continue;
                    }
                    None => push(&mut *out, s1, false, None),
                }
                for (ux, uy) in conts {
                    let mut t = (s1.0 + ux, s1.1 + uy);
                    while self.on(t) {
                        match self.colour_at(t) {
                            None => push(&mut *out, t, false, None),
                            Some(col) => {
                                if col != c {
                                    push(&mut *out, t, false, None);
                                }
                                break;
                            }
                        }
                        t = (t.0 + ux, t.1 + uy);
                    }
                }
            }
            // Pawn-family moves (§2 table, §2.4, §3.3, §3.4).
            let f1 = (from.0, from.1 + fwd);
            let f2 = (from.0, from.1 + 2 * fwd);
            let straight_step = matches!(id, "P" | "S" | "T");
            let diag_capture = matches!(id, "P" | "S" | "T");
            let double_step = matches!(id, "P" | "S" | "PR");
            if straight_step && self.on(f1) && self.at(f1).is_none() {
                push(&mut *out, f1, id == "T", None);
            }
            if id == "S" {
                for dx in [-1, 1] {
                    let t = (from.0 + dx, from.1);
                    if self.on(t) && self.at(t).is_none() {
                        push(&mut *out, t, false, None);
                    }
                }
            }
            if diag_capture {
                for dx in [-1, 1] {
                    let t = (from.0 + dx, from.1 + fwd);
                    if self.on(t) && self.is_enemy(t, c) {
                        push(&mut *out, t, id == "T", None);
                    }
                }
            }
            if double_step && self.on(f2) && self.at(f1).is_none() && self.at(f2).is_none() {
                push(&mut *out, f2, false, None);
            }
            if with_ep && matches!(id, "P" | "S") && c == self.side {
                if let Some(x) = self.ep {
                    // X is diagonally forward of us; the victim stands on L, just behind X
                    // as seen from the capturer (on the capturer's own rank).
                    let l = (x.0, x.1 - fwd);
                    let victim_ok =
                        matches!(self.at(l), Some((col, vid)) if *col != c && matches!(vid.as_str(), "P" | "S" | "PR"));
                    if x.1 == from.1 + fwd && (x.0 - from.0).abs() == 1 && self.at(x).is_none() && victim_ok {
                        push(&mut *out, x, false, Some(l));
                    }
                }
            }
        }
    }

    fn king_square(&self, c: char) -> Option<Sq> {
        self.squares_of(c).into_iter().find(|&s| self.id_at(s) == Some("K"))
    }

    /// Brute force (§3.1): does any pseudo-legal capturing move of `by` hit `s`?
    /// The moves are generated piece by piece, stopping at the first hit.
    fn bigorra_attacked(&self, s: Sq, by: char) -> bool {
        let mut buf = Vec::new();
        for from in self.squares_of(by) {
            buf.clear();
            self.bigorra_piece_moves(from, false, &mut buf);
            if buf.iter().any(|m| m.to == s && self.is_enemy(m.to, by)) {
                return true;
            }
        }
        false
    }

    pub fn bigorra_in_check(&self, c: char) -> bool {
        match self.king_square(c) {
            Some(k) => self.bigorra_attacked(k, other(c)),
            None => false,
        }
    }

    pub(super) fn bigorra_legal(&self) -> Vec<RMove> {
        let c = self.side;
        // Brute force: play each move on a scratch board and look for enemy captures of the King.
        let mut scratch = self.clone();
        let mut out: Vec<RMove> = Vec::new();
        for m in self.bigorra_pseudo(c, true) {
            let saved = scratch.apply(&m);
            if !scratch.bigorra_in_check(c) {
                out.push(m);
            }
            scratch.revert(saved);
        }
        // §3.2 the King's leap.
        if let Some(k) = self.king_square(c) {
            if self.leap[ci(c)] && !self.bigorra_in_check(c) {
                for (dx, dy) in [fam(2, 0), fam(2, 2), fam(2, 1)].concat() {
                    let t = (k.0 + dx, k.1 + dy);
                    if !self.on(t) || self.at(t).is_some() {
                        continue;
                    }
                    let (sx, sy) = (dx.signum(), dy.signum());
                    let middles: Vec<Sq> = if dx.abs() == dy.abs() || dx == 0 || dy == 0 {
                        vec![(sx, sy)]
                    } else if dx.abs() == 2 {
                        vec![(sx, 0), (sx, sy)]
                    } else {
                        vec![(0, sy), (sx, sy)]
                    };
                    let any_safe = middles.iter().any(|&(mx, my)| {
                        let msq = (k.0 + mx, k.1 + my);
                        let mut tmp = self.clone();
                        tmp.set(k, None);
                        tmp.set(msq, Some((c, "K".to_string())));
                        !tmp.bigorra_attacked(msq, other(c))
                    });
                    if !any_safe {
                        continue;
                    }
                    let m = RMove::plain(k, t);
                    let saved = scratch.apply(&m);
                    if !scratch.bigorra_in_check(c) {
                        out.push(m);
                    }
                    scratch.revert(saved);
                }
            }
        }
        out
    }
}
