import type { MetaDescriptor } from 'react-router';
import { pageForRouteId, SITE_NAME, type PageRoute } from '../route-table.ts';
import { site } from '../site-config.ts';

/**
 * Title, description, canonical URL and social cards of a page, looked up by route id (never
 * by pathname: prerendered files live at `/x/` while the browser shows `/x`).
 */
export function pageMeta(routeId: string): MetaDescriptor[] {
  const page = pageForRouteId(routeId);
  if (!page) return [];
  const url = canonicalUrl(page);
  const image = `${site.url}/og-image.png`;
  return [
    { title: page.title },
    { name: 'description', content: page.description },
    ...(page.indexable
      ? [{ tagName: 'link', rel: 'canonical', href: url }]
      : [{ name: 'robots', content: 'noindex' }]),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ];
}

/** Aliases point search engines at their page's main path. */
export function canonicalUrl(page: PageRoute): string {
  return page.path === '/' ? `${site.url}/` : `${site.url}${page.path}`;
}
