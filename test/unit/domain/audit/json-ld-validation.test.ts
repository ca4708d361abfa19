/**
 * JSON-LD against Google's required properties (server/domain/audit/rich-results.ts): for each type a valid
 * example (Google's own examples, shortened) passes and the same example without a required property is reported
 * naming it; then how items are found (`@graph`, arrays, IRIs, references, nesting) and what a block that does not
 * parse reports.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkJsonLd, type MissingProperty } from '../../../../server/domain/audit/json-ld-validation.js';
import { RICH_RESULT_ALIASES, RICH_RESULTS } from '../../../../server/domain/audit/rich-results.js';
import type { JsonLdBlock } from '../../../../server/store/repos/pages-repo.js';

const block = (value: unknown): JsonLdBlock => ({
  text: JSON.stringify(value),
  error: null,
  truncated: false,
});
const check = (...values: unknown[]) => checkJsonLd(values.map(block));
const missing = (...values: unknown[]): Pick<MissingProperty, 'type' | 'path' | 'property' | 'reason'>[] =>
  check(...values).flatMap((b) =>
    b.missing.map(({ type, path, property, reason }) => ({ type, path, property, reason })),
  );
const without = (value: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

const CTX = 'https://schema.org';
const address = { '@type': 'PostalAddress', streetAddress: '100 West Snickerpark Dr', addressCountry: 'US' };

/** Per item type: a valid example, and for each required group a property whose removal breaks it. */
const EXAMPLES: Record<string, { valid: Record<string, unknown>; remove: Record<string, string> }> = {
  Product: {
    valid: {
      '@context': CTX,
      '@type': 'Product',
      name: 'Executive Anvil',
      offers: { '@type': 'Offer', price: 119.99, priceCurrency: 'USD' },
    },
    remove: { name: 'name', offers: 'review or aggregateRating or offers' },
  },
  Review: {
    valid: {
      '@context': CTX,
      '@type': 'Review',
      itemReviewed: { '@type': 'Restaurant', name: 'Legal Seafood' },
      reviewRating: { '@type': 'Rating', ratingValue: 4 },
      author: { '@type': 'Person', name: 'Bob Smith' },
    },
    remove: { author: 'author', itemReviewed: 'itemReviewed', reviewRating: 'reviewRating' },
  },
  AggregateRating: {
    valid: {
      '@context': CTX,
      '@type': 'AggregateRating',
      itemReviewed: { '@type': 'Book', name: 'The Catcher in the Rye' },
      ratingValue: 88,
      bestRating: 100,
      ratingCount: 20,
    },
    remove: {
      ratingValue: 'ratingValue',
      ratingCount: 'ratingCount or reviewCount',
      itemReviewed: 'itemReviewed',
    },
  },
  BreadcrumbList: {
    valid: {
      '@context': CTX,
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Books', item: 'https://example.com/books' },
        { '@type': 'ListItem', position: 2, name: 'Science Fiction' },
      ],
    },
    remove: { itemListElement: 'itemListElement' },
  },
  FAQPage: {
    valid: {
      '@context': CTX,
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'How to find an apprenticeship?',
          acceptedAnswer: { '@type': 'Answer', text: 'We provide an official service.' },
        },
      ],
    },
    remove: { mainEntity: 'mainEntity' },
  },
  Event: {
    valid: {
      '@context': CTX,
      '@type': 'Event',
      name: 'The Adventures of Kira and Morrison',
      startDate: '2025-07-21T19:00-05:00',
      location: { '@type': 'Place', name: 'Snickerpark Stadium', address },
    },
    remove: { name: 'name', startDate: 'startDate', location: 'location' },
  },
  Recipe: {
    valid: {
      '@context': CTX,
      '@type': 'Recipe',
      name: 'Non-Alcoholic Piña Colada',
      image: ['https://example.com/photos/1x1/photo.jpg'],
      recipeInstructions: [{ '@type': 'HowToStep', text: 'Blend for 2 minutes.' }],
    },
    remove: { name: 'name', image: 'image' },
  },
  LocalBusiness: {
    valid: { '@context': CTX, '@type': 'LocalBusiness', name: "Dave's Steak House", address },
    remove: { name: 'name', address: 'address' },
  },
  VideoObject: {
    valid: {
      '@context': CTX,
      '@type': 'VideoObject',
      name: 'Introducing the self-driving bicycle in the Netherlands',
      thumbnailUrl: ['https://example.com/photos/1x1/photo.jpg'],
      uploadDate: '2024-03-31T08:00:00+08:00',
    },
    remove: { name: 'name', thumbnailUrl: 'thumbnailUrl', uploadDate: 'uploadDate' },
  },
};

