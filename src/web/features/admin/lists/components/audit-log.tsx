/**
 * The audit log: who did what to which address and when, newest first, narrowed by the admin
 * and the address (each a part, any case).
 */
import { useId, useState } from 'react';
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

const input =
  'mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-1.5 text-sm text-ink-100 placeholder:text-ink-400';

/** The section; its entries load only once it is opened, so the page stays light. */
export function AuditLog({
  onSessionEnded,
}: {
  onSessionEnded: (error: AdminApiError) => boolean;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section aria-labelledby="audit-heading" className={panelClass}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="audit-heading" className="text-xl font-semibold text-ink-100">
            Audit log
          </h2>
          <p className="mt-1 text-sm text-ink-300">Who changed what, and when. Newest first.</p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="rounded-full border border-ink-600 px-4 py-1.5 text-sm font-medium text-ink-100 transition hover:border-gold-400"
        >
          {open ? 'Hide audit log' : 'Show audit log'}
        </button>
      </div>
      <div id={bodyId}>{open ? <AuditEntries onSessionEnded={onSessionEnded} /> : null}</div>
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
          <p className="py-6 text-center text-sm text-ink-300">No entries match.</p>
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
                    <span className="block truncate" title={entry.actor}>
                      {entry.actor}
                    </span>
                  </td>
                  <td className="border-b border-ink-800 px-2 py-1.5 whitespace-nowrap max-sm:block max-sm:border-0">
                    {ACTION_NAMES[entry.action] ?? entry.action}
                  </td>
                  <td className="w-2/5 max-w-0 border-b border-ink-800 px-2 py-1.5 max-sm:block max-sm:w-auto max-sm:max-w-none max-sm:border-0">
                    <span className="block truncate" title={entry.target}>
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
