/**
 * The signed-in dashboard: tabs, search, both lists, the add dialog and the error banner
 * (spec sections 2 and 4). Both lists live here so a whitelist change updates both at once.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { DashboardRole } from '../../../../../contract/admin.ts';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import { ADD_FAILED_MESSAGE, useAddToWhitelist } from '../../access/api/add-to-whitelist.ts';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import { SIGNUPS_PAGE_SIZE, signupsKey, useSignups } from '../../lists/api/get-signups.ts';
import { USERS_PAGE_SIZE, useUsers, usersKey } from '../../lists/api/get-users.ts';
import { useCounts } from '../../lists/api/get-counts.ts';
import { exportUrl } from '../../lists/api/export-url.ts';
import {
  filterQuery,
  readFilters,
  writeFilters,
  type ListFilters,
} from '../../lists/list-filters.ts';
import { AuditLog } from '../../lists/components/audit-log.tsx';
import { CountsBar } from '../../lists/components/counts-bar.tsx';
import { ImportButton } from '../../lists/components/import-dialog.tsx';
import { ListFilterBar } from '../../lists/components/list-filter-bar.tsx';
import { BulkWhitelistDialog } from '../../access/components/bulk-whitelist-dialog.tsx';
import { SelectionBar, type RowSelection } from '../../lists/components/selection-bar.tsx';
import {
  REMOVE_FAILED_MESSAGE,
  useRemoveFromWhitelist,
} from '../../access/api/remove-from-whitelist.ts';
import { useDebouncedValue } from '../../lists/use-debounced-value.ts';
import { AddToWhitelistDialog } from '../../access/components/add-to-whitelist-dialog.tsx';
import { ApiTokensPanel } from '../../integrations/components/api-tokens-panel.tsx';
import { WebhooksPanel } from '../../integrations/components/webhooks-panel.tsx';
import { FunnelPanel } from '../../access/components/funnel-panel.tsx';
import { WavesPanel } from '../../access/components/waves-panel.tsx';
import {
  ConfirmationFilter,
  type ConfirmationChoice,
} from '../../lists/components/confirmation-filter.tsx';
import { EmailTestingTab } from '../../mail/components/email-testing-tab.tsx';
import { ErrorBanner } from '../../shared/components/error-banner.tsx';
import { ListHeading } from '../../lists/components/list-heading.tsx';
import { ListPager } from '../../lists/components/list-pager.tsx';
import { SignupsTable } from '../../lists/components/signups-table.tsx';
import { PrivacyRequests } from '../../privacy/components/privacy-requests.tsx';
import { UsersTable } from '../../lists/components/users-table.tsx';
import { WhitelistToast, type WhitelistNotice } from '../../access/components/whitelist-toast.tsx';
import { useListView } from '../../lists/use-list-view.ts';
import { useLoadState } from '../../shared/api/use-load-state.ts';

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

const TABS: readonly TabId[] = ['signups', 'users', 'email'];

export function AdminWorkspace({
  role = 'admin',
  onSessionEnded,
}: {
  /** A viewer sees everything and is offered no change. */
  role?: DashboardRole | undefined;
  onSessionEnded: (status: 401 | 403) => void;
}) {
  const readOnly = role === 'viewer';
  // The tab, the search and the filters live in the URL: shareable, and Back undoes a change.
  const [params, setParams] = useSearchParams();
  const tab: TabId =
    TABS.find((each) => each === params.get('tab') && !(readOnly && each === 'email')) ?? 'signups';
  const setTab = (next: TabId) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'signups') updated.delete('tab');
      else updated.set('tab', next);
      return updated;
    });
  const filters = readFilters(params);
  const setFilters = (next: ListFilters) => setParams((current) => writeFilters(current, next));
  // The search box holds a draft; once it settles (300 ms), it becomes the URL's `q`, replacing
  // the entry rather than adding one per search. The lists follow the URL, so Back restores it.
  const search = (params.get('q') ?? '').trim();
  const [searchInput, setSearchInput] = useState(search);
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (search !== searchInput.trim()) setSearchInput(search);
  }
  const settledInput = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  });
  useEffect(() => {
    setParamsRef.current(
      (current) => {
        if ((current.get('q') ?? '') === settledInput) return current;
        const updated = new URLSearchParams(current);
        if (settledInput) updated.set('q', settledInput);
        else updated.delete('q');
        return updated;
      },
      { replace: true },
    );
  }, [settledInput]);
  const query = { search, ...filterQuery(filters) };
  // Pages belong to one search and filter: a new one starts both lists at their first page.
  const pagingKey = JSON.stringify(query);
  const [paging, setPaging] = useState({ key: pagingKey, signups: 0, users: 0 });
  const offsets = paging.key === pagingKey ? paging : { key: pagingKey, signups: 0, users: 0 };
  const setOffset = (list: ListId, offset: number) => setPaging({ ...offsets, [list]: offset });
  const setConfirmation = (choice: ConfirmationChoice) =>
    setFilters({ ...filters, confirmation: choice === 'all' ? undefined : choice });
  const [error, setError] = useState<string | null>(null);
  const [dialogEmail, setDialogEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<WhitelistNotice | null>(null);
  const noticeCount = useRef(0);
  const dismissNotice = useCallback(() => setNotice(null), [setNotice]);

  /** 401 and 403 end the dashboard; true when that happened. */
  const endsSession = useCallback(
    (caught: unknown) => {
      // A viewer refused a change still has a session: the refusal is shown, not a sign-out.
      const refused = readOnly && caught instanceof AdminApiError && caught.status === 403;
      if (
        caught instanceof AdminApiError &&
        (caught.status === 401 || caught.status === 403) &&
        !refused
      ) {
        onSessionEnded(caught.status);
        return true;
      }
      return false;
    },
    [onSessionEnded, readOnly],
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

  const signupsParams = tab === 'signups' ? { ...filters, search, offset: offsets.signups } : null;
  const signups = useListView(
    useSignups(signupsParams),
    signupsKey(signupsParams),
    (data) => data.signups,
    {
      failedText: 'Failed to load the list',
      onError: (caught) => showError(caught, 'Failed to fetch signups'),
    },
  );
  const usersParams = tab === 'users' ? { ...filters, search, offset: offsets.users } : null;
  const users = useListView(useUsers(usersParams), usersKey(usersParams), (data) => data.users, {
    failedText: 'Failed to load the list',
    onError: (caught) => showError(caught, 'Failed to fetch users'),
  });

  const counts = useCounts();
  const countsLoad = useLoadState(counts, endsSession);

  const addAddress = useAddToWhitelist();
  const removeAddress = useRemoveFromWhitelist();
  /** The address whose whitelist change is in flight; its button waits. */
  const busyEmail =
    (addAddress.isPending ? addAddress.variables : undefined) ??
    (removeAddress.isPending ? removeAddress.variables : undefined) ??
    null;

  /** Closes the dialog and puts focus back on the row's action button, as a trigger would. */
  function closeDialog(email: string) {
    setDialogEmail(null);
    window.setTimeout(() => focusRowAction(email), 0);
  }

  function add(email: string) {
    closeDialog(email);
    if (busyEmail) return;
    addAddress.mutate(email, {
      onSuccess: () => {
        setError(null);
        trackEvent({ action: 'whitelist_add', category: 'admin' });
        announce(`Added ${email} to the whitelist.`, email, false);
      },
      onError: (caught) => showError(caught, ADD_FAILED_MESSAGE),
    });
  }

  /** The invitation put the address on the whitelist (on the server, with the mail). */
  function invited() {
    setError(null);
    trackEvent({ action: 'whitelist_add', category: 'admin', label: 'invitation' });
  }

  function completeInvitation(email: string) {
    closeDialog(email);
    announce(`Added ${email} to the whitelist.`, email, false);
  }

  function remove(email: string) {
    if (busyEmail) return;
    removeAddress.mutate(email, {
      onSuccess: () => {
        setError(null);
        trackEvent({ action: 'whitelist_remove', category: 'admin' });
        announce(`Removed ${email} from the whitelist.`, email, true);
      },
      onError: (caught) => showError(caught, REMOVE_FAILED_MESSAGE),
    });
  }

  /** The confirmation of a change, whose Undo puts the address back as it was. */
  function announce(text: string, email: string, wasListed: boolean) {
    noticeCount.current += 1;
    setNotice({
      id: noticeCount.current,
      text,
      undoLabel: `Undo: ${wasListed ? 'add' : 'remove'} ${email} ${wasListed ? 'to' : 'from'} the whitelist again`,
      undo: () => undo(email, wasListed),
    });
  }

  function undo(email: string, wasListed: boolean) {
    if (busyEmail) return;
    // Undoing an addition sends no mail; an invitation already sent stays sent.
    (wasListed ? addAddress : removeAddress).mutate(email, {
      onSuccess: () => {
        setError(null);
        trackEvent({
          action: wasListed ? 'whitelist_add' : 'whitelist_remove',
          category: 'admin',
          label: 'undo',
        });
        noticeCount.current += 1;
        setNotice({
          id: noticeCount.current,
          text: wasListed
            ? `${email} is on the whitelist again.`
            : `${email} is no longer on the whitelist.`,
        });
      },
      onError: (caught) => {
        setNotice(null);
        showError(caught, wasListed ? ADD_FAILED_MESSAGE : REMOVE_FAILED_MESSAGE);
      },
    });
  }

  // Rows picked for a bulk change; a new search or filter starts with none.
  const noRows: RowSelection = { kind: 'rows', emails: [] };
  const [picked, setPicked] = useState<{ key: string; selection: RowSelection }>({
    key: pagingKey,
    selection: noRows,
  });
  const selection = picked.key === pagingKey ? picked.selection : noRows;
  const setSelection = (next: RowSelection) => setPicked({ key: pagingKey, selection: next });
  const pageEmails = signups.failure ? [] : (signups.data?.signups.map((row) => row.email) ?? []);
  const isSelected = (email: string) =>
    selection.kind === 'matching' || selection.emails.includes(email);
  const allOnPage = pageEmails.length > 0 && pageEmails.every(isSelected);
  const selectedEmails = selection.kind === 'rows' ? selection.emails : [];
  const hasSelection = selection.kind === 'matching' || selectedEmails.length > 0;
  const [bulkAction, setBulkAction] = useState<'add' | 'remove' | null>(null);
  const rowSelection = readOnly
    ? undefined
    : {
        isSelected,
        allOnPage,
        toggle: (email: string) => {
          if (selection.kind === 'matching') {
            setSelection({ kind: 'rows', emails: pageEmails.filter((each) => each !== email) });
          } else if (selectedEmails.includes(email)) {
            setSelection({ kind: 'rows', emails: selectedEmails.filter((each) => each !== email) });
          } else {
            setSelection({ kind: 'rows', emails: [...selectedEmails, email] });
          }
        },
        toggleAll: () =>
          setSelection(
            allOnPage
              ? noRows
              : { kind: 'rows', emails: [...new Set([...selectedEmails, ...pageEmails])] },
          ),
      };
  const { sort: _sort, order: _order, ...matchingFilters } = filters;

  const rowActions = {
    readOnly,
    busyEmail,
    onAdd: (email: string) => {
      if (!busyEmail) setDialogEmail(email);
    },
    onRemove: remove,
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
          {/* Sending mail is a change: a viewer has no Email Testing tab. */}
          {readOnly ? null : (
            <Tabs.Trigger value="email" className={tabTrigger}>
              Email Testing
            </Tabs.Trigger>
          )}
        </Tabs.List>

        {tab !== 'email' ? (
          <CountsBar counts={counts.data} failed={countsLoad.error !== null} />
        ) : null}

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
          totalExact={signups.data?.pagination.totalExact ?? true}
          offset={offsets.signups}
          pageSize={SIGNUPS_PAGE_SIZE}
          onOffsetChange={(offset) => setOffset('signups', offset)}
          confirmation={filters.confirmation ?? 'all'}
          onConfirmationChange={setConfirmation}
          pagerKey={pagingKey}
          tools={
            <ListFilterBar
              list="Signups"
              filters={filters}
              onChange={setFilters}
              exportHref={exportUrl('signups', query)}
            >
              {readOnly ? null : <ImportButton onSessionEnded={endsSession} />}
            </ListFilterBar>
          }
        >
          {rowSelection && hasSelection ? (
            <SelectionBar
              selection={selection}
              pageSize={pageEmails.length}
              pageSelected={allOnPage}
              total={signups.data?.pagination.total}
              totalExact={signups.data?.pagination.totalExact ?? true}
              onSelectMatching={() => setSelection({ kind: 'matching' })}
              onSelectPage={() =>
                setSelection({
                  kind: 'rows',
                  emails: [...new Set([...selectedEmails, ...pageEmails])],
                })
              }
              onClear={() => setSelection(noRows)}
              onAction={setBulkAction}
            />
          ) : null}
          <SignupsTable
            signups={signups.rows}
            isLoading={signups.isLoading}
            failure={signups.failure}
            search={search}
            selection={rowSelection}
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
          totalExact={users.data?.pagination.totalExact ?? true}
          offset={offsets.users}
          pageSize={USERS_PAGE_SIZE}
          onOffsetChange={(offset) => setOffset('users', offset)}
          confirmation={filters.confirmation ?? 'all'}
          onConfirmationChange={setConfirmation}
          pagerKey={pagingKey}
          tools={
            <ListFilterBar
              list="Users"
              filters={filters}
              onChange={setFilters}
              exportHref={exportUrl('users', query)}
            />
          }
        >
          <UsersTable
            users={users.rows}
            isLoading={users.isLoading}
            failure={users.failure}
            search={search}
            {...rowActions}
          />
        </ListTabPanel>

        <Tabs.Content value="email" className="mt-6">
          <EmailTestingTab onSessionEnded={endsSession} />
        </Tabs.Content>
      </Tabs.Root>

      {tab !== 'email' ? readOnly ? null : <PrivacyRequests onSessionEnded={endsSession} /> : null}
      {tab !== 'email' ? <AuditLog onSessionEnded={endsSession} /> : null}

      <WavesPanel readOnly={readOnly} onSessionEnded={endsSession} />
      <FunnelPanel onSessionEnded={endsSession} />
      {/* Tokens and webhooks are for admins only; a viewer is not shown them. */}
      {readOnly ? null : <ApiTokensPanel onSessionEnded={endsSession} />}
      {readOnly ? null : <WebhooksPanel onSessionEnded={endsSession} />}

      <WhitelistToast notice={notice} onDismiss={dismissNotice} />

      {bulkAction ? (
        <BulkWhitelistDialog
          action={bulkAction}
          selection={
            selection.kind === 'matching'
              ? { matching: { ...matchingFilters, search: search || undefined } }
              : { emails: selectedEmails }
          }
          onDone={(result) => {
            setBulkAction(null);
            setSelection(noRows);
            noticeCount.current += 1;
            setNotice({
              id: noticeCount.current,
              text: `${bulkAction === 'add' ? 'Added' : 'Removed'} ${result.changed.toLocaleString('en-US')} of ${result.count.toLocaleString('en-US')} ${bulkAction === 'add' ? 'to' : 'from'} the whitelist.`,
            });
          }}
          onClose={() => setBulkAction(null)}
          onSessionEnded={endsSession}
        />
      ) : null}

      {dialogEmail ? (
        <AddToWhitelistDialog
          email={dialogEmail}
          onConfirm={add}
          onInvited={invited}
          onComplete={completeInvitation}
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
  /** False: a broad search, counted no further than `total` ("at least"). */
  totalExact: boolean;
  offset: number;
  pageSize: number;
  onOffsetChange: (offset: number) => void;
  confirmation: ConfirmationChoice;
  onConfirmationChange: (choice: ConfirmationChoice) => void;
  /** The filters, order, export and import above the table. */
  tools: ReactNode;
  /** Changes with the search and every filter: a new one starts without a known total. */
  pagerKey: string;
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
  totalExact,
  offset,
  pageSize,
  onOffsetChange,
  confirmation,
  onConfirmationChange,
  tools,
  pagerKey,
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
        totalExact={totalExact}
        search={search}
      />
      <div className="mt-3">
        <ConfirmationFilter
          label={`${title} by confirmation`}
          value={confirmation}
          onChange={onConfirmationChange}
        />
      </div>
      {tools}
      <div className="mt-4">{children}</div>
      <ListPager
        key={pagerKey}
        label={`${title} pages`}
        offset={offset}
        pageSize={pageSize}
        total={loading ? undefined : total}
        totalExact={totalExact}
        loading={loading}
        onOffsetChange={onOffsetChange}
      />
    </Tabs.Content>
  );
}
