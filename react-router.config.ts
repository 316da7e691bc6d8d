import type { Config } from '@react-router/dev/config';
import { prerenderPaths } from './src/web/route-table.ts';

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  // Public pages are prerendered to static HTML at build time and hydrated; no runtime SSR.
  ssr: false,
  prerender: prerenderPaths(),
} satisfies Config;
