// The grammar editor: a textarea whose text is transparent over its
// coloured copy (highlight.js), line numbers, and each error shown at its
// place: its line tinted, its column marked, its message beside it.
'use strict';

class Editor {
  constructor(root, onChange) {
    this.root = root;
    this.gutter = document.createElement('div');
    this.gutter.className = 'gutter';
    this.pre = document.createElement('pre');
    this.area = document.createElement('textarea');
    this.area.spellcheck = false;
    this.area.setAttribute('autocapitalize', 'off');
    this.area.setAttribute('aria-label', 'the L-system');
    this.layer = document.createElement('div');  // the messages
    root.append(this.gutter, this.pre, this.area, this.layer);
    this.diagnostics = [];
    this.area.addEventListener('input', () => {
      this.diagnostics = [];
      this.render();
      onChange();
    });
    this.area.addEventListener('scroll', () => this.sync());
    this.area.addEventListener('keydown', (e) => {
      if (e.key === 'Tab' && !e.ctrlKey && !e.metaKey) {  // a tab is text here, not a move
        e.preventDefault();
        document.execCommand('insertText', false, '  ');
      }
    });
  }

  get text() { return this.area.value; }
  set text(t) {
    this.area.value = t;
    this.diagnostics = [];
    this.area.scrollTop = 0;
    this.render();
  }

  // [{line, col, message}] (1-based), in this editor's file.
  setDiagnostics(list) {
    this.diagnostics = list;
    this.render();
  }

  render() {
    const marks = new Map(this.diagnostics.map((d) => [d.line, Math.max(1, d.col || 1)]));
    const lines = highlightLs(this.area.value, marks);
    this.pre.innerHTML = lines.join('\n') + '\n';
    const bad = new Set(this.diagnostics.map((d) => d.line));
    this.gutter.innerHTML = lines.map((_, k) => `<div${bad.has(k + 1) ? ' class="bad"' : ''}>${k + 1}</div>`).join('');
    this.layer.innerHTML = '';
    for (const d of this.diagnostics) {
      const m = document.createElement('div');
      m.className = 'message';
      m.textContent = `${d.line}:${d.col} ${d.message}`;
      m.dataset.line = d.line;
      this.layer.append(m);
    }
    this.sync();
  }

  lineHeight() {
    return parseFloat(getComputedStyle(this.area).lineHeight) || 18;
  }

  // The coloured copy, the line numbers and the messages follow the textarea's scrolling.
  sync() {
    this.pre.scrollTop = this.area.scrollTop;
    this.pre.scrollLeft = this.area.scrollLeft;
    this.gutter.scrollTop = this.area.scrollTop;
    const h = this.lineHeight(), pad = 4;
    for (const m of this.layer.children) {
      const top = pad + Number(m.dataset.line) * h - this.area.scrollTop;  // under its line
      m.style.top = `${top}px`;
      m.hidden = top < 0 || top > this.root.clientHeight - h;
    }
  }

  // Puts the cursor at line:col and scrolls it into view.
  focusAt(line, col) {
    const lines = this.area.value.split('\n');
    let pos = 0;
    for (let k = 0; k < line - 1 && k < lines.length; ++k) pos += lines[k].length + 1;
    pos += Math.max(0, (col || 1) - 1);
    this.area.focus();
    this.area.setSelectionRange(pos, pos);
    const h = this.lineHeight();
    this.area.scrollTop = Math.max(0, (line - 3) * h);
    this.sync();
  }
}

// The diagnostics of lsd's messages (file:line:col: error: message, as the
// command line prints them) that name `file`.
function parseDiagnostics(text, file) {
  const out = [];
  for (const line of text.split('\n')) {
    const m = /^(.*?):(\d+):(\d+): (error|warning): (.*)$/.exec(line);
    if (m && (!file || m[1] === file || m[1].endsWith('/' + file) || file.endsWith('/' + m[1])))
      out.push({ file: m[1], line: Number(m[2]), col: Number(m[3]), severity: m[4], message: m[5] });
  }
  return out;
}
