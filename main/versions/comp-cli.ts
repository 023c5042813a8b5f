/**
 * `npm run comp -- TAKE.wav TAKE.wav [...] --script SCRIPT.txt -o OUT.wav [--pick N=FILE ...] [--engine E] [--model DIR]`
 *
 * Builds one take from the best reading of each sentence (the engine of Booth's comps, main/versions/): by
 * default each sentence's last clean reading (the takes in the order given, the last counting as the
 * latest), or the take `--pick N=FILE` names for sentence N. Prints {output, pieces: [{sentence, source,
 * from_s, to_s, gain_db}], check, preflight}. Exit 1 with one sentence (and no output file) for a file that
 * cannot be read or a sentence no take reads; 2 for wrong usage.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { quotedName } from '../../shared/display-text'
import { compCells, defaultPicks } from './comp-plan'
import { compEdit } from './comp-edit'
import { sentenceName } from './pickup-edit'
import { scriptSentences } from './sentence-spans'
import { prepareRecordings } from './version-inputs'
import { addRecording, CliRefusal, finish, mainOf, openScratch, readScript, runCli, type CliOutcome } from './version-cli'

const USAGE = 'Usage: npm run comp -- TAKE.wav TAKE.wav [...] --script SCRIPT.txt -o OUT.wav [--pick SENTENCE=FILE ...] [--engine sherpa-onnx|pocketsphinx] [--model MODEL_FOLDER]'
const r3 = (x: number): number => Math.round(x * 1000) / 1000

export function runCompCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CliOutcome> {
  return runCli(argv, USAGE, true, async (args) => {
    if (args.files.length < 1) throw new Error(`Give the takes to comp. ${USAGE}`)
    const script = await readScript(args.script)
    const count = scriptSentences(script).length
    const takeOf = (file: string) => args.files.findIndex((f) => f === file || resolve(f) === resolve(file))
    for (const p of args.picks) {
      if (p.sentence > count) throw new CliRefusal(`--pick ${p.sentence}=${p.file}: the script has ${count} sentences.`)
      if (takeOf(p.file) < 0) throw new CliRefusal(`--pick ${p.sentence}=${p.file} names a file that is not one of the takes given.`)
    }
    const scratch = await openScratch(args, env)
    try {
      for (const f of args.files) await addRecording(scratch.recordings, f, 'The take')
      const analyzed = await prepareRecordings(scratch.recordings, args.files.map((path) => ({ path })), script, scratch.transcribe)
      const takes = analyzed.map((a, i) => ({ name: `The take ${quotedName(args.files[i] as string)}`, analysis: a.analysis, ref: a.ref }))
      const picks = defaultPicks(compCells(takes, count))
      for (const p of args.picks) picks[p.sentence - 1] = takeOf(p.file)
      const edit = await compEdit(scratch.recordings, takes, picks, (k) => sentenceName(script, k))
      const base = takes[edit.base] as (typeof takes)[number]
      const pieces = picks.map((t, k) => {
        const placed = edit.placements.find((pl) => pl.sentence === k)
        if (placed) return { sentence: k + 1, source: args.files[t as number] as string, from_s: r3(placed.sourceFromS), to_s: r3(placed.sourceToS), gain_db: placed.gainDb }
        const s = base.analysis.sentences[k]
        return { sentence: k + 1, source: args.files[edit.base] as string, from_s: r3(s?.onsetS ?? 0), to_s: r3(s?.speechEndS ?? 0), gain_db: 0 }
      })
      const done = await finish(scratch, edit.list, script, args.output)
      return { output: done.output, pieces, check: done.check, preflight: done.preflight }
    } finally {
      await scratch.done()
    }
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) mainOf((argv) => runCompCli(argv))
