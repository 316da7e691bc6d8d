import type { FastifyInstance } from 'fastify';
import { exportRoutes } from './export-routes.ts';
import { importRoutes } from './import-routes.ts';
import { insightRoutes } from './insight-routes.ts';

/** The figures, the audit log, and the lists' CSV export and import (decision 0023). */
export function adminDataRoutes(app: FastifyInstance) {
  insightRoutes(app);
  exportRoutes(app);
  importRoutes(app);
}
