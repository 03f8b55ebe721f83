// A minifier's name bound anywhere (a property) is not searched for; a longer
// one is. (Marks: src/languages/CASES.md.)

// expect: Error "{m}" symbol: o.e
// expect: Error "{m}" symbol: o.fail
var o = { e: function (m) { throw new Error(m); }, fail: function (m) { throw new Error(m); } };
o.e('short name');
o.fail('long name'); // expect-call: fail "long name"
