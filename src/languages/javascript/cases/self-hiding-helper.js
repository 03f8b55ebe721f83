// A helper that hides itself from the stack (Error.captureStackTrace(e, helper)):
// its calls are the sites, not the construction inside it. (Marks:
// src/languages/CASES.md.)

var err = function (ind, msg, nt) {
  var e = new Error(msg || ec[ind]); // expect-no-site
  e.code = ind;
  if (Error.captureStackTrace) Error.captureStackTrace(e, err);
  if (!nt) throw e;
  return e;
};
function zls(d) {
  if (d[0] != 8) err(6, 'invalid zlib data'); // expect: Error "invalid zlib data" symbol: zls guards: if d[0] != 8 @13
}
// a class hiding its own constructor is no helper
class Mine extends Error { constructor(m) { super(m); Error.captureStackTrace(this, Mine); } } // expect-class: Mine "{m}" bases: Error
