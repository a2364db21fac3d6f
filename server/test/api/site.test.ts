import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { landingLanguages, landingPath, landingTexts, statsResponseSchema } from '@lightpix/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordUptimeMinute } from '../../src/modules/stats/figures.js';
import { createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

const PUBLIC_URL = 'https://lightpix.example';
// The shape of web/index.html as Vite builds it: the server must fill in a landing page's head.
const builtIndex = (await readFile(new URL('../../../web/index.html', import.meta.url), 'utf8')).replace(
  '<script type="module" src="/src/main.tsx"></script>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
);

/** Attribute values of every tag matching `pattern`, decoded the way a browser would. */
function attributes(html: string, pattern: RegExp, attribute: string): string[] {
  return [...html.matchAll(pattern)].map((match) => {
    const value = new RegExp(`${attribute}="([^"]*)"`).exec(match[0])?.[1] ?? '';
    return value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  });
}
const metaContent = (html: string, key: string) => attributes(html, new RegExp(`<meta (name|property)="${key}"[^>]*>`, 'g'), 'content');
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe.each(databaseKinds)('served HTML of the landing pages on %s', (kind) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-web-'));
    await writeFile(path.join(webDir, 'index.html'), builtIndex);
    t = await createTestApp(kind, { WEB_DIST_DIR: webDir, PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it.each(landingLanguages)('%s: language, title, description, keywords, canonical, alternates, Open Graph, JSON-LD', async (language) => {
    const response = await t.app.inject({ method: 'GET', url: landingPath(language) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    const head = headOf(html);
    const { meta, hero } = landingTexts[language].landing;

    expect(html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${language}">`));
    expect([...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))).toEqual([meta.title]);
    expect(metaContent(head, 'description')).toEqual([meta.description]);
    expect(metaContent(head, 'keywords')).toEqual([meta.keywords]);
    const ownUrl = new URL(landingPath(language), PUBLIC_URL).toString();
    expect(attributes(head, /<link rel="canonical"[^>]*>/g, 'href')).toEqual([ownUrl]);

    const alternates = [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(alternates)).toEqual({
      en: `${PUBLIC_URL}/`,
      it: `${PUBLIC_URL}/it`,
      de: `${PUBLIC_URL}/de`,
      es: `${PUBLIC_URL}/es`,
      pl: `${PUBLIC_URL}/pl`,
      fr: `${PUBLIC_URL}/fr`,
      'x-default': `${PUBLIC_URL}/`,
    });

    expect(metaContent(head, 'og:title')).toEqual([meta.title]);
    expect(metaContent(head, 'og:description')).toEqual([meta.description]);
    expect(metaContent(head, 'og:url')).toEqual([ownUrl]);
    expect(metaContent(head, 'og:type')).toEqual(['website']);
    expect(metaContent(head, 'og:locale')[0]).toMatch(new RegExp(`^${language}_[A-Z]{2}$`));

    const scripts = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]![1]!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebApplication',
      name: 'Lightpix',
      url: ownUrl,
      inLanguage: language,
    });
    const monthly = data.offers.find(
      (offer: { priceSpecification?: { billingDuration?: string } }) => offer.priceSpecification?.billingDuration === 'P1M',
    );
    expect(monthly).toMatchObject({ '@type': 'Offer', price: '2.00', priceCurrency: 'EUR' });

    // Readable without JavaScript: the hero in the page's own language, inside the app's root.
    expect(html).toContain(`<div id="root"><main><h1>${hero.title}</h1>`);
    expect(html).toContain('src="/assets/index-abc.js"');
  });

  it('takes absolute links from the request when PUBLIC_URL is not set, and keeps other pages plain', async () => {
    const local = await createTestApp(kind, { WEB_DIST_DIR: webDir, ALLOWED_HOSTS: 'images.test' });
    try {
      const landing = await local.app.inject({ method: 'GET', url: '/it', headers: { host: 'images.test:8080' } });
      expect(attributes(headOf(landing.body), /<link rel="canonical"[^>]*>/g, 'href')).toEqual(['http://images.test:8080/it']);
      // A Host header that is no host name gets a 400, never a page with broken links or a 500.
      const hostile = await local.app.inject({ method: 'GET', url: '/it', headers: { host: 'evil host"><script>' } });
      expect(hostile.statusCode).toBe(400);
      expect(hostile.body).not.toContain('<script>');
      // A name neither listened on nor in ALLOWED_HOSTS never reaches a link (docs/decisions/0259).
      const foreign = await local.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'evil.example' } });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.message).toContain('ALLOWED_HOSTS');
      expect(foreign.body).not.toContain('<loc>');
      const guest = await local.app.inject({ method: 'GET', url: '/guest' });
      expect(guest.statusCode).toBe(200);
      expect(guest.body).toContain('<html lang="en">');
      expect(guest.body).not.toContain('application/ld+json');
      expect(guest.body).not.toContain('rel="canonical"');
    } finally {
      await local.close();
    }
  });

  it('answers HEAD for pages as it answers GET, without a body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/de' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it('serves a sitemap with every landing language and the public pages, and robots.txt pointing to it', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(
      expect.arrayContaining(landingLanguages.map((language) => new URL(landingPath(language), PUBLIC_URL).toString())),
    );
    expect(locations).toEqual(expect.arrayContaining([`${PUBLIC_URL}/contact`, `${PUBLIC_URL}/privacy-policy`]));
    expect(locations.some((location) => location?.includes('/admin') || location?.includes('/api/'))).toBe(false);
    expect(sitemap.body).toContain(`hreflang="pl" href="${PUBLIC_URL}/pl"`);
    expect(sitemap.body).toContain(`hreflang="fr" href="${PUBLIC_URL}/fr"`);

    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body.split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /api/', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]),
    );
  });
});

describe.each(databaseKinds)('GET /api/stats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { QUOTA_GUEST: '5' });
  });
  afterAll(() => t.close());

  it('counts processed images and accounts from the database, and has no uptime before an hour is measured', async () => {
    const empty = statsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/stats' })).json());
    expect(empty).toEqual({ imagesProcessed: 0, users: 0, uptimePercent: null, uptimeDays: 0 });

    const guest = visitor(t.app, '198.51.100.7');
    expect((await guest.process(await fixture('photo.jpg'), 'photo.jpg')).statusCode).toBe(201);
    // A rejected file is not counted.
    expect((await guest.process(Buffer.from('not an image'), 'note.txt')).statusCode).toBeGreaterThanOrEqual(400);
    await visitor(t.app, '198.51.100.8').post('/api/auth/register', {
      email: 'lin@example.com',
      password: 'correct horse battery',
      firstName: 'Lin',
      lastName: 'Wu',
    });
    // The answer is cached for a minute: move past it.
    t.clock.advanceHours(0.02);
    const counted = statsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/stats' })).json());
    expect(counted).toMatchObject({ imagesProcessed: 1, users: 1 });
  });

  it('reports uptime as the share of minutes recorded since the first one', async () => {
    const start = t.clock.now().getTime();
    // 200 minutes, of which 10 were missed (the service was down).
    for (let minute = 0; minute < 200; minute++) {
      if (minute >= 100 && minute < 110) continue;
      await recordUptimeMinute(t.database.db, new Date(start + minute * 60_000));
    }
    await recordUptimeMinute(t.database.db, new Date(start + 199 * 60_000 + 30_000)); // same minute twice: one row
    t.clock.advanceHours(199 / 60 + 0.01);
    const stats = statsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/stats' })).json());
    expect(stats.uptimePercent).toBeCloseTo(95, 1);
    expect(stats.uptimeDays).toBeCloseTo(0.1, 1);
  });
});
