// The read-only commands load no analysis: explain, show and stats read traces and records, and
// each pack's analyzer (its grammars, analyze, condition syntax, and the native parser) is
// imported only by what analyzes (LanguagePack.analyzer). Checked on the built CLI, tsc's modules
// and the bundle users run (`bin`, whose chunks keep those lazy imports): a module hook records
// every module a process loads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI as BUNDLE, tmpDir, write } from '../e2e/cli.js';

const DIST = path.resolve(import.meta.dirname, '../../dist');
const LANGUAGES = path.join(DIST, 'languages');
/** tsc's modules, one file each: what a module hook can tell apart. */
const CLI = path.join(DIST, 'cli/main.js');

/** Records each ES module a process loads, and the CommonJS modules it required by its exit, into $MODULE_LOG. */
const HOOK = `
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
import fs from 'node:fs';
export async function load(url, context, next) {
  fs.appendFileSync(process.env.MODULE_LOG, url + '\\\\n');
  return next(url, context);
}\`));
const require = createRequire(import.meta.url);
process.on('exit', () => fs.appendFileSync(process.env.MODULE_LOG, Object.keys(require.cache).map((f) => 'file://' + f + '\\n').join('')));
`;

/** The modules a compiled module imports statically (a dynamic import() is not followed), as absolute paths. */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  return specs.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    staticImports(f).forEach(visit);
  };
  visit(entry);
  return seen;
}

const packs = fs.readdirSync(LANGUAGES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(LANGUAGES, e.name, 'index.js')))
  .map((e) => e.name);

/** Each pack's analyzer module and what only it imports (not what the registry, with every pack's index, imports too). */
function analyzerModules(pack: string): Set<string> {
  const analyzer = path.join(LANGUAGES, pack, 'analyzer.js');
  if (!fs.existsSync(analyzer)) return new Set();
  const light = closure(path.join(LANGUAGES, 'registry.js'));
  return new Set([...closure(analyzer)].filter((f) => !light.has(f)));
}

let dir: string;
let db: string;
let hook: string;
let recordId: string;
/** What the analyze that built the index loaded. */
let analyzed: string[];

function loaded(args: string[], cli = CLI): { code: number; stderr: string; modules: string[] } {
  const log = path.join(dir, `modules-${Math.random().toString(36).slice(2)}.log`);
  fs.writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, cli, ...args], {
    env: { ...process.env, NO_COLOR: '1', MODULE_LOG: log },
    encoding: 'utf8',
  });
  const modules = fs.readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith('file://')).map((u) => decodeURIComponent(u.slice('file://'.length)));
  return { code: r.status ?? -1, stderr: r.stderr, modules };
}

const PY = `class QuotaError(Exception):
    pass


def reserve(n):
    if n > 10:
        raise QuotaError(f"quota exceeded: wanted {n}")
`;
const JS = `function open(name) {
  if (!name) throw new TypeError('a name is required: got ' + name);
}
module.exports = { open };
`;
const TRACEBACK = `Traceback (most recent call last):
  File "/srv/app/quota.py", line 7, in reserve
    raise QuotaError(f"quota exceeded: wanted {n}")
quota.QuotaError: quota exceeded: wanted 12`;
const NODE_STACK = `TypeError: a name is required: got undefined
    at open (/srv/app/node_modules/files/index.js:2:23)
    at Object.<anonymous> (/srv/app/main.js:1:1)`;

beforeAll(() => {
  dir = tmpDir('startup');
  hook = write(dir, 'hook.mjs', HOOK);
  const tree = path.join(dir, 'tree');
  write(tree, 'quota.py', PY);
  write(tree, 'files/index.js', JS);
  db = path.join(dir, 'index.sqlite');
  // (in-process: the hook sees the main thread's modules)
  const a = loaded(['analyze', tree, '--db', db, '--json', '--threads', '0']);
  expect(a.code, a.stderr).toBe(0);
  analyzed = a.modules;
  const found = spawnSync(process.execPath, [CLI, 'explain', 'quota exceeded: wanted 12', '--db', db, '--json'], { encoding: 'utf8' });
  recordId = JSON.parse(found.stdout).hits[0].recordId;
});

describe('what a command loads', () => {
  it('each pack has an analyzer module, apart from what its index imports, and analyze loads those of the tree\'s languages alone', () => {
    expect(packs.length).toBeGreaterThan(2);
    // (the tree holds a Python and a JavaScript file)
    const used = new Set(['python', 'javascript']);
    for (const pack of packs) {
      const modules = analyzerModules(pack);
      expect(modules.size, `${pack}: no analyzer.js importing modules its index.js does not`).toBeGreaterThan(1);
      const analyzer = path.join(LANGUAGES, pack, 'analyzer.js');
      if (used.has(pack)) for (const m of modules) expect(analyzed, `analyze loads ${path.relative(DIST, m)}`).toContain(m);
      else expect(analyzed, `analyze of a Python and JavaScript tree loads ${path.relative(DIST, analyzer)}`).not.toContain(analyzer);
    }
    expect(analyzed.some((m) => m.includes('/@ast-grep/'))).toBe(true);
  });

  it.each([
    ['explain MESSAGE', () => ['explain', 'quota exceeded: wanted 12', '--db', db]],
    ['explain TRACEBACK', () => ['explain', TRACEBACK, '--db', db]],
    ['explain NODE_STACK --json', () => ['explain', NODE_STACK, '--db', db, '--json']],
    ['show ID', () => ['show', recordId, '--db', db]],
    ['stats', () => ['stats', '--db', db]],
  ])('%s loads no analyzer module and no parser', (_, args) => {
    const r = loaded(args());
    expect(r.code, r.stderr).toBe(0);
    expect(r.modules.length).toBeGreaterThan(3);
    const analysis = new Set(packs.flatMap((p) => [...analyzerModules(p)]));
    // (also any module of errdex that loads the parser itself: a pack's grammar, wherever it is imported from)
    const parsing = (m: string) => m.startsWith(DIST) && m.endsWith('.js') && fs.readFileSync(m, 'utf8').includes('@ast-grep/');
    const wrong = r.modules.filter((m) => analysis.has(m) || m.includes('/@ast-grep/') || parsing(m));
    expect(wrong.map((m) => path.relative(DIST, m))).toEqual([]);
    expect(analysis.size).toBeGreaterThan(0);
  });

  it.each([
    ['explain MESSAGE', () => ['explain', 'quota exceeded: wanted 12', '--db', db]],
    ['show ID', () => ['show', recordId, '--db', db]],
  ])('the bundle: %s loads no analyzer chunk and no parser', (_, args) => {
    const r = loaded(args(), BUNDLE);
    expect(r.code, r.stderr).toBe(0);
    const chunks = r.modules.filter((m) => m.startsWith(path.dirname(BUNDLE)));
    expect(chunks.length).toBeGreaterThan(1);
    // (rolldown names a chunk after its first module: each pack's analyzer.js is one)
    const wrong = r.modules.filter((m) => m.includes('/@ast-grep/') || path.basename(m).startsWith('analyzer-') || (chunks.includes(m) && fs.readFileSync(m, 'utf8').includes('@ast-grep/')));
    expect(wrong.map((m) => path.relative(DIST, m))).toEqual([]);
    expect(r.modules.filter((m) => m.startsWith(DIST) && !chunks.includes(m))).toEqual([]);
  });
});
