import type { ColumnType, Generated } from 'kysely';

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
    /** A keyed hash of the visitor's address ('' on rows from before 0880). */
    visitor: Generated<string>;
    /** The visit's UTC day, 'YYYY-MM-DD'. */
    day: ColumnType<string, string | undefined, never>;
  };
  tracking_signups: {
    user_id: number;
    link_id: number;
    created_at: Generated<Date>;
  };
}
