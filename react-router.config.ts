import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './src/web/route-table.ts';

export default {
  appDirectory: 'src/web',
  // WEB_BUILD_DIR lets a test run build elsewhere without touching ./build.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  // Public pages are prerendered to static HTML at build time and hydrated; no runtime SSR.
  ssr: false,
  prerender: prerenderPaths(),
} satisfies Config;
