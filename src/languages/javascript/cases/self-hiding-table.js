// A self-hiding helper's message is read at each call: literal keys into its
// table of messages, absent arguments; a key known only at run time gives every
// entry, the first as the template and the others as alternatives. (Marks:
// src/languages/CASES.md.)

var ec = [
    'unexpected EOF',
    , // determined by compression function
    'invalid zip data',
];
var err = function (ind, msg, nt) {
    var e = new Error(msg || ec[ind]);
    e.code = ind;
    if (Error.captureStackTrace)
        Error.captureStackTrace(e, err);
    if (!nt)
        throw e;
    return e;
};
function unzip(d) {
    if (!d) err(2); // expect: Error "invalid zip data"
    if (d.x) err(0, 'custom ' + d.x); // expect: Error "custom {x}"
    err(d.code); // expect: Error "unexpected EOF" alternatives: "invalid zip data"
}
