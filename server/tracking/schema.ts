import type { Generated } from 'kysely';

// Tables of migration 0860_tracking_links (docs/community.md).
export interface TrackingTables {
  tracking_links: {
    id: Generated<number>;
    token: string;
    source: string;
    medium: Generated<string>;
    campaign: Generated<string>;
    term: Generated<string>;
    content: Generated<string>;
    created_at: Generated<Date>;
  };
  tracking_visits: {
    id: Generated<number>;
    link_id: number;
    visited_at: Generated<Date>;
  };
  tracking_signups: {
    user_id: number;
    link_id: number;
    created_at: Generated<Date>;
  };
}
