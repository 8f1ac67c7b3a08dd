/** The layer guard (style.md rule 1): the core imports no framework, driver or outer layer. */
module.exports = {
  forbidden: [
    {
      name: 'core-no-frameworks',
      comment: 'domain/ and application/ depend only on ports, never on frameworks, drivers or I/O',
      severity: 'error',
      from: { path: '^(domain|application)/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'core'] },
    },
    {
      name: 'domain-is-innermost',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(application|adapters|infrastructure|composition)/' },
    },
    {
      name: 'application-no-outer-layers',
      severity: 'error',
      from: { path: '^application/' },
      to: { path: '^(adapters|infrastructure|composition)/' },
    },
    {
      name: 'adapters-not-composition',
      comment: 'adapters depend inward; only the composition root knows every piece',
      severity: 'error',
      from: { path: '^(adapters|infrastructure)/' },
      to: { path: '^composition/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
