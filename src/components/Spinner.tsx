import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';
import './Spinner.css';

const t = translator(messages);

export function Spinner({ size = 20 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} role="status" aria-label={t('loading')} />;
}
