/**
 * The Search Console connection: which credentials are stored (their kind and account, never a secret — the API
 * does not send them back), a form to store a service account key or an OAuth token, and a confirmed
 * Disconnect. Credentials belong to the installation, not to one site.
 */
import { useEffect, useRef, useState } from 'react';
import { call, type CallArgs } from '../api/call.js';
import type { GscCredentialsInfo } from '../api/types.js';
import { Badge } from '../components/controls.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { useAction } from '../hooks/use-api.js';
import { fmtDate } from '../format.js';
import { ProblemNotice } from '../components/problem-notice.js';

export function GscConnectPanel({
  info,
  error,
  onChange,
}: {
  info: GscCredentialsInfo | undefined;
  error: unknown;
  onChange: (info: GscCredentialsInfo) => void;
}) {
  const [replacing, setReplacing] = useState(false);
  if (!info) return error ? <ErrorNotice error={error} /> : <Loading label="Reading the connection…" />;
  const saved = (next: GscCredentialsInfo) => {
    setReplacing(false);
    onChange(next);
  };
  return (
    <div className="gsc-connect stack" data-configured={info.configured}>
      {info.configured ? (
        <>
          <Connection info={info} />
          {replacing ? (
            <CredentialsForm onSaved={saved} onCancel={() => setReplacing(false)} />
          ) : (
            <div className="btn-row">
              <button type="button" className="btn btn-small" onClick={() => setReplacing(true)}>
                Replace credentials
              </button>
              <Disconnect onDone={onChange} />
            </div>
          )}
        </>
      ) : (
        <>
          <p className="gsc-connection">
            <Badge>Not connected</Badge>{' '}
            <span className="muted small">Connect once; the same credentials serve every site.</span>
          </p>
          <CredentialsForm onSaved={saved} />
        </>
      )}
    </div>
  );
}

function Connection({ info }: { info: GscCredentialsInfo }) {
  const serviceAccount = info.type === 'service_account';
  return (
    <div className="gsc-connection">
      <p>
        <Badge tone="ok">Connected</Badge>{' '}
        {serviceAccount ? 'with a service account' : 'with an installed-app OAuth client'}
      </p>
      <dl className="facts">
        <dt>{serviceAccount ? 'Service account' : 'OAuth client'}</dt>
        <dd className="mono break">{(serviceAccount ? info.client_email : info.client_id) ?? '—'}</dd>
        {!serviceAccount && info.client_email && (
          <>
            <dt>Google account</dt>
            <dd className="mono break">{info.client_email}</dd>
          </>
        )}
        <dt>Stored</dt>
        <dd>{fmtDate(info.stored_at)}</dd>
      </dl>
    </div>
  );
}

/** JSON.parse's own message can quote the text, and the text may be a private key: say what was wrong instead. */
function parseCredentials(text: string): CallArgs<'analytics.putGscCredentials'> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(
      'This is not JSON. A service account key file or an OAuth token is a JSON object, starting with {.',
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('This JSON is not an object. A key file or token is one JSON object, { … }.');
  // Whether it is a key file or a token, and complete, is the server's to say: its problem names the fields.
  return value as CallArgs<'analytics.putGscCredentials'>;
}

function CredentialsForm({
  onSaved,
  onCancel,
}: {
  onSaved: (info: GscCredentialsInfo) => void;
  onCancel?: () => void;
}) {
  const [pasted, setPasted] = useState('');
  // The server reads the object as a key file or a token; the API never sends the secrets back.
  const save = useAction(async (text: string) => call('analytics.putGscCredentials', parseCredentials(text)));
  const submit = async (text: string) => {
    const info = await save.run(text);
    if (!info) return;
    setPasted('');
    onSaved(info);
  };
  return (
    <form
      className="stack gsc-credentials-form"
      aria-label="Connect Search Console"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(pasted);
      }}
    >
      <div className="field">
        <label htmlFor="gsc-credentials-file">Service account key or OAuth token (JSON file)</label>
        <input
          id="gsc-credentials-file"
          type="file"
          accept=".json,application/json"
          disabled={save.busy}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) await submit(await file.text());
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="gsc-credentials-json">…or paste the JSON</label>
        <textarea
          id="gsc-credentials-json"
          className="mono"
          rows={2}
          spellCheck={false}
          autoComplete="off"
          placeholder='{ "client_id": …, "client_secret": …, "refresh_token": … }'
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
        />
      </div>
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={save.busy || !pasted.trim()}>
          {save.busy ? 'Connecting…' : 'Connect'}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            Keep the current credentials
          </button>
        )}
      </div>
      <ProblemNotice error={save.error} title="Not connected:" />
      <p className="muted small">
        A service account’s JSON key from Google Cloud (add its e-mail as a user of the property in Search
        Console → Settings → Users and permissions), or an installed-app OAuth token. Kept in the data folder,
        readable by you only, and never shown again.
      </p>
    </form>
  );
}

/** Two steps, so a stray click or Enter does not forget working credentials. */
function Disconnect({ onDone }: { onDone: (info: GscCredentialsInfo) => void }) {
  const [asking, setAsking] = useState(false);
  const remove = useAction(async () => {
    await call('analytics.deleteGscCredentials');
    return true;
  });
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" className="btn btn-small" onClick={() => setAsking(true)}>
        Disconnect…
      </button>
    );
  return (
    <div className="notice notice-muted gsc-disconnect" role="group" aria-label="Confirm disconnect">
      <p>Forget the stored credentials? Syncs stop until you connect again; the data already synced stays.</p>
      <div className="btn-row">
        <button
          ref={confirmRef}
          type="button"
          className="btn btn-small btn-danger"
          disabled={remove.busy}
          onClick={async () => {
            if (await remove.run())
              onDone({ configured: false, type: null, client_email: null, client_id: null, stored_at: null });
          }}
        >
          {remove.busy ? 'Disconnecting…' : 'Disconnect'}
        </button>
        <button type="button" className="btn btn-small" onClick={() => setAsking(false)}>
          Keep connected
        </button>
      </div>
      <ErrorNotice error={remove.error} />
    </div>
  );
}
