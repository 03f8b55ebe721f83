// Go install paths: where a file's module starts in the module cache or a vendor/ directory.

/** `/pkg/mod/github.com/!burnt!sushi/toml@v1.2.0/decode.go` → the module path, escaped as written. */
const IN_MODCACHE = /\/pkg\/mod\/((?:[^/@]+\/)*?[^/@]+)@([^/]+)\//;
const IN_VENDOR = /\/vendor\/([^/]+(?:\/[^/]+)*?)\/[^/]+\.go$/;

/** The module cache writes an upper-case letter as `!` and the letter in lower case. */
export const unescapeModule = (p: string): string => p.replace(/!([a-z])/g, (_, c: string) => c.toUpperCase());

/** The module a vendored path names: hosts with a dot take `host/owner/repo`, others their first element. */
export function vendoredModule(importPath: string): string {
  const parts = importPath.split('/');
  if (!parts[0].includes('.')) return parts[0];
  return parts.slice(0, parts[0] === 'gopkg.in' ? 2 : 3).join('/');
}

/** The module a path (a frame's file) runs inside, and where its install directory starts. */
export function moduleInPath(file: string): { name: string; index: number } | null {
  const f = file.replace(/\\/g, '/');
  const m = f.includes('/pkg/mod/') ? IN_MODCACHE.exec(f) : null;
  if (m) return { name: unescapeModule(m[1]), index: m.index };
  // (Bundler's vendor/bundle/ holds gems, not Go modules)
  const v = f.includes('/vendor/') && !f.includes('/vendor/bundle/') ? IN_VENDOR.exec(f) : null;
  return v ? { name: vendoredModule(v[1]), index: v.index } : null;
}
