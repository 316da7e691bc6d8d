import type { FastifyInstance } from 'fastify';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import { exportRoutes } from './export-routes.ts';
import { importRoutes } from './import-routes.ts';
import { insightRoutes } from './insight-routes.ts';
import { personRoutes } from './person-routes.ts';

/** The figures, the audit log, one person at a glance, and the lists' CSV export and import (decision 0023). */
export async function adminDataRoutes(app: FastifyInstance) {
  // The mail secret (read or made once, shared in the database), for address hashes in the log.
  const secret = await unsubscribeSecret(app.database.db, app.config.mail);
  insightRoutes(app);
  personRoutes(app);
  exportRoutes(app, secret);
  importRoutes(app);
}
