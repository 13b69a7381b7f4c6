import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { sweep } from './support/form-sweep';
import { signInByCookie } from './support/sign-in-by-cookie';
import { apiAs } from './support/tenant-api';

/**
 * Issue 23, item 16: every portal form, submitted with one bad field, comes back with every other control as
 * the person left it and the bad one named (aria-invalid, described by the error in words); corrected, it
 * files what the person chose. One page load per form: the session is a cookie, arranging is SQL or the API.
 *
 * The forms with something to fill in are the cases below, plus the two reported flows in
 * forms-keep-choices.spec.ts (Erase my data; a birth date correction). The others offer no choice that can
 * be refused, only a button on a record the page names in hidden fields: request a data export (PDF / JSON),
 * create a backup, preview a retention run, mark a reminder read, delete news, revoke an invitation,
 * (de)activate a user, (de)activate a code-list value, enable / disable / test / rotate / delete a webhook
 * endpoint, redeliver a delivery, approve / cancel a loan, pick up / return / check in, and the registry
 * actions; a user's duties are checkboxes of which every combination is valid.
 */

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';
const today = () => toIsoDate(new Date());
const stamp = () => randomUUID().slice(0, 6);

async function open(page: Page, accountId: string, path: string): Promise<void> {
  await signInByCookie(page.context(), accountId);
  await page.goto(tenantUrl(accountId.split('-')[0]!, path));
}

const byButton = (name: string) => (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name, exact: true }) });

async function userOf(accountId: string): Promise<{ id: string; personId: string }> {
  const [row] = await ownerSql()`select id, person_id from users where idp_subject = ${accountId}`;
  return { id: row!.id as string, personId: row!.person_id as string };
}

/** An asset of this spec's own (Phones: a text and a checkbox field), named uniquely so a search finds it alone. */
async function createAsset(label: string): Promise<{ id: string; name: string }> {
  const name = `Sweep ${label} ${stamp()}`;
  const [row] = await ownerSql()`
    insert into assets (organisation_id, name, category_id, location_id, status, inventory_number)
    select ${ACME_ID}, ${name}, c.id, (select id from locations where organisation_id = ${ACME_ID} order by name limit 1), 'AVAILABLE', ${`ACME-SWEEP-${stamp().toUpperCase()}`}
    from categories c where c.organisation_id = ${ACME_ID} and c.name = 'Phones'
    returning id`;
  return { id: row!.id as string, name };
}

async function removeAssets(ids: string[]): Promise<void> {
  await ownerSql()`delete from loans where asset_id = any(${ids}::uuid[])`;
  await ownerSql()`delete from assets where id = any(${ids}::uuid[])`;
}

async function insertLoan(assetId: string, requester: string, status: string, start: string, end: string): Promise<string> {
  const [row] = await ownerSql()`
    insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose, decided_at)
    values (${ACME_ID}, ${assetId}, ${(await userOf(requester)).id}, ${status}, ${start}, ${end}, 'Sweep purpose', ${status === 'PENDING_APPROVAL' ? null : new Date()})
    returning id`;
  return row!.id as string;
}

const loanRow = async (id: string) =>
  (await ownerSql()`select status, start_date::text as start, end_date::text as end, purpose, rejection_reason, extension_requested_end_date::text as extension from loans where id = ${id}`)[0];

