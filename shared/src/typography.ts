/**
 * French typography (shared/src/i18n/README.md): a no-break space, U+00A0 and only that one, before
 * « : ; ! ? » » and after « « », so a line never breaks between a word and its mark.
 */
export const FRENCH_SPACE = '\u00a0';

/** The places in one French text where that space is missing or is an ordinary one, quoted with a little context. */
export function frenchSpacingProblems(text: string): string[] {
  // Addresses, clock times and ratios ("16:9"), and code quoted in prose ({"url": …}) follow their own rules.
  const prose = text
    .replace(/\b[a-z][a-z+]*:\/\/[^\s»]*/gi, (match) => 'x'.repeat(match.length))
    .replace(/\d:\d/g, '0x0')
    .replace(/":/g, '"x');
  const problems: string[] = [];
  for (let at = 0; at < prose.length; at += 1) {
    const mark = prose[at]!;
    const before = prose[at - 1];
    const after = prose[at + 1];
    // "?!" and "!!" put the space before the first mark only.
    const missingBefore = ':;!?»'.includes(mark) && before !== FRENCH_SPACE && !(before && '!?'.includes(before) && '!?'.includes(mark));
    const missingAfter = mark === '«' && after !== FRENCH_SPACE;
    if (missingBefore || missingAfter) problems.push(JSON.stringify(text.slice(Math.max(0, at - 12), at + 4)));
  }
  return problems;
}
