import { recordJsonSchema } from '../record/schema.js';
import { json, out } from './common.js';


export async function schemaCommand(): Promise<number> {
  out(json(recordJsonSchema()));
  return 0;
}
