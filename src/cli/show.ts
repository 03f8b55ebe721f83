import { parseArgs } from 'node:util';
import { UserError } from './errors.js';
import { openStore, out } from './common.js';
import { SHOW_HELP } from './help.js';


export async function showCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { db: { type: 'string' } } });
  if (positionals.length !== 1) throw new UserError(`show takes one record ID\n\n${SHOW_HELP}`);
  const id = positionals[0];
  if (!/^[0-9a-f]{16}$/.test(id)) throw new UserError(`record ids are 16 hex characters, got "${id}"`);
  const store = openStore(values.db);
  try {
    const recs = store.recordsById(id);
    if (recs.length === 0) throw new UserError(`no record with id ${id} in ${store.file}`);
    out(JSON.stringify(recs.length === 1 ? recs[0] : recs, null, 2));
    return 0;
  } finally {
    store.close();
  }
}
