// npm: an installed package is a directory with a package.json. Its record paths
// are relative to the package directory; its entry points (`main`, `exports`,
// `module`) and the files they load name the copy of the code that runs when a
// package ships several builds. Reading manifests is manifest.ts, imported on use.

import type { Ecosystem } from '../../core/ecosystem.js';

/** `node_modules/<name>/` or `node_modules/@scope/<name>/` in a path. */
const IN_NODE_MODULES = /node_modules\/((?:@[^/]+\/)?[^/]+)\//;

export const npm: Ecosystem = {
  id: 'npm',
  installDirs: ['node_modules'],
  projectFile: (name) => name === 'package.json',
  manifest: async () => (await import('./manifest.js')).manifest,
  packageInPath(file) {
    if (!file.includes('node_modules')) return null;
    const m = IN_NODE_MODULES.exec(file);
    return m ? { name: m[1], index: m.index } : null;
  },
};
