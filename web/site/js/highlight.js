// Syntax colouring of the .ls language and cpfg's .l files (docs/language.md):
// comments, preprocessor lines, header and section keywords, the keys of a
// dynamics: section, the production arrow, numbers, modules (turtle
// symbols apart) and the names and operators of parameter expressions.
'use strict';

const kKeywords = new Set([
  'lsystem', 'l-system', 'derivation length', 'axiom', 'angle', 'step', 'width', 'seed', 'ignore', 'consider',
  'module', 'tropism', 'decomposition', 'homomorphism', 'interpretation', 'maximum depth', 'dynamics',
  'endlsystem', 'define', 'start', 'end', 'starteach', 'endeach', 'startend', 'group', 'endgroup',
]);
const kTurtle = '+-&^\\/|[]{}!;\'~%$.,';

// One line's tokens: [class, text] pairs (class '' for plain text), and the
// state the next line starts in.
function tokenizeLine(line, state) {
  const out = [];
  const push = (cls, text) => { if (text) out.push([cls, text]); };
  let i = 0, depth = 0;
  const production = /-->|->/.test(line);
  if (!state.comment && /^\s*#\s*[a-z]/.test(line)) {  // #define, #include, #if ...
    const c = line.search(/\/\*|\/\//);
    push('t-directive', c < 0 ? line : line.slice(0, c));
    i = c < 0 ? line.length : c;
  } else if (!state.comment && !production) {
    const m = /^(\s*)([A-Za-z][A-Za-z -]*?)(\s*:)/.exec(line);
    const key = m && m[2].toLowerCase();
    if (m && (kKeywords.has(key) || state.dynamics)) {
      push('', m[1]);
      push('t-keyword', m[2] + m[3]);
      i = m[0].length;
      if (key === 'dynamics') state.dynamics = true;
      else if (kKeywords.has(key) && key !== 'maximum depth') state.dynamics = false;
    } else if (/^\s*endlsystem\b/i.test(line)) {
      push('t-keyword', line);
      i = line.length;
    }
  }
  while (i < line.length) {
    const rest = line.slice(i);
    let m;
    if (state.comment) {
      const end = rest.indexOf('*/');
      const n = end < 0 ? rest.length : end + 2;
      push('t-comment', rest.slice(0, n));
      i += n;
      if (end >= 0) state.comment = false;
    } else if (rest.startsWith('/*')) {
      state.comment = true;
      push('t-comment', '/*');
      i += 2;
    } else if (rest.startsWith('//')) {
      push('t-comment', rest);
      i = line.length;
    } else if ((m = /^(-->|->)/.exec(rest))) {
      push('t-arrow', m[0]);
      i += m[0].length;
    } else if ((m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest))) {
      push('t-number', m[0]);
      i += m[0].length;
    } else if ((m = /^[@?]?[A-Za-z_][A-Za-z0-9_]*/.exec(rest)) && (depth > 0 || m[0].length > 1 || /[A-Za-z@?]/.test(m[0][0]))) {
      push(depth > 0 ? 't-name' : 't-module', m[0]);
      i += m[0].length;
    } else {
      const c = rest[0];
      if (c === '(') depth += 1;
      else if (c === ')') depth = Math.max(0, depth - 1);
      push(depth > 0 || c === '(' || c === ')' ? (/[-+*/^<>=!&|?:%]/.test(c) ? 't-operator' : '')
        : kTurtle.includes(c) ? 't-turtle' : '', c);
      i += 1;
    }
  }
  return out;
}

function escapeHtml(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// The lines of `text` as coloured HTML; marks: line number (1-based) ->
// column (1-based) where an error is, whose character is marked.
function highlightLs(text, marks) {
  const state = { comment: false, dynamics: false };
  const span = (cls, t) => (cls ? `<span class="${cls}">${escapeHtml(t)}</span>` : escapeHtml(t));
  return text.split('\n').map((line, k) => {
    const tokens = tokenizeLine(line, state);
    const col = marks && marks.get(k + 1);
    if (col === undefined) return tokens.map(([cls, t]) => span(cls, t)).join('');
    let html = '', at = 0, marked = false;
    for (const [cls, t] of tokens) {
      const c = col - 1 - at;
      if (!marked && c >= 0 && c < t.length) {
        html += span(cls, t.slice(0, c)) + `<span class="at">${span(cls, t[c])}</span>` + span(cls, t.slice(c + 1));
        marked = true;
      } else {
        html += span(cls, t);
      }
      at += t.length;
    }
    if (!marked) html += '<span class="at"> </span>';  // past the end of the line
    return `<span class="line-bad">${html}</span>`;
  });
}