test.describe('every portal form keeps what was sent and names the bad field', () => {
  test.skip(({ isMobile }) => isMobile, 'Files requests; runs once, on desktop.');

  test.describe('as an employee', () => {
    const ACCOUNT = 'acme-employee-2';

    test('contact details', async ({ page }, testInfo) => {
      const { personId } = await userOf(ACCOUNT);
      const [saved] = await ownerSql()`select phone, preferred_email, language, preferences from persons where id = ${personId}`;
      try {
        await open(page, ACCOUNT, '/profile');
        await sweep(page, 'contact', testInfo, {
          form: byButton('Save profile'),
          submit: 'Save profile',
          fill: async (form) => {
            await form.getByLabel('Preferred e-mail').fill('eli.sweep@example.com');
            await form.getByLabel('Phone').fill('call me');
            await form.getByLabel('Language').selectOption('fr');
            await form.getByLabel('E-mails about my loans').uncheck();
            await form.getByLabel('No marketing, please').check();
          },
          bad: (form) => form.getByLabel('Phone'),
          error: /Enter a phone number with digits/,
          stored: async () => (await ownerSql()`select phone, language, preferences from persons where id = ${personId}`)[0],
          fix: (form) => form.getByLabel('Phone').fill('+33 1 23 45 67 89'),
          filed: {
            phone: '+33 1 23 45 67 89',
            language: 'fr',
            preferences: { ...saved!.preferences, channels: { ...saved!.preferences.channels, email: false, inApp: true }, marketingOptOut: true, marketingOptOutAt: expect.any(String) },
          },
        });
        // Drawn afresh from what is stored now.
        await expect(byButton('Save profile')(page).getByLabel('Language')).toHaveValue('fr');
      } finally {
        await ownerSql()`update persons set phone = ${saved!.phone}, preferred_email = ${saved!.preferred_email}, language = ${saved!.language}, preferences = ${ownerSql().json(saved!.preferences)} where id = ${personId}`;
      }
    });

    test('an identity correction', async ({ page }, testInfo) => {
      const { personId } = await userOf(ACCOUNT);
      try {
        await open(page, ACCOUNT, '/profile');
        await sweep(page, 'identity', testInfo, {
          form: byButton('Request correction'),
          submit: 'Request correction',
          fill: async (form) => {
            await form.getByLabel('What to correct').selectOption('nationality');
            await form.getByLabel('Correct value').fill('Portugal');
            await form.getByLabel('Supporting document (optional)').fill('https://example.com/passport.pdf');
          },
          bad: (form) => form.getByLabel('Correct value'),
          error: /Enter a two-letter country code such as DE or FR\./,
          stored: () => ownerSql()`select fields, evidence from person_change_requests where person_id = ${personId}`,
          fix: (form) => form.getByLabel('Correct value').fill('PT'),
          filed: [{ fields: { nationality: { from: null, to: 'PT' } }, evidence: { documentUrl: 'https://example.com/passport.pdf' } }],
        });
      } finally {
        await ownerSql()`delete from person_change_requests where person_id = ${personId}`;
      }
    });

    test('restricting processing', async ({ page }, testInfo) => {
      const { personId } = await userOf(ACCOUNT);
      try {
        await open(page, ACCOUNT, '/profile');
        await page.getByRole('switch', { name: 'Restrict processing' }).click();
        const confirm = 'I understand that I will not be reminded of my return dates.';
        await sweep(page, 'restriction', testInfo, {
          form: byButton('Restrict processing'),
          submit: 'Restrict processing',
          fill: async () => {},
          bad: (form) => form.getByLabel(confirm),
          error: 'Tick the box to confirm.',
          stored: async () => (await ownerSql()`select processing_restricted from persons where id = ${personId}`)[0],
          fix: (form) => form.getByLabel(confirm).check(),
          filed: { processing_restricted: true },
        });
      } finally {
        await ownerSql()`update persons set processing_restricted = false where id = ${personId}`;
      }
    });

    test('a loan request', async ({ page }, testInfo) => {
      const asset = await createAsset('camera');
      const [start, end] = [addDays(today(), 10), addDays(today(), 12)];
      try {
        await open(page, ACCOUNT, `/loans/new?assetId=${asset.id}&step=3&start=${start}&end=${end}`);
        await sweep(page, 'loan-request', testInfo, {
          form: byButton('Send request'),
          submit: 'Send request',
          fill: async (form) => form.getByLabel('What do you need it for?').fill('   '),
          bad: (form) => form.getByLabel('What do you need it for?'),
          error: /^Say what you need it for\./,
          stored: () => ownerSql()`select status, start_date::text as start, end_date::text as end, purpose from loans where asset_id = ${asset.id}`,
          fix: (form) => form.getByLabel('What do you need it for?').fill('Sweep field trip'),
          filed: [{ status: 'PENDING_APPROVAL', start, end, purpose: 'Sweep field trip' }],
        });
      } finally {
        await removeAssets([asset.id]);
      }
    });

    test('editing a loan request', async ({ page }, testInfo) => {
      const asset = await createAsset('tripod');
      const loanId = await insertLoan(asset.id, ACCOUNT, 'PENDING_APPROVAL', addDays(today(), 20), addDays(today(), 22));
      try {
        await open(page, ACCOUNT, `/loans/${loanId}`);
        await page.getByRole('button', { name: `Edit request for ${asset.name}` }).click();
        await sweep(page, 'loan-edit', testInfo, {
          form: byButton('Save changes'),
          submit: 'Save changes',
          fill: async (form) => {
            await form.getByLabel('Pickup date').fill(addDays(today(), 25));
            await form.getByLabel('Return date').fill(addDays(today(), 23));
            await form.getByLabel('Purpose').fill('Sweep changed purpose');
          },
          bad: (form) => form.getByLabel('Return date'),
          error: 'The return date must not be before the pickup date.',
          stored: () => loanRow(loanId),
          fix: (form) => form.getByLabel('Return date').fill(addDays(today(), 27)),
          filed: { status: 'PENDING_APPROVAL', start: addDays(today(), 25), end: addDays(today(), 27), purpose: 'Sweep changed purpose', rejection_reason: null, extension: null },
        });
      } finally {
        await removeAssets([asset.id]);
      }
    });

    test('an extension', async ({ page }, testInfo) => {
      const asset = await createAsset('drone');
      const [start, end] = [addDays(today(), 1), addDays(today(), 4)];
      const loanId = await insertLoan(asset.id, ACCOUNT, 'APPROVED', start, end);
      try {
        await open(page, ACCOUNT, `/loans/${loanId}`);
        await page.getByRole('button', { name: `Request extension for ${asset.name}` }).click();
        await sweep(page, 'loan-extend', testInfo, {
          form: byButton('Request extension'),
          submit: 'Request extension',
          fill: (form) => form.getByLabel('New return date').fill(addDays(today(), 2)),
          bad: (form) => form.getByLabel('New return date'),
          error: /^Choose a return date after /,
          stored: () => loanRow(loanId),
          fix: (form) => form.getByLabel('New return date').fill(addDays(today(), 8)),
          filed: { status: 'APPROVED', start, end, purpose: 'Sweep purpose', rejection_reason: null, extension: addDays(today(), 8) },
        });
      } finally {
        await removeAssets([asset.id]);
      }
    });
  });

  test.describe('as an asset manager', () => {
    const ACCOUNT = 'acme-manager';

    test('a new asset', async ({ page }, testInfo) => {
      const name = `Sweep phone ${stamp()}`;
      const stored = () =>
        ownerSql()`select a.status, a.serial_number, a.manufacturer, a.model, a.supplier, a.purchase_date::text as purchase_date, a.value::text as value, a.currency,
          a.warranty_months, a.custom_fields, c.name as category from assets a join categories c on c.id = a.category_id where a.name = ${name}`;
      try {
        await open(page, ACCOUNT, '/assets/new');
        await sweep(page, 'asset-new', testInfo, {
          form: byButton('Create asset'),
          submit: 'Create asset',
          fill: async (form) => {
            await form.getByLabel('Name').fill(name);
            await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Phones' });
            await form.getByLabel('Location').selectOption({ index: 1 });
            await form.getByLabel('Status').selectOption('MAINTENANCE');
            await form.getByLabel('Serial number').fill('SN-SWEEP-1');
            await form.getByLabel('Manufacturer').fill('Fairphone');
            await form.getByLabel('Model').fill('FP5');
            await form.getByLabel('Supplier').fill('Sweep Supplies');
            await form.getByLabel('Purchase date').fill('2025-05-01');
            await form.getByLabel('Value', { exact: true }).fill('ten euros');
            await form.getByLabel('Currency').fill('USD');
            await form.getByLabel('Warranty (months)').fill('24');
            await form.getByLabel('IMEI').fill('356938035643809');
            await form.getByLabel('SIM locked').check();
          },
          bad: (form) => form.getByLabel('Value', { exact: true }),
          error: 'Enter an amount such as 120 or 120.50.',
          stored,
          fix: (form) => form.getByLabel('Value', { exact: true }).fill('410.50'),
          filed: [
            {
              status: 'MAINTENANCE',
              serial_number: 'SN-SWEEP-1',
              manufacturer: 'Fairphone',
              model: 'FP5',
              supplier: 'Sweep Supplies',
              purchase_date: '2025-05-01',
              value: '410.50',
              currency: 'USD',
              warranty_months: 24,
              custom_fields: { imei: '356938035643809', simLocked: true },
              category: 'Phones',
            },
          ],
        });
        await page.waitForURL(/\/assets\/[0-9a-f-]+\?done=saved/);
      } finally {
        await removeAssets((await ownerSql()`select id from assets where name = ${name}`).map((row) => row.id as string));
      }
    });

    test('editing an asset', async ({ page }, testInfo) => {
      const asset = await createAsset('handset');
      try {
        await open(page, ACCOUNT, `/assets/${asset.id}/edit`);
        await sweep(page, 'asset-edit', testInfo, {
          form: byButton('Save changes'),
          submit: 'Save changes',
          fill: async (form) => {
            await form.getByLabel('Status').selectOption('RETIRED');
            await form.getByLabel('Model').fill('Edited model');
            await form.getByLabel('Warranty (months)').fill('two years');
            await form.getByLabel('SIM locked').check();
          },
          bad: (form) => form.getByLabel('Warranty (months)'),
          error: /Warranty \(months\)/,
          stored: async () => (await ownerSql()`select status, model, warranty_months, custom_fields from assets where id = ${asset.id}`)[0],
          fix: (form) => form.getByLabel('Warranty (months)').fill('36'),
          filed: { status: 'RETIRED', model: 'Edited model', warranty_months: 36, custom_fields: { simLocked: true } },
        });
      } finally {
        await removeAssets([asset.id]);
      }
    });

    test('a maintenance entry, new and edited', async ({ page }, testInfo) => {
      const asset = await createAsset('radio');
      await ownerSql()`insert into asset_maintenance (organisation_id, asset_id, kind, status, title, scheduled_for, currency, created_by_user_id)
        values (${ACME_ID}, ${asset.id}, 'INSPECTION', 'PLANNED', 'Sweep inspection', ${addDays(today(), 30)}, 'EUR', ${(await userOf(ACCOUNT)).id})`;
      const entries = () =>
        ownerSql()`select kind, status, title, description, scheduled_for::text as scheduled_for, performed_on::text as performed_on, cost::text as cost, currency, vendor
          from asset_maintenance where asset_id = ${asset.id} order by created_at`;
      const inspection = { kind: 'INSPECTION', status: 'PLANNED', title: 'Sweep inspection', description: null, scheduled_for: addDays(today(), 30), performed_on: null, cost: null, currency: 'EUR', vendor: null };
      const repair = { kind: 'REPAIR', status: 'DONE', title: 'Sweep battery', description: 'Replaced the battery.', scheduled_for: null, performed_on: addDays(today(), -3), cost: '99.90', currency: 'USD', vendor: 'Fixit' };
      try {
        await open(page, ACCOUNT, `/assets/${asset.id}?tab=maintenance`);
        await sweep(page, 'maintenance-new', testInfo, {
          form: (p) => p.getByRole('form', { name: 'Add a maintenance entry' }),
          submit: 'Add entry',
          fill: async (form) => {
            await form.getByLabel('Title').fill('Sweep battery');
            await form.getByLabel('Kind').selectOption('REPAIR');
            await form.getByLabel('Status').selectOption('DONE');
            await form.getByLabel('Done on').fill(addDays(today(), -3));
            await form.getByLabel('Cost').fill('a lot');
            await form.getByLabel('Currency').fill('USD');
            await form.getByLabel('Vendor').fill('Fixit');
            await form.getByLabel('Notes').fill('Replaced the battery.');
          },
          bad: (form) => form.getByLabel('Cost'),
          error: 'Enter an amount such as 120 or 120.50.',
          stored: entries,
          fix: (form) => form.getByLabel('Cost').fill('99.90'),
          filed: [inspection, repair],
        });

        await page.getByText('Edit entry').first().click();
        await sweep(page, 'maintenance-edit', testInfo, {
          form: (p) => p.getByRole('form', { name: 'Edit Sweep inspection' }),
          submit: 'Save entry',
          fill: async (form) => {
            await form.getByLabel('Kind').selectOption('SERVICE');
            await form.getByLabel('Vendor').fill('Inspectors Ltd');
            await form.getByLabel('Cost').fill('-5');
          },
          bad: (form) => form.getByLabel('Cost'),
          error: 'Enter an amount such as 120 or 120.50.',
          stored: entries,
          fix: (form) => form.getByLabel('Cost').fill('35'),
          filed: [{ ...inspection, kind: 'SERVICE', vendor: 'Inspectors Ltd', cost: '35.00' }, repair],
        });
      } finally {
        await removeAssets([asset.id]);
      }
    });

    test('moving assets', async ({ page }, testInfo) => {
      const label = `mover${stamp()}`;
      const assets = [await createAsset(label), await createAsset(label)];
      const ids = assets.map((asset) => asset.id);
      const [target] = await ownerSql()`select id, name from locations where organisation_id = ${ACME_ID} order by name desc limit 1`;
      try {
        await open(page, ACCOUNT, `/assets?q=${label}`);
        for (const asset of assets) await page.getByRole('checkbox', { name: `Select ${asset.name}` }).check();
        await sweep(page, 'assets-move', testInfo, {
          form: (p) => p.getByRole('form', { name: 'Move selected assets' }),
          submit: 'Move 2 assets',
          fill: async () => {},
          bad: (form) => form.getByLabel('Move to'),
          error: 'Choose the location to move the assets to.',
          stored: () => ownerSql()`select location_id from assets where id = any(${ids}::uuid[])`,
          fix: (form) => form.getByLabel('Move to').selectOption(target!.id as string),
          filed: [{ location_id: target!.id }, { location_id: target!.id }],
        });
      } finally {
        await removeAssets(ids);
      }
    });

    test('rejecting a request from the dashboard queue', async ({ page }, testInfo) => {
      const asset = await createAsset('lens');
      const loanId = await insertLoan(asset.id, 'acme-employee-1', 'PENDING_APPROVAL', addDays(today(), 5), addDays(today(), 6));
      try {
        await open(page, ACCOUNT, '/dashboard');
        const row = page.locator(`[data-loan-id="${loanId}"]`);
        await row.getByRole('button', { name: `Reject Emma Stone’s request for ${asset.name}` }).click();
        await sweep(page, 'queue-reject', testInfo, {
          form: () => row.locator('form').filter({ has: page.getByRole('button', { name: 'Reject request' }) }),
          submit: 'Reject request',
          fill: async () => {},
          bad: (form) => form.getByLabel('Reason for the borrower'),
          error: 'Say in a few words why, for the borrower.',
          stored: async () => (await loanRow(loanId))!.status,
          fix: (form) => form.getByLabel('Reason for the borrower').fill('Needed for the audit that week'),
          filed: 'REJECTED',
        });
        expect((await loanRow(loanId))!.rejection_reason).toBe('Needed for the audit that week');
      } finally {
        await removeAssets([asset.id]);
      }
    });

    test('rejecting a request on its page', async ({ page }, testInfo) => {
      const asset = await createAsset('flash');
      const loanId = await insertLoan(asset.id, 'acme-employee-1', 'PENDING_APPROVAL', addDays(today(), 5), addDays(today(), 6));
      try {
        await open(page, ACCOUNT, `/loans/${loanId}`);
        await page.getByRole('button', { name: 'Reject', exact: true }).click();
        await sweep(page, 'loan-reject', testInfo, {
          form: (p) => p.locator('form').filter({ has: p.getByLabel('Reason for the borrower') }),
          submit: 'Reject',
          fill: (form) => form.getByLabel('Reason for the borrower').fill(' '),
          bad: (form) => form.getByLabel('Reason for the borrower'),
          error: 'Say in a few words why, for the borrower.',
          stored: async () => (await loanRow(loanId))!.status,
          fix: (form) => form.getByLabel('Reason for the borrower').fill('Booked for the trade fair'),
          filed: 'REJECTED',
        });
      } finally {
        await removeAssets([asset.id]);
      }
    });
  });

  test.describe('as an admin', () => {
    const ACCOUNT = 'acme-admin';
    const organisation = async () => (await ownerSql()`select name, legal_contact_email, loan_policy, registry_id, branding from organisations where id = ${ACME_ID}`)[0]!;

    test('the organisation’s name, legal contact, registry link and loan policy', async ({ page }, testInfo) => {
      const saved = await organisation();
      const [marcus] = await ownerSql()`select id from users where idp_subject = 'acme-manager'`;
      try {
        await open(page, ACCOUNT, '/admin/settings');
        await sweep(page, 'settings-name', testInfo, {
          form: byButton('Save name'),
          submit: 'Save name',
          fill: (form) => form.getByLabel('Organisation name').fill('A'),
          bad: (form) => form.getByLabel('Organisation name'),
          error: /^The name needs at least 2 characters\./,
          stored: async () => (await organisation()).name,
          fix: (form) => form.getByLabel('Organisation name').fill(`${saved.name} Sweep`),
          filed: `${saved.name} Sweep`,
        });
        await sweep(page, 'settings-legal-contact', testInfo, {
          form: byButton('Save legal contact'),
          submit: 'Save legal contact',
          fill: (form) => form.getByLabel('Legal contact e-mail').fill('legal@'),
          bad: (form) => form.getByLabel('Legal contact e-mail'),
          error: /^Enter an e-mail address such as legal@example\.org\./,
          stored: async () => (await organisation()).legal_contact_email,
          fix: (form) => form.getByLabel('Legal contact e-mail').fill('Legal@Acme.example'),
          filed: 'legal@acme.example',
        });
        await sweep(page, 'settings-registry', testInfo, {
          form: byButton('Save registry id'),
          submit: 'Save registry id',
          fill: (form) => form.getByLabel('Registry id').fill('O-9999'),
          bad: (form) => form.getByLabel('Registry id'),
          // The run's server has no registry (phase 0): any id is refused, at the field.
          error: /^Registry synchronisation is not configured/,
          stored: async () => (await organisation()).registry_id,
          fix: (form) => form.getByLabel('Registry id').fill(''),
          filed: null,
        });
        await sweep(page, 'settings-loan-policy', testInfo, {
          form: byButton('Save loan policy'),
          submit: 'Save loan policy',
          fill: async (form) => {
            await form.getByLabel('Loan requests need approval').setChecked(!(saved.loan_policy.requireApproval ?? true));
            await form.getByLabel('Default approver').selectOption(marcus!.id as string);
            await form.getByLabel('Automatic').check();
            await form.getByLabel('Longest loan (days)').fill('0');
            await form.getByLabel('Book at most this many days ahead').fill('45');
          },
          bad: (form) => form.getByLabel('Longest loan (days)'),
          error: 'Enter at least 1 day.',
          stored: async () => (await organisation()).loan_policy,
          fix: (form) => form.getByLabel('Longest loan (days)').fill('21'),
          filed: expect.objectContaining({
            requireApproval: !(saved.loan_policy.requireApproval ?? true),
            defaultApproverUserId: marcus!.id,
            extensions: 'AUTOMATIC',
            maxLoanDays: 21,
            maxAdvanceBookingDays: 45,
          }),
        });
      } finally {
        await ownerSql()`update organisations set name = ${saved.name}, legal_contact_email = ${saved.legal_contact_email}, loan_policy = ${ownerSql().json(saved.loan_policy)},
          registry_id = ${saved.registry_id} where id = ${ACME_ID}`;
      }
    });

    test('an invitation and a role', async ({ page }, testInfo) => {
      const email = `sweep.${stamp()}@acme.example`;
      const admins = await ownerSql()`select id from users where organisation_id = ${ACME_ID} and role = 'ADMIN' and is_active`;
      expect(admins, 'Ada is the only active admin, so demoting her is refused').toHaveLength(1);
      try {
        await open(page, ACCOUNT, '/admin/users');
        await sweep(page, 'invite', testInfo, {
          form: byButton('Send invitation'),
          submit: 'Send invitation',
          fill: async (form) => {
            await form.getByLabel('E-mail address').fill('not-an-email');
            await form.getByLabel('Role').selectOption('ASSET_MANAGER');
          },
          bad: (form) => form.getByLabel('E-mail address'),
          error: /^Enter a valid e-mail address\./,
          stored: () => ownerSql()`select role from invitations where organisation_id = ${ACME_ID} and email = ${email}`,
          fix: (form) => form.getByLabel('E-mail address').fill(email),
          filed: [{ role: 'ASSET_MANAGER' }],
        });
        // Ada's row, found as an admin would in a list of many pages: by her surname.
        await page.goto(tenantUrl('acme', '/admin/users?q=Lovelace'));
        await sweep(page, 'role', testInfo, {
          form: byButton('Save role of Ada Lovelace'),
          submit: 'Save role of Ada Lovelace',
          fill: (form) => form.getByLabel('Role of Ada Lovelace', { exact: true }).selectOption('EMPLOYEE'),
          bad: (form) => form.getByLabel('Role of Ada Lovelace', { exact: true }),
          error: /^This is the last active admin\./,
          stored: async () => (await ownerSql()`select role from users where id = ${admins[0]!.id}`)[0],
          fix: (form) => form.getByLabel('Role of Ada Lovelace', { exact: true }).selectOption('ADMIN'),
          filed: { role: 'ADMIN' },
        });
      } finally {
        await ownerSql()`delete from invitations where organisation_id = ${ACME_ID} and email = ${email}`;
      }
    });

    test('code-list values, new and relabelled', async ({ page }, testInfo) => {
      const code = `sweep-${stamp()}`;
      await ownerSql()`insert into codelist_values (codelist, code, label, is_custom, custom_for_org_id) values ('sport', ${`${code}-old`}, 'Sweep old label', true, ${ACME_ID})`;
      const values = () => ownerSql()`select code, label from codelist_values where custom_for_org_id = ${ACME_ID} and code like ${`${code}%`} order by code`;
      try {
        await open(page, ACCOUNT, '/admin/code-lists?list=sport');
        await sweep(page, 'code-list-add', testInfo, {
          form: byButton('Add value'),
          submit: 'Add value',
          fill: async (form) => {
            await form.getByLabel('Code', { exact: true }).fill('Sweep code!');
            await form.getByLabel('Label', { exact: true }).fill('Sweep padel');
          },
          bad: (form) => form.getByLabel('Code', { exact: true }),
          error: 'A code is letters, digits, dots, dashes and underscores.',
          stored: values,
          fix: (form) => form.getByLabel('Code', { exact: true }).fill(code),
          filed: [
            { code, label: 'Sweep padel' },
            { code: `${code}-old`, label: 'Sweep old label' },
          ],
        });
        await sweep(page, 'code-list-relabel', testInfo, {
          form: (p) => p.locator('form').filter({ has: p.getByRole('textbox', { name: 'Label of Sweep old label' }) }),
          submit: 'Save',
          fill: (form) => form.getByRole('textbox').fill(' '),
          bad: (form) => form.getByRole('textbox'),
          error: 'Enter a label.',
          stored: values,
          fix: (form) => form.getByRole('textbox').fill('Sweep new label'),
          filed: [
            { code, label: 'Sweep padel' },
            { code: `${code}-old`, label: 'Sweep new label' },
          ],
        });
      } finally {
        await ownerSql()`delete from audit_log where target_type = 'CODELIST_VALUE' and organisation_id = ${ACME_ID}`.catch(() => {});
        await ownerSql()`delete from codelist_values where custom_for_org_id = ${ACME_ID} and code like ${`${code}%`}`;
      }
    });

    test('branding', async ({ page }, testInfo) => {
      const saved = await organisation();
      try {
        await open(page, ACCOUNT, '/admin/branding');
        await sweep(page, 'branding', testInfo, {
          form: (p) => p.getByRole('form', { name: 'Branding' }),
          submit: 'Save branding',
          fill: async (form) => {
            await form.getByLabel('Primary', { exact: true }).fill('#12');
            await form.getByLabel('Accent', { exact: true }).fill('#aa3300');
            await form.getByLabel('Tagline').fill('Sweep tagline');
            await form.getByLabel('Image for social sharing').fill('https://example.com/share.png');
            await form.getByLabel('Subject').first().fill('Sweep welcome');
            await form.getByLabel('Opening paragraph').first().fill('Welcome to the sweep.');
          },
          bad: (form) => form.getByLabel('Primary', { exact: true }),
          error: 'Use a hex colour such as #1f4f8a.',
          stored: async () => (await organisation()).branding,
          fix: (form) => form.getByLabel('Primary', { exact: true }).fill('#123456'),
          filed: expect.objectContaining({
            primaryColor: '#123456',
            accentColor: '#aa3300',
            loginTagline: 'Sweep tagline',
            socialImageUrl: 'https://example.com/share.png',
            emailTemplates: expect.objectContaining({ welcome: { subject: 'Sweep welcome', intro: 'Welcome to the sweep.' } }),
          }),
        });
      } finally {
        await ownerSql()`update organisations set branding = ${ownerSql().json(saved.branding)} where id = ${ACME_ID}`;
      }
    });

    test('news', async ({ page }, testInfo) => {
      const body = `Sweep news ${stamp()}`;
      try {
        await open(page, ACCOUNT, '/admin/news');
        await sweep(page, 'news', testInfo, {
          form: byButton('Publish news'),
          submit: 'Publish news',
          fill: async (form) => {
            await form.getByLabel('Title').fill('Hi');
            await form.getByLabel('Text').fill(body);
          },
          bad: (form) => form.getByLabel('Title'),
          error: 'Give the news a title of at least 3 characters.',
          stored: () => ownerSql()`select title from announcements where organisation_id = ${ACME_ID} and body = ${body}`,
          fix: (form) => form.getByLabel('Title').fill('Sweep news'),
          filed: [{ title: 'Sweep news' }],
        });
      } finally {
        await ownerSql()`delete from announcements where organisation_id = ${ACME_ID} and body = ${body}`;
      }
    });

    test('a webhook endpoint, new and edited', async ({ page }, testInfo) => {
      const url = `http://127.0.0.1:9/sweep-${stamp()}`;
      const created = await apiAs(ACCOUNT, 'POST', '/api/v1/webhook-endpoints', { url: `${url}-edit`, description: 'Sweep edit', eventTypes: ['loan.approved'] });
      expect(created.status).toBe(201);
      const endpoints = () => ownerSql()`select url, description, event_types, enabled from webhook_endpoints where url like ${`${url}%`} order by created_at`;
      const edited = { url: `${url}-edit`, description: 'Sweep edit', event_types: ['loan.approved'], enabled: true };
      try {
        await open(page, ACCOUNT, '/admin/webhooks');
        await sweep(page, 'webhook-new', testInfo, {
          form: byButton('Add endpoint'),
          submit: 'Add endpoint',
          fill: async (form) => {
            await form.getByLabel('URL', { exact: true }).fill('ftp://example.com/hook');
            await form.getByLabel('Description (optional)').fill('Sweep sync');
            await form.getByRole('checkbox', { name: /^loan\.approved/ }).check();
            await form.getByRole('checkbox', { name: /^asset\.created/ }).check();
          },
          bad: (form) => form.getByLabel('URL', { exact: true }),
          error: /^Use an https:\/\/ URL\./,
          stored: endpoints,
          fix: (form) => form.getByLabel('URL', { exact: true }).fill(url),
          filed: [edited, { url, description: 'Sweep sync', event_types: ['loan.approved', 'asset.created'], enabled: true }],
        });

        await page.goto(tenantUrl('acme', `/admin/webhooks/${created.body.id}`));
        await sweep(page, 'webhook-edit', testInfo, {
          form: byButton('Save endpoint'),
          submit: 'Save endpoint',
          fill: async (form) => {
            await form.getByLabel('URL', { exact: true }).fill('not a url');
            await form.getByLabel('Description (optional)').fill('Sweep edited');
            await form.getByRole('checkbox', { name: /^loan\.approved/ }).uncheck();
            await form.getByRole('checkbox', { name: /^asset\.created/ }).check();
            await form.getByLabel('Enabled').uncheck();
          },
          bad: (form) => form.getByLabel('URL', { exact: true }),
          error: /^Enter a full URL, such as https:\/\/example\.com\/webhooks\./,
          stored: endpoints,
          fix: (form) => form.getByLabel('URL', { exact: true }).fill(`${url}-edited`),
          filed: [
            { url: `${url}-edited`, description: 'Sweep edited', event_types: ['asset.created'], enabled: false },
            { url, description: 'Sweep sync', event_types: ['loan.approved', 'asset.created'], enabled: true },
          ],
        });
      } finally {
        await ownerSql()`delete from webhook_endpoints where url like ${`${url}%`}`;
      }
    });

    test('verifying and rejecting erasure requests', async ({ page }, testInfo) => {
      // People of this spec's own, without an account: the verified request's erasure runs on one of them.
      const request = async () => {
        const [person] = await ownerSql()`insert into persons (organisation_id, first_name, last_name, nationality) values (${ACME_ID}, 'Sweep', ${`Subject ${stamp()}`}, 'PT') returning id`;
        const [row] = await ownerSql()`insert into data_deletion_requests (organisation_id, person_id, scope, partial_fields, legal_due_at)
          values (${ACME_ID}, ${person!.id}, 'partial', '{nationality}', now() + interval '30 days') returning id`;
        return row!.id as string;
      };
      const [verifyId, rejectId] = [await request(), await request()];
      const decision = async (id: string) => (await ownerSql()`select verification_method, verification_note, rejection_reason from data_deletion_requests where id = ${id}`)[0];
      try {
        await open(page, ACCOUNT, `/admin/erasure-requests/${verifyId}`);
        await sweep(page, 'erasure-verify', testInfo, {
          form: (p) => p.getByRole('form', { name: 'Verify identity' }),
          submit: 'Verify and erase',
          fill: (form) => form.getByLabel('Note (optional)').fill('Called the number on file.'),
          bad: (form) => form.getByLabel('How did you confirm who they are?'),
          error: 'Choose how you confirmed who they are.',
          stored: () => decision(verifyId),
          fix: (form) => form.getByLabel('How did you confirm who they are?').selectOption('phone'),
          filed: { verification_method: 'phone', verification_note: 'Called the number on file.', rejection_reason: null },
        });

        await page.goto(tenantUrl('acme', `/admin/erasure-requests/${rejectId}`));
        await sweep(page, 'erasure-reject', testInfo, {
          form: (p) => p.getByRole('form', { name: 'Reject request' }),
          submit: 'Reject request',
          fill: (form) => form.getByLabel('Reason').fill(' '),
          bad: (form) => form.getByLabel('Reason'),
          error: /^Give the reason the subject will read\./,
          stored: () => decision(rejectId),
          fix: (form) => form.getByLabel('Reason').fill('We could not confirm who asked.'),
          filed: { verification_method: null, verification_note: null, rejection_reason: 'We could not confirm who asked.' },
        });
      } finally {
        await ownerSql()`delete from data_deletion_requests where id = ${rejectId}`;
      }
    });

    test('rejecting a change proposal', async ({ page }, testInfo) => {
      const eli = await userOf('acme-employee-2');
      const [proposal] = await ownerSql()`insert into person_change_requests (organisation_id, person_id, kind, requested_by_user_id, fields)
        values (${ACME_ID}, ${eli.personId}, 'update', ${eli.id}, ${ownerSql().json({ nationality: { from: null, to: 'PT' } })}) returning id`;
      try {
        await open(page, ACCOUNT, '/admin/proposals');
        const reason = 'Reason for rejecting the change of Eli Novak';
        await sweep(page, 'proposal-reject', testInfo, {
          form: (p) => p.locator('form').filter({ visible: true, has: p.getByRole('textbox', { name: reason }) }),
          submit: 'Reject the change of Eli Novak',
          fill: (form) => form.getByRole('textbox', { name: reason }).fill('no'),
          bad: (form) => form.getByRole('textbox', { name: reason }),
          error: 'Give a reason of at least 3 characters.',
          stored: async () => (await ownerSql()`select status, rejection_reason from person_change_requests where id = ${proposal!.id}`)[0],
          fix: (form) => form.getByRole('textbox', { name: reason }).fill('Not what the passport says.'),
          filed: { status: 'rejected', rejection_reason: 'Not what the passport says.' },
        });
      } finally {
        await ownerSql()`delete from person_change_requests where id = ${proposal!.id}`;
      }
    });

    test('a legal report and a retention run', async ({ page }, testInfo) => {
      const now = new Date();
      const month = (offset: number) => toIsoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))).slice(0, 7);
      const startedAt = new Date(Date.now() - 1000);
      await open(page, ACCOUNT, '/admin/legal-reports');
      await sweep(page, 'legal-report', testInfo, {
        form: byButton('Generate report'),
        submit: 'Generate report',
        fill: (form) => form.getByLabel('Month').fill(month(0)),
        bad: (form) => form.getByLabel('Month'),
        error: /^Choose a month that is over\./,
        stored: async () => (await ownerSql()`select count(*)::int as n from legal_reports where organisation_id = ${ACME_ID} and generated_at >= ${startedAt}`)[0],
        fix: (form) => form.getByLabel('Month').fill(month(-2)),
        filed: { n: 1 },
      });

      // The corrected submission would start a real, irreversible run over the shared demo data: only the refusal is swept.
      await page.goto(tenantUrl('acme', '/admin/retention'));
      const confirm = 'I understand that records past their retention period are deleted or anonymised for good.';
      await sweep(page, 'retention-run', testInfo, {
        form: byButton('Run now'),
        submit: 'Run now',
        fill: async () => {},
        bad: (form) => form.getByLabel(confirm),
        error: 'Tick the box to confirm that past-retention records are deleted for good.',
        stored: async () => (await ownerSql()`select count(*)::int as n from retention_runs where organisation_id = ${ACME_ID} and dry_run = false`)[0],
      });
    });
  });
});
