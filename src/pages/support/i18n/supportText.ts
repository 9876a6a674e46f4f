import type { SupportTicket } from '../../../../core/protocol/support.ts';
import messages from './en-US.json';
import { translator } from '../../../i18n/i18n.ts';

// The support pages' catalog, and the words of the protocol's categories and statuses in it
// (core/protocol/support.ts names them in English for the operators' console).

export const t = translator(messages);

const CATEGORY_KEYS: Record<string, keyof typeof messages> = {
  account: 'categoryAccount',
  deposit: 'categoryDeposit',
  withdrawal: 'categoryWithdrawal',
  delivery: 'categoryDelivery',
  games: 'categoryGames',
  other: 'categoryOther',
};

const STATUS_KEYS: Record<SupportTicket['status'], keyof typeof messages> = { open: 'statusOpen', answered: 'statusAnswered', closed: 'statusClosed' };

/** A ticket's category in the page's language (one the client does not know as it came). */
export const categoryTitle = (c: string): string => (Object.hasOwn(CATEGORY_KEYS, c) ? t(CATEGORY_KEYS[c]!) : c);

export const statusText = (status: SupportTicket['status']): string => t(STATUS_KEYS[status]);
