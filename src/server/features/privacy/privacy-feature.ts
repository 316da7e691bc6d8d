import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import { dataRequestRoutes } from './data-request-routes.ts';
import { clearOldNetworksWhileRunning } from './network-retention.ts';
import { privacyAdminRoutes } from './privacy-admin-routes.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

/**
 * A person's own data (GDPR art. 15 and 17) and their say over marketing mail: the signed links
 * in every mail's footer (unsubscribe, a copy, deletion), and the same requests for admins.
 * After the mail feature: both queue mail and nudge its sender.
 */
export async function registerPrivacy(app: FastifyInstance, config: AppConfig) {
  // One-click unsubscribe links, signed by the mail service's secret.
  await unsubscribeRoutes(app, () => app.mailer.unsubscribeSecret);
  // The mail service signs with the same secret (read or made once, shared in the database);
  // the data-request and suppression keys are derived from it for their purpose only.
  const secret = await unsubscribeSecret(app.database.db, config.mail);
  await dataRequestRoutes(app, secret);
  privacyAdminRoutes(app, secret);
  // The networks kept for the referral checks go after 30 days, as the privacy page says.
  clearOldNetworksWhileRunning(app);
}
