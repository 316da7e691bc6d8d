import { describe, expect, it, vi } from 'vitest';

// Vite replaces __SITE_URL__ at build time; here it is a plain global, set before the imports run.
vi.hoisted(() => {
  vi.stubGlobal('__SITE_URL__', 'https://reelscore.test');
});

import * as table from '../route-table.ts';
import * as robots from './robots.ts';
import * as sitemap from './sitemap.ts';

describe('/sitemap.xml', () => {
  it('lists every indexable page once, by its main path, as an absolute URL', async () => {
    const response = sitemap.loader();
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const expected = table.pageList
      .filter((page) => page.indexable)
      .map((page) =>
        page.path === '/' ? 'https://reelscore.test/' : `https://reelscore.test${page.path}`,
      );
    expect(locs).toEqual(expected);
    expect(locs).not.toContain('https://reelscore.test/extension/chrome');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
  });
});

describe('/robots.txt', () => {
  it('allows everything but the admin dashboard and points at the sitemap', async () => {
    const response = robots.loader();
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: https://reelscore.test/sitemap.xml\n',
    );
  });

  it('never prerenders the client-only admin dashboard', () => {
    expect(table.pages.admin.clientOnly).toBe(true);
    expect(table.prerenderPaths()).not.toContain('/admin');
    expect(table.prerenderPaths()).toContain('/404');
  });

  it('is prerendered with the sitemap', () => {
    expect(table.prerenderPaths()).toEqual(expect.arrayContaining(['/sitemap.xml', '/robots.txt']));
  });
});
