import microblog from '../../../assets/brand/social/microblog.svg?no-inline';
import photos from '../../../assets/brand/social/photos.svg?no-inline';
import messenger from '../../../assets/brand/social/messenger.svg?no-inline';
import messages from './i18n/en-US.json';
import { translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// Three outbound social links (docs/product.md §1). The icons are our own SVGs drawn as CSS masks so they take
// the text colour; nothing is fetched from those sites until a visitor clicks. They are files of their own
// (`?no-inline`), not data inside the script: the footer is below the fold, and every page's first load
// would carry them.
const SOCIAL = [
  { href: 'https://x.com/openmysteryboxes', label: 'microblog' as const, icon: microblog },
  { href: 'https://www.instagram.com/openmysteryboxes', label: 'photos' as const, icon: photos },
  { href: 'https://t.me/openmysteryboxes', label: 'messenger' as const, icon: messenger },
];

export function SocialLinks() {
  return (
    <ul className="social-links">
      {SOCIAL.map((s) => (
        <li key={s.href}>
          <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={t(s.label)} className="social-links__link">
            <span className="social-links__icon" style={{ maskImage: `url("${s.icon}")`, WebkitMaskImage: `url("${s.icon}")` }} />
          </a>
        </li>
      ))}
    </ul>
  );
}
