import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CLOSE,
  ON_TOPIC,
  onTopicScore,
  relevanceOf,
  topicSentence,
} from '../../../../server/domain/campaigns/topic-scope.js';

describe('a target’s topic in its rationale and score', () => {
  it('names the topic and how close, in one opening sentence', () => {
    assert.equal(topicSentence({ topic: 'WAL', closeness: 1 }), 'Topic “WAL”: the seed topic itself.');
    assert.equal(topicSentence({ topic: 'WAL', closeness: 0.612 }), 'Topic “WAL”: close (closeness 0.61).');
    assert.equal(
      topicSentence({ topic: 'autovacuum', closeness: 0.45 }),
      'Topic “autovacuum”: on it (closeness 0.45).',
    );
    // A manual target far from every topic says so, naming the nearest.
    assert.equal(
      topicSentence({ topic: 'WAL', closeness: 0.2 }),
      'Topic “WAL”: not close; it is the nearest (closeness 0.20).',
    );
    assert.equal(topicSentence(null), 'Topic: none of the campaign’s seed topics.');
  });

  it('ranks by relevance to the topic times value, counting closeness in full from the close band', () => {
    assert.ok(ON_TOPIC < CLOSE);
    assert.equal(relevanceOf({ topic: 'WAL', closeness: CLOSE }), 1);
    assert.equal(relevanceOf({ topic: 'WAL', closeness: 0.9 }), 1);
    assert.equal(relevanceOf(null), 0);
    // The same value: the closer target ranks first; an off-topic one sinks whatever its value.
    const near = onTopicScore({ topic: 'WAL', closeness: 0.6 }, 0.5);
    const on = onTopicScore({ topic: 'WAL', closeness: 0.44 }, 0.5);
    const far = onTopicScore({ topic: 'WAL', closeness: 0.1 }, 1);
    assert.equal(near, 0.5);
    assert.equal(on, 0.4);
    assert.ok(far < on);
    assert.equal(onTopicScore(null, 1), 0);
  });
});
