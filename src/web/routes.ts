import { route, type RouteConfig } from '@react-router/dev/routes';
import { aliasRouteId, pageList, seoFiles } from './route-table.ts';

const pageRoutes = pageList.flatMap((page) => [
  route(page.path, page.file, { id: page.id }),
  ...(page.aliases ?? []).map((alias) =>
    route(alias, page.file, { id: aliasRouteId(page, alias) }),
  ),
]);

export default [
  ...pageRoutes,
  ...seoFiles.map((file) => route(file.path, file.file, { id: file.id })),
] satisfies RouteConfig;
