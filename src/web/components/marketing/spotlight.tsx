/** The warm cone of light behind a page's first section, like a projector beam. */
export function Spotlight() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[44rem] bg-[radial-gradient(ellipse_70%_55%_at_50%_-5%,rgba(255,201,77,0.17),rgba(255,201,77,0.04)_55%,transparent_75%)]"
    />
  );
}
