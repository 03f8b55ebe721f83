// The CLI as users run it (`bin`): tsc's output in dist/ bundled into a few chunks in
// dist/bundle/, because Node 20 loads each ES module for about 1 ms of CPU and `errdex explain`
// loaded 79 of errdex's own (decision 0026). Lazy imports stay lazy (a chunk each); packages stay
// external. The bundle is one directory below dist/, as every compiled folder is, so what code
// resolves from its own location (code-version's hash of dist/, the parse worker beside the pool)
// means the same from either. Run by `npm run build`, after tsc.
import { build } from 'rolldown';

await build({
  input: { main: 'dist/cli/main.js', worker: 'dist/scan/worker.js' },
  platform: 'node',
  external: [/^node:/, /^[^./]/],
  logLevel: 'warn',
  output: { dir: 'dist/bundle', format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: true, cleanDir: true },
});
