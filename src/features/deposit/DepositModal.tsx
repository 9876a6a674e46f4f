import { useEffect, useRef, type ReactNode } from 'react';
import { ArrowLeft, Bitcoin, CreditCard, Gift, Swords } from 'lucide-react';
import { Modal } from '../../components/Modal.tsx';
import { useSession } from '../../stores/session.ts';
import { useModals } from '../../stores/modals.ts';
import { useDevice } from '../../stores/device.ts';
import { useDeposit, type DepositStep } from './depositStore.ts';
import { CardForm } from './CardForm.tsx';
import { CryptoForm } from './CryptoForm.tsx';
import { GiftCardsForm } from './GiftCardsForm.tsx';
import { SkinsForm } from './SkinsForm.tsx';
import { PlayBlockBanner } from '../responsible/PlayBlockBanner.tsx';
import { usePlayBlock } from '../responsible/playBlock.ts';
import { depositSwitch, type KillSwitchKey } from '../../../core/protocol/killSwitches.ts';
import { useOffSwitches } from '../killSwitches/offSwitches.ts';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';
import './deposit.css';

const t = translator(messages);
type MessageKey = keyof typeof messages;

interface Method {
  step: Exclude<DepositStep, 0>;
  /** The kill switches of the method's ways in: hidden while all of them are off (docs/operator-console.md, "Kill switches"). */
  switches: KillSwitchKey[];
  /** The texts are catalog keys (./i18n/), said in the page's language when the tiles render. */
  title: MessageKey;
  note?: MessageKey;
  label?: MessageKey;
  icon: ReactNode;
}

// Spec §2: Credit card ('+20 payment methods'), Giftcards, Crypto ('bonus 35%', CRYPTO_BONUS_LABEL), Skins.
const METHODS: Method[] = [
  { step: 1, title: 'methodCard', note: 'methodCardNote', switches: [depositSwitch('card')], icon: <CreditCard size={26} aria-hidden /> },
  { step: 3, title: 'methodGiftCards', switches: [depositSwitch('gift_code'), depositSwitch('voucher')], icon: <Gift size={26} aria-hidden /> },
  { step: 2, title: 'methodCrypto', label: 'methodCryptoBonus', switches: [depositSwitch('crypto')], icon: <Bitcoin size={26} aria-hidden /> },
  { step: 4, title: 'methodSkins', switches: [depositSwitch('skins')], icon: <Swords size={26} aria-hidden /> },
];

const ALL_SWITCHES = METHODS.flatMap((m) => m.switches);

/** The methods whose ways in are not all switched off. */
function useOpenMethods(): Method[] {
  const off = useOffSwitches(ALL_SWITCHES);
  return METHODS.filter((m) => m.switches.some((key) => off[key] === undefined));
}

function MethodTiles({ active, onPick }: { active: DepositStep; onPick: (step: DepositStep) => void }) {
  const methods = useOpenMethods();
  return (
    <div className="deposit-methods" role="tablist" aria-label={t('paymentMethod')}>
      {methods.map((m) => (
        <button key={m.step} type="button" role="tab" aria-selected={active === m.step} className={`deposit-method${active === m.step ? ' deposit-method--active' : ''}`} onClick={() => onPick(m.step)}>
          {m.label && <span className="deposit-method__label">{t(m.label)}</span>}
          <span className="deposit-method__icon">{m.icon}</span>
          <span className="deposit-method__title">{t(m.title)}</span>
          {m.note && <span className="deposit-method__note">{t(m.note)}</span>}
        </button>
      ))}
    </div>
  );
}

function MethodForm({ step }: { step: DepositStep }) {
  switch (step) {
    case 1:
      return <CardForm />;
    case 2:
      return <CryptoForm />;
    case 3:
      return <GiftCardsForm />;
    case 4:
      return <SkinsForm />;
    default:
      return null;
  }
}

/** The deposit modal (docs/product.md §2, §4). Opening it logged out opens the register modal instead. */
export default function DepositModal() {
  const user = useSession((s) => s.user);
  const openModal = useModals((s) => s.open);
  const isMobile = useDevice((s) => s.isMobile);
  const stored = useDeposit((s) => s.step);
  const setStep = useDeposit((s) => s.setStep);
  const reset = useDeposit((s) => s.reset);
  // A break or a reached deposit limit: the reason on top, Pay closed in the forms (AmountPayForm).
  const block = usePlayBlock('deposit');
  // Desktop starts at the card form (1), mobile at the method list (0).
  const open = useOpenMethods();
  // A switched-off method is not offered: the form shown is the first method still open.
  const wanted: DepositStep = stored ?? (isMobile ? 0 : 1);
  const step: DepositStep = wanted === 0 || open.some((m) => m.step === wanted) ? wanted : (open[0]?.step ?? 0);

  useEffect(() => {
    if (!user) openModal('register');
  }, [user, openModal]);

  useEffect(() => {
    // ?promocode={code} applies that code in the deposit modal (docs/product.md §2).
    const code = new URLSearchParams(window.location.search).get('promocode');
    if (code) useDeposit.getState().setPendingPromocode(code);
    return () => reset();
  }, [reset]);

  // On a phone each step replaces the last: the tapped tile (or Back) leaves the page with focus on
  // it, and focus would fall to the page, where Escape no longer reaches the dialog. Focus moves to
  // the dialog itself, which a screen reader announces by its new title.
  const bodyRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (isMobile) bodyRef.current?.closest<HTMLElement>('[role="dialog"]')?.focus({ preventScroll: true });
  }, [step, isMobile]);

  if (!user) return null;

  if (isMobile) {
    const method = METHODS.find((m) => m.step === step);
    return (
      <Modal
        className="deposit-modal deposit-modal--mobile"
        title={
          <span className="deposit-title">
            <button type="button" className="deposit-title__back" aria-label={t('back')} onClick={() => (step === 0 ? useModals.getState().close() : setStep(0))}>
              <ArrowLeft size={20} aria-hidden />
            </button>
            {step === 0 ? t('choosePaymentMethod') : method && t(method.title)}
          </span>
        }
      >
        <PlayBlockBanner block={block} />
        <div ref={bodyRef}>{step === 0 ? <MethodTiles active={step} onPick={setStep} /> : <MethodForm step={step} />}</div>
      </Modal>
    );
  }
  return (
    <Modal className="deposit-modal" title={t('depositTitle')}>
      <PlayBlockBanner block={block} />
      <div className="deposit-layout">
        <MethodTiles active={step} onPick={setStep} />
        <div className="deposit-panel">
          <MethodForm step={step} />
        </div>
      </div>
    </Modal>
  );
}
