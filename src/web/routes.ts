import { route, type RouteConfig } from '@react-router/dev/routes';
import { aliasRouteId, pageList } from './route-table.ts';

export default pageList.flatMap((page) => [
  route(page.path, page.file, { id: page.id }),
  ...(page.aliases ?? []).map((alias) =>
    route(alias, page.file, { id: aliasRouteId(page, alias) }),
  ),
]) satisfies RouteConfig;
