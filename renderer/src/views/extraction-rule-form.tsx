/**
 * Add or edit one extraction rule: its name, kind (CSS, XPath, regex, or a contains / does-not-contain search),
 * the selector, what it takes, first or all values, and where it looks. The server checks the selector (a bad
 * XPath or regex is refused by field) and its words are shown under the field they are about. "Test this rule"
 * runs the rule as typed, unsaved, on the page named in the form's own URL field (shared with the panel's test
 * of the saved rules), so a selector is right before a long crawl; Enter in that field tests rather than saves.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { call } from '../api/call.js';
import type {
  Extractor,
  ExtractorCreate,
  ExtractorKind,
  ExtractorSource,
  ExtractorTestResult,
} from '../api/types.js';
import { EXTRACTOR_KIND_INFO, EXTRACTOR_KINDS, EXTRACTOR_SOURCE_LABELS } from '../api/value-lists.js';
import { FieldError, ProblemNotice, fieldMessages } from '../components/problem-notice.js';
import { useAction } from '../hooks/use-api.js';
import { ExtractionTestResults } from './extraction-test-results.js';
import { TestUrlField } from './extraction-test-url.js';

type TakeMode = 'text' | 'html' | 'attribute' | 'count' | 'exists';

const TAKE_LABELS: Record<TakeMode, string> = {
  text: 'Text',
  html: 'HTML of the element',
  attribute: 'An attribute',
  count: 'Count of matches',
  exists: 'Whether it matches (yes / no)',
};

/** Take modes that mean something for a kind: a regex matches text, so it has no elements or attributes. */
const takesFor = (kind: ExtractorKind): TakeMode[] =>
  kind === 'regex' ? ['text', 'count', 'exists'] : ['text', 'html', 'attribute', 'count', 'exists'];

/** Sources a kind can read: a search or a regex can read the main text; selectors need markup. */
const sourcesFor = (kind: ExtractorKind): ExtractorSource[] =>
  EXTRACTOR_KIND_INFO[kind].search
    ? ['html', 'main_text']
    : kind === 'regex'
      ? ['html', 'rendered', 'main_text']
      : ['html', 'rendered'];

interface Draft {
  name: string;
  kind: ExtractorKind;
  selector: string;
  take: TakeMode;
  attribute: string;
  all: boolean;
  source: ExtractorSource;
}

function draftOf(rule: Extractor | undefined): Draft {
  if (!rule)
    return { name: '', kind: 'css', selector: '', take: 'text', attribute: '', all: false, source: 'html' };
  const attribute = rule.take.startsWith('attribute:') ? rule.take.slice('attribute:'.length) : '';
  return {
    name: rule.name,
    kind: rule.kind,
    selector: rule.selector,
    take: rule.take.startsWith('attribute:') ? 'attribute' : (rule.take as TakeMode),
    attribute,
    all: rule.all,
    source: rule.source,
  };
}

/** The rule as the API takes it; a search has no take mode of its own (its result is yes / no). */
export function ruleOf(d: Draft): ExtractorCreate {
  const search = EXTRACTOR_KIND_INFO[d.kind].search;
  const take = search ? 'exists' : d.take === 'attribute' ? `attribute:${d.attribute.trim()}` : d.take;
  const single = search || d.take === 'count' || d.take === 'exists';
  return {
    name: d.name.trim(),
    kind: d.kind,
    selector: d.selector,
    take,
    all: single ? false : d.all,
    source: d.source,
  };
}

