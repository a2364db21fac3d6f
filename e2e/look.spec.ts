import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');

test.use({ viewport: { width: 360, height: 780 } });

test('on a phone, a result says in words how like the original it looks, in the row, the comparison and another language', async ({
  page,
}) => {
  await page.goto('/guest');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(photo);
  await page.getByRole('button', { name: 'Optimise', exact: true }).click();

  const row = page.getByTestId('result-row').first();
  const look = row.getByTestId('result-look');
  await expect(look).toHaveText(/^Looks \d{2,3}(\.\d)?% like the original$/, { timeout: 30_000 });
  const likeness = Number((await look.textContent())!.match(/[\d.]+/)![0]);
  expect(likeness).toBeGreaterThan(80);
  expect(likeness).toBeLessThan(100);
  // The line fits the phone's width.
  expect(await row.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  await row.getByRole('button', { name: 'Compare photo.jpg before and after' }).click();
  const dialog = page.getByRole('dialog', { name: 'photo.jpg: before and after' });
  await expect(dialog.getByTestId('compare-look')).toHaveText((await look.textContent()) as string);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('combobox', { name: /language/i }).selectOption('de');
  await expect(look).toHaveText(new RegExp(`^Sieht dem Original zu ${String(likeness).replace('.', ',')}\u00a0% ähnlich$`));
});
