/** The webhook endpoints: list (GET), add (POST, the secret once), remove (DELETE), retry. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookRequest,
  CreatedWebhook,
  WebhookEndpoint,
  WebhookEndpointList,
} from '../../../../../contract/webhooks.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

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

export function useWebhooks() {
  return useQuery({ queryKey: [WEBHOOKS_KEY], queryFn: ({ signal }) => getWebhooks(signal) });
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

/** Adds an endpoint; the list shows it at once and is loaded again. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: (answer) => {
      client.setQueryData<WebhookEndpointList>(
        [WEBHOOKS_KEY],
        (data) => data && { ...data, endpoints: [answer.endpoint, ...data.endpoints] },
      );
      void client.invalidateQueries({ queryKey: [WEBHOOKS_KEY] });
    },
  });
}

/** Removes an endpoint; the list drops it at once and is loaded again. */
export function useRemoveWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => removeWebhook(endpoint.id),
    onSuccess: (_answer, endpoint) => {
      client.setQueryData<WebhookEndpointList>(
        [WEBHOOKS_KEY],
        (data) =>
          data && {
            ...data,
            endpoints: data.endpoints.filter((entry) => entry.id !== endpoint.id),
          },
      );
      void client.invalidateQueries({ queryKey: [WEBHOOKS_KEY] });
    },
  });
}

/** Queues an endpoint's failed deliveries again; the list is loaded again. */
export function useRetryWebhookDeliveries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => retryWebhookDeliveries(endpoint.id),
    onSuccess: () => void client.invalidateQueries({ queryKey: [WEBHOOKS_KEY] }),
  });
}
