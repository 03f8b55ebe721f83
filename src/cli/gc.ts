import { parseArgs } from 'node:util';
import { err, json, out, term, usage } from './common.js';
import { GC_HELP } from './help.js';
import { openStore } from '../service/store.js';

export async function gcCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { db: { type: 'string' }, json: { type: 'boolean', default: false } } });
  if (positionals.length) throw usage('gc takes no arguments', GC_HELP);
  const store = openStore(values.db, 'write');
  try {
    const r = await store.gc();
    if (values.json) out(json(r));
    else err(term`removed ${r.trees} package trees no project uses, with ${r.records} records`);
    return 0;
  } finally {
    await store.close();
  }
}
