import type { WebhookEvent } from '../../features/integrations/webhook-repository.ts';

export { emitWebhookEvents } from '../../features/integrations/webhook-repository.ts';

/**
 * The events receivers get, each with the `data` of its body. Field names are those of the admin
 * API (`GET /api/admin/signups` and `/users`), times are ISO 8601.
 */
export function signupCreatedEvent(signup: {
  id: string;
  email: string;
  program: string;
  source: string;
  created_at: string;
}): WebhookEvent {
  const at = new Date(signup.created_at);
  return {
    type: 'signup.created',
    subject: signup.email,
    at,
    data: {
      id: signup.id,
      email: signup.email,
      type: signup.program,
      source: signup.source,
      createdAt: at.toISOString(),
    },
  };
}

export function signupConfirmedEvent(signup: { id: string; email: string }, at: Date) {
  return {
    type: 'signup.confirmed',
    subject: signup.email,
    at,
    data: { id: signup.id, email: signup.email, confirmedAt: at.toISOString() },
  } satisfies WebhookEvent;
}

export function whitelistEvent(
  change: 'added' | 'removed',
  email: string,
  actor: string,
  at: Date,
): WebhookEvent {
  return {
    type: change === 'added' ? 'whitelist.added' : 'whitelist.removed',
    subject: email,
    at,
    data:
      change === 'added'
        ? { email, addedBy: actor, addedAt: at.toISOString() }
        : { email, removedBy: actor, removedAt: at.toISOString() },
  };
}

export function userRegisteredEvent(user: { uid: string; email: string }, at: Date) {
  return {
    type: 'user.registered',
    subject: user.email,
    at,
    data: { uid: user.uid, email: user.email, registeredAt: at.toISOString() },
  } satisfies WebhookEvent;
}
