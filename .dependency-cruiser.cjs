// Import direction, checked by `npm run lint` (dependency-cruiser): data flows one
// way, and a stage never reaches back into one that comes after it.
//
// Layers, lowest first. A module may import its own folder and the folders of
// lower layers, never a folder of its own layer or a higher one. The core's
// Store interface names the record types it stores: type-only imports from core
// up to record/ are the one exception.
const LAYERS = [
  ['template'],
  ['core'],
  ['languages'],
  ['scan', 'query'],
  ['ecosystems'],
  ['facts', 'explain', 'match'],
  ['record'],
  ['store'],
  ['pipeline'],
  ['service'],
  // (the surfaces over the service; cli/ starts them: `errdex serve`, `errdex mcp`)
  ['server', 'mcp'],
  ['cli'],
];

const folders = (ls) => `^src/(${ls.join('|')})/`;

const layerRules = LAYERS.slice(0, -1).map((layer, i) => {
  const above = LAYERS.slice(i + 1).flat();
  return {
    name: `layer-${layer.join('-')}`,
    comment: `${layer.join(', ')} may not import ${above.join(', ')}${layer.length > 1 ? ', nor each other' : ''}`,
    severity: 'error',
    from: { path: folders(layer) },
    // ($1: the importing module's own folder)
    to: { path: folders([...above, ...layer]), pathNot: ['^src/$1/', ...(layer[0] === 'core' ? ['^src/record/'] : [])] },
  };
});

// core/ may import record/ types only (no code).
const coreTypesOnly = {
  name: 'core-types-only',
  comment: 'core may name record types, never import record code',
  severity: 'error',
  from: { path: '^src/core/' },
  to: { path: '^src/record/', dependencyTypesNot: ['type-only'] },
};

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'modules import each other in a cycle', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'pack-isolation',
      comment: 'a language pack imports only itself and languages/shared (the registry is the only module that knows every pack)',
      severity: 'error',
      from: { path: '^src/languages/([^/]+)/' },
      to: { path: '^src/languages/', pathNot: ['^src/languages/$1/', '^src/languages/shared/'] },
    },
    ...layerRules,
    coreTypesOnly,
  ],
  options: {
    // (the conformance cases are analyzed text, not modules of errdex)
    exclude: { path: '^src/languages/[^/]+/cases/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
