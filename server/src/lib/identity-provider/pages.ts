import { createHash } from 'node:crypto';

/**
 * The embedded provider's own pages: self-contained (inline CSS, no fonts or other outside
 * resources, since oidc-provider's development pages fetch web fonts) and usable at phone width.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#eef3f8;color:#1b2733;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{width:100%;max-width:400px;margin:16px;padding:28px 24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(16,42,67,.12)}
h1{margin:0 0 4px;font-size:1.5rem}
p{margin:0 0 16px}
label{display:block;margin:16px 0 4px;font-weight:600}
input{width:100%;padding:10px 12px;font:inherit;border:1px solid #8a99a8;border-radius:6px}
input:focus{outline:3px solid #7cc1f7;outline-offset:1px;border-color:#1d6fb8}
button{width:100%;margin-top:24px;padding:11px 12px;font:inherit;font-weight:600;color:#fff;background:#1d6fb8;border:0;border-radius:6px;cursor:pointer}
button:hover{background:#155a96}
button:focus-visible{outline:3px solid #7cc1f7;outline-offset:2px}
.error{padding:10px 12px;border-radius:6px;background:#fdecea;color:#8a1c14;border:1px solid #f3b7b1}
.hint{margin-top:20px;font-size:.875rem;color:#4a5a6a}
.hint code{font-size:.85rem}
.cancel{display:inline-block;margin-top:12px;color:#1d6fb8}
`;

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  uid: string;
  email?: string;
  error?: string;
  demoAccounts: readonly string[];
  demoPassword?: string;
}

export function loginPage({ uid, email = '', error, demoAccounts, demoPassword }: LoginPageOptions): string {
  const action = `/idp/interaction/${encodeURIComponent(uid)}`;
  const demo =
    demoAccounts.length > 0
      ? `<p class="hint">Development provider. Demo accounts: ${demoAccounts.map((account) => `<code>${escapeHtml(account)}</code>`).join(', ')}${
          demoPassword ? `; password <code>${escapeHtml(demoPassword)}</code>` : ''
        }.</p>`
      : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>Client hub, default connection</p>
${error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login" autocomplete="on" novalidate${error ? ' aria-describedby="form-error"' : ''}>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${error || !email ? ' autofocus' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email && !error ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<a class="cancel" href="${action}/abort">Cancel and go back</a>
${demo}`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

/** Submits oidc-provider's logout form at once: signing out of the portal needs no second question. */
export const LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit();";
export const LOGOUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')}'`;

export function logoutPage(form: string): string {
  // The provider's form only confirms; `logout=yes` also ends the provider session.
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    'Signing out',
    `<h1>Signing out…</h1>
${confirmed}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
<script>${LOGOUT_SCRIPT}</script>`,
  );
}
