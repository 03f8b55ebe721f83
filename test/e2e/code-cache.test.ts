// The bundle's chunks run with the V8 code cache the build left beside them (cli/code-cache.ts),
// and a cache is used only with the source it was made from: V8 itself would run the bytecode of
// a chunk edited to another text of the same length.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, errdex } from './cli.js';

const BUNDLE = path.dirname(CLI);
const HELP_LINE = 'errdex: an error index built from source code';

/** The built CLI copied inside the repository (so its packages still resolve), to edit a chunk. */
function copyBundle(): string {
  const repo = path.resolve(import.meta.dirname, '../..');
  fs.mkdirSync(path.join(repo, '.errdex'), { recursive: true });
  const copy = fs.mkdtempSync(path.join(repo, '.errdex', 'bundle-copy-'));
  fs.cpSync(BUNDLE, copy, { recursive: true });
  return copy;
}

describe('the code cache', () => {
  it('is built beside the chunks explain loads', () => {
    const chunks = fs.readdirSync(BUNDLE).filter((f) => f.endsWith('.js') && f !== 'main.js');
    const cached = chunks.filter((f) => fs.existsSync(path.join(BUNDLE, `${f}.v8-cache`)));
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.some((f) => f.startsWith('explain-'))).toBe(true);
  });

  it('is not used for a chunk edited to a text of the same length', () => {
    const copy = copyBundle();
    try {
      const chunk = fs.readdirSync(copy).filter((f) => f.endsWith('.js')).find((f) => fs.readFileSync(path.join(copy, f), 'utf8').includes(HELP_LINE));
      expect(chunk).toBeDefined();
      expect(fs.existsSync(path.join(copy, `${chunk}.v8-cache`))).toBe(true);
      const cli = path.join(copy, 'main.js');
      expect(errdex(['--help'], { cli }).stdout).toContain(HELP_LINE);
      const edited = HELP_LINE.replace('error index', 'ERROR INDEX');
      const file = path.join(copy, chunk!);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(HELP_LINE, edited));
      const r = errdex(['--help'], { cli });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(edited);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
