import { Globe } from 'lucide-react';
import { LOCALES, LOCALE_NAMES, isLocale } from '../../../core/text/locales.ts';
import { chooseLocale } from '../../i18n/locale.ts';
import messages from './i18n/en-US.json';
import { currentLocale, translator } from '../../i18n/i18n.ts';

const t = translator(messages);

// The language picker (docs/i18n.md), in the footer where players of these sites look for it: each
// language named in itself; a choice is kept in the locale cookie and the page loads again in it.
export function LanguagePicker() {
  return (
    <label className="language-picker">
      <Globe size={16} aria-hidden />
      <span className="visually-hidden">{t('language')}</span>
      <select
        value={currentLocale()}
        onChange={(event) => {
          if (isLocale(event.target.value)) chooseLocale(event.target.value);
        }}
        data-testid="language-picker"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
