/**
 * Evidence shapes of the rendered audit's checks — Accessibility: axe-core's rules in the rendered page (#36 §2).
 * Everything in a node comes from the crawled page (its markup, selectors built from its ids and classes): it is
 * stored bounded (a11y-scan.ts) and shown as text, never as HTML.
 */
import { z } from 'zod';
import { AxeImpact } from './a11y-scan.js';

export const A11Y_EVIDENCE = {
  axe_violation: z.strictObject({
    rule: z.string().meta({ description: 'The axe-core rule id (`color-contrast`).' }),
    impact: AxeImpact.nullable().meta({
      description:
        'How badly axe judges the failures on this page hurt; a rule’s failures may be milder than its worst.',
    }),
    wcag: z.array(z.string()).meta({
      description: 'The WCAG success criteria the rule tests (`1.4.3`); empty for a best practice.',
    }),
    count: z.number().int().meta({ description: 'Elements of the page that fail the rule.' }),
    nodes: z
      .array(
        z.strictObject({
          target: z.string().meta({
            description:
              'A CSS selector of the element (`>>>` steps into a shadow root), at most 300 characters.',
          }),
          html: z.string().meta({ description: 'The element’s opening markup, at most 200 characters.' }),
          summary: z.string().meta({ description: 'What axe found wrong, at most 400 characters.' }),
        }),
      )
      .meta({ description: 'Up to 10 of the failing elements, in document order.' }),
  }),
} as const;
