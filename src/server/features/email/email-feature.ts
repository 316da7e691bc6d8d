import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { emailRoutes } from './email-routes.ts';
import { createMailService } from './mail-service.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

/** Mail: the sender (and locally the catcher), the admin email routes and unsubscribe links. */
export async function registerEmail(app: FastifyInstance, config: AppConfig) {
  const mailer = await createMailService(app.database.db, config, app.log);
  app.addHook('onClose', () => mailer.close());
  emailRoutes(app, config, mailer);
  await unsubscribeRoutes(app, () => mailer.unsubscribeSecret);
}
