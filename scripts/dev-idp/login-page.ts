import type { DevAccount } from './dev-account';

// The IdP is a process of its own with no Tailwind: the product's colours (app/globals.css) and type, inline.
const roleWords: Record<DevAccount['role'], string> = { ADMIN: 'Administrator', ASSET_MANAGER: 'Asset manager', EMPLOYEE: 'Employee' };
const dutyWords: Record<string, string> = { MEDICAL: 'medical staff', COACH: 'coach', FINANCE: 'treasurer', SAFEGUARDING: 'welfare officer' };

const styles = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#f8fafc;color:#0f172a;font-family:ui-sans-serif,system-ui,sans-serif,"Apple Color Emoji","Segoe UI Emoji";font-size:16px;line-height:1.5}
header{background:#1f4f8a;color:#fff;padding:20px 24px}
header p{margin:0;font-weight:600;font-size:18px}
header span{display:block;width:48px;height:4px;margin-top:12px;border-radius:4px;background:#f2a93b}
main{max-width:40rem;margin:0 auto;padding:24px 16px 48px}
h1{margin:0;font-size:24px;font-weight:600;line-height:1.25}
.lead{margin:8px 0 0;color:#475569;font-size:14px}
.card{margin-top:24px;background:#fff;border:1px solid #e2e8f0;border-radius:12px;box-shadow:0 1px 2px rgba(15,23,42,.05);overflow:hidden}
.card h2{margin:0;padding:14px 20px;border-bottom:1px solid #f1f5f9;font-size:14px;font-weight:600}
ul{list-style:none;margin:0;padding:0}
li+li{border-top:1px solid #f1f5f9}
.account{display:flex;width:100%;align-items:center;justify-content:space-between;gap:12px;padding:12px 20px;border:0;background:none;font:inherit;color:inherit;text-align:left;cursor:pointer}
.account:hover{background:#f8fafc}
.account:focus-visible,input:focus-visible,.submit:focus-visible{outline:2px solid #1f4f8a;outline-offset:2px}
.name{font-weight:500;overflow-wrap:anywhere}
.email{display:block;color:#475569;font-size:13px;overflow-wrap:anywhere}
.role{flex-shrink:0;border-radius:9999px;background:#eff6ff;color:#1f4f8a;padding:2px 10px;font-size:12px;font-weight:500;text-align:right}
.other{padding:16px 20px}
label{display:block;font-size:14px;font-weight:500}
.row{display:flex;flex-wrap:wrap;gap:8px;margin-top:6px}
input{flex:1 1 12rem;min-width:0;border:1px solid #cbd5e1;border-radius:6px;padding:8px 12px;font:inherit}
.submit{border:0;border-radius:6px;background:#1f4f8a;color:#fff;padding:8px 16px;font:inherit;font-weight:500;cursor:pointer}
.alert{margin-top:16px;border-radius:6px;background:#fef2f2;color:#991b1b;padding:8px 12px;font-size:14px}
.note{margin-top:16px;color:#64748b;font-size:13px}
`;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "acme.example" -> "Acme": accounts grouped by their organisation as the e-mail domain names it. */
function organisationOf(account: DevAccount): string {
  const domain = account.email.split('@')[1] ?? '';
  const name = domain.split('.')[0] ?? '';
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : 'Other accounts';
}

/** "Employee · treasurer": the role in words, and the duties an account has, if any. */
export function accountWords(account: DevAccount): string {
  const duties = (account.duties ?? []).map((duty) => dutyWords[duty] ?? duty.toLowerCase());
  return [roleWords[account.role], ...duties].join(' · ');
}

function accountButton(account: DevAccount): string {
  const name = `${account.givenName} ${account.familyName}`;
  return `<li><button class="account" name="login" value="${escapeHtml(account.accountId)}"><span><span class="name">${escapeHtml(name)}</span><span class="email">${escapeHtml(account.email)}</span></span><span class="role">${escapeHtml(accountWords(account))}</span></button></li>`;
}

/** The account picker of the local identity provider: one card per organisation, a button per person. */
export function renderLoginPage(accounts: DevAccount[], action: string, error?: string): string {
  const groups = new Map<string, DevAccount[]>();
  for (const account of accounts) groups.set(organisationOf(account), [...(groups.get(organisationOf(account)) ?? []), account]);
  const cards = [...groups]
    .map(
      ([organisation, members], index) =>
        `<section class="card" aria-labelledby="org-${index}"><h2 id="org-${index}">${escapeHtml(organisation)}</h2><form method="post" action="${action}"><ul>${members.map(accountButton).join('')}</ul></form></section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in · Quartermaster test accounts</title><style>${styles}</style></head><body>
<header><p>Quartermaster</p><span aria-hidden="true"></span></header>
<main>
<h1>Choose who to sign in as</h1>
<p class="lead">This is the local sign-in service for trying Quartermaster. Nobody needs a password here: pick a person and you go straight back to the portal.</p>
${error ? `<p role="alert" class="alert">${escapeHtml(error)}</p>` : ''}
${cards}
<section class="card" aria-labelledby="other-heading"><h2 id="other-heading">Someone else</h2><form method="post" action="${action}" class="other"><label for="login">Account name</label><div class="row"><input id="login" name="login" required autocomplete="username"><button class="submit">Sign in</button></div></form></section>
<p class="note">Accounts added for a test appear here too.</p>
</main></body></html>`;
}
