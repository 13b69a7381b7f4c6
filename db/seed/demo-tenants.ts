import type { CustomFieldDefinition } from '../schema';

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
  /** Which persons' records the seed writes: a sports club's full set, or a company's lighter one. */
  records: 'club' | 'company';
  /** A tenant that sets itself up on screen: no categories, locations, assets, loans, news or records. */
  startsEmpty?: boolean;
};

export const demoTenants: DemoTenant[] = [
  { id: ACME_ORGANISATION_ID, slug: 'acme', name: 'Acme Corporation', planTier: 'PRO_STANDARD', assetCount: 320, extraEmployees: 24, records: 'company' },
  { id: GLOBEX_ORGANISATION_ID, slug: 'globex', name: 'Globex Sports Club', planTier: 'FREE', assetCount: 80, extraEmployees: 6, records: 'club' },
  { id: INITECH_ORGANISATION_ID, slug: 'initech', name: 'Initech', planTier: 'FREE', assetCount: 0, extraEmployees: 0, records: 'company', startsEmpty: true },
];

export type DemoCategory = { name: string; description: string; customFields: CustomFieldDefinition[]; products: string[][] };

// [manufacturer, model, product name] triples: real names so that search behaves as it would in production.
export const demoCategories: DemoCategory[] = [
  {
    name: 'Laptops',
    description: 'Portable computers for staff',
    customFields: [
      { key: 'cpu', label: 'CPU', type: 'text' },
      { key: 'ramGb', label: 'RAM (GB)', type: 'number', required: true },
      { key: 'os', label: 'Operating system', type: 'select', options: ['Windows', 'macOS', 'Linux'] },
    ],
    products: [
      ['Dell', 'Latitude 7440', 'Dell Latitude 7440'],
      ['Lenovo', 'ThinkPad X1 Carbon Gen 11', 'ThinkPad X1 Carbon'],
      ['Apple', 'MacBook Pro 14 M3', 'MacBook Pro 14"'],
      ['HP', 'EliteBook 840 G10', 'HP EliteBook 840'],
    ],
  },
  {
    name: 'Monitors',
    description: 'External displays',
    customFields: [
      { key: 'sizeInches', label: 'Size (inches)', type: 'number' },
      { key: 'resolution', label: 'Resolution', type: 'text' },
    ],
    products: [
      ['LG', 'UltraFine 27UN880', 'LG UltraFine 27" monitor'],
      ['Dell', 'UltraSharp U2723QE', 'Dell UltraSharp 27 4K'],
      ['Samsung', 'ViewFinity S8', 'Samsung ViewFinity 32"'],
    ],
  },
  {
    name: 'Phones',
    description: 'Company mobile phones',
    customFields: [
      { key: 'imei', label: 'IMEI', type: 'text' },
      { key: 'simLocked', label: 'SIM locked', type: 'boolean' },
    ],
    products: [
      ['Apple', 'iPhone 15', 'iPhone 15'],
      ['Samsung', 'Galaxy S24', 'Galaxy S24'],
      ['Google', 'Pixel 8', 'Pixel 8'],
    ],
  },
  {
    name: 'Cameras',
    description: 'Photo and video equipment',
    customFields: [{ key: 'sensor', label: 'Sensor', type: 'select', options: ['Full frame', 'APS-C', 'Micro Four Thirds'] }],
    products: [
      ['Canon', 'EOS R6 Mark II', 'Canon EOS R6 camera'],
      ['Sony', 'Alpha 7 IV', 'Sony A7 IV camera'],
      ['GoPro', 'HERO12 Black', 'GoPro action camera'],
    ],
  },
  {
    name: 'Projectors',
    description: 'Beamers for meeting rooms and events',
    customFields: [{ key: 'lumens', label: 'Brightness (lumens)', type: 'number' }],
    products: [
      ['Epson', 'EB-FH52', 'Epson Full HD projector'],
      ['BenQ', 'TH671ST', 'BenQ short-throw projector'],
    ],
  },
  {
    name: 'Power tools',
    description: 'Workshop tools',
    customFields: [
      { key: 'voltage', label: 'Voltage (V)', type: 'number' },
      { key: 'lastInspection', label: 'Last safety inspection', type: 'date' },
    ],
    products: [
      ['Bosch', 'GSR 18V-55', 'Bosch cordless drill'],
      ['Makita', 'DHP486Z', 'Makita hammer drill'],
      ['DeWalt', 'DCS391', 'DeWalt circular saw'],
    ],
  },
  {
    name: 'Vehicles',
    description: 'Pool cars and vans',
    customFields: [
      { key: 'licensePlate', label: 'Licence plate', type: 'text', required: true },
      { key: 'mileageKm', label: 'Mileage (km)', type: 'number' },
    ],
    products: [
      ['Volkswagen', 'ID.4 Pro', 'VW ID.4 pool car'],
      ['Ford', 'Transit Custom', 'Ford Transit van'],
    ],
  },
  {
    name: 'Sports equipment',
    description: 'Training and match equipment',
    customFields: [{ key: 'size', label: 'Size', type: 'text' }],
    products: [
      ['Garmin', 'Forerunner 265', 'Garmin GPS running watch'],
      ['Polar', 'H10', 'Polar heart rate sensor'],
      ['Molten', 'BG4500', 'Molten basketball set'],
      ['Concept2', 'RowErg', 'Concept2 rowing machine'],
    ],
  },
];

export const demoLocations = [
  { name: 'Headquarters, 1st floor', address: 'Main Street 1' },
  { name: 'Headquarters, 2nd floor', address: 'Main Street 1' },
  { name: 'Warehouse', address: 'Industrial Park 7' },
  { name: 'Berlin office', address: 'Friedrichstraße 68, Berlin' },
  { name: 'Workshop', address: 'Industrial Park 9' },
];

export const demoFirstNames = ['Liam', 'Emma', 'Noah', 'Olivia', 'Lucas', 'Mia', 'Finn', 'Sophie', 'Jonas', 'Lea', 'Ben', 'Hannah', 'Elias', 'Lina'];
export const demoLastNames = ['Müller', 'Schmidt', 'Jansen', 'de Vries', 'Novak', 'Rossi', 'García', 'Dubois', 'Nielsen', 'Kowalski'];
