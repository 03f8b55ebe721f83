// Path keys shared by the match index and the store: a frame's file is looked
// up by the last path components it shares with the file analyzed.

/** The last two components of a POSIX path (the path itself when it has fewer). */
export function tail2(p: string): string {
  const last = p.lastIndexOf('/');
  if (last < 0) return p;
  const prev = p.lastIndexOf('/', last - 1);
  return p.slice(prev + 1);
}

/** The keys a frame path is looked up under: its last two components, and its last one (a file at a tree's top). */
export function frameKeys(framePath: string): string[] {
  const p = framePath.includes('\\') ? framePath.replace(/\\/g, '/') : framePath;
  const tail = tail2(p);
  const base = p.slice(p.lastIndexOf('/') + 1);
  return base === tail ? [tail] : [tail, base];
}
