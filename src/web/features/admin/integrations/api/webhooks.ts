/** The webhook endpoints: list (GET), add (POST, the secret once), remove (DELETE), retry. */
import type {
  CreateWebhookRequest,
  CreatedWebhook,
  WebhookEndpointList,
} from '../../../../../contract/webhooks.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { useQuery } from '../../shared/api/use-query.ts';

export const WEBHOOKS_KEY = 'webhooks';
export const WEBHOOKS_FAILED_MESSAGE = 'Failed to load the webhooks';
export const CREATE_WEBHOOK_FAILED_MESSAGE = 'Failed to add the webhook endpoint';
export const REMOVE_WEBHOOK_FAILED_MESSAGE = 'Failed to remove the webhook endpoint';
export const RETRY_WEBHOOK_FAILED_MESSAGE = 'Failed to retry the deliveries';

export function getWebhooks(signal?: AbortSignal) {
  return adminRequest<WebhookEndpointList>('/admin/webhooks', {
    signal,
    label: 'admin_fetch_webhooks',
    fallbackMessage: WEBHOOKS_FAILED_MESSAGE,
  });
}

export function useWebhooks(onError?: (error: unknown) => void) {
  return useQuery(WEBHOOKS_KEY, getWebhooks, onError);
}

export function createWebhook(request: CreateWebhookRequest) {
  return adminRequest<CreatedWebhook>('/admin/webhooks', {
    method: 'POST',
    body: request,
    label: 'admin_create_webhook',
    fallbackMessage: CREATE_WEBHOOK_FAILED_MESSAGE,
  });
}

export function removeWebhook(id: string) {
  return adminRequest<undefined>(`/admin/webhooks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    label: 'admin_remove_webhook',
    fallbackMessage: REMOVE_WEBHOOK_FAILED_MESSAGE,
  });
}

export function retryWebhookDeliveries(id: string) {
  return adminRequest<{ retried: number }>(`/admin/webhooks/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    label: 'admin_retry_webhook',
    fallbackMessage: RETRY_WEBHOOK_FAILED_MESSAGE,
  });
}
