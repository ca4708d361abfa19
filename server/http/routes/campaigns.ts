/** `campaigns` router: campaigns, their hub clients, and the expand / refresh / rebuild actions (jobs). */
import type { Services } from '../../domain/services.js';
import { defineRoutes, reply } from '../define-route.js';
import { campaignsOperations } from '../../contract/campaigns.js';

export function campaignsRoutes(s: Services) {
  return defineRoutes(campaignsOperations, {
    'campaigns.list': ({ query }) => s.campaigns.list(query),
    'campaigns.create': ({ body }) => {
      const campaign = s.campaigns.create(body);
      return reply(201, campaign, { Location: `/api/campaigns/${campaign.id}` });
    },
    'campaigns.get': ({ params }) => s.campaigns.get(params.campaign_id),
    'campaigns.update': ({ params, body }) => s.campaigns.update(params.campaign_id, body),
    'campaigns.delete': ({ params }) => {
      s.campaigns.delete(params.campaign_id);
      return reply(204);
    },
    'campaigns.hubClients': ({ query }) => s.campaigns.hubClients(query),
    'campaigns.expand': ({ params }) => s.campaigns.schedule(params.campaign_id, 'expand'),
    'campaigns.refresh': ({ params }) => s.campaigns.schedule(params.campaign_id, 'refresh'),
    'campaigns.rebuild': ({ params }) => s.campaigns.schedule(params.campaign_id, 'rebuild'),
  });
}
