/** Application settings: stored overrides merged over the defaults in the schema. */
import type { Store } from '../../store/index.js';
import { checkCrossEncoderDir } from '../similarity/reranker-choice.js';
import { APP_SETTINGS_DEFAULTS, AppSettings, type AppSettingsPatch } from '../../schemas/system.js';

export class SettingsService {
  constructor(private readonly store: Store) {}

  get(): AppSettings {
    // A stored key that a later version dropped or retyped must not break start-up: unknown keys are ignored
    // and invalid values fall back to the default.
    const stored = this.store.settings.readAll();
    const merged: Record<string, unknown> = { ...APP_SETTINGS_DEFAULTS };
    for (const [k, v] of Object.entries(stored)) {
      const field = AppSettings.shape[k as keyof AppSettings];
      if (field?.safeParse(v).success) merged[k] = v;
    }
    return merged as AppSettings;
  }

  update(patch: AppSettingsPatch): AppSettings {
    checkCrossEncoderDir(patch.similarity_cross_encoder_dir);
    this.store.settings.writeMany(patch);
    return this.get();
  }
}
