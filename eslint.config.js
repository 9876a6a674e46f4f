// Lint rules. The import rules of docs/architecture.md are enforced here:
// core imports nothing of ours (and nothing platform-bound); scenes may import core only;
// src may import core and scenes; server may import core only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noHardcodedText from './scripts/eslint/noHardcodedText.js';

// The areas whose texts live in message catalogs (docs/i18n.md): hard-coded interface text is refused
// there. An area joins when its texts are in its i18n/ catalogs.
const TRANSLATED_AREAS = [
  'src/app/*.tsx',
  'src/app/layout/**/*.tsx',
  'src/app/modals/**/*.tsx',
  'src/components/**/*.tsx',
  'src/forms/**/*.tsx',
  ...[
    'accountSecurity', 'auth', 'autobet', 'battles', 'bonuses', 'boxes', 'cart', 'chat', 'deposit', 'displayCurrency', 'drops', 'fair', 'games',
    'history', 'install', 'inventory', 'kyc', 'missions', 'notifications', 'profiles', 'referral', 'responsible', 'rewards', 'rounds', 'shipping',
    'transparency', 'upgrade', 'wheel',
  ].map((area) => `src/features/${area}/**/*.tsx`),
  ...[
    'auth', 'battles', 'bonusTerms', 'boxes', 'cashback', 'crash', 'custom-boxes', 'dice', 'fair', 'freeloot', 'home', 'leaderboard', 'limbo',
    'mines', 'missions', 'players', 'plinko', 'profile', 'races', 'referral', 'support', 'transparency', 'upgrade', 'wheel',
  ].map((page) => `src/pages/${page}/**/*.tsx`),
  'src/pages/NotFoundPage.tsx',
];

const ours = (names) => names.map((name) => ({ group: [`**/${name}/*`, `**/${name}`], message: `This layer may not import ${name}/ (see docs/architecture.md).` }));
const platform = ['node:*', 'fs', 'path', 'crypto', 'react', 'react-dom', 'pixi.js', 'gsap', 'matter-js', 'howler'].map((name) => ({ group: [name], message: 'core/ stays pure: no DOM, no Node built-ins, no React or Pixi.' }));

// react-toastify loads at the first toast (src/components/toast.tsx): a static import elsewhere would
// put it back on every page's first download.
// Its stylesheet is CSS, not script, and stays in the global one (src/styles/index.ts).
const toastsOnDemand = { name: 'react-toastify', allowTypeImports: true, message: 'Toasts go through src/components/toast.tsx, which loads react-toastify on demand.' };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['core/**'], rules: { 'no-restricted-imports': ['error', { patterns: [...ours(['src', 'scenes', 'server', 'tests']), ...platform] }] } },
  { files: ['core/fair/cli.ts'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['scenes/**'], rules: { 'no-restricted-imports': ['error', { patterns: ours(['src', 'server']) }] } },
  { files: ['src/**'], rules: { 'no-restricted-imports': ['error', { patterns: ours(['server']), paths: [toastsOnDemand] }] } },
  { files: ['src/components/toast.tsx', 'src/components/Toasts.tsx'], rules: { 'no-restricted-imports': ['error', { patterns: ours(['server']) }] } },
  { files: ['server/**'], rules: { 'no-restricted-imports': ['error', { patterns: ours(['src', 'scenes']) }] } },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: TRANSLATED_AREAS,
    plugins: { shop: { rules: { 'no-hardcoded-text': noHardcodedText } } },
    rules: { 'shop/no-hardcoded-text': 'error' },
  },
);
