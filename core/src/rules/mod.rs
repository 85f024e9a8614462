//! The rules of play above move generation: whether a side is in check (`check`), which moves
//! are legal and why not (`legality`), the Chu lion-capture rules (`lion`), the end of the game
//! (`outcome`), the repetition judgements of Nutty Shogi and lishogi's Chu (`repetition`), the
//! bare royal and the lone royals of lishogi's Chu and the JCSA's bare king (`bare`), the JCSA's
//! checkmate (`mate`), the King's succession (`succession`), and the square a pass goes through
//! (`pass`).

pub mod bare;
pub mod check;
pub mod legality;
pub mod lion;
pub mod mate;
pub mod outcome;
pub mod pass;
pub mod repetition;
pub mod succession;
