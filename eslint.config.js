import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// The layers stay apart (README, "Where things live"):
// - renderer never imports main, preload or the sandbox; main and preload never import the renderer;
//   shared/ (the bridge contract, pure types) imports none of them; the sandbox imports none of Booth.
// - Nothing but the shell imports `electron`: main/index.ts (the Electron entry), main/shell/** (the
//   Electron-only binding) and preload/index.ts. Everything else takes Electron's pieces as injected
//   interfaces, so it runs under Node, the web host and the tests.
// - Raw IPC (ipcMain / ipcRenderer) stays in the files that bind the bridge contract: main/index.ts,
//   main/shell/bridge-ipc.ts and preload/index.ts.
// - The renderer reaches main one way: renderer/src/bridge/ alone reads window.booth (connectBridge); every
//   component uses useBridge() and the stores that createStores made (renderer/src/bridge/BridgeProvider.tsx).
// test/unit/architecture/ checks the electron rule and "no import cycles in main/" once more.
const SHELL_FILES = ['main/index.ts', 'main/shell/**/*.ts', 'preload/index.ts']
const IPC_BINDING_FILES = ['main/index.ts', 'main/shell/bridge-ipc.ts', 'preload/index.ts']

const rawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message:
    'Talk through the bridge contract (shared/bridge.ts); raw IPC lives only in main/index.ts, main/shell/bridge-ipc.ts and preload/index.ts.',
}
const anyElectron = {
  name: 'electron',
  message:
    'Only the shell (main/index.ts, main/shell/, preload/index.ts) imports electron; take the piece you need as an injected interface.',
}
const electronSubpaths = {
  regex: '^electron/',
  message: 'Only the shell (main/index.ts, main/shell/, preload/index.ts) imports electron.',
}
// electron-log's Electron entry registers its own IPC channel (__ELECTRON_LOG__) with no sender check;
// every IPC channel Booth has must be the bridge's, behind its sender check (main/shell/bridge-ipc.ts).
const unguardedIpc = {
  name: 'electron-log/main',
  message:
    'electron-log/main registers an IPC channel with no sender check; use electron-log/node (main/shell/electron-log-file.ts).',
}

/** no-restricted-imports for one group of files: the layers it may not import, and how much of electron it may use. */
const forbid = (layers, why, { electron = 'none' } = {}) => ({
  'no-restricted-imports': [
    'error',
    {
      paths:
        electron === 'ipc'
          ? [unguardedIpc]
          : electron === 'shell'
            ? [rawIpc, unguardedIpc]
            : [anyElectron, unguardedIpc],
      patterns: [
        ...layers.map((layer) => ({ regex: `(^|/)${layer}(/|$)`, message: why })),
        ...(electron === 'none' ? [electronSubpaths] : []),
      ],
    },
  ],
})

const MAIN_WHY = 'main and preload never import the renderer.'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'release/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'shared/api/',
    ],
  },
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
      ...forbid(
        ['main', 'sandbox', 'preload'],
        'The renderer talks only to the bridge contract (shared/), never to main, preload or the sandbox.',
      ),
    },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['renderer/src/bridge/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='window'][property.name='booth']",
          message:
            'Reach main through useBridge() (renderer/src/bridge/BridgeProvider.tsx); only renderer/src/bridge/ reads window.booth.',
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: forbid(
      ['main', 'renderer', 'preload', 'sandbox'],
      'shared/ holds the contract both sides import; it imports neither side.',
    ),
  },
  { files: ['main/**/*.ts', 'preload/**/*.ts'], rules: forbid(['renderer'], MAIN_WHY) },
  { files: SHELL_FILES, rules: forbid(['renderer'], MAIN_WHY, { electron: 'shell' }) },
  { files: IPC_BINDING_FILES, rules: forbid(['renderer'], MAIN_WHY, { electron: 'ipc' }) },
  {
    files: ['sandbox/**/*.ts'],
    rules: forbid(
      ['renderer', 'main'],
      'The sandbox is a stand-alone server of the API; it shares only resources/api with Booth.',
    ),
  },
)
