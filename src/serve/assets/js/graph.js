// The evaluation graph: one point per analysed ply, from the first player's point of view,
// clipped to ±10 pawns; the current ply is a vertical line.

const NS = 'http://www.w3.org/2000/svg';
const CLIP = 1000;

export function drawGraph(svg, evals, ply, plies) {
  svg.replaceChildren();
  const W = 300;
  const H = 100;
  const n = Math.max(plies, ply, 1);
  const x = (p) => (p / n) * W;
  const y = (cp) => H / 2 - (Math.max(-CLIP, Math.min(CLIP, cp)) / CLIP) * (H / 2 - 4);
  add(svg, 'line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, stroke: '#bbb', 'stroke-width': 1 });
  add(svg, 'line', { x1: x(ply), y1: 0, x2: x(ply), y2: H, stroke: '#c9a227', 'stroke-width': 1.5 });
  if (!evals.length) return;
  const pts = evals.map((e) => `${x(e.ply).toFixed(1)},${y(e.cp).toFixed(1)}`);
  if (evals.length === 1) pts.push(pts[0]);
  add(svg, 'polyline', { points: pts.join(' '), fill: 'none', stroke: '#1d4fc8', 'stroke-width': 2,
    'vector-effect': 'non-scaling-stroke' });
  const last = evals[evals.length - 1];
  add(svg, 'circle', { cx: x(last.ply), cy: y(last.cp), r: 3, fill: '#1d4fc8' });
}

function add(svg, tag, attrs) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  svg.appendChild(el);
  return el;
}

/** A score as text, from the first player's point of view. */
export function scoreText(line, side) {
  const sign = side === 'w' ? 1 : -1;
  if (line.mate !== null && line.mate !== undefined) {
    const m = sign * line.mate;
    return m > 0 ? `#${m}` : `#-${-m}`;
  }
  const cp = sign * (line.cp || 0);
  return (cp >= 0 ? '+' : '') + (cp / 100).toFixed(2);
}
