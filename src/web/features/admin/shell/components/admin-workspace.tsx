/**
 * The signed-in dashboard (spec sections 2 and 4): the views (the spec's three tabs, then each
 * tool in a place of its own, shell/admin-views.ts), the error banner, and the features put
 * together. Both lists share one state here, so a whitelist change made from either (access)
 * shows in both (lists); a refused session ends the dashboard whichever feature met it.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useState } from 'react';
import type { DashboardRole } from '../../../../../contract/admin.ts';
import type { BulkAction } from '../../../../../contract/waves.ts';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import { AddToWhitelistDialog } from '../../access/components/add-to-whitelist-dialog.tsx';
import { BulkWhitelistDialog } from '../../access/components/bulk-whitelist-dialog.tsx';
import { FunnelPanel } from '../../access/components/funnel-panel.tsx';
import { WavesPanel } from '../../access/components/waves-panel.tsx';
import {
  WhitelistAnnouncer,
  WhitelistNoticeBox,
  WhitelistNoticeRow,
} from '../../access/components/whitelist-notice.tsx';
import { useWhitelistChanges } from '../../access/use-whitelist-changes.ts';
import { ApiTokensPanel } from '../../integrations/components/api-tokens-panel.tsx';
import { WebhooksPanel } from '../../integrations/components/webhooks-panel.tsx';
import { useCounts } from '../../lists/api/get-counts.ts';
import { AuditLog } from '../../lists/components/audit-log.tsx';
import { CountsBar } from '../../lists/components/counts-bar.tsx';
import { focusRowAction } from '../../lists/components/list-table.tsx';
import { SignupsTab } from '../../lists/components/signups-tab.tsx';
import { UsersTab } from '../../lists/components/users-tab.tsx';
import { useListState } from '../../lists/use-list-state.ts';
import { useRowSelection } from '../../lists/use-row-selection.ts';
import { EmailTestingTab } from '../../mail/components/email-testing-tab.tsx';
import { ReferralLeaderboard } from '../../referrals/components/referral-leaderboard.tsx';
import { ReferralReview } from '../../referrals/components/referral-review.tsx';
import { PrivacyRequests } from '../../privacy/components/privacy-requests.tsx';
import { MailQueue } from '../../mail/components/mail-queue.tsx';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import { useLoadState } from '../../shared/api/use-load-state.ts';
import { ErrorBanner } from '../../shared/components/error-banner.tsx';
import { viewFromParam, viewsFor, withView, type ViewId } from '../admin-views.ts';
import { CommandMenu } from './command-menu.tsx';
import { PersonPanel } from './person-panel.tsx';
import { ViewTabs } from './view-tabs.tsx';
import { useUrlParams } from '../../shared/use-url-params.ts';

/** A tool's view: its panel sits at the top of the view, not below a list. */
const toolView = 'mt-4 [&>section]:mt-0 [&>section+section]:mt-6';

