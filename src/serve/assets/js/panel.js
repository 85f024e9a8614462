// The side panel: status line, clocks, move list, analysis lines and the evaluation graph.

import { drawGraph, scoreText } from './graph.js';

const $ = (id) => document.getElementById(id);
const SIDE = { w: 'First player', b: 'Second player' };

export function statusText(st) {
  if (st.result) return `${st.result} — ${st.reason}`;
  const who = st.players[st.side];
  let t = `${SIDE[st.side]} (${st.side === 'w' ? 'upper case' : 'lower case'}, ${who}) to move`;
  if (st.in_check) t += ' — in check';
  if (st.thinking === 'move') t += ' — thinking…';
  if (st.paused) t += ' — paused';
  if (st.ply < st.line.length) t += ` — viewing move ${st.ply} of ${st.line.length}`;
  return t;
}

function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function renderPanel(st, onGoto) {
  const status = $('status');
  status.textContent = statusText(st);
  status.classList.toggle('over', !!st.result);
  $('readonly').hidden = st.controller;
  $('pause').textContent = st.paused ? 'Resume' : 'Pause';
  $('analyse').checked = st.analyse;
  $('error').textContent = st.message || '';
  renderClocks(st);
  renderHelp(st);
  renderMoves(st, onGoto);
  renderAnalysis(st);
  drawGraph($('graph'), st.evals, st.ply, st.line.length);
}

function renderClocks(st) {
  const box = $('clocks');
  box.replaceChildren();
  if (!st.clocks) return;
  ['w', 'b'].forEach((side, i) => {
    const d = document.createElement('div');
    d.textContent = `${side === 'w' ? '▲' : '▼'} ${clock(st.clocks[i])}`;
    d.className = side === st.side && !st.result ? 'turn' : '';
    d.dataset.side = side;
    box.appendChild(d);
  });
}

/** The hint asked for, and the review's progress or its count of marks. */
function renderHelp(st) {
  const parts = [];
  if (st.thinking === 'hint') parts.push('Hint: thinking…');
  else if (st.hint) parts.push(`Hint: ${st.hint}`);
  const r = st.review;
  if (r && r.marks.length === 0 && r.done < r.total) parts.push(`Reviewing: ${r.done} of ${r.total} positions`);
  else if (r && r.marks.length) {
    const count = (m) => r.marks.filter((x) => x === m).length;
    parts.push(`Review: ${count('??')} blunders (??), ${count('?')} mistakes (?)`);
  }
  $('helpline').textContent = parts.join(' — ');
}

function renderMoves(st, onGoto) {
  const list = $('moves');
  list.replaceChildren();
  let li = null;
  st.line.forEach((text, i) => {
    if (i % 2 === 0) {
      li = document.createElement('li');
      list.appendChild(li);
    }
    const span = document.createElement('span');
    const mark = st.review && st.review.marks[i];
    span.textContent = text + (mark || '');
    if (mark) span.classList.add(mark === '??' ? 'blunder' : 'mistake');
    span.dataset.ply = i + 1;
    if (i + 1 === st.ply) span.classList.add('current');
    else if (i + 1 > st.ply) span.classList.add('future');
    span.addEventListener('click', () => onGoto(i + 1));
    li.appendChild(span);
    li.appendChild(document.createTextNode(' '));
    const c = st.comments[i];
    if (c) {
      const cm = document.createElement('span');
      cm.className = 'comment';
      cm.textContent = `{${c}} `;
      li.appendChild(cm);
    }
  });
  const cur = list.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

function renderAnalysis(st) {
  const box = $('analysis');
  box.replaceChildren();
  for (const l of st.lines) {
    const d = document.createElement('div');
    d.className = 'line';
    const head = document.createElement('span');
    head.className = 'head';
    head.textContent = `${scoreText(l, st.side)} d${l.depth} `;
    d.appendChild(head);
    d.appendChild(document.createTextNode(l.pv.slice(0, 16).join(' ')));
    d.title = `depth ${l.depth}/${l.seldepth}, ${l.nodes} nodes, ${l.nps} nodes/s, ${l.time_ms} ms\n${l.pv.join(' ')}`;
    box.appendChild(d);
  }
}

/** The moves as numbered text: `1. f4f5 g9g8 2. ...`. */
export function moveText(st) {
  const parts = [];
  st.line.forEach((m, i) => {
    if (i % 2 === 0) parts.push(`${i / 2 + 1}.`);
    parts.push(m);
  });
  return parts.join(' ');
}
