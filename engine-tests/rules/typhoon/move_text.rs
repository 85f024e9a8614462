//! Typhoon rules, section 11: move text.

use super::helpers::*;
use kyodai::notation::{format_explicit_at, format_move, parse_move};
use kyodai::rules::legality::legal_move_list;
use std::collections::BTreeSet;

#[test]
fn explicit_forms_of_the_rules_file() {
    let cases = [
        ("11k/12/12/12/12/12/3n1p6/3p8/1p1(TY)1P6/2P9/12/11K w", "d4d7", "d4d7xd5xd6"),
        ("11k/12/12/12/12/3p8/5p6/3pp7/pp1(LO)1P6/12/1p10/11K w", "d4d8", "d4d8xd5xd7"),
        ("11k/12/12/12/12/12/12/12/12/(SO)1pc1n6/12/11K w", "a3b3xc3", "a3b3xc3xd3"),
        ("11k/12/12/12/12/12/12/p11/(UN)11/12/12/11K w", "a4a3", "a4a3xa5"),
        ("11k/12/12/12/12/12/12/p11/(OV)11/12/12/11K w", "a4a5,a5a6", "a4a6xa5"),
        ("11k/12/12/12/12/4p7/4p7/2Pp(PA)p6/12/4p7/12/11K w", "e5e6,e6e7", "e5e7xe6"),
        ("11k/12/12/12/12/4p7/4p7/2Pp(PA)p6/12/4p7/12/11K w", "e5e6,e6e5", "e5e5xe6"),
        ("11k/12/12/12/12/12/12/p11/(CU)11/12/12/11K w", "a4a4~a5", "a4a4~a5"),
        ("11k/12/12/2N9/1p(HU)9/12/12/12/12/12/12/11K w", "c8c9s+", "c8c9s+"),
    ];
    for (fen, canon, explicit) in cases {
        let mut p = pos(fen);
        let a = parse_move(&mut p, canon).unwrap_or_else(|e| panic!("{canon}: {e}"));
        let b = parse_move(&mut p, explicit).unwrap_or_else(|e| panic!("{explicit}: {e}"));
        assert_eq!(a, b, "{canon} / {explicit}");
        assert_eq!(format_move(&ty(), a), canon);
        assert_eq!(format_explicit_at(&p, a), explicit);
    }
}

#[test]
fn every_move_round_trips_through_both_texts_in_the_test_positions() {
    let fens = [
        START,
        "11k/12/12/12/12/12/3n1p6/3p8/1p1(TY)1P6/2P9/12/11K w",
        "11k/12/12/12/12/3p8/5p6/3pp7/pp1(LO)1P6/12/1p10/11K w",
        "11k/12/12/12/12/3(RA)8/4(im)7/4N7/5(DER)6/4(HU)7/12/11K w",
        "11k/12/12/4p7/7p4/12/12/r3(EE)1P1n3/4p7/2p9/1P10/11K w",
        "11k/12/2p9/2(CU)p8/12/2p9/12/12/12/12/12/11K w",
    ];
    for fen in fens {
        let mut p = pos(fen);
        let v = ty();
        let moves = legal_move_list(&mut p);
        let canon: BTreeSet<String> = moves.iter().map(|&m| format_move(&v, m)).collect();
        assert_eq!(canon.len(), moves.len(), "distinct moves have distinct texts in {fen}");
        for m in moves {
            for t in [format_move(&v, m), format_explicit_at(&p, m)] {
                assert_eq!(parse_move(&mut p, &t).unwrap(), m, "{t} in {fen}");
            }
        }
    }
}
