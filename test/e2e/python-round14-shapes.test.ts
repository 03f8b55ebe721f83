// Round 14's shape through the CLI, on Debian's demjson (decision 0114): the error is made by running
// the real library (/usr/bin/python3) on bad input, and its message is explained against an index of
// the library. demjson's parser pushes each error on its state (`push_cond(behavior, message, …)` →
// `__push_err(message, …)`: `err = JSONDecodeError(message, …)` / `self.push_exception(err)`, which
// does `self.errors.append(exc)`), and `decode` raises the first later: `errors = [err for err in
// state.errors if err.severity in ('fatal','error')]` / `raise errors[0]`.
import { describe, expect, it } from 'vitest';
import { firstAnswer as first, haveLibs as have, raised } from './debian-python.js';

describe.skipIf(!have('demjson.py'))('errors pushed on a parser state and the first raised later (demjson)', () => {
  it("says the text each pusher hands, at the raise", () => {
    const m = raised("import demjson\ndemjson.decode('[1,]', strict=True)").message;
    expect(m).toBe('Strict JSON does not allow a final comma in an array (list) literal');
    const a = first('demjson.py', m);
    expect(a.file).toBe('demjson.py');
    expect(a.template).toBe(m);
    expect(a.line).toBe(4915);
  });

  it('says a text handed through a second pusher (push_error)', () => {
    const m = raised("import demjson\ndemjson.decode('0x')").message;
    expect(m).toBe('Hexadecimal number is invalid');
    expect(first('demjson.py', m)).toMatchObject({ file: 'demjson.py', line: 4915, template: m });
  });
});
