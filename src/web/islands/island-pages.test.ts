import { describe, expect, it, vi } from 'vitest';

// Vite replaces __SITE_URL__ at build time; here it is a plain global, set before the imports run.
vi.hoisted(() => {
  vi.stubGlobal('__SITE_URL__', 'https://reelscore.test');
});

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import GetApp from '../routes/get-app.tsx';
import GetExtension from '../routes/get-extension.tsx';
import Health from '../routes/health.tsx';
import Home from '../routes/home.tsx';
import Signup from '../routes/signup.tsx';
import { demoVideosIsland } from '../features/demo-video/demo-videos-island.tsx';
import { healthDashboardIsland } from '../features/health/health-dashboard-island.tsx';
import { signupFormIsland } from '../features/signup/signup-form-island.tsx';
import type { IslandDefinition } from '../lib/island.tsx';

const islands: IslandDefinition<never>[] = [
  signupFormIsland,
  demoVideosIsland,
  healthDashboardIsland,
];

function unescapeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** A page as the prerender draws it, inside a router as React Router's is. */
function prerendered(path: string, page: () => ReturnType<typeof Home>) {
  return renderToString(
    createElement(MemoryRouter, { initialEntries: [path] }, createElement(page)),
  );
}

function islandBoxes(html: string) {
  return [
    ...html.matchAll(/<div class="contents" data-island="([^"]+)" data-island-props="([^"]*)">/g),
  ];
}

/** Each island alone draws exactly what the page holds in its box. */
function expectIslandsDrawnAlone(html: string) {
  // hydrateRoot on the box expects exactly what the page holds there: the same markup and
  // ids (useId() would number them by their place in the whole page's tree).
  for (const [box, name, props] of islandBoxes(html)) {
    const island = islands.find((candidate) => candidate.name === name);
    expect(island).toBeDefined();
    const alone = renderToString(island!.render(JSON.parse(unescapeAttribute(props!)) as never));
    expect(html).toContain(`${box}${alone}</div>`);
  }
}

const page = prerendered('/', Home);
const boxes = islandBoxes(page);

describe('the home page islands', () => {
  it('are the two signup forms and the demo video', () => {
    expect(boxes.map(([, name]) => name)).toEqual(['signup-form', 'demo-videos', 'signup-form']);
  });

  it('draw the same HTML on their own, from their props, as inside the whole page', () => {
    expectIslandsDrawnAlone(page);
  });

  it('give each signup form ids of its own', () => {
    expect(page).toContain('id="signup-hero-top-email"');
    expect(page).toContain('id="signup-general-bottom-email"');
  });
});

describe('the health page island', () => {
  const health = prerendered('/health', Health);

  it('is the status cards, drawn alone as inside the page', () => {
    expect(islandBoxes(health).map(([, name]) => name)).toEqual(['health-dashboard']);
    expectIslandsDrawnAlone(health);
  });
});

describe('the signup, app and extension pages', () => {
  const formPages = [
    ['/signup', Signup, 'general'],
    ['/get-app', GetApp, 'get-app-top'],
    ['/get-extension', GetExtension, 'get-extension-top'],
  ] as const;

  for (const [path, Page, signupType] of formPages) {
    it(`${path}: its islands are its signup forms, drawn alone as inside the page`, () => {
      const html = prerendered(path, Page);
      const names = islandBoxes(html).map(([, name]) => name);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set(['signup-form']));
      expect(html).toContain(`id="signup-${signupType}-email"`);
      expectIslandsDrawnAlone(html);
    });
  }
});
