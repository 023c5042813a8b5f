/**
 * The read-back's public face: what other capabilities may use of it. The prompter (main/prompter/)
 * imports main/readback through this file only; nothing in main/readback imports the prompter
 * (test/unit/architecture/prompter-boundary.test.ts holds both). Every other part of main outside main/readback
 * (the versions, the finish, the composition root) enters through this file too (architecture/doors.test.ts).
 */
// The script and heard words, and how the two are matched.
export { nearWord, sameWord, type Word } from './script/words'
export { HALF_EVIDENCE_WORDS } from './script/word-classes'
export { scriptModel, type ScriptModel, type ScriptWord } from './script/script-model'
export { heardWords } from './alignment/heard-words'
export { scriptSentences, type ScriptSentence } from './compare/sentence-spans'
export { compareToScript, type CompareOptions } from './compare/compare'
export { wordsToSound } from './read-back'
export type { Sounds } from './engine'
export { spokenSentences } from './script/spoken-sentences'
// Pocketsphinx: where it is, its language model and pronunciations, its word times.
export { findPocketsphinx, type PocketsphinxSetup } from './engines/pocketsphinx/pocketsphinx-setup'
export { parsePocketsphinxTimes } from './engines/pocketsphinx/pocketsphinx-engine'
export { buildArpa } from './language-model/arpa-lm'
export { GENERAL_VOCABULARY } from './rivals/general-vocabulary'
export { writtenAcronyms } from './script/acronyms'
export { dictionaryAt, pronounce, type Dictionary } from './script/pronunciations'
// sherpa-onnx: the model's files, the script's hotwords, tokens back to words.
export { EngineUnavailableError } from './engine'
export { defaultModelDir, findTransducer, type TransducerFiles } from './engines/sherpa/sherpa-model'
export { loadTokenSet, scriptHotwords } from './engines/sherpa/sherpa-hotwords'
export { HOTWORD_SCORE } from './tuning'
export { tokensToWords } from './engines/sherpa/token-words'
// The script's sentences, and where a reading reads each (the version operations cut and place by them).
export { bestSentenceWindow, issueInSentence, readSentences, type ReadSentence } from './compare/sentence-spans'
export { pieces } from './script/words'
// The engines as version work and the finish hear with them; the script a take was read from.
export { createEngines, pickEngine } from './engines/engines'
export type { CrossHearing, ReadbackEngine } from './engine'
export type { ScriptCopy } from './service/script-copies'
// The read-back's bridge area, which the composition root (main/app/compose.ts) wires.
export { createReadbackArea } from './service/readback-handlers'
