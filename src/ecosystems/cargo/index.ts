// Rust crates as Cargo installs them: the registry's source cache
// (`~/.cargo/registry/src/index.crates.io-<hash>/<crate>-<version>/`), `cargo vendor`'s `vendor/`,
// Debian's `/usr/share/cargo/registry/<crate>-<version>/`, and the toolchain's `library/` sources
// (rust-src). Record paths start at the crate directory (`src/lib.rs`). Reading the manifests is
// manifest.ts, imported on use.

import type { Ecosystem } from '../../core/ecosystem.js';
import { CRATE_IN_PATH } from './paths.js';

export const cargo: Ecosystem = {
  id: 'cargo',
  installDirs: ['registry', 'vendor'],
  projectFile: (name) => name === 'Cargo.toml',
  manifest: async () => (await import('./manifest.js')).manifest,
  packageInPath(file) {
    // (Bundler's vendor/bundle/ holds gems, not crates)
    if ((!file.includes('registry/') && !file.includes('vendor/')) || file.includes('vendor/bundle/')) return null;
    const m = CRATE_IN_PATH.exec(file.replace(/\\/g, '/'));
    return m ? { name: m[1], index: m.index } : null;
  },
};
