import { useCallback, useEffect, useState } from 'react';
import { Gift } from 'lucide-react';
import { api, apiErrorText } from '../../api/http.ts';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../components/Toasts.tsx';
import { useSession } from '../../stores/session.ts';
import './bonusBoxes.css';

interface BonusBox {
  id: number;
  source: string;
  box: { slug: string; name: string };
}
interface Opened {
  data: { openings: { item: { name: string; rarity: string; price: number } }[]; balance: number };
}

/** The free boxes a promotion (winter35) granted: each opens once (GET/POST /api/free-boxes/bonus). */
export function BonusBoxes() {
  const signedIn = useSession((s) => s.user !== null);
  const [boxes, setBoxes] = useState<BonusBox[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [won, setWon] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .get<{ data: BonusBox[] }>('/api/free-boxes/bonus')
      .then((r) => setBoxes(r.data.data))
      .catch((e: unknown) => console.warn('bonus boxes failed', e));
  }, []);
  useEffect(() => {
    if (signedIn) load();
  }, [signedIn, load]);

  const open = async (id: number) => {
    setBusy(id);
    try {
      const res = await api.post<Opened>(`/api/free-boxes/bonus/${id}/open`);
      const item = res.data.data.openings[0]?.item;
      if (item) setWon(`${item.name} (${item.price.toFixed(2)})`);
      load();
    } catch (error) {
      toast.error(apiErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  if (boxes.length === 0 && !won) return null;
  return (
    <section className="bonus-boxes" aria-label="Bonus boxes">
      <Gift size={28} aria-hidden className="bonus-boxes__icon" />
      <div className="bonus-boxes__body">
        <h3>Bonus boxes</h3>
        {won && (
          <p className="bonus-boxes__won" role="status">
            You won <strong>{won}</strong>. It is in your inventory.
          </p>
        )}
        {boxes.map((b) => (
          <div key={b.id} className="bonus-boxes__row">
            <span>
              {b.box.name} from the <strong>{b.source}</strong> promotion
            </span>
            <Button variant="money" size="small" loading={busy === b.id} onClick={() => open(b.id)}>
              Open for free
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}
