//! The reference generator's Chu Shogi moves, from `docs/rules/chu.md`.

use super::{cheb, other, RMove, RefPos, Sq, ALL8};

impl RefPos {
    // ================================================================ Chu Shogi

    pub(super) fn chu_legal(&self) -> Vec<RMove> {
        // §9: a side without royals has lost; the game is over.
        if !self.chu_has_royal('w') || !self.chu_has_royal('b') {
            return Vec::new();
        }
        let c = self.side;
        self.chu_pseudo(c).into_iter().filter(|m| self.chu_lion_rules_allow(m)).collect()
    }

    pub fn chu_has_royal(&self, c: char) -> bool {
        self.squares_of(c).iter().any(|&s| matches!(self.id_at(s), Some("K" | "+E")))
    }

    /// §7.1 Rules A and B.
    fn chu_lion_rules_allow(&self, m: &RMove) -> bool {
        let (c, id) = self.at(m.from).clone().unwrap();
        let caps = self.captured_squares(m);
        let takes_lion = |s: &Sq| matches!(self.at(*s), Some((_, i)) if chu_is_lion(i));
        let mover_is_lion = chu_is_lion(&id);
        // Rule B.
        if self.counter_strike.is_some() && !mover_is_lion && caps.iter().any(takes_lion) {
            return false;
        }
        // Rule A.
        if mover_is_lion && m.to != m.from && cheb(m.from, m.to) == 2 && takes_lion(&m.to) {
            let others: Vec<&Sq> = caps.iter().filter(|&&s| s != m.to).collect();
            let no_bridge = others.iter().all(|&&s| matches!(self.id_at(s), Some("P" | "I")));
            if no_bridge {
                let after = self.make(m);
                let attacked = after.chu_pseudo(other(c)).iter().any(|e| after.captured_squares(e).contains(&m.to));
                if attacked {
                    return false;
                }
            }
        }
        true
    }

    fn chu_in_zone(&self, c: char, s: Sq) -> bool {
        if c == 'w' {
            s.1 >= self.n - 4
        } else {
            s.1 <= 3
        }
    }

    /// Every pseudo-legal move of side `c`, promotions included (§4-6).
    pub fn chu_pseudo(&self, c: char) -> Vec<RMove> {
        let mut out = Vec::new();
        // Owner-relative directions: the second player's are turned through 180°.
        let o = |d: Sq| if c == 'w' { d } else { (-d.0, -d.1) };
        let dirs = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)].map(o);
        for from in self.squares_of(c) {
            let id = self.id_at(from).unwrap().to_string();
            let spec = chu_spec(&id);
            let mut base: Vec<RMove> = Vec::new();
            let free = |t: Sq| self.on(t) && self.colour_at(t) != Some(c);
            let mut pass = false;
            for (i, cell) in spec.iter().enumerate() {
                let d = dirs[i];
                match *cell {
                    "-" => {}
                    "1" => {
                        let t = (from.0 + d.0, from.1 + d.1);
                        if free(t) {
                            base.push(RMove::plain(from, t));
                        }
                    }
                    "J2" => {
                        let t = (from.0 + 2 * d.0, from.1 + 2 * d.1);
                        if free(t) {
                            base.push(RMove::plain(from, t));
                        }
                    }
                    "S" => {
                        let mut t = (from.0 + d.0, from.1 + d.1);
                        while self.on(t) {
                            match self.colour_at(t) {
                                None => base.push(RMove::plain(from, t)),
                                Some(col) => {
                                    if col != c {
                                        base.push(RMove::plain(from, t));
                                    }
                                    break;
                                }
                            }
                            t = (t.0 + d.0, t.1 + d.1);
                        }
                    }
                    "LL" => {
                        // §5.2 lion line.
                        let s1 = (from.0 + d.0, from.1 + d.1);
                        let s2 = (from.0 + 2 * d.0, from.1 + 2 * d.1);
                        if free(s1) {
                            base.push(RMove::plain(from, s1));
                        }
                        if free(s2) {
                            base.push(RMove::plain(from, s2));
                        }
                        if self.on(s1) && self.is_enemy(s1, c) {
                            base.push(RMove { from, to: from, mid: Some(s1), ep_victim: None, promo: None });
                            if free(s2) {
                                base.push(RMove { from, to: s2, mid: Some(s1), ep_victim: None, promo: None });
                            }
                        }
                        if self.on(s1) && self.at(s1).is_none() {
                            pass = true;
                        }
                    }
                    "L" => {
                        // §5.1 lion power: jumps to A and B squares (once, not per direction).
                        if i == 0 {
                            for dx in -2..=2 {
                                for dy in -2..=2 {
                                    let t = (from.0 + dx, from.1 + dy);
                                    if (dx, dy) != (0, 0) && free(t) {
                                        base.push(RMove::plain(from, t));
                                    }
                                }
                            }
                        }
                        let x = (from.0 + d.0, from.1 + d.1);
                        if !self.on(x) {
                            continue;
                        }
                        if self.at(x).is_none() {
                            pass = true;
                        } else if self.is_enemy(x, c) {
                            for &(ex, ey) in &ALL8 {
                                let y = (x.0 + ex, x.1 + ey);
                                if y == from {
                                    base.push(RMove { from, to: from, mid: Some(x), ep_victim: None, promo: None });
                                } else if free(y) {
                                    base.push(RMove { from, to: y, mid: Some(x), ep_victim: None, promo: None });
                                }
                            }
                        }
                    }
                    other => panic!("unknown cell {other}"),
                }
            }
            if pass {
                base.push(RMove::plain(from, from));
            }
            // §6 promotion (HaChu default, promote on entry).
            let promo = chu_promotion(&id);
            for m in base {
                let captures = !self.captured_squares(&m).is_empty();
                let opportunity = if captures {
                    self.chu_in_zone(c, m.from) || self.chu_in_zone(c, m.to)
                } else {
                    !self.chu_in_zone(c, m.from) && self.chu_in_zone(c, m.to)
                };
                let farthest = if c == 'w' { self.n - 1 } else { 0 };
                match promo {
                    Some(p) if opportunity => {
                        let forced = matches!(id.as_str(), "P" | "L") && m.to.1 == farthest;
                        if !forced {
                            out.push(m.clone());
                        }
                        out.push(RMove { promo: Some(p), ..m });
                    }
                    _ => out.push(m),
                }
            }
        }
        out
    }
}

