// The keys a table is filed under and a caller passes (memberKey), and whether a class's
// message takes a parameter of the function constructing it (classPassesParam).
import { describe, expect, it } from 'vitest';
import { classPassesParam, hole, lit, memberKey, type Template } from '../../src/template/ir.js';

describe('memberKey', () => {
  it("keys an enum member or a namespace's constant by its last two segments", () => {
    expect(memberKey('Errors.UnexpectedToken')).toBe('Errors.UnexpectedToken');
    expect(memberKey('errors_1.Errors.UnexpectedToken')).toBe('Errors.UnexpectedToken');
    expect(memberKey('ErrorCode.INVALID')).toBe('ErrorCode.INVALID');
  });
  it('is no key for an instance member, a call or a single name', () => {
    expect(memberKey('self.name')).toBeNull();
    expect(memberKey('parser.token')).toBeNull();
    expect(memberKey('Errors')).toBeNull();
    expect(memberKey('Errors.get(x)')).toBeNull();
    expect(memberKey('this.Errors')).toBeNull();
  });
});

describe('classPassesParam', () => {
  const lookup: Template = [lit('['), hole('line'), lit(']: '), { hole: { name: 'type', expr: 'messages[type]', kind: 'any', lookup: { table: 'messages', key: null, param: 'type' } } }];
  const arg = (expr: string) => ({ name: null, template: [hole(expr)] });
  it("is true when the argument for the class's looked-up parameter is the site's parameter", () => {
    expect(classPassesParam(lookup, ['line', 'type'], [arg('parser.line'), arg('type')], ['parser', 'type'])).toBe(true);
    expect(classPassesParam(lookup, ['line', 'type'], [arg('parser.line'), { name: 'type', template: [hole('code')] }], ['code'])).toBe(true);
  });
  it('is false when only fixed values or other parameters reach the message', () => {
    expect(classPassesParam(lookup, ['line', 'type'], [arg('parser.line'), { name: null, template: [lit('30')] }], ['parser', 'type'])).toBe(false);
    expect(classPassesParam(lookup, ['line', 'type'], [arg('line'), arg('type')], ['other'])).toBe(false);
    expect(classPassesParam([lit('fixed')], [], [arg('type')], ['type'])).toBe(false);
  });
});
