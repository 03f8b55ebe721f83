import { parseArgs } from 'node:util';
import { stats } from '../service/stats.js';
import { openStore } from '../service/store.js';
import { bold, json, out, term } from './common.js';


export async function statsCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { db: { type: 'string' }, json: { type: 'boolean', default: false } } });
  const store = openStore(values.db, 'read');
  try {
    const s = await stats(store);
    if (values.json) {
      out(json(s));
      return 0;
    }
    out(term`${bold(term`index`)} ${s.db}: ${s.trees} trees, ${s.records} records, ${s.cachedFiles} cached file analyses`);
    for (const t of s.treeList) out(term`  ${t.repo}${t.sha ? '@' + t.sha.slice(0, 12) : ''}${t.version ? ' ' + t.version : ''}: ${t.records} records from ${t.files} files (${t.analyzedAt})`);
    out(term`by language: ${Object.entries(s.byLanguage).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    out(term`by type: ${Object.entries(s.byType).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    return 0;
  } finally {
    await store.close();
  }
}
