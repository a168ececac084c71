// The same grammars as bench/derive_bench.cpp, derived by the JavaScript
// `lindenmayer` package (npm), for a side-by-side figure in `make bench`.
// Prints one line per grammar: name, output modules, seconds, M modules/s.
// With `whole N`: fig. 1.24a derived from its axiom to step N in memory,
// best of 5 (for the whole-process comparison of scripts/bench.sh); prints
// modules and seconds. With `string N`: that string itself (untimed), to
// check it is lsd's.
const LSystem = require('lindenmayer');

if (process.argv[2] === 'string') {
  const ls = new LSystem({axiom: 'F', productions: {'F': 'F[+F]F[-F]F'}});
  ls.iterate(Number(process.argv[3]));
  process.stdout.write(ls.getString() + '\n');
  return;
}

if (process.argv[2] === 'whole') {
  const n = Number(process.argv[3]);
  let best = Infinity, modules = 0;
  for (let r = 0; r < 5; ++r) {
    const t0 = process.hrtime.bigint();
    const ls = new LSystem({axiom: 'F', productions: {'F': 'F[+F]F[-F]F'}});
    ls.iterate(n);
    modules = ls.getString().length;  // one character per module
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  console.log(`${modules}\t${best.toFixed(4)}`);
  process.exit(0);
}

// Best of `reps` runs of fn, which returns [modules, seconds].
function best(fn, reps) {
  let b = [0, Infinity];
  for (let r = 0; r < reps; ++r) {
    const x = fn();
    if (x[1] < b[1]) b = x;
  }
  return b;
}

function report(name, modules, sec) {
  console.log(`${name}\t${modules}\t${sec.toFixed(4)}\t${(modules / sec / 1e6).toFixed(2)}`);
}

// plain (fig. 1.24a): the two timed steps of derive_bench (steps 7 and 8)
{
  const [out, sec] = best(() => {
    const ls = new LSystem({axiom: 'F', productions: {'F': 'F[+F]F[-F]F'}});
    ls.iterate(6);
    let total = 0;
    let sec = 0;
    for (let k = 0; k < 2; ++k) {
      const t0 = process.hrtime.bigint();
      ls.iterate(1);
      sec += Number(process.hrtime.bigint() - t0) / 1e9;
      total += ls.getString().length;  // one character per module
    }
    return [total, sec];
  }, 3);
  report('plain (fig. 1.24a)', out, sec);
}

// parametric (fig. 2.6a): steps 16..19 as in derive_bench
{
  const r1 = 0.9, r2 = 0.6, a0 = 45, a2 = 45, d = 137.5, wr = 0.707;
  const m = (symbol, ...params) => ({symbol, params});
  const ls = new LSystem({
    axiom: [m('A', 1, 10)],
    productions: {
      'A': ({part}) => { const [l, w] = part.params; return [m('!', w), m('F', l), m('['), m('&', a0), m('B', l * r2, w * wr), m(']'), m('/', d), m('A', l * r1, w * wr)]; },
      'B': ({part}) => { const [l, w] = part.params; return [m('!', w), m('F', l), m('['), m('-', a2), m('$'), m('C', l * r2, w * wr), m(']'), m('C', l * r1, w * wr)]; },
      'C': ({part}) => { const [l, w] = part.params; return [m('!', w), m('F', l), m('['), m('+', a2), m('$'), m('B', l * r2, w * wr), m(']'), m('B', l * r1, w * wr)]; },
    },
  });
  ls.iterate(15);
  let total = 0, sec = 0;
  for (let k = 0; k < 4; ++k) {
    const t0 = process.hrtime.bigint();
    ls.iterate(1);
    sec += Number(process.hrtime.bigint() - t0) / 1e9;
    total += ls.getString(true).length;  // one character per module
  }
  report('parametric (fig. 2.6a)', total, sec);
}

// context-sensitive (fig. 1.31b): steps 31..44 as in derive_bench
{
  const ls = new LSystem({
    axiom: 'F1F1F1',
    ignoredSymbols: '+-F',
    productions: {
      '0<0>0': '1', '0<0>1': '1[-F1F1]', '0<1>0': '1', '0<1>1': '1',
      '1<0>0': '0', '1<0>1': '1F1', '1<1>0': '1', '1<1>1': '0',
    },
  });
  ls.iterate(30);
  let total = 0, steps = 0, sec = 0;
  // lindenmayer is slow here: time as many of the 14 steps as fit in ~20 s
  while (steps < 14 && sec < 20) {
    const t0 = process.hrtime.bigint();
    ls.iterate(1);
    sec += Number(process.hrtime.bigint() - t0) / 1e9;
    total += ls.getString().length;
    ++steps;
  }
  report(`context-sensitive (fig. 1.31b)`, total, sec);
}
