// Python packages installed in site-packages (or Debian's dist-packages), beside
// their *.dist-info / *.egg-info metadata. Record paths start at site-packages,
// as imports name them (`lazr/uri/_uri.py`). Reading the metadata is manifest.ts,
// imported on use.

import type { Ecosystem } from '../../core/ecosystem.js';

const INSTALL_DIRS = ['site-packages', 'dist-packages'];
const IN_SITE_PACKAGES = /(?:site|dist)-packages\/([^/]+)\//;

export const pypi: Ecosystem = {
  id: 'pypi',
  installDirs: INSTALL_DIRS,
  projectFile: (name) => /^(pyproject\.toml|setup\.cfg|setup\.py|requirements[\w.-]*\.txt)$/.test(name),
  manifest: async () => (await import('./manifest.js')).manifest,
  packageInPath(file) {
    if (!file.includes('-packages')) return null;
    const m = IN_SITE_PACKAGES.exec(file);
    return m ? { name: m[1], index: m.index } : null;
  },
};
