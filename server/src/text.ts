/** Replaces each run of control characters (C0 and DEL: CR, LF, NUL, TAB, …) with `replacement`; for names and header lines from untrusted input. */
export function withoutControlCharacters(text: string, replacement: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, replacement);
}

/** Bidi controls (U+202E…) make 'photo\u202Egpj.exe' show as 'photoexe.jpg'; a name never needs them. */
export function withoutBidiControls(text: string): string {
  return text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}
