// The CLI as users run it (`bin`): tsc's output in dist/ bundled into a few chunks in
// dist/bundle/, because Node 20 loads each ES module for about 1 ms of CPU and `errdex explain`
// loaded 79 of errdex's own (decision 0026). Lazy imports stay lazy (a chunk each). Packages stay
// external but for better-sqlite3's JavaScript, which every command loads: a dozen CommonJS files
// loaded one by one cost ~7 ms of each start (decision 0034); its native addon is still loaded
// from the package. The bundle is one directory below dist/, as every compiled folder is, so what code
// resolves from its own location (code-version's hash of dist/, the parse worker beside the pool)
// means the same from either. Run by `npm run build`, after tsc.
import { build } from 'rolldown';

await build({
  input: { main: 'dist/cli/main.js', worker: 'dist/scan/worker.js' },
  platform: 'node',
  external: [/^node:/, /^(?!better-sqlite3$)[^./]/],
  logLevel: 'warn',
  output: { dir: 'dist/bundle', format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: true, cleanDir: true },
});
