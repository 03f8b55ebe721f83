// Composer: installed packages are `vendor/<vendor>/<name>/` directories, named and versioned by
// `vendor/composer/installed.json`; Debian's PHP libraries live under `/usr/share/php/` (read as
// they are, named by their path there). Record paths start at the install directory
// (`symfony/finder/Finder.php`, `Symfony/Component/Finder/Finder.php`), as the frames of a trace
// end. Reading the metadata is manifest.ts, imported on use.

import type { Ecosystem } from '../../core/ecosystem.js';

/** `vendor/<vendor>/<name>/` in a path. */
const IN_VENDOR = /(?:^|\/)vendor\/([a-z0-9][\w.-]*\/[a-z0-9][\w.-]*)\//;

export const composer: Ecosystem = {
  id: 'composer',
  installDirs: ['vendor'],
  projectFile: (name) => name === 'composer.json',
  manifest: async () => (await import('./manifest.js')).manifest,
  packageInPath(file) {
    // (Bundler's vendor/bundle/ holds gems, not Composer packages)
    if (!file.includes('vendor/') || file.includes('vendor/bundle/')) return null;
    const m = IN_VENDOR.exec(file);
    return m ? { name: m[1], index: m.index + (m[0].startsWith('/') ? 1 : 0) } : null;
  },
};
