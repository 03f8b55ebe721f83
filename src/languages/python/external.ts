// Assertion helpers of the standard library used in library code: `self.fail('msg')` and
// `self.assertTrue(x, 'msg')` in a class derived from `unittest.TestCase`, and `typing.assert_never(x)`.
// The call raises the message it is given (AssertionError), so it is a site with that message.
// Recognised by how the name is imported (`from unittest import TestCase`, `import unittest`, `from
// typing import assert_never`), never by the bare name; the table below is the whole of it, as data.

import { hole, lit, type Template } from '../../template/ir.js';

/** `self.<method>(…)` of a TestCase: the message argument's position (after `self`), also accepted as `msg=`. */
const TESTCASE_MSG: Record<string, number> = {
  fail: 0,
  ...Object.fromEntries(['assertTrue', 'assertFalse', 'assertIsNone', 'assertIsNotNone'].map((m) => [m, 1])),
  ...Object.fromEntries([
    'assertEqual', 'assertNotEqual', 'assertIs', 'assertIsNot', 'assertIn', 'assertNotIn', 'assertIsInstance', 'assertNotIsInstance',
    'assertLess', 'assertLessEqual', 'assertGreater', 'assertGreaterEqual', 'assertCountEqual', 'assertMultiLineEqual',
    'assertListEqual', 'assertTupleEqual', 'assertDictEqual', 'assertSetEqual', 'assertRegex', 'assertNotRegex',
  ].map((m) => [m, 2])),
};

export interface ExternalCall {
  /** The message argument's position, or null when the helper fixes the message. */
  index: number | null;
  /** The keyword the message may be passed as. */
  keyword: string | null;
  /** The message from the message argument's template (or the call's first argument, for a fixed message). */
  compose: (msg: Template) => Template;
  errorClass: string;
}

/**
 * unittest's `_formatMessage` with `longMessage` (the default): the standard message, ` : `, the one
 * given. `fail` raises the message as it is.
 */
const testCase = (method: string): ExternalCall | null => {
  const index = TESTCASE_MSG[method];
  if (index === undefined) return null;
  const compose = method === 'fail' ? (m: Template) => m : (m: Template) => [hole('standardMsg'), lit(' : '), ...m];
  return { index, keyword: 'msg', compose, errorClass: 'AssertionError' };
};

/** typing.assert_never(arg): `Expected code to be unreachable, but got: {repr(arg)}`. */
const ASSERT_NEVER: ExternalCall = {
  index: 0, keyword: 'arg', errorClass: 'AssertionError',
  compose: (m) => [lit('Expected code to be unreachable, but got: '), ...(m.length ? [hole('arg', 'repr')] : [])],
};

/** What a file binds from the modules of the table, read from its text. */
export interface ExternalBindings {
  /** Classes of the file derived from unittest's TestCase. */
  testCases: Set<string>;
  /** Names bound to typing.assert_never (`assert_never`, `typing.assert_never`, `t.assert_never`). */
  assertNever: Set<string>;
}

const CLASS_DEF = /^[ \t]*class[ \t]+([A-Za-z_]\w*)[ \t]*\(([^)]*)\)/gm;

export function externalBindings(source: string): ExternalBindings | null {
  const unittest = source.includes('unittest');
  const typing = source.includes('assert_never');
  if (!unittest && !typing) return null;
  const out: ExternalBindings = { testCases: new Set(), assertNever: new Set() };
  if (unittest) {
    // (`TestCase` as imported from unittest, `unittest.TestCase`, `case.TestCase` with `from unittest import case`)
    const bases = new Set<string>();
    for (const m of source.matchAll(/^[ \t]*from[ \t]+unittest(?:\.case)?[ \t]+import[ \t]+([^\n#]*)/gm)) {
      for (const item of m[1].replace(/[()]/g, '').split(',')) {
        const [name, local] = item.trim().split(/\s+as\s+/);
        if (name === 'TestCase') bases.add(local ?? name);
        if (name === 'case') bases.add(`${local ?? name}.TestCase`);
      }
    }
    for (const m of source.matchAll(/^[ \t]*import[ \t]+unittest(?:[ \t]+as[ \t]+(\w+))?/gm)) bases.add(`${m[1] ?? 'unittest'}.TestCase`);
    if (bases.size) {
      // (a class derived from one derived from TestCase in the same file counts too)
      const classes = [...source.matchAll(CLASS_DEF)].map((m) => ({ name: m[1], bases: m[2].split(',').map((b) => b.trim()) }));
      for (let changed = true; changed;) {
        changed = false;
        for (const c of classes) {
          if (out.testCases.has(c.name) || !c.bases.some((b) => bases.has(b) || out.testCases.has(b))) continue;
          out.testCases.add(c.name);
          changed = true;
        }
      }
    }
  }
  if (typing) {
    for (const m of source.matchAll(/^[ \t]*from[ \t]+typing(?:_extensions)?[ \t]+import[ \t]+([^\n#]*)/gm)) {
      for (const item of m[1].replace(/[()]/g, '').split(',')) {
        const [name, local] = item.trim().split(/\s+as\s+/);
        if (name === 'assert_never') out.assertNever.add(local ?? name);
      }
    }
    for (const m of source.matchAll(/^[ \t]*import[ \t]+typing(?:_extensions)?(?:[ \t]+as[ \t]+(\w+))?/gm)) out.assertNever.add(`${m[1] ?? 'typing'}.assert_never`);
  }
  return out.testCases.size || out.assertNever.size ? out : null;
}

/** What a call is, given the file's bindings and the class its method is in (the first segment of its symbol). */
export function externalCall(b: ExternalBindings, callee: string, symbol: string | null): ExternalCall | null {
  if (b.assertNever.has(callee)) return ASSERT_NEVER;
  const m = /^self\.(\w+)$/.exec(callee);
  if (!m || !symbol) return null;
  return b.testCases.has(symbol.split('.')[0]) ? testCase(m[1]) : null;
}

/** The callees to look for: `self.<method>` of the table, and the names bound to assert_never. */
export function externalCallees(b: ExternalBindings): string[] {
  return [...(b.testCases.size ? Object.keys(TESTCASE_MSG).map((m) => `self.${m}`) : []), ...b.assertNever];
}
