/**
 * The audit log: who did what to which address and when, newest first, narrowed by the admin
 * and the address (each a part, any case).
 */
import { useState } from 'react';
import { AUDIT_PAGE_SIZE, auditKey, useAudit } from '../api/get-audit.ts';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { useListView } from '../use-list-view.ts';
import { formatDateTime } from '../../shared/components/format-date.ts';
import { ListFailure } from './list-failure.tsx';
import { ListPager } from './list-pager.tsx';
import { panelClass } from '../../shared/components/panel-styles.ts';

const ACTION_NAMES: Record<string, string> = {
  'whitelist.add': 'Added to whitelist',
  'whitelist.invite': 'Whitelisted and invited',
  'whitelist.remove': 'Removed from whitelist',
  'mail.retry': 'Retried mail',
  'api-token.create': 'Created API token',
  'api-token.revoke': 'Revoked API token',
  export: 'Exported CSV',
  'signups.import': 'Imported signups',
};

/** One line in the table, with an ellipsis; the whole of it on a phone's card. */
const addressClass = 'block truncate max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]';

const input =
  'mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-1.5 text-sm text-ink-100 placeholder:text-ink-400';

/**
 * The section, in a view of its own: its entries show at once (they load when the view opens,
 * as a view's content mounts only then).
 */
export function AuditLog({
  onSessionEnded,
}: {
  onSessionEnded: (error: AdminApiError) => boolean;
}) {
  return (
    <section aria-labelledby="audit-heading" className={panelClass}>
      <h2 id="audit-heading" className="text-xl font-semibold text-ink-100">
        Audit log
      </h2>
      <p className="mt-1 text-sm text-ink-300">Who changed what, and when. Newest first.</p>
      <AuditEntries onSessionEnded={onSessionEnded} />
    </section>
  );
}

function AuditEntries({ onSessionEnded }: { onSessionEnded: (error: AdminApiError) => boolean }) {
  const [actorInput, setActorInput] = useState('');
  const [targetInput, setTargetInput] = useState('');
  const actor = useDebouncedValue(actorInput.trim(), 300);
  const target = useDebouncedValue(targetInput.trim(), 300);
  const [paging, setPaging] = useState({ key: '', offset: 0 });
  const key = `${actor}|${target}`;
  const offset = paging.key === key ? paging.offset : 0;
  const params = { actor, target, offset };
  const audit = useListView(useAudit(params), auditKey(params), (data) => data.entries, {
    failedText: 'Failed',
    onError: (caught) => {
      if (caught instanceof AdminApiError) onSessionEnded(caught);
    },
  });
  const entries = audit.rows;

  return (
    <>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <label className="block text-xs font-medium text-ink-300">
          Admin
          <input
            type="search"
            className={input}
            value={actorInput}
            placeholder="Part of an admin address"
            onChange={(event) => setActorInput(event.target.value)}
          />
        </label>
        <label className="block text-xs font-medium text-ink-300">
          Address
          <input
            type="search"
            className={input}
            value={targetInput}
            placeholder="Part of the address acted on"
            onChange={(event) => setTargetInput(event.target.value)}
          />
        </label>
      </div>
      <div className="mt-4">
        {audit.isLoading ? (
          <p role="status" className="py-6 text-center text-sm text-ink-300">
            Loading the audit log...
          </p>
        ) : null}
        {audit.failure ? <ListFailure title="The audit log" failure={audit.failure} /> : null}
        {!audit.isLoading && entries?.length === 0 && !audit.failure ? (
          <p className="py-6 text-center text-sm text-ink-300">
            {actor || target ? 'No entries match.' : 'Nobody has changed anything yet.'}
          </p>
        ) : null}
        {!audit.isLoading && entries?.length ? (
          <table className="mt-2 w-full text-left text-sm max-sm:block [&>tbody]:max-sm:block">
            <thead className="max-sm:sr-only">
              <tr>
                {['When', 'Admin', 'Action', 'Address or target'].map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className="border-b border-ink-700 px-2 py-2 text-xs font-semibold tracking-wide text-ink-300 uppercase"
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr
                  key={entry.id}
                  className="max-sm:mb-2 max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-ink-700 max-sm:p-2"
                >
                  <td className="border-b border-ink-800 px-2 py-1.5 whitespace-nowrap text-ink-300 tabular-nums max-sm:block max-sm:border-0">
                    {formatDateTime(entry.at)}
                  </td>
                  <td className="w-1/4 max-w-0 border-b border-ink-800 px-2 py-1.5 max-sm:block max-sm:w-auto max-sm:max-w-none max-sm:border-0">
                    <span className={addressClass} title={entry.actor}>
                      {entry.actor}
                    </span>
                  </td>
                  <td className="border-b border-ink-800 px-2 py-1.5 whitespace-nowrap max-sm:block max-sm:border-0">
                    {ACTION_NAMES[entry.action] ?? entry.action}
                  </td>
                  <td className="w-2/5 max-w-0 border-b border-ink-800 px-2 py-1.5 max-sm:block max-sm:w-auto max-sm:max-w-none max-sm:border-0">
                    <span className={addressClass} title={entry.target}>
                      {entry.target}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      <ListPager
        key={key}
        label="Audit log pages"
        offset={offset}
        pageSize={AUDIT_PAGE_SIZE}
        total={audit.isLoading || audit.failure ? undefined : audit.data?.pagination.total}
        loading={audit.isLoading}
        onOffsetChange={(next) => setPaging({ key, offset: next })}
      />
    </>
  );
}
