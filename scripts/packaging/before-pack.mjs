/**
 * electron-builder `beforePack` hook (electron-builder.yml): before the app folder of one target is
 * assembled, make node_modules hold that target's native keychain binding and ffmpeg, and refuse to
 * pack when it cannot (see native-targets.mjs). One target per run: a universal macOS app would need
 * both bindings merged, which Booth does not build.
 */
import { ELECTRON_BUILDER_ARCH, PLATFORMS, prepareTarget } from './native-targets.mjs'

export async function beforePack(context) {
  const platform = context.electronPlatformName
  const arch = ELECTRON_BUILDER_ARCH[context.arch] ?? String(context.arch)
  if (!PLATFORMS.includes(platform)) throw new Error(`Booth is packaged for macOS and Windows only, not ${platform}.`)
  if (arch !== 'x64' && arch !== 'arm64')
    throw new Error(`Booth is packaged for x64 or arm64, one per run (--x64 or --arm64), not ${arch}.`)
  const target = await prepareTarget({ root: context.packager.projectDir, platform, arch })
  console.log(
    `Booth packaging ${platform}-${arch}: ${target.keyring.package} ` +
      `(${target.keyring.binary.format} ${target.keyring.binary.arch}), ` +
      `ffmpeg (${target.ffmpeg.binary.format} ${target.ffmpeg.binary.arch})`,
  )
}

export default beforePack
