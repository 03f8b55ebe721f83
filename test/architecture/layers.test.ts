// The import-direction rules of `npm run lint` (.dependency-cruiser.cjs) catch what they are for:
// the real tree passes, and a copy of it with one planted import of each kind fails by name.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const DEPCRUISE = path.join(REPO, 'node_modules/.bin/depcruise');

function cruise(cwd: string): { code: number; out: string } {
  const r = spawnSync(DEPCRUISE, ['src', '--config', path.join(REPO, '.dependency-cruiser.cjs')], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status ?? -1, out: r.stdout + r.stderr };
}

describe('import direction', () => {
  it('the tree as it is passes', () => {
    const r = cruise(REPO);
    expect(r.code, r.out).toBe(0);
  });

  it('a backwards import, a pack importing another pack, code from core up to record and a cycle each fail', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-layers-'));
    try {
      fs.cpSync(path.join(REPO, 'src'), path.join(copy, 'src'), { recursive: true });
      fs.copyFileSync(path.join(REPO, 'tsconfig.json'), path.join(copy, 'tsconfig.json'));
      const plant = (file: string, line: string) => fs.appendFileSync(path.join(copy, 'src', file), `\n${line}\n`);
      plant('template/ir.ts', "import '../store/sqlite.js';");
      plant('languages/python/repr.ts', "import '../javascript/repr.js';");
      plant('core/store.ts', "import { assemble } from '../record/assemble.js';\nvoid assemble;");
      plant('match/groups.ts', "import './index.js';");
      const r = cruise(copy);
      expect(r.code).not.toBe(0);
      expect(r.out).toContain('layer-template: src/template/ir.ts → src/store/sqlite.ts');
      expect(r.out).toContain('pack-isolation: src/languages/python/repr.ts → src/languages/javascript/repr.ts');
      expect(r.out).toContain('core-types-only: src/core/store.ts → src/record/assemble.ts');
      expect(r.out).toMatch(/no-circular: src\/match\/(groups|index)\.ts/);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
