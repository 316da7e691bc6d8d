import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import floorPlan from './scripts/eslint/floor-plan.js';
import oneWayImports from './scripts/eslint/one-way-imports.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      'data',
      'coverage',
      '.react-router',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: {
      reelscore: { rules: { 'one-way-imports': oneWayImports, 'floor-plan': floorPlan } },
    },
    rules: {
      'reelscore/one-way-imports': 'error',
      'reelscore/floor-plan': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // CLIs and benchmarks print their results.
    files: [
      'bench/**',
      'scripts/**',
      'src/server/db/*-cli.ts',
      'src/server/seed-cli.ts',
      'src/server/main.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', 'src/server/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // expect.any() and friends are typed any by design.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['eslint.config.js', 'scripts/eslint/**', 'scripts/check-node.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Runs on too old a Node to say so: CommonJS on purpose.
    files: ['scripts/check-node.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
