/**
 * `npm run finish`'s check (main/finish/finish-check.ts) and the app's read-back of the same finished
 * version (VersionWork.readBack, which every finish the app makes goes through) are one check
 * (main/versions/hearing/hearing-check.ts): the same hearing mapped through the same time map gives the same
 * findings, with the same certainty. The hearing has a sound-alike both hearings agree on ("sale" heard as
 * "sail"), which the engine's dictionary makes "Listen here": without the dictionary the CLI said "Differs".
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultProfile } from '../../../main/audio/delivery-profiles'
import { EventHub } from '../../../main/bridge/event-hub'
import { finishCheck } from '../../../main/finish/finish-check'
import type { FinishReport } from '../../../main/finish/finish-take'
import type { Sounds } from '../../../main/readback/engine'
import { TakeStore } from '../../../main/takes/take-store'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import { segmentsOf, type Hearing } from '../../../main/versions/hearing/version-hearing'
import type { Transcribe } from '../../../main/versions/hearing/version-inputs'
import type { EditList } from '../../../shared/versions/edit-list'
import { differs, listenHere } from '../../../shared/readback/certainty'
import type { TimedWord } from '../../../shared/readback/types'
import { tempDir } from '../delivery/delivery-fixture'
import { JOB, SCRIPT, versionedTake } from '../versions/helpers/versioned-take'

let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-finish-check-agrees-')
})
afterAll(async () => {
  await work.remove()
})

const said = (text: string): TimedWord[] =>
  text.split(' ').map((word, i) => ({ word, start_s: 0.2 + i * 0.4, end_s: 0.5 + i * 0.4 }))
const HEARD = 'the sail ends today at nine'
/** Both hearings agree, the lattice sure of every word: what made "Differs" before the sound-alike rule. */
const HEARING: Hearing = {
  engine: 'pocketsphinx',
  words: said(HEARD),
  doubts: [],
  cross: { words: said(HEARD), lattice: said(HEARD).map((w) => ({ ...w, posterior: 1 })) },
}
/** As pocketsphinx's en-us dictionary says them. */
const SOUNDS: Sounds = new Map(
  Object.entries({
    sale: ['S EY1 L'],
    sail: ['S EY1 L'],
    the: ['DH AH0'],
    ends: ['EH1 N D Z'],
    today: ['T AH0 D EY1'],
    at: ['AE1 T'],
    nine: ['N AY1 N'],
  }),
)

describe('the finish CLI’s check and the app’s', () => {
  it('agree on the same finished version, sound-alike rule included', async () => {
    const vt = await versionedTake(join(work.path, 'agree'))
    const transcribe: Transcribe = Object.assign(
      async () => {
        throw new Error('nothing is heard again here')
      },
      { soundsOf: async () => SOUNDS },
    )
    const store = new TakeStore({
      dataDir: vt.dataDir,
      measure: async () => {
        throw new Error('not measured here')
      },
    })
    const area = createVersionArea({
      store,
      hub: new EventHub(),
      transcribe,
      currentScript: async () => ({ revision_id: '7', text: SCRIPT, names: [] }),
      takesChanged: () => undefined,
      recording: {
        start: async () => {
          throw new Error('no recording here')
        },
        stop: async () => {
          throw new Error('no recording here')
        },
        cancel: async () => {
          throw new Error('no recording here')
        },
      },
    })
    const take = await store.get(vt.take.id)
    const audio = store.recordingPath(take)
    const ref = await area.versions.recordings(JOB).add(audio)
    // A finish that moved the take 0.25 s later (a longer head): one piece, its time map the same list's.
    const at = Math.round(0.25 * ref.format.sample_rate)
    const list: EditList = {
      format: ref.format,
      frames: ref.frames + at,
      pieces: [
        {
          source: ref.hash,
          from: 0,
          to: ref.frames,
          at,
          gain_db: -1.5,
          fade_in: { frames: 0, shape: 'equal_power' },
          fade_out: { frames: 0, shape: 'equal_power' },
        },
      ],
    }

    // The app: the take's hearing mapped through the version's edit list.
    area.work.rememberHearing(ref.hash, HEARING)
    const app = await area.work.readBack(take, list, audio, await area.work.scriptOf(take))
    // The CLI: the take heard once, mapped through the finish's time map.
    const report = { out: audio, time_map: segmentsOf(list) } as unknown as FinishReport
    const cli = await finishCheck(
      report,
      { hearing: HEARING, script: SCRIPT, use: { transcribe } },
      { spotLengthS: 30, kind: 'dry_voice', profile: defaultProfile('dry_voice') },
    )

    expect(cli.check?.issues).toEqual(app.stored?.check.issues)
    expect(cli.check?.verdict).toBe(app.stored?.check.verdict)
    expect(cli.check?.summary).toBe(app.stored?.check.summary)
    const sail = cli.check?.issues.find((i) => i.heard === 'sail')
    expect(sail && listenHere(sail)).toBe(true)
    expect(cli.check?.issues.filter(differs)).toEqual([])
  })
})
