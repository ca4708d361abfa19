/// <reference types="vite/client" />

/** Each API operation's method and path, written into the bundle by `vite.config.ts` (see `api/call.ts`). */
declare module 'virtual:api-routes' {
  import type { RouteTable } from '../../server/contract/route-table.js';
  const routes: RouteTable;
  export default routes;
}