describe('Google’s required properties, type by type', () => {
  it('has an example for every item type with requirements', () => {
    const items = Object.entries(RICH_RESULTS).filter(([, r]) => r.item && r.required.length > 0);
    assert.deepEqual(Object.keys(EXAMPLES).sort(), items.map(([name]) => name).sort());
    for (const [name, rule] of Object.entries(RICH_RESULTS))
      assert.match(
        rule.source,
        /^https:\/\/developers\.google\.com\/search\/docs\/appearance\/structured-data\//,
        name,
      );
  });

  for (const [type, { valid, remove }] of Object.entries(EXAMPLES)) {
    it(`${type}: a valid example passes, and each missing required property is named`, () => {
      assert.deepEqual(check(valid), []);
      for (const [key, property] of Object.entries(remove)) {
        const found = missing(without(valid, key));
        assert.ok(
          found.some(
            (m) => m.type === type && m.path === '$' && m.property === property && m.reason === 'missing',
          ),
          `${type} without ${key}: ${JSON.stringify(found)}`,
        );
      }
    });
  }

  it('Article and Organization have no required properties', () => {
    assert.deepEqual(check({ '@context': CTX, '@type': 'NewsArticle' }, { '@type': 'Organization' }), []);
  });

  it('names the Google page of each requirement', () => {
    const [m] = check({ '@type': 'Event', name: 'x', startDate: '2025-01-01', location: 'Sydney' })[0]!
      .missing;
    assert.deepEqual(m, {
      type: 'Event',
      path: '$',
      property: 'location.address',
      reason: 'missing',
      source: 'https://developers.google.com/search/docs/appearance/structured-data/event',
    });
  });
});

