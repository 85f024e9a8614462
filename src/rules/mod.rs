//! The rules of play above move generation: which moves are legal and why not
//! (`legality`), the Chu lion-capture rules (`lion`), the end of the game (`outcome`), and Nutty
//! Shogi's repetition judgement (`repetition`), and the King's succession (`succession`).

pub mod legality;
pub mod lion;
pub mod outcome;
pub mod repetition;
pub mod succession;
