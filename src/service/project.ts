// The project around a directory: the nearest directory at or above it with a
// project file of a registered ecosystem (`errdex index`, and explain's lazy indexing).

import fs from 'node:fs';
import path from 'node:path';
import { badInput } from '../core/errors.js';
import { ECOSYSTEMS } from '../ecosystems/registry.js';

/** The project around `dir`: the nearest directory at or above it with a project file of a registered ecosystem. */
export function findProject(dir: string): string {
  let real: string;
  try {
    real = fs.realpathSync.native(dir);
  } catch {
    throw badInput(`path not found: ${dir}`);
  }
  if (!fs.statSync(real).isDirectory()) throw badInput(`not a directory: ${dir}`);
  for (let d = real; ; d = path.dirname(d)) {
    let names: string[] = [];
    try {
      names = fs.readdirSync(d);
    } catch {
      /* unreadable: look further up */
    }
    if (names.some((n) => ECOSYSTEMS.some((e) => e.projectFile(n)))) return d;
    if (path.dirname(d) === d) break;
  }
  throw badInput(`no project at or above ${dir}: none of its directories has a package.json, pyproject.toml, setup.cfg, setup.py or requirements.txt`);
}

