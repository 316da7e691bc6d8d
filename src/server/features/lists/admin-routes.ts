import type { FastifyInstance } from 'fastify';
import { apiTokenRoutes } from '../auth/api-token-routes.ts';
import { signupListRoutes } from './signup-list-routes.ts';
import { userListRoutes } from './user-list-routes.ts';
import { adminDataRoutes } from './admin-data-routes.ts';
import { whitelistRoutes } from '../access/whitelist-routes.ts';
import { funnelRoutes } from '../access/funnel-routes.ts';
import { waveRoutes } from '../access/wave-routes.ts';

/**
 * The dashboard's data calls. The admin guard (features/auth) protects every one of them; the
 * API-token routes accept a signed-in session only.
 */
export async function adminRoutes(app: FastifyInstance) {
  signupListRoutes(app);
  userListRoutes(app);
  await adminDataRoutes(app);
  whitelistRoutes(app);
  waveRoutes(app);
  funnelRoutes(app);
  apiTokenRoutes(app);
}
