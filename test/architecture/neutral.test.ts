// Outside src/languages/, no module names a language: whatever differs between
// languages is asked of the pack registry. A third language then gets its own
// behaviour, never JavaScript's or Python's by default.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const LANGUAGE_WORDS = /python|javascript|typescript|\bjava\b|kotlin|\bruby\b|\bphp\b|\brust\b|golang|['"`]go['"`]/i;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The code of a TypeScript source without its comments (strings and regexes are kept: they are code). */
function code(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Lines of code that name a language. */
export function languageNames(text: string): string[] {
  return code(text).split('\n').filter((l) => LANGUAGE_WORDS.test(l)).map((l) => l.trim());
}

describe('language neutrality', () => {
  it('finds a language named in code, not in comments', () => {
    expect(languageNames("const isPython = (f: string) => f.endsWith('.py');")).toHaveLength(1);
    expect(languageNames("if (lang === 'javascript') return;")).toHaveLength(1);
    expect(languageNames('guardsMayHold(g, p, a, python);')).toHaveLength(1);
    expect(languageNames('// in Python this is a tuple\n/* JavaScript: an array */\nconst x = 1;')).toEqual([]);
  });

  it('no module outside src/languages/ names a language', () => {
    // (an install layout, src/ecosystems/<id>/, reads its runtime's own directories: `lib/python3.11/site-packages`)
    const offenders = files(SRC)
      .filter((f) => !f.startsWith(path.join(SRC, 'languages') + path.sep) && !f.startsWith(path.join(SRC, 'ecosystems') + path.sep))
      .flatMap((f) => languageNames(fs.readFileSync(f, 'utf8')).map((l) => `${path.relative(SRC, f)}: ${l}`));
    expect(offenders).toEqual([]);
  });
});
