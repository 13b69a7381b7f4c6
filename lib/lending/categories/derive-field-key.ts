const MAX_BASE = 56;

/**
 * A custom field's stored key, made from its label ("Size (inches)" -> "sizeInches") so nobody has to invent one.
 * It is made once, when the field is added: a later change of the label keeps the key, so the values assets
 * already hold stay with their field.
 */
export function deriveFieldKey(label: string, taken: ReadonlySet<string>): string {
  const words = label
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const joined = words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  const base = (/^[a-z]/.test(joined) ? joined : `field${joined.charAt(0).toUpperCase()}${joined.slice(1)}`).slice(0, MAX_BASE);
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base}${n}`;
  return key;
}
