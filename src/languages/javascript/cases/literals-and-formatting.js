// How a message expression reads as a template: escapes, template literals,
// + concatenation, String()/JSON.stringify()/util.inspect()/join, util.format and
// sprintf verbs, optional parts (the text with and without them: `alts:`).
// (Marks: src/languages/CASES.md.)

// escapes are decoded
throw new Error('a\n\t\x41\u00e9\u{1F600}\\\'"' + "\"q\""); // expect: Error "a\n\tAé😀\\'\"\"q\"" holes: none

// template literals: holes by expression; a nested template is one hole
throw new Error(`a ${x} b ${obj.name} c ${`in ${y}`}!`); // expect: Error "a {x} b {name} c {value}!" holes: x, obj.name, `in ${y}`

// + concatenation; numeric sub-sums stay one value
throw new Error("Bad " + obj.name + "!"); // expect: Error "Bad {name}!" holes: obj.name
throw new Error("n=" + (a + 1)); // expect: Error "n={a}" holes: a + 1
throw new Error(a + b + " items"); // expect: Error "{b} items" holes: a + b

// String(), JSON.stringify(), util.inspect(), array join
throw new Error("s=" + String(v)); // expect: Error "s={v}" holes: v
throw new Error("j=" + JSON.stringify(v)); // expect: Error "j={v}" holes: v:repr
throw new Error("i=" + util.inspect(v)); // expect: Error "i={v}" holes: v:repr
throw new Error(["a", x, "b"].join(" ")); // expect: Error "a {x} b" holes: x
throw new Error(parts.join(", ")); // expect: Error "{join}" holes: parts.join(", ")

// util.format verbs bound to the arguments
// expect: Error "a {s} b {d} c {i} d {f} e {j} f {o} g {O} h  i % j" holes: s, d:int, i:int, f:float, j:repr, o:repr, O:repr
throw new Error(util.format('a %s b %d c %i d %f e %j f %o g %O h %c i %% j', s, d, i, f, j, o, O, css));
throw new Error(format('%s=%d', 'k', 3, extra)); // expect: Error "k=3 {extra}" holes: extra
throw new Error(util.format('missing %s %s', one)); // expect: Error "missing {one} %s" holes: one

// sprintf-style verbs
throw new TypeError(sprintf('[sprintf] expecting number but found %T', arg)); // expect: TypeError "[sprintf] expecting number but found {arg}" holes: arg
function f() {}
throw new Error(sprintf('%5.2f of %-3s (%1$s)', a, 'b')); // expect: Error "{a} of b ({a})" holes: a:float, a

// a long concatenation
// expect: Error "p0 {x0}p1 {x1}p2 {x2}p3 {x3}p4 {x4}p5 {x5}p6 {x6}p7 {x7}p8 {x8}p9 {x9}p10 {x10}p11 {x11}p12 {x12}p13 {x13}p14 {x14}p15 {x15}p16 {x16}p17 {x17}p18 {x18}p19 {x19}"
throw new Error('p0 ' + x0 + 'p1 ' + x1 + 'p2 ' + x2 + 'p3 ' + x3 + 'p4 ' + x4 + 'p5 ' + x5 + 'p6 ' + x6 + 'p7 ' + x7 + 'p8 ' + x8 + 'p9 ' + x9 + 'p10 ' + x10 + 'p11 ' + x11 + 'p12 ' + x12 + 'p13 ' + x13 + 'p14 ' + x14 + 'p15 ' + x15 + 'p16 ' + x16 + 'p17 ' + x17 + 'p18 ' + x18 + 'p19 ' + x19);

// an optional part gives the text with and without it; a default text (`name || "token"`) is a reading of its own
// expect: Error "illegal {name} ({filename}, line {n})" alts: "illegal {name} (line {n})" "illegal token ({filename}, line {n})" "illegal token (line {n})"
throw new Error("illegal " + (name || "token") + " (" + (filename ? filename + ", " : "") + "line " + n + ")");
throw new Error(`at ${where}${detail ? ': ' + detail : ''} now`); // expect: Error "at {where}: {detail} now" alts: "at {where} now"
// expect: Error "Bad characters in {text}{hint}"
// ... alts: "Bad characters in {text}" "Bad character in {text}{hint}" "Bad character in {text}"
throw new Error(`Bad character${bad.length > 1 ? 's' : ''} in ${text}${hint || ''}`);

// more optional parts than four texts: the text is cut before the one that would make eight
// expect: Error "aP bQ c" alts: "aP b c" "a bQ c" "a b c"
throw new Error('a' + (p ? 'P' : '') + ' b' + (q ? 'Q' : '') + ' c' + (r ? 'R' : '') + ' d');
