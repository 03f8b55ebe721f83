// analyze: one source tree (a repository, a directory, an installed package or
// one file) into the store.

import type { Store } from '../core/store.js';
import { analyzeTree, type AnalyzeOptions, type AnalyzeSummary } from '../pipeline/analyze-tree.js';

export { DEFAULT_MAX_FILE_SIZE } from '../pipeline/analyze-tree.js';
export type { AnalyzeOptions, AnalyzeSummary };

export function analyze(store: Store, root: string, opts: AnalyzeOptions = {}): Promise<AnalyzeSummary> {
  return analyzeTree(root, store, opts);
}
