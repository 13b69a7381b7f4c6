export const ACME_ORGANISATION_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';
export const GLOBEX_ORGANISATION_ID = '0b4c3a7e-0000-4000-8000-00000000610b';
export const INITECH_ORGANISATION_ID = '0b4c3a7e-0000-4000-8000-0000000011ec';

export type DemoTenant = {
  id: string;
  slug: string;
  name: string;
  planTier: 'FREE' | 'PRO_STANDARD';
  assetCount: number;
  extraEmployees: number;
  /**
   * What kind of organisation the seed makes: a sports club's records and catalogue (kit, balls, a pitch store), or a
   * company's lighter records and its office catalogue (demo-catalogue.ts).
   */
  records: 'club' | 'company';
  /** A tenant that sets itself up on screen: no categories, locations, assets, loans, news or records. */
  startsEmpty?: boolean;
};

export const demoTenants: DemoTenant[] = [
  { id: ACME_ORGANISATION_ID, slug: 'acme', name: 'Acme Corporation', planTier: 'PRO_STANDARD', assetCount: 320, extraEmployees: 24, records: 'company' },
  { id: GLOBEX_ORGANISATION_ID, slug: 'globex', name: 'Globex Sports Club', planTier: 'FREE', assetCount: 80, extraEmployees: 6, records: 'club' },
  { id: INITECH_ORGANISATION_ID, slug: 'initech', name: 'Initech', planTier: 'FREE', assetCount: 0, extraEmployees: 0, records: 'company', startsEmpty: true },
];

export const demoFirstNames = ['Liam', 'Emma', 'Noah', 'Olivia', 'Lucas', 'Mia', 'Finn', 'Sophie', 'Jonas', 'Lea', 'Ben', 'Hannah', 'Elias', 'Lina'];
export const demoLastNames = ['Müller', 'Schmidt', 'Jansen', 'de Vries', 'Novak', 'Rossi', 'García', 'Dubois', 'Nielsen', 'Kowalski'];
