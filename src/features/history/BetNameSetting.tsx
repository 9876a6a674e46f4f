import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { apiErrorText } from '../../api/http.ts';
import { betName, betNameSet } from '../../../core/protocol/routes/transparency.ts';
import { Checkbox } from '../../components/Checkbox.tsx';

// The player's choice whether their bets' public pages (/bets/{id}, docs/transparency.md) show their
// name: hidden unless they tick it.
export function BetNameSetting() {
  const [show, setShow] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call(betName, {})
      .then((res) => live && setShow(res.data.show))
      .catch((e: unknown) => live && setError(apiErrorText(e)));
    return () => {
      live = false;
    };
  }, []);
  const change = (next: boolean) => {
    setShow(next);
    call(betNameSet, { body: { show: next } })
      .then((res) => setShow(res.data.show))
      .catch((e: unknown) => {
        setShow(!next);
        setError(apiErrorText(e));
      });
  };
  return (
    <Checkbox
      className="history__bet-name"
      label="Show my name on my bets' public pages"
      checked={show ?? false}
      disabled={show === null}
      onChange={(e) => change(e.target.checked)}
      error={error}
    />
  );
}
