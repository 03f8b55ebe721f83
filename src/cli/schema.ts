import { recordJsonSchema } from '../record/schema.js';
import { out } from './common.js';


export async function schemaCommand(): Promise<number> {
  out(JSON.stringify(recordJsonSchema(), null, 2));
  return 0;
}
