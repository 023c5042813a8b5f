/**
 * The sherpa-onnx engine's parts that run without a speech model (none can be downloaded here): the
 * model folder check, token → word merging, and what the engine says when the model is missing or broken
 * (the real sherpa-onnx-node package is loaded and refuses the broken model).
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EngineUnavailableError } from '../../../../main/readback/engine'
import { createEngines, pickEngine } from '../../../../main/readback/engines/engines'
import { findTransducer } from '../../../../main/readback/engines/sherpa/sherpa-model'
import { loadSherpa, NO_MODEL_MESSAGE, SherpaEngine } from '../../../../main/readback/engines/sherpa/sherpa-engine'
import { tokensToWords } from '../../../../main/readback/engines/sherpa/token-words'
import { readBack } from '../../../../main/readback/read-back'
import { parseTokens, scriptHotwords, tokenize } from '../../../../main/readback/engines/sherpa/sherpa-hotwords'

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-sherpa-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

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
    const d = await folder('ok', {
      'encoder-epoch-30-avg-1.onnx': 'x',
      'encoder-epoch-30-avg-1.int8.onnx': 'x',
      'decoder-epoch-30-avg-1.onnx': 'x',
      'joiner-epoch-30-avg-1.int8.onnx': 'x',
      'tokens.txt': 'x',
    })
    expect(await findTransducer(d)).toEqual({
      encoder: join(d, 'encoder-epoch-30-avg-1.int8.onnx'),
      decoder: join(d, 'decoder-epoch-30-avg-1.onnx'),
      joiner: join(d, 'joiner-epoch-30-avg-1.int8.onnx'),
      tokens: join(d, 'tokens.txt'),
    })
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
    const d = await folder('broken', {
      'encoder.onnx': 'not onnx',
      'decoder.onnx': 'not onnx',
      'joiner.onnx': 'not onnx',
      'tokens.txt': '<blk> 0\n',
    })
    const engine = new SherpaEngine({ modelDir: () => d })
    expect(await engine.unavailable()).toBeNull()
    await expect(engine.transcribe('/x.wav')).rejects.toThrow(/could not be loaded .*get it again from Settings/)
  })

  it('without a model the default choice falls back to pocketsphinx; naming sherpa-onnx is refused with the reason', async () => {
    const engines = createEngines({ modelDir: () => null })
    expect((await pickEngine(engines)).name).toBe('pocketsphinx')
    await expect(pickEngine(engines, 'sherpa-onnx')).rejects.toThrow(NO_MODEL_MESSAGE)
    await expect(pickEngine(engines, 'whisper')).rejects.toThrow(/no read-back engine called "whisper"/)
    await expect(pickEngine(createEngines({ modelDir: () => null, env: { PATH: '/nonexistent' } }))).rejects.toThrow(
      /^No read-back engine can run here: No speech model.*; pocketsphinx is not installed.*\.$/,
    )
  })
})

describe('script hotwords for sherpa-onnx', () => {
  const set = parseTokens(
    [
      '<blk> 0',
      '<sos/eos> 1',
      '▁THE 2',
      '▁SAT 3',
      'UR 4',
      'DAY 5',
      '▁ONLY 6',
      '▁S 7',
      'A 8',
      'V 9',
      'E 10',
      '▁TWENTY 11',
      '▁PERCENT 12',
      'O 13',
      'N 14',
      'L 15',
      'Y 16',
      '▁O 17',
    ].join('\n'),
  )

  it('cuts words into the model’s tokens by longest match, upper-case like the model', () => {
    expect(set.upper).toBe(true)
    expect(tokenize('Saturday', set)).toEqual(['▁SAT', 'UR', 'DAY'])
    expect(tokenize('save', set)).toEqual(['▁S', 'A', 'V', 'E'])
    expect(tokenize('zebra', set)).toBeNull()
  })

  it('gives the script as three-word phrases of tokens, numbers as spoken, skipping what cannot be spelled', () => {
    expect(scriptHotwords('Saturday only, save 20%!', set).split('/')).toEqual([
      '▁SAT UR DAY ▁ONLY ▁S A V E',
      '▁S A V E ▁TWENTY ▁PERCENT',
    ])
  })

  it('the engine asks for modified beam search with the hotwords, and merges the tokens it gets into words', async () => {
    const real = await loadSherpa()
    if (!real) throw new Error('sherpa-onnx-node is not installed')
    const d = await folder('fake-run', {
      'encoder.onnx': 'x',
      'decoder.onnx': 'x',
      'joiner.onnx': 'x',
      'tokens.txt': '▁THIS 1\n▁SAT 2\nUR 3\nDAY 4\n',
    })
    const seen: { config?: unknown; hotwords: Array<string | undefined>; samples?: number; rate?: number } = {
      hotwords: [],
    }
    const engine = new SherpaEngine({
      modelDir: () => d,
      load: async () => ({
        readWave: real.readWave,
        OfflineRecognizer: {
          createAsync: async (config: unknown) => {
            seen.config = config
            return {
              createStream: (hotwords?: string) => {
                seen.hotwords.push(hotwords)
                return {
                  acceptWaveform: (w: { sampleRate: number; samples: Float32Array }) => {
                    seen.samples = w.samples.length
                    seen.rate = w.sampleRate
                  },
                }
              },
              decodeAsync: async () => ({
                text: 'THIS SATURDAY',
                tokens: ['▁THIS', '▁SAT', 'UR', 'DAY'],
                timestamps: [0.1, 0.5, 0.62, 0.7],
              }),
            }
          },
        },
      }),
    })
    const wav = join(dir, 'tone.wav')
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=300:d=1.5:r=44100', '-c:a', 'pcm_s24le', wav])
    const out = await engine.transcribe(wav, { hints: 'This Saturday' })
    const heard = [
      { word: 'this', start_s: 0.1, end_s: 0.5 },
      { word: 'saturday', start_s: 0.5, end_s: 0.9 },
    ]
    // The plain hearing (no hotwords) is handed on as the cross hearing the certainty of findings is judged by.
    expect(out).toEqual({ engine: 'sherpa-onnx', words: heard, doubts: [], cross: { words: heard } })
    expect(seen.config).toMatchObject({
      decodingMethod: 'modified_beam_search',
      modelConfig: { transducer: { encoder: join(d, 'encoder.onnx') }, tokens: join(d, 'tokens.txt') },
    })
    // Heard with the script's hotwords, then once more without them (never forcing a match).
    expect(seen.hotwords).toEqual(['▁THIS ▁SAT UR DAY', undefined])
    expect(seen.rate).toBe(16000)
    expect(seen.samples).toBe(24000) // 1.5 s at 16 kHz, converted by ffmpeg
  })
})

describe('sherpa-onnx never forces a match', () => {
  it('hears the take again without hotwords, and where the two hearings differ the script word is unsure', async () => {
    const real = await loadSherpa()
    if (!real) throw new Error('sherpa-onnx-node is not installed')
    const d = await folder('fake-doubt', {
      'encoder.onnx': 'x',
      'decoder.onnx': 'x',
      'joiner.onnx': 'x',
      'tokens.txt': '▁MAPLE 1\n▁LANE 2\n▁LINE 3\n',
    })
    const hotwordsSeen: Array<string | undefined> = []
    const engine = new SherpaEngine({
      modelDir: () => d,
      load: async () => ({
        readWave: real.readWave,
        OfflineRecognizer: {
          createAsync: async () => ({
            // The boosted hearing gives the script's "lane"; without the boost the model hears "line".
            createStream: (hotwords?: string) => {
              hotwordsSeen.push(hotwords)
              return { hotwords, acceptWaveform: () => undefined }
            },
            decodeAsync: async (stream: unknown) =>
              (stream as { hotwords?: string }).hotwords
                ? { text: 'MAPLE LANE', tokens: ['▁MAPLE', '▁LANE'], timestamps: [0.1, 0.6] }
                : { text: 'MAPLE LINE', tokens: ['▁MAPLE', '▁LINE'], timestamps: [0.1, 0.6] },
          }),
        },
      }),
    })
    const wav = join(dir, 'tone-doubt.wav')
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=300:d=1.2:r=16000', wav])
    const result = await readBack(engine, wav, 'Maple Lane')
    expect(hotwordsSeen).toEqual(['▁MAPLE ▁LANE', undefined])
    expect(result.doubts).toEqual([{ start_s: 0.6, end_s: 1.2, heard: 'line' }])
    expect(result.check.verdict).toBe('check')
    expect(result.check.issues).toEqual([
      expect.objectContaining({ confidence: 'unsure', expected: 'Lane', heard: 'line' }),
    ])
  })
})
