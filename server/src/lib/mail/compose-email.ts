import type { Language, PreferenceKind } from '@hub/shared/api';
import { unsubscribeUrl } from './unsubscribe-link';
import { WORDS } from './wording';

/** One outbox row with its recipient, as the worker reads it to send. */
export interface OutboxRow {
  id: number;
  email: string;
  user_id: number;
  language: Language;
  kind: PreferenceKind;
  event: string;
  title: string;
  path: string;
  items: Array<{ event: string; title: string; path: string }> | null;
  created_at_ms: number;
}

export interface EmailSettings {
  publicUrl: string;
  secret: string;
  from: string;
  portalName: string;
}

export interface ComposedEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

/** A digest lists this many items; the rest are counted ("and 12 more in the portal"). */
export const DIGEST_ITEMS_SHOWN = 20;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The same Message-ID for every try of one row, so that a mail client folds a copy sent again. */
export function messageIdOf(row: Pick<OutboxRow, 'id' | 'created_at_ms'>, publicUrl: string): string {
  return `<outbox.${row.id}.${row.created_at_ms}@${new URL(publicUrl).hostname}>`;
}

/** A link into the portal: PUBLIC_URL and the item's path (a path only, never another site). */
function link(publicUrl: string, path: string): string {
  return `${publicUrl}${path.startsWith('/') && !path.startsWith('//') ? path : '/'}`;
}

/**
 * The email of one outbox row: an HTML and a plain-text part in the person's language, the portal's
 * name, what happened and a link to it; never the item's content; no image, so no tracking pixel.
 * One-click unsubscribe (RFC 8058) turns off this kind's email only.
 */
export function composeEmail(row: OutboxRow, settings: EmailSettings): ComposedEmail {
  const words = WORDS[row.language] ?? WORDS.en;
  const unsubscribe = unsubscribeUrl(settings.publicUrl, settings.secret, row.user_id, row.kind);
  const why = words.why(words.kinds[row.kind]);
  let subject: string;
  let textBody: string;
  let htmlBody: string;
  if (row.event === 'digest') {
    const items = row.items ?? [];
    const shown = items.slice(0, DIGEST_ITEMS_SHOWN);
    const rest = items.length - shown.length;
    subject = `${settings.portalName}: ${words.digestSubject(items.length)}`;
    const lines = shown.map(
      (item) => `- ${words.events[item.event] ?? words.otherEvent}: ${item.title}\n  ${link(settings.publicUrl, item.path)}`,
    );
    if (rest > 0) lines.push(`- ${words.more(rest)}`);
    textBody = `${words.digestIntro(items.length)}\n\n${lines.join('\n')}\n`;
    const htmlItems = shown.map(
      (item) =>
        `<li><a href="${escapeHtml(link(settings.publicUrl, item.path))}">${escapeHtml(item.title || words.open)}</a> (${escapeHtml(words.events[item.event] ?? words.otherEvent)})</li>`,
    );
    if (rest > 0) htmlItems.push(`<li>${escapeHtml(words.more(rest))}</li>`);
    htmlBody = `<p>${escapeHtml(words.digestIntro(items.length))}</p><ul>${htmlItems.join('')}</ul>`;
  } else {
    const what = words.events[row.event] ?? words.otherEvent;
    const url = link(settings.publicUrl, row.path);
    subject = `${settings.portalName}: ${what}`;
    textBody = `${what}${row.title ? `: ${row.title}` : ''}.\n\n${words.open}: ${url}\n\n${words.signInNote}\n`;
    htmlBody =
      `<p>${escapeHtml(what)}${row.title ? `: <strong>${escapeHtml(row.title)}</strong>` : ''}.</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(words.open)}</a></p><p>${escapeHtml(words.signInNote)}</p>`;
  }
  const text = `${settings.portalName}\n\n${textBody}\n--\n${why}\n${words.unsubscribe}: ${unsubscribe}\n`;
  const html =
    `<!doctype html><html lang="${row.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif;line-height:1.5;color:#1a202c"><h1 style="font-size:18px">${escapeHtml(settings.portalName)}</h1>` +
    `${htmlBody}<hr><p style="font-size:12px;color:#4a5568">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(words.unsubscribe)}</a></p></body></html>`;
  return {
    from: settings.from,
    to: row.email,
    subject,
    text,
    html,
    messageId: messageIdOf(row, settings.publicUrl),
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  };
}
