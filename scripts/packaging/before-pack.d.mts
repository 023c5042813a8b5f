/** Types of before-pack.mjs: the part of electron-builder's BeforePackContext the hook reads. */
export interface BeforePackContextLike {
  electronPlatformName: string
  arch: number
  packager: { projectDir: string }
}
export function beforePack(context: BeforePackContextLike): Promise<void>
export default beforePack
