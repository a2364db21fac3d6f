/** Replaces each run of control characters (C0 and DEL: CR, LF, NUL, TAB, …) with `replacement`; for names and header lines from untrusted input. */
export function withoutControlCharacters(text: string, replacement: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, replacement);
}
