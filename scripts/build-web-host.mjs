/**
 * `npm run build`'s second half: the web host (main/web.ts) bundled into one file, out/web/web.js, as
 * electron-vite bundles the desktop app into out/main/. `npm run web` and the end-to-end tests run this
 * bundle: it starts in about half the time of compiling main/ on the fly (tsx), which a busy machine
 * feels on every start. npm packages stay outside (resolved from node_modules as in development); paths
 * a module finds from its own place (the API document, package.json) are two folders up in both.
 */
import { build } from 'esbuild'

await build({
  entryPoints: ['main/web.ts'],
  outfile: 'out/web/web.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