describe('nested requirements', () => {
  it('an offer needs a price, in the offer or its price specification; an aggregate offer a low price and currency', () => {
    const product = (offers: unknown) => ({ '@type': 'Product', name: 'Anvil', offers });
    assert.deepEqual(missing(product({ '@type': 'Offer', priceCurrency: 'EUR' })), [
      { type: 'Offer', path: '$.offers', property: 'price or priceSpecification.price', reason: 'missing' },
    ]);
    assert.deepEqual(missing(product({ '@type': 'Offer', priceSpecification: { price: 9.99 } })), []);
    assert.deepEqual(missing(product({ '@type': 'Offer', price: 0 })), [], 'free is a price');
    assert.deepEqual(missing(product([{ price: 5 }, { '@type': 'AggregateOffer', lowPrice: 3 }])), [
      { type: 'AggregateOffer', path: '$.offers[1]', property: 'priceCurrency', reason: 'missing' },
    ]);
  });

  it('a review nested in a product needs no itemReviewed, but its own author and rating', () => {
    const review = { '@type': 'Review', author: { '@type': 'Person', name: 'Fred' } };
    assert.deepEqual(missing({ '@type': 'Product', name: 'Anvil', review }), [
      { type: 'Review', path: '$.review', property: 'reviewRating', reason: 'missing' },
      { type: 'Review', path: '$.review', property: 'reviewRating.ratingValue', reason: 'missing' },
    ]);
    const rating = { '@type': 'AggregateRating', ratingValue: 4.4, reviewCount: 89 };
    assert.deepEqual(missing({ '@type': 'Product', name: 'Anvil', aggregateRating: rating }), []);
  });

  it('breadcrumbs: at least two items; each has a position and a name; all but the last a URL', () => {
    const crumb = (position: number, extra: object = {}) => ({ '@type': 'ListItem', position, ...extra });
    const list = (...items: unknown[]) => ({ '@type': 'BreadcrumbList', itemListElement: items });
    assert.deepEqual(missing(list(crumb(1, { name: 'Books', item: 'https://example.com/books' }))), [
      {
        type: 'BreadcrumbList',
        path: '$',
        property: 'itemListElement',
        reason: 'at least 2 values needed, found 1',
      },
    ]);
    assert.deepEqual(
      missing(
        list(crumb(2, { name: 'Authors' }), crumb(1, { name: 'Books' }), crumb(3, { item: 'https://e.x/a' })),
      ),
      [
        { type: 'ListItem', path: '$.itemListElement[0]', property: 'item', reason: 'missing' },
        { type: 'ListItem', path: '$.itemListElement[1]', property: 'item', reason: 'missing' },
        { type: 'ListItem', path: '$.itemListElement[2]', property: 'name or item.name', reason: 'missing' },
      ],
      'the last by position may omit item',
    );
    assert.deepEqual(
      missing(list(crumb(1, { item: { '@id': 'https://e.x/', name: 'Home' } }), crumb(2, { name: 'Here' }))),
      [],
      'a Thing with a name stands for name',
    );
    assert.deepEqual(
      missing(list({ '@type': 'ListItem', name: 'A', item: 'https://e.x/a' }, crumb(2, { name: 'B' }))),
      [{ type: 'ListItem', path: '$.itemListElement[0]', property: 'position', reason: 'missing' }],
    );
  });

  it('FAQ questions need a name and an answer with text', () => {
    const faq = {
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Q1', acceptedAnswer: { '@type': 'Answer' } },
        { '@type': 'Question', acceptedAnswer: { text: 'A2' } },
      ],
    };
    assert.deepEqual(missing(faq), [
      { type: 'Answer', path: '$.mainEntity[0].acceptedAnswer', property: 'text', reason: 'missing' },
      { type: 'Question', path: '$.mainEntity[1]', property: 'name', reason: 'missing' },
    ]);
  });

  it('recipe steps, sections and video clips have their own requirements', () => {
    const recipe = {
      '@type': 'Recipe',
      name: 'Pie',
      image: 'https://e.x/pie.jpg',
      recipeInstructions: [
        { '@type': 'HowToSection', itemListElement: [{ '@type': 'HowToStep', name: 'Bake' }] },
        'Cool for two hours.',
      ],
      video: {
        '@type': 'VideoObject',
        name: 'Pie',
        thumbnailUrl: 'https://e.x/t.jpg',
        uploadDate: '2024-01-01',
      },
    };
    assert.deepEqual(missing(recipe), [
      { type: 'HowToSection', path: '$.recipeInstructions[0]', property: 'name', reason: 'missing' },
      {
        type: 'HowToStep',
        path: '$.recipeInstructions[0].itemListElement[0]',
        property: 'text or itemListElement',
        reason: 'missing',
      },
    ]);
    const video = { ...recipe.video, hasPart: { '@type': 'Clip', name: 'Crust', startOffset: 30 } };
    assert.deepEqual(missing(video), [
      { type: 'Clip', path: '$.hasPart', property: 'url', reason: 'missing' },
    ]);
  });

  it('values of another type are not held to the property’s rule', () => {
    assert.deepEqual(
      missing({
        '@type': 'VideoObject',
        name: 'v',
        thumbnailUrl: 't',
        uploadDate: 'd',
        hasPart: { '@type': 'WebPage' },
      }),
      [],
    );
  });
});

