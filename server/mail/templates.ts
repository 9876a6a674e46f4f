// The account mails, each as HTML and plain text. Values are escaped; links are absolute.
import { escapeHtml } from '../http/html.ts';
import { utcText } from '../../core/text/dates.ts';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
  /** The one action link, also logged and stored beside an outbox message. */
  link: string;
}

const APP_NAME = 'Open Mystery Boxes';

function layout(title: string, lines: string[], action: { label: string; url: string }, footer: string): string {
  const paragraphs = lines.map((l) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#d6d6e0">${escapeHtml(l)}</p>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#0f0f17;font-family:Inter,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0f0f17;padding:32px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#1a1a26;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;color:#ffffff;padding-bottom:24px">${APP_NAME}</td></tr>
<tr><td><h1 style="margin:0 0 16px;font-size:22px;color:#ffffff">${escapeHtml(title)}</h1>${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#f5b301;color:#111111;text-decoration:none;font-weight:700;padding:14px 28px;border-radius:8px">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#9a9ab0">If the button does not work, copy this address into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(action.url)}" style="color:#f5b301">${escapeHtml(action.url)}</a></p>
<p style="margin:0;font-size:13px;color:#9a9ab0">${escapeHtml(footer)}</p></td></tr>
</table></td></tr></table></body></html>`;
}

function plain(title: string, lines: string[], action: { label: string; url: string }, footer: string): string {
  return [`${APP_NAME}`, '', title, '', ...lines.flatMap((l) => [l, '']), `${action.label}: ${action.url}`, '', footer, ''].join('\n');
}

function mail(subject: string, title: string, lines: string[], action: { label: string; url: string }, footer: string): MailContent {
  return { subject, html: layout(title, lines, action, footer), text: plain(title, lines, action, footer), link: action.url };
}

export function verificationMail(name: string, url: string, validMinutes: number): MailContent {
  return mail(
    'Verify Email Address',
    `Welcome, ${name}!`,
    ['Please click the button below to verify your email address.', `This link is valid for ${validMinutes} minutes.`],
    { label: 'Verify Email Address', url },
    'If you did not create an account, no further action is required.',
  );
}

export function passwordResetMail(name: string, url: string, validMinutes: number): MailContent {
  return mail(
    'Reset Password Notification',
    `Hello, ${name}!`,
    ['You are receiving this email because we received a password reset request for your account.', `This password reset link will expire in ${validMinutes} minutes.`],
    { label: 'Reset Password', url },
    'If you did not request a password reset, no further action is required.',
  );
}

export function supportReplyMail(name: string, subject: string, url: string): MailContent {
  return mail(
    `Support answered: ${subject}`,
    'Your ticket has an answer',
    [`Hello ${name},`, `Our support team has answered your ticket "${subject}".`],
    { label: 'Read the answer', url },
    'You receive this mail because you opened a support ticket.',
  );
}

export function newDeviceMail(name: string, sign: { device: string; address: string; at: Date }, url: string): MailContent {
  return mail(
    'New sign-in to your account',
    `Hello, ${name}!`,
    [
      `Your account was just signed in to from a device we have not seen before: ${sign.device}, address ${sign.address}, at ${utcText(sign.at)}.`,
      'If this was you, no further action is required. If not, change your password and end the session on your Security page.',
    ],
    { label: 'Review your sessions', url },
    'We send this mail for every sign-in from a new device.',
  );
}

export function emailChangeMail(name: string, url: string, validMinutes: number): MailContent {
  return mail(
    'Confirm your new email address',
    `Hello, ${name}!`,
    ['You asked to use this address for your account. Please click the button below to confirm it.', `This link is valid for ${validMinutes} minutes.`],
    { label: 'Confirm Email Address', url },
    'If you did not ask for this, no further action is required: your account keeps its current address.',
  );
}

export function emailChangeNoticeMail(name: string, newEmail: string, url: string): MailContent {
  return mail(
    'Your email address is being changed',
    `Hello, ${name}!`,
    [`Someone signed in to your account asked to change its email address to ${newEmail}. The change takes effect once the link sent there is followed.`, 'If this was not you, change your password and end your other sessions now.'],
    { label: 'Review your account security', url },
    'You receive this mail because it is the address of your account.',
  );
}

export function twoFactorChangedMail(name: string, enabled: boolean, url: string): MailContent {
  return mail(
    enabled ? 'Two-factor sign-in turned on' : 'Two-factor sign-in turned off',
    `Hello, ${name}!`,
    [
      enabled
        ? 'Two-factor sign-in was just turned on for your account: signing in now also asks for a code from an authenticator app.'
        : 'Two-factor sign-in was just turned off for your account: signing in asks for your password only.',
      'If this was not you, change your password and end your other sessions now.',
    ],
    { label: 'Review your account security', url },
    'You receive this mail because it is the address of your account.',
  );
}

/** A step of the player's delivery or withdrawal (docs/operator-console.md, "Shipping"). */
export function withdrawalStepMail(name: string, step: { id: number; type: 'delivery' | 'crypto'; statusTitle: string; trackingNumber: string | null; cancelled: boolean }, url: string): MailContent {
  const what = step.type === 'delivery' ? 'delivery' : 'withdrawal';
  const lines = [`Hello ${name},`, `Your ${what} #${step.id} is now: ${step.statusTitle}.`];
  if (step.trackingNumber && step.type === 'delivery') lines.push(`Tracking number: ${step.trackingNumber}`);
  if (step.cancelled) lines.push(step.type === 'delivery' ? 'The items are back in your inventory.' : 'The coins are back in your balance.');
  return mail(`Your ${what} #${step.id}: ${step.statusTitle}`, `${step.type === 'delivery' ? 'Delivery' : 'Withdrawal'} #${step.id}`, lines, { label: `See your ${what}s`, url }, `You receive this mail because you asked for this ${what}.`);
}

/** A digital code reveal the operator reviewed: released (the code is on the inventory page) or not (the item is back). */
export function codeReviewMail(name: string, item: string, approved: boolean, url: string): MailContent {
  const lines = [`Hello ${name},`, approved ? `Your ${item} code is ready: it is in your list of codes on your inventory page.` : `Your ${item} code was not released. The item is back in your inventory: you can sell it or contact support.`];
  return mail(approved ? `Your ${item} code is ready` : `Your ${item} code was not released`, `${item} code`, lines, { label: 'See your inventory', url }, 'You receive this mail because you asked for this code.');
}
