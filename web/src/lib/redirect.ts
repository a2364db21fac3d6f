/** The `redirect` query value when it is a path on this site ('/x', never '//host' or a URL), else '/'. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
