/**
 * Webhook endpoints: each receiver with the events it gets, its deliveries by state and the last
 * attempt; a form to add one (its signing secret shown once), Retry for failed deliveries and
 * Remove (after a question). Endpoints of the WEBHOOK_URLS setting are changed there.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  deliveryReason,
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhook,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../../../contract/webhooks.ts';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import {
  CREATE_WEBHOOK_FAILED_MESSAGE,
  REMOVE_WEBHOOK_FAILED_MESSAGE,
  RETRY_WEBHOOK_FAILED_MESSAGE,
  useCreateWebhook,
  useRemoveWebhook,
  useRetryWebhookDeliveries,
  useWebhooks,
  WEBHOOKS_FAILED_MESSAGE,
} from '../api/webhooks.ts';
import { useLoadState } from '../../shared/api/use-load-state.ts';
import { ConfirmDialog } from '../../shared/components/confirm-dialog.tsx';
import { formatDate } from '../../shared/components/format-date.ts';
import {
  dangerButton,
  inputClass,
  panelClass,
  panelErrorClass,
  primaryButton,
  secondaryButton,
} from '../../shared/components/panel-styles.ts';
import { ShownOnce } from './shown-once.tsx';

function errorText(caught: unknown, fallback: string) {
  return caught instanceof Error ? caught.message : fallback;
}

/**
 * The last attempt of an endpoint, in words. Why it failed is shown coarsely (deliveryReason),
 * whatever the server recorded: a socket's own error would tell closed ports from open ones.
 */
export function lastAttemptText(last: WebhookEndpoint['last']): string {
  if (!last) return 'Nothing sent yet';
  const when = formatDate(last.at);
  if (last.status === 'delivered') return `Last delivered ${when} (${last.httpStatus ?? 'OK'})`;
  return `Last attempt failed ${when}: ${deliveryReason(last.error) ?? 'no answer'}`;
}

