import type { MetaFunction } from 'react-router';
import { pageMeta } from './meta.ts';

/** The `meta` export of every page: the matched route's own entry in the route table. */
export const routeMeta: MetaFunction = ({ matches }) => pageMeta(matches.at(-1)?.id ?? '');
