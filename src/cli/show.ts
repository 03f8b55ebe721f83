import { parseArgs } from 'node:util';
import { badInput } from '../core/errors.js';
import { checkRecordId, show } from '../service/show.js';
import { openStore, out } from './common.js';
import { SHOW_HELP } from './help.js';


export async function showCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { db: { type: 'string' } } });
  if (positionals.length !== 1) throw badInput(`show takes one record ID\n\n${SHOW_HELP}`);
  const id = positionals[0];
  checkRecordId(id);
  const store = openStore(values.db, 'read');
  try {
    const recs = await show(store, id);
    out(JSON.stringify(recs.length === 1 ? recs[0] : recs, null, 2));
    return 0;
  } finally {
    await store.close();
  }
}
