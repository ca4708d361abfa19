/**
 * The whole API contract: every operation by its id, in the order `/openapi.json` lists them. Clients type
 * their calls from `Operations` (`call('sites.get', { site_id })`); the server binds a handler to each.
 */
import { analyticsOperations } from './analytics.js';
import { analyticsGscOperations } from './analytics-gsc.js';
import { auditOperations } from './audit.js';
import { campaignsOperations } from './campaigns.js';
import { crawlOperations } from './crawl.js';
import { exportOperations } from './export.js';
import { extractionOperations } from './extraction.js';
import { graphOperations } from './graph.js';
import { historyOperations } from './history.js';
import { ideasOperations } from './ideas.js';
import { jobsOperations } from './jobs.js';
import type { OperationAnswer, OperationArgs } from './operation.js';
import { pagesOperations } from './pages.js';
import { proxyOperations } from './proxy.js';
import { similarityOperations } from './similarity.js';
import { sitesOperations } from './sites.js';
import { systemOperations } from './system.js';
import { targetsOperations } from './targets.js';

export const OPERATIONS = {
  ...systemOperations,
  ...sitesOperations,
  ...crawlOperations,
  ...pagesOperations,
  ...graphOperations,
  ...similarityOperations,
  ...auditOperations,
  ...historyOperations,
  ...extractionOperations,
  ...ideasOperations,
  ...analyticsOperations,
  ...analyticsGscOperations,
  ...exportOperations,
  ...jobsOperations,
  ...campaignsOperations,
  ...targetsOperations,
  ...proxyOperations,
};

export type Operations = typeof OPERATIONS;
export type OperationId = keyof Operations;
/** The one argument object of a call: path, query and body fields side by side. */
export type CallArgs<K extends OperationId> = OperationArgs<Operations[K]>;
/** A call's arguments as a parameter list: they may be left out when the operation needs none. */
export type CallArgsList<K extends OperationId> =
  Partial<CallArgs<K>> extends CallArgs<K> ? [args?: CallArgs<K>] : [args: CallArgs<K>];
/** The body of a call's success answer. */
export type CallAnswer<K extends OperationId> = OperationAnswer<Operations[K]>;

/** Holds only when T is `true`: a rule about every operation that the compiler checks. */
type Holds<T extends true> = T;
type Keys<O, P extends string> = O extends { readonly [K in P]: { shape: infer S } } ? keyof S : never;
/**
 * A call's arguments are flat (path, query and body fields in one object), which is unambiguous because no
 * operation takes both a query and a JSON body, and no body field is named like a path parameter.
 */
export type _FlatArguments = Holds<
  [
    {
      [K in OperationId]: Operations[K] extends { body: object; query: object }
        ? K
        : Keys<Operations[K], 'params'> & Keys<Operations[K], 'body'> extends never
          ? never
          : K;
    }[OperationId],
  ] extends [never]
    ? true
    : false
>;
