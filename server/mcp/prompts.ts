/**
 * Two prompts that chain the tools for the work analysts ask an agent to do most: audit a site, and plan a content
 * campaign. A prompt is a user message naming the tools in the order that answers the question with evidence,
 * so an agent does not have to discover the API before it can help; the tools themselves do the work.
 */

export interface PromptArgument {
  name: string;
  description: string;
  required: boolean;
}

export interface PromptSpec {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  text(args: Record<string, string>): string;
}

export class PromptArgumentError extends Error {}

const siteRef = (site: string) =>
  /^\d+$/.test(site.trim())
    ? `site ${site.trim()}`
    : `the site at ${site.trim()} (find it with sites_list; if it is not there, create it with sites_create and crawl it)`;

const auditSite: PromptSpec = {
  name: 'audit_site',
  title: 'Audit this site',
  description:
    'Audit a site with Siteloupe: what to fix first, with the evidence for each finding and the pages affected.',
  arguments: [
    { name: 'site', description: 'The site id, or its start URL.', required: true },
    {
      name: 'focus',
      description:
        'Optional: what matters most (e.g. "indexability", "internal links", "duplicate content").',
      required: false,
    },
  ],
  text: ({ site, focus }) =>
    [
      `Audit ${siteRef(site!)} with the Siteloupe tools and tell me what to fix, most important first.`,
      focus ? `Pay most attention to: ${focus}.` : '',
      '',
      'Steps:',
      '1. site_overview for the summary, the last crawl, the top issues, clusters and recent changes. If the site was never crawled or the last crawl is old, start one with crawl_start and follow it with jobs_get until it succeeds (the audit and embeddings follow a crawl by themselves; follow those jobs too, jobs_list with the site_id).',
      '2. audit_issues for the full list (priority order). For each issue worth fixing, audit_findings lists the URLs with their evidence; read a few with page_report to confirm the finding is real.',
      '3. similarity_sitePairs with outcome merge or duplicate for pages competing for one subject, and similarity_clusters for groups of them.',
      '4. history_changes for what the last crawl changed (regressions first: pages that started failing, became non-indexable or lost inlinks).',
      '',
      'Answer with a prioritised list: for each fix, the issue, how many URLs, two or three example URLs with the evidence you read, why it matters and what to change. Do not list checks with no findings. End with the report link: the resource siteloupe://sites/{site_id}/report.html.',
    ]
      .filter((l, i, all) => l !== '' || all[i - 1] !== '')
      .join('\n'),
};

const planCampaign: PromptSpec = {
  name: 'plan_content_campaign',
  title: 'Plan a content campaign',
  description:
    'Plan a content campaign on a site for a set of topics: which pages to refresh, which to merge, what is new to write.',
  arguments: [
    { name: 'site', description: 'The site id, or its start URL.', required: true },
    {
      name: 'topics',
      description: 'The topics the campaign is about, one per line or comma-separated.',
      required: true,
    },
    {
      name: 'audience',
      description: 'Optional: who the content is for (a persona; it ranks matches, not the verdicts).',
      required: false,
    },
    { name: 'client', description: 'Optional: the hub client the campaign is for.', required: false },
  ],
  text: ({ site, topics, audience, client }) => {
    const list = topics!
      .split(/[\n,]/)
      .map((t) => t.trim())
      .filter(Boolean);
    return [
      `Plan a content campaign on ${siteRef(site!)} for these topics:`,
      ...list.map((t) => `- ${t}`),
      audience ? `The audience: ${audience}.` : '',
      '',
      'Steps:',
      '1. For each topic, ideas_check (with persona_context when an audience is given): covered, partially_covered or new, with the best-matching pages.',
      '2. pages_search and page_report on the best matches to judge what a refresh would add.',
      '3. similarity_sitePairs with outcome merge near those pages: pages that split one subject are merge candidates.',
      `4. campaigns_create with the topics as seed_topics${client ? ` for the hub client "${client}"` : ' (campaigns_hubClients lists the hub clients)'}, then campaigns_expand; follow the job with jobs_get, then targets_list with the campaign_id for the targets it made.`,
      '',
      'Answer with the plan: per topic, refresh (which page, what to add), merge (which pages into which) or new content (a working title and the pages to link it from), and what you would do first. Say which verdicts you checked by reading the pages.',
    ]
      .filter((l, i, all) => l !== '' || all[i - 1] !== '')
      .join('\n');
  },
};

export const PROMPTS: readonly PromptSpec[] = [auditSite, planCampaign];

/** The prompt's message, or a {@link PromptArgumentError} naming what is missing or unknown. */
export function getPrompt(name: string, args: Record<string, string> | undefined) {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (!prompt)
    throw new PromptArgumentError(
      `Unknown prompt ${name}; there are ${PROMPTS.map((p) => p.name).join(', ')}.`,
    );
  const given = args ?? {};
  const known = new Set(prompt.arguments.map((a) => a.name));
  const unknown = Object.keys(given).filter((k) => !known.has(k));
  if (unknown.length) throw new PromptArgumentError(`Unknown argument ${unknown.join(', ')} for ${name}.`);
  const missing = prompt.arguments.filter((a) => a.required && !given[a.name]?.trim()).map((a) => a.name);
  if (missing.length) throw new PromptArgumentError(`${name} needs ${missing.join(' and ')}.`);
  return {
    description: prompt.description,
    messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.text(given) } }],
  };
}
