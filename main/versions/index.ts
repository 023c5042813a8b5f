/**
 * The version engine's door: what the rest of Booth uses of main/versions, and nothing else (README.md says
 * what each stage holds; test/unit/architecture/doors.test.ts fails on an import from outside main/versions
 * that passes this file by). The composition root (main/app/compose.ts) wires the bridge area and the
 * transcriber; the finish (main/finish/) builds a finished version out of the same pieces the version
 * operations use: recordings kept by content, cached renders, the cut rules, the renderer's sample
 * arithmetic, and the hearing of a version mapped through its edit list.
 */
// service/: the bridge area (its `finish` port) and what the command lines share.
export { createVersionArea, type Finisher } from './service/version-handlers'
export { CliRefusal, mainOf, readable, readScript, type CliOutcome } from './service/version-cli'
// work/: what every version operation shares, and the script a new version is made for.
export type { TakeScript, VersionWork } from './work/version-work'
export { takeName } from './work/version-work'
export { versionScripts } from './work/version-script'
// hearing/: what audio was heard to say, mapped into a version's time and checked against its script.
export { createTranscriber } from './hearing/transcriber'
export type { Transcribe } from './hearing/version-inputs'
export { mapHearing, segmentsOf, type Hearing, type TimeSegment } from './hearing/version-hearing'
export { hearWhole } from './hearing/version-hearing-place'
export { checkHearing } from './hearing/hearing-check'
// store/: recordings kept by content, and renders kept by what they are made of.
export { Recordings, type RecordingRef } from './store/recordings'
export { renderCached } from './store/render-cache'
// cuts/: where a recording may be cut, and what a recording reads where.
export { CUT_RULES, quietMask } from './cuts/cut-rules'
export { analyzeRecording } from './cuts/recording-analysis'
// render/: the renderer's sample arithmetic and a recording's envelope.
export { envelopeOf, floorDb, windowed, type Envelope } from './render/signal-envelope'
export { renderHeader } from './render/render-edit-list'
export { ditherInto } from './render/render-curves'
export { quantizeInto } from './render/render-mix'
