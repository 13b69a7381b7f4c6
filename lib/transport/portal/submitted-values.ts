/** What a form sent, by control name: each entry as text, a repeated name (a checkbox group) in order. */
export type SubmittedValues = Record<string, string[]>;

// Next.js adds its own entries to a form submitted before the page is hydrated ($ACTION_ID_…, $ACTION_KEY).
const frameworkEntry = /^\$ACTION/;

/**
 * Everything a person sent, handed back with a refusal so the form shows exactly that again: text fields,
 * selects, radios, checkboxes, textareas and hidden fields alike. Files are left out: no page may fill a file
 * input, so a file is picked again.
 */
export function submittedValues(form: FormData): SubmittedValues {
  const values: SubmittedValues = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string' || frameworkEntry.test(name)) continue;
    (values[name] ??= []).push(value);
  }
  return values;
}
