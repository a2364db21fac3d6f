import { landingLanguages } from '@lightpix/shared';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessage } from './errorMessage';
import { i18nOptions } from './i18n';
import { translationsFor } from './translations';

async function translator(language: string) {
  const instance = createInstance();
  await instance.init(
    i18nOptions(language, Object.fromEntries(landingLanguages.map((code) => [code, { translation: translationsFor(code) }]))),
  );
  return (error: unknown) => errorMessage(error, instance.t, (key) => instance.exists(key));
}

const notAnImage = () =>
  new ApiError(
    415,
    'unsupported_file_type',
    'This file is not an image we can open. We accept JPEG, PNG and WebP images.',
    {},
    { reason: 'image', formats: ['JPEG', 'PNG', 'WebP'] },
  );

describe('errorMessage', () => {
  it("writes a refusal in the visitor's language from its code, reason and figures, never the server's English", async () => {
    expect((await translator('it'))(notAnImage())).toBe("Questo file non è un'immagine che possiamo aprire. Accettiamo JPEG, PNG e WebP.");
    expect((await translator('pl'))(notAnImage())).toBe(
      'Ten plik nie jest obrazem, który potrafimy otworzyć. Obsługujemy JPEG, PNG i WebP.',
    );
    const pixels = new ApiError(
      413,
      'too_many_pixels',
      'This image has too many pixels…',
      {},
      { reason: 'image', megapixels: 100, animationMegapixels: 200 },
    );
    expect((await translator('de'))(pixels)).toBe(
      'Dieses Bild hat zu viele Pixel für die Verarbeitung: höchstens 100 Megapixel (200 für alle Einzelbilder einer Animation).',
    );
    const large = new ApiError(413, 'file_too_large', 'Images can be up to 2.5 MB.', {}, { reason: 'image', maxMegabytes: 2.5 });
    expect((await translator('fr'))(large)).toBe('Le fichier est trop volumineux\u00a0: les images peuvent peser jusqu’à 2,5 Mo.');
  });

  it("names an output format's own pixel limit in every language (decision 0251)", async () => {
    const avif = new ApiError(413, 'too_many_pixels', 'An AVIF result…', {}, { reason: 'format', format: 'AVIF', megapixels: 32 });
    const webp = new ApiError(413, 'too_many_pixels', 'A WebP result…', {}, { reason: 'format_alpha', format: 'WebP', megapixels: 40 });
    const side = new ApiError(413, 'too_many_pixels', 'A WebP result…', {}, { reason: 'side', format: 'WebP', pixels: 16_383 });
    expect((await translator('en'))(avif)).toBe(
      'An AVIF result can hold at most 32 megapixels. Choose smaller dimensions or another format.',
    );
    expect((await translator('de'))(webp)).toBe(
      'Ein WebP-Ergebnis mit Transparenz kann höchstens 40 Megapixel haben. Wähle kleinere Abmessungen oder ein anderes Format.',
    );
    for (const language of landingLanguages) {
      const t = await translator(language);
      expect(t(avif), language).toMatch(/AVIF.*32/);
      expect(t(webp), language).toMatch(/WebP.*40/);
      expect(t(side), language).toMatch(/WebP.*16[\s.,\u00a0\u202f]?383/);
    }
  });

  it('quotes the deck time limit in every language', async () => {
    const late = new ApiError(
      422,
      'presentation_timeout',
      'This deck took longer than 120 seconds to optimise. Try a smaller deck.',
      {},
      { seconds: 120 },
    );
    expect((await translator('en'))(late)).toBe('This deck took longer than 120 seconds to optimise. Try a smaller deck.');
    expect((await translator('pl'))(late)).toBe('Optymalizacja tej prezentacji trwała dłużej niż 120 s. Spróbuj mniejszej prezentacji.');
    for (const language of landingLanguages) expect((await translator(language))(late), language).toContain('120');
  });

  it("falls back to the code's general message for a reason it does not know, and to the server's English for an unknown code", async () => {
    const t = await translator('es');
    expect(t(new ApiError(422, 'undecodable_image', 'Something new.', {}, { reason: 'brand-new' }))).toBe(
      'No se pudo leer la imagen. Puede estar dañada.',
    );
    expect(t(new ApiError(418, 'teapot' as never, 'I am a teapot.'))).toBe('I am a teapot.');
    expect(t(new Error('boom'))).toBe('Algo ha fallado. Inténtalo de nuevo.');
  });

  it('says a busy server stayed busy once the page stopped waiting, and that a running job is still running (decision 0162)', async () => {
    const stayed = new ApiError(503, 'server_busy', 'The server stayed busy. Please try again later.', {}, { reason: 'stayed' });
    expect((await translator('en'))(stayed)).toBe('The server stayed busy. Please try again later.');
    expect((await translator('fr'))(stayed)).toBe('Le serveur est resté occupé. Veuillez réessayer plus tard.');
    const running = new ApiError(503, 'server_busy', 'Your file is still being processed…', {}, { reason: 'still_running' });
    expect((await translator('de'))(running)).toBe(
      'Deine Datei wird noch verarbeitet; sie erscheint in deinen Ergebnissen, sobald sie fertig ist.',
    );
    expect((await translator('it'))(new ApiError(503, 'server_busy', 'Busy.'))).toBe('Il server è occupato. Riprova tra un minuto.');
    const lost = new ApiError(503, 'server_busy', 'Your file could not be processed right now.', {}, { reason: 'not_processed' });
    expect((await translator('pl'))(lost)).toBe('Nie udało się teraz przetworzyć Twojego pliku. Wyślij go ponownie później.');
  });
});
