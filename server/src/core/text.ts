/** Replaces each run of control characters (C0, DEL and C1: CR, LF, NUL, TAB, NEL, …) with `replacement`; for names and header lines from untrusted input. */
export function withoutControlCharacters(text: string, replacement: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, replacement);
}

/** Bidi controls (U+202E…) make 'photo\u202Egpj.exe' show as 'photoexe.jpg'; a name never needs them. */
export function withoutBidiControls(text: string): string {
  return text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

const MAX_FOLDER_DEPTH = 12;
const MAX_SEGMENT_LENGTH = 120;
const MAX_FOLDER_LENGTH = 600;

/**
 * A folder path made safe to unpack and to show: every segment without control, bidi or reserved
 * characters, no '..', no absolute path ("Holiday/Day 1"); null when nothing is left. Applied when a
 * folder is stored and again when a ZIP is written, for folders stored before (docs/decisions/0182, 0255).
 */
export function safeFolder(folder: string): string | null {
  const clean: string[] = [];
  for (const raw of folder.split(/[\\/]+/)) {
    // A folder shown as 'Holiday\u202Egpj.exe' lies about itself.
    const segment = withoutBidiControls(withoutControlCharacters(raw, ''))
      .replace(/[<>:"|?*]/g, '')
      .trim()
      .replace(/[. ]+$/, '')
      .slice(0, MAX_SEGMENT_LENGTH);
    if (segment === '' || segment === '.' || segment === '..') continue;
    clean.push(segment);
  }
  const safe = clean.slice(0, MAX_FOLDER_DEPTH).join('/').slice(0, MAX_FOLDER_LENGTH).replace(/\/+$/, '');
  return safe || null;
}
