// Sites that are not throws: promise rejections, errors handed to callbacks and
// emitted, console.error/console.warn and process.emitWarning. (Marks:
// src/languages/CASES.md.)

// Promise.reject and reject() in an executor
function rejects(x) {
  if (!x) return Promise.reject(new TypeError('x required')); // expect: TypeError "x required" type: rejection severity: error
  return new Promise((resolve, reject) => {
    reject(new Error('nope ' + JSON.stringify(x))); // expect: Error "nope {x}" type: rejection holes: x:repr
  });
}
// rej(e): a call named rej is not a reject, but the error built there is still a construction site
function late() { return new Promise((res, rej) => { const e = new Error('late'); rej(e); }); } // expect: Error "late" type: exception

// callbacks, next(), done(err) with err built above, emitted errors
function callbacks(input, cb) {
  if (!input) return cb(new Error('no input')); // expect: Error "no input" type: callback
  next(new ValidationError('invalid')); // expect: ValidationError "invalid" type: callback
  // done(er) two lines down reports this construction; self.emit('error', er) the same error again
  const er = new SyntaxError('bad input'); // expect: SyntaxError "bad input" type: callback
  process.nextTick(() => done(er)); // expect-no-site
  callback(input); // expect-no-site
  cb(null, input); // expect-no-site
  this.emit('error', new Error('stream broke')); // expect: Error "stream broke" type: callback
  self.emit('error', er); // expect-no-site
  // errors built but handed to something else are construction sites; assertion arguments are not
  this.emit('data', new Error('not an error event')); // expect: Error "not an error event" type: exception
  expect(parse(new Error('x'))).toBe(1); // expect-no-site
  errors.push(new Error('collected')); // expect: Error "collected" type: exception
}

// a callback given a non-error value is not a site
function values(cb) {
  const buf = new Array(3); // expect-no-site
  cb(buf); // expect-no-site
  const p = new Proxy({}, {}); // expect-no-site
  callback(p); // expect-no-site
}

// console.error / console.warn
console.error('failed to load %s:', p, 'x'); // expect: - "failed to load {p}: x" type: log severity: error holes: p
console.warn(`deprecated ${name}`); // expect: - "deprecated {name}" type: log severity: warning holes: name
console.error(err); // expect: - "{err}" type: log severity: error holes: err

// process.emitWarning
// expect: DeprecationWarning "Thing is deprecated" type: warning severity: warning code: DEP0001
process.emitWarning('Thing is deprecated', 'DeprecationWarning', 'DEP0001');
process.emitWarning('Other', { code: 'X1', type: 'ExperimentalWarning' }); // expect: ExperimentalWarning "Other" type: warning code: X1
process.emitWarning(`plain ${x}`); // expect: Warning "plain {x}" type: warning code: - holes: x
