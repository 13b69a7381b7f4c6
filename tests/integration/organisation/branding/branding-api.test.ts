import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

let pro: TestTenant;
let other: TestTenant;
let free: TestTenant;
const tokens = { admin: '', manager: '', otherAdmin: '', freeAdmin: '' };

const freeBranding = { primaryColor: '#ff0000', loginTagline: 'Stored before the downgrade' };

beforeAll(async () => {
  [pro, other, free] = await Promise.all([createTenant({ planTier: 'PRO_STANDARD' }), createTenant({ planTier: 'PRO_PLUS' }), createTenant({ planTier: 'FREE' })]);
  await ownerDb()`update organisations set branding = ${ownerDb().json(freeBranding)} where id = ${free.id}`;
  [tokens.admin, tokens.manager, tokens.otherAdmin, tokens.freeAdmin] = await Promise.all([pro.admin.token(), pro.manager.token(), other.admin.token(), free.admin.token()]);
});

const patch = (json: unknown, token = tokens.admin, slug = pro.slug) => call('PATCH', '/api/v1/branding', { tenant: slug, token, json });
const stored = async (id: string) => (await ownerDb()`select branding, custom_domain from organisations where id = ${id}`)[0]!;
const audits = (id: string) => ownerDb()`select action, actor_user_id, target_type, target_id, changes from audit_log where organisation_id = ${id} and action = 'BRANDING_UPDATED' order by id`;
const uniqueDomain = () => `portal-${randomBytes(4).toString('hex')}.example-brand.test`;

describe('GET /api/v1/branding', () => {
  it('answers an admin with the stored branding, nulls for defaults, and the plan', async () => {
    const res = await call('GET', '/api/v1/branding', { tenant: other.slug, token: tokens.otherAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      brandingAllowed: true,
      currentPlan: 'PRO_PLUS',
      requiredPlan: 'PRO_STANDARD',
      branding: {
        primaryColor: null,
        accentColor: null,
        backgroundColor: null,
        mutedColor: null,
        logoSvg: null,
        loginTagline: null,
        socialImageUrl: null,
        emailTemplates: { welcome: { subject: null, intro: null }, loanApproved: { subject: null, intro: null }, reminder: { subject: null, intro: null } },
        customDomain: null,
      },
    });
  });

  it('tells a FREE tenant that its stored branding does not apply', async () => {
    const res = await call('GET', '/api/v1/branding', { tenant: free.slug, token: tokens.freeAdmin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ brandingAllowed: false, currentPlan: 'FREE', requiredPlan: 'PRO_STANDARD', branding: { primaryColor: '#ff0000' } });
  });

  it('refuses a non-admin with 403 FORBIDDEN', async () => {
    expectEnvelope(await call('GET', '/api/v1/branding', { tenant: pro.slug, token: tokens.manager }), 403, 'FORBIDDEN');
  });
});

