import { z } from 'zod';
import { pathLabel } from './field-labels';

type Issue = z.core.$ZodRawIssue;

function plural(count: number | bigint, one: string, many: string): string {
  return `${count} ${count === 1 || count === BigInt(1) ? one : many}`;
}

function list(values: readonly unknown[]): string {
  return values.map(String).join(', ');
}

function typeMessage(label: string, issue: Extract<Issue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined || issue.input === null) return `${label} is required.`;
  switch (issue.expected) {
    case 'number':
    case 'int':
      return `${label} must be a number.`;
    case 'boolean':
      return `${label} must be true or false.`;
    case 'string':
      return `${label} must be text.`;
    case 'array':
      return `${label} must be a list.`;
    case 'object':
    case 'record':
      return issue.path?.length ? `${label} must be an object.` : 'The input must be a JSON object.';
    default:
      return `${label} has the wrong type.`;
  }
}

function formatMessage(label: string, issue: Extract<Issue, { code: 'invalid_format' }>): string {
  if (issue.input === '') return `${label} is required.`;
  switch (issue.format) {
    case 'uuid':
    case 'guid':
      return `${label} does not name a known record.`;
    case 'date':
      return `${label} must be a date (YYYY-MM-DD).`;
    case 'datetime':
      return `${label} must be a date and time such as 2026-11-24T14:05:00Z.`;
    case 'email':
      return `${label} must be an e-mail address such as name@example.com.`;
    case 'url':
      return `${label} must be a web address starting with https://.`;
    default:
      return `${label} is not in the expected format.`;
  }
}

function sizeMessage(label: string, issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const exactly = issue.exact ? 'exactly' : small ? 'at least' : 'at most';
  switch (issue.origin) {
    case 'string':
      if (small && Number(limit) === 1 && !issue.exact) return `${label} is required.`;
      return small ? `${label} needs ${exactly} ${plural(limit, 'character', 'characters')}.` : `${label} can have ${exactly} ${plural(limit, 'character', 'characters')}.`;
    case 'array':
    case 'set':
      return `${label}: ${exactly} ${plural(limit, 'entry', 'entries')} ${small ? 'needed' : 'allowed'}.`;
    case 'file':
      return `${label} must be ${exactly} ${plural(limit, 'byte', 'bytes')}.`;
    default: {
      const bound = issue.exact ? 'exactly' : issue.inclusive === false ? (small ? 'more than' : 'less than') : small ? 'at least' : 'at most';
      return `${label} must be ${bound} ${limit}.`;
    }
  }
}

/**
 * Zod's default messages ("Too small: expected string to have >=1 characters") are written for developers. This
 * map words every issue for a person, named by the field's label. It only fills in where a schema gave no
 * message of its own; the issue's code and path, which API clients act on, stay as zod made them.
 */
export function humanIssueMessage(issue: Issue): string | undefined {
  const label = pathLabel(issue.path ?? []) ?? 'This value';
  switch (issue.code) {
    case 'invalid_type':
      return typeMessage(label, issue);
    case 'invalid_format':
      return formatMessage(label, issue);
    case 'too_small':
    case 'too_big':
      return sizeMessage(label, issue);
    case 'invalid_value':
      return issue.values.length === 1 ? `${label} must be ${String(issue.values[0])}.` : `${label} must be one of ${list(issue.values)}.`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'This field is' : 'These fields are'} not accepted here: ${list(issue.keys)}.`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return `${label} is not valid.`;
    default:
      return undefined;
  }
}

/** Installs the map for the whole process: every schema without its own message speaks through it. */
export function installHumanIssueMessages(): void {
  z.config({ customError: humanIssueMessage });
}
