import { useEffect, useState } from 'react';
import type { AnswerCheck, LaterCheck } from './api';

type Schemas = typeof import('./answerSchemas');

/**
 * An answer check from the shared zod schemas, loaded with the first call that needs one: the calls
 * a page's first load never makes (sending a form, signing in, a payment) keep zod off it
 * (docs/decisions/0283). `later((schemas) => schemas.portalResponseSchema)`.
 */
export function later<T>(pick: (schemas: Schemas) => AnswerCheck<T>): LaterCheck<T> {
  return () => import('./answerSchemas').then(pick);
}

type FormSchemas = typeof import('./formChecks');

let formSchemas: FormSchemas | null = null;
let loadingFormSchemas: Promise<FormSchemas> | null = null;

/** The shared schemas the forms judge their fields with, loaded once, when a form first needs them (docs/decisions/0283). */
export function loadFormSchemas(): Promise<FormSchemas> {
  loadingFormSchemas ??= import('./formChecks').then(
    (module) => (formSchemas = module),
    (error: unknown) => {
      loadingFormSchemas = null;
      throw error;
    },
  );
  return loadingFormSchemas;
}

/** The forms' schemas once loaded, loading them when `wanted`; null until they are here. */
export function useFormSchemas(wanted: boolean): FormSchemas | null {
  const [schemas, setSchemas] = useState(formSchemas);
  useEffect(() => {
    if (wanted && !schemas) loadFormSchemas().then(setSchemas, () => {});
  }, [wanted, schemas]);
  return schemas;
}
