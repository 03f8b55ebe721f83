// A method's calls on another class of the file (by name, or on `this` in that
// class's methods) are not its callers; calls on a subclass, on `this` in a base
// class, on the class itself and on an unknown receiver are. (Marks:
// src/languages/CASES.md.)

class Dec { static parse(s) { throw new Error(`bad decimal ${s}`); } } // expect: Error "bad decimal {s}" symbol: Dec.parse
// expect-class: Sub - bases: Dec
class Sub extends Dec { static of() { return Sub.parse("via subclass"); } } // expect-call: parse "via subclass"
class Other {
  static parse(s) { return s; }
  static a() { return Other.parse("other class"); }
  b() { return this.parse("other this"); }
}
class Base { c() { return this.parse("base of a subclass"); } } // expect-call: parse "base of a subclass"
// expect-class: Kid - bases: Base
class Kid extends Base { parse(s) { throw new Error(`bad kid ${s}`); } } // expect: Error "bad kid {s}" symbol: Kid.parse
Dec.parse("the class itself"); // expect-call: parse "the class itself"
x.parse("unknown receiver"); // expect-call: parse "unknown receiver"
