import type { DemoVideo } from '../../site-config.ts';

export interface DemoCarouselProps {
  videos: DemoVideo[];
}

/** The home page's demo video carousel (spec sections 2 and 4). */
export function DemoCarousel({ videos }: DemoCarouselProps) {
  return <div>{videos[0]?.title}</div>;
}
