// Click-to-move: select a piece, then click its move leg by leg (a Lion's double move is two
// clicks, a pass is a click on the piece itself). The server lists the piece's legal moves
// with their legs; the page only proposes a move's text, which the server checks.

import { get } from './api.js';

export class MoveInput {
  /** board: Board; play(text): sends a move; ask(options): shows a choice and returns one. */
  constructor(board, play, ask, canMove) {
    this.board = board;
    this.play = play;
    this.ask = ask;
    this.canMove = canMove;
    this.clear();
  }

  clear() {
    this.from = null;
    this.moves = [];
    this.prefix = [];
    if (this.board.svg) this.board.mark([]);
  }

  /** Moves of the selected piece that agree with the legs clicked so far. */
  candidates() {
    const n = this.prefix.length;
    return this.moves.filter((m) => this.prefix.every((s, i) => m.legs[i] === s) && m.legs.length >= n);
  }

  async select(square) {
    this.clear();
    const r = await get(`/api/moves?square=${square}`);
    if (!r.moves.length) return false;
    this.from = square;
    this.moves = r.moves;
    this.show();
    return true;
  }

  /** Marks the selected piece, the legs so far, and where the next click may go. */
  show() {
    const marks = [{ square: this.from, kind: 'selected' }];
    for (const s of this.prefix) marks.push({ square: s, kind: 'path' });
    const n = this.prefix.length;
    const next = new Set();
    let ends = false;
    for (const m of this.candidates()) {
      if (m.legs.length > n) next.add(m.legs[n]);
      else ends = true;
    }
    for (const s of next) {
      marks.push({ square: s, kind: this.board.pieceAt(s) && s !== this.from ? 'capture' : 'target' });
    }
    if (ends && n > 0) marks.push({ square: this.prefix[n - 1], kind: 'end' });
    this.board.mark(marks);
  }

  async click(square) {
    if (!this.canMove()) return;
    if (this.from === null) {
      await this.trySelect(square);
      return;
    }
    const n = this.prefix.length;
    const cands = this.candidates();
    // A click on the last leg again ends the move there.
    if (n > 0 && square === this.prefix[n - 1] && cands.some((m) => m.legs.length === n)) {
      await this.finish(cands.filter((m) => m.legs.length === n));
      return;
    }
    const further = cands.filter((m) => m.legs[n] === square);
    if (!further.length) {
      const mine = this.board.pieceAt(square);
      if (n === 0 && square !== this.from && mine) await this.trySelect(square);
      else this.clear();
      return;
    }
    this.prefix.push(square);
    const done = further.filter((m) => m.legs.length === n + 1);
    if (done.length === further.length) await this.finish(done);
    else this.show();
  }

  async trySelect(square) {
    const p = this.board.pieceAt(square);
    if (p && p.side === this.canMove()) await this.select(square);
    else this.clear();
  }

  /** Plays the move, asking first when several moves share these clicks. */
  async finish(moves) {
    let text = moves[0].text;
    if (moves.length > 1) {
      const promo = moves.some((m) => m.promotes);
      text = await this.ask(moves.map((m) => ({ text: m.text, label: describe(m, promo) })));
      if (text === null) {
        this.show();
        return;
      }
    }
    this.clear();
    await this.play(text);
  }
}

/** A button label: what the move does besides moving, and its text. */
function describe(m, promo) {
  const what = { swap: 'swap', convert: 'convert', 'capture-choice': 'capture', 'self-capture': 'capture itself', pass: 'pass' };
  const parts = [];
  if (what[m.effect]) parts.push(what[m.effect]);
  if (promo) parts.push(m.promotes ? 'promote' : 'do not promote');
  if (!parts.length) parts.push('move');
  return `${parts.join(', ')}: ${m.text}`;
}
