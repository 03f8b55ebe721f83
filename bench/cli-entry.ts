// The CLI a checkout's users run: its bundle (package.json `bin`), or, in a checkout built before
// the CLI was bundled (a baseline), tsc's dist/cli/main.js.
import fs from 'node:fs';
import path from 'node:path';

export const cliEntry = (checkout: string): string => {
  const bundle = path.join(checkout, 'dist/bundle/main.js');
  return fs.existsSync(bundle) ? bundle : path.join(checkout, 'dist/cli/main.js');
};