describe('PATCH /api/v1/branding', () => {
  it('stores colours (lower-cased), tagline, e-mail texts and social image, and audits the change', async () => {
    const res = await patch({
      primaryColor: '#0A7F5C',
      accentColor: '#d9480f',
      loginTagline: 'Gear for the whole team',
      socialImageUrl: 'https://cdn.example.test/share.png',
      emailTemplates: { loanApproved: { subject: 'Your gear is ready', intro: 'Good news from the stores.' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.branding).toMatchObject({
      primaryColor: '#0a7f5c',
      accentColor: '#d9480f',
      loginTagline: 'Gear for the whole team',
      socialImageUrl: 'https://cdn.example.test/share.png',
      emailTemplates: { loanApproved: { subject: 'Your gear is ready', intro: 'Good news from the stores.' }, welcome: { subject: null, intro: null } },
    });
    expect((await stored(pro.id)).branding).toEqual({
      primaryColor: '#0a7f5c',
      accentColor: '#d9480f',
      loginTagline: 'Gear for the whole team',
      socialImageUrl: 'https://cdn.example.test/share.png',
      emailTemplates: { loanApproved: { subject: 'Your gear is ready', intro: 'Good news from the stores.' } },
    });
    const [audit] = await audits(pro.id);
    expect(audit).toMatchObject({ actor_user_id: pro.admin.id, target_type: 'ORGANISATION', target_id: pro.id });
    expect(audit!.changes).toMatchObject({ primaryColor: { before: null, after: '#0a7f5c' }, loginTagline: { before: null, after: 'Gear for the whole team' } });
    expect(Object.keys(audit!.changes).sort()).toEqual(['accentColor', 'emailTemplates', 'loginTagline', 'primaryColor', 'socialImageUrl']);
  });

  it('clears a field with null and leaves the others', async () => {
    const res = await patch({ accentColor: null, emailTemplates: { loanApproved: { intro: null } } });
    expect(res.status).toBe(200);
    const { branding } = await stored(pro.id);
    expect(branding.accentColor).toBeUndefined();
    expect(branding.primaryColor).toBe('#0a7f5c');
    expect(branding.emailTemplates).toEqual({ loanApproved: { subject: 'Your gear is ready' } });
  });

  it('stores a malicious SVG sanitised, and audits a hash and size instead of the document', async () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">' +
      '<script>alert(document.cookie)</script><foreignObject><iframe src="https://evil.test"></iframe></foreignObject>' +
      '<a xlink:href="javascript:alert(2)"><rect width="10" height="10" fill="#123456"/></a><image href="https://evil.test/pixel.png"/></svg>';
    const res = await patch({ logoSvg: hostile });
    expect(res.status).toBe(200);
    const { branding } = await stored(pro.id);
    for (const bad of ['script', 'onload', 'foreignObject', 'iframe', 'javascript:', 'evil.test']) expect(branding.logoSvg).not.toContain(bad);
    expect(branding.logoSvg).toMatch(/^<svg[^>]*viewBox="0 0 10 10"/);
    expect(branding.logoSvg).toContain('fill="#123456"');
    expect(res.body.branding.logoSvg).toBe(branding.logoSvg);
    const logoAudit = (await audits(pro.id)).at(-1)!.changes.logo;
    expect(logoAudit).toEqual({ before: null, after: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: Buffer.byteLength(branding.logoSvg) } });
    expect(JSON.stringify(logoAudit)).not.toContain('<svg');
  });

  it('answers 400 for a bad colour, a non-SVG logo, a logo with two roots and an oversized logo, and stores nothing', async () => {
    const before = await stored(pro.id);
    const count = (await audits(pro.id)).length;
    for (const body of [{ primaryColor: 'red' }, { accentColor: '#12345' }, { primaryColor: '#1234567' }]) expectEnvelope(await patch(body), 400, 'VALIDATION_ERROR');
    const notSvg = await patch({ logoSvg: '<html><body>hello</body></html>' });
    expectEnvelope(notSvg, 400, 'VALIDATION_ERROR');
    expect(notSvg.body.error.details.issues).toEqual([expect.objectContaining({ path: 'logoSvg', code: 'not_svg' })]);
    const twoRoots = await patch({ logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg><svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>' });
    expectEnvelope(twoRoots, 400, 'VALIDATION_ERROR');
    expect(twoRoots.body.error.details.issues).toEqual([expect.objectContaining({ path: 'logoSvg', code: 'not_svg', message: expect.stringContaining('single <svg> root element') })]);
    const oversized = await patch({ logoSvg: `<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(65 * 1024)}</desc></svg>` });
    expectEnvelope(oversized, 400, 'VALIDATION_ERROR');
    expect(oversized.body.error.details.issues).toEqual([expect.objectContaining({ path: 'logoSvg', code: 'too_big' })]);
    expectEnvelope(await patch({ socialImageUrl: 'http://cdn.example.test/a.png' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await patch({ loginTagline: 'two\nlines' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await patch({}), 400, 'VALIDATION_ERROR');
    expect(await stored(pro.id)).toEqual(before);
    expect(await audits(pro.id)).toHaveLength(count);
  });

  it('answers 403 PLAN_UPGRADE_REQUIRED below Pro Standard and keeps the stored branding', async () => {
    const res = await patch({ primaryColor: '#000000' }, tokens.freeAdmin, free.slug);
    expectEnvelope(res, 403, 'PLAN_UPGRADE_REQUIRED');
    expect(res.body.error.details).toEqual({ requiredPlan: 'PRO_STANDARD', currentPlan: 'FREE' });
    expect((await stored(free.id)).branding).toEqual(freeBranding);
    expect(await audits(free.id)).toHaveLength(0);
  });

  it('shows the defaults on a FREE tenant\'s login page, whatever is stored', async () => {
    const page = await call('GET', '/login', { tenant: free.slug });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Tenant ${free.slug}`);
    expect(page.text).not.toContain(freeBranding.loginTagline);
    expect(page.text).not.toContain('#ff0000');
  });

  it('refuses a non-admin with 403 FORBIDDEN and changes nothing', async () => {
    const before = await stored(pro.id);
    expectEnvelope(await patch({ primaryColor: '#000000' }, tokens.manager), 403, 'FORBIDDEN');
    expect(await stored(pro.id)).toEqual(before);
  });

  it("keeps tenants apart: another tenant's admin changes only its own branding, and cannot use its token here", async () => {
    const before = await stored(pro.id);
    expect((await patch({ primaryColor: '#222222' }, tokens.otherAdmin, other.slug)).status).toBe(200);
    expect((await stored(other.id)).branding.primaryColor).toBe('#222222');
    expect(await stored(pro.id)).toEqual(before);
    expectEnvelope(await patch({ primaryColor: '#333333' }, tokens.otherAdmin), 401, 'UNAUTHENTICATED');
    expectEnvelope(await call('PATCH', '/api/v1/branding', { tenant: 'no-such-tenant', token: tokens.admin, json: { primaryColor: '#333333' } }), 404, 'TENANT_NOT_FOUND');
    expect(await stored(pro.id)).toEqual(before);
  });

  it('serves the branded login page and og:image', async () => {
    const page = await call('GET', '/login', { tenant: pro.slug });
    expect(page.text).toContain('Gear for the whole team');
    expect(page.text).toContain('--color-brand:#0a7f5c');
    expect(page.text).toMatch(/<meta property="og:image" content="https:\/\/cdn\.example\.test\/share\.png"/);
    expect(page.text).toMatch(/<meta name="twitter:image" content="https:\/\/cdn\.example\.test\/share\.png"/);
  });
});

describe('custom domain', () => {
  it('serves the tenant at its new domain at once, and forgets the old one', async () => {
    const first = uniqueDomain();
    // A lookup before the change: the host cache now holds "no tenant" for it.
    expect((await call('GET', '/login', { host: first })).status).toBe(404);
    const res = await patch({ customDomain: ` ${first.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body.branding.customDomain).toBe(first);
    expect((await stored(pro.id)).custom_domain).toBe(first);
    const page = await call('GET', '/login', { host: first });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Tenant ${pro.slug}`);

    const second = uniqueDomain();
    expect((await patch({ customDomain: second })).status).toBe(200);
    expect((await call('GET', '/login', { host: second })).status).toBe(200);
    expect((await call('GET', '/login', { host: first })).status).toBe(404);
    const [audit] = (await audits(pro.id)).filter((row) => row.changes.customDomain?.after === second);
    expect(audit!.changes.customDomain).toEqual({ before: first, after: second });
  });

  it('answers 409 CUSTOM_DOMAIN_CONFLICT for a domain another tenant uses, in any case', async () => {
    const { custom_domain: taken } = await stored(pro.id);
    const res = await patch({ customDomain: String(taken).toUpperCase() }, tokens.otherAdmin, other.slug);
    expectEnvelope(res, 409, 'CUSTOM_DOMAIN_CONFLICT');
    expect(res.body.error.details).toEqual({ customDomain: taken });
    expect((await stored(other.id)).custom_domain).toBeNull();
  });

  it('answers 400 for the platform domain, an address with a scheme or path, and an IP', async () => {
    for (const customDomain of ['localhost', 'evil.localhost', 'https://portal.example.test', 'portal.example.test/login', '10.0.0.1', 'no_underscores.example.test']) {
      expectEnvelope(await patch({ customDomain }, tokens.otherAdmin, other.slug), 400, 'VALIDATION_ERROR');
    }
    expect((await stored(other.id)).custom_domain).toBeNull();
  });

  it('does not serve a custom domain below Pro Standard', async () => {
    const domain = uniqueDomain();
    await ownerDb()`update organisations set custom_domain = ${domain} where id = ${free.id}`;
    expect((await call('GET', '/login', { host: domain })).status).toBe(404);
    expect((await call('GET', '/login', { tenant: free.slug })).status).toBe(200);
  });

  it('clears the domain with null', async () => {
    expect((await patch({ customDomain: null })).status).toBe(200);
    expect((await stored(pro.id)).custom_domain).toBeNull();
  });
});
