// `errdex index`: a project with real installed packages (npm's hoisted and
// nested layout, pnpm's store, a workspace; a real venv holding Debian's
// packages with their metadata), each package indexed as its own tree and
// reused by a second project without being read.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir, write } from './cli.js';

const EVAL_MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const DIST = '/usr/lib/python3/dist-packages';

let base: string;

/** A project: package.json, its own code, packages copied from this repository's installs, a venv with Debian's packages. */
function makeProject(dir: string): string {
  write(dir, 'package.json', JSON.stringify({ name: 'shopfront', version: '1.0.0', workspaces: ['packages/*'] }));
  write(dir, 'src/cart.js', `function add(cart, item) {\n  if (!item.sku) throw new Error('cart item needs a sku');\n  cart.push(item);\n}\nmodule.exports = { add };\n`);
  write(dir, 'packages/ui/package.json', JSON.stringify({ name: '@shopfront/ui', version: '0.1.0' }));
  write(dir, 'packages/ui/index.js', `exports.render = (x) => { if (x == null) throw new TypeError('nothing to render'); };\n`);
  const nm = path.join(dir, 'node_modules');
  // hoisted
  for (const p of ['json5', 'cookie']) fs.cpSync(path.join(EVAL_MODULES, p), path.join(nm, p), { recursive: true });
  // nested (envalid ships its own tslib)
  fs.cpSync(path.join(EVAL_MODULES, 'envalid'), path.join(nm, 'envalid'), { recursive: true });
  // pnpm's store, linked from the top
  const store = path.join(nm, '.pnpm/statuses@2.0.2/node_modules/statuses');
  fs.cpSync(path.join(EVAL_MODULES, 'statuses'), store, { recursive: true });
  fs.symlinkSync(path.relative(nm, store), path.join(nm, 'statuses'));
  // a workspace package linked into node_modules: the project's own code, not a package
  fs.mkdirSync(path.join(nm, '@shopfront'), { recursive: true });
  fs.symlinkSync(path.join(dir, 'packages/ui'), path.join(nm, '@shopfront/ui'));
  // a real venv (no Python runs it: errdex reads its files), with Debian's packages and their metadata
  const venv = spawnSync('/usr/bin/python3', ['-m', 'venv', '--without-pip', path.join(dir, '.venv')], { encoding: 'utf8' });
  expect(venv.status, venv.stderr).toBe(0);
  const sp = path.join(dir, '.venv/lib/python3.11/site-packages');
  for (const p of ['iso8601', 'iso8601-1.0.2.dist-info', 'six.py', 'six-1.16.0.egg-info']) fs.cpSync(path.join(DIST, p), path.join(sp, p), { recursive: true });
  return dir;
}

