/** Paths the web app renders; the server answers other non-API paths with its 404 page and status. */
export const clientRoutes = ['/', '/guest', '/images', '/auth', '/admin', '/powerpoint'] as const;
