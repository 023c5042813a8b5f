/** A deterministic script of `chars` characters (words, sentence ends and line breaks) for diff tests and benchmarks. */
export function loremScript(chars: number, seed: number): string {
  const words = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur', 'adipiscing', 'elit', 'sed', 'do', 'tempor']
  let out = ''
  let x = seed
  while (out.length < chars) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    out += words[x % words.length] + (x % 13 === 0 ? '. ' : x % 29 === 0 ? '\n' : ' ')
  }
  return out
}
