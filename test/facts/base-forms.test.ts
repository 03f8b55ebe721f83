import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/record/assemble.js';
import { loadAnalyzers } from '../../src/languages/registry.js';

const analyzers = await loadAnalyzers();
const python = analyzers.language('python')!;

/** The messages of the records at each line of one Python file analyzed as a tree. */
function messagesAt(text: string, line: number): string[] {
  const out = assemble(
    { repo: 'x/y', sha: null, package: null, version: null, pathPrefix: '', analyzedAt: '2026-01-01T00:00:00Z' },
    [{ rel: 'dsn.py', language: 'python', text, analysis: python.analyze(text, 'dsn.py') }],
    analyzers,
  );
  return out.records.filter((r) => r.lineNumber === line || (r.alsoAt ?? []).includes(line)).map((r) => r.errorMessage);
}

describe('a base constructor\'s forms, bound by a subclass', () => {
  const src = [
    'class DsnError(ValueError):',
    '    def __init__(self, message, dsn=None):',
    '        if dsn:',
    '            message = f\'Invalid "{dsn}" DSN: {message}\'',
    '        super().__init__(message)',
    '',
    'class MissingOption(DsnError):',
    '    def __init__(self, option, dsn=None):',
    '        super().__init__(f\'The option "{option}" is required\', dsn)',
    '',
    'def required(key):',
    '    raise MissingOption(key)',
    '',
    'def required_in(key, dsn):',
    '    raise MissingOption(key, dsn)',
    '',
  ].join('\n');

  it('gives a raise that leaves out what the fuller form needs the base\'s other form', () => {
    expect(messagesAt(src, 12)[0]).toBe('The option "{key}" is required');
  });

  it('keeps the fuller form for a raise that passes it', () => {
    expect(messagesAt(src, 15)[0]).toBe('Invalid "{dsn}" DSN: The option "{key}" is required');
  });
});
