/**
 * The README is a new user's first page (#37): it leads with what to do, its links stay inside the repository (the
 * interface contract's link pointed to a file outside it), and its two commands are the ones CI runs.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../../server/version.js';

const README = join(PROJECT_ROOT, 'README.md');
const read = (file: string) => readFileSync(file, 'utf8');

/** Markdown files a user reads: the README and docs/ (recipes included). */
function documents(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
    );
  return [README, ...walk(join(PROJECT_ROOT, 'docs'))];
}

/** `[text](target)` links outside code spans and fenced blocks, with their line numbers. */
function links(text: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    if (fenced) return;
    const prose = line.replace(/`[^`]*`(?!\])/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) out.push({ target: m[1]!, line: i + 1 });
  });
  return out;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(text: string): Set<string> {
  let fenced = false;
  const headings = text.split('\n').filter((l) => {
    if (l.trimStart().startsWith('```')) fenced = !fenced;
    return !fenced && /^#{1,6} /.test(l);
  });
  return new Set(
    headings.map((h) =>
      h
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

/** What is wrong with one link from `file`, or undefined. */
function broken(file: string, target: string): string | undefined {
  if (/^(https?|mailto):/.test(target)) return undefined;
  if (/^[a-z]+:/i.test(target) || target.startsWith('/')) return 'not a link into the repository';
  const [path = '', anchor] = target.split('#');
  const dest = path ? resolve(dirname(file), decodeURI(path)) : file;
  if (relative(PROJECT_ROOT, dest).startsWith('..')) return 'points outside the repository';
  if (!existsSync(dest)) return 'does not exist';
  if (anchor && dest.endsWith('.md') && !anchors(read(dest)).has(anchor)) return `no heading #${anchor}`;
  if (anchor && statSync(dest).isDirectory()) return 'anchor on a folder';
  return undefined;
}

describe('README and docs', () => {
  it('every relative link resolves to a file or heading inside the repository', () => {
    const bad = documents().flatMap((file) =>
      links(read(file)).flatMap(({ target, line }) => {
        const why = broken(file, target);
        return why ? [`${relative(PROJECT_ROOT, file)}:${line} ${target}: ${why}`] : [];
      }),
    );
    assert.deepEqual(bad, []);
  });

  it('the link check is real', () => {
    assert.equal(broken(README, '../shared/spec/interface.md'), 'points outside the repository');
    assert.equal(broken(README, 'docs/no-such-page.md'), 'does not exist');
    assert.equal(broken(README, '#no-such-heading'), 'no heading #no-such-heading');
    assert.equal(broken(README, 'docs/usage.md#the-ui'), undefined);
    assert.equal(broken(README, 'https://example.com/'), undefined);
    assert.equal(broken(join(PROJECT_ROOT, 'docs', 'x.md'), '../README.md'), undefined);
    assert.deepEqual(links('`[a](b)` and [c](d)'), [{ target: 'd', line: 1 }], 'code spans are not links');
  });

  it('leads with the two commands, which are the ones CI runs', () => {
    const text = read(README);
    const lines = text.split('\n');
    const install = lines.findIndex((l) => l.startsWith('npm install && npm start'));
    const test = lines.findIndex((l) => /^npm test\b/.test(l));
    assert.ok(install > 0 && install < 25, `the install command is on line ${install + 1}, not near the top`);
    assert.equal(test, install + 1, 'the test command follows it');
    // .ci/run installs, then runs exactly the README's test command.
    assert.match(read(join(PROJECT_ROOT, '.ci', 'run')), /^npm test\b/m);
    // Reference material lives in docs/: the README stays a page a new user reads to the end.
    assert.ok(lines.length <= 120, `README.md has ${lines.length} lines`);
  });
});
