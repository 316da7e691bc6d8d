import { canonicalUrl } from '../lib/meta.ts';
import { pageList } from '../route-table.ts';

/**
 * /sitemap.xml, generated from the route table at build time (a resource route: with
 * `ssr: false` it is prerendered to build/client/sitemap.xml). Only indexable pages, each once
 * under its main path: aliases share their page's canonical URL.
 */
export function loader() {
  const urls = pageList
    .filter((page) => page.indexable)
    .map((page) => `  <url><loc>${escapeXml(canonicalUrl(page))}</loc></url>`);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
