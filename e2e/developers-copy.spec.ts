import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest } from '@playwright/test';
import { severeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { registerByApi, uniqueEmail } from './people.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');

test('at 360 px a free user creates a key, copies the filled-in example, runs it, and the next example names the real result', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.setViewportSize({ width: 360, height: 740 });
  await registerByApi(page.request, uniqueEmail('copy-examples'));
  await page.goto('/developers');
  await expect(page.getByTestId('curl-shrink')).toContainText('api:YOUR_API_KEY');

  // A free account may create keys, as the page says (decision 0262).
  await page.getByLabel('Key name').fill('phone');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-key').textContent()) ?? '';
  expect(key).toMatch(/^lpx_/);
  await expect(page.getByTestId('examples-filled')).toContainText('The examples use the key you just created');
  const origin = new URL(baseURL!).origin;
  const shrinkCommand = `curl --user api:${key} --data-binary @photo.jpg -i ${origin}/api/v1/shrink`;
  const shrinkBlock = page.getByTestId('curl-shrink');
  await expect(shrinkBlock).toHaveText(shrinkCommand);
  await expect(page.getByTestId('client-example')).toContainText(`tinify.key = '${key}';`);
  await expect(page.getByTestId('python-example')).toContainText(`tinify.key = "${key}"`);

  // At 360 px the key is on screen whole: the block wraps, nothing of it is scrolled away.
  const fit = await shrinkBlock.evaluate((pre, shown) => {
    const text = pre.textContent ?? '';
    const range = document.createRange();
    const node = pre.querySelector('code')!.firstChild!;
    const start = text.indexOf(shown);
    range.setStart(node, start);
    range.setEnd(node, start + shown.length);
    const box = pre.getBoundingClientRect();
    const rects = [...range.getClientRects()];
    return {
      overflow: pre.scrollWidth - pre.clientWidth,
      inside: rects.length > 0 && rects.every((rect) => rect.left >= box.left && rect.right <= box.right),
    };
  }, key);
  expect(fit).toEqual({ overflow: 0, inside: true });

  // Copy: the exact command goes to the clipboard, and the button says (and announces) so.
  const copy = page.getByRole('button', { name: 'Copy: Quick start with curl' });
  await copy.click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shrinkCommand);
  await expect(page.getByRole('status').filter({ hasText: /^Copied$/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);

  // Run as printed: the key and the address from the copied command.
  const [, printedKey, address] = /--user api:(\S+) .* -i (\S+)$/.exec(shrinkCommand)!;
  const script = await playwrightRequest.newContext({
    extraHTTPHeaders: { Authorization: `Basic ${Buffer.from(`api:${printedKey}`).toString('base64')}` },
  });
  const shrink = await script.post(address!, { data: await readFile(photo), headers: { 'Content-Type': 'image/jpeg' } });
  expect(shrink.status(), await shrink.text()).toBe(201);
  const resultId = shrink.headers()['location']!.split('/').pop()!;

  // Without a touch the page finds the first result, and the download example names it.
  const download = page.getByTestId('curl-download');
  await expect(download).toHaveText(`curl --user api:${key} --output photo-small.jpg ${origin}/api/v1/output/${resultId}`, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('examples-filled')).toContainText(`RESULT_ID is your newest result, api-image.`);
  const [, , outputUrl] = /--user api:(\S+) --output \S+ (\S+)$/.exec((await download.textContent()) ?? '')!;
  const output = await script.get(outputUrl!);
  expect(output.status()).toBe(200);
  expect(output.headers()['content-type']).toBe('image/jpeg');
  await script.dispose();

  // Once the person is done with the key, the examples stop showing it.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(shrinkBlock).toContainText('api:YOUR_API_KEY');
  await expect(page.getByText(key)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
