import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordId, slugify } from '../../src/record/ids.js';
import { DatasetEntrySchema, RecordSchema, recordJsonSchema } from '../../src/record/schema.js';

const seedPath = new URL('../../../shared/seeds/000_699d9ed1b4f1e609.json', import.meta.url);
const seedFile = fs.existsSync(seedPath) ? seedPath : new URL('../fixtures/seed.json', import.meta.url);
const seed = JSON.parse(fs.readFileSync(seedFile, 'utf8'));

describe('the seed record', () => {
  it('validates against the record schema and the dataset entry schema', () => {
    expect(RecordSchema.safeParse(seed.record).success).toBe(true);
    expect(DatasetEntrySchema.safeParse(seed).success).toBe(true);
  });

  it('reproduces its id and slug with the design rules', () => {
    const r = seed.record;
    expect(recordId(r.repo, r.errorCode, r.errorMessage, r.filePath)).toBe(r.id);
    expect(slugify(r.errorMessage)).toBe(r.slug);
  });

  it('rejects a record with a wrong field type, naming the field', () => {
    const bad = { ...seed.record, lineNumber: 'x' };
    const res = RecordSchema.safeParse(bad);
    expect(res.success).toBe(false);
    expect(JSON.stringify(res.error?.issues)).toContain('lineNumber');
  });

  it('generates a JSON Schema that lists the seed fields', () => {
    const js = recordJsonSchema() as { properties: Record<string, unknown>; required: string[] };
    for (const k of Object.keys(seed.record)) expect(js.properties).toHaveProperty(k);
    expect(js.required).toContain('errorMessage');
  });
});

describe('slugify', () => {
  it('cuts at a word boundary within 60 characters', () => {
    const s = slugify('The quick brown fox jumps over the lazy dog and keeps running far away');
    expect(s.length).toBeLessThanOrEqual(60);
    expect(s).toBe('the-quick-brown-fox-jumps-over-the-lazy-dog-and-keeps');
  });
});
