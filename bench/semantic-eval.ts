/**
 * Semantic verdicts on real sites: are the `duplicate` / `merge` / `related` pairs, the clusters and the idea
 * check's verdicts what an analyst would accept after reading the pages? Crawls and embeds Debian documentation
 * packages (bench/semantic/corpora.ts; once, kept in the cache directory), with rewritten copies of some pages
 * planted beside their originals, then:
 *
 * - runs the similarity analysis as the job does and reports, per site: precision of each outcome on a seeded
 *   sample of real pairs (judged by reading both pages: test/fixtures/semantic-eval/judgements-<site>.json),
 *   recall of the planted pairs, and the share of pages in clusters;
 * - checks the labelled ideas (ideas-<site>.json) with and without a persona, calibrates the two thresholds on
 *   two thirds and reports the verdict's accuracy on the held-out third.
 *
 * Pairs sampled but not judged yet are written to <cache>/<site>-to-judge.json (titles and the opening of both
 * texts) for judging; their judgements then go into the fixtures. Targets (issue "semantic verdicts"): merge
 * precision ≥ 0.8, planted recall ≥ 0.9, ≤ 10 % of a well-edited manual's pages in clusters, idea accuracy ≥ 0.9.
 *
 * `--variant` picks the embedding model's build (the app's default unless given; q8 has its own cache directory,
 * `semantic-eval-q8`), to check that a variant keeps these figures within their margin of fp32.
 *
 *   npm run bench:semantic -- [--corpora=python,postgres,handbook,debian-docs] [--cache=DIR] [--sample=100] [--variant=fp32|q8]
 */
import { fileURLToPath } from 'node:url';
import { APP_SETTINGS_DEFAULTS } from '../server/schemas/system.js';
import { requireCorpus } from './semantic/corpora.js';
import {
  accuracy,
  calibrate,
  personaShift,
  scoreIdeas,
  serviceAccuracy,
  type ScoredIdea,
} from './semantic/idea-eval.js';
import { evaluatePairs, OUTCOMES, type PairFigures } from './semantic/pair-eval.js';
import { prepareCorpus } from './semantic/prepare-corpus.js';
import { machineLine } from './site/machine.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const corpora = (flag('corpora') ?? 'python,postgres,handbook,debian-docs').split(',').map(requireCorpus);
const variant = flag('variant') ?? APP_SETTINGS_DEFAULTS.embedding_variant;
if (variant !== 'fp32' && variant !== 'q8') throw new Error(`--variant is fp32 or q8, not ${variant}`);
const cacheDir =
  flag('cache') ??
  fileURLToPath(new URL(`./.cache/semantic-eval${variant === 'q8' ? '-q8' : ''}`, import.meta.url));
const sampleSize = Number(flag('sample') ?? 100);
const verbose = args.includes('--verbose');
const log = (s: string) => console.log(s);
const pct = (x: number | null) => (x === null ? '—' : x.toFixed(2));

console.log(`semantic evaluation (${variant}) · ${machineLine()}`);
const pairRows: string[] = [];
const ideas: ScoredIdea[] = [];
for (const corpus of corpora) {
  const p = await prepareCorpus(corpus, cacheDir, log, variant);
  try {
    log(
      `${corpus.name}: ${p.pages} pages (${p.planted.length} planted copies), ${p.passages} passages · crawl ` +
        `${p.crawlSeconds.toFixed(0)} s, embed ${p.embedSeconds.toFixed(0)} s`,
    );
    const f: PairFigures = await evaluatePairs(p, { sample: sampleSize, cacheDir });
    log(`${corpus.name}: analysis ${f.seconds.toFixed(1)} s · ${JSON.stringify(f.result)}`);
    for (const o of OUTCOMES) {
      const x = f.outcomes[o];
      log(
        `  ${o.padEnd(9)} ${String(x.pairs).padStart(6)} pairs · sample ${x.sampled}, judged ${x.judged}, ` +
          `correct ${x.correct} · precision ${pct(x.precision)}`,
      );
      if (verbose) for (const w of x.wrong) log(`      wrong: ${w}`);
    }
    log(
      `  planted recall ${f.planted.found}/${f.planted.total} = ${pct(f.planted.recall)} · beside ` +
        `${f.planted.byWhere.beside.found}/${f.planted.byWhere.beside.total}, elsewhere ` +
        `${f.planted.byWhere.elsewhere.found}/${f.planted.byWhere.elsewhere.total} · original kept ` +
        `${f.planted.keptOriginal}/${f.planted.found}` +
        (f.planted.missed.length ? `\n    missed: ${f.planted.missed.join('\n    missed: ')}` : ''),
    );
    log(
      `  clusters: ${f.clusters.clustered} of ${f.clusters.pages} real pages = ${(f.clusters.share * 100).toFixed(1)} % ` +
        `(largest ${f.clusters.largest})`,
    );
    if (f.unjudged)
      log(`  ${f.unjudged} sampled pairs not judged yet: ${cacheDir}/${corpus.name}-to-judge.json`);
    pairRows.push(
      `| ${corpus.name} | ${p.pages} | ${OUTCOMES.map((o) => `${f.outcomes[o].pairs} (${pct(f.outcomes[o].precision)}, n=${f.outcomes[o].judged})`).join(' | ')} | ` +
        `${f.planted.byWhere.beside.found}/${f.planted.byWhere.beside.total} | ` +
        `${f.planted.byWhere.elsewhere.found}/${f.planted.byWhere.elsewhere.total} | ${(f.clusters.share * 100).toFixed(1)} % |`,
    );
    ideas.push(...(await scoreIdeas(p)));
  } finally {
    await p.t.close();
  }
}

console.log(
  '| Site | Pages | duplicate (precision) | merge (precision) | related (precision) | Planted beside | Planted elsewhere | Pages in clusters |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of pairRows) console.log(r);

if (ideas.length) {
  const fit = ideas.filter((x) => !x.held_out);
  const held = ideas.filter((x) => x.held_out);
  const cal = calibrate(fit);
  log(
    `ideas: ${ideas.length} (${fit.length} to calibrate, ${held.length} held out) · calibrated covered ≥ ${cal.covered}, ` +
      `partially ≥ ${cal.partly} (calibration accuracy ${pct(cal.accuracy)})`,
  );
  for (const mode of ['plain', 'persona'] as const) {
    log(
      `  ${mode.padEnd(7)} held-out accuracy ${pct(accuracy(held, mode, cal.covered, cal.partly))} · all ideas with ` +
        `these thresholds ${pct(accuracy(ideas, mode, cal.covered, cal.partly))} · as the service answered now ` +
        `${pct(serviceAccuracy(ideas, mode))}`,
    );
  }
  const shift = personaShift(ideas);
  log(
    `  the persona moves the embedded text's best score by ${shift.mean.toFixed(3)} on average (largest ` +
      `${shift.max.toFixed(3)}); verdicts are scored on the idea alone`,
  );
  if (verbose)
    for (const x of ideas)
      log(
        `  ${x.held_out ? 'H' : ' '} ${x.verdict.padEnd(17)} plain ${x.plain.score.toFixed(3)} persona ` +
          `${x.persona.embedded_score.toFixed(3)} ${x.plain.verdict === x.verdict ? ' ' : '✗'} ${x.corpus}: ${x.idea}`,
      );
}
console.log(`done · ${machineLine()}`);
