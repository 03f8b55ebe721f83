import { parseArgs } from 'node:util';
import { checkRecordId, show } from '../service/show.js';
import { openStore } from '../service/store.js';
import { json, out, usage } from './common.js';
import { SHOW_HELP } from './help.js';


export async function showCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { db: { type: 'string' } } });
  if (positionals.length !== 1) throw usage('show takes one record ID', SHOW_HELP);
  const id = positionals[0];
  checkRecordId(id);
  const store = openStore(values.db, 'read');
  try {
    const recs = await show(store, id);
    out(json(recs.length === 1 ? recs[0] : recs));
    return 0;
  } finally {
    await store.close();
  }
}
