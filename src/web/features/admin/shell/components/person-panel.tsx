/**
 * A person at a glance: selecting an address opens this side panel with everything about it
 * (signup and repeats, confirmation, whitelist, mails and their delivery, registration, the audit
 * trail) and the actions an admin may take on it. The address is in the URL (`?person=`), so a
 * panel can be shared and Back closes it. Composed here because it puts three features together:
 * the person's record (lists), the whitelist change (access) and the data actions (privacy).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Person } from '../../../../../contract/person.ts';
import { useErasePersonalData } from '../../privacy/api/erase-personal-data.ts';
import { useSendPersonalDataCopy } from '../../privacy/api/send-personal-data.ts';
import { erasedSummary } from '../../privacy/components/privacy-requests.tsx';
import { usePerson } from '../../lists/api/get-person.ts';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import { ConfirmDialog } from '../../shared/components/confirm-dialog.tsx';
import { formatDateTime } from '../../shared/components/format-date.ts';
import {
  dangerButton,
  primaryButton,
  secondaryButton,
} from '../../shared/components/panel-styles.ts';

const MAIL_STATUS_TEXT: Record<Person['mails'][number]['status'], string> = {
  waiting: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Failed',
  'not sent': 'Not sent',
};

export interface PersonActions {
  /** Opens the whitelist dialog (invitation or not) for the address. */
  onWhitelist: (email: string) => void;
  onRemove: (email: string) => void;
  /** The address whose whitelist change is under way, if any. */
  busyEmail: string | null;
}

