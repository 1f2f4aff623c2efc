import type { Language } from '@hub/shared/api';

const TEXT = {
  en: {
    title: 'Email notifications',
    ask: (kind: string) => `Stop the emails about ${kind}? You will still see them in the portal.`,
    button: 'Stop these emails',
    done: (kind: string) => `You will no longer receive emails about ${kind}. You can choose again in your profile.`,
    invalid: 'This link is not valid. Change your email choices in your profile.',
  },
  fr: {
    title: 'Notifications par e-mail',
    ask: (kind: string) => `Ne plus recevoir d'e-mails pour ${kind} ? Vous les verrez toujours dans le portail.`,
    button: 'Ne plus recevoir ces e-mails',
    done: (kind: string) => `Vous ne recevrez plus d'e-mails pour ${kind}. Vous pouvez changer ce choix dans votre profil.`,
    invalid: "Ce lien n'est pas valide. Modifiez vos choix d'e-mails dans votre profil.",
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type PageState = { state: 'ask'; kind: string; action: string } | { state: 'done'; kind: string } | { state: 'invalid' };

/** The small page of the unsubscribe link: readable at phone widths and in dark mode, the button reachable by keyboard. */
export function unsubscribePage(language: Language, page: PageState): string {
  const text = TEXT[language];
  const body =
    page.state === 'ask'
      ? `<p>${escapeHtml(text.ask(page.kind))}</p><form method="post" action="${escapeHtml(page.action)}">` +
        `<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(text.button)}</button></form>`
      : page.state === 'done'
        ? `<p role="status">${escapeHtml(text.done(page.kind))}</p>`
        : `<p>${escapeHtml(text.invalid)}</p>`;
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><title>${escapeHtml(text.title)}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}` +
    `button{font:inherit;padding:.5rem 1rem;cursor:pointer}button:focus-visible{outline:3px solid #3182ce;outline-offset:2px}</style></head>` +
    `<body><main><h1>${escapeHtml(text.title)}</h1>${body}</main></body></html>`
  );
}
