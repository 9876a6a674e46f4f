// The account mails, each as HTML and plain text, in the player's language (docs/i18n.md, "Texts the
// server sends"): the words are ./i18n/<locale>.json's, en-US the wording they always had. Values are
// escaped; links are absolute.
import { escapeHtml } from '../http/html.ts';
import { utcText } from '../../core/text/dates.ts';
import { serverTranslator } from '../i18n/serverText.ts';
import type { Locale } from '../../core/text/locales.ts';
import { WITHDRAWAL_STATUS_KEYS, type WithdrawalStatus } from '../../core/protocol/shipping.ts';
import type english from './i18n/en-US.json';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
  /** The one action link, also logged and stored beside an outbox message. */
  link: string;
}

const APP_NAME = 'Open Mystery Boxes';
const t = serverTranslator<typeof english>(new URL('./i18n/', import.meta.url));

interface Parts {
  subject: string;
  title: string;
  lines: string[];
  action: { label: string; url: string };
  footer: string;
}

function layout(locale: Locale, { title, lines, action, footer }: Parts): string {
  const paragraphs = lines.map((l) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#d6d6e0">${escapeHtml(l)}</p>`).join('');
  return `<!doctype html>
<html lang="${locale.split('-')[0]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#0f0f17;font-family:Inter,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0f0f17;padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#1a1a26;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;color:#ffffff;padding-bottom:24px">${APP_NAME}</td></tr>
<tr><td><h1 style="margin:0 0 16px;font-size:22px;color:#ffffff">${escapeHtml(title)}</h1>${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#f5b301;color:#111111;text-decoration:none;font-weight:700;padding:14px 28px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#9a9ab0">${escapeHtml(t(locale, 'copyAddress'))}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(action.url)}" style="color:#f5b301">${escapeHtml(action.url)}</a></p>
<p style="margin:0;font-size:13px;color:#9a9ab0">${escapeHtml(footer)}</p></td></tr>
</table></td></tr></table></body></html>`;
}

function plain({ title, lines, action, footer }: Parts): string {
  return [`${APP_NAME}`, '', title, '', ...lines.flatMap((l) => [l, '']), `${action.label}: ${action.url}`, '', footer, ''].join('\n');
}

function mail(locale: Locale, parts: Parts): MailContent {
  return { subject: parts.subject, html: layout(locale, parts), text: plain(parts), link: parts.action.url };
}

export function verificationMail(locale: Locale, name: string, url: string, validMinutes: number): MailContent {
  return mail(locale, {
    subject: t(locale, 'verifySubject'),
    title: t(locale, 'verifyTitle', { name }),
    lines: [t(locale, 'verifyBody'), t(locale, 'linkValidMinutes', { minutes: validMinutes })],
    action: { label: t(locale, 'verifyAction'), url },
    footer: t(locale, 'verifyFooter'),
  });
}

export function passwordResetMail(locale: Locale, name: string, url: string, validMinutes: number): MailContent {
  return mail(locale, {
    subject: t(locale, 'resetSubject'),
    title: t(locale, 'helloName', { name }),
    lines: [t(locale, 'resetBody'), t(locale, 'resetExpires', { minutes: validMinutes })],
    action: { label: t(locale, 'resetAction'), url },
    footer: t(locale, 'resetFooter'),
  });
}

export function supportReplyMail(locale: Locale, name: string, subject: string, url: string): MailContent {
  return mail(locale, {
    subject: t(locale, 'supportSubject', { subject }),
    title: t(locale, 'supportTitle'),
    lines: [t(locale, 'helloNameComma', { name }), t(locale, 'supportBody', { subject })],
    action: { label: t(locale, 'supportAction'), url },
    footer: t(locale, 'supportFooter'),
  });
}

export function newDeviceMail(locale: Locale, name: string, sign: { device: string; address: string; at: Date }, url: string): MailContent {
  return mail(locale, {
    subject: t(locale, 'newDeviceSubject'),
    title: t(locale, 'helloName', { name }),
    lines: [t(locale, 'newDeviceBody', { device: sign.device, address: sign.address, time: utcText(sign.at) }), t(locale, 'newDeviceAdvice')],
    action: { label: t(locale, 'newDeviceAction'), url },
    footer: t(locale, 'newDeviceFooter'),
  });
}

export function emailChangeMail(locale: Locale, name: string, url: string, validMinutes: number): MailContent {
  return mail(locale, {
    subject: t(locale, 'emailChangeSubject'),
    title: t(locale, 'helloName', { name }),
    lines: [t(locale, 'emailChangeBody'), t(locale, 'linkValidMinutes', { minutes: validMinutes })],
    action: { label: t(locale, 'emailChangeAction'), url },
    footer: t(locale, 'emailChangeFooter'),
  });
}

export function emailChangeNoticeMail(locale: Locale, name: string, newEmail: string, url: string): MailContent {
  return mail(locale, {
    subject: t(locale, 'emailChangeNoticeSubject'),
    title: t(locale, 'helloName', { name }),
    lines: [t(locale, 'emailChangeNoticeBody', { email: newEmail }), t(locale, 'notYou')],
    action: { label: t(locale, 'reviewSecurity'), url },
    footer: t(locale, 'accountAddressFooter'),
  });
}

export function twoFactorChangedMail(locale: Locale, name: string, enabled: boolean, url: string): MailContent {
  return mail(locale, {
    subject: t(locale, enabled ? 'twoFactorOnSubject' : 'twoFactorOffSubject'),
    title: t(locale, 'helloName', { name }),
    lines: [t(locale, enabled ? 'twoFactorOnBody' : 'twoFactorOffBody'), t(locale, 'notYou')],
    action: { label: t(locale, 'reviewSecurity'), url },
    footer: t(locale, 'accountAddressFooter'),
  });
}

/** A step of the player's delivery or withdrawal (docs/operator-console.md, "Shipping"). */
export function withdrawalStepMail(locale: Locale, name: string, step: { id: number; type: 'delivery' | 'crypto'; status: WithdrawalStatus; trackingNumber: string | null }, url: string): MailContent {
  const values = { type: step.type, id: step.id, status: t(locale, WITHDRAWAL_STATUS_KEYS[step.status]) };
  const lines = [t(locale, 'helloNameComma', { name }), t(locale, 'stepBody', values)];
  if (step.trackingNumber && step.type === 'delivery') lines.push(t(locale, 'stepTracking', { number: step.trackingNumber }));
  if (step.status === 'canceled') lines.push(t(locale, step.type === 'delivery' ? 'stepItemsBack' : 'stepCoinsBack'));
  return mail(locale, {
    subject: t(locale, 'stepSubject', values),
    title: t(locale, 'stepTitle', values),
    lines,
    action: { label: t(locale, 'stepAction', values), url },
    footer: t(locale, 'stepFooter', values),
  });
}

/** A digital code reveal the operator reviewed: released (the code is on the inventory page) or not (the item is back). */
export function codeReviewMail(locale: Locale, name: string, item: string, approved: boolean, url: string): MailContent {
  return mail(locale, {
    subject: t(locale, approved ? 'codeReadySubject' : 'codeNotReleasedSubject', { item }),
    title: t(locale, 'codeTitle', { item }),
    lines: [t(locale, 'helloNameComma', { name }), t(locale, approved ? 'codeReadyBody' : 'codeNotReleasedBody', { item })],
    action: { label: t(locale, 'codeAction'), url },
    footer: t(locale, 'codeFooter'),
  });
}
