import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/toast.tsx';
import { Eye, Plus, Swords, Trophy } from 'lucide-react';
import { BATTLE_MODES, type BattleMode } from '../../../core/games/battle.ts';
import { BATTLES_LIST_CHANNEL, type BattleSummary } from '../../../core/protocol/battle.ts';
import { Button } from '../../components/Button.tsx';
import { Coins } from '../../components/Coin.tsx';
import { battleErrorText, fetchBattles, joinBattle } from '../../features/battles/battlesApi.ts';
import { useToBattle } from '../../features/battles/toBattle.ts';
import { useModals } from '../../stores/modals.ts';
import { useSession } from '../../stores/session.ts';
import { BattleBoxes } from '../../features/battles/BattleBoxes.tsx';
import { BattleSeatAvatars } from '../../features/battles/BattleSeatAvatars.tsx';
import { centsOf, centsToCoins } from '../../../core/money/cents.ts';
import { useBattleChannel } from '../../features/battles/useBattleChannel.ts';
import { isEarlierBattle, myNetResult, signedCoins, winnerLine } from '../../features/battles/battleView.ts';
import '../../features/battles/battles.css';
import { richText } from '../../i18n/richText.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// /battles: the live list. Open battles first, then running, then recently ended; filters by mode,
// status and crazy; kept current from the list channel (docs/battles.md). Join takes a seat at once
// (any team) and opens the battle; Watch only opens it.

const STATUS_LABEL = { waiting: 'statusWaiting', running: 'statusRunning', ended: 'statusEnded', canceled: 'statusCanceled' } as const satisfies Record<BattleSummary['status'], keyof typeof messages>;
const rank = (b: BattleSummary) => ['waiting', 'running', 'ended', 'canceled'].indexOf(b.status);

