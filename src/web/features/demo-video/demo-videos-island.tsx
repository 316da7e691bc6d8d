import { demoVideos } from '../../site-config.ts';
import { defineIsland } from '../../lib/island.tsx';
import { DemoCarousel } from './demo-carousel.tsx';

/** The demo video carousel as an island of a page without React Router in the browser. */
export const demoVideosIsland = defineIsland('demo-videos', () => (
  <DemoCarousel videos={demoVideos} />
));
