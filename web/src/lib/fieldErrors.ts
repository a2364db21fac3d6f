import { isFieldProblemCode, type FieldProblem } from '@lightpix/shared';
import type { TFunction } from 'i18next';
import { ApiError } from './api';

/** A field's problem as this browser can say it: a code it knows, or the server's English as it came. */
export type FieldNote = FieldProblem | string;

/**
 * Each field the answer names, with its code when this browser knows it and the server's English
 * otherwise, like refusals (docs/decisions/0142, 0144).
 */
export function fieldNotes(error: unknown): Record<string, FieldNote> {
  if (!(error instanceof ApiError)) return {};
  const notes: Record<string, FieldNote> = {};
  for (const [field, english] of Object.entries(error.fields)) {
    const problem = error.fieldCodes[field];
    notes[field] = problem && isFieldProblemCode(problem.code) ? problem : english;
  }
  return notes;
}

/** A field's problem in the visitor's language; a limit in characters is its plural's count. */
export function fieldText(note: FieldNote, t: TFunction): string {
  if (typeof note === 'string') return note;
  const { min, max } = note.params ?? {};
  return t(`fieldErrors.${note.code}`, { count: min ?? max });
}

/** Every field's problem of an answer, in the visitor's language. */
export function fieldMessages(error: unknown, t: TFunction): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldNotes(error)).map(([field, note]) => [field, fieldText(note, t)]));
}
