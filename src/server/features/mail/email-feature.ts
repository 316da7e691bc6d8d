import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { emailRoutes } from './email-routes.ts';
import { createMailService } from '../../platform/mail/mail-service.ts';
import { outboxRoutes } from './outbox-routes.ts';

/** Mail: the sender (and locally the catcher), and the admin's email routes and mail queue. */
export async function registerEmail(
  app: FastifyInstance,
  config: AppConfig,
  /** The module that installs the mail templates (src/server/mail-templates.ts), by URL. */
  templatesModule: string,
) {
  const mailer = await createMailService(app.database.db, config, app.log, templatesModule);
  app.decorate('mailer', mailer);
  // Before the database closes: sends in flight finish and their outcome is recorded.
  app.addHook('preClose', () => mailer.close());
  emailRoutes(app, config, mailer);
  outboxRoutes(app, mailer);
}
