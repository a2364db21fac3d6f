import AxeBuilder from '@axe-core/playwright';
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@lightpix/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { unzip } from '../server/test/zip.js';
import { expect, test } from './fixtures.js';
import { registerByApi, signInAsAdmin, uniqueEmail } from './people.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const photo = path.join(fixtures, 'photo.jpg');

async function adminRequest(browser: Browser, baseURL: string): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.51.0.9' } });
  await signInAsAdmin(context.request);
  return context.request;
}

/** A new premium person signed in on this page. */
async function premium(page: Page, browser: Browser, baseURL: string) {
  const email = uniqueEmail('batch');
  await registerByApi(page.request, email);
  const admin = await adminRequest(browser, baseURL);
  const { users } = (await (await admin.get('/api/admin/users')).json()) as { users: { id: string; email: string }[] };
  const member = users.find((user) => user.email === email)!;
  expect((await admin.patch(`/api/admin/users/${member.id}`, { data: { tier: 'premium' } })).status()).toBe(200);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test('premium chooses a folder of mixed files, sees the batch go through, and downloads one ZIP with the folders kept', async ({
  page,
  browser,
  baseURL,
}) => {
  await premium(page, browser, baseURL!);
  const folder = path.join(await mkdtemp(path.join(os.tmpdir(), 'lightpix-e2e-folder-')), 'Holiday');
  await mkdir(path.join(folder, 'Day 1'), { recursive: true });
  await mkdir(path.join(folder, 'Day 2'), { recursive: true });
  await copyFile(photo, path.join(folder, 'Day 1', 'photo.jpg'));
  await copyFile(photo, path.join(folder, 'Day 2', 'photo.jpg'));
  await copyFile(path.join(fixtures, 'exif-camera.jpg'), path.join(folder, 'camera.jpg'));
  await writeFile(path.join(folder, 'notes.txt'), 'not an image');

  await page.goto('/images');
  await expect(page.getByTestId('remaining-images')).toHaveText('Unlimited images');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('folder-input').setInputFiles(folder);
  await expect(page.getByText('notes.txt: not a supported image type', { exact: true })).toBeVisible();
  await expect(page.getByTestId('selected-row')).toHaveCount(3);
  await expect(page.getByTestId('selected-row').filter({ hasText: 'Holiday/Day 1' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Optimise All', exact: true }).click();
  // Three small files can finish before the first look: the progress line or a result, whichever comes first
  // (both can show at once, so the first of them).
  await expect(page.getByTestId('batch-progress').or(page.getByTestId('result-row')).first()).toBeVisible();
  await expect(page.getByTestId('result-row')).toHaveCount(3, { timeout: 60_000 });
  const downloadAll = page.getByTestId('download-all');
  await expect(downloadAll).toHaveText('Download these 3 as ZIP');

  const [download] = await Promise.all([page.waitForEvent('download'), downloadAll.click()]);
  // The folder's name and the day it was made (decision 0223).
  expect(download.suggestedFilename()).toBe(`Holiday-${new Date().toISOString().slice(0, 10)}.zip`);
  const entries = await unzip(await readFile(await download.path()));
  expect(entries.map((entry) => entry.name).sort()).toEqual(['Holiday/Day 1/photo.jpg', 'Holiday/Day 2/photo.jpg', 'Holiday/camera.jpg']);
  expect(entries.every((entry) => entry.data.length > 0 && entry.data[0] === 0xff && entry.data[1] === 0xd8)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a guest pastes an image from the clipboard and it is added like a chosen file', async ({ page }) => {
  await page.goto('/guest');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  const bytes = [...(await readFile(photo))];
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'screenshot.jpg', { type: 'image/jpeg' }));
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  await expect(page.getByTestId('selected-row')).toHaveCount(1);
  await expect(page.getByTestId('selected-row')).toContainText('screenshot.jpg');

  // Pasting text into a text field stays a text paste.
  await page.evaluate(() => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', 'hello');
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('selected-row')).toHaveCount(1);
});

test('at 360 px a file pasted while the image is being processed, or once none are left, is not added and the page says why', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/guest');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  const bytes = [...(await readFile(photo))];
  const paste = (name: string) =>
    page.evaluate(
      ({ data, name }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], name, { type: 'image/jpeg' }));
        document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      },
      { data: bytes, name },
    );
  // The upload is held until the paste has been answered.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(apiPaths.processImage, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  await expect(page.getByTestId('upload-area')).toHaveAttribute('aria-disabled', 'true');
  await paste('while-busy.jpg');
  await expect(page.locator('.toast-root')).toHaveText(
    /^Nothing added\. Files can be added again once the images in progress are done and the page is ready\./,
  );
  await expect(page.getByTestId('selected-row')).toHaveCount(1);
  await expect(page.getByTestId('selected-row')).not.toContainText('while-busy.jpg');

  release();
  await expect(page.getByTestId('remaining-images')).toHaveText(/^0 of 1 /);
  await paste('after-limit.jpg');
  // The toast, not the area's own notice, which says it too.
  await expect(page.locator('.toast-root')).toHaveText(/^Image limit reached/);
  await expect(page.getByText('after-limit.jpg')).toHaveCount(0);
});

