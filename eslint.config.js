// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'eslint.config.js',
            'bench/*.mjs',
            'web/scripts/*.mjs',
            '.ci/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Unit and API tests beside the server code are left out of server/tsconfig.json (so they
    // are not compiled into dist); they are typechecked by server/test/tsconfig.json instead.
    files: ['server/src/**/*.test.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: ['./server/test/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Contract tests are likewise excluded from the contract build.
    files: ['contract/src/**/*.test.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: ['./contract/tsconfig.test.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Browser journeys and the test runners' configuration run in Node, typechecked by web/e2e.
    files: ['web/playwright.config.ts', 'web/e2e/**/*.ts', 'vitest.config.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: ['./web/e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['eslint.config.js', 'bench/*.mjs', 'web/scripts/*.mjs', '.ci/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: [
      'server/**/*.ts',
      'contract/**/*.ts',
      'bench/**/*.mjs',
      '.ci/*.mjs',
      'web/scripts/**/*.mjs',
      'contract/scripts/**/*.mjs',
      '*.config.ts',
      'web/e2e/**/*.ts',
      'web/*.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // A module calls another module's service, never its repository. An import leaves the module
  // when it climbs above the module's folder: one `../` from the module's root, two from one of
  // its sub-folders (`roms/list/`), three from a sub-sub-folder (`metadata/providers/ra/`).
  ...[0, 1, 2, 3].map((depth) => ({
    files: [`server/src/modules/*/${'*/'.repeat(depth)}*.ts`],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1},}[^./][^/]*/([^/]+/)*[^/]+\\.repository(\\.js)?$`,
              message:
                "Modules must not import another module's repository; call that module's service (or a shared lower module).",
            },
          ],
        },
      ],
    },
  })),
  {
    // Tests wait for what they need (an awaited event, `expect.poll` on a condition), never for
    // a fixed time: too short fails on a busy machine, too long slows every run.
    files: [
      '**/*.test.{ts,tsx}',
      'server/test/**/*.ts',
      'web/src/test/**/*.{ts,tsx}',
      'web/e2e/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='setTimeout']",
          message:
            'No fixed sleeps in tests: await the event, or poll the condition (expect.poll).',
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message:
            'No fixed sleeps in journeys: wait for the element or state (expect, expect.poll).',
        },
        {
          selector: 'ImportDeclaration[source.value=/timers.promises$/]',
          message:
            'No fixed sleeps in tests: await the event, or poll the condition (expect.poll).',
        },
      ],
    },
  },
  {
    // Small rooms: files and functions of the server stay short (every line counts).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    // Shared code (components/, lib/) does not depend on features.
    files: [
      'web/src/components/**/*.{ts,tsx}',
      'web/src/lib/**/*.{ts,tsx}',
      'web/src/shared/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/**',
                '../features/**',
                '../../features/**',
                '../../../features/**',
              ],
              message: 'Shared code must not import features; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Small components: a React function component reads in one sitting; a longer one is split
    // along its parts (a section, a dialog, a list row) into components of their own.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx', 'web/src/test/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Components render; writes to the server live in the feature's api/ hooks
    // (`use…Mutation`), which own the request, the cache updates and the invalidations.
    files: ['web/src/**/components/**/*.tsx', 'web/src/app/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='@tanstack/react-query'] ImportSpecifier[imported.name='useMutation']",
          message: "Mutations live in the feature's api/ hooks, not in components.",
        },
        {
          selector:
            "ImportDeclaration[source.value=/lib\\/api-client$/] ImportSpecifier[imported.name='api']",
          message: "Requests live in the feature's api/ modules, not in components.",
        },
      ],
    },
  },
  // Features never import each other; app/ composes them.
  ...featureBoundaryBlocks(),
);

/**
 * One block per folder depth inside a feature: from `features/<f>/` plus `depth` subfolders,
 * a relative import climbing `depth + 1` levels lands in `features/` and names a feature.
 */
function featureBoundaryBlocks() {
  return [0, 1, 2, 3, 4].map((depth) => {
    const up = '../'.repeat(depth + 1);
    return {
      files: [`web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@/features/**', `${up}[a-z]*`],
                message: 'Features must not import other features; compose them in app/.',
              },
            ],
          },
        ],
      },
    };
  });
}
