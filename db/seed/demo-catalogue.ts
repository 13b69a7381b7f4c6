import type { CustomFieldDefinition } from '../schema';
import { clubCatalogue } from './demo-club-catalogue';
import { companyCatalogue } from './demo-company-catalogue';
import type { DemoTenant } from './demo-tenants';

export type DemoCategory = {
  name: string;
  description: string;
  customFields: CustomFieldDefinition[];
  /** [manufacturer, model, product name] triples: real names so that search behaves as it would in production. */
  products: string[][];
  /** Values the seed picks from per custom field key; a field without any gets a generic value of its type. */
  sampleValues?: Record<string, readonly unknown[]>;
  /** Names of the locations where such assets are kept; any location when absent. */
  keptAt?: readonly string[];
  /** Highest purchase value in euros; 3,000 when absent. */
  maxValue?: number;
};

/** One seeded loan's words: its purpose, and the reason given when it was turned down. */
export type DemoLoanWords = { purpose: string; reason?: string };

export type DemoCatalogue = {
  categories: DemoCategory[];
  locations: { name: string; address: string }[];
  suppliers: readonly string[];
  /** The purposes of the seeded loans, in the order of seed-demo-activity.ts's loan plan. */
  loanWords: readonly DemoLoanWords[];
  news: (organisationName: string) => { daysAgo: number; title: string; body: string }[];
};

export function catalogueFor(tenant: Pick<DemoTenant, 'records'>): DemoCatalogue {
  return tenant.records === 'club' ? clubCatalogue : companyCatalogue;
}