pub fn chu_is_lion(id: &str) -> bool {
    id == "N" || id == "+O"
}

/// §2.1/§2.2 movement cells in the order f, b, l, r, fl, fr, bl, br.
fn chu_spec(id: &str) -> [&'static str; 8] {
    match id {
        "K" | "+E" => ["1"; 8],
        "N" | "+O" => ["L"; 8],
        "Q" | "+X" => ["S"; 8],
        "D" | "+R" => ["S", "S", "S", "S", "1", "1", "1", "1"],
        "H" | "+B" => ["1", "1", "1", "1", "S", "S", "S", "S"],
        "R" | "+G" => ["S", "S", "S", "S", "-", "-", "-", "-"],
        "B" | "+F" => ["-", "-", "-", "-", "S", "S", "S", "S"],
        "V" | "+S" => ["S", "S", "1", "1", "-", "-", "-", "-"],
        "M" | "+C" => ["1", "1", "S", "S", "-", "-", "-", "-"],
        "E" | "+I" => ["1", "-", "1", "1", "1", "1", "1", "1"],
        "T" => ["-", "1", "1", "1", "1", "1", "1", "1"],
        "G" | "+P" => ["1", "1", "1", "1", "1", "1", "-", "-"],
        "F" => ["1", "1", "-", "-", "1", "1", "1", "1"],
        "O" => ["J2", "J2", "J2", "J2", "1", "1", "1", "1"],
        "X" => ["1", "1", "1", "1", "J2", "J2", "J2", "J2"],
        "A" => ["S", "S", "-", "-", "-", "-", "-", "-"],
        "L" => ["S", "-", "-", "-", "-", "-", "-", "-"],
        "S" => ["1", "-", "-", "-", "1", "1", "1", "1"],
        "C" => ["1", "1", "-", "-", "1", "1", "-", "-"],
        "I" => ["1", "1", "-", "-", "-", "-", "-", "-"],
        "P" => ["1", "-", "-", "-", "-", "-", "-", "-"],
        "+H" => ["LL", "S", "S", "S", "S", "S", "S", "S"],
        "+D" => ["S", "S", "S", "S", "LL", "LL", "S", "S"],
        "+V" => ["S", "S", "-", "-", "S", "S", "S", "S"],
        "+M" => ["-", "-", "S", "S", "S", "S", "S", "S"],
        "+T" => ["S", "S", "1", "1", "1", "1", "1", "1"],
        "+A" => ["S", "S", "-", "-", "-", "-", "S", "S"],
        "+L" => ["S", "S", "-", "-", "S", "S", "-", "-"],
        other => panic!("unknown Chu piece '{other}'"),
    }
}

/// The promoted form of an unpromoted Chu piece (King, Lion, Free King never promote).
fn chu_promotion(id: &str) -> Option<&'static str> {
    Some(match id {
        "D" => "+D",
        "H" => "+H",
        "R" => "+R",
        "B" => "+B",
        "V" => "+V",
        "M" => "+M",
        "E" => "+E",
        "T" => "+T",
        "G" => "+G",
        "F" => "+F",
        "O" => "+O",
        "X" => "+X",
        "A" => "+A",
        "L" => "+L",
        "S" => "+S",
        "C" => "+C",
        "I" => "+I",
        "P" => "+P",
        _ => return None,
    })
}
