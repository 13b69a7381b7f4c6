import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const GLOBEX_ID = '0b4c3a7e-0000-4000-8000-00000000610b';

async function personId(firstName: string, lastName: string): Promise<string> {
  const [row] = await ownerSql()`select id from persons where organisation_id = ${GLOBEX_ID} and first_name = ${firstName} and last_name = ${lastName}`;
  return row!.id as string;
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Records of this person' });

async function expectTabs(page: Page, labels: string[]) {
  await expect(tabBar(page).getByRole('link')).toHaveText(labels);
}

async function expectForbidden(page: Page, path: string) {
  const response = await page.goto(new URL(path, page.url()).toString());
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
}

test.describe('people and their activities', () => {
  test('a coach records a training for the squad in one step, with attendance, after correcting a wrong input', async ({ page }, testInfo) => {
    const title = `U19 training ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
    await signIn(page, 'globex-employee-1', { path: '/people' });
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Everyone' })).toBeVisible();
    await page.getByRole('link', { name: 'Record a training or match' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Record a training or match' })).toBeVisible();

    // Wrong: the end before the start, and nobody on the register.
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Focus or opponent').fill('Pressing');
    await page.getByLabel('Start').fill('17:00');
    await page.getByLabel('End').fill('16:00');
    await page.getByRole('button', { name: 'Record for the squad' }).click();
    await expect(page.getByText('The end must be after the start, on the same day.')).toBeVisible();
    await expect(page.getByText('Mark at least one person as present, excused or absent.')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('End')).toHaveValue('16:00');
    expect(await ownerSql()`select id from activities where organisation_id = ${GLOBEX_ID} and title = ${title}`).toEqual([]);
    await screenshot(page, testInfo, 'people-squad-refused');

    // Corrected: a proper end, everyone present but Mateo, who is excused.
    await page.getByLabel('End').fill('18:30');
    await page.getByRole('button', { name: 'Mark everyone present' }).click();
    await page.getByLabel('Mateo Silva').selectOption('excused');
    await page.getByRole('button', { name: 'Record for the squad' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Recorded for 6 people, 5 present.' })).toBeVisible();
    const rows = await ownerSql()`select a.details, p.first_name, a.recorded_by_user_id, a.ended_at - a.occurred_at as length
      from activities a join persons p on p.id = a.person_id where a.organisation_id = ${GLOBEX_ID} and a.title = ${title} order by p.first_name`;
    expect(rows.map((r) => [r.first_name, r.details.attendance])).toEqual([
      ['Amara', 'present'],
      ['Jonas', 'present'],
      ['Kacper', 'present'],
      ['Lena', 'present'],
      ['Mateo', 'excused'],
      ['Noor', 'present'],
    ]);
    expect(rows[0]!.details).toMatchObject({ squad: 'U19', focus: 'Pressing' });
    const audits = await ownerSql()`select count(*)::int as n from audit_log where organisation_id = ${GLOBEX_ID} and action = 'ACTIVITY_RECORDED' and actor_user_id = ${rows[0]!.recorded_by_user_id}
      and changes->'title'->>'after' = ${title}`;
    expect(audits[0]!.n).toBe(6);
    await screenshot(page, testInfo, 'people-squad');

    // Lena's page shows it; the coach records one more activity for her alone, after a refused try.
    const lena = await personId('Lena', 'Hoffmann');
    await page.goto(new URL(`/people/${lena}/activities`, page.url()).toString());
    await expectTabs(page, ['Profile', 'Activities', 'Conversations']);
    const single = page.getByRole('form', { name: 'Record an activity' });
    const evaluation = `Match evaluation ${randomUUID().slice(0, 6)}`;
    await single.getByLabel('Kind').selectOption('match_evaluation');
    await single.getByLabel('Notes').fill('Strong pressing, first touch to work on.');
    await single.getByRole('button', { name: 'Record activity' }).click();
    await expect(single.getByText('Give the activity a title.')).toBeVisible();
    await expect(single.getByLabel('Kind')).toHaveValue('match_evaluation');
    await expect(single.getByLabel('Notes')).toHaveValue('Strong pressing, first touch to work on.');
    await single.getByLabel('Title').fill(evaluation);
    await single.getByRole('button', { name: 'Record activity' }).click();
    await expect(single.getByRole('status').filter({ hasText: 'The activity is recorded.' })).toBeVisible();
    await expect(page.getByTestId('activity-row').filter({ hasText: evaluation })).toContainText('Match evaluation');
    await expect(page.getByTestId('activity-row').filter({ hasText: evaluation })).toContainText('Kept for ever');
    const [recorded] = await ownerSql()`select type, details from activities where organisation_id = ${GLOBEX_ID} and person_id = ${lena} and title = ${evaluation}`;
    expect(recorded).toEqual({ type: 'match_evaluation', details: { notes: 'Strong pressing, first touch to work on.' } });
    await screenshot(page, testInfo, 'people-activities');

    // The coach comments on the training, and removes a comment of Lena's (moderation, audited).
    const row = page.getByTestId('activity-row').filter({ hasText: title });
    await expect(row).toContainText('Present');
    await expect(row).toContainText('Kept 7 years after the training');
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByTestId('activity-facts')).toContainText('Pressing');
    await expect(page.getByTestId('activity-facts')).toContainText('Present');

    const [activity] = await ownerSql()`select id from activities where organisation_id = ${GLOBEX_ID} and title = ${title} and person_id = ${lena}`;
    await ownerSql()`insert into activity_comments (organisation_id, activity_id, author_person_id, body) values (${GLOBEX_ID}, ${activity!.id}, ${lena}, 'My calf felt tight after the sprints.')`;
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByText('Write a comment.')).toBeVisible();
    await page.getByLabel('Your comment').fill('Good intensity today, Lena.');
    await page.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByTestId('comment').filter({ hasText: 'Good intensity today, Lena.' })).toContainText('You');
    const lenasComment = page.getByTestId('comment').filter({ hasText: 'My calf felt tight' });
    await lenasComment.getByRole('button', { name: 'Remove' }).click();
    await lenasComment.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByTestId('comment').filter({ hasText: 'My calf felt tight' })).toHaveCount(0);
    const moderated = await ownerSql()`select metadata from audit_log where organisation_id = ${GLOBEX_ID} and action = 'COMMENT_MODERATED' and metadata->>'activityId' = ${activity!.id}`;
    expect(moderated).toEqual([{ metadata: { activityId: activity!.id, authorPersonId: lena } }]);

    // A correction of the time, refused first for an end before the start.
    await page.getByLabel('End').fill('08:00');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByText('The end must be after the start, on the same day.')).toBeVisible();
    await page.getByLabel('End').fill('19:00');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The correction is saved.' })).toBeVisible();
    const [corrected] = await ownerSql()`select extract(epoch from ended_at - occurred_at)::int as seconds from activities where id = ${activity!.id}`;
    expect(corrected!.seconds).toBe(2 * 3600);
    await screenshot(page, testInfo, 'people-activity');
  });

  test('an admin finds a person by name and role and reads their profile and registry state in words', async ({ page }, testInfo) => {
    await signIn(page, 'globex-admin', { path: '/people' });
    await page.getByLabel('Name').fill('hoffmann');
    await page.getByLabel('Role in the club').selectOption('athlete');
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByTestId('person-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Lena Hoffmann');
    await expect(rows).toContainText('Athlete');
    await expect(rows).toContainText(/Not in the registry|Matches the registry|Registration requested|Differs from the registry|Update on its way/);
    await screenshot(page, testInfo, 'people-directory');

    await rows.getByRole('link', { name: 'Lena Hoffmann' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lena Hoffmann' })).toBeVisible();
    await expectTabs(page, ['Profile', 'Activities', 'Conversations']);
    await expect(page.getByTestId('registry-state')).not.toBeEmpty();
    await expect(page.getByTestId('person-account')).toHaveText('Does not sign in to the portal.');
    await expect(page.getByText('14 Mar 2006')).toBeVisible();
    // The national ID number is decrypted only on request, and that read is audited.
    const lena = await personId('Lena', 'Hoffmann');
    const reads = () => ownerSql()`select count(*)::int as n from audit_log where organisation_id = ${GLOBEX_ID} and action = 'SENSITIVE_RECORD_VIEWED' and target_id = ${lena}`;
    const before = (await reads())[0]!.n as number;
    await page.getByRole('link', { name: 'Show (the view is recorded)' }).click();
    await expect(page.getByTestId('person-identifier')).toHaveText('T22000129');
    expect((await reads())[0]!.n).toBe(before + 1);
    await screenshot(page, testInfo, 'people-profile');
    // Lena has no account, so no loans; an admin without MEDICAL has no medical tab.
    await expectForbidden(page, `/people/${await personId('Lena', 'Hoffmann')}/loans`);

    // Someone with an account: the admin sees their loans tab.
    await page.goto(new URL(`/people/${await personId('Tom', 'Becker')}/loans`, page.url()).toString());
    await expectTabs(page, ['Profile', 'Loans', 'Activities', 'Conversations']);
    await expect(page.getByRole('heading', { level: 2, name: 'Loans' })).toBeVisible();
  });

  for (const [account, heading, member, label] of [
    ['globex-employee-2', 'People with medical records', 'Kacper Wiśniewski', 'Medical'],
    ['globex-employee-3', 'People with donations or payments', 'Helga Vogel', 'Finance'],
    ['globex-employee-4', 'People with incident reports', 'Kacper Wiśniewski', 'Incidents'],
  ] as const) {
    test(`${account} starts with the people their records concern, sees only their duty's tab, and may not record activities`, async ({ page }, testInfo) => {
      await signIn(page, account, { path: '/people' });
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(page.getByTestId('person-row').filter({ hasText: member })).toHaveCount(1);
      await expect(page.getByRole('link', { name: 'Record a training or match' })).toHaveCount(0);
      if (label === 'Medical') await screenshot(page, testInfo, 'people-directory-physio');

      // Widening to everyone finds the person a first record would be about.
      await page.getByLabel('Records', { exact: true }).selectOption('all');
      await page.getByLabel('Name').fill('Noor');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Everyone' })).toBeVisible();
      await page.getByTestId('person-row').getByRole('link', { name: 'Noor van Dijk' }).click();
      await expectTabs(page, ['Profile', 'Conversations', label]);
      await expect(page.getByTestId('person-identifier')).toHaveCount(0);
      await expectForbidden(page, `/people/${await personId('Noor', 'van Dijk')}/activities`);
      await expectForbidden(page, '/people/squad');
    });
  }

  test('a member without a duty has no directory, and finds their own records from their profile', async ({ page }, testInfo) => {
    await signIn(page, 'globex-manager');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' })).toHaveCount(0);
    await expectForbidden(page, '/people');
    await expectForbidden(page, `/people/${await personId('Lena', 'Hoffmann')}`);

    await page.goto(new URL('/profile', page.url()).toString());
    await page.getByRole('link', { name: 'Your records' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your records, Hank' })).toBeVisible();
    await expectTabs(page, ['Profile', 'Loans', 'Activities', 'Conversations', 'Medical', 'Finance', 'Incidents']);
    await expect(page.getByTestId('person-account')).toContainText('Asset manager');
    await screenshot(page, testInfo, 'people-own-records');
  });

  test("the physio's own activities are theirs to read and comment on, not to change", async ({ page }, testInfo) => {
    await signIn(page, 'globex-employee-2', { path: '/profile' });
    await page.goto(new URL('/people/me/activities', page.url()).toString());
    await expect(page.getByRole('heading', { level: 1, name: 'Your records, Tom' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your activities' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Record an activity/ })).toHaveCount(0);
    const workshop = page.getByTestId('activity-row').filter({ hasText: 'Concussion awareness workshop' });
    await expect(workshop).toContainText('Kept for ever');
    await workshop.getByRole('link').click();
    await expect(page.getByTestId('activity-facts')).toContainText('Landessportbund Berlin');
    await expect(page.getByRole('heading', { name: 'Correct this activity' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Post comment' })).toBeVisible();
    await screenshot(page, testInfo, 'people-own-activity');
  });
});
