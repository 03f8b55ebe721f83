#!/usr/bin/env node
// The bundle's entry, the CLI users run (`bin`, dist/bundle/main.js): the code cache first, then
// the CLI (decision 0034). The cache's hook is for the bundle's CommonJS chunks alone: run from
// tsc's output (ES modules, which Node compiles itself), it changes nothing.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCodeCache } from './code-cache.js';

// (ERRDEX_CODE_CACHE=write: the build's runs, which leave each chunk's cache beside it)
useCodeCache(path.dirname(fileURLToPath(import.meta.url)), process.env.ERRDEX_CODE_CACHE === 'write');
// (imported, not bundled into this file: the entry is compiled by Node, without a cache)
void import('./main.js');
