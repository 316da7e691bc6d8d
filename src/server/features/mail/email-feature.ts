import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { emailRoutes } from './email-routes.ts';
import { createMailService, type MailService } from '../../platform/mail/mail-service.ts';
import { outboxRoutes } from './outbox-routes.ts';
import { unsubscribeRoutes } from '../privacy/unsubscribe-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sender: features that queue mail nudge it, so it leaves at once. */
    mailer: MailService;
  }
}

/** Mail: the sender (and locally the catcher), the admin email routes and unsubscribe links. */
export async function registerEmail(app: FastifyInstance, config: AppConfig) {
  const mailer = await createMailService(app.database.db, config, app.log);
  app.decorate('mailer', mailer);
  // Before the database closes: sends in flight finish and their outcome is recorded.
  app.addHook('preClose', () => mailer.close());
  emailRoutes(app, config, mailer);
  outboxRoutes(app, mailer);
  await unsubscribeRoutes(app, () => mailer.unsubscribeSecret);
}
