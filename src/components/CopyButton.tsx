import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Tooltip } from './Tooltip.tsx';
import messages from './i18n/en-US.json';
import { translator } from '../i18n/i18n.ts';
import './CopyButton.css';

const t = translator(messages);

/** How long 'Copied!' stays (docs/product.md §9). */
export const COPIED_TOOLTIP_MS = 1000;

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Insecure context or denied permission: fall through to the selection copy.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand?.('copy');
  area.remove();
}

export interface CopyButtonProps {
  text: string;
  label?: string;
  className?: string;
  /** Nothing to copy yet (a page still loading what it copies): the button holds its place. */
  disabled?: boolean;
}

export function CopyButton({ text, label, className, disabled }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = () => {
    void writeClipboard(text);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
  };

  return (
    <Tooltip content={t('copied')} open={copied}>
      <button type="button" className={['copy-button', className].filter(Boolean).join(' ')} aria-label={label ?? t('copy')} onClick={copy} disabled={disabled}>
        {copied ? <Check size={18} aria-hidden /> : <Copy size={18} aria-hidden />}
      </button>
    </Tooltip>
  );
}
