/** `system` router: health, settings and the OpenAPI document. */
import type { Services } from '../../domain/services.js';
import { AppSettings, AppSettingsPatch, Health } from '../../schemas/system.js';
import { defineRoute } from '../define-route.js';

export function systemRoutes(s: Services, openapi: () => unknown) {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      tag: 'system',
      operationId: 'system.health',
      summary: 'Health: version, database, model and Chromium',
      stability: 'stable',
      public: true,
      responses: { 200: { description: 'Health report.', schema: Health } },
      handler: () => s.health.get(),
    }),
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      tag: 'system',
      operationId: 'system.openapi',
      summary: 'This API as an OpenAPI 3.1 document',
      stability: 'stable',
      public: true,
      responses: { 200: { description: 'The OpenAPI document.', contentType: 'application/json' } },
      handler: () => openapi(),
    }),
    defineRoute({
      method: 'get',
      path: '/settings',
      tag: 'system',
      operationId: 'system.getSettings',
      summary: 'Application settings',
      stability: 'internal',
      responses: { 200: { description: 'Current settings with defaults filled in.', schema: AppSettings } },
      handler: () => s.settings.get(),
    }),
    defineRoute({
      method: 'patch',
      path: '/settings',
      tag: 'system',
      operationId: 'system.updateSettings',
      summary: 'Change application settings',
      stability: 'internal',
      body: AppSettingsPatch,
      responses: { 200: { description: 'Settings after the change.', schema: AppSettings } },
      handler: ({ body }) => s.settings.update(body),
    }),
  ];
}
