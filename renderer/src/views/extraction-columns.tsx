/**
 * The site's extraction rules in the Pages table: a column per rule the analyst shows (sorted by the server on
 * the rule's first value), and filters on rule values (equals / contains / has a value; yes / no for search
 * rules). Both live in the address as the API spells them (`cols`, `extract.<name>.contains=…`), so a filtered
 * view is a bookmark and the query goes to the server unchanged.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Extractor, PageListItem } from '../api/types.js';
import { ToggleGroup } from '../components/controls.js';
import { ExtractCell, extractText } from '../components/extract-value.js';
import type { Column } from '../components/virtual-table.js';
import { replaceHashParams } from '../router.js';
import {
  CONDITION_LABELS,
  EXTRACT_PREFIX,
  conditionsFor,
  describeFilter,
  extractFiltersFrom,
  isBoolean,
  needsText,
  queryOf,
  shownRules,
  type Condition,
} from './extraction-query.js';

/** The least a rule's column takes, in rem: room for its name in the header, and for a value unless yes / no. */
export function extractColumnRem(rule: Extractor): number {
  const header = Math.min(14, 2 + rule.name.length * 0.5);
  return Math.max(isBoolean(rule) ? 5 : 8, header);
}

export function extractColumn(rule: Extractor): Column<PageListItem> {
  return {
    key: `${EXTRACT_PREFIX}${rule.name}`,
    header: rule.name,
    width: `minmax(${extractColumnRem(rule)}rem, ${isBoolean(rule) ? 0.7 : 1.4}fr)`,
    sortKey: `${EXTRACT_PREFIX}${rule.name}`,
    align: isBoolean(rule) ? 'center' : undefined,
    render: (p) => <ExtractCell value={p.extract?.[rule.name]} />,
    title: (p) => `${rule.name}: ${extractText(p.extract?.[rule.name])}`,
  };
}

/** Which rules are columns, and the rule filters: added from a small form, each removable as a chip. */
export function ExtractionFilterBar({
  rules,
  params,
}: {
  rules: readonly Extractor[];
  params: URLSearchParams;
}) {
  const id = useId();
  const [name, setName] = useState(rules[0]?.name ?? '');
  const rule = rules.find((r) => r.name === name) ?? rules[0];
  const [condition, setCondition] = useState<Condition>('contains');
  const conditions = conditionsFor(rule);
  const current = conditions.includes(condition) ? condition : conditions[0]!;
  const [text, setText] = useState('');
  const filters = extractFiltersFrom(params);
  const shown = shownRules(params, rules).map((r) => r.name);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!rule || (needsText(current) && !text)) return;
    const [key, value] = queryOf(rule.name, current, text);
    replaceHashParams({ [key]: value });
    setText('');
  };

  return (
    <div className="filter-bar extraction-bar">
      <ToggleGroup
        legend="Extraction columns"
        options={rules.map((r) => r.name)}
        value={shown}
        labelOf={(n) => n}
        onChange={(names) => replaceHashParams({ cols: names.length ? names.join(',') : ',' })}
      />
      <form className="form-row extraction-filter" onSubmit={add} aria-label="Filter by an extraction rule">
        <div className="field">
          <label htmlFor={`${id}-rule`}>Rule</label>
          <select id={`${id}-rule`} value={rule?.name ?? ''} onChange={(e) => setName(e.target.value)}>
            {rules.map((r) => (
              <option key={r.id} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-condition`}>Condition</label>
          <select
            id={`${id}-condition`}
            value={current}
            onChange={(e) => setCondition(e.target.value as Condition)}
          >
            {conditions.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        {needsText(current) && (
          <div className="field">
            <label htmlFor={`${id}-text`}>Value</label>
            <input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        )}
        <button type="submit" className="btn" disabled={!rule || (needsText(current) && !text)}>
          Add filter
        </button>
      </form>
      {Object.keys(filters).length > 0 && (
        <ul className="chips extraction-chips" aria-label="Rule filters">
          {Object.entries(filters).map(([key, value]) => {
            const words = describeFilter(key, value, rules);
            return (
              <li key={key} className="chip">
                {words}
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove filter: ${words}`}
                  onClick={() => replaceHashParams({ [key]: undefined })}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