export function ExtractionRuleForm({
  siteId,
  startUrl,
  rule,
  testUrl,
  onTestUrl,
  onSaved,
  onCancel,
}: {
  siteId: number;
  /** The site's start URL: what an empty test field tests. */
  startUrl: string;
  /** The rule being edited; none to add one. */
  rule?: Extractor;
  /** What the test field holds (the panel keeps it, so every form and the saved-rules test share it). */
  testUrl: string;
  onTestUrl: (url: string) => void;
  onSaved: (rule: Extractor) => void;
  onCancel: () => void;
}) {
  const id = useId();
  // Opening the form (Add rule, Edit) puts the cursor in it; Escape closes it.
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const [draft, setDraft] = useState(() => draftOf(rule));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const info = EXTRACTOR_KIND_INFO[draft.kind];

  const save = useAction(async (body: ExtractorCreate) => {
    if (!rule) return call('extraction.create', { site_id: siteId, ...body });
    // Only what changed: an untouched selector keeps the rule's stored values (a rename, say, keeps them).
    const changed = Object.fromEntries(
      Object.entries(body).filter(([key, value]) => rule[key as keyof ExtractorCreate] !== value),
    ) as Partial<ExtractorCreate>;
    return Object.keys(changed).length
      ? call('extraction.update', { site_id: siteId, extractor_id: rule.id, ...changed })
      : rule;
  });
  // The server resolves a path or a full URL against the start URL, so every client reads the field alike.
  const test = useAction((body: ExtractorCreate) =>
    call('extraction.test', { site_id: siteId, url: testUrl.trim() || startUrl, rules: [body] }),
  );
  // Whichever was tried last says what is wrong with the fields; the test sent the rule as `rules[0]`.
  const [lastTried, setLastTried] = useState<'save' | 'test'>('save');
  const problem = lastTried === 'save' ? save.error : test.error;
  const prefix = lastTried === 'test' ? 'rules.0' : '';
  const messages = fieldMessages(problem, prefix);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLastTried('save');
    const saved = await save.run(ruleOf(draft));
    if (saved) onSaved(saved);
  };
  const [tested, setTested] = useState<ExtractorTestResult>();
  const runTest = async () => {
    setLastTried('test');
    setTested(undefined);
    setTested(await test.run(ruleOf(draft)));
  };

  /** Props that tie an input to its label and to the server's message about it. */
  const described = (field: string) => ({
    id: `${id}-${field}`,
    name: field,
    'aria-invalid': messages[field] ? true : undefined,
    'aria-describedby': messages[field] ? `${id}-${field}-error` : undefined,
  });
  const placed = ['name', 'kind', 'selector', 'take', 'all', 'source', 'url'];

  return (
    <form
      className="inline-form extraction-form"
      onSubmit={submit}
      aria-label={rule ? `Edit rule ${rule.name}` : 'New extraction rule'}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name (the column’s name)</label>
          <input
            {...described('name')}
            ref={nameRef}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            placeholder="price"
            spellCheck={false}
            autoComplete="off"
            maxLength={64}
            required
          />
          <FieldError id={`${id}-name-error`} message={messages.name} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select
            {...described('kind')}
            value={draft.kind}
            onChange={(e) => {
              const kind = e.target.value as ExtractorKind;
              set({
                kind,
                source: sourcesFor(kind).includes(draft.source) ? draft.source : 'html',
                take: takesFor(kind).includes(draft.take) ? draft.take : 'text',
              });
            }}
          >
            {EXTRACTOR_KINDS.map((k) => (
              <option key={k} value={k}>
                {EXTRACTOR_KIND_INFO[k].label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-kind-error`} message={messages.kind} />
        </div>
        <div className="field span-2">
          <label htmlFor={`${id}-selector`}>{info.selector}</label>
          <input
            {...described('selector')}
            className="mono"
            value={draft.selector}
            onChange={(e) => set({ selector: e.target.value })}
            placeholder={info.placeholder}
            spellCheck={false}
            autoComplete="off"
            required
          />
          <FieldError id={`${id}-selector-error`} message={messages.selector} />
        </div>
        {info.search ? (
          <p className="muted span-2 extraction-form-note">
            A search rule gives each page yes or no: whether the page’s{' '}
            {draft.source === 'main_text' ? 'main text' : 'HTML'}{' '}
            {draft.kind === 'contains' ? 'contains' : 'does not contain'} the text.
          </p>
        ) : (
          <div className="field">
            <label htmlFor={`${id}-take`}>Take</label>
            <div className="form-row">
              <select
                {...described('take')}
                value={draft.take}
                onChange={(e) => set({ take: e.target.value as TakeMode })}
              >
                {takesFor(draft.kind).map((t) => (
                  <option key={t} value={t}>
                    {TAKE_LABELS[t]}
                  </option>
                ))}
              </select>
              {draft.take === 'attribute' && (
                <input
                  id={`${id}-attribute`}
                  name="attribute"
                  aria-label="Attribute name"
                  className="mono grow"
                  value={draft.attribute}
                  onChange={(e) => set({ attribute: e.target.value })}
                  placeholder="content"
                  spellCheck={false}
                  autoComplete="off"
                />
              )}
            </div>
            <FieldError id={`${id}-take-error`} message={messages.take} />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-source`}>Look in</label>
          <select
            {...described('source')}
            value={draft.source}
            onChange={(e) => set({ source: e.target.value as ExtractorSource })}
          >
            {sourcesFor(draft.kind).map((s) => (
              <option key={s} value={s}>
                {EXTRACTOR_SOURCE_LABELS[s]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-source-error`} message={messages.source} />
        </div>
        {!info.search && draft.take !== 'count' && draft.take !== 'exists' && (
          <label className="check span-2">
            <input
              id={`${id}-all`}
              name="all"
              type="checkbox"
              checked={draft.all}
              onChange={(e) => set({ all: e.target.checked })}
            />
            Take every match (up to 100), not only the first
          </label>
        )}
      </div>
      <div className="form-row extraction-form-test">
        <TestUrlField
          id={`${id}-url`}
          value={testUrl}
          onChange={onTestUrl}
          startUrl={startUrl}
          error={lastTried === 'test' ? messages.url : undefined}
          // Enter here tries the rule; it would otherwise submit the form and save it.
          onEnter={() => void runTest()}
        />
        <button
          type="button"
          className="btn"
          onClick={() => void runTest()}
          disabled={test.busy}
          title={`Fetches ${testUrl.trim() || startUrl} and shows what this rule takes, without saving it`}
        >
          {test.busy ? 'Testing…' : 'Test this rule'}
        </button>
      </div>
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={save.busy}>
          {save.busy ? 'Saving…' : rule ? 'Save rule' : 'Add rule'}
        </button>
        <button type="button" className="btn btn-link" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ProblemNotice error={problem} placed={placed} prefix={prefix} />
      {lastTried === 'test' && tested && <ExtractionTestResults result={tested} />}
    </form>
  );
}
