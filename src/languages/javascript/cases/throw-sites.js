// What a throw throws: the class as written, the message argument, codes and
// statuses set on the error, object literals, factories; rethrows are no
// sites. (Marks: src/languages/CASES.md.)

function literal() {
  // expect: TypeError "bad input" column: 9 severity: error code: - status: - symbol: literal
  // ... args: "bad input" exprs: "bad input" alts: none
  throw new TypeError("bad input");
}

// without new, a namespaced class as written, no arguments
throw TypeError("a"); // expect: TypeError "a"
throw new errors.NotFound(id); // expect: errors.NotFound "{id}" holes: id
throw new Error; // expect: Error - args: none

// a string or template literal
throw "plain"; // expect: - "plain"
throw `tpl ${x}`; // expect: - "tpl {x}" holes: x
throw "a" + b; // expect: - "a{b}" holes: b

// an object literal
throw { message: "nope " + x, code: "E_NOPE", status: 409 }; // expect: - "nope {x}" code: E_NOPE status: 409

function nonText(msg, n) {
  // a non-string first argument is one hole; a parameter message is a hole
  throw new Error(msg); // expect: Error "{msg}" holes: msg
  // (a code before a text: the text is the message, decision 0064)
  throw new HttpError(404, "x"); // expect: HttpError "x" args: "404" "x"
  throw new Error(a.b.c()); // expect: Error "{c}" holes: a.b.c()
}

// an error built above, with code and status assigned: the site is where the
// error is constructed, the line V8 stack traces show
function builtAbove(a) {
  const err = new Error(`failed ${a}`); // expect: Error "failed {a}" holes: a code: E_FAIL status: 503 column: 15
  err.code = 'E_FAIL';
  err.statusCode = 503;
  throw err; // expect-no-site: (the construction above is the site)
}
function builtAboveVar() {
  var e = new TypeError('bad'); // expect: TypeError "bad" status: 404
  e.status = 404;
  throw e; // expect-no-site
}

// rethrows of caught errors or parameters are no sites
function rethrows(err, cb) {
  try { g(); } catch (e) { throw e; } // expect-no-site
  try { g(); } catch (e) { arr.forEach(() => { throw e; }); } // expect-no-site
  throw err; // expect-no-site
}
function h() { throw result.error; } // expect-no-site
function k() { const e2 = somethingElse; throw e2; } // expect-no-site

// a factory call is a site without a class; http-errors style status
throw createError(404, "Not Found"); // expect: - "Not Found" status: 404
throw makeError("ERR_BAD_THING", "bad " + x); // expect: - "bad {x}" holes: x code: ERR_BAD_THING

// Node-style codes: options object, Object.assign, ERR_ classes
throw new Error("m1", { code: 'ERR_ONE', cause: e }); // expect: Error "m1" code: ERR_ONE
throw Object.assign(new RangeError('m2'), { code: 'ERR_TWO', statusCode: 418 }); // expect: RangeError "m2" code: ERR_TWO status: 418
throw new ERR_INVALID_ARG_TYPE('name', 'string', value); // expect: ERR_INVALID_ARG_TYPE code: ERR_INVALID_ARG_TYPE exprs: 'name', 'string', value
throw new codes.ERR_OUT_OF_RANGE('x'); // expect: codes.ERR_OUT_OF_RANGE code: ERR_OUT_OF_RANGE
