/** Application settings: stored overrides merged over the defaults in the schema. */
import { chromiumPathProblem } from '../../adapters/chromium-locator.js';
import type { Store } from '../../store/index.js';
import { ValidationError } from '../errors.js';
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
    checkChromiumPath(patch.chromium_path);
    this.store.settings.writeMany(patch);
    return this.get();
  }
}

/** `chromium_path` is run as a program: only an absolute path to an executable file is taken (null clears it). */
function checkChromiumPath(path: string | null | undefined): void {
  if (!path) return;
  const problem = chromiumPathProblem(path);
  if (problem)
    throw new ValidationError(`chromium_path ${problem}: ${path}`, [
      { path: 'body.chromium_path', message: problem },
    ]);
}
