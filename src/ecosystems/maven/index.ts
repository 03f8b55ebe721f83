// The JVM's installed code: Maven's local repository (`~/.m2/repository/<group path>/<artifact>/
// <version>/`, where `-sources.jar` files sit beside the jars), Gradle's cache, a JDK's `src.zip`,
// and source trees with a pom.xml or a Gradle build. Archives are trees read in place
// (scan/zip.ts). JVM frames name no directory, so frames find a package's records through the
// package path their files end with, not through this layout. Reading manifests is manifest.ts,
// imported on use.

import type { Ecosystem } from '../../core/ecosystem.js';
import { IN_M2 } from './paths.js';

export const maven: Ecosystem = {
  id: 'maven',
  installDirs: ['.m2', 'modules-2'],
  projectFile: (name) => /^(?:pom\.xml|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?)$/.test(name),
  manifest: async () => (await import('./manifest.js')).manifest,
  packageInPath(file) {
    if (!file.includes('.m2/')) return null;
    const m = IN_M2.exec(file);
    return m ? { name: `${m[1].slice(0, -1).replace(/\//g, '.')}:${m[2]}`, index: m.index } : null;
  },
};
