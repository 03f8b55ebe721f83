// Texts of the kit's ledger not written at the raise (decision 0130), on real code: eval/jvm-kit `Ledger.kt` and
// `LedgerErrors.kt`:
// - a wrapper in another file than the raises it wraps, whose class writes the text: `catch (e: LedgerException) {
//   throw TransactionException(id, e) }` with `class TransactionException(id: String, cause: Throwable) :
//   LedgerException("Transaction $id failed: ${cause.message}", cause)`: the cause's message is the caught error's,
//   so the wrapper goes above the raise whose text it holds (Ledger.kt's `throw LedgerException(problem)`).
// Messages and traces are what the JVM printed for them (eval/corpus/jvm.jsonl, eval/gen/jvm_cases.mjs).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { copyKit, expectKitSite, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('kt-ledger');
  db = path.join(tmpDir('kt-ledger-db'), 'index.sqlite');
  copyKit(root, ['Ledger.kt', 'LedgerErrors.kt']);
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

const explain = (text: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout);

describe("a wrapper class whose text holds its cause's message", () => {
  it('is first, above the raise whose text it holds', () => {
    const c = corpus.get('kt-kit-186')!;
    expect(c.message).toBe("Transaction tx-7 failed: Insufficient funds in 'a': need 60, have 40");
    expect(expectKitSite(corpus, db, 'kt-kit-186', `${KIT}/LedgerErrors.kt`)).toBe('Transaction {id} failed: {e}');
    const [, second] = explain(c.message).hits;
    expect(second.record.filePath).toBe(`${KIT}/Ledger.kt`);
    expect(second.record.errorMessage).toBe("Insufficient funds in '{account}': need {need}, have {have}");
  });

  it('is first for a short inner text too', () => {
    expect(expectKitSite(corpus, db, 'kt-kit-187', `${KIT}/LedgerErrors.kt`)).toBe('Transaction {id} failed: {e}');
  });
});
