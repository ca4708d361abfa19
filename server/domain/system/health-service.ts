/** What `GET /health` reports: version, database, model readiness and the Chromium that would be used. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { locateChromium } from '../../adapters/chromium-locator.js';
import { schemaVersion, type Store } from '../../store/index.js';
import type { Health } from '../../schemas/system.js';
import type { SettingsService } from '../settings/settings-service.js';
import { serverProof } from './server-proof.js';

export const MODEL_NAME = 'all-MiniLM-L6-v2';
export const MODEL_DIM = 384;

export class HealthService {
  constructor(
    private readonly store: Store,
    private readonly settings: SettingsService,
    private readonly opts: { version: string; resourcesDir: string },
  ) {}

  modelDir(): string {
    return join(this.opts.resourcesDir, 'models', MODEL_NAME);
  }

  /** With a `challenge` and the key, the proof that this process holds the token (`server-proof.ts`). */
  get(challenge?: string, proofKey?: string | null): Health {
    const modelReady = existsSync(join(this.modelDir(), 'onnx', 'model.onnx'));
    return {
      status: modelReady ? 'ok' : 'degraded',
      version: this.opts.version,
      db: { path: this.store.file, schema_version: schemaVersion(this.store.db) },
      model: { name: MODEL_NAME, dim: MODEL_DIM, ready: modelReady },
      chromium: { path: locateChromium(this.settings.get().chromium_path) },
      ...(challenge && proofKey ? { proof: serverProof(proofKey, process.pid, challenge) } : {}),
    };
  }
}
