// A helper bound in a scope but also called as a member is searched for in the
// whole file. (Marks: src/languages/CASES.md.)

(function () {
  function fail(m) { throw new Error(m); } // expect: Error "{m}" params: m
  fail('in scope'); // expect-call: fail "in scope"
})();
api.fail('member call elsewhere'); // expect-call: fail "member call elsewhere"
