// The registry of install layouts: the only list of ecosystems. A new layout is
// one folder here plus one line below.

import type { Ecosystem, ManifestReader, PackageInfo } from '../core/ecosystem.js';
import { cargo } from './cargo/index.js';
import { composer } from './composer/index.js';
import { gems } from './gems/index.js';
import { golang } from './golang/index.js';
import { maven } from './maven/index.js';
import { npm } from './npm/index.js';
import { pypi } from './pypi/index.js';

export const ECOSYSTEMS: Ecosystem[] = [npm, pypi, golang, maven, composer, gems, cargo];

/** The package a tree is, by the first ecosystem that recognises it, with that ecosystem's manifest reader. */
export async function detectPackage(root: string): Promise<{ info: PackageInfo; manifest: ManifestReader } | null> {
  for (const ecosystem of ECOSYSTEMS) {
    const manifest = await ecosystem.manifest();
    const info = manifest.detect(root);
    if (info) return { info, manifest };
  }
  return null;
}

const INSTALLED = new RegExp(`(^|[/\\\\])(${ECOSYSTEMS.flatMap((e) => e.installDirs).join('|')})[/\\\\]`);

/** The path lies below a directory packages are installed into (`node_modules`, `site-packages`). */
export const isInstalledPath = (p: string): boolean => INSTALLED.test(p);

/** The installed package a frame path runs inside (the leftmost install directory in the path wins), or null. */
export function packageInPath(file: string): string | null {
  let best: { name: string; index: number } | null = null;
  for (const e of ECOSYSTEMS) {
    const m = e.packageInPath(file);
    if (m && (!best || m.index < best.index)) best = m;
  }
  return best?.name ?? null;
}
