/**
 * The sherpa-onnx engine's parts that run without a speech model (none can be downloaded here): the
 * model folder check, token → word merging, and what the engine says when the model is missing or broken
 * (the real sherpa-onnx-node package is loaded and refuses the broken model).
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EngineUnavailableError } from '../../../main/readback/engine'
import { createEngines, pickEngine } from '../../../main/readback/engines'
import { findTransducer } from '../../../main/readback/sherpa-model'
import { loadSherpa, NO_MODEL_MESSAGE, SherpaEngine } from '../../../main/readback/sherpa-engine'
import { tokensToWords } from '../../../main/readback/token-words'

let dir = ''
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'booth-sherpa-test-')) })
afterAll(async () => { await rm(dir, { recursive: true, force: true }) })

async function folder(name: string, files: Record<string, string>): Promise<string> {
  const d = join(dir, name)
  await mkdir(d, { recursive: true })
  for (const [f, body] of Object.entries(files)) await writeFile(join(d, f), body)
  return d
}

describe('tokensToWords', () => {
  it('joins word pieces into words, each ending where the next starts', () => {
    const words = tokensToWords(['▁THIS', '▁SAT', 'UR', 'DAY', '▁ONLY'], [0.2, 0.6, 0.72, 0.84, 1.3], 2)
    expect(words).toEqual([
      { word: 'this', start_s: 0.2, end_s: 0.6 },
      { word: 'saturday', start_s: 0.6, end_s: 1.3 },
      { word: 'only', start_s: 1.3, end_s: 1.85 },
    ])
  })

  it('takes a space as the word mark too, skips special tokens, and never ends past the audio', () => {
    expect(tokensToWords([' hel', 'lo', '<unk>', ' there'], [0, 0.1, 0.2, 0.5], 0.55)).toEqual([
      { word: 'hello', start_s: 0, end_s: 0.5 },
      { word: 'there', start_s: 0.5, end_s: 0.55 },
    ])
    expect(tokensToWords([], [], 1)).toEqual([])
  })
})

describe('findTransducer', () => {
  it('finds the parts of a model folder, preferring int8 files', async () => {
    const d = await folder('ok', { 'encoder-epoch-30-avg-1.onnx': 'x', 'encoder-epoch-30-avg-1.int8.onnx': 'x', 'decoder-epoch-30-avg-1.onnx': 'x', 'joiner-epoch-30-avg-1.int8.onnx': 'x', 'tokens.txt': 'x' })
    expect(await findTransducer(d)).toEqual({ encoder: join(d, 'encoder-epoch-30-avg-1.int8.onnx'), decoder: join(d, 'decoder-epoch-30-avg-1.onnx'), joiner: join(d, 'joiner-epoch-30-avg-1.int8.onnx'), tokens: join(d, 'tokens.txt') })
  })

  it('says what a folder lacks, or which file is empty', async () => {
    const d = await folder('partial', { 'encoder.onnx': 'x', 'tokens.txt': 'x' })
    expect(await findTransducer(d)).toMatch(/lacks decoder, joiner/)
    const e = await folder('empty', { 'encoder.onnx': 'x', 'decoder.onnx': '', 'joiner.onnx': 'x', 'tokens.txt': 'x' })
    expect(await findTransducer(e)).toMatch(/decoder.onnx is empty/)
  })
})

describe('SherpaEngine without a usable model', () => {
  it('says there is no model and how to get one', async () => {
    const engine = new SherpaEngine({ modelDir: () => join(dir, 'nothing-here') })
    expect(await engine.unavailable()).toBe(NO_MODEL_MESSAGE)
    await expect(engine.transcribe('/x.wav')).rejects.toBeInstanceOf(EngineUnavailableError)
  })

  it('the real sherpa-onnx-node package loads, and a broken model file is refused with a sentence', async () => {
    expect(await loadSherpa()).not.toBeNull()
    const d = await folder('broken', { 'encoder.onnx': 'not onnx', 'decoder.onnx': 'not onnx', 'joiner.onnx': 'not onnx', 'tokens.txt': '<blk> 0\n' })
    const engine = new SherpaEngine({ modelDir: () => d })
    expect(await engine.unavailable()).toBeNull()
    await expect(engine.transcribe('/x.wav')).rejects.toThrow(/could not be loaded .*get it again from Settings/)
  })

  it('without a model the default choice falls back to pocketsphinx; naming sherpa-onnx is refused with the reason', async () => {
    const engines = createEngines({ modelDir: () => null })
    expect((await pickEngine(engines)).name).toBe('pocketsphinx')
    await expect(pickEngine(engines, 'sherpa-onnx')).rejects.toThrow(NO_MODEL_MESSAGE)
    await expect(pickEngine(engines, 'whisper')).rejects.toThrow(/no read-back engine called "whisper"/)
    await expect(pickEngine(createEngines({ modelDir: () => null, env: { PATH: '/nonexistent' } }))).rejects.toThrow(/^No read-back engine can run here: No speech model.*; pocketsphinx is not installed.*\.$/)
  })
})
