/**
 * The worker process of extract-pool.ts (child-worker.ts): parses pages and runs the site's rules on them, one
 * job at a time, posting where it is (job, page, rule, since when) for the pool's watchdog. A job the
 * watchdog had to stop comes back with marks: those rules are not run again on that page and get the error
 * the pool wrote instead. A page that breaks the extractor must not take the worker down: its error is posted.
 */
import { childPort } from '../../adapters/child-worker-guard.js';
import { compileRulesCached } from '../extraction/rule-compiler.js';
import { evaluateRules, type EvaluateOptions } from '../extraction/rule-evaluator.js';
import type { ExtractRequest, ExtractResponse, RuleMark } from './extract-protocol.js';
import { PostedStatus } from './extract-status.js';
import { extractRawPage, extractRenderedPage } from './page-extraction.js';

const port = childPort();
if (!port) throw new Error('extract-worker.ts runs as a child process of the extraction pool');
const status = new PostedStatus((line) => port.signal(line));

function skipsOf(marks: RuleMark[], page: number): Map<number, string> | undefined {
  const own = marks.filter((m) => m.page === page);
  return own.length ? new Map(own.map((m) => [m.rule, m.error])) : undefined;
}

function options(msg: ExtractRequest, page: number): EvaluateOptions {
  const skip = skipsOf(msg.marks, page);
  return {
    caps: msg.limits,
    onRule: (i) => status.beginRule(i),
    ...(skip ? { skip } : {}),
  };
}

/**
 * A page without rules says nothing while it is parsed: the pool counts it from when it was sent, which is as
 * good for the parse's budget, and a crawl without rules saves two messages a page.
 */
const quiet = (msg: ExtractRequest) => msg.kind !== 'apply' && !msg.job.rules?.length;

function run(msg: ExtractRequest): ExtractResponse {
  const started = Date.now() - msg.pageSpentMs;
  switch (msg.kind) {
    case 'raw': {
      if (!quiet(msg)) status.beginPage(msg.id, 0, started);
      const { body } = msg.job.res;
      // Structured cloning turns the Buffer into a plain Uint8Array; the decoder wants Buffer methods.
      const res = { ...msg.job.res, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
      return { id: msg.id, ok: true, raw: extractRawPage({ ...msg.job, res }, options(msg, 0)) };
    }
    case 'rendered':
      if (!quiet(msg)) status.beginPage(msg.id, 0, started);
      return { id: msg.id, ok: true, record: extractRenderedPage(msg.job, options(msg, 0)) };
    case 'apply': {
      const slots = compileRulesCached(msg.job.rules);
      msg.job.texts.forEach((mainText, i) => {
        const page = msg.from + i;
        status.beginPage(msg.id, page, i === 0 ? started : Date.now());
        const results = evaluateRules(slots, { html: '', rendered: null, mainText }, options(msg, page)).map(
          ({ value, error }) => ({ value, error }),
        );
        port!.postMessage({ id: msg.id, ok: true, page, results } satisfies ExtractResponse);
      });
      return { id: msg.id, ok: true, done: true };
    }
  }
}

port.on('message', (msg: ExtractRequest) => {
  let reply: ExtractResponse;
  try {
    reply = run(msg);
  } catch (err) {
    reply = {
      id: msg.id,
      ok: false,
      message: err instanceof Error ? (err.stack ?? err.message) : String(err),
    };
  } finally {
    if (!quiet(msg)) status.idle();
  }
  port.postMessage(reply);
});
port.ready();
