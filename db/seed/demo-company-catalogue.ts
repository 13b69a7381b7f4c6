import type { DemoCatalogue, DemoCategory } from './demo-catalogue';

/** The company's office catalogue: laptops, monitors, pool cars and the rest of what staff borrow. */
const categories: DemoCategory[] = [
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

const locations = [
  { name: 'Headquarters, 1st floor', address: 'Main Street 1' },
  { name: 'Headquarters, 2nd floor', address: 'Main Street 1' },
  { name: 'Warehouse', address: 'Industrial Park 7' },
  { name: 'Berlin office', address: 'Friedrichstraße 68, Berlin' },
  { name: 'Workshop', address: 'Industrial Park 9' },
];

// In the order of the loan plan in seed-demo-activity.ts.
const loanWords = [
  { purpose: 'Field work for the quarterly site survey' },
  { purpose: 'Presentation at the customer workshop' },
  { purpose: 'Recording the onboarding videos' },
  { purpose: 'Trade fair stand, hall 4' },
  { purpose: 'Working from the Berlin office next week' },
  { purpose: 'Team offsite' },
  { purpose: 'Client visit in Hamburg' },
  { purpose: 'Replacement while my device is being repaired' },
  { purpose: 'Training course preparation' },
  { purpose: 'Inventory count at the warehouse' },
  { purpose: 'Marketing photo shoot' },
  { purpose: 'Board meeting in the main conference room' },
  { purpose: 'Weekend trip', reason: 'Equipment is for business use only.' },
  { purpose: 'Sales demo (moved to video call)' },
  { purpose: 'Product launch event' },
];

const news = (organisationName: string) => [
  {
    daysAgo: 2,
    title: 'New self-service lending is live',
    body: `Borrowing equipment at ${organisationName} now works entirely online: request an item, get it approved, and pick it up at the front desk with its QR code. Reminders arrive three days before a loan ends.`,
  },
  {
    daysAgo: 9,
    title: 'Annual safety inspection of power tools',
    body: 'All power tools will be inspected by the facilities team during the last week of the month. Please return borrowed tools on time so that nothing misses its inspection.',
  },
  {
    daysAgo: 20,
    title: 'Laptop refresh for the sales team',
    body: 'Twelve new laptops have joined the pool. Older models stay available for short loans until the end of the quarter, after which they go to the refurbishing partner.',
  },
];

export const companyCatalogue: DemoCatalogue = {
  categories,
  locations,
  suppliers: ['Bechtle', 'Cancom', 'Conrad Business', 'Amazon Business', 'Local dealer'],
  loanWords,
  news,
};
