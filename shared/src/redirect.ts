/**
 * The `redirect` value when it is a path on this site, else '/'. Browsers read '\' as '/' and drop tabs
 * and newlines inside URLs, so '/\evil' and '/\t/evil' would leave the site: both are refused.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/';
  // eslint-disable-next-line no-control-regex
  if (value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}
