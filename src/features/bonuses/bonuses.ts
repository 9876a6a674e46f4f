import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { bonuses, bonusTerms } from '../../../core/protocol/routes/bonuses.ts';
import type { AnswerOf } from '../../../core/protocol/route.ts';

export type BonusesData = AnswerOf<typeof bonuses>['data'];

/** The player's bonuses and withdrawable balance (GET /api/bonuses), read again when `version` changes. */
export function useBonuses(version = 0): { data: BonusesData | null; error: string | null } {
  const [data, setData] = useState<BonusesData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call(bonuses, {})
      .then((r) => live && (setData(r.data), setError(null)))
      .catch((e: unknown) => live && setError(apiErrorText(e)));
    return () => {
      live = false;
    };
  }, [version]);
  return { data, error };
}

/** A promo code's wagering terms in words (POST /api/bonuses/terms), null until known or when refused. */
export function usePromoTerms(code: string | null): string | null {
  const [text, setText] = useState<{ code: string; text: string } | null>(null);
  useEffect(() => {
    if (!code) return;
    let live = true;
    call(bonusTerms, { body: { promocode: code } })
      .then((r) => live && setText({ code, text: r.data.text }))
      .catch(() => live && setText(null));
    return () => {
      live = false;
    };
  }, [code]);
  return text && text.code === code ? text.text : null;
}
