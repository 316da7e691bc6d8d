/**
 * The signed-in dashboard: tabs, search, both lists, the add dialog and the error banner
 * (spec sections 2 and 4). Both lists live here so a whitelist change updates both at once.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useState, type ReactNode } from 'react';
import { trackEvent } from '../../analytics/analytics.ts';
import { addToWhitelist } from '../api/add-to-whitelist.ts';
import { AdminApiError } from '../api/admin-request.ts';
import { SIGNUPS_PAGE_SIZE, useSignups } from '../api/get-signups.ts';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users.ts';
import { removeFromWhitelist } from '../api/remove-from-whitelist.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { AddToWhitelistDialog } from './add-to-whitelist-dialog.tsx';
import { ApiTokensPanel } from './api-tokens-panel.tsx';
import { ConfirmationFilter, type ConfirmationChoice } from './confirmation-filter.tsx';
import { EmailTestingTab } from './email-testing-tab.tsx';
import { ErrorBanner } from './error-banner.tsx';
import { ListHeading } from './list-heading.tsx';
import { ListPager } from './list-pager.tsx';
import { SignupsTable } from './signups-table.tsx';
import { PrivacyRequests } from './privacy-requests.tsx';
import { UsersTable } from './users-table.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

type TabId = 'signups' | 'users' | 'email';
type ListId = 'signups' | 'users';

const tabTrigger =
  'rounded-t-lg border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-ink-300 transition hover:text-ink-100 data-[state=active]:border-gold-400 data-[state=active]:text-gold-300';

function focusRowAction(email: string) {
  document
    .querySelector<HTMLElement>(
      `[role="tabpanel"][data-state="active"] [data-row-action="${CSS.escape(email)}"]`,
    )
    ?.focus();
}

export function AdminWorkspace({
  onSessionEnded,
}: {
  onSessionEnded: (status: 401 | 403) => void;
}) {
  const [tab, setTab] = useState<TabId>('signups');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // Pages belong to one search term: a new term starts both lists at their first page.
  const [paging, setPaging] = useState({ search: '', signups: 0, users: 0 });
  const offsets = paging.search === search ? paging : { search, signups: 0, users: 0 };
  const setOffset = (list: ListId, offset: number) => setPaging({ ...offsets, [list]: offset });
  const [filters, setFilters] = useState<Record<ListId, ConfirmationChoice>>({
    signups: 'all',
    users: 'all',
  });
  /** A new filter starts its list at the first page. */
  const setFilter = (list: ListId, choice: ConfirmationChoice) => {
    setFilters({ ...filters, [list]: choice });
    setOffset(list, 0);
  };
  const confirmation = (list: ListId) => (filters[list] === 'all' ? undefined : filters[list]);
  const [error, setError] = useState<string | null>(null);
  const [dialogEmail, setDialogEmail] = useState<string | null>(null);
  const [busyEmail, setBusyEmail] = useState<string | null>(null);

  /** 401 and 403 end the dashboard; true when that happened. */
  const endsSession = useCallback(
    (caught: unknown) => {
      if (caught instanceof AdminApiError && (caught.status === 401 || caught.status === 403)) {
        onSessionEnded(caught.status);
        return true;
      }
      return false;
    },
    [onSessionEnded],
  );

  const showError = useCallback(
    (caught: unknown, fallback: string) => {
      if (endsSession(caught)) return;
      const message = caught instanceof Error ? caught.message : fallback;
      setError(message);
      trackEvent({ action: 'admin_error', category: 'admin', label: message });
    },
    [endsSession],
  );

  const signups = useSignups(
    tab === 'signups'
      ? { search, offset: offsets.signups, confirmation: confirmation('signups') }
      : null,
    (caught) => showError(caught, 'Failed to fetch signups'),
  );
  const users = useUsers(
    tab === 'users' ? { search, offset: offsets.users, confirmation: confirmation('users') } : null,
    (caught) => showError(caught, 'Failed to fetch users'),
  );

  const setWhitelisted = useCallback(
    (email: string, isWhitelisted: boolean) => {
      signups.setData((data) => ({
        ...data,
        signups: data.signups.map((row) => (row.email === email ? { ...row, isWhitelisted } : row)),
      }));
      users.setData((data) => ({
        ...data,
        users: data.users.map((row) => (row.email === email ? { ...row, isWhitelisted } : row)),
      }));
    },
    [signups, users],
  );

  /** Closes the dialog and puts focus back on the row's action button, as a trigger would. */
  function closeDialog(email: string) {
    setDialogEmail(null);
    window.setTimeout(() => focusRowAction(email), 0);
  }

  async function add(email: string) {
    closeDialog(email);
    if (busyEmail) return;
    setBusyEmail(email);
    try {
      await addToWhitelist(email);
      setWhitelisted(email, true);
      setError(null);
      trackEvent({ action: 'whitelist_add', category: 'admin' });
    } catch (caught) {
      showError(caught, 'Failed to add user to whitelist');
    } finally {
      setBusyEmail(null);
    }
  }

  async function remove(email: string) {
    if (busyEmail) return;
    setBusyEmail(email);
    try {
      await removeFromWhitelist(email);
      setWhitelisted(email, false);
      setError(null);
      trackEvent({ action: 'whitelist_remove', category: 'admin' });
    } catch (caught) {
      showError(caught, 'Failed to remove user from whitelist');
    } finally {
      setBusyEmail(null);
    }
  }

  const rowActions = {
    busyEmail,
    onAdd: (email: string) => {
      if (!busyEmail) setDialogEmail(email);
    },
    onRemove: (email: string) => void remove(email),
  };

  return (
    <>
      {error ? <ErrorBanner message={error} onDismiss={() => setError(null)} /> : null}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabId)} className="mt-6">
        <Tabs.List
          aria-label="Admin sections"
          className="flex flex-wrap gap-1 border-b border-ink-700"
        >
          <Tabs.Trigger value="signups" className={tabTrigger}>
            Signups
          </Tabs.Trigger>
          <Tabs.Trigger value="users" className={tabTrigger}>
            User Management
          </Tabs.Trigger>
          <Tabs.Trigger value="email" className={tabTrigger}>
            Email Testing
          </Tabs.Trigger>
        </Tabs.List>

        {tab !== 'email' ? (
          <div className="mt-6">
            <label htmlFor="admin-search" className="sr-only">
              Search by email
            </label>
            <input
              id="admin-search"
              type="search"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              placeholder="Search by email..."
              autoComplete="off"
              className="w-full max-w-md rounded-lg border border-ink-600 bg-ink-900 px-4 py-2.5 text-ink-100 placeholder:text-ink-400 focus:border-gold-400"
            />
          </div>
        ) : null}

        <ListTabPanel
          value="signups"
          title="Signups"
          search={search}
          loading={signups.isLoading}
          shown={signups.data?.signups.length}
          total={signups.data?.pagination.total}
          offset={offsets.signups}
          pageSize={SIGNUPS_PAGE_SIZE}
          onOffsetChange={(offset) => setOffset('signups', offset)}
          confirmation={filters.signups}
          onConfirmationChange={(choice) => setFilter('signups', choice)}
        >
          <SignupsTable
            signups={signups.error ? undefined : signups.data?.signups}
            isLoading={signups.isLoading}
            search={search}
            {...rowActions}
          />
        </ListTabPanel>

        <ListTabPanel
          value="users"
          title="Users"
          search={search}
          loading={users.isLoading}
          shown={users.data?.users.length}
          total={users.data?.pagination.total}
          offset={offsets.users}
          pageSize={USERS_PAGE_SIZE}
          onOffsetChange={(offset) => setOffset('users', offset)}
          confirmation={filters.users}
          onConfirmationChange={(choice) => setFilter('users', choice)}
        >
          <UsersTable
            users={users.error ? undefined : users.data?.users}
            isLoading={users.isLoading}
            search={search}
            {...rowActions}
          />
        </ListTabPanel>

        <Tabs.Content value="email" className="mt-6">
          <EmailTestingTab onSessionEnded={endsSession} />
        </Tabs.Content>
      </Tabs.Root>

      {tab !== 'email' ? (
        <PrivacyRequests
          onSessionEnded={endsSession}
          onErased={() => {
            signups.reload();
            users.reload();
          }}
        />
      ) : null}

      <ApiTokensPanel onSessionEnded={endsSession} />

      {dialogEmail ? (
        <AddToWhitelistDialog
          email={dialogEmail}
          onConfirm={(email) => void add(email)}
          onClose={() => closeDialog(dialogEmail)}
          onSessionEnded={endsSession}
          onReturnFocus={focusRowAction}
        />
      ) : null}
    </>
  );
}