export default function BattlesPage() {
  const [mode, setMode] = useState<BattleMode | ''>('');
  const [status, setStatus] = useState<'' | 'active' | 'ended'>('');
  const [crazy, setCrazy] = useState(false);
  const [battles, setBattles] = useState<BattleSummary[] | null>(null);
  const [joining, setJoining] = useState<number | null>(null);
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  const setToBattle = useToBattle((s) => s.set);
  const navigate = useNavigate();

  async function join(id: number) {
    if (!user) {
      openModal('login');
      return;
    }
    setJoining(id);
    try {
      toast.success(await joinBattle(id));
      setToBattle(id);
      navigate(`/battles/${id}`);
    } catch (error) {
      toast.error(battleErrorText(error, t('somethingWrong')));
    } finally {
      setJoining(null);
    }
  }

  const load = useCallback(() => fetchBattles({ per_page: 50, mode: mode || undefined, status: status || undefined, crazy: crazy ? '1' : undefined }), [mode, status, crazy]);
  useEffect(() => {
    let live = true;
    load().then(
      (page) => live && setBattles(page.data),
      () => live && setBattles([]),
    );
    return () => {
      live = false;
    };
  }, [load]);

  const matches = useCallback((b: BattleSummary) => (!mode || b.mode === mode) && (!crazy || b.crazy) && (status !== 'active' || ['waiting', 'running'].includes(b.status)) && (status !== 'ended' || b.status === 'ended'), [mode, status, crazy]);
  /** `incoming` into the list: each battle in its later state (an event and a load can cross), the ones the filters drop left out. */
  const merge = useCallback(
    (list: BattleSummary[] | null, incoming: BattleSummary[]) => {
      const byId = new Map((list ?? []).map((b) => [b.id, b]));
      for (const b of incoming) {
        const shown = byId.get(b.id);
        if (!shown || !isEarlierBattle(b, shown)) byId.set(b.id, b);
      }
      return [...byId.values()].filter((b) => b.status !== 'canceled' && matches(b)).sort((a, b) => rank(a) - rank(b) || b.id - a.id);
    },
    [matches],
  );

  // Loaded again once the list channel is subscribed: what was published before that is in the answer.
  useBattleChannel(
    BATTLES_LIST_CHANNEL,
    (_event, data) => {
      const battle = (data as { battle?: BattleSummary }).battle;
      if (battle) setBattles((list) => merge(list, [battle]));
    },
    () => void load().then((page) => setBattles((list) => merge(list, page.data)), () => {}),
  );

  return (
    <section className="page battles-page">
      <header className="battles-hero">
        <div>
          <h1>
            <Swords aria-hidden /> {t('boxBattles')}
          </h1>
          <p>{t('intro')}</p>
        </div>
        <Link to="/battles/create" className="btn btn--primary battles-hero__cta" data-testid="battle-create-cta">
          <Plus size={18} aria-hidden /> {t('createBattle')}
        </Link>
      </header>
      <div className="battles-filters" role="group" aria-label={t('filters')}>
        <select value={mode} onChange={(e) => setMode(e.target.value as BattleMode | '')} aria-label={t('mode')}>
          <option value="">{t('allModes')}</option>
          {BATTLE_MODES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <select value={status} onChange={(e) => setStatus(e.target.value as '' | 'active' | 'ended')} aria-label={t('status')}>
          <option value="">{t('all')}</option>
          <option value="active">{t('openAndLive')}</option>
          <option value="ended">{t('statusEnded')}</option>
        </select>
        <label className="battles-filters__switch">
          <input type="checkbox" checked={crazy} onChange={(e) => setCrazy(e.target.checked)} /> {t('crazyOnly')}
        </label>
      </div>
      {battles === null ? (
        <div className="battles-empty">{t('loading')}</div>
      ) : battles.length === 0 ? (
        <div className="battles-empty">
          {richText(t, 'noBattles', { create: <Link to="/battles/create">{t('createOne')}</Link> })}
        </div>
      ) : (
        <ul className="battles-list">
          {battles.map((b) => (
            <li key={b.id} className={`battle-row battle-row--${b.status}`} data-battle={b.id} data-status={b.status}>
              <div className="battle-row__mode">
                <strong>{b.mode}</strong>
                {b.crazy && <span className="battle-tag battle-tag--crazy">{t('crazy')}</span>}
                <span className={`battle-tag battle-tag--${b.status}`}>{t(STATUS_LABEL[b.status])}</span>
              </div>
              <BattleBoxes boxes={b.boxes} />
              <div className="battle-row__cost">
                <span className="battle-row__label">{t('roundCount', { count: b.rounds_total })}</span>
                <Coins value={b.cost} />
              </div>
              <div className="battle-row__total" data-testid="battle-row-total">
                <span className="battle-row__label">{t('totalValue')}</span>
                <Coins value={centsToCoins(centsOf(b.cost) * b.seats_total)} />
              </div>
              <BattleSeatAvatars battle={b} />
              {b.winner && <BattleRowOutcome battle={b} userId={user?.id ?? null} />}
              <div className="battle-row__actions">
                {b.status === 'waiting' && !b.seats.some((seat) => user && seat.user?.id === user.id) && (
                  <Button size="small" loading={joining === b.id} onClick={() => void join(b.id)}>
                    {t('join')}
                  </Button>
                )}
                <Link to={`/battles/${b.id}`} className="btn btn--secondary btn--small" aria-label={t('watchBattle', { id: b.id })}>
                  <Eye size={16} aria-hidden /> {t('watch')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An ended battle's row: who won what and, for a player who sat in it, their net result. */
function BattleRowOutcome({ battle, userId }: { battle: BattleSummary; userId: number | null }) {
  const net = myNetResult(battle, userId);
  return (
    <div className="battle-row__outcome" data-testid="battle-row-winner">
      <Trophy size={16} aria-hidden className="battle-seat__trophy" /> {winnerLine(battle)}
      {net !== null && (
        <span className={`battle-row__net battle-row__net--${net < 0 ? 'loss' : 'gain'}`} data-testid="battle-row-net">
          {' '}
          {t('netYou', { net: signedCoins(net) })}
        </span>
      )}
    </div>
  );
}
