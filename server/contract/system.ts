/** `system` operations: health, settings and the OpenAPI document. */
import { AppSettings, AppSettingsPatch, Health, HealthQuery } from '../schemas/system.js';
import { defineOperations } from './operation.js';

export const systemOperations = defineOperations({
  'system.health': {
    method: 'get',
    path: '/health',
    summary: 'Health: version, database, model and Chromium',
    stability: 'stable',
    public: true,
    query: HealthQuery,
    responses: { 200: { description: 'Health report.', schema: Health } },
  },
  'system.openapi': {
    method: 'get',
    path: '/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document',
    stability: 'stable',
    public: true,
    responses: { 200: { description: 'The OpenAPI document.', contentType: 'application/json' } },
  },
  'system.getSettings': {
    method: 'get',
    path: '/settings',
    summary: 'Application settings',
    stability: 'internal',
    responses: { 200: { description: 'Current settings with defaults filled in.', schema: AppSettings } },
  },
  'system.updateSettings': {
    method: 'patch',
    path: '/settings',
    summary: 'Change application settings',
    stability: 'internal',
    // It can turn off the guards on proxied and crawled addresses and point Chromium at another program.
    destructive: true,
    body: AppSettingsPatch,
    responses: { 200: { description: 'Settings after the change.', schema: AppSettings } },
  },
});
