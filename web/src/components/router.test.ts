import { describe, expect, it } from 'vitest';
import { hrefOf, matchPage } from './router';

const at = { pathname: '/auth', search: '?mode=register', hash: '#top' };

describe('hrefOf', () => {
  it('keeps an absolute path with its query and section', () => {
    expect(hrefOf('/it#pricing', at)).toBe('/it#pricing');
    expect(hrefOf('/auth?redirect=/developers', at)).toBe('/auth?redirect=/developers');
  });

  it('puts a query or a section alone on the page shown', () => {
    expect(hrefOf('?mode=forgot', at)).toBe('/auth?mode=forgot');
    expect(hrefOf('#faq', at)).toBe('/auth?mode=register#faq');
  });

  it('fills what an object leaves out from the page shown, query and section left empty', () => {
    expect(hrefOf({ search: '?mode=login' }, at)).toBe('/auth?mode=login');
    expect(hrefOf({ pathname: '/guest' }, at)).toBe('/guest');
  });
});

describe('matchPage', () => {
  const pages = [
    { path: '/', element: 'home' },
    { path: '/guest', element: 'guest' },
    { path: '*', element: 'not found' },
  ];

  it('finds a page by its path, with a trailing slash or in other letters', () => {
    expect(matchPage(pages, '/')).toBe('home');
    expect(matchPage(pages, '/guest')).toBe('guest');
    expect(matchPage(pages, '/guest/')).toBe('guest');
    expect(matchPage(pages, '/Guest')).toBe('guest');
  });

  it('gives the * page for any other path', () => {
    expect(matchPage(pages, '/guest/more')).toBe('not found');
    expect(matchPage(pages, '/nothing')).toBe('not found');
  });
});