export function AdminWorkspace({
  role = 'admin',
  onSessionEnded,
  commandMenu,
}: {
  /** A viewer sees everything and is offered no change. */
  role?: DashboardRole | undefined;
  onSessionEnded: (status: 401 | 403) => void;
  /** Whether the command menu is open (its button is in the header). */
  commandMenu: { open: boolean; onOpenChange: (open: boolean) => void };
}) {
  const readOnly = role === 'viewer';
  // The view lives in the URL, with the lists' search and filters: shareable, and Back works.
  const [params, setParams] = useUrlParams();
  const tab: ViewId = viewFromParam(params.get('tab'), readOnly);
  const views = viewsFor(readOnly);
  const setTab = (next: ViewId) => setParams((current) => withView(current, next));
  const listShown = tab === 'signups' || tab === 'users' ? tab : null;
  // The person panel's address is in the URL too: a panel can be shared, and Back closes it.
  const personEmail = params.get('person');
  const openPerson = (email: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('person', email);
      return updated;
    });
  const closePerson = () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('person');
        return updated;
      },
      { replace: true },
    );
  const [error, setError] = useState<string | null>(null);

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

  const lists = useListState({ shown: listShown, onError: showError });
  const counts = useCounts();
  const countsLoad = useLoadState(counts, endsSession);
  const selection = useRowSelection({
    pagingKey: lists.pagingKey,
    pageEmails: lists.signups.failure
      ? []
      : (lists.signups.data?.signups.map((row) => row.email) ?? []),
  });
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const changes = useWhitelistChanges({
    onChanged: () => setError(null),
    onError: showError,
    focusRow: focusRowAction,
  });
  const { dialogEmail, notice } = changes;
  // A row's notice shows under its row while the list shows it, otherwise above the list.
  const shownRows = listShown ? lists[listShown].rows : undefined;
  const noticeInRow =
    notice?.email !== undefined && (shownRows ?? []).some((row) => row.email === notice.email);
  const rowActions = {
    readOnly,
    busyEmail: changes.busyEmail,
    onAdd: changes.openDialog,
    onRemove: changes.remove,
    onOpen: openPerson,
    rowNote: (email: string, columns: number) =>
      noticeInRow && notice?.email === email ? (
        <WhitelistNoticeRow
          notice={notice}
          columns={columns}
          onDismiss={changes.dismissNotice}
          claimFocus={changes.claimFocus}
        />
      ) : null,
  };

  return (
    <>
      {error ? <ErrorBanner message={error} onDismiss={() => setError(null)} /> : null}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as ViewId)}>
        <ViewTabs views={views} selected={tab} />

        {listShown ? <CountsBar counts={counts.data} failed={countsLoad.error !== null} /> : null}
        {notice && !noticeInRow ? (
          <WhitelistNoticeBox
            notice={notice}
            onDismiss={changes.dismissNotice}
            claimFocus={changes.claimFocus}
            className="mt-3 w-fit max-w-full"
          />
        ) : null}

        <SignupsTab
          lists={lists}
          selection={selection}
          rowActions={rowActions}
          onBulkAction={setBulkAction}
          onSessionEnded={endsSession}
        />
        <UsersTab lists={lists} rowActions={rowActions} />

        <Tabs.Content value="email" className="mt-4">
          <EmailTestingTab onSessionEnded={endsSession} />
        </Tabs.Content>
        <Tabs.Content value="waves" className={toolView}>
          <WavesPanel
            readOnly={readOnly}
            onSessionEnded={endsSession}
            signupsLink={(filters) => `?${withView(new URLSearchParams(filters), 'signups')}`}
          />
        </Tabs.Content>
        <Tabs.Content value="funnel" className={toolView}>
          <FunnelPanel onSessionEnded={endsSession} />
        </Tabs.Content>
        <Tabs.Content value="referrals" className={toolView}>
          <ReferralReview readOnly={readOnly} onSessionEnded={endsSession} />
          <ReferralLeaderboard onSessionEnded={endsSession} />
        </Tabs.Content>
        <Tabs.Content value="audit" className={toolView}>
          <AuditLog onSessionEnded={endsSession} />
        </Tabs.Content>
        {readOnly ? null : (
          <Tabs.Content value="privacy" className={toolView}>
            <PrivacyRequests onSessionEnded={endsSession} />
          </Tabs.Content>
        )}
        {/* Tokens and webhooks are for admins only; a viewer is not shown them. */}
        {readOnly ? null : (
          <Tabs.Content value="integrations" className={toolView}>
            <WebhooksPanel onSessionEnded={endsSession} />
            <ApiTokensPanel onSessionEnded={endsSession} />
          </Tabs.Content>
        )}
        <Tabs.Content value="mail" className={toolView}>
          <MailQueue readOnly={readOnly} onSessionEnded={endsSession} />
        </Tabs.Content>
      </Tabs.Root>

      <CommandMenu
        {...commandMenu}
        view={tab}
        onView={setTab}
        readOnly={readOnly}
        listQuery={lists.query}
        onSearchLists={lists.setSearchInput}
        onOpenPerson={openPerson}
        whitelist={readOnly ? null : changes}
        onSessionEnded={endsSession}
      />

      <WhitelistAnnouncer notice={notice} />

      {personEmail ? (
        <PersonPanel
          email={personEmail}
          readOnly={readOnly}
          actions={{
            onWhitelist: changes.openDialog,
            onRemove: changes.remove,
            busyEmail: changes.busyEmail,
          }}
          onClose={closePerson}
          onSessionEnded={endsSession}
        />
      ) : null}

      {bulkAction ? (
        <BulkWhitelistDialog
          action={bulkAction}
          selection={selection.forBulk(lists.filters, lists.search)}
          onDone={(result) => {
            setBulkAction(null);
            selection.clear();
            changes.announceBulk(bulkAction, result);
          }}
          onClose={() => setBulkAction(null)}
          onSessionEnded={endsSession}
        />
      ) : null}

      {dialogEmail ? (
        <AddToWhitelistDialog
          email={dialogEmail}
          onConfirm={changes.add}
          onInvited={changes.invited}
          onComplete={changes.completeInvitation}
          onClose={() => changes.closeDialog(dialogEmail)}
          onSessionEnded={endsSession}
          onReturnFocus={changes.returnFocus}
        />
      ) : null}
    </>
  );
}
