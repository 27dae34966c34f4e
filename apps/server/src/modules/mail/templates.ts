import { isRtlLanguage, type TLanguage } from '@caravan/contracts';
import { mailText } from '../../i18n/messages';

/**
 * Mail templates. Each has `<name>.subject` and `<name>.body` (paragraphs separated by a blank line) in
 * `packages/contracts/locales/<lang>/mail.json` for all 21 languages; a module adding mail adds its
 * name here and its texts there.
 */
export const MAIL_TEMPLATES = [
  'codeResetPassword',
  'codeResetTxPassword',
  'codeBindEmail',
  'codeRegister',
  'welcomeCoupon',
  // The same coupon for a subscriber who was logged in: it is in the account already, nothing to add.
  'welcomeCouponInAccount',
  // Double opt-in of the coupon subscription: the link that activates it (and one that cancels it).
  'subscriptionConfirm',
  'smsCode',
  'loanDueSoon',
  // To the old address when an e-mail or mobile already bound is replaced (a text message for a mobile).
  'emailChanged',
  'mobileChanged',
] as const;
export type TMailTemplate = (typeof MAIL_TEMPLATES)[number];
export type TMailParams = Record<string, string | number>;

export type TRenderedMail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

function required(lang: TLanguage, key: string, params: TMailParams): string {
  const text = mailText(lang, key, params);
  if (text === undefined) {
    throw new Error(`mail text ${key} missing`);
  }
  return text;
}

/** The link parameters (names ending in `Url`) made into links in escaped HTML; any other text stays text. */
function linkUrls(html: string, params: TMailParams): string {
  let out = html;
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('Url') && typeof value === 'string' && /^https?:\/\//.test(value)) {
      const escaped = escapeHtml(value);
      out = out.split(escaped).join(`<a href="${escaped}">${escaped}</a>`);
    }
  }
  return out;
}

/**
 * The subject, plain text and HTML of one mail in `lang`. Parameters are inserted as text: the HTML is
 * escaped after they are filled in, so a value such as a user name cannot inject markup.
 */
export function renderMail(
  template: TMailTemplate,
  lang: TLanguage,
  params: TMailParams = {},
): TRenderedMail {
  const subject = required(lang, `${template}.subject`, params).replace(/[\r\n]+/g, ' ');
  const body = required(lang, `${template}.body`, params);
  const footer = required(lang, 'footer', {});
  const paragraphs = body.split(/\n{2,}/);
  // Marketing mail says how to stop it, in the mail itself as well as in its List-Unsubscribe header.
  // A template may word it itself: the confirmation goes to an address that is only pending, not subscribed.
  if (params.unsubscribeUrl !== undefined) {
    const lineParams = { unsubscribeUrl: params.unsubscribeUrl };
    paragraphs.push(
      mailText(lang, `${template}.unsubscribeLine`, lineParams) ??
        required(lang, 'unsubscribeLine', lineParams),
    );
  }
  const dir = isRtlLanguage(lang) ? 'rtl' : 'ltr';
  const html = [
    `<!doctype html><html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f1f1f">',
    ...paragraphs.map((p) => `<p>${linkUrls(escapeHtml(p), params).replace(/\n/g, '<br>')}</p>`),
    `<p style="color:#8c8c8c;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text: `${paragraphs.join('\n\n')}\n\n--\n${footer}\n`, html };
}
