import { describe, expect, it } from 'vitest';
import { callbacks, storedCallbacks } from '../../src/languages/python/callbacks.js';
import { dispatchers, instanceNames } from '../../src/languages/python/dispatch.js';
import { loadAnalyzers } from '../../src/languages/registry.js';

describe('callbacks handed by keyword (python/callbacks.ts)', () => {
  it('reads a method or a function of the file handed to a call by keyword', () => {
    const src = [
      'def on_error(msg): pass',
      'class P:',
      '    def __init__(self, lexer=Lexer):',
      '        self.clex = lexer(error_func=self._lex_error_func, on_lbrace_func=self._lbrace,',
      '                          type_lookup_func=self._lookup)',
      '        other(cb=on_error, n=count)',
      '    def _lex_error_func(self, msg, line, column): pass',
      '    def _lookup(self, name): pass',
    ].join('\n');
    // (`self._lbrace` and `count` are no function the file defines)
    expect(callbacks(src)).toEqual([
      { key: 'error_func', fn: '_lex_error_func' },
      { key: 'type_lookup_func', fn: '_lookup' },
      { key: 'cb', fn: 'on_error' },
    ]);
  });

  it('reads an attribute kept from a parameter of its name and called', () => {
    const src = [
      'class Lexer:',
      '    def __init__(self, error_func, name, on_done):',
      '        self.error_func = error_func',
      '        self.name = name',
      '        self.on_done = on_done  # kept, never called',
      '    def _error(self, msg, token):',
      '        self.error_func(msg, token.line, token.col)',
    ].join('\n');
    expect(storedCallbacks(src)).toEqual(['error_func']);
  });
});

describe('methods reached through __getattr__ (python/dispatch.ts)', () => {
  const handler = [
    'class _Handler(object):',
    '    def __getattr__(self, name):',
    '        "use self._log items"',
    "        calls = ('debug', 'info', 'warn', 'error')",
    "        other = ('setLevel', 'addHandler')",
    '        if name in calls:',
    '            self._logcall = getattr(self._log, name)',
    '            return self.__handle',
    '        elif name in other:',
    '            return getattr(self._log, name)',
    '        else:',
    "            raise AttributeError('No Attribute %r found' % name)",
    '',
    '    def __handle(self, msg, token=None):',
    '        raise ValueError(msg)',
    '',
    'class Handler(_Handler):',
    '    instance = None',
    '',
    'class Proxy(object):',
    '    def __getattr__(self, name):',
    "        if name in ['a', 'b']:",
    '            return getattr(self._target, name)',
  ].join('\n');

  it('reads the names a __getattr__ returns one of its methods for, with the classes derived from it', () => {
    expect(dispatchers(handler)).toEqual([{ classes: ['_Handler', 'Handler'], method: '__handle', names: ['debug', 'info', 'warn', 'error'] }]);
  });

  it('reads the names assigned an instance of those classes', () => {
    const src = ['import errorhandler', '_log = errorhandler.Handler()', 'class Base(object):', '    log = Handler(log=None)', '    def __init__(self):', '        self.other = OtherHandler()'].join('\n');
    expect(instanceNames(src, ['_Handler', 'Handler'])).toEqual(['_log', 'log']);
  });
});

describe('calls through a stored callable (python/calls.ts helperCalls)', () => {
  it('lists the stored call and, as calls of this file only, the calls of the functions that hand it their parameter', async () => {
    const src = [
      'class Lexer(object):',
      '    def __init__(self, error_func):',
      '        self.error_func = error_func',
      '    def _error(self, msg, token):',
      '        self.error_func(msg, token.line, token.col)',
      '    def t_error(self, t):',
      "        self._error('Illegal character %s' % repr(t.value[0]), t)",
      '    def read(self, n):',
      "        return self.decode('abc', n)",
    ].join('\n');
    const a = (await loadAnalyzers()).language('python')!.analyze(src, 'lexer.py');
    const calls = (a.calls ?? []).map((c) => ({ callee: c.callee, symbol: c.symbol, stored: !!c.stored, local: !!c.local }));
    expect(calls).toEqual([
      { callee: 'error_func', symbol: 'Lexer._error', stored: true, local: false },
      { callee: '_error', symbol: 'Lexer.t_error', stored: false, local: true },
    ]);
  });
});
