/** What the code that opens a database lends its migrations: where data that must leave the database goes. */
export interface MigrationContext {
  /**
   * Takes site passwords (by site id) into the data dir's secret store, replacing what it holds for those sites
   * (migration 30). Without it, a database that holds passwords cannot be migrated.
   */
  movePasswords?: (passwords: ReadonlyMap<number, string>) => void;
}