export function PersonPanel({
  email,
  readOnly,
  actions,
  onClose,
  onSessionEnded,
}: {
  email: string;
  readOnly: boolean;
  actions: PersonActions;
  onClose: () => void;
  onSessionEnded: (error: unknown) => boolean;
}) {
  const person = usePerson(email);
  const failure = person.error;
  useEffect(() => {
    if (failure) onSessionEnded(failure);
  }, [failure, onSessionEnded]);
  const notFound = failure instanceof AdminApiError && failure.status === 404;
  /** Where the focus was when the panel opened (an address, the search), to give it back. */
  const openedFrom = useRef<HTMLElement | null>(null);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            // Radix asks before it moves the focus in: it is still where the panel was opened.
            const from = document.activeElement;
            openedFrom.current =
              from instanceof HTMLElement && from !== document.body ? from : null;
          }}
          onCloseAutoFocus={(event) => {
            // Radix would focus a trigger, and the panel has none (an address, the URL or the
            // command menu opens it).
            if (!openedFrom.current?.isConnected) return;
            event.preventDefault();
            openedFrom.current.focus();
          }}
          className="fixed inset-y-0 right-0 z-[61] flex w-full max-w-md flex-col border-l border-ink-700 bg-ink-900 text-ink-100 shadow-2xl"
        >
          <div className="flex items-start justify-between gap-3 border-b border-ink-700 px-5 py-4">
            <div className="min-w-0">
              <p className="text-xs font-medium text-ink-300">Person</p>
              <Dialog.Title className="text-lg font-semibold break-all">{email}</Dialog.Title>
            </div>
            <Dialog.Close asChild>
              <button type="button" className={secondaryButton}>
                Close
              </button>
            </Dialog.Close>
          </div>
          <div
            className="flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-400"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take focus, so the keyboard can scroll it (a viewer's panel has no button in it)
            tabIndex={0}
            role="region"
            aria-label={`About ${email}`}
          >
            {person.data ? (
              <PersonDetails
                person={person.data}
                readOnly={readOnly}
                actions={actions}
                onSessionEnded={onSessionEnded}
              />
            ) : notFound ? (
              <p className="text-sm text-ink-300">
                Nothing is held about this address: it never signed up, was never whitelisted and
                was never mailed.
              </p>
            ) : failure ? (
              <div role="alert" className="text-sm text-red-200">
                <p>{failure.message}</p>
                <button
                  type="button"
                  className={`${secondaryButton} mt-3`}
                  onClick={() => void person.refetch()}
                >
                  Retry
                </button>
              </div>
            ) : (
              <p role="status" className="text-sm text-ink-300">
                Loading this person...
              </p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PersonDetails({
  person,
  readOnly,
  actions,
  onSessionEnded,
}: {
  person: Person;
  readOnly: boolean;
  actions: PersonActions;
  onSessionEnded: (error: unknown) => boolean;
}) {
  const { signup, whitelist, registration } = person;
  return (
    <div className="flex flex-col gap-5 text-sm">
      <ul aria-label="State" className="flex flex-wrap gap-2">
        <State on={signup?.confirmedAt != null}>
          {signup ? (signup.confirmedAt ? 'Confirmed' : 'Unconfirmed') : 'Never signed up'}
        </State>
        <State on={whitelist !== null}>{whitelist ? 'Whitelisted' : 'Not Whitelisted'}</State>
        <State on={registration !== null}>{registration ? 'Registered' : 'Not registered'}</State>
        {person.unsubscribedAt ? <State on={false}>Unsubscribed</State> : null}
        {person.notOneMailbox ? <State on={false}>Not one mailbox: never mailed</State> : null}
      </ul>

      <Section title="Signup">
        {signup ? (
          <Facts
            rows={[
              ['Signed up', formatDateTime(signup.signedUpAt)],
              ['Form', signup.source],
              ['Programme', signup.program.replaceAll('_', ' ')],
              [
                'Signups',
                signup.attempts > 1
                  ? `${signup.attempts}, the latest ${formatDateTime(signup.lastSignupAt)}`
                  : '1',
              ],
              [
                'Confirmation',
                signup.confirmedAt ? `Confirmed ${formatDateTime(signup.confirmedAt)}` : 'Not yet',
              ],
            ]}
          />
        ) : (
          <p className="text-ink-300">This address never used the signup form.</p>
        )}
      </Section>

      {person.line ? (
        <Section title="Line and referrals">
          <Facts
            rows={[
              [
                'Place in line',
                person.line.place === null
                  ? 'Not waiting'
                  : `${person.line.place.toLocaleString('en-US')} of ${(person.line.waiting ?? 0).toLocaleString('en-US')}`,
              ],
              [
                'Moved forward',
                person.line.boost > 0 ? `${person.line.boost} places by referrals` : 'No',
              ],
              [
                'Wants first',
                person.line.products.length > 0 ? person.line.products.join(', ') : 'Not said',
              ],
              [
                'Referrals',
                `${person.line.referrals.credited} credited, ${person.line.referrals.pending} not confirmed, ${person.line.referrals.held} held, ${person.line.referrals.rejected} rejected`,
              ],
              [
                'Came by',
                person.line.referredBy
                  ? `${person.line.referredBy.email}’s link (${person.line.referredBy.status})`
                  : 'No referral link',
              ],
            ]}
          />
        </Section>
      ) : null}

      <Section title="Whitelist and registration">
        <Facts
          rows={[
            [
              'Whitelist',
              whitelist
                ? `Added ${formatDateTime(whitelist.addedAt)} by ${whitelist.addedBy}`
                : 'Not on the whitelist',
            ],
            [
              'App',
              registration
                ? `Registered ${formatDateTime(registration.registeredAt)}`
                : 'Not registered',
            ],
            [
              'Marketing mail',
              person.unsubscribedAt
                ? `Unsubscribed ${formatDateTime(person.unsubscribedAt)}`
                : 'Subscribed',
            ],
          ]}
        />
        {readOnly ? null : (
          <div className="mt-3">
            {whitelist ? (
              <button
                type="button"
                className={dangerButton}
                disabled={actions.busyEmail === person.email}
                onClick={() => actions.onRemove(person.email)}
              >
                Remove from whitelist
              </button>
            ) : (
              <button
                type="button"
                className={primaryButton}
                disabled={actions.busyEmail === person.email || person.notOneMailbox}
                onClick={() => actions.onWhitelist(person.email)}
              >
                Add to Whitelist
              </button>
            )}
          </div>
        )}
      </Section>

      <Section title={`Mails (${person.mails.length})`}>
        {person.mails.length === 0 ? (
          <p className="text-ink-300">No mail was ever queued for this address.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {person.mails.map((mail) => (
              <li key={mail.id} className="rounded-lg border border-ink-700 px-3 py-2">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">{mail.template}</span>
                  <span className={mail.status === 'failed' ? 'text-red-200' : 'text-ink-300'}>
                    {MAIL_STATUS_TEXT[mail.status]}
                  </span>
                </p>
                <p className="text-xs text-ink-300">
                  Queued {formatDateTime(mail.queuedAt)}
                  {mail.finishedAt ? ` · finished ${formatDateTime(mail.finishedAt)}` : ''}
                  {mail.waveId ? ' · from an invite wave' : ''}
                </p>
                {mail.failure ? <p className="mt-1 text-xs text-red-200">{mail.failure}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section title="Audit trail">
        {person.audit.length === 0 ? (
          <p className="text-ink-300">Nobody has changed anything about this address.</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {person.audit.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="text-xs text-ink-300">
                <span className="text-ink-100">{entry.action}</span> by {entry.actor},{' '}
                {formatDateTime(entry.at)}
              </li>
            ))}
          </ol>
        )}
      </Section>

      {readOnly ? null : <DataActions email={person.email} onSessionEnded={onSessionEnded} />}
    </div>
  );
}

/** The person's data: a copy by mail (audited) or erasure, asked first. */
function DataActions({
  email,
  onSessionEnded,
}: {
  email: string;
  onSessionEnded: (error: unknown) => boolean;
}) {
  const sendCopy = useSendPersonalDataCopy();
  const erase = useErasePersonalData();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const failed = (caught: unknown) => {
    if (onSessionEnded(caught)) return;
    setOutcome({ ok: false, text: caught instanceof Error ? caught.message : String(caught) });
  };
  return (
    <Section title="Their data">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          disabled={sendCopy.isPending}
          onClick={() => {
            setOutcome(null);
            sendCopy.mutate(email, {
              onSuccess: (answer) => setOutcome({ ok: true, text: answer.message }),
              onError: failed,
            });
          }}
        >
          {sendCopy.isPending ? 'Sending...' : 'Mail them a copy'}
        </button>
        <button
          type="button"
          className={`${dangerButton} px-4 py-2 text-sm`}
          disabled={erase.isPending}
          onClick={() => setConfirming(true)}
        >
          Erase…
        </button>
      </div>
      <p
        role="status"
        className={`mt-2 text-xs empty:hidden ${outcome?.ok === false ? 'text-red-200' : 'text-emerald-200'}`}
      >
        {outcome?.text}
      </p>
      {confirming ? (
        <ConfirmDialog
          title={`Erase ${email}?`}
          description="Everything held about this address is deleted and it is never mailed again. This cannot be undone."
          confirmLabel={`Erase ${email}`}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            setOutcome(null);
            erase.mutate(email, {
              onSuccess: ({ removed }) =>
                setOutcome({ ok: true, text: erasedSummary(email, removed) }),
              onError: failed,
            });
          }}
        />
      ) : null}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-ink-300 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-300">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function State({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <li
      className={`rounded-full border px-2.5 py-0.5 text-xs font-medium ${
        on ? 'border-emerald-400/50 text-emerald-200' : 'border-ink-600 text-ink-300'
      }`}
    >
      {children}
    </li>
  );
}
