import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { screenshot } from './screenshot';

// Issue 23, item 16: a refused form comes back as it was sent. Shared by forms-sweep.spec.ts and records-forms-sweep.spec.ts.

type Control = { name: string; type: string; value: string; checked: boolean | null };

/** Every named control of a form as the browser would send it (a file input cannot be put back, so it is left out). */
function controlsOf(form: Locator): Promise<Control[]> {
  return form.evaluate((element) =>
    [...(element as HTMLFormElement).elements].flatMap((control) => {
      if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) || !control.name) return [];
      // Next's own fields for a form sent before hydration are not the person's.
      if (control.type === 'file' || control.name.startsWith('$ACTION')) return [];
      const checkable = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
      return [{ name: control.name, type: control.type, value: control.value, checked: checkable ? (control as HTMLInputElement).checked : null }];
    }),
  );
}

export type Case = {
  /** The form; found again after each outcome, as the form is drawn anew. */
  form: (page: Page) => Locator;
  submit: string;
  /** Every control set as a person would, one of them wrong. */
  fill: (form: Locator, page: Page) => Promise<unknown>;
  bad: (form: Locator) => Locator;
  error: string | RegExp;
  /** The stored state the form changes: the same after the refusal, `filed` after the correction. */
  stored: () => Promise<unknown>;
  fix?: (form: Locator) => Promise<unknown>;
  filed?: unknown;
};

export async function sweep(page: Page, name: string, testInfo: TestInfo, c: Case): Promise<void> {
  const form = c.form(page);
  await c.fill(form, page);
  const sent = await controlsOf(form);
  const before = await c.stored();
  await form.getByRole('button', { name: c.submit, exact: true }).click();

  const bad = c.bad(form);
  await expect(bad).toHaveAttribute('aria-invalid', 'true');
  await expect(bad).toHaveAccessibleDescription(c.error);
  expect(await controlsOf(form), 'every control holds what was sent').toEqual(sent);
  expect(await c.stored(), 'nothing is filed').toEqual(before);
  await screenshot(page, testInfo, `forms-sweep-${name}`);
  if (!c.fix) return;

  await c.fix(form);
  await form.getByRole('button', { name: c.submit, exact: true }).click();
  await expect.poll(c.stored).toEqual(c.filed);
}

