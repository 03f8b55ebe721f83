// The enclosing symbol of a site (qualified: class members, nested functions,
// exports, object members, prototypes) and its guards, outermost first, up to
// the function boundary. (Marks: src/languages/CASES.md.)

class Parser {
  parse(x) { throw new Error('1'); } // expect: Error "1" symbol: Parser.parse
  static of() { [1].map(() => { throw new Error('2'); }); } // expect: Error "2" symbol: Parser.of
  handle = () => { throw new Error('3'); }; // expect: Error "3" symbol: Parser.handle
}
function outer() {
  function inner() { throw new Error('4'); } // expect: Error "4" symbol: outer.inner
}
exports.parse = function () { throw new Error('5'); }; // expect: Error "5" symbol: exports.parse
module.exports.load = function () { throw new Error('6'); }; // expect: Error "6" symbol: exports.load
const run = () => { throw new Error('7'); }; // expect: Error "7" symbol: run
// expect: Error "8" symbol: api.save
// expect: Error "9" symbol: api.load
const api = { save() { throw new Error('8'); }, load: function () { throw new Error('9'); } };
Thing.prototype.go = function () { throw new Error('10'); }; // expect: Error "10" symbol: Thing.go
throw new Error('11'); // expect: Error "11" symbol: -
const named = function realName() { throw new Error('12'); }; // expect: Error "12" symbol: realName

// if / else / else-if chains, with lines
function chain(x) {
  if (x > 1) {
    throw new Error('a'); // expect: Error "a" guards: if x > 1 @25
  } else if (x < 0) {
    throw new Error('b'); // expect: Error "b" guards: else !(x > 1) @25 | if x < 0 @27
  } else {
    throw new Error('c'); // expect: Error "c" guards: else !(x > 1) @25 | else !(x < 0) @27
  }
}

// loops, catch, switch cases; stops at the function boundary
function loops(items, n) {
  for (const y of items) {
    while (y.more) {
      switch (y.kind) {
        case 'a': throw new Error('A'); // expect: Error "A" guards: for const y of items @36 | while y.more @37 | case y.kind === 'a' @39
        default: throw new Error('D'); // expect: Error "D" guards: for const y of items @36 | while y.more @37 | default y.kind @40
      }
    }
  }
  for (let i = 0; i < n; i++) { if (!ok(i)) throw new Error('I'); } // expect: Error "I" guards: for let i = 0; i < n; i++ @44 | if !ok(i) @44
  try { g(); } catch (err) { throw new Error('C'); } // expect: Error "C" guards: catch err @45
  if (n) { items.forEach(function each(it) { throw new Error('B'); }); } // expect: Error "B" guards: none symbol: loops.each
  if (!ok) throw new Error('guard clause'); // expect: Error "guard clause" guards: if !ok @47
}

// ternaries and && short circuits are not guards
function ternary(c) {
  return c ? g() : (() => { throw new Error("t"); })(); // expect: Error "t" guards: none
}
function shortCircuit(c) { c && cb(new Error("s")); } // expect: Error "s" guards: none
