import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'bench/results*.json',
      '.dependency-cruiser.cjs',
      'examples/generated/**',
      'dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Typed rows (docs/architecture.md "Persistence"): every repository reads rows through its
    // registered row types and one mapper per aggregate, never through an untyped record.
    files: ['adapters/persistence/pg/rows/*.ts', 'adapters/persistence/pg/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > TSTypeReference[typeName.name='Record']",
          message: 'Read a typed row (adapters/persistence/pg/rows) instead of casting to Record.',
        },
        {
          selector: "TSTypeAliasDeclaration > TSTypeReference[typeName.name='Record']",
          message: 'Name the row type (adapters/persistence/pg/rows) instead of aliasing Record.',
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'examples/**/*.ts', 'examples/**/*.mjs'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // The build and the launcher run before any TypeScript loader, as plain Node ESM (and the
    // guides' stand-in Graph API, which needs none).
    files: ['scripts/**/*.mjs', 'examples/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', AbortSignal: 'readonly' } },
  },
);
