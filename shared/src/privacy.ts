import { z } from 'zod';
import { landingLanguages } from './site.js';

/** What an audit row says was done (docs/decisions/0196). */
export const auditActions = [
  'user_updated',
  'admin_role_changed',
  'password_reset_sent',
  'user_deleted',
  'contact_message_handled',
  'contact_message_reopened',
  'contact_message_deleted',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Audit rows per page of GET /api/admin/audit, unless the request asks for fewer. */
export const ADMIN_AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit?user=&action=&page=&pageSize=: `user` is part of an e-mail or a whole user id, newest first. */
export const adminAuditQuerySchema = z.object({
  user: z.string().trim().max(254, 'Search is too long').optional().default(''),
  action: z.enum(auditActions).optional(),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Pages start at 1').max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_AUDIT_PAGE_SIZE).optional().default(ADMIN_AUDIT_PAGE_SIZE),
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

/** A person in an audit row: the e-mail while the account exists, else only its id. */
const auditPartySchema = z.object({ id: z.string(), email: z.string().nullable() });

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(auditActions),
  /** Who did it; id 'operator' for the command line. */
  actor: auditPartySchema,
  /** The account changed, null for a change to a contact message. */
  target: auditPartySchema.nullable(),
  messageId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditResponseSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

/** DELETE /api/admin/users/:id: the account's e-mail typed again, so a slip of the mouse deletes nobody. */
export const adminDeleteUserSchema = z.object({ confirmEmail: z.string().trim().min(1, 'Type the e-mail').max(254) });
export type AdminDeleteUser = z.infer<typeof adminDeleteUserSchema>;

/** PATCH /api/admin/contact-messages/:id */
export const adminContactUpdateSchema = z.object({ handled: z.boolean() }).strict();
export type AdminContactUpdate = z.infer<typeof adminContactUpdateSchema>;

/** How long the server keeps what it keeps, in days (docs/decisions/0198); the privacy page quotes them. */
export const retentionSchema = z.object({
  contactMessagesDays: z.number().int(),
  auditDays: z.number().int(),
  usageDays: z.number().int(),
});
export type Retention = z.infer<typeof retentionSchema>;

/** How often an account may ask for a data export: one an hour, one at a time (docs/decisions/0250). */
export const DATA_EXPORT_INTERVAL_MINUTES = 60;

/** What the account page and its polling show of a "Download my data" job (docs/decisions/0250). */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  /** 0–100, how much of the ZIP is written. */
  progress: z.number().int(),
  createdAt: z.string(),
  /** When the ZIP and its link go: RETENTION_HOURS after it is ready. */
  expiresAt: z.string(),
  /** Same-origin path of the ZIP while it is ready and not expired. */
  downloadPath: z.string().nullable(),
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/account/export: the newest export still kept (null when none), and how long a ready one is kept. */
export const dataExportStatusSchema = z.object({
  export: dataExportSchema.nullable(),
  keptHours: z.number(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** POST /api/account/export: the language the e-mail saying it is ready is written in. */
export const dataExportRequestSchema = z.object({ language: z.enum(landingLanguages).optional().catch(undefined) });
export type DataExportRequest = z.infer<typeof dataExportRequestSchema>;
