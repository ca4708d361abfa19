/** The domain services, built once per app from the store and the event bus. */
import type { Store } from '../store/index.js';
import type { EventBus } from './events.js';
import { JobsService } from './jobs/jobs-service.js';
import { SettingsService } from './settings/settings-service.js';
import { SitesService } from './sites/sites-service.js';
import { HealthService } from './system/health-service.js';

export function createServices(store: Store, bus: EventBus, opts: { version: string; resourcesDir: string }) {
  const settings = new SettingsService(store);
  return {
    bus,
    settings,
    sites: new SitesService(store, bus),
    jobs: new JobsService(store, bus),
    health: new HealthService(store, settings, opts),
  };
}
export type Services = ReturnType<typeof createServices>;
