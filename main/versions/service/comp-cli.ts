/**
 * `npm run comp -- TAKE.wav TAKE.wav [...] --script SCRIPT.txt -o OUT.wav [--pick N=FILE ...] [--engine E] [--model DIR]`
 *
 * Builds one take from the best reading of each sentence (the engine of Booth's comps, main/versions/): by
 * default each sentence's last clean reading (the takes in the order given, the last counting as the
 * latest), or the take `--pick N=FILE` names for sentence N. Prints {output, pieces: [{sentence, source,
 * from_s, to_s, gain_db}], check, preflight}. Exit 1 with one sentence (and no output file) for a file that
 * cannot be read or a sentence no take reads; 2 for wrong usage.
 * `--take-script TAKE.wav=OLD.txt` (repeatable): the script that take was read from, when the producer
 * revised it since (`--script` is the new one). That take offers the sentences it reads unchanged; a
 * changed or added sentence must come from a take (or pickup) read from the new script. When the comp is
 * built on such a take, the lines the producer removed are cut out of it; `removed` lists them:
 * [{sentence, source, take_from_s, take_to_s}], `sentence` 1-based in that take's script.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { quotedName } from '../../../shared/display-text'
import { compCells, defaultPicks } from '../comps/comp-plan'
import { compEdit } from '../comps/comp-edit'
import { readbackThrough } from '../comps/comp-readback'
import { sentenceName } from '../fixes/pickup-edit'
import { scriptSentences } from '../../readback/index'
import { removedRuns, removedSentenceName, type RemovedRun } from '../revisions/removed-lines'
import { reviseTake, usableOnly } from '../revisions/revised-take'
import { prepareRecordings, type AnalyzedRecording } from '../hearing/version-inputs'
import {
  addRecording,
  CliRefusal,
  finish,
  mainOf,
  openScratch,
  readScript,
  runCli,
  type CliOutcome,
} from './version-cli'

const USAGE =
  'Usage: npm run comp -- TAKE.wav TAKE.wav [...] --script SCRIPT.txt -o OUT.wav [--pick ' +
  'SENTENCE=FILE ...] [--take-script TAKE.wav=OLD_SCRIPT.txt ...] [--engine ' +
  'sherpa-onnx|pocketsphinx] [--model MODEL_FOLDER]'
const r3 = (x: number): number => Math.round(x * 1000) / 1000

export function runCompCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CliOutcome> {
  return runCli(argv, USAGE, true, async (args) => {
    if (args.files.length < 1) throw new Error(`Give the takes to comp. ${USAGE}`)
    const script = await readScript(args.script)
    const count = scriptSentences(script).length
    const takeOf = (file: string) => args.files.findIndex((f) => f === file || resolve(f) === resolve(file))
    for (const p of args.picks) {
      if (p.sentence > count) throw new CliRefusal(`--pick ${p.sentence}=${p.file}: the script has ${count} sentences.`)
      if (takeOf(p.file) < 0)
        throw new CliRefusal(`--pick ${p.sentence}=${p.file} names a file that is not one of the takes given.`)
    }
    const ownScripts = args.files.map(() => script)
    for (const ts of args.takeScripts) {
      const t = takeOf(ts.file as string)
      if (t < 0)
        throw new CliRefusal(`--take-script ${ts.file}=${ts.script} names a file that is not one of the takes given.`)
      ownScripts[t] = await readScript(ts.script)
    }
    const scratch = await openScratch(args, env)
    try {
      for (const f of args.files) await addRecording(scratch.recordings, f, 'The take')
      const takes = []
      const offered = []
      for (const [i, path] of args.files.entries()) {
        const own = ownScripts[i] as string
        const [a] = await prepareRecordings(scratch.recordings, [{ path }], own, scratch.transcribe)
        const revised = reviseTake((a as AnalyzedRecording).analysis, own, script)
        const name = `The take ${quotedName(path)}`
        const runs = own === script ? [] : removedRuns((a as AnalyzedRecording).analysis, revised.map)
        const removed = runs.length
          ? { removed: { runs, name: (r: RemovedRun) => removedSentenceName(own, r.old[0] as number) } }
          : {}
        takes.push({ name, analysis: revised.analysis, ref: (a as AnalyzedRecording).ref, ...removed })
        // The read-back run here (the take's words against its own script) judges its cells, as in the window.
        offered.push({
          name,
          analysis: usableOnly(revised),
          readback: readbackThrough({ check: (a as AnalyzedRecording).analysis.check, script: own }, script),
        })
      }
      const picks = defaultPicks(compCells(offered, count))
      for (const p of args.picks) {
        const t = takeOf(p.file)
        if (
          !(offered[t] as (typeof offered)[number]).analysis.sentences[p.sentence - 1] &&
          (takes[t] as (typeof takes)[number]).analysis.sentences[p.sentence - 1]
        ) {
          throw new CliRefusal(
            `--pick ${p.sentence}=${p.file}: that take was read before sentence ${p.sentence} was changed, so it cannot be picked for it.`,
          )
        }
        picks[p.sentence - 1] = t
      }
      const edit = await compEdit(scratch.recordings, takes, picks, (k) => sentenceName(script, k))
      const base = takes[edit.base] as (typeof takes)[number]
      const pieces = picks.map((t, k) => {
        const placed = edit.placements.find((pl) => pl.sentence === k)
        if (placed)
          return {
            sentence: k + 1,
            source: args.files[t as number] as string,
            from_s: r3(placed.sourceFromS),
            to_s: r3(placed.sourceToS),
            gain_db: placed.gainDb,
          }
        const s = base.analysis.sentences[k]
        return {
          sentence: k + 1,
          source: args.files[edit.base] as string,
          from_s: r3(s?.onsetS ?? 0),
          to_s: r3(s?.speechEndS ?? 0),
          gain_db: 0,
        }
      })
      const removed = edit.removals.flatMap((r) =>
        r.run.old.map((k) => ({
          sentence: k + 1,
          source: args.files[edit.base] as string,
          take_from_s: r3(r.takeFromS),
          take_to_s: r3(r.takeToS),
        })),
      )
      const done = await finish(scratch, edit.list, script, args.output)
      return {
        output: done.output,
        pieces,
        ...(removed.length ? { removed } : {}),
        check: done.check,
        preflight: done.preflight,
      }
    } finally {
      await scratch.done()
    }
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) mainOf((argv) => runCompCli(argv))
