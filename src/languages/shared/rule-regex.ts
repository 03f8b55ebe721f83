// Character classes for the regexes of ast-grep rules. napi compiles a rule's regexes with Rust's
// regex crate at every find/findAll, and its Unicode classes are large: one `\w` costs about
// 0.3 ms to compile, more than walking a whole file; `\s` about 0.03 ms. Rules spell them in
// ASCII instead (identifiers and layout in real code are ASCII; a name outside it is not matched).

/** `\w`, ASCII. */
export const W = '[A-Za-z0-9_]';
/** `\s`, ASCII. */
export const S = '[ \\t\\r\\n\\f\\v]';
