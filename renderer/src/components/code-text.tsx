/**
 * Text that marks names with backticks, as the API's descriptions and problem details do (`campaign_id`,
 * `npm run build:model`): the marked parts are shown as code, everything stays text (never parsed as markup).
 */
export function CodeText({ text }: { text: string }) {
  const parts = text.split('`');
  // An odd number of backticks is not markup, just a character: show the text as it is.
  if (parts.length % 2 === 0) return <>{text}</>;
  return <>{parts.map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}
