/**
 * The Search Console credentials: one service-account key or installed-app OAuth token per installation, in
 * `<data dir>/gsc-credentials.json` (mode 0600). What the API says about them is metadata only (type, the
 * account's e-mail or client id, when they were stored); the key, secret and refresh token never leave this
 * module except to the Search Console client.
 */
import { createPrivateKey } from 'node:crypto';
import type { SearchConsoleAuth } from '../../adapters/search-console-client.js';
import { secretFile, type SecretFile } from '../../adapters/secret-file.js';
import {
  GscCredentialsInput,
  type GscCredentialsInfo,
  type GscCredentialsInput as Input,
} from '../../schemas/gsc.js';
import { ValidationError } from '../errors.js';

export const GSC_CREDENTIALS_FILE = 'gsc-credentials.json';

export class GscCredentials {
  private readonly file: SecretFile;

  constructor(dataDir: string) {
    this.file = secretFile(dataDir, GSC_CREDENTIALS_FILE);
  }

  private stored(): { value: Input; at: string } | null {
    const read = this.file.read();
    if (!read) return null;
    const parsed = GscCredentialsInput.safeParse(read.value);
    return parsed.success ? { value: parsed.data, at: read.modifiedAt } : null;
  }

  info(): GscCredentialsInfo {
    const s = this.stored();
    if (!s) return { configured: false, type: null, client_email: null, client_id: null, stored_at: null };
    const v = s.value;
    return v.type === 'service_account'
      ? {
          configured: true,
          type: 'service_account',
          client_email: v.client_email,
          client_id: v.client_id ?? null,
          stored_at: s.at,
        }
      : {
          configured: true,
          type: 'oauth',
          client_email: v.account ?? null,
          client_id: v.client_id,
          stored_at: s.at,
        };
  }

  save(input: Input): GscCredentialsInfo {
    if (input.type === 'service_account') {
      try {
        const key = createPrivateKey(input.private_key);
        if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
      } catch {
        // The parser's message could quote the key, so it is not passed on.
        throw new ValidationError('The service account key is not usable.', [
          { path: 'body.private_key', message: 'is not an RSA private key in PEM form' },
        ]);
      }
    }
    this.file.write(input);
    return this.info();
  }

  /** True when credentials were stored. */
  remove(): boolean {
    return this.file.remove();
  }

  /** For the sync: the credentials, or null when none (or unreadable ones) are stored. */
  forClient(): { auth: SearchConsoleAuth; account: string } | null {
    const v = this.stored()?.value;
    if (!v) return null;
    return v.type === 'service_account'
      ? {
          auth: {
            type: 'service_account',
            client_email: v.client_email,
            private_key: v.private_key,
            private_key_id: v.private_key_id,
          },
          account: `service account ${v.client_email}`,
        }
      : {
          auth: {
            type: 'authorized_user',
            client_id: v.client_id,
            client_secret: v.client_secret,
            refresh_token: v.refresh_token,
          },
          account: v.account ? `Google account ${v.account}` : 'the connected Google account',
        };
  }
}
