import type { FastifyInstance } from 'fastify';
import { adminDataRoutes } from './admin-data-routes.ts';
import { signupListRoutes } from './signup-list-routes.ts';
import { userListRoutes } from './user-list-routes.ts';

/**
 * The lists of the dashboard: signups and users (filters, paging), their CSV export and import,
 * the insights and the audit log. The admin guard (features/auth) protects every call.
 */
export async function registerLists(app: FastifyInstance) {
  signupListRoutes(app);
  userListRoutes(app);
  await adminDataRoutes(app);
}
