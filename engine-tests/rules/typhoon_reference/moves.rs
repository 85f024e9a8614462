//! The reference generator's piece moves: each piece's own moves (sections 3 and 5) spelled
//! out by plain loops in a `match` on its ID, and the shots and Parrot moves they use.

use super::{add, king8, name, on, sym, Cand, RefPos, Sq, DIAG, KNIGHT, ORTH};

impl RefPos {
    /// The piece's own moves (section 3 and 5), for a non-frozen piece.
    pub(super) fn own_moves(&self, s: Sq, out: &mut Vec<Cand>) {
        let (id, us) = self.at(s).unwrap();
        // Owner-relative vector to board vector: Tan is Blue turned 180 degrees.
        let o = |v: Sq| if us { v } else { (-v.0, -v.1) };
        let plain = |from: Sq, to: Sq, removed: Vec<Sq>| Cand {
            from,
            to,
            text: format!("{}{}", name(from), name(to)),
            removed,
            converted: None,
            swap: false,
            promotable: true,
        };
        // Leaps with a mode: 0 both, 1 move only, 2 capture only.
        let leap = |out: &mut Vec<Cand>, v: Sq, mode: u8| {
            let t = add(s, o(v));
            if !on(t) {
                return;
            }
            match self.at(t) {
                None if mode != 2 => out.push(plain(s, t, vec![])),
                Some((_, b)) if b != us && mode != 1 => out.push(plain(s, t, vec![t])),
                _ => {}
            }
        };
        let slide = |out: &mut Vec<Cand>, d: Sq, max: i32, mode: u8| {
            let mut t = s;
            for _ in 0..max {
                t = add(t, o(d));
                if !on(t) {
                    return;
                }
                match self.at(t) {
                    None => {
                        if mode != 2 {
                            out.push(plain(s, t, vec![]));
                        }
                    }
                    Some((_, b)) => {
                        if b != us && mode != 1 {
                            out.push(plain(s, t, vec![t]));
                        }
                        return;
                    }
                }
            }
        };
        let leaps = |out: &mut Vec<Cand>, vs: &[Sq], mode: u8| {
            for &v in vs {
                leap(out, v, mode);
            }
        };
        let slides = |out: &mut Vec<Cand>, ds: &[Sq], max: i32, mode: u8| {
            for &d in ds {
                slide(out, d, max, mode);
            }
        };
        let k8 = king8();
        let queen = k8.clone();
        let fwd_diag = [(1, 1), (-1, 1)];
        match id {
            "FH" => {
                slide(out, (0, 1), 12, 0);
                leaps(out, &[(1, -2), (-1, -2), (2, -1), (-2, -1)], 0);
            }
            "GW" => {
                slide(out, (0, 1), 12, 0);
                leaps(out, &[(1, -1), (-1, -1)], 0);
            }
            "MA" => {
                leaps(out, &ORTH, 0);
                leaps(out, &KNIGHT, 0);
            }
            "PR" => {
                leaps(out, &DIAG, 0);
                leaps(out, &KNIGHT, 0);
            }
            "ST" => {
                leaps(out, &sym(2, 2), 0);
                leaps(out, &ORTH, 2);
            }
            "GO" => {
                leaps(out, &sym(2, 0), 0);
                leaps(out, &DIAG, 1);
            }
            "CI" => {
                for d in &queen {
                    for dist in 2..=3 {
                        let t = (s.0 + d.0 * dist, s.1 + d.1 * dist);
                        if !on(t) {
                            break;
                        }
                        let hopped = (1..dist).any(|k| self.at((s.0 + d.0 * k, s.1 + d.1 * k)).is_some());
                        if !hopped {
                            continue;
                        }
                        match self.at(t) {
                            None => out.push(plain(s, t, vec![])),
                            Some((_, b)) if b != us => out.push(plain(s, t, vec![t])),
                            _ => {}
                        }
                    }
                }
            }
            "SA" => {
                slides(out, &queen, 4, 1);
                leaps(out, &k8, 2);
            }
            "GG" => {
                leaps(out, &ORTH, 0);
                leaps(out, &fwd_diag, 0);
            }
            "FL" => {
                leaps(out, &DIAG, 0);
                leaps(out, &[(0, 1), (0, -1)], 0);
            }
            "K" | "CO" => leaps(out, &k8, 0),
            "CU" | "HU" => {
                leaps(out, &[(1, 0), (-1, 0), (0, -1), (0, 2)], 0);
                if id == "CU" {
                    for v in [(0, 1), (1, 0), (-1, 0), (0, -2)] {
                        let t = add(s, o(v));
                        if matches!(self.at(t), Some((_, b)) if b != us) {
                            out.push(Cand {
                                from: s,
                                to: s,
                                text: format!("{}{}~{}", name(s), name(s), name(t)),
                                removed: vec![],
                                converted: Some(t),
                                swap: false,
                                promotable: false,
                            });
                        }
                    }
                } else {
                    for v in [(1, 0), (-1, 0), (0, 1), (0, -1), (0, 2), (0, -2)] {
                        let t = add(s, o(v));
                        if on(t) && self.at(t).is_some() {
                            out.push(Cand {
                                from: s,
                                to: t,
                                text: format!("{}{}s", name(s), name(t)),
                                removed: vec![],
                                converted: None,
                                swap: true,
                                promotable: true,
                            });
                        }
                    }
                }
            }
            "C" => leaps(out, &sym(3, 1), 0),
            "BD" => slides(out, &DIAG, 3, 0),
            "A" => leaps(out, &sym(2, 2), 0),
            "D" => leaps(out, &sym(2, 0), 0),
            "W" => leaps(out, &ORTH, 0),
            "F" => leaps(out, &DIAG, 0),
            "OT" => {
                leaps(out, &DIAG, 0);
                leap(out, (0, 1), 0);
                slides(out, &[(1, 0), (-1, 0)], 4, 0);
            }
            "BE" => {
                leaps(out, &fwd_diag, 0);
                leap(out, (0, 1), 0);
                slides(out, &[(1, 0), (-1, 0)], 4, 0);
                slide(out, (0, -1), 12, 0);
            }
            "OV" => {
                leaps(out, &k8, 1);
                for d in &k8 {
                    let v = add(s, *d);
                    let t = add(v, *d);
                    if matches!(self.at(v), Some((_, b)) if b != us) && self.empty(t) {
                        let mut c = plain(s, t, vec![v]);
                        c.text = format!("{}{},{}{}", name(s), name(v), name(v), name(t));
                        out.push(c);
                    }
                }
            }
            "UN" => {
                for d in &k8 {
                    let t = add(s, *d);
                    if self.empty(t) {
                        let behind = (s.0 - d.0, s.1 - d.1);
                        let removed =
                            if matches!(self.at(behind), Some((_, b)) if b != us) { vec![behind] } else { vec![] };
                        out.push(plain(s, t, removed));
                    }
                }
            }
            "CH" => slides(out, &ORTH, 4, 0),
            "WA" => {
                for d in ORTH {
                    if !self.empty(add(s, d)) {
                        continue;
                    }
                    let mut t = add(s, d);
                    loop {
                        t = add(t, d);
                        if !on(t) {
                            break;
                        }
                        match self.at(t) {
                            None => out.push(plain(s, t, vec![])),
                            Some((_, b)) => {
                                if b != us {
                                    out.push(plain(s, t, vec![t]));
                                }
                                break;
                            }
                        }
                    }
                }
            }
            "N" => leaps(out, &KNIGHT, 0),
            "DER" => {
                leaps(out, &sym(2, 0), 0);
                leaps(out, &sym(2, 2), 0);
            }
            "SG" => {
                leaps(out, &DIAG, 0);
                leap(out, (0, 1), 0);
            }
            "CG" => {
                leaps(out, &fwd_diag, 0);
                leaps(out, &[(0, 1), (0, -1)], 0);
            }
            "DEL" => {
                leaps(out, &DIAG, 0);
                leaps(out, &[(0, 1), (1, 0), (-1, 0)], 0);
            }
            "BT" => {
                leaps(out, &DIAG, 0);
                leaps(out, &[(0, -1), (1, 0), (-1, 0)], 0);
            }
            "FU" => leap(out, (0, 1), 0),
            "P" => {
                leap(out, (0, 1), 1);
                leaps(out, &fwd_diag, 2);
            }
            "GU" => {
                leaps(out, &ORTH, 1);
                leaps(out, &DIAG, 2);
            }
            "LA" => leaps(out, &fwd_diag, 0),
            "BA" => leaps(out, &[(0, 1), (1, 0), (-1, 0)], 0),
            "FO" => {
                slides(out, &DIAG, 12, 0);
                slides(out, &[(0, 1), (0, -1)], 12, 0);
            }
            "FB" => {
                slides(out, &DIAG, 12, 0);
                slides(out, &[(1, 0), (-1, 0)], 12, 0);
            }
            "AB" => {
                leaps(out, &KNIGHT, 0);
                slides(out, &DIAG, 4, 0);
            }
            "DU" => {
                leaps(out, &KNIGHT, 0);
                slides(out, &ORTH, 4, 0);
            }
            "Q" => slides(out, &queen, 12, 0),
            "LI" => {
                let box5: Vec<Sq> =
                    (-2..=2).flat_map(|x| (-2..=2).map(move |y| (x, y))).filter(|&v| v != (0, 0)).collect();
                leaps(out, &box5, 0);
            }
            "TY" => {
                leaps(out, &DIAG, 0);
                leaps(out, &sym(2, 2), 0);
                for d in ORTH {
                    let mut victims: Vec<Sq> = Vec::new();
                    for k in 1..=3 {
                        let t = (s.0 + d.0 * k, s.1 + d.1 * k);
                        if !on(t) || self.owned(t, us) {
                            break;
                        }
                        if self.at(t).is_some() {
                            victims.push(t);
                        }
                        out.push(plain(s, t, victims.clone()));
                    }
                }
            }
            "GE" => {
                slides(out, &queen, 3, 0);
                for d in &k8 {
                    self.shot(s, add(s, *d), out);
                }
            }
            "HO" => {
                slides(out, &DIAG, 4, 0);
                leaps(out, &[(2, 0), (-2, 0), (0, -2)], 0);
                // Forward: the Parrot's step and 2-leap, then its shot, hop and pass.
                leaps(out, &[(0, 1), (0, 2)], 0);
                self.parrot(s, &[o((0, 1))], out);
            }
            "DO" => {
                slides(out, &ORTH, 4, 0);
                leaps(out, &[(2, -2), (-2, -2)], 0);
                // Forward diagonals: the Raven's step and 2-leap, then shot, hop and pass.
                leaps(out, &[(1, 1), (-1, 1), (2, 2), (-2, 2)], 0);
                self.parrot(s, &[o((1, 1)), o((-1, 1))], out);
            }
            "EM" => {
                slides(out, &queen, 2, 0);
                leaps(out, &KNIGHT, 0);
            }
            "EE" => {
                let box7: Vec<Sq> =
                    (-3..=3).flat_map(|x| (-3..=3).map(move |y| (x, y))).filter(|&v| v != (0, 0)).collect();
                leaps(out, &box7, 0);
                for d in &queen {
                    let mut t = add(s, *d);
                    while self.empty(t) {
                        t = add(t, *d);
                    }
                    self.shot(s, t, out);
                }
            }
            "WI" => {
                leaps(out, &KNIGHT, 0);
                leaps(out, &sym(3, 1), 0);
            }
            "LO" => {
                slides(out, &queen, 12, 1);
                for d in &queen {
                    let mut t = s;
                    let mut jumped: Vec<Sq> = Vec::new();
                    loop {
                        t = add(t, *d);
                        if !on(t) {
                            break;
                        }
                        match self.at(t) {
                            None => {
                                if !jumped.is_empty() {
                                    out.push(plain(s, t, jumped.clone()));
                                }
                            }
                            Some((_, b)) if b != us && self.empty(add(t, *d)) => jumped.push(t),
                            _ => break,
                        }
                    }
                }
            }
            "IM" => slides(out, &queen, 12, 1),
            "SQ" => {
                leaps(out, &sym(2, 0), 0);
                leaps(out, &KNIGHT, 0);
                leaps(out, &sym(2, 2), 0);
            }
            "CE" => {
                leaps(out, &k8, 0);
                leaps(out, &KNIGHT, 0);
            }
            "SC" => {
                leaps(out, &ORTH, 0);
                slides(out, &DIAG, 12, 0);
            }
            "DK" => {
                leaps(out, &DIAG, 0);
                slides(out, &ORTH, 12, 0);
            }
            "ZA" | "ZI" => {
                let (steps, hop) = if id == "ZA" { (DIAG, ORTH) } else { (ORTH, DIAG) };
                leaps(out, &steps, 0);
                for d in steps {
                    leap(out, (2 * d.0, 2 * d.1), 0);
                }
                for d in hop {
                    let v = add(s, d);
                    let t = add(v, d);
                    if matches!(self.at(v), Some((_, b)) if b != us) && self.empty(t) {
                        let mut c = plain(s, t, vec![v]);
                        c.text = format!("{}{},{}{}", name(s), name(v), name(v), name(t));
                        out.push(c);
                    }
                }
            }
            "MI" | "SO" => {
                let mut base = Vec::new();
                leaps(&mut base, &ORTH, 1);
                slides(&mut base, &DIAG, 2, 1);
                for c in base {
                    let d = ((c.to.0 - s.0).signum(), (c.to.1 - s.1).signum());
                    let t = add(c.to, d);
                    if matches!(self.at(t), Some((_, b)) if b != us) {
                        if id == "MI" {
                            let mut x = c.clone();
                            x.text = format!("{}~{}", c.text, name(t));
                            x.converted = Some(t);
                            out.push(x);
                        } else {
                            let mut run = Vec::new();
                            let mut r = t;
                            while matches!(self.at(r), Some((_, b)) if b != us) {
                                run.push(r);
                                r = add(r, d);
                            }
                            let mut x = c.clone();
                            x.text = format!("{}x{}", c.text, name(t));
                            x.removed = run;
                            out.push(x);
                        }
                    }
                    out.push(c);
                }
            }
            "NR" | "DA" => {
                let vs: Vec<Sq> =
                    if id == "NR" { KNIGHT.to_vec() } else { sym(2, 0).into_iter().chain(sym(2, 2)).collect() };
                for v in vs {
                    let mut t = s;
                    loop {
                        t = add(t, v);
                        if !on(t) {
                            break;
                        }
                        match self.at(t) {
                            None => out.push(plain(s, t, vec![])),
                            Some((_, b)) => {
                                if b != us {
                                    out.push(plain(s, t, vec![t]));
                                }
                                break;
                            }
                        }
                    }
                }
                if id == "DA" {
                    leaps(out, &k8, 1);
                }
            }
            "OC" | "SP" => {
                let firsts = if id == "OC" { DIAG } else { ORTH };
                for f in firsts {
                    let x = add(s, f);
                    if !self.empty(x) {
                        continue;
                    }
                    out.push(plain(s, x, vec![]));
                    let conts: Vec<Sq> = if id == "OC" {
                        vec![(f.0, 0), (0, f.1)]
                    } else if f.0 == 0 {
                        vec![(1, f.1), (-1, f.1)]
                    } else {
                        vec![(f.0, 1), (f.0, -1)]
                    };
                    for u in conts {
                        let mut t = x;
                        loop {
                            t = add(t, u);
                            if !on(t) {
                                break;
                            }
                            match self.at(t) {
                                None => out.push(plain(s, t, vec![])),
                                Some((_, b)) => {
                                    if b != us {
                                        out.push(plain(s, t, vec![t]));
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            "R" => slides(out, &ORTH, 12, 0),
            "B" => slides(out, &DIAG, 12, 0),
            "HA" => slides(out, &queen, 12, 1),
            "VU" | "IB" => {
                leaps(out, &k8, 0);
                let (mv, cap) = if id == "VU" { (DIAG, ORTH) } else { (ORTH, DIAG) };
                for d in mv {
                    let mut t = add(s, d);
                    while self.empty(t) {
                        t = add(t, d);
                        if self.empty(t) {
                            out.push(plain(s, t, vec![]));
                        }
                    }
                }
                for d in cap {
                    let mut t = add(s, d);
                    let mut dist = 1;
                    while self.empty(t) {
                        t = add(t, d);
                        dist += 1;
                    }
                    if dist > 1 && matches!(self.at(t), Some((_, b)) if b != us) {
                        out.push(plain(s, t, vec![t]));
                    }
                }
            }
            "EP" => {
                leaps(out, &k8, 1);
                leaps(out, &KNIGHT, 2);
                leaps(out, &sym(2, 2), 2);
            }
            "TP" => {
                leaps(out, &k8, 1);
                leaps(out, &sym(2, 0), 2);
                leaps(out, &KNIGHT, 2);
            }
            "Z" => leaps(out, &sym(3, 2), 0),
            "TA" => {
                leaps(out, &DIAG, 0);
                leaps(out, &sym(3, 0), 0);
                leaps(out, &ORTH, 2);
            }
            "PA" | "RA" => {
                let dirs = if id == "PA" { ORTH } else { DIAG };
                leaps(out, &dirs, 0);
                for d in dirs {
                    leap(out, (2 * d.0, 2 * d.1), 0);
                }
                let board_dirs: Vec<Sq> = dirs.iter().map(|&d| o(d)).collect();
                self.parrot(s, &board_dirs, out);
            }
            other => panic!("no moves for {other}"),
        }
    }

    /// A shot from `s` at `t` if it holds an enemy (section 5.16): `<from><V>,<V><from>`.
    fn shot(&self, s: Sq, t: Sq, out: &mut Vec<Cand>) {
        let (_, us) = self.at(s).unwrap();
        if matches!(self.at(t), Some((_, b)) if b != us) {
            out.push(Cand {
                from: s,
                to: s,
                text: format!("{}{},{}{}", name(s), name(t), name(t), name(s)),
                removed: vec![t],
                converted: None,
                swap: false,
                promotable: false,
            });
        }
    }

    /// Parrot items 3 and 4 along board directions `dirs`, and the pass (the steps and leaps
    /// are the caller's).
    fn parrot(&self, s: Sq, dirs: &[Sq], out: &mut Vec<Cand>) {
        let (_, us) = self.at(s).unwrap();
        for &d in dirs {
            let v1 = add(s, d);
            let v2 = add(v1, d);
            if !matches!(self.at(v1), Some((_, b)) if b != us) {
                continue;
            }
            self.shot(s, v1, out);
            if on(v2) && !self.owned(v2, us) {
                let mut removed = vec![v1];
                if self.at(v2).is_some() {
                    removed.push(v2);
                }
                out.push(Cand {
                    from: s,
                    to: v2,
                    text: format!("{}{},{}{}", name(s), name(v1), name(v1), name(v2)),
                    removed,
                    converted: None,
                    swap: false,
                    promotable: true,
                });
            }
        }
        out.push(Cand {
            from: s,
            to: s,
            text: format!("{}{}", name(s), name(s)),
            removed: vec![],
            converted: None,
            swap: false,
            promotable: false,
        });
    }
}
