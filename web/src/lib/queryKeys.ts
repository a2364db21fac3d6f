/** Query keys more than one feature touches: processing refreshes the session after each image. */
export const queryKeys = {
  session: ['session', 'current'],
  plans: ['plans'],
} as const;
