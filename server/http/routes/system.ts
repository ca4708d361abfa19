/** `system` router: health, settings and the OpenAPI document. */
import { systemOperations } from '../../contract/system.js';
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';

/** `proofKey` answers `GET /health?challenge=` (null: none is given, as when a test app runs without a token). */
export function systemRoutes(s: Services, openapi: () => unknown, proofKey: string | null = null) {
  return defineRoutes(systemOperations, {
    'system.health': ({ query }) => s.health.get(query.challenge, proofKey),
    'system.openapi': () => openapi(),
    'system.getSettings': () => s.settings.get(),
    'system.updateSettings': ({ body }) => s.settings.update(body),
  });
}
