/**
 * The dashboard's views: the spec's three tabs first, then each tool in a place of its own. The
 * view is in the URL (`?tab=`), so Back works and a view can be shared; a view a viewer may not
 * use is never offered to one, and its address opens the first view instead.
 */
export type ViewId =
  | 'signups'
  | 'users'
  | 'email'
  | 'waves'
  | 'funnel'
  | 'referrals'
  | 'audit'
  | 'privacy'
  | 'integrations'
  | 'mail';

export interface AdminView {
  id: ViewId;
  label: string;
  /** Spec tabs are the lists and Email Testing; tools are the rest. */
  group: 'spec' | 'tools';
  /** Whether a viewer (read-only) is offered it: views that only change things are not. */
  forViewers: boolean;
  /** A few words for the command menu. */
  hint: string;
}

export const ADMIN_VIEWS: readonly AdminView[] = [
  {
    id: 'signups',
    label: 'Signups',
    group: 'spec',
    forViewers: true,
    hint: 'Everyone who signed up',
  },
  {
    id: 'users',
    label: 'User Management',
    group: 'spec',
    forViewers: true,
    hint: 'Signups, whitelist and app registrations',
  },
  {
    id: 'email',
    label: 'Email Testing',
    group: 'spec',
    forViewers: false,
    hint: 'Templates, previews and test sends',
  },
  {
    id: 'waves',
    label: 'Invite waves',
    group: 'tools',
    forViewers: true,
    hint: 'Invite the next people in line',
  },
  {
    id: 'funnel',
    label: 'Funnel',
    group: 'tools',
    forViewers: true,
    hint: 'From signup to registered app user',
  },
  {
    id: 'referrals',
    label: 'Referrals',
    group: 'tools',
    forViewers: true,
    hint: 'Review held referrals; top referrers',
  },
  {
    id: 'audit',
    label: 'Audit log',
    group: 'tools',
    forViewers: true,
    hint: 'Who changed what, and when',
  },
  {
    id: 'privacy',
    label: 'Privacy requests',
    group: 'tools',
    forViewers: false,
    hint: 'A copy of a person’s data, or erasure',
  },
  {
    id: 'integrations',
    label: 'Integrations',
    group: 'tools',
    forViewers: false,
    hint: 'Webhooks and API tokens',
  },
  {
    id: 'mail',
    label: 'Mail queue',
    group: 'tools',
    forViewers: true,
    hint: 'Mail waiting, sent and failed',
  },
];

export const DEFAULT_VIEW: ViewId = 'signups';

/** The views offered to a role. */
export function viewsFor(readOnly: boolean): readonly AdminView[] {
  return readOnly ? ADMIN_VIEWS.filter((view) => view.forViewers) : ADMIN_VIEWS;
}

/** The view a `?tab=` value names for this role, or the default one. */
export function viewFromParam(value: string | null, readOnly: boolean): ViewId {
  return viewsFor(readOnly).find((view) => view.id === value)?.id ?? DEFAULT_VIEW;
}

/** The search parameters with `view` chosen; the default view keeps the address bare. */
export function withView(current: URLSearchParams, view: ViewId): URLSearchParams {
  const updated = new URLSearchParams(current);
  if (view === DEFAULT_VIEW) updated.delete('tab');
  else updated.set('tab', view);
  return updated;
}
