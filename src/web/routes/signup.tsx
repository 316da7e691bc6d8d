import { routeMeta } from '../lib/route-meta.ts';

export const meta = routeMeta;

export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-28 pb-20">
      <h1 className="font-display text-5xl">signup</h1>
    </div>
  );
}
