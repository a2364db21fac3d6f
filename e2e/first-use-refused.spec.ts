import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadFormatsText } from '@lightpix/shared';
import { expect, test } from './fixtures.js';

const photo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/photo.jpg');
const pdfNamedJpg = { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n') };

for (const width of [1280, 360]) {
  test(`at ${width} px a refused file says why once, with the accepted formats, no made-up estimate, and cannot be sent again as is`, async ({
    page,
  }) => {
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
    await expect(failed).toHaveText(
      `Failed: This file is not an image we can open. We accept ${uploadFormatsText('en')}.Remove it or choose another file to try again.`,
    );
    // The same bytes would fail again: nothing to send until the file is replaced or removed.
    await expect(optimise).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Smart lightening' })).toBeDisabled();
    await expect(page.getByTestId('remaining-images')).toHaveText('1 of 1 image left (renews every 24 hours)');

    // The area takes files again once the queue has settled (a choice made while it is disabled is not taken).
    await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('upload-input').setInputFiles(photo);
    await expect(page.getByTestId('selected-row')).toHaveCount(1);
    await expect(page.getByTestId('upload-failed')).toHaveCount(0);
    await expect(optimise).toBeEnabled();
  });
}

const damaged = { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: readFileSync(photo).subarray(0, 3000) };

const explained = {
  it: {
    optimise: 'Ottimizza',
    damaged: "Errore: Impossibile leggere l'immagine. Potrebbe essere danneggiata.",
    notAnImage: "Errore: Questo file non è un'immagine che possiamo aprire. Accettiamo",
  },
  pl: {
    optimise: 'Optymalizuj',
    damaged: 'Błąd: Nie udało się odczytać obrazu. Może być uszkodzony.',
    notAnImage: 'Błąd: Ten plik nie jest obrazem, który potrafimy otworzyć. Obsługujemy',
  },
  fr: {
    optimise: 'Optimiser',
    damaged: 'Échec\u00a0: L’image n’a pas pu être lue. Elle est peut-être endommagée.',
    notAnImage: 'Échec\u00a0: Ce fichier n’est pas une image que nous savons ouvrir. Nous acceptons',
  },
} as const;

for (const [language, words] of Object.entries(explained)) {
  test(`in ${language} a damaged upload and a file that is no image are explained once, in ${language}`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await page.goto('/guest');
    await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('upload-input').setInputFiles(damaged);
    await page.getByRole('button', { name: words.optimise, exact: true }).click();
    const failed = page.getByTestId('upload-failed');
    await expect(failed.locator('p').first()).toHaveText(words.damaged);
    // One message: no English line from the server and no formats line under it.
    await expect(failed.locator('p')).toHaveCount(2);
    await expect(failed).not.toContainText(/could not|damaged|accept/i);

    await expect(page.getByTestId('upload-area')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('upload-input').setInputFiles(pdfNamedJpg);
    await page.getByRole('button', { name: words.optimise, exact: true }).click();
    await expect(failed.locator('p').first()).toHaveText(`${words.notAnImage} ${uploadFormatsText(language)}.`);
    await expect(failed).not.toContainText(/not an image|We accept/);
  });
}
