/**
 * What is wrong with one form field, as a stable code and its figures, so the browser can say it in
 * the visitor's language (docs/decisions/0144). The English text stays beside it in `fields`.
 */
export const fieldProblemCodes = [
  'required',
  'too_short',
  'too_long',
  'invalid_email',
  'invalid_characters',
  'invalid',
  'email_taken',
  'username_taken',
  'username_needed',
  'wrong_password',
  'file_required',
  'link_invalid',
  'confirmation_mismatch',
] as const;
export type FieldProblemCode = (typeof fieldProblemCodes)[number];

/** A field's problem: `min` for too_short, `max` for too_long (characters). */
export interface FieldProblem {
  code: FieldProblemCode;
  params?: { min?: number; max?: number };
}

export function isFieldProblemCode(code: unknown): code is FieldProblemCode {
  return typeof code === 'string' && (fieldProblemCodes as readonly string[]).includes(code);
}

/** The parts of a zod issue the codes are read from (zod 4's issue shapes). */
interface Issue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  params?: Record<string, unknown>;
}

/**
 * The code of a schema's complaint, read from the issue's kind, never from its English: a missing or
 * empty text is `required`, a length `too_short`/`too_long` with its limit, a pattern
 * `invalid_characters`; a custom check names its code in `params.code`, else it is `invalid`.
 */
export function fieldProblemOf(issue: Issue): FieldProblem {
  const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      return { code: 'required' };
    case 'too_small':
      if (issue.origin === 'array' || (issue.origin === 'string' && limit <= 1)) return { code: 'required' };
      return issue.origin === 'string' ? { code: 'too_short', params: { min: limit } } : { code: 'invalid' };
    case 'too_big':
      return issue.origin === 'string' ? { code: 'too_long', params: { max: limit } } : { code: 'invalid' };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'invalid_email' };
      return { code: issue.format === 'regex' ? 'invalid_characters' : 'invalid' };
    case 'custom':
      return { code: isFieldProblemCode(issue.params?.code) ? issue.params.code : 'invalid' };
    default:
      return { code: 'invalid' };
  }
}

/** The field an issue is about ('body' for the whole value). */
const fieldOf = (issue: { path: readonly PropertyKey[] }) => String(issue.path[0] ?? 'body');

/** The first problem of each field in a failed validation, as English text. */
export function fieldProblems(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[fieldOf(issue)] ??= issue.message;
  return fields;
}

/** The same first problem of each field, as its code. */
export function fieldProblemCodesOf(issues: readonly Issue[]): Record<string, FieldProblem> {
  const codes: Record<string, FieldProblem> = {};
  for (const issue of issues) codes[fieldOf(issue)] ??= fieldProblemOf(issue);
  return codes;
}
