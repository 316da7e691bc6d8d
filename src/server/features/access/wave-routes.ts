import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorSchema } from '../../../contract/errors.ts';
import {
  bulkPreviewRequestSchema,
  bulkPreviewResponseSchema,
  bulkWhitelistRequestSchema,
  bulkWhitelistResponseSchema,
  createWaveRequestSchema,
  PREVIEW_SAMPLE_SIZE,
  retryWaveResponseSchema,
  selectionChangedMessage,
  waveParamsSchema,
  wavePreviewRequestSchema,
  wavePreviewResponseSchema,
  waveResponseSchema,
  wavesResponseSchema,
} from '../../../contract/waves.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import { previewBulk, runBulk, selectionCount } from './bulk-repository.ts';
import { findWave, listWaves, previewWave, retryWave, runWave } from './wave-repository.ts';

export const BULK_UNAVAILABLE_MESSAGE =
  "We couldn't change the whitelist right now. Please try again in a moment; addresses " +
  'already changed stay changed and are not changed twice.';
export const WAVE_UNAVAILABLE_MESSAGE =
  "We couldn't run the wave right now. Please try again in a moment; nobody is mailed twice.";
export const WAVES_UNAVAILABLE_MESSAGE =
  "We couldn't load the waves right now. Please try again in a moment.";
export const WAVE_NOT_FOUND_MESSAGE = 'No wave has that id.';

/** Waves the dashboard lists. */
const WAVES_SHOWN = 20;
/** 1,000 addresses of up to 254 characters, as JSON. */
const BULK_BODY_LIMIT = 512 * 1024;

const bodyErrors = {
  413: adminErrorSchema.describe('The body is too large.'),
  415: adminErrorSchema.describe('The body must be JSON.'),
};
const changed409 = {
  409: adminErrorSchema.describe(
    'The selection now holds a different number of people than `expectedCount`; nothing was ' +
      'changed. Preview again.',
  ),
};

