// The JDK's own sources, read from its src.zip as errdex reads it (no unzip needed): real code for
// the JVM pack's end-to-end tests.
import { listZip, ZipReader } from '../../src/scan/zip.js';

export const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';

/** An entry of src.zip (`java.desktop/java/beans/Statement.java`), as lines. */
export function srcZipLines(entry: string): string[] {
  const listing = listZip(`${JDK}/lib/src.zip`);
  if ('problem' in listing) throw new Error(listing.problem);
  const e = listing.entries.find((x) => x.name === entry);
  if (!e) throw new Error(`no ${entry} in src.zip`);
  const r = new ZipReader(`${JDK}/lib/src.zip`).read(e, 1 << 24);
  if ('problem' in r) throw new Error(r.problem);
  return r.data.toString('utf8').split('\n');
}
