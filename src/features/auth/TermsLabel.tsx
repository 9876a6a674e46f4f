import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);
/** Stands in the sentence for the link, which is cut in there (the languages place it differently). */
const LINK = '\uE000';

// The consent line of the sign-up and of the first social sign-in (docs/accounts.md): its "Terms of
// Service" opens the terms in a new tab, so the form and what was typed stay where they are. A
// click on the link does not tick the box (a link inside a label is its own control).
export function TermsLabel() {
  const [before, after] = t('termsConsent', { terms: LINK }).split(LINK);
  return (
    <>
      {before}
      <a className="auth-terms-link" href="/terms-of-service" target="_blank" rel="noopener">
        {t('termsOfService')}
      </a>
      {after}
    </>
  );
}
