// Go modules: the module cache (`$GOPATH/pkg/mod/<module>@<version>/`, upper-case letters written
// `!x`), a project's `vendor/` (with `vendor/modules.txt`), GOPATH's `src/<import path>/` and the
// Go root's `src/` (the standard library, module `std`). Names and versions come from the path and
// `go.mod`, never from running the go command. Reading manifests is manifest.ts, imported on use.

import type { Ecosystem } from '../../core/ecosystem.js';
import { moduleInPath } from './paths.js';

export const golang: Ecosystem = {
  id: 'golang',
  installDirs: ['pkg/mod', 'vendor'],
  projectFile: (name) => name === 'go.mod',
  manifest: async () => (await import('./manifest.js')).manifest,
  packageInPath: moduleInPath,
};
