import { expect, test } from '@playwright/test';
import { clubPerson, GLOBEX_ID } from './support/club-staff';
import { ownerSql } from './support/db';
import { expectNotFoundPage, openAs } from './support/records-screens';
import { screenshot } from './support/screenshot';

const COACH = 'globex-employee-1';
const PHYSIO = 'globex-employee-2';
const ADMIN = 'globex-admin';
const MANAGER = 'globex-manager';

test.describe('conversations on screen', () => {
  // Messages show their time in the reader's own zone.
  test.use({ timezoneId: 'Europe/Berlin' });

  test('the coach starts a thread after a wrong try, both write, and an admin in the thread moderates a message (audited)', async ({ page, context }, testInfo) => {
    const title = testInfo.project.name === 'phone' ? 'Kit for the spring tournament' : 'Away trip to Hamburg';
    const question = `Who drives the minibus? (${testInfo.project.name})`;
    await openAs(page, context, COACH, '/dashboard');
    await page.getByRole('link', { name: 'Conversations', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Start a conversation' });
    await expect(form.getByRole('radio')).toHaveCount(2);
    await expect(form.getByRole('radio', { name: 'Health' })).toHaveCount(0);
    for (const [query, name] of [['Becker', 'Tom Becker'], ['Hopper', 'Grace Hopper']] as const) {
      await form.getByLabel('With').fill(query);
      await form.getByRole('button', { name: `Choose ${name}` }).click();
    }
    await form.getByRole('radio', { name: 'Mentoring' }).check();
    await form.getByRole('button', { name: 'Start conversation' }).click();
    await expect(form.getByText('Give the conversation a title.')).toBeVisible();
    await expect(form.getByRole('list', { name: 'Chosen people' })).toContainText('Tom Becker');
    await expect(form.getByRole('list', { name: 'Chosen people' })).toContainText('Grace Hopper');
    await expect(form.getByRole('radio', { name: 'Mentoring' })).toBeChecked();
    await screenshot(page, testInfo, 'conversation-new-refused');
    await form.getByRole('radio', { name: 'General' }).check();
    await form.getByLabel('Title').fill(title);
    await form.getByRole('button', { name: 'Start conversation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('participants')).toHaveText('With Grace Hopper and Tom Becker');
    await expect(page.getByTestId('message-retention')).toHaveText('Messages are kept 1 year after they are written, then deleted.');
    const threadPath = new URL(page.url()).pathname;

    const reply = page.getByRole('form', { name: 'Write a message' });
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(reply.getByText('Write a message before sending it.')).toBeVisible();
    await reply.getByLabel('Your message').fill(question);
    await reply.getByRole('button', { name: 'Send' }).click();
    const sent = page.getByTestId('message').filter({ hasText: question });
    await expect(sent).toContainText('You');
    await expect(sent.locator('time')).not.toContainText('UTC');
    await expect(reply.getByLabel('Your message')).toHaveValue('');

    // The physio finds the thread and answers; as a medical reader they could start a health thread.
    await openAs(page, context, PHYSIO, '/conversations');
    await expect(page.getByRole('form', { name: 'Start a conversation' }).getByRole('radio', { name: 'Health' })).toBeVisible();
    await page.getByTestId('conversation').filter({ hasText: title }).getByRole('link', { name: title }).click();
    await expect(page.getByTestId('message').filter({ hasText: question })).toContainText('Priya Shah');
    await page.getByRole('form', { name: 'Write a message' }).getByLabel('Your message').fill('I can, if someone brings the keys.');
    await page.getByRole('form', { name: 'Write a message' }).getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('message').filter({ hasText: 'I can, if someone brings the keys.' })).toBeVisible();
    await expect(page.getByTestId('message').filter({ hasText: question }).getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await screenshot(page, testInfo, 'conversation-thread');

    // The admin, a participant, deletes the coach's message: moderation, in the audit log.
    await openAs(page, context, ADMIN, threadPath);
    const moderated = page.getByTestId('message').filter({ hasText: question });
    await moderated.getByRole('button', { name: 'Delete Priya Shah’s message' }).click();
    await expect(moderated.getByText('This is recorded in the audit log.')).toBeVisible();
    await moderated.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByTestId('message').filter({ hasText: question })).toHaveCount(0);
    await expect(page.getByText('This message was deleted.')).toBeVisible();
    const conversationId = threadPath.split('/').at(-1)!;
    const [admin] = await ownerSql()`select id from users where organisation_id = ${GLOBEX_ID} and idp_subject = ${ADMIN}`;
    const coach = await clubPerson('Priya', 'Shah');
    const audit = await ownerSql()`select actor_user_id, metadata from audit_log where action = 'MESSAGE_MODERATED' and metadata->>'conversationId' = ${conversationId}`;
    expect(audit).toEqual([{ actor_user_id: admin!.id, metadata: { conversationId, authorPersonId: coach.personId } }]);
    await screenshot(page, testInfo, 'conversation-moderated');

    // Someone outside the thread does not find it.
    await openAs(page, context, MANAGER, threadPath);
    await expectNotFoundPage(page);
  });

  test('from a person page, a conversation starts with that person already chosen', async ({ page, context }, testInfo) => {
    const tom = await clubPerson('Tom', 'Becker');
    await openAs(page, context, COACH, `/people/${tom.personId}/conversations`);
    await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
    await page.getByRole('link', { name: 'Start a conversation with Tom Becker' }).click();
    await expect(page.getByRole('form', { name: 'Start a conversation' }).getByRole('list', { name: 'Chosen people' })).toContainText('Tom Becker');
    await screenshot(page, testInfo, 'conversation-new-from-person');
  });
});