function index(dir: string, db: string, ...flags: string[]) {
  const r = errdex(['index', dir, '--db', db, '--json', ...flags]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

const names = (s: { packages: { ecosystem: string; name: string; version: string }[] }) =>
  s.packages.map((p) => `${p.ecosystem}:${p.name}@${p.version}`).sort();

beforeAll(() => {
  base = tmpDir('index');
}, 60_000);

describe('errdex index', () => {
  it('indexes the project and each installed package as its own tree; a second project reuses them without reading', () => {
    const db = path.join(base, 'a.sqlite');
    const first = index(makeProject(path.join(base, 'one')), db);
    expect(names(first)).toEqual([
      'npm:cookie@1.1.1', 'npm:envalid@8.2.0', 'npm:json5@2.2.3', 'npm:statuses@2.0.2', 'npm:tslib@2.8.1', 'pypi:iso8601@1.0.2', 'pypi:six@1.16.0',
    ]);
    expect(first.packages.every((p: { status: string }) => p.status === 'analyzed')).toBe(true);
    // The project's own code holds the workspace package and none of the installed ones.
    expect(first.own.files).toBe(2);
    expect(first.own.records).toBe(2);
    const trees = JSON.parse(errdex(['stats', '--db', db, '--json']).stdout).treeList as { repo: string; path: string; package: string | null }[];
    expect(trees.filter((t) => t.path.startsWith('npm:json5@2.2.3#'))).toHaveLength(1);
    // The records of a package are found from a trace into the package.
    const json5 = spawnSync(process.execPath, ['-e', `require('json5').parse('{a: }')`], { cwd: path.join(base, 'one'), encoding: 'utf8' });
    const hit = JSON.parse(errdex(['explain', '--json', '--db', db], { input: json5.stderr.slice(json5.stderr.search(/^SyntaxError/m)) }).stdout);
    expect(hit.records[hit.hits[0].recordId].package).toBe('json5');

    // Another project with the same versions: everything reused, nothing parsed.
    const second = index(makeProject(path.join(base, 'two')), db);
    expect(names(second)).toEqual(names(first));
    expect(second.packages.every((p: { status: string }) => p.status === 'reused')).toBe(true);
    expect(second.reused).toBe(7);
  });

  it('analyzes only the package whose version changed', () => {
    const db = path.join(base, 'b.sqlite');
    const dir = makeProject(path.join(base, 'three'));
    index(dir, db);
    const pj = path.join(dir, 'node_modules/cookie/package.json');
    fs.writeFileSync(pj, fs.readFileSync(pj, 'utf8').replace('"version": "1.1.1"', '"version": "1.1.2"'));
    const again = index(dir, db);
    const changed = again.packages.filter((p: { status: string }) => p.status === 'analyzed').map((p: { name: string; version: string }) => `${p.name}@${p.version}`);
    expect(changed).toEqual(['cookie@1.1.2']);
    // The old version left the project's view: gc removes it, and nothing the view holds.
    const cookieTrees = () => (JSON.parse(errdex(['stats', '--db', db, '--json']).stdout).treeList as { path: string }[])
      .filter((t) => t.path.startsWith('npm:cookie@')).map((t) => t.path.split('#')[0]);
    expect(cookieTrees().sort()).toEqual(['npm:cookie@1.1.1', 'npm:cookie@1.1.2']);
    const gc = errdex(['gc', '--db', db, '--json']);
    expect(gc.code, gc.stderr).toBe(0);
    expect(JSON.parse(gc.stdout).trees).toBe(1);
    expect(cookieTrees()).toEqual(['npm:cookie@1.1.2']);
    expect(index(dir, db).reused).toBe(7);
  });

  it('walks no tree whose stats are as the last run left them, and sees a file of an installed package written in place', async () => {
    const db = path.join(base, 'e.sqlite');
    const dir = makeProject(path.join(base, 'five'));
    // (a file changed within 2 s before a walk is not trusted to its stats: the copies age first)
    await new Promise((r) => setTimeout(r, 2100));
    index(dir, db);
    const warm = index(dir, db);
    expect(warm.reused).toBe(7);
    expect(warm.packages.filter((p: { walked: boolean }) => p.walked)).toEqual([]);
    // Written in place (patch-package, an editor writing over the file): the same inode, its directory's times unmoved.
    const file = path.join(dir, 'node_modules/cookie/dist/index.js');
    const before = fs.statSync(path.dirname(file));
    fs.appendFileSync(file, `\nfunction patched() {\n  throw new Error('cookie patched in place');\n}\nexports.patched = patched;\n`);
    expect(fs.statSync(path.dirname(file)).mtimeMs).toBe(before.mtimeMs);
    const after = index(dir, db);
    const walked = (s: typeof after) => s.packages.filter((p: { walked: boolean }) => p.walked).map((p: { name: string; status: string }) => `${p.name} ${p.status}`);
    expect(walked(after)).toEqual(['cookie analyzed']);
    const hit = JSON.parse(errdex(['explain', '--json', '--no-index', '--db', db, 'Error: cookie patched in place']).stdout);
    expect(hit.records[hit.hits[0].recordId]).toMatchObject({ package: 'cookie', filePath: 'dist/index.js' });
    // --verify walks every tree again, and finds each as it was.
    const verified = index(dir, db, '--verify');
    expect(verified.packages.every((p: { walked: boolean; status: string }) => p.walked && p.status === 'reused')).toBe(true);
  });

  it('reports lying manifests and links out of the project, reads nothing outside, and finds the project from a subdirectory', () => {
    const db = path.join(base, 'c.sqlite');
    const dir = path.join(base, 'four');
    write(dir, 'requirements.txt', 'iso8601\n');
    write(dir, 'app/main.py', 'def run(x):\n    if x < 0:\n        raise ValueError("negative run")\n');
    write(dir, 'node_modules/evil/package.json', JSON.stringify({ name: '../../etc', version: '1.0.0' }));
    write(dir, 'node_modules/slashy/package.json', JSON.stringify({ name: 'slashy', version: '1.0/../../x' }));
    write(dir, 'node_modules/huge/package.json', `{"name": "huge", "version": "1.0.0", "pad": "${'x'.repeat(1100 * 1024)}"}`);
    const outside = tmpDir('index-outside');
    write(outside, 'package.json', JSON.stringify({ name: 'outside', version: '1.0.0' }));
    write(outside, 'index.js', 'throw new Error("never read")\n');
    fs.symlinkSync(outside, path.join(dir, 'node_modules/outside'));
    const venv = path.join(dir, 'env');
    write(venv, 'pyvenv.cfg', 'home = /opt/another-machine/python3.12/bin\nversion = 3.12.0\n');
    fs.cpSync(path.join(DIST, 'iso8601'), path.join(venv, 'lib/python3.12/site-packages/iso8601'), { recursive: true });
    fs.cpSync(path.join(DIST, 'iso8601-1.0.2.dist-info'), path.join(venv, 'lib/python3.12/site-packages/iso8601-1.0.2.dist-info'), { recursive: true });
    const s = index(path.join(dir, 'app'), db);
    expect(s.project).toBe(fs.realpathSync(dir));
    expect(names(s)).toEqual(['pypi:iso8601@1.0.2']);
    const problems = s.skipped.map((p: { path: string; problem: string }) => `${p.path}: ${p.problem}`).join('\n');
    expect(problems).toMatch(/node_modules\/evil: package.json has no usable name/);
    expect(problems).toMatch(/node_modules\/slashy: package.json has no usable name/);
    expect(problems).toMatch(/node_modules\/huge: no readable package.json/);
    expect(problems).toMatch(/node_modules\/outside: symlinked package points outside the project/);
    expect(problems).toMatch(/env: pyvenv.cfg names an interpreter that is not on this machine/);
    // The venv named `env` is not the project's own code.
    expect(s.own.files).toBe(1);
    const stats = errdex(['stats', '--db', db, '--json']);
    expect(stats.stdout).not.toContain('never read');
  });

  it('indexes the packages a trace runs in before explaining it, once, and only inside the project', () => {
    const dir = path.join(base, 'lazy');
    makeProject(dir);
    const db = path.join(base, 'lazy.sqlite');
    const node = spawnSync(process.execPath, ['-e', `require('json5').parse('{a: }')`], { cwd: dir, encoding: 'utf8' });
    const stack = node.stderr.slice(node.stderr.search(/^SyntaxError/m));
    const first = errdex(['explain', '--json', '--db', db], { cwd: dir, input: stack });
    expect(first.stderr).toMatch(/indexing npm:json5@2\.2\.3: a frame of the input runs in it/);
    const out = JSON.parse(first.stdout);
    expect(out.records[out.hits[0].recordId].package).toBe('json5');
    expect(out.hits[0].matchType).toBe('frame');
    // Indexed now: the second explain indexes nothing.
    expect(errdex(['explain', '--db', db], { cwd: dir, input: stack }).stderr).not.toMatch(/indexing/);
    // A real Python traceback into the venv's iso8601 (run by the venv's own Python here, by the test).
    const py = spawnSync(path.join(dir, '.venv/bin/python'), ['-c', 'import iso8601; iso8601.parse_date("not a date")'], { cwd: dir, encoding: 'utf8' });
    expect(py.stderr).toContain('iso8601.iso8601.ParseError');
    const second = errdex(['explain', '--json', '--db', db], { cwd: dir, input: py.stderr });
    expect(second.stderr).toMatch(/indexing pypi:iso8601@1\.0\.2/);
    expect(JSON.parse(second.stdout).hits[0].matchType).toBe('frame');
    // What was indexed lazily is in the project's view: gc keeps it.
    expect(JSON.parse(errdex(['gc', '--db', db, '--json']).stdout).trees).toBe(0);
    // --no-index, or a directory outside any project: nothing is indexed.
    const fresh = path.join(base, 'lazy-fresh.sqlite');
    const off = errdex(['explain', '--no-index', '--db', fresh], { cwd: dir, input: stack });
    expect(off.stderr).not.toMatch(/indexing/);
    expect(off.code).toBe(3);
    const outside = errdex(['explain', '--db', fresh], { cwd: tmpDir('no-project'), input: stack });
    expect(outside.stderr).not.toMatch(/indexing/);
    // A package `errdex analyze` was given by its directory is indexed already.
    const analyzed = path.join(base, 'lazy-analyzed.sqlite');
    expect(errdex(['analyze', path.join(dir, 'node_modules/json5'), '--db', analyzed, '--threads', '0']).code).toBe(0);
    const known = errdex(['explain', '--json', '--db', analyzed], { cwd: dir, input: stack });
    expect(known.stderr).not.toMatch(/indexing/);
    expect(JSON.parse(known.stdout).hits[0].matchType).toBe('frame');
  });

  it('links installed packages into their repositories: at the commit the metadata names, else at the version tag, and says which', () => {
    const dir = makeProject(path.join(base, 'links'));
    // (npm wrote `gitHead` into installed manifests before v7; the registry's tarballs may carry it)
    const cookieJson = path.join(dir, 'node_modules/cookie/package.json');
    const gitHead = 'a3f1c2d4e5b6a7980112233445566778899aabbc';
    fs.writeFileSync(cookieJson, JSON.stringify({ ...JSON.parse(fs.readFileSync(cookieJson, 'utf8')), gitHead }));
    const db = path.join(base, 'links.sqlite');
    index(dir, db);
    const top = (input: string) => {
      const out = JSON.parse(errdex(['explain', '--json', '--no-index', '--db', db], { cwd: dir, input }).stdout);
      return out.records[out.hits[0].recordId] as { package: string; githubUrl: string | null; permalinkBasis?: string };
    };
    const stackOf = (code: string) => {
      const r = spawnSync(process.execPath, ['-e', code], { cwd: dir, encoding: 'utf8' });
      return r.stderr.slice(r.stderr.search(/^\w*Error/m));
    };
    const cookie = top(stackOf(`require('cookie').serialize('a b', 'x')`));
    expect(cookie.package).toBe('cookie');
    expect(cookie.githubUrl).toMatch(new RegExp(`^https://github\\.com/jshttp/cookie/blob/${gitHead}/dist/index\\.js#L\\d+-L\\d+$`));
    expect(cookie.permalinkBasis).toBe('commit');
    const json5 = top(stackOf(`require('json5').parse('{a: }')`));
    expect(json5.githubUrl).toMatch(/^https:\/\/github\.com\/json5\/json5\/blob\/v2\.2\.3\/lib\/parse\.js#L/);
    expect(json5.permalinkBasis).toBe('tag');
    // METADATA's `Project-URL: Repository, …`, read from the venv's dist-info
    const py = spawnSync(path.join(dir, '.venv/bin/python'), ['-c', 'import iso8601; iso8601.parse_date("not a date")'], { cwd: dir, encoding: 'utf8' });
    const iso = top(py.stderr);
    expect(iso.githubUrl).toMatch(/^https:\/\/github\.com\/micktwomey\/pyiso8601\/blob\/v1\.0\.2\/iso8601\/iso8601\.py#L/);
    expect(iso.permalinkBasis).toBe('tag');
  });

  it('ranks the version installed in the project above other indexed versions of the package', () => {
    const db = path.join(base, 'versions.sqlite');
    const project = (name: string, version: string) => {
      const dir = path.join(base, name);
      write(dir, 'package.json', JSON.stringify({ name, version: '1.0.0' }));
      fs.cpSync(path.join(EVAL_MODULES, 'cookie'), path.join(dir, 'node_modules/cookie'), { recursive: true });
      const manifest = path.join(dir, 'node_modules/cookie/package.json');
      fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), version }));
      index(dir, db);
      return dir;
    };
    // The same code under two versions: a frame lands on the same line of both.
    const dirs = [project('old-cookie', '1.1.1'), project('new-cookie', '1.1.9')];
    for (const [dir, version] of [[dirs[0], '1.1.1'], [dirs[1], '1.1.9']]) {
      const r = spawnSync(process.execPath, ['-e', `require('cookie').serialize('a b', 'x')`], { cwd: dir, encoding: 'utf8' });
      const stack = r.stderr.slice(r.stderr.search(/^TypeError/m));
      const out = JSON.parse(errdex(['explain', '--json', '--db', db], { cwd: dir, input: stack }).stdout);
      // (one site of both versions is one hit: it names the installed version's record)
      expect(out.records[out.hits[0].recordId].version).toBe(version);
      expect(out.hits[0].matchType).toBe('frame');
      expect(out.hits[0].why.join('; ')).toContain(`the version installed here (cookie@${version})`);
    }
  });

  it('says what is wrong with a directory that is no project', () => {
    const dir = tmpDir('index-none');
    const r = errdex(['index', dir, '--db', path.join(dir, 'i.sqlite')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no project at or above/);
  });
});
