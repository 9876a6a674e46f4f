import type { Generated } from 'kysely';
import type { Locale } from '../../core/text/locales.ts';
import type { DepositTables } from '../payments/tables.ts';
import type { RealtimeTables } from '../realtime/schema.ts';
import type { AccountsTables } from '../accounts/schema.ts';
import type { FairTables } from '../fair/schema.ts';
import type { BoxesTables } from '../boxes/schema.ts';
import type { GamesTables } from '../games/schema.ts';
import type { BattlesTables } from '../games/battles/schema.ts';
import type { RoundsTables } from '../games/rounds/schema.ts';
import type { ReferralTables } from '../referrals/schema.ts';
import type { TrackingTables } from '../tracking/schema.ts';
import type { SupportTables } from '../support/schema.ts';
import type { RewardsTables } from '../rewards/schema.ts';
import type { ResponsibleTables } from '../responsible/schema.ts';
import type { AdminTables } from '../admin/schema.ts';
import type { PlayersTables } from '../players/schema.ts';
import type { GameSettingsTables } from '../gameSettings/schema.ts';
import type { ReportsTables } from '../reports/schema.ts';
import type { JournalTables } from '../journal/schema.ts';
import type { ChatTables } from '../chat/schema.ts';
import type { RiskTables } from '../risk/schema.ts';
import type { KycTables } from '../kyc/schema.ts';
import type { NotificationsTables } from '../notifications/schema.ts';
import type { KillSwitchesTables } from '../killSwitches/schema.ts';

// The typed shape of the database for Kysely. Each area declares its tables in its own
// interface below (or in its folder) and adds it to `Database`.

import type { Id } from './columns.ts';
export type { Id, Timestamp } from './columns.ts';

export interface FoundationTables {
  users: {
    id: Id;
    name: string;
    email: string;
    password_hash: string | null;
    avatar_url: string | null;
    email_verified_at: Date | null;
    terms_accepted_at: Date | null;
    promotions: Generated<boolean>;
    wagered: Generated<number>;
    /** Whether the player's public bet pages show their name (migration 1400; hidden by default, docs/transparency.md). */
    public_bet_name: Generated<boolean>;
    /** The figures the player hides from their public profile (migration 1510; none by default, docs/community.md). */
    public_hidden: Generated<string[]>;
    /** Whether the player's own screens hide their balance, name and email (migration 1511, docs/community.md). */
    streamer_mode: Generated<boolean>;
    /** The language of the player's mails: their pages' last (migration 2810, docs/i18n.md). */
    locale: Generated<Locale>;
    created_at: Generated<Date>;
  };
  accounts: {
    id: Id;
    kind: 'user' | 'house';
    user_id: number | null;
    balance: Generated<number>;
    /** One more with every change of the balance (migration 0010): the order of the balances sent. */
    version: Generated<number>;
  };
  ledger_entries: {
    id: Id;
    transfer_id: string;
    account_id: number;
    amount: number;
    balance_after: number | null;
    reason: string;
    reference: string | null;
    created_at: Generated<Date>;
  };
  access_tokens: {
    id: string;
    user_id: number;
    client_id: string;
    family_id: string;
    expires_at: Date;
    revoked_at: Date | null;
    created_at: Generated<Date>;
  };
}

export type Database = FoundationTables & AccountsTables & RealtimeTables & DepositTables & BoxesTables & GamesTables & FairTables & BattlesTables & RoundsTables & RewardsTables & ReferralTables & TrackingTables & SupportTables & ResponsibleTables & AdminTables & PlayersTables & GameSettingsTables & ReportsTables & JournalTables & ChatTables & NotificationsTables & RiskTables & KycTables & KillSwitchesTables;
