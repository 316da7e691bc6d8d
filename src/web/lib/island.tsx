import type { ReactNode } from 'react';

/**
 * A part of a page that hydrates on its own when the page itself does not hydrate (the home,
 * signup, app, extension and health pages, docs/decisions/0028). `render` draws it from plain
 * JSON props, the same on the server inside <Island> and in the browser (island-script.tsx).
 */
export interface IslandDefinition<P extends object> {
  name: string;
  render: (props: P) => ReactNode;
}

export function defineIsland<P extends object>(
  name: string,
  render: (props: P) => ReactNode,
): IslandDefinition<P> {
  return { name, render };
}

/**
 * Draws an island inside a box that takes no room of its own (`display: contents`) and names
 * the island and its props for the island script. On a page that hydrates as a whole it is
 * only that box.
 */
export function Island<P extends object>({ of, props }: { of: IslandDefinition<P>; props: P }) {
  return (
    <div className="contents" data-island={of.name} data-island-props={JSON.stringify(props)}>
      {of.render(props)}
    </div>
  );
}
