import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');
const pdfNamedJpg = { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n') };

for (const width of [1280, 360]) {
  test(`at ${width} px a refused file shows the server's reason, no made-up estimate, and cannot be sent again as is`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/guest');
    await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('upload-input').setInputFiles(pdfNamedJpg);
    const row = page.getByTestId('selected-row');
    // The browser cannot read it, so there is no estimate and no savings figure.
    await expect(row.getByTestId('estimate-unknown')).toHaveText('size unknown');
    await expect(row).not.toContainText('%)');

    const optimise = page.getByRole('button', { name: 'Optimise', exact: true });
    await optimise.click();
    const failed = row.getByTestId('upload-failed');
    await expect(failed).toContainText('This file type is not supported.');
    await expect(row.getByTestId('server-message')).toHaveText(/^This file is not an image we can open\. We accept JPEG, PNG, WebP.* images\.$/);
    await expect(failed).toContainText('Remove it or choose another file to try again.');
    // The same bytes would fail again: nothing to send until the file is replaced or removed.
    await expect(optimise).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Smart lightening' })).toBeDisabled();
    await expect(page.getByTestId('remaining-images')).toHaveText('1 of 1 image left (renews every 24 hours)');

    await page.getByTestId('upload-input').setInputFiles(photo);
    await expect(page.getByTestId('selected-row')).toHaveCount(1);
    await expect(page.getByTestId('upload-failed')).toHaveCount(0);
    await expect(optimise).toBeEnabled();
  });
}

test('in Italian a refused file also lists the accepted formats in Italian', async ({ page }) => {
  await page.goto('/it');
  // The landing page keeps its language once it has rendered; only then does the next page read it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('it');
  await page.goto('/guest');
  await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('upload-input').setInputFiles(pdfNamedJpg);
  await page.getByRole('button', { name: 'Ottimizza', exact: true }).click();
  await expect(page.getByTestId('upload-failed')).toContainText('Formati accettati: JPEG, PNG, WebP');
});
