/** Exports (`export` router). */
import { z } from 'zod';
import { Id } from './common.js';

export const ExportList = z
  .object({
    items: z.array(z.object({ name: z.string(), formats: z.array(z.string()), description: z.string() })),
  })
  .meta({ id: 'ExportList' });
export const ExportParams = z.strictObject({
  name: z.string().min(1).max(64),
  format: z.string().min(1).max(16),
});
export const ExportQuery = z.strictObject({ site_id: Id });
