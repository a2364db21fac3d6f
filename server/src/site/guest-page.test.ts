import { describe, expect, it } from 'vitest';
import { renderGuestPage, requestLanguage } from './landing-html.js';

describe('a guest page rendered by the server (docs/decisions/0219)', () => {
  it('is in the language the browser asks for first when the interface speaks it, else English', () => {
    expect(requestLanguage('it-IT,it;q=0.9,en;q=0.8')).toBe('it');
    expect(requestLanguage('pl')).toBe('pl');
    expect(requestLanguage('ja-JP,fr;q=0.9')).toBe('en');
    expect(requestLanguage(undefined)).toBe('en');
    expect(requestLanguage('')).toBe('en');
  });

  it('carries its language, its own title, the render and the answers it was rendered with', () => {
    const template = '<!doctype html><html lang="en"><head><title>Lightpix</title></head><body><div id="root"></div></body></html>';
    const html = renderGuestPage(template, 'de', {
      markup: '<title>Gastzugang · Lightpix</title><h1>Gastzugang</h1>',
      answers: { '/api/plans': { note: '</script><script>alert(1)</script>' } },
    });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<head><title>Gastzugang · Lightpix</title></head>');
    expect(html).toContain('<div id="root"><h1>Gastzugang</h1></div>');
    expect(html).not.toContain('</script><script>alert(1)');
    const answers = /<script type="application\/json" id="server-answers">(.*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(answers!)).toEqual({ '/api/plans': { note: '</script><script>alert(1)</script>' } });
  });
});
