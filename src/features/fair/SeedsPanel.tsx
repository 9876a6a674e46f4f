import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { apiErrorText } from '../../api/http.ts';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { ClientSeedSchema, type RevealedSeedPair, type SeedHistoryItem, type SeedState } from '../../../core/protocol/fair.ts';
import { fetchSeedHistory, fetchSeeds, rotateSeeds, saveClientSeed } from './fairApi.ts';
import { richText } from '../../i18n/richText.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// The signed-in player's seed pair: the active server seed's hash, the client seed (editable),
// the nonce, rotation (which reveals the previous pair) and the revealed pairs. "Verify" hands a
// revealed pair to the page's calculator.

function RevealedPair({ pair, onVerify, testId }: { pair: RevealedSeedPair; onVerify?: (pair: RevealedSeedPair) => void; testId?: string }) {
  return (
    <div className="fair-revealed" data-testid={testId}>
      <dl className="fair-kv">
        <dt>{t('serverSeed')}</dt>
        <dd className="fair-mono" data-testid={testId ? `${testId}-server-seed` : undefined}>{pair.server_seed}</dd>
        <dt>{t('serverSeedHash')}</dt>
        <dd className="fair-mono">{pair.server_seed_hash}</dd>
        <dt>{t('clientSeed')}</dt>
        <dd className="fair-mono" data-testid={testId ? `${testId}-client-seed` : undefined}>{pair.client_seed}</dd>
        <dt>{t('lastNonce')}</dt>
        <dd className="fair-mono" data-testid={testId ? `${testId}-nonce` : undefined}>{pair.nonce}</dd>
      </dl>
      {onVerify && (
        <Button size="small" variant="secondary" onClick={() => onVerify(pair)}>
          {t('verify')}
        </Button>
      )}
    </div>
  );
}

export function SeedsPanel({ onVerify }: { onVerify?: (pair: RevealedSeedPair) => void }) {
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  const [seeds, setSeeds] = useState<SeedState | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [previous, setPrevious] = useState<RevealedSeedPair | null>(null);
  const [history, setHistory] = useState<SeedHistoryItem[]>([]);

  const load = useCallback(async () => {
    const [current, page] = await Promise.all([fetchSeeds(), fetchSeedHistory(1)]);
    setSeeds(current);
    setClientSeed(current.client_seed);
    setHistory(page.data);
  }, []);

  useEffect(() => {
    if (!user) return;
    load().catch((e: unknown) => toast.error(apiErrorText(e)));
  }, [user, load]);

  if (!user) {
    return (
      <section className="fair-panel" data-testid="fair-seeds">
        <h2>{t('yourSeeds')}</h2>
        <p className="fair-muted">{t('signInToSeeSeeds')}</p>
        <Button onClick={() => openModal('login')}>{t('signIn')}</Button>
      </section>
    );
  }

  const save = async () => {
    const parsed = ClientSeedSchema.safeParse({ client_seed: clientSeed });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      setSeeds(await saveClientSeed(clientSeed));
      toast.success(t('clientSeedSaved'));
      setHistory((await fetchSeedHistory(1)).data);
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setSaving(false);
    }
  };

  const rotate = async () => {
    setRotating(true);
    try {
      const answer = await rotateSeeds();
      setSeeds(answer.current);
      setClientSeed(answer.current.client_seed);
      setPrevious(answer.previous);
      setHistory((await fetchSeedHistory(1)).data);
      toast.success(t('seedsRotated'));
    } catch (e) {
      toast.error(apiErrorText(e));
    } finally {
      setRotating(false);
    }
  };

  return (
    <section className="fair-panel" data-testid="fair-seeds">
      <h2>{t('yourSeeds')}</h2>
      {!seeds ? (
        <p className="fair-muted">{t('loading')}</p>
      ) : (
        <>
          <div className="fair-field">
            <span className="fair-label">{t('activeServerSeed')}</span>
            <div className="fair-copy-row">
              <code className="fair-mono" data-testid="fair-server-seed-hash">{seeds.server_seed_hash}</code>
              <CopyButton text={seeds.server_seed_hash} />
            </div>
          </div>
          <div className="fair-seed-edit">
            <TextInput label={t('clientSeed')} value={clientSeed} maxLength={64} error={error} onChange={(e) => setClientSeed(e.target.value)} data-testid="fair-client-seed" />
            <Button variant="secondary" loading={saving} onClick={save} disabled={clientSeed === seeds.client_seed}>
              {t('save')}
            </Button>
          </div>
          <p className="fair-muted">{richText(t, 'nonceExplained', { nonce: <strong data-testid="fair-nonce">{seeds.nonce}</strong> }, { next: seeds.nonce + 1 })}</p>
          <Button loading={rotating} onClick={rotate} data-testid="fair-rotate">
            {t('rotateSeeds')}
          </Button>
          {previous && (
            <div className="fair-previous">
              <h3>{t('previousPair')}</h3>
              <RevealedPair pair={previous} onVerify={onVerify} testId="fair-previous" />
            </div>
          )}
          {history.length > 0 && (
            <details className="fair-history">
              <summary>{t('revealedPairs', { count: history.length })}</summary>
              {history.map((pair) => (
                <RevealedPair key={pair.id} pair={pair} onVerify={onVerify} />
              ))}
            </details>
          )}
        </>
      )}
    </section>
  );
}
