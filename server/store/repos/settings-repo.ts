/** Key/value rows of `app_settings`; values are JSON. Only keys a user changed are stored. */
import type { Db } from '../db.js';

export function settingsRepo(db: Db) {
  const all = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM app_settings');
  const upsert = db.prepare(
    'INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  return {
    readAll(): Record<string, unknown> {
      return Object.fromEntries(all.all().map((r) => [r.key, JSON.parse(r.value) as unknown]));
    },
    writeMany: db.transaction((values: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(values)) upsert.run(k, JSON.stringify(v));
    }),
  };
}
export type SettingsRepo = ReturnType<typeof settingsRepo>;
