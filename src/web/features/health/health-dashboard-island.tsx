import { defineIsland } from '../../lib/island.tsx';
import { HealthDashboard } from './health-dashboard.tsx';

/** The live status cards as an island of the /health page, which loads no React Router. */
export const healthDashboardIsland = defineIsland('health-dashboard', () => <HealthDashboard />);
