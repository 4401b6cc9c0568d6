/**
 * Cuts text to `max` UTF-16 units (what zod's max counts) without splitting a
 * surrogate pair; a cut ends in an ellipsis. The database bounds text by code
 * points, so an emoji-heavy name can be longer than an API bound.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}
