// ES5 error constructors: util.inherits, Object.create, setPrototypeOf,
// `X.prototype = new Base()`, Base.call(this, msg); a message chosen by a
// condition (the last is the template, the others `branches:`). (Marks:
// src/languages/CASES.md.)

function MyError(message) { this.message = 'My: ' + message; this.code = 'EMY'; } // expect-class: MyError "My: {message}" holes: message bases: Error params: message code: EMY
util.inherits(MyError, Error);
var Other = function (msg, code) { Error.call(this, msg); this.code = code; }; // expect-class: Other "{msg}" holes: msg bases: Error params: msg, code
Other.prototype = Object.create(Error.prototype);
function Third(m) { this.message = m; } // expect-class: Third "{m}" holes: m bases: RangeError
Object.setPrototypeOf(Third.prototype, RangeError.prototype);
// expect-class: IndexError "Index out of range ({index})" holes: index bases: RangeError params: index, max
// ... branches: "Index out of range ({index} < 0)" "Index out of range ({index} > {max})"
// ... branch-holes: index | index, max - 1
function IndexError(index, max) {
  if (index < 0) this.message = 'Index out of range (' + index + ' < 0)';
  else if (index >= max) this.message = 'Index out of range (' + index + ' > ' + (max - 1) + ')';
  else this.message = 'Index out of range (' + index + ')';
}
// (the prototype's construction is a construction site, as any `new RangeError()` handed on)
IndexError.prototype = new RangeError(); // expect: RangeError - args: none
