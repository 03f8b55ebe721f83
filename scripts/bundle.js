// The CLI as users run it (`bin`): tsc's output in dist/ bundled into a few chunks in
// dist/bundle/, because Node 20 loads each ES module for about 1 ms of CPU and `errdex explain`
// loaded 79 of errdex's own (decision 0026). Lazy imports stay lazy (a chunk each). Packages stay
// external but for better-sqlite3's JavaScript, which every command loads: a dozen CommonJS files
// loaded one by one cost ~7 ms of each start (decision 0034); its native addon is still loaded
// from the package. The bundle is one directory below dist/, as every compiled folder is, so what code
// resolves from its own location (code-version's hash of dist/, the parse worker beside the pool)
// means the same from either. Run by `npm run build`, after tsc.
//
// The chunks are CommonJS (dist/bundle/package.json says so), compiled with V8's code cache that
// runs of the built CLI leave beside them here (cli/code-cache.ts, decision 0034): an analysis and
// lazy indexing from a Node stack, a message explained as JSON, then the same stack once indexed,
// last, so that what `explain` shares with the rest is cached as explain runs it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'rolldown';

const OUT = path.resolve('dist/bundle');

await build({
  input: { main: 'dist/cli/start.js', worker: 'dist/scan/worker.js', 'scan-thread': 'dist/store/scan-thread.js' },
  platform: 'node',
  external: [/^node:/, /^(?!better-sqlite3$)[^./]/],
  logLevel: 'warn',
  output: { dir: OUT, format: 'cjs', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: true, cleanDir: true },
});
fs.writeFileSync(path.join(OUT, 'package.json'), '{ "type": "commonjs" }\n');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-code-cache-'));
try {
  const project = path.join(tmp, 'project');
  const pkg = path.join(project, 'node_modules/files');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "app", "version": "1.0.0", "dependencies": { "files": "1.0.0" } }\n');
  fs.writeFileSync(path.join(pkg, 'package.json'), '{ "name": "files", "version": "1.0.0", "main": "index.js" }\n');
  fs.writeFileSync(path.join(pkg, 'index.js'), "function open(name) {\n  if (!name) throw new TypeError('a name is required: got ' + name);\n}\nmodule.exports = { open };\n");
  const stack = `TypeError: a name is required: got undefined\n    at open (${pkg}/index.js:2:23)\n    at Object.<anonymous> (${project}/main.js:1:1)\n`;
  const db = path.join(tmp, 'index.sqlite');
  for (const [args, input] of [[[], stack], [['a name is required: got undefined', '--json'], undefined], [[], stack]]) {
    const r = spawnSync(process.execPath, [path.join(OUT, 'main.js'), 'explain', ...args, '--db', db], {
      cwd: project, input, encoding: 'utf8', env: { ...process.env, ERRDEX_CODE_CACHE: 'write', NO_COLOR: '1' },
    });
    if (r.status !== 0) throw new Error(`the code cache's run of explain ${args.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
