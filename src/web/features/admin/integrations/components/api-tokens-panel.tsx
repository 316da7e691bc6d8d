/**
 * API tokens for scripts: the list (never the tokens themselves), a form to create one, and the
 * new token shown once with a Copy button. Revoking asks first, as a script using the token
 * stops working at once. The server audits both.
 */
import { useId, useState, type FormEvent } from 'react';
import type {
  ApiToken,
  ApiTokenScope,
  CreatedApiToken,
} from '../../../../../contract/api-tokens.ts';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import { CREATE_TOKEN_FAILED_MESSAGE, useCreateApiToken } from '../api/create-api-token.ts';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { REVOKE_TOKEN_FAILED_MESSAGE, useRevokeApiToken } from '../api/revoke-api-token.ts';
import { formatDate } from '../../shared/components/format-date.ts';
import {
  dangerButton as danger,
  inputClass,
  panelClass,
  panelErrorClass,
  primaryButton as primary,
} from '../../shared/components/panel-styles.ts';
import { useLoadState } from '../../shared/api/use-load-state.ts';
import { ConfirmDialog } from '../../shared/components/confirm-dialog.tsx';
import { ShownOnce } from './shown-once.tsx';

const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read-only',
  write: 'Read-write',
};

/** What a token's state is now, for the list. */
export function tokenState(token: ApiToken, now = new Date()): string {
  if (token.revokedAt) return `Revoked ${formatDate(token.revokedAt)}`;
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now.getTime()) return 'Expired';
  return token.expiresAt ? `Expires ${formatDate(token.expiresAt)}` : 'No expiry';
}

function errorText(caught: unknown, fallback: string) {
  return caught instanceof Error ? caught.message : fallback;
}

export function ApiTokensPanel({
  onSessionEnded,
}: {
  onSessionEnded: (error: unknown) => boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const tokens = useApiTokens();
  const tokensLoad = useLoadState(tokens, (caught) => {
    if (!onSessionEnded(caught)) setError(errorText(caught, 'Failed to load the API tokens'));
  });
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const createToken = useCreateApiToken();
  const revokeToken = useRevokeApiToken();
  const busy = createToken.isPending || revokeToken.isPending;
  const headingId = useId();

  function create(name: string, scope: ApiTokenScope) {
    setError(null);
    createToken.mutate(
      { name, scope },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          trackEvent({ action: 'api_token_create', category: 'admin' });
        },
        onError: (caught) => {
          if (!onSessionEnded(caught)) setError(errorText(caught, CREATE_TOKEN_FAILED_MESSAGE));
        },
      },
    );
  }

  function revoke(token: ApiToken) {
    setRevoking(null);
    setError(null);
    revokeToken.mutate(token, {
      onSuccess: () => trackEvent({ action: 'api_token_revoke', category: 'admin' }),
      onError: (caught) => {
        if (!onSessionEnded(caught)) setError(errorText(caught, REVOKE_TOKEN_FAILED_MESSAGE));
      },
    });
  }

  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <h2 id={headingId} className="text-xl font-semibold text-ink-100">
        API tokens
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-ink-300">
        For scripts that call the admin API with <code>Authorization: Bearer</code>. A read-only
        token can only read; neither kind can manage tokens. A token stops working when it is
        revoked or its creator is no longer an admin.
      </p>
      <CreateTokenForm busy={busy} onCreate={create} />
      {created ? (
        // Shown this once: only its hash is stored.
        <ShownOnce
          message={`Token “${created.apiToken.name}” created. Copy it now: it won’t be shown again.`}
          label="New API token"
          value={created.token}
          onDone={() => setCreated(null)}
        />
      ) : null}
      {error ? (
        <p role="alert" className={panelErrorClass}>
          {error}
        </p>
      ) : null}
      <TokenList
        tokens={tokens.data?.tokens}
        isLoading={tokensLoad.isLoading}
        busy={busy}
        onRevoke={setRevoking}
      />
      {revoking ? (
        <ConfirmDialog
          title="Revoke this token?"
          description={
            <>
              Scripts using <strong className="text-ink-100">{revoking.name}</strong> (
              <span className="font-mono">{revoking.prefixHint}</span>) stop working at once. This
              cannot be undone.
            </>
          }
          confirmLabel={`Revoke ${revoking.name}`}
          onConfirm={() => revoke(revoking)}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}

function CreateTokenForm({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (name: string, scope: ApiTokenScope) => void;
}) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const nameId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    onCreate(name.trim(), scope);
    setName('');
  }

  return (
    <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
      <div className="w-full max-w-sm">
        <label htmlFor={nameId} className="block text-sm font-medium text-ink-100">
          Token name
        </label>
        <input
          id={nameId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
          placeholder="Nightly export"
          autoComplete="off"
          className={inputClass}
        />
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="mb-1 text-sm font-medium text-ink-100">Access</legend>
        {(['read', 'write'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 py-1 text-sm text-ink-100">
            <input
              type="radio"
              name="api-token-scope"
              value={value}
              checked={scope === value}
              onChange={() => setScope(value)}
              className="accent-gold-400"
            />
            {SCOPE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className={primary} disabled={busy || !name.trim()}>
        Create token
      </button>
    </form>
  );
}

function TokenList({
  tokens,
  isLoading,
  busy,
  onRevoke,
}: {
  tokens: ApiToken[] | undefined;
  isLoading: boolean;
  busy: boolean;
  onRevoke: (token: ApiToken) => void;
}) {
  if (isLoading) return <p className="mt-4 text-sm text-ink-300">Loading tokens...</p>;
  if (!tokens) return null;
  if (tokens.length === 0) return <p className="mt-4 text-sm text-ink-300">No API tokens yet.</p>;
  return (
    <ul className="mt-4 divide-y divide-ink-800 border-y border-ink-800">
      {tokens.map((token) => (
        <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0 text-sm">
            <p className="font-medium break-words text-ink-100">
              {token.name}{' '}
              <span className="ml-1 rounded-full border border-ink-600 px-2 py-0.5 text-xs text-ink-300">
                {SCOPE_LABELS[token.scope]}
              </span>
            </p>
            <p className="mt-1 text-xs break-words text-ink-300">
              <span className="font-mono">{token.prefixHint}</span> · Created{' '}
              {formatDate(token.createdAt)} by {token.createdBy} · Last used{' '}
              {token.lastUsedAt ? formatDate(token.lastUsedAt) : 'never'} · {tokenState(token)}
            </p>
          </div>
          {token.revokedAt ? null : (
            <button
              type="button"
              className={danger}
              disabled={busy}
              onClick={() => onRevoke(token)}
              aria-label={`Revoke ${token.name}`}
            >
              Revoke
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
