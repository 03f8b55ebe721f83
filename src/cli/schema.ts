import { recordJsonSchema } from '../record/schema.js';
import { out } from './common.js';

export const SCHEMA_HELP = `errdex schema

Print the JSON Schema (draft 2020-12) of a record, generated from the zod schema.`;

export async function schemaCommand(): Promise<number> {
  out(JSON.stringify(recordJsonSchema(), null, 2));
  return 0;
}
