/** Evidence shapes of the rendered audit's checks — Page experience in the lab: paint, layout shift, blocking time, weight (#36 §3). */
import { z } from 'zod';
import { LabProfileName } from './page-lab.js';

export const LAB_EVIDENCE = {
  lab_metric: z.strictObject({
    value: z.number().meta({ description: 'The figure measured (ms, a layout-shift score, or bytes).' }),
    threshold: z.number(),
    unit: z.enum(['ms', 'score', 'bytes']),
    profile: LabProfileName.meta({
      description: 'The lab profile it was measured under (docs/page-experience.md); never field data.',
    }),
    elements: z
      .array(
        z.strictObject({
          selector: z.string(),
          text: z.string(),
          value: z.number().nullable().meta({
            description:
              'The layout-shift score of the entries the element moved in; null for the LCP element.',
          }),
        }),
      )
      .meta({
        description:
          'The LCP element (lcp_slow) or the elements that moved in the worst window, largest first (cls_high), as the page described them: untrusted text. Empty for blocking time and weight.',
      }),
    requests: z.number().int().meta({ description: 'The requests the page made, its document included.' }),
    incomplete: z.boolean().meta({
      description: 'The page had not finished loading when it was measured (its images or scripts hung).',
    }),
  }),
} as const;
