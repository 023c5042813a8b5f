/**
 * `npm run pickup -- TAKE.wav PICKUP.wav [PICKUP.wav ...] --script SCRIPT.txt [--take-script OLD.txt] -o OUT.wav [--engine E] [--model DIR]`
 *
 * Places each pickup where it belongs by the script (the engine of Booth's pickups, main/versions/) and
 * prints {output, edits: [{sentence, source, take_from_s, take_to_s, source_from_s, source_to_s, gain_db}],
 * check, preflight}: `sentence` 1-based in script order, `check` the read-back's check of the output,
 * `preflight` the API's object. Exit 1 with one sentence (and no output file) for a file that cannot be
 * read, a pickup that matches no sentence, or a pickup that cannot be cut in; 2 for wrong usage.
 * `--take-script OLD.txt`: the script the take was read from, when the producer revised it since
 * (`--script` is the new one): the take's unchanged sentences stay, and a pickup of a changed or added
 * sentence goes where the new script puts it; the lines the producer removed are cut out of the take (in
 * pauses, by the same rules); the output is read back against the new script, `to_record` lists the new
 * script's sentences the take did not read as written (1-based), and `removed` the lines cut out:
 * [{sentence, take_from_s, take_to_s}], `sentence` 1-based in the take's script.
 */
import { pathToFileURL } from 'node:url'
import { quotedName } from '../../../shared/display-text'
import { pickupEdit } from '../fixes/pickup-edit'
import { addRecording, finish, mainOf, openScratch, readScript, runCli, type CliOutcome } from './version-cli'

const USAGE =
  'Usage: npm run pickup -- TAKE.wav PICKUP.wav [PICKUP.wav ...] --script SCRIPT.txt ' +
  '[--take-script OLD_SCRIPT.txt] -o OUT.wav [--engine sherpa-onnx|pocketsphinx] [--model MODEL_FOLDER]'
const r3 = (x: number): number => Math.round(x * 1000) / 1000

export function runPickupCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CliOutcome> {
  return runCli(argv, USAGE, false, async (args) => {
    if (args.files.length < 2) throw new Error(`Give the take and at least one pickup. ${USAGE}`)
    const [takePath, ...pickupPaths] = args.files as [string, ...string[]]
    const script = await readScript(args.script)
    const older = args.takeScripts[0]
    const takeScript = older ? await readScript(older.script) : script
    const scratch = await openScratch(args, env)
    try {
      await addRecording(scratch.recordings, takePath, 'The take')
      for (const p of pickupPaths) await addRecording(scratch.recordings, p, 'The pickup')
      const edit = await pickupEdit({
        recordings: scratch.recordings,
        script,
        takeScript,
        take: { path: takePath },
        pickups: pickupPaths.map((path) => ({ path, name: `The pickup ${quotedName(path)}` })),
        transcribe: scratch.transcribe,
      })
      const sourceOf = new Map(edit.pickups.map((p, i) => [p.ref.hash, pickupPaths[i] as string]))
      const edits = edit.placements.map((pl) => {
        const patch = edit.patches.find((p) => p.sentence === pl.sentence)
        return {
          sentence: pl.sentence + 1,
          source: sourceOf.get(patch?.from.source ?? '') ?? null,
          take_from_s: r3(pl.takeFromS),
          take_to_s: r3(pl.takeToS),
          source_from_s: r3(pl.sourceFromS),
          source_to_s: r3(pl.sourceToS),
          gain_db: pl.gainDb,
        }
      })
      const done = await finish(scratch, edit.list, script, args.output)
      const removed = edit.removals.flatMap((r) =>
        r.run.old.map((k) => ({ sentence: k + 1, take_from_s: r3(r.takeFromS), take_to_s: r3(r.takeToS) })),
      )
      const revised = older ? { to_record: edit.stale.map((k) => k + 1), removed } : {}
      return { output: done.output, edits, ...revised, check: done.check, preflight: done.preflight }
    } finally {
      await scratch.done()
    }
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) mainOf((argv) => runPickupCli(argv))