/** Bulk whitelist changes and invite waves: preview, confirm, follow, retry. */
export function waveRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  /** The wave's mail leaves now from this instance, not at the worker's next poll. */
  const nudge = () => app.mailer.nudge();

  routes.post(
    '/api/admin/whitelist/bulk/preview',
    {
      config: { access: 'admin' },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        operationId: 'previewBulkWhitelist',
        summary: 'Count the addresses a bulk whitelist change would select',
        description:
          'Changes nothing. `selection` is the selected rows’ addresses or every signup the ' +
          'list shows with the given filters. Confirm with POST /api/admin/whitelist/bulk and ' +
          'the answered `count` as `expectedCount`.',
        tags: ['admin'],
        body: bulkPreviewRequestSchema,
        response: {
          200: bulkPreviewResponseSchema.describe('The exact count and the first addresses.'),
          ...adminErrorResponses,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      const { action, selection } = request.body;
      const preview = await orUnavailable(WAVES_UNAVAILABLE_MESSAGE, () =>
        previewBulk(db(), action, selection, PREVIEW_SAMPLE_SIZE),
      );
      noStore(reply);
      return preview;
    },
  );

  routes.post(
    '/api/admin/whitelist/bulk',
    {
      config: { access: 'admin' },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        operationId: 'bulkWhitelist',
        summary: 'Add many addresses to the whitelist, or remove them',
        description:
          'Refused with 409 when the selection no longer holds `expectedCount` addresses. ' +
          'Otherwise every selected address is added (or removed) in batches, each change ' +
          'written to the audit log in the transaction of its batch; with `invite`, every ' +
          'added address gets the early-access invitation through the mail outbox, followed ' +
          'as a wave of kind `bulk`.',
        tags: ['admin'],
        body: bulkWhitelistRequestSchema,
        response: {
          200: bulkWhitelistResponseSchema.describe('How many addresses changed.'),
          ...adminErrorResponses,
          ...changed409,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { action, selection, invite, expectedCount } = request.body;
      const count = await orUnavailable(BULK_UNAVAILABLE_MESSAGE, () =>
        selectionCount(db(), selection),
      );
      if (count !== expectedCount) {
        throw new HttpError(409, selectionChangedMessage(count, expectedCount));
      }
      const { changed, waveId } = await orUnavailable(BULK_UNAVAILABLE_MESSAGE, () =>
        runBulk(db(), { action, selection, invite, count }, actor),
      );
      if (waveId) nudge();
      const wave = waveId
        ? await orUnavailable(WAVES_UNAVAILABLE_MESSAGE, () => findWave(db(), waveId))
        : undefined;
      request.log.info(
        { actor: maskEmail(actor), action, count, changed, invite },
        'whitelist: bulk change',
      );
      noStore(reply);
      return { count, changed, wave: wave ?? null };
    },
  );

  routes.post(
    '/api/admin/waves/preview',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'previewWave',
        summary: 'Count the people an invite or reminder wave would mail',
        description:
          'Changes nothing. `invite`: the next `count` confirmed, not yet whitelisted people, ' +
          'oldest signup first. `reminder`: whitelisted people not registered in the app whose ' +
          'invitation was delivered `days` days ago or more and that no reminder wave mailed ' +
          'in those days. Both optionally of one programme `type` and signup `source`.',
        tags: ['admin'],
        body: wavePreviewRequestSchema,
        response: {
          200: wavePreviewResponseSchema.describe('The exact count and the first people.'),
          ...adminErrorResponses,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      const preview = await orUnavailable(WAVES_UNAVAILABLE_MESSAGE, () =>
        previewWave(db(), request.body, PREVIEW_SAMPLE_SIZE),
      );
      noStore(reply);
      return preview;
    },
  );

  routes.post(
    '/api/admin/waves',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'createWave',
        summary: 'Run an invite or reminder wave',
        description:
          'Refused with 409 when the wave would now mail a different number of people than ' +
          '`expectedCount`. Otherwise, batch after batch (one transaction each), an invite ' +
          'wave whitelists its people (each audited) and queues their invitations in the mail ' +
          'outbox; a reminder wave queues the invitation again. Each mail is keyed by wave and ' +
          'address, so nobody gets it twice from one wave.',
        tags: ['admin'],
        body: createWaveRequestSchema,
        response: {
          201: waveResponseSchema.describe('The wave, its mail queued.'),
          ...adminErrorResponses,
          ...changed409,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { expectedCount, ...selection } = request.body;
      const { count } = await orUnavailable(WAVE_UNAVAILABLE_MESSAGE, () =>
        previewWave(db(), selection, 0),
      );
      if (count !== expectedCount) {
        throw new HttpError(409, selectionChangedMessage(count, expectedCount));
      }
      const wave = await orUnavailable(WAVE_UNAVAILABLE_MESSAGE, async () => {
        const id = await runWave(db(), { ...selection, count }, actor);
        return id ? findWave(db(), id) : undefined;
      });
      if (!wave) throw new HttpError(409, selectionChangedMessage(0, expectedCount));
      nudge();
      request.log.info(
        { actor: maskEmail(actor), kind: wave.kind, members: wave.memberCount },
        'waves: wave queued',
      );
      noStore(reply);
      return reply.code(201).send({ wave });
    },
  );

  routes.get(
    '/api/admin/waves',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'listWaves',
        summary: 'The latest waves with their progress',
        description:
          `The ${WAVES_SHOWN} newest waves. Progress is read from the mail outbox: queued ` +
          '(waiting or being sent), sent, failed (given up on) and suppressed.',
        tags: ['admin'],
        response: {
          200: wavesResponseSchema.describe('The newest waves first.'),
          // No query and no body: nothing to refuse with 400.
          401: adminErrorResponses[401],
          403: adminErrorResponses[403],
          503: adminErrorResponses[503],
        },
      },
    },
    async (_request, reply) => {
      const waves = await orUnavailable(WAVES_UNAVAILABLE_MESSAGE, () =>
        listWaves(db(), WAVES_SHOWN),
      );
      noStore(reply);
      return { waves };
    },
  );

  routes.get(
    '/api/admin/waves/:id/progress',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'getWave',
        summary: 'One wave and its progress',
        tags: ['admin'],
        params: waveParamsSchema,
        response: {
          200: waveResponseSchema.describe('The wave.'),
          ...adminErrorResponses,
          404: adminErrorSchema.describe(WAVE_NOT_FOUND_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      const wave = await orUnavailable(WAVES_UNAVAILABLE_MESSAGE, () =>
        findWave(db(), request.params.id),
      );
      if (!wave) throw new HttpError(404, WAVE_NOT_FOUND_MESSAGE);
      noStore(reply);
      return { wave };
    },
  );

  routes.post(
    '/api/admin/waves/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'retryWave',
        summary: "Send a wave's failed mail again",
        description:
          'Puts the wave’s failed (dead) messages back in the queue, each retry written to the ' +
          'audit log; sent and queued messages are left as they are, so nobody gets two.',
        tags: ['admin'],
        params: waveParamsSchema,
        response: {
          200: retryWaveResponseSchema.describe('How many went back in the queue.'),
          ...adminErrorResponses,
          404: adminErrorSchema.describe(WAVE_NOT_FOUND_MESSAGE),
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { id } = request.params;
      const result = await orUnavailable(WAVE_UNAVAILABLE_MESSAGE, async () => {
        if (!(await findWave(db(), id))) return undefined;
        const retried = await retryWave(db(), id, actor);
        return { retried, wave: (await findWave(db(), id))! };
      });
      if (!result) throw new HttpError(404, WAVE_NOT_FOUND_MESSAGE);
      if (result.retried > 0) nudge();
      request.log.info({ actor: maskEmail(actor), retried: result.retried }, 'waves: retried');
      noStore(reply);
      return result;
    },
  );
}