test('premium drops files anywhere on the page, not only on the upload area', async ({ page, browser, baseURL }) => {
  await premium(page, browser, baseURL!);
  await page.goto('/images');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  const bytes = [...(await readFile(photo))];
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'one.jpg', { type: 'image/jpeg' }));
    transfer.items.add(new File([new Uint8Array(data)], 'two.jpg', { type: 'image/jpeg' }));
    transfer.items.add(new File(['x'], 'readme.txt', { type: 'text/plain' }));
    const heading = document.querySelector('h1')!;
    heading.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    heading.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  await expect(page.getByTestId('selected-row')).toHaveCount(2);
  await expect(page.getByText('readme.txt: not a supported image type', { exact: true })).toBeVisible();
});

test('the before/after slider works by keyboard and mouse, zooms both images, and closes', async ({ page }) => {
  await page.goto('/guest');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();
  await page.getByRole('button', { name: 'Compare photo.jpg before and after' }).click({ timeout: 30_000 });

  const dialog = page.getByRole('dialog', { name: 'photo.jpg: before and after' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('% saved');
  await expect(dialog).toContainText('640×427');
  const slider = dialog.getByRole('slider', { name: 'Divider between before and after' });
  await expect(slider).toHaveValue('50');
  const beforeLayer = dialog.getByTestId('compare-before').locator('..');
  await slider.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveValue('40');
  await expect(beforeLayer).toHaveAttribute('style', /inset\(0px 60% 0px 0px\)|inset\(0 60% 0 0\)/);

  const stage = dialog.getByTestId('compare-stage');
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  expect(Number(await slider.inputValue())).toBeGreaterThanOrEqual(75);

  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(dialog.getByTestId('compare-zoom')).toHaveText('Zoom 150%');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('after Optimise the result is in view', async ({ page }) => {
    await page.goto('/guest');
    await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('upload-input').setInputFiles(photo);
    const optimise = page.getByRole('button', { name: 'Optimise', exact: true });
    await optimise.scrollIntoViewIfNeeded();
    await optimise.click();
    await expect(page.getByTestId('result-row').getByTestId('download-link')).toBeInViewport({ timeout: 30_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('on a touch screen at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a finger drags the before/after divider', async ({ page }) => {
    await page.goto('/guest');
    await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('upload-input').setInputFiles(photo);
    await page.getByRole('button', { name: 'Optimise', exact: true }).click();
    await page.getByRole('button', { name: 'Compare photo.jpg before and after' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'photo.jpg: before and after' });
    const slider = dialog.getByRole('slider', { name: 'Divider between before and after' });
    await expect(slider).toHaveValue('50');
    const box = (await dialog.getByTestId('compare-stage').boundingBox())!;
    const y = box.y + box.height / 2;
    // Real touch input through the browser's own protocol: Chromium turns it into touch pointer events.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: x === undefined ? [] : [{ x, y }] });
    await touch('touchStart', box.x + box.width * 0.5);
    for (const fraction of [0.4, 0.3, 0.2]) await touch('touchMove', box.x + box.width * fraction);
    await touch('touchEnd');
    await expect.poll(async () => Number(await slider.inputValue())).toBeLessThanOrEqual(25);
  });
});
