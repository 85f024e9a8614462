//! Perft and move lists counted a second way. `data/cazaux/perft.txt` holds the reference's
//! counts from the start positions (depths 1–3 checked here, depth 4 by the ignored test) and,
//! for Patchanka and Heavy Shako, Fairy-Stockfish's counts for the same depths; the
//! `fsf-*.txt` files hold Fairy-Stockfish's legal moves (in our notation) for positions of
//! random games. Both were produced by `engine-tests/compare/cazaux_fsf.py`.
