import { toast } from '../../components/toast.tsx';
import { Button } from '../../components/Button.tsx';
import { translator } from '../../i18n/i18n.ts';
import messages from './i18n/en-US.json';

const t = translator(messages);

// A bet's Share button (docs/transparency.md, "Share"): its public page, /bets/{public_id}, through
// the device's share sheet where there is one (the Web Share API), else copied. The bet's own page
// and the game pages' big wins (BigWinShare.tsx) use this one button.

/** The bet's public page's address. */
export const betPageUrl = (publicId: string): string => `${window.location.origin}/bets/${publicId}`;

/** `title` names the bet in the share sheet; without it the link's own card (its Open Graph tags) describes it. */
export function ShareBetButton({ publicId, title }: { publicId: string; title?: string }) {
  const share = async () => {
    const url = betPageUrl(publicId);
    if (typeof navigator.share === 'function') {
      // A dismissed share sheet is no error.
      await navigator.share(title ? { title, url } : { url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('linkCopied'));
    } catch {
      toast.error(t('linkNotCopied'));
    }
  };
  return (
    <Button variant="secondary" size="small" onClick={() => void share()} data-testid="bet-share">
      {t('share')}
    </Button>
  );
}