export function WebhooksPanel({ onSessionEnded }: { onSessionEnded: (error: unknown) => boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const webhooks = useWebhooks();
  const webhooksLoad = useLoadState(webhooks, (caught) => {
    if (!onSessionEnded(caught)) setError(errorText(caught, WEBHOOKS_FAILED_MESSAGE));
  });
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const createWebhook = useCreateWebhook();
  const removeWebhook = useRemoveWebhook();
  const retryDeliveries = useRetryWebhookDeliveries();
  const busy = createWebhook.isPending || removeWebhook.isPending || retryDeliveries.isPending;
  const headingId = useId();

  /** Clears the last message before a change; what a change's failure says. */
  function starting() {
    setError(null);
    setNotice(null);
  }
  const failed = (fallback: string) => (caught: unknown) => {
    if (!onSessionEnded(caught)) setError(errorText(caught, fallback));
  };

  const add = (url: string, events: WebhookEventType[], description: string) => {
    starting();
    createWebhook.mutate(
      { url, events, ...(description ? { description } : {}) },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          trackEvent({ action: 'webhook_create', category: 'admin' });
        },
        onError: failed(CREATE_WEBHOOK_FAILED_MESSAGE),
      },
    );
  };

  const remove = (endpoint: WebhookEndpoint) => {
    setRemoving(null);
    starting();
    removeWebhook.mutate(endpoint, {
      onSuccess: () => {
        setNotice(`Removed ${endpoint.url}.`);
        trackEvent({ action: 'webhook_remove', category: 'admin' });
      },
      onError: failed(REMOVE_WEBHOOK_FAILED_MESSAGE),
    });
  };

  const retry = (endpoint: WebhookEndpoint) => {
    starting();
    retryDeliveries.mutate(endpoint, {
      onSuccess: ({ retried }) =>
        setNotice(
          retried === 1 ? '1 delivery queued again.' : `${retried} deliveries queued again.`,
        ),
      onError: failed(RETRY_WEBHOOK_FAILED_MESSAGE),
    });
  };

  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-ink-100">
          Webhooks
        </h2>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void webhooks.refetch()}
          disabled={webhooks.isFetching}
        >
          Refresh
        </button>
      </div>
      <p className="mt-2 max-w-2xl text-sm text-ink-300">
        Each event is POSTed as JSON to the endpoints that receive it, signed as{' '}
        <a
          className="text-gold-300 underline underline-offset-2 hover:text-gold-200"
          href="https://www.standardwebhooks.com/"
          rel="noreferrer"
          target="_blank"
        >
          Standard Webhooks
        </a>{' '}
        describes (<code className="whitespace-nowrap">webhook-id</code>,{' '}
        <code className="whitespace-nowrap">webhook-timestamp</code>,{' '}
        <code className="whitespace-nowrap">webhook-signature</code>), and tried again for about a
        day until it is accepted.
      </p>
      <AddEndpointForm busy={busy} onAdd={add} />
      {created ? (
        <ShownOnce
          message={`Endpoint added. Copy its signing secret now: it won’t be shown again.`}
          label="Signing secret"
          value={created.secret}
          onDone={() => setCreated(null)}
        />
      ) : null}
      {error ? (
        <p role="alert" className={panelErrorClass}>
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-3 text-sm text-ink-300 empty:hidden">
        {notice}
      </p>
      <EndpointList
        endpoints={webhooks.data?.endpoints}
        isLoading={webhooksLoad.isLoading}
        busy={busy}
        onRetry={retry}
        onRemove={setRemoving}
      />
      {removing ? (
        <ConfirmDialog
          title="Remove this endpoint?"
          description={
            <>
              <strong className="text-ink-100">{removing.url}</strong> gets no more events, and
              deliveries still waiting for it are dropped.
            </>
          }
          confirmLabel="Remove endpoint"
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

function AddEndpointForm({
  busy,
  onAdd,
}: {
  busy: boolean;
  onAdd: (url: string, events: WebhookEventType[], description: string) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(WEBHOOK_EVENT_TYPES));
  const urlId = useId();
  const descriptionId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim() || events.size === 0) return;
    onAdd(
      url.trim(),
      WEBHOOK_EVENT_TYPES.filter((type) => events.has(type)),
      description.trim(),
    );
    setUrl('');
    setDescription('');
  }

  function toggle(type: WebhookEventType) {
    setEvents((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });
  }

  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 md:grid-cols-2">
      <div>
        <label htmlFor={urlId} className="block text-sm font-medium text-ink-100">
          Endpoint URL
        </label>
        <input
          id={urlId}
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          maxLength={2048}
          placeholder="https://example.com/hooks/reelscore"
          autoComplete="off"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={descriptionId} className="block text-sm font-medium text-ink-100">
          Description <span className="font-normal text-ink-400">(optional)</span>
        </label>
        <input
          id={descriptionId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={100}
          placeholder="CRM sync"
          autoComplete="off"
          className={inputClass}
        />
      </div>
      <fieldset className="md:col-span-2">
        <legend className="mb-1 text-sm font-medium text-ink-100">Events</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 py-1 text-sm text-ink-100">
              <input
                type="checkbox"
                checked={events.has(type)}
                onChange={() => toggle(type)}
                className="accent-gold-400"
              />
              <code>{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="md:col-span-2">
        <button
          type="submit"
          className={primaryButton}
          disabled={busy || !url.trim() || events.size === 0}
        >
          Add endpoint
        </button>
      </div>
    </form>
  );
}

function EndpointList({
  endpoints,
  isLoading,
  busy,
  onRetry,
  onRemove,
}: {
  endpoints: WebhookEndpoint[] | undefined;
  isLoading: boolean;
  busy: boolean;
  onRetry: (endpoint: WebhookEndpoint) => void;
  onRemove: (endpoint: WebhookEndpoint) => void;
}) {
  if (isLoading) return <p className="mt-4 text-sm text-ink-300">Loading webhooks...</p>;
  if (!endpoints) return null;
  if (endpoints.length === 0) {
    return <p className="mt-4 text-sm text-ink-300">No webhook endpoints yet.</p>;
  }
  return (
    <ul className="mt-4 divide-y divide-ink-800 border-y border-ink-800" aria-label="Endpoints">
      {endpoints.map((endpoint) => {
        const failed = endpoint.last !== null && endpoint.last.status !== 'delivered';
        return (
          <li key={endpoint.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-mono text-ink-100" title={endpoint.url}>
                {endpoint.url}
              </p>
              <p className="mt-1 text-xs text-ink-300">
                {endpoint.origin === 'setting'
                  ? 'From the WEBHOOK_URLS setting'
                  : `${endpoint.description ? `${endpoint.description} · ` : ''}Added ${formatDate(endpoint.createdAt)} by ${endpoint.createdBy}`}{' '}
                ·{' '}
                {endpoint.events.length === WEBHOOK_EVENT_TYPES.length
                  ? 'Every event'
                  : endpoint.events.join(', ')}
              </p>
              <p className="mt-1 text-xs">
                <span className="whitespace-nowrap text-emerald-300">
                  {endpoint.deliveries.delivered} delivered
                </span>
                {' · '}
                <span className="whitespace-nowrap text-ink-200">
                  {endpoint.deliveries.queued} waiting
                </span>
                {' · '}
                <span
                  className={`whitespace-nowrap ${endpoint.deliveries.dead > 0 ? 'text-red-300' : 'text-ink-300'}`}
                >
                  {endpoint.deliveries.dead} failed
                </span>
              </p>
              <p className={`mt-1 text-xs break-words ${failed ? 'text-red-200' : 'text-ink-300'}`}>
                {lastAttemptText(endpoint.last)}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {endpoint.deliveries.dead > 0 ? (
                <button
                  type="button"
                  className={`${secondaryButton} px-3 py-1 text-xs`}
                  disabled={busy}
                  onClick={() => onRetry(endpoint)}
                  aria-label={`Retry the failed deliveries to ${endpoint.url}`}
                >
                  Retry failed
                </button>
              ) : null}
              {endpoint.origin === 'dashboard' ? (
                <button
                  type="button"
                  className={dangerButton}
                  disabled={busy}
                  onClick={() => onRemove(endpoint)}
                  aria-label={`Remove ${endpoint.url}`}
                >
                  Remove
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
