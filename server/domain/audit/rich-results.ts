/**
 * The properties Google requires of each rich-result type, written down from Google Search Central's structured
 * data pages (each rule names its page; read from copies of the pages taken in 2026). Only "Required
 * properties" are listed: a missing recommended property does not make an item ineligible, so it is not a
 * finding. The audit's `structured_data_invalid` checks JSON-LD against this table (json-ld-validation.ts).
 *
 * Left out on purpose:
 * - `JobPosting`: its requirements could not be confirmed from Google's own page here, and a guessed list would
 *   report pages Google accepts.
 * - Merchant listings (`Product` for pages that sell): stricter than product snippets; the snippet rules below
 *   are what every `Product` rich result needs.
 * - Subtypes Google's pages do not name (`MusicEvent`, `Store`, `CriticReview`, …): schema.org has hundreds and
 *   no list of them ships with Siteloupe, so only the types named here are checked.
 * - `Article` and `Organization`: Google states they have no required properties ("There are no required
 *   properties; instead, add the properties that apply to your content"); they are listed so that the table
 *   says so, and never produce a finding.
 */

/** One type's requirements. */
export interface RichResultRule {
  /** The Google Search Central page the requirements come from. */
  source: string;
  /**
   * Checked wherever it stands as an item: a block's top-level value, a member of a top-level array or of
   * `@graph`. Other types (`Offer`, `ListItem`, …) are checked only as a property of an item whose page defines
   * them.
   */
  item: boolean;
  /**
   * Each entry lists alternatives, one of which must be present (a value that is not null, "" or []). A dotted
   * name is a property of the value (`location.address`: the location must have an address).
   */
  required: readonly (readonly string[])[];
  /** Required only of an item, not of the same type nested in another item (a nested review's subject is its parent). */
  requiredOfItem?: readonly (readonly string[])[];
  /** Required of every element of its list but the last (the last breadcrumb may omit its URL). */
  requiredButLast?: readonly (readonly string[])[];
  /** The fewest values a property must have. */
  minValues?: Readonly<Record<string, number>>;
  /**
   * Properties whose values are checked against other rules: the rule of the value's `@type` when it is one of
   * those listed, the first listed when the value has no `@type`, none when its type is another.
   */
  nested?: Readonly<Record<string, readonly string[]>>;
}

const PAGE = 'https://developers.google.com/search/docs/appearance/structured-data/';

const REVIEWS = { review: ['Review'], aggregateRating: ['AggregateRating'] } as const;

export const RICH_RESULTS: Readonly<Record<string, RichResultRule>> = {
  // "Product snippets require either review or aggregateRating or offers"; an offer needs its price.
  Product: {
    source: `${PAGE}product-snippet`,
    item: true,
    required: [['name'], ['review', 'aggregateRating', 'offers']],
    nested: { ...REVIEWS, offers: ['Offer', 'AggregateOffer'] },
  },
  Offer: {
    source: `${PAGE}product-snippet#offer-details`,
    item: false,
    required: [['price', 'priceSpecification.price']],
  },
  AggregateOffer: {
    source: `${PAGE}product-snippet#aggregate-offer-properties`,
    item: false,
    required: [['lowPrice'], ['priceCurrency']],
  },
  // "itemReviewed (if review is not a Nested Review)"; the same for AggregateRating.
  Review: {
    source: `${PAGE}review-snippet#review-properties`,
    item: true,
    required: [['author'], ['reviewRating'], ['reviewRating.ratingValue']],
    requiredOfItem: [['itemReviewed'], ['itemReviewed.name']],
  },
  AggregateRating: {
    source: `${PAGE}review-snippet#aggregated-rating-type-definition`,
    item: true,
    required: [['ratingValue'], ['ratingCount', 'reviewCount']],
    requiredOfItem: [['itemReviewed'], ['itemReviewed.name']],
  },
  // "define a BreadcrumbList that contains at least two ListItems"; "If the breadcrumb is the last item in the
  // breadcrumb trail, item is not required"; "If you're using a Thing with a name … to specify item, then name is
  // not required."
  BreadcrumbList: {
    source: `${PAGE}breadcrumb`,
    item: true,
    required: [['itemListElement']],
    minValues: { itemListElement: 2 },
    nested: { itemListElement: ['ListItem'] },
  },
  ListItem: {
    source: `${PAGE}breadcrumb#list-item`,
    item: false,
    required: [['position'], ['name', 'item.name']],
    requiredButLast: [['item']],
  },
  // FAQ rich results are shown only for well-known government and health sites; the markup's rules still hold.
  FAQPage: {
    source: `${PAGE}faqpage`,
    item: true,
    required: [['mainEntity']],
    nested: { mainEntity: ['Question'] },
  },
  Question: {
    source: `${PAGE}faqpage#question`,
    item: false,
    required: [['acceptedAnswer'], ['name']],
    nested: { acceptedAnswer: ['Answer'] },
  },
  Answer: { source: `${PAGE}faqpage#answer`, item: false, required: [['text']] },
  Event: {
    source: `${PAGE}event`,
    item: true,
    required: [['location'], ['location.address'], ['name'], ['startDate']],
  },
  Recipe: {
    source: `${PAGE}recipe`,
    item: true,
    required: [['image'], ['name']],
    nested: {
      aggregateRating: ['AggregateRating'],
      video: ['VideoObject'],
      recipeInstructions: ['HowToStep', 'HowToSection'],
    },
  },
  HowToSection: {
    source: `${PAGE}recipe#how-to-section`,
    item: false,
    required: [['itemListElement'], ['name']],
    nested: { itemListElement: ['HowToStep', 'HowToSection'] },
  },
  // "itemListElement … Optional if text is used"; "text … Optional if itemListElement is used".
  HowToStep: {
    source: `${PAGE}recipe#how-to-step`,
    item: false,
    required: [['text', 'itemListElement']],
    nested: { itemListElement: ['HowToDirection', 'HowToTip'] },
  },
  HowToDirection: { source: `${PAGE}recipe#how-to-direction`, item: false, required: [['text']] },
  HowToTip: { source: `${PAGE}recipe#how-to-direction`, item: false, required: [['text']] },
  LocalBusiness: {
    source: `${PAGE}local-business`,
    item: true,
    required: [['address'], ['name']],
    nested: REVIEWS,
  },
  VideoObject: {
    source: `${PAGE}video#video-object`,
    item: true,
    required: [['name'], ['thumbnailUrl'], ['uploadDate']],
    nested: { hasPart: ['Clip'] },
  },
  // Key moments: "you must add the following properties if you want Google to show the timestamps".
  Clip: { source: `${PAGE}video#clip`, item: false, required: [['name'], ['startOffset'], ['url']] },
  Article: { source: `${PAGE}article`, item: true, required: [] },
  Organization: { source: `${PAGE}organization`, item: true, required: [] },
};

/**
 * Types checked by another type's rule. Google's local business page names these sub-types as examples of "the
 * most specific LocalBusiness sub-type"; its article page lists the article types it supports.
 */
export const RICH_RESULT_ALIASES: Readonly<Record<string, string>> = {
  Restaurant: 'LocalBusiness',
  DaySpa: 'LocalBusiness',
  HealthClub: 'LocalBusiness',
  NewsArticle: 'Article',
  BlogPosting: 'Article',
};
