import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CLOSE,
  ON_TOPIC,
  onTopicScore,
  relevanceOf,
  topicScores,
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

  it('orders by the persona’s readers without changing what is proposed: 15 % off at most', () => {
    const best = { fit: 0.41, percentile: 1, factor: 1 };
    const worst = { fit: 0.08, percentile: 0, factor: 0.85 };
    const plain = onTopicScore({ topic: 'WAL', closeness: 0.6 }, 0.8);
    assert.equal(onTopicScore({ topic: 'WAL', closeness: 0.6, audience: best }, 0.8), plain);
    assert.equal(onTopicScore({ topic: 'WAL', closeness: 0.6, audience: worst }, 0.8), 0.68);
    // A target that no topic reaches stays at nothing, whoever it suits.
    assert.equal(onTopicScore({ topic: 'WAL', closeness: 0, audience: best }, 1), 0);
    assert.equal(
      topicSentence({ topic: 'WAL', closeness: 0.612, audience: { ...best, percentile: 0.9 } }),
      'Topic “WAL”: close (closeness 0.61). Readers: reads closer to the persona than most pages on its topics (top 10%).',
    );
    assert.equal(
      topicSentence({ topic: 'WAL', closeness: 0.612, audience: worst }),
      'Topic “WAL”: close (closeness 0.61). Readers: reads further from the persona than most pages on its topics (bottom 1%).',
    );
    // The middle says nothing: it neither helps nor hurts much.
    assert.equal(
      topicSentence({
        topic: 'WAL',
        closeness: 0.612,
        audience: { fit: 0.2, percentile: 0.5, factor: 0.925 },
      }),
      'Topic “WAL”: close (closeness 0.61).',
    );
    assert.deepEqual(topicScores({ topic: 'WAL', closeness: 0.6, audience: worst }), {
      closeness: 0.6,
      topic_relevance: 1,
      audience_fit: 0.08,
      audience_percentile: 0,
      audience_factor: 0.85,
    });
    assert.deepEqual(topicScores(null), { closeness: 0, topic_relevance: 0 });
  });
});
