// The board picture: the server's SVG, inlined so that it scales, plus a layer of marks
// (selection, targets) drawn by the page. Squares are found from the click position.

const NS = 'http://www.w3.org/2000/svg';

export class Board {
  constructor(host, onSquare) {
    this.host = host;
    this.onSquare = onSquare;
    this.svg = null;
    this.zoom = 0; // 0: fit the window
    this.flip = false;
    host.addEventListener('click', (e) => this.click(e));
  }

  /** Shows a new picture (SVG text) with its layout {cell, margin}. */
  show(svgText, layout) {
    this.host.innerHTML = svgText;
    this.svg = this.host.querySelector('svg');
    this.layout = layout;
    this.files = Number(this.svg.dataset.files);
    this.ranks = Number(this.svg.dataset.ranks);
    this.marks = document.createElementNS(NS, 'g');
    this.marks.setAttribute('id', 'marks');
    this.svg.appendChild(this.marks);
    this.applyZoom();
  }

  naturalWidth() {
    return this.svg ? Number(this.svg.getAttribute('width')) : 600;
  }

  applyZoom() {
    if (!this.svg) return;
    const wrap = this.host.parentElement;
    const w = this.naturalWidth();
    const h = Number(this.svg.getAttribute('height'));
    let scale = this.zoom;
    if (!scale) {
      const fitW = (wrap.clientWidth - 12) / w;
      const fitH = (wrap.clientHeight - 12) / h;
      scale = Math.max(0.2, Math.min(fitW, fitH > 0.2 ? fitH : fitW));
    }
    this.svg.style.width = `${Math.round(w * scale)}px`;
    this.svg.style.height = `${Math.round(h * scale)}px`;
    this.scale = scale;
  }

  zoomBy(factor) {
    this.zoom = Math.min(4, Math.max(0.2, (this.zoom || this.scale || 1) * factor));
    this.applyZoom();
  }

  /** Square name under a click, or null. */
  squareAt(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    const { cell, margin } = this.layout;
    const col = Math.floor((p.x - margin) / cell);
    const row = Math.floor((p.y - margin) / cell);
    if (col < 0 || row < 0 || col >= this.files || row >= this.ranks) return null;
    const file = this.flip ? this.files - 1 - col : col;
    const rank = this.flip ? row : this.ranks - 1 - row;
    return String.fromCharCode(97 + file) + (rank + 1);
  }

  click(evt) {
    if (!this.svg) return;
    const sq = this.squareAt(evt);
    if (sq) this.onSquare(sq);
  }

  /** The piece drawn on a square: {id, side} or null. */
  pieceAt(sq) {
    const g = this.svg && this.svg.querySelector(`g.kd-p[data-sq="${sq}"]`);
    return g ? { id: g.dataset.id, side: g.dataset.side } : null;
  }

  centre(sq) {
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq.slice(1)) - 1;
    const col = this.flip ? this.files - 1 - file : file;
    const row = this.flip ? rank : this.ranks - 1 - rank;
    const { cell, margin } = this.layout;
    return [margin + (col + 0.5) * cell, margin + (row + 0.5) * cell];
  }

  /** Marks: [{square, kind}] with kind 'selected', 'target', 'capture', 'end', 'path'. */
  mark(marks) {
    if (!this.marks) return;
    this.marks.replaceChildren();
    const cell = this.layout.cell;
    for (const { square, kind } of marks) {
      const [x, y] = this.centre(square);
      let el;
      if (kind === 'target') {
        el = circle(x, y, cell * 0.16, 'fill:#1d7a3a;fill-opacity:.75');
      } else if (kind === 'capture') {
        el = circle(x, y, cell * 0.44, 'fill:none;stroke:#c8102e;stroke-width:4;stroke-opacity:.85');
      } else if (kind === 'end') {
        el = circle(x, y, cell * 0.44, 'fill:none;stroke:#1d4fc8;stroke-width:4;stroke-dasharray:6 4');
      } else {
        el = document.createElementNS(NS, 'rect');
        el.setAttribute('x', x - cell / 2);
        el.setAttribute('y', y - cell / 2);
        el.setAttribute('width', cell);
        el.setAttribute('height', cell);
        const fill = kind === 'selected' ? '#3aa0ff' : '#ff9f1a';
        el.setAttribute('style', `fill:${fill};fill-opacity:.35;stroke:${fill};stroke-width:2`);
      }
      el.setAttribute('class', `mark mark-${kind}`);
      el.dataset.sq = square;
      this.marks.appendChild(el);
    }
  }
}

function circle(x, y, r, style) {
  const c = document.createElementNS(NS, 'circle');
  c.setAttribute('cx', x);
  c.setAttribute('cy', y);
  c.setAttribute('r', r);
  c.setAttribute('style', style);
  return c;
}
