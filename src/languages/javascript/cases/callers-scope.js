// Calls of raising helpers (CallInfo: the callers give the helper's message): a
// helper declared inside a function is called only from within that function;
// one declared at the top is bound everywhere. (Marks: src/languages/CASES.md.)

(function () {
  function fail(m) { throw new Error(m); } // expect: Error "{m}" params: m
  fail('first module'); // expect-call: fail "first module"
})();
(function () {
  function fail(m) { throw new TypeError(m); } // expect: TypeError "{m}" params: m
  fail('second module'); // expect-call: fail "second module"
})();
fail('no fail is bound here');
function top(m) { throw new RangeError(m); } // expect: RangeError "{m}" params: m symbol: top
(function () { top('top is bound everywhere'); })(); // expect-call: top "top is bound everywhere"
