import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema } from './auth.js';
import { contactRequestSchema } from './contact.js';
import { createApiKeyRequestSchema } from './developers.js';
import { fieldProblemCodesOf, fieldProblems } from './field-problems.js';

const codesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldProblemCodesOf(result.error.issues);
};

describe('field problem codes', () => {
  it('read each field of a form from the kind of its first problem, with the limit', () => {
    expect(
      codesOf(registerRequestSchema, { username: 'a b', email: 'ada@', password: 'short', firstName: ' ', lastName: 'x'.repeat(101) }),
    ).toEqual({
      username: { code: 'invalid_characters' },
      email: { code: 'invalid_email' },
      password: { code: 'too_short', params: { min: 8 } },
      firstName: { code: 'required' },
      lastName: { code: 'too_long', params: { max: 100 } },
    });
    expect(codesOf(loginRequestSchema, {})).toEqual({ email: { code: 'required' }, password: { code: 'required' } });
    expect(codesOf(contactRequestSchema, { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'x'.repeat(5001) })).toEqual({
      message: { code: 'too_long', params: { max: 5000 } },
    });
    expect(codesOf(createApiKeyRequestSchema, { name: '' })).toEqual({ name: { code: 'required' } });
  });

  it("take a custom check's own code, else call it invalid", () => {
    const schema = z.object({
      named: z.string().refine(() => false, { message: 'Taken', params: { code: 'username_taken' } }),
      unnamed: z.string().refine(() => false, { message: 'Nope' }),
      count: z.number().max(3),
    });
    expect(codesOf(schema, { named: 'a', unnamed: 'b', count: 5 })).toEqual({
      named: { code: 'username_taken' },
      unnamed: { code: 'invalid' },
      count: { code: 'invalid' },
    });
  });

  it('keep the English beside the codes, field by field', () => {
    const result = registerRequestSchema.safeParse({ email: 'ada@example.com', password: 'short', firstName: 'Ada', lastName: 'L' });
    expect(result.success || fieldProblems(result.error.issues)).toEqual({ password: 'Password must be at least 8 characters' });
  });
});
