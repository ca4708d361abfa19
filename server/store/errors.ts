/** Errors raised while opening the database; they name the file so a user knows what to move aside. */
export class DatabaseOpenError extends Error {
  constructor(
    readonly file: string,
    readonly reason: 'corrupt' | 'newer-schema' | 'migration-mismatch' | 'unreadable',
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`Cannot open database ${file}: ${detail}`, options);
    this.name = 'DatabaseOpenError';
  }
}