interface ListTabPanelProps {
  value: ListId;
  title: string;
  search: string;
  loading: boolean;
  shown: number | undefined;
  total: number | undefined;
  offset: number;
  pageSize: number;
  onOffsetChange: (offset: number) => void;
  confirmation: ConfirmationChoice;
  onConfirmationChange: (choice: ConfirmationChoice) => void;
  children: ReactNode;
}

/** One list tab: its heading with the counts, the confirmation filter, the table and the pager. */
function ListTabPanel({
  value,
  title,
  search,
  loading,
  shown,
  total,
  offset,
  pageSize,
  onOffsetChange,
  confirmation,
  onConfirmationChange,
  children,
}: ListTabPanelProps) {
  const headingId = `${value}-heading`;
  return (
    <Tabs.Content value={value} className="mt-6" aria-labelledby={headingId}>
      <ListHeading
        id={headingId}
        title={title}
        shown={loading ? undefined : shown}
        total={loading ? undefined : total}
        search={search}
      />
      <div className="mt-3">
        <ConfirmationFilter
          label={`${title} by confirmation`}
          value={confirmation}
          onChange={onConfirmationChange}
        />
      </div>
      <div className="mt-4">{children}</div>
      <ListPager
        key={`${search}|${confirmation}`}
        label={`${title} pages`}
        offset={offset}
        pageSize={pageSize}
        total={loading ? undefined : total}
        loading={loading}
        onOffsetChange={onOffsetChange}
      />
    </Tabs.Content>
  );
}
