// RubyGems: an installed gem is a directory `gems/<name>-<version>/` (GEM_HOME, Bundler's
// `vendor/bundle/ruby/<abi>/gems/`, the interpreter's bundled gems, Debian's
// `/usr/share/rubygems-integration/all/gems/`); Debian's `ruby-*` packages also install a
// library's files straight into `vendor_ruby/` (`vendor_ruby/thor/…`, `vendor_ruby/thor.rb`).
// Record paths start at the gem directory (`lib/thor/parser.rb`), or at vendor_ruby
// (`thor/parser.rb`), as require names them. Reading specifications is manifest.ts, imported on use.

import type { Ecosystem } from '../../core/ecosystem.js';

/** `gems/<name>-<version>/` in a path: the name is what precedes the last `-<digit>`. */
export const IN_GEMS = /(?:^|\/)gems\/([A-Za-z0-9][\w.-]*?)-(\d[\w.]*(?:-[\w.]+)?)\//;
const IN_VENDOR_RUBY = /\/vendor_ruby\/(?:\d+\.\d+\.\d+\/)?([A-Za-z0-9][\w-]*)(?:\/|\.rb$)/;

export const gems: Ecosystem = {
  id: 'gems',
  installDirs: ['gems', 'vendor_ruby'],
  projectFile: (name) => name === 'Gemfile' || name === 'gems.rb' || name.endsWith('.gemspec'),
  manifest: async () => (await import('./manifest.js')).manifest,
  packageInPath(file) {
    if (file.includes('/gems/')) {
      const m = IN_GEMS.exec(file);
      if (m) return { name: m[1], index: m.index };
    }
    if (file.includes('/vendor_ruby/')) {
      const m = IN_VENDOR_RUBY.exec(file);
      if (m) return { name: m[1], index: m.index };
    }
    return null;
  },
};
