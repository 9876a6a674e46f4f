import { route } from '../route.ts';
import type * as contract from './schemas/displayRates.ts';

// The display currencies' rates a page reads beside its coin amounts (docs/payments.md, "Display
// currencies"); the console's are in admin.ts.

export const displayRates = route<typeof contract.displayRates>()('GET', '/api/display-rates');
