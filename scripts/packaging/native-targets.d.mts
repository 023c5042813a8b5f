/** Types of native-targets.mjs (plain JavaScript, so electron-builder can load it without a compiler). */
export type Platform = 'darwin' | 'win32' | 'linux'
export type Arch = 'x64' | 'arm64'
export interface BinaryArch {
  format: 'mach-o' | 'pe' | 'elf' | 'unknown'
  arch: string
}
export interface TargetReport {
  platform: string
  arch: string
  keyring: { package: string; version: string; dir: string; binary: BinaryArch | null }
  ffmpeg: { path: string; binary: BinaryArch | null }
  /** One sentence per thing that is missing or built for another CPU; empty when the target can be packed. */
  problems: string[]
}
export type Run = (
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> },
) => string
export const PLATFORMS: string[]
export const ARCHS: Arch[]
export const ELECTRON_BUILDER_ARCH: Record<number, string>
export function keyringPackageFor(platform: string, arch: string): string
export function ffmpegFileFor(platform: string): string
export function binaryArch(bytes: Buffer): BinaryArch
export function inspectTarget(input: { root: string; platform: string; arch: string }): TargetReport
export function runCommand(command: string, args: string[], options?: object): string
export function prepareTarget(input: {
  root: string
  platform: string
  arch: string
  run?: Run
  log?: (line: string) => void
}): Promise<TargetReport>
