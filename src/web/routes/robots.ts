import { site } from '../site-config.ts';

/**
 * /robots.txt, generated at build time (a resource route, prerendered to
 * build/client/robots.txt): everything may be crawled except the admin dashboard.
 */
export function loader() {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    '',
    `Sitemap: ${site.url}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
