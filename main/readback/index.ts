/**
 * The read-back's public face: what other capabilities may use of it. The prompter (main/prompter/)
 * imports main/readback through this file only; nothing in main/readback imports the prompter
 * (test/unit/architecture/prompter-boundary.test.ts holds both).
 */
// The script and heard words, and how the two are matched.
export { nearWord, sameWord, type Word } from './words'
export { scriptModel, type ScriptModel, type ScriptWord } from './script-model'
export { heardWords } from './heard-words'
export { spokenSentences } from './spoken-sentences'
// Pocketsphinx: where it is, its language model and pronunciations, its word times.
export { findPocketsphinx, type PocketsphinxSetup } from './pocketsphinx-setup'
export { parsePocketsphinxTimes } from './pocketsphinx-engine'
export { buildArpa } from './arpa-lm'
export { GENERAL_VOCABULARY } from './general-vocabulary'
export { writtenAcronyms } from './acronyms'
export { loadDictionary, pronounce, type Dictionary } from './pronunciations'
// sherpa-onnx: the model's files, the script's hotwords, tokens back to words.
export { findTransducer, type TransducerFiles } from './sherpa-model'
export { HOTWORD_SCORE, loadTokenSet, scriptHotwords } from './sherpa-hotwords'
export { tokensToWords } from './token-words'
