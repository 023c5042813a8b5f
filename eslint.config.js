import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// The layers stay apart: renderer never imports main or sandbox, main never imports renderer.
// Shared code both sides may use lives in shared/ (the bridge contract, pure types).
// Raw IPC stays inside the two files that bind the bridge contract (main/index.ts, preload/index.ts).
const rawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Talk through the bridge contract (shared/bridge.ts); raw IPC lives only in main/index.ts and preload/index.ts.',
}
// electron-log's Electron entry registers its own IPC channel (__ELECTRON_LOG__) with no sender check;
// every IPC channel Booth has must be the bridge's, behind its sender check (main/shell/bridge-ipc.ts).
const unguardedIpc = {
  name: 'electron-log/main',
  message: 'electron-log/main registers an IPC channel with no sender check; use electron-log/node (main/shell/electron-log-file.ts).',
}
const forbid = (layers, why, { allowRawIpc = false } = {}) => ({
  'no-restricted-imports': ['error', {
    paths: allowRawIpc ? [unguardedIpc] : [rawIpc, unguardedIpc],
    patterns: layers.map((layer) => ({ regex: `(^|/)${layer}(/|$)`, message: why })),
  }],
})

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'release/', 'coverage/', 'test-results/', 'playwright-report/', 'shared/api/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(['main', 'sandbox', 'preload'], 'The renderer talks only to the bridge contract (shared/), never to main, preload or the sandbox.'),
    },
  },
  {
    files: ['main/**/*.ts', 'preload/**/*.ts'],
    rules: forbid(['renderer'], 'main and preload never import the renderer.'),
  },
  {
    files: ['main/index.ts', 'preload/index.ts'],
    rules: forbid(['renderer'], 'main and preload never import the renderer.', { allowRawIpc: true }),
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: forbid(['renderer', 'main'], 'The sandbox is a stand-alone server of the API; it shares only resources/api with Booth.'),
  },
)
