/**
 * Runs the code checks of the registry (code-checks.ts) in passes: each source once for every check over it,
 * each whole-site check alone. The scans, which await, run first, outside the run's transaction. Findings come
 * back per check, for the store to keep beside the SQL checks'.
 */
import { CODE_CHECK_IDS, type CodeCheckId } from '../../schemas/audit-checks.js';
import type { NewFinding } from '../../store/repos/audit-repo.js';
import { SOURCES, type CheckContext, type SourceName } from './check-sources.js';
import type { CodeCheck, RowCheck } from './code-check.js';
import { CODE_CHECKS } from './code-checks.js';

export interface CheckFindings {
  check: CodeCheckId;
  rows: NewFinding[];
}

/** One pass of the code checks; `name` is what the audit benchmark reports it as. */
export interface CodePass {
  name: string;
  run(ctx: CheckContext): CheckFindings[];
}

type AnyCheck = CodeCheck<CodeCheckId>;
const entries = CODE_CHECK_IDS.map((id) => {
  const check: AnyCheck = CODE_CHECKS[id];
  return { id, check };
});

/**
 * Whether `check` reads `source`. A predicate rather than a comparison: TypeScript cannot narrow the registry's
 * union of entries by a generic source name, and this is the one place that pairs a source with its checks.
 */
const isOver = <S extends SourceName>(check: object, source: S): check is RowCheck<CodeCheckId, S> =>
  'over' in check && check.over === source;

/** One read of `source`, each row judged by every check over it as it is read; none when no check reads it. */
function sourcePass<S extends SourceName>(source: S): CodePass[] {
  const rules: { id: CodeCheckId; test: RowCheck<CodeCheckId, S>['test'] }[] = [];
  for (const { id, check } of entries) if (isOver(check, source)) rules.push({ id, test: check.test });
  if (!rules.length) return [];
  const pass: CodePass = {
    name: rules.length === 1 ? rules[0]!.id : `${source} (${rules.length} checks)`,
    run(ctx) {
      const found = rules.map((): NewFinding[] => []);
      for (const row of SOURCES[source](ctx)) {
        for (let i = 0; i < rules.length; i++) {
          const evidence = rules[i]!.test(row, ctx);
          if (evidence !== null)
            found[i]!.push({ url_id: row.url_id, url: row.url, page_id: row.page_id, evidence });
        }
      }
      return rules.map((r, i) => ({ check: r.id, rows: found[i]! }));
    },
  };
  return [pass];
}

/** The passes run in the run's transaction: the sources', then each whole-site check. */
export const CODE_PASSES: readonly CodePass[] = [
  ...(Object.keys(SOURCES) as SourceName[]).flatMap((source) => sourcePass(source)),
  ...entries.flatMap(({ id, check }): CodePass[] =>
    'find' in check ? [{ name: id, run: (ctx) => [{ check: id, rows: check.find(ctx) }] }] : [],
  ),
];

/** The findings of the checks that run in the transaction. */
export function codeFindings(ctx: CheckContext): CheckFindings[] {
  return CODE_PASSES.flatMap((pass) => pass.run(ctx));
}

/** The findings of the scans, one after another (each yields as it goes). */
export async function scanFindings(ctx: CheckContext, signal?: AbortSignal): Promise<CheckFindings[]> {
  const out: CheckFindings[] = [];
  for (const { id, check } of entries)
    if ('scan' in check) out.push({ check: id, rows: await check.scan(ctx, signal) });
  return out;
}
