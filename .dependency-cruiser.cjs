/**
 * Import circles are refused: between files, and between folders (A imports B, B imports A).
 * Test files are left out: nothing imports them, and the helpers they share may render the very
 * code they test.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-file-circle',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-circle',
      scope: 'folder',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist|\\.turbo)/', '\\.(test|e2e)\\.tsx?$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
