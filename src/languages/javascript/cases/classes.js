// Error classes (ES2015) the file defines, for the class table: the message the
// constructor passes to super or sets, with holes naming its parameters; codes
// and statuses set on `this`. (Marks: src/languages/CASES.md.)

// expect-class: NotFoundError "Resource {name} was not found" holes: name bases: Error
// ... params: name, { cause } code: ENOTFOUND status: 404 exact: yes
class NotFoundError extends Error {
  constructor(name, { cause } = {}) {
    super(`Resource ${name} was not found`);
    this.name = 'NotFoundError';
    this.code = 'ENOTFOUND';
    this.status = 404;
  }
}
class Wrapped extends NotFoundError {} // expect-class: Wrapped - bases: NotFoundError params: none
// expect-class: PassThrough "{message}" holes: message bases: errors.Base params: message status: 500
class PassThrough extends errors.Base {
  constructor(message) { super(message); this.statusCode = 500; }
}
// expect-class: ByMessage "Bad x: {x}" holes: x
class ByMessage extends Error {
  constructor(x) { super(); this.message = 'Bad x: ' + x; }
}

// a constructor local used as the message is followed; params bind
// expect-class: E1 "Invalid {field}: {value}" holes: field, value params: field, value
class E1 extends Error {
  constructor(field, value) {
    const msg = `Invalid ${field}: ${value}`;
    super(msg);
  }
}

// a message the constructor chooses by a condition before passing it to the base
// expect-class: StructError "{msg}" holes: explanation ?? msg
// ... branches: "At path: {join} -- {message}" branch-holes: failure.path.join('.'), message
class StructError extends TypeError {
  constructor(failure, failures) {
    const { message, explanation } = failure;
    const msg = failure.path.length === 0 ? message : `At path: ${failure.path.join('.')} -- ${message}`;
    super(explanation ?? msg);
  }
}
// a parameter's fallback is no message of a site that passes one
// expect-class: WithDefault branches: none
class WithDefault extends Error {
  constructor(message) { super(message || 'Something failed'); }
}
