/** `system` router: health, settings and the OpenAPI document. */
import { systemOperations } from '../../contract/system.js';
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';

export function systemRoutes(s: Services, openapi: () => unknown) {
  return defineRoutes(systemOperations, {
    'system.health': () => s.health.get(),
    'system.openapi': () => openapi(),
    'system.getSettings': () => s.settings.get(),
    'system.updateSettings': ({ body }) => s.settings.update(body),
  });
}
