import { Link } from 'react-router';
import visa from '../../../assets/brand/payments/visa.svg?no-inline';
import mastercard from '../../../assets/brand/payments/mastercard.svg?no-inline';
import paypal from '../../../assets/brand/payments/paypal.svg?no-inline';
import bitcoin from '../../../assets/brand/payments/bitcoin.svg?no-inline';
import { FOOTER_COLUMNS } from './navigation.ts';
import { Logo } from './Header.tsx';
import { SocialLinks } from './SocialLinks.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// Files, loaded lazily (the footer is below the fold): inlined as data URLs they were four SVG
// documents that every page built and laid out while parsing its HTML, each with a font lookup for its
// words (docs/performance.md, "The first frame off the main thread, and the footer's logos"). Their
// words are now paths, so no font is looked up when they do load.
const PAYMENTS = [
  { src: visa, alt: 'Visa' },
  { src: mastercard, alt: 'Mastercard' },
  { src: paypal, alt: 'PayPal' },
  { src: bitcoin, alt: 'Bitcoin' },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__top">
        <div className="footer__brand">
          <Logo />
          <p>{t('footerAbout')}</p>
          <SocialLinks />
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} className="footer__column" aria-label={t(column.title)}>
            <h2>{t(column.title)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer__bottom">
        <ul className="footer__payments" aria-label={t('paymentMethods')}>
          {PAYMENTS.map((p) => (
            <li key={p.alt}>
              <img src={p.src} alt={p.alt} width={64} height={26} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
        <LanguagePicker />
        <p className="footer__legal">
          <span className="footer__age">18+</span> {t('playResponsibly', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
