import { describe, expect, it } from 'vitest';
import { evaluateCondition, type ConditionSyntax, type Result } from '../../src/core/condition.js';
import * as javascript from '../../src/languages/javascript/condition.js';
import * as python from '../../src/languages/python/condition.js';
import { JAVASCRIPT_ROWS, LITERAL_ROWS, PYTHON_ROWS, type Row } from './condition-table.js';

/** A result as the table writes it: '?' unknown, `undefined`, lists in brackets, else JSON. */
const show = (r: Result): string =>
  typeof r === 'symbol' ? '?' : r === undefined ? 'undefined' : Array.isArray(r) ? `[${r.map(show).join(',')}]` : JSON.stringify(r);

function same(syntax: ConditionSyntax, rows: Row[]) {
  const got: string[] = [];
  const want: string[] = [];
  for (const [text, cases] of rows) {
    const cond = syntax.parseCondition(text);
    for (const [values, result] of cases) {
      const at = `${JSON.stringify(text)} with ${JSON.stringify(values)}`;
      got.push(`${at}: ${show(evaluateCondition(cond, new Map(Object.entries(values))))}`);
      want.push(`${at}: ${result}`);
    }
  }
  expect(got).toEqual(want);
}

describe('conditions evaluate as before the IR (condition-table.ts)', () => {
  it('Python', () => same(python, PYTHON_ROWS));
  it('JavaScript', () => same(javascript, JAVASCRIPT_ROWS));
  it('literal arguments', () => {
    expect(LITERAL_ROWS.map(([e]) => [e, show(python.parseLiteral(e)), show(javascript.parseLiteral(e))])).toEqual(LITERAL_ROWS);
  });
});
