import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { islandsOnPreact } from './scripts/island-runtime.ts';
import { siteBuildSettings } from './scripts/site-build-settings.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), siteBuildSettings()],
  define: {
    // The public origin for canonical URLs and Open Graph tags, fixed at build time.
    __SITE_URL__: JSON.stringify(
      (process.env.PUBLIC_URL ?? 'https://reelscore.app').replace(/\/$/, ''),
    ),
  },
  // Scripts built with `?worker&url`: the page script (no framework) and the island script.
  worker: { plugins: () => [islandsOnPreact()] },
  server: { host: '127.0.0.1' },
});
