/**
 * The time an embed job still needs (embed-eta.ts): measured from the job's own work in bytes of text, the second
 * phase at its own rate once it has one, extrapolated from the first phase's rate before that; nothing is
 * claimed before anything is measured or after the job ends.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aboutTime, EmbedEta, leadBytes, pageBytes } from '../../../../server/domain/embeddings/embed-eta.js';

/** An estimate on a clock the test moves. */
function clocked() {
  let now = 0;
  return { eta: new EmbedEta(() => now), at: (seconds: number) => (now = seconds * 1000) };
}

describe('the time an embed job still needs', () => {
  it('is unknown until the job has measured some of its work', () => {
    const { eta, at } = clocked();
    assert.equal(eta.secondsLeft(1), null, 'no job');
    const run = eta.begin(1, { leads: 10, passageBytes: 5_000 });
    at(3);
    assert.equal(eta.secondsLeft(1), null, 'nothing embedded yet');
    run.leads(5, 500);
    assert.notEqual(eta.secondsLeft(1), null);
  });

  it('extrapolates the passages from the leads’ rate during the first phase', () => {
    const { eta, at } = clocked();
    const run = eta.begin(1, { leads: 10, passageBytes: 5_000 });
    at(1);
    run.leads(5, 500); // 500 bytes a second; 5 leads of ~100 bytes left, then 5,000 bytes
    assert.equal(eta.secondsLeft(1), 11);
  });

  it('measures the second phase at its own rate, counting the batch under way', () => {
    const { eta, at } = clocked();
    const run = eta.begin(1, { leads: 0, passageBytes: 1_000 });
    at(2);
    run.passagesStart();
    at(3);
    run.passages(100); // 100 bytes a second: 900 left
    assert.equal(eta.secondsLeft(1), 9);
    at(3.5);
    assert.equal(eta.secondsLeft(1), 8.5);
    at(20);
    assert.equal(eta.secondsLeft(1), 0, 'never below zero when the job runs slower than it did');
  });

  it('forgets a job when it ends, but not the newer job of the same site', () => {
    const { eta, at } = clocked();
    const old = eta.begin(1, { leads: 0, passageBytes: 100 });
    const other = eta.begin(2, { leads: 0, passageBytes: 100 });
    at(1);
    other.passagesStart();
    at(2);
    other.passages(50);
    const newer = eta.begin(1, { leads: 0, passageBytes: 100 });
    newer.passagesStart();
    at(3);
    newer.passages(10);
    old.end();
    assert.equal(eta.secondsLeft(1), 9);
    newer.end();
    assert.equal(eta.secondsLeft(1), null);
    assert.equal(eta.secondsLeft(2), 0);
  });

  it('counts a lead as the title and at most the text a lead takes, in UTF-8 bytes as SQLite sums them', () => {
    assert.equal(leadBytes('Title', 'x'.repeat(100)), 105);
    assert.equal(leadBytes('Title', 'x'.repeat(10_000)), 5 + 560);
    assert.equal(pageBytes('Título', 'é'.repeat(1_000)), 7 + 2_000);
  });

  it('says the time left as roughly as it is known', () => {
    assert.deepEqual([3, 44, 56, 150, 3_000, 4_000, 7_200].map(aboutTime), [
      'about 10 s',
      'about 40 s',
      'about 1 min',
      'about 3 min',
      'about 50 min',
      'about 1 h 7 min',
      'about 2 h',
    ]);
  });
});
