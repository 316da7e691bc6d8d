import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { emailRoutes } from './email-routes.ts';
import { confirmationLinks } from '../signups/confirmation-token.ts';
import { createMailService, type MailService } from './mail-service.ts';
import { waitlistConfirmation } from './templates/waitlist-confirmation.ts';
import { outboxRoutes } from './outbox-routes.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sender: features that queue mail nudge it, so it leaves at once. */
    mailer: MailService;
  }
}

/** Mail: the sender (and locally the catcher), the admin email routes and unsubscribe links. */
export async function registerEmail(app: FastifyInstance, config: AppConfig) {
  // A queued confirmation carries its signup and time; the link is signed when the mail leaves.
  const mailer = await createMailService(
    app.database.db,
    config,
    app.log,
    (template, params, secret) =>
      template === waitlistConfirmation.id
        ? confirmationLinks(config.publicUrl, secret, params)
        : undefined,
  );
  app.decorate('mailer', mailer);
  // Before the database closes: sends in flight finish and their outcome is recorded.
  app.addHook('preClose', () => mailer.close());
  emailRoutes(app, config, mailer);
  outboxRoutes(app, mailer);
  await unsubscribeRoutes(app, () => mailer.unsubscribeSecret);
}
