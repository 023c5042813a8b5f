/**
 * Node module-resolution hook (registered with module.register by launch.mjs): the bare specifier
 * `electron` resolves to the stand-in; everything else resolves exactly as Node's ES module loader
 * resolves it, so a deep import without its file extension still fails as it would under Electron.
 */
let standIn = null

export function initialize(data) {
  standIn = data.electron
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: standIn, format: 'commonjs', shortCircuit: true }
  return nextResolve(specifier, context)
}
