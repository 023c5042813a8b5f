/**
 * A take's name as text that wraps readably: a long one such as
 * `HOLLISANDFINCHOPTICIANS_HOLF-9196-20_main_01` breaks after its underscores (between stem, key number,
 * label and number), never in the middle of a word, while the text itself (and what is copied) stays the
 * file's name exactly. A single part wider than the space still wraps (the CSS's overflow-wrap) rather
 * than running out of its box.
 */
export function TakeNameText({ name }: { name: string }) {
  const parts = name.split(/(?<=_)/)
  // Each part is one box: the line breaks between parts, never at a key number's own hyphens, unless a
  // part alone is wider than the line.
  return (
    <>
      {parts.map((part, i) => (
        <span key={i} className="take-name-part">
          {part}
        </span>
      ))}
    </>
  )
}
