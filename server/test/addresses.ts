/**
 * Fresh client addresses under a two-octet prefix, so each test's per-IP quota and limits start at
 * zero. No test-runner imports: the API tests and the Playwright fixtures both use it.
 */
export function addressPool(prefix: string) {
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}.${Math.floor(count / 250)}.${(count % 250) + 1}`;
  };
}
