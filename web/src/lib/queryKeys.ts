/** Query keys more than one module touches: processing refreshes the session and history after each image. */
export const queryKeys = {
  session: ['session', 'current'],
  plans: ['plans'],
  currentUser: ['auth', 'user'],
  history: ['images', 'history'],
  results: ['images', 'results'],
  deckResults: ['images', 'results', 'deck'],
  adminStats: ['admin', 'stats'],
  adminUsers: ['admin', 'users'],
  adminAudit: ['admin', 'audit'],
  adminContactMessages: ['admin', 'contact-messages'],
  dataExport: ['account', 'export'],
  stats: ['stats'],
  billingAccount: ['subscription'],
  contactInfo: ['contact', 'info'],
} as const;