describe('finding the items', () => {
  it('reads @graph members, top-level arrays, arrays of types and schema.org IRIs', () => {
    assert.deepEqual(
      missing({
        '@context': CTX,
        '@graph': [
          { '@type': 'WebPage', name: 'Home' },
          { '@type': ['LocalBusiness', 'Plumber'], name: 'Pipes' },
        ],
      }),
      [{ type: 'LocalBusiness', path: "$['@graph'][1]", property: 'address', reason: 'missing' }],
    );
    assert.deepEqual(
      missing([{ '@type': 'WebSite' }, { '@type': 'http://schema.org/Recipe', name: 'Soup' }]),
      [{ type: 'Recipe', path: '$[1]', property: 'image', reason: 'missing' }],
    );
    assert.deepEqual(missing({ '@type': 'schema:Restaurant', address }), [
      { type: 'LocalBusiness', path: '$', property: 'name', reason: 'missing' },
    ]);
  });

  it('follows @id references, across blocks, and checks a referenced review as nested', () => {
    const product = { '@type': 'Product', name: 'Anvil', review: { '@id': '#r1' }, offers: { '@id': '#o1' } };
    const review = {
      '@type': 'Review',
      '@id': '#r1',
      author: { '@type': 'Person', name: 'Fred' },
      reviewRating: { '@type': 'Rating', ratingValue: 5 },
    };
    const offer = { '@type': 'Offer', '@id': '#o1', priceCurrency: 'USD' };
    const found = check({ '@graph': [product, review] }, offer);
    assert.deepEqual(
      found.map((b) => ({
        index: b.index,
        missing: b.missing.map((m) => `${m.type} ${m.path} ${m.property}`),
      })),
      [{ index: 1, missing: ["Offer $['@graph'][0].offers price or priceSpecification.price"] }],
    );
    assert.deepEqual(
      missing({ '@type': 'Event', name: 'Gig', startDate: '2025-01-01', location: { '@id': '#elsewhere' } }),
      [],
      'an entity not on the page cannot be judged',
    );
  });

  it('an entity nested where Google defines no rule is not an item', () => {
    assert.deepEqual(
      missing({ '@type': 'Offer', price: 3, itemOffered: { '@type': 'Product', name: 'Anvil' } }),
      [],
    );
    assert.deepEqual(missing({ '@type': 'Article', author: { '@type': 'LocalBusiness' } }), []);
  });

  it('survives references that loop', () => {
    const a = { '@type': 'HowToSection', '@id': '#a', name: 'A', itemListElement: [{ '@id': '#b' }] };
    const b = { '@type': 'HowToSection', '@id': '#b', name: 'B', itemListElement: [{ '@id': '#a' }] };
    const recipe = { '@type': 'Recipe', name: 'Loop', image: 'i', recipeInstructions: [{ '@id': '#a' }] };
    assert.deepEqual(missing({ '@graph': [recipe, a, b] }), []);
  });

  it('every alias names a rule', () => {
    for (const [alias, name] of Object.entries(RICH_RESULT_ALIASES)) assert.ok(RICH_RESULTS[name], alias);
  });
});

describe('blocks that do not parse', () => {
  it('are reported with their error and text; cut blocks are left out', () => {
    const broken: JsonLdBlock = {
      text: '{"@type": "FAQPage",}',
      error: 'Unexpected token } in JSON',
      truncated: false,
    };
    const cut: JsonLdBlock = { text: '{"@type": "Product", "name": "', error: null, truncated: true };
    assert.deepEqual(checkJsonLd([block({ '@type': 'Thing' }), broken, cut]), [
      { index: 2, text: broken.text, error: broken.error, missing: [] },
    ]);
  });

  it('shows the start of a long block', () => {
    const long = block({ '@type': 'Product', description: 'x'.repeat(2000) });
    const [finding] = checkJsonLd([long]);
    assert.equal(finding!.text, long.text.slice(0, 500));
    assert.equal(finding!.missing.length, 2);
  });
});
