import type { DemoCatalogue, DemoCategory } from './demo-catalogue';

const CLUBHOUSE = 'Clubhouse';
const KIT_ROOM = 'Kit room';
const PITCH_STORE = 'Pitch store';
const PHYSIO_ROOM = 'Physio room';
const YOUTH_CONTAINER = 'Youth pitch container';

/** A football club's kit and equipment, each kept where a club keeps it. */
const categories: DemoCategory[] = [
  {
    name: 'Match kit',
    description: 'Shirts, shorts and goalkeeper kit for match days, washed and handed out per team',
    customFields: [
      { key: 'size', label: 'Size', type: 'select', required: true, options: ['Youth S', 'Youth M', 'Youth L', 'S', 'M', 'L', 'XL'] },
      { key: 'shirtNumber', label: 'Shirt number', type: 'number' },
      { key: 'kit', label: 'Kit', type: 'select', options: ['Home (blue)', 'Away (white)', 'Goalkeeper (green)'] },
    ],
    products: [
      ['adidas', 'Tiro 24 Competition', 'Home match shirt'],
      ['adidas', 'Tiro 24 shorts', 'Home match shorts'],
      ['Nike', 'Dri-FIT Park VII', 'Away match shirt'],
      ['uhlsport', 'Stream 22', 'Goalkeeper jersey'],
    ],
    sampleValues: { shirtNumber: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 17, 19, 21, 23], kit: ['Home (blue)', 'Home (blue)', 'Away (white)', 'Goalkeeper (green)'] },
    keptAt: [KIT_ROOM, CLUBHOUSE],
    maxValue: 80,
  },
  {
    name: 'Balls',
    description: 'Match and training balls; pump them to the pressure printed on the valve',
    customFields: [
      { key: 'ballSize', label: 'Ball size', type: 'select', required: true, options: ['3', '4', '5'] },
      { key: 'pressureBar', label: 'Inflation (bar)', type: 'number' },
    ],
    products: [
      ['Derbystar', 'Brillant APS', 'Derbystar match ball'],
      ['Select', 'Brillant Super TB', 'Select match ball'],
      ['Mitre', 'Delta One', 'Mitre training ball'],
      ['Molten', 'F9A4800', 'Molten futsal ball'],
    ],
    sampleValues: { ballSize: ['4', '5', '5', '5'], pressureBar: [0.6, 0.7, 0.8, 0.9, 1.0, 1.1] },
    keptAt: [PITCH_STORE, YOUTH_CONTAINER],
    maxValue: 160,
  },
  {
    name: 'Training bibs and cones',
    description: 'Bibs, cones and markers for training sessions, lent out as sets',
    customFields: [
      { key: 'colour', label: 'Colour', type: 'select', options: ['Orange', 'Yellow', 'Blue', 'Red', 'Green'] },
      { key: 'pieces', label: 'Pieces in the set', type: 'number', required: true },
    ],
    products: [
      ['Erima', 'Training bib', 'Training bibs'],
      ['Cawila', 'Marker cone 23 cm', 'Marker cones'],
      ['Kwik Goal', 'Disc cone', 'Disc cones'],
      ['Derbystar', 'Agility ladder 6 m', 'Agility ladder'],
    ],
    sampleValues: { pieces: [10, 12, 20, 24, 40, 50] },
    keptAt: [PITCH_STORE, YOUTH_CONTAINER],
    maxValue: 120,
  },
  {
    name: 'Physio equipment',
    description: 'Treatment and recovery equipment of the medical team; only lent to trained staff',
    customFields: [
      { key: 'serviceDue', label: 'Service due', type: 'date', required: true },
      { key: 'needsTraining', label: 'Only for trained staff', type: 'boolean' },
    ],
    products: [
      ['Compex', 'Fixx 1.0', 'Compex muscle stimulator'],
      ['Hyperice', 'Normatec 3', 'Normatec recovery boots'],
      ['Lojer', 'Capre FX', 'Folding treatment table'],
      ['ZOLL', 'AED Plus', 'Defibrillator (AED)'],
      ['Mueller', 'Cold therapy kit', 'Cold therapy kit'],
    ],
    sampleValues: { serviceDue: ['2026-12-15', '2027-01-31', '2027-03-01', '2027-05-20', '2027-09-30'] },
    keptAt: [PHYSIO_ROOM],
    maxValue: 2400,
  },
  {
    name: 'Goals and nets',
    description: 'Portable goals, rebounders and spare nets',
    customFields: [
      { key: 'goalSize', label: 'Goal size', type: 'select', options: ['5-a-side (3 × 2 m)', '7-a-side (5 × 2 m)', '11-a-side (7.32 × 2.44 m)'] },
      { key: 'portable', label: 'Portable', type: 'boolean' },
    ],
    products: [
      ['Kwik Goal', 'Pop-up goal 1.8 m', 'Pop-up training goal'],
      ['Sport-Thieme', 'Aluminium youth goal', 'Youth goal on wheels'],
      ['Sport-Thieme', 'Goal net 7.32 × 2.44 m', 'Spare goal net'],
      ['Erima', 'Rebounder', 'Rebounder'],
    ],
    keptAt: [PITCH_STORE, YOUTH_CONTAINER],
    maxValue: 1400,
  },
  {
    name: 'Match day and events',
    description: 'What the club needs around the pitch: gazebo, speaker, tactics board',
    customFields: [{ key: 'lastChecked', label: 'Last checked', type: 'date' }],
    products: [
      ['Vango', 'Gazebo 3 × 3 m', 'Club gazebo'],
      ['JBL', 'PartyBox 310', 'PA speaker'],
      ['Erima', 'Tactics board', 'Tactics board'],
      ['Derbystar', 'Linesman flags', 'Linesman flags'],
    ],
    sampleValues: { lastChecked: ['2026-08-01', '2026-09-12', '2026-10-03', '2026-11-07'] },
    keptAt: [CLUBHOUSE],
    maxValue: 600,
  },
];

const locations = [
  { name: CLUBHOUSE, address: 'Sportpark Am Wald 3' },
  { name: KIT_ROOM, address: 'Clubhouse, basement' },
  { name: PITCH_STORE, address: 'Sportpark Am Wald, beside pitch 1' },
  { name: PHYSIO_ROOM, address: 'Clubhouse, ground floor' },
  { name: YOUTH_CONTAINER, address: 'Sportpark Am Wald, pitch 2' },
];

// In the order of the loan plan in seed-demo-activity.ts: the coach, the physio, then volunteers and parents.
const loanWords = [
  { purpose: 'Season kit for the under-16s' },
  { purpose: 'Away match at SV Nordheim' },
  { purpose: 'Goalkeeper training camp' },
  { purpose: 'Youth tournament at the Sportpark' },
  { purpose: 'Rehab sessions at a player’s home after knee surgery' },
  { purpose: 'Pre-season friendly' },
  { purpose: 'Futsal training in the school gym' },
  { purpose: 'Summer camp for the under-10s' },
  { purpose: 'Coaching badge course' },
  { purpose: 'Pitch marking for the cup match' },
  { purpose: 'Club photo day' },
  { purpose: 'Parents’ match on Sunday' },
  { purpose: 'Five-a-side with friends', reason: 'Club equipment is for club sessions only.' },
  { purpose: 'Beach training (moved indoors)' },
  { purpose: 'Club open day' },
];

const news = (organisationName: string) => [
  {
    daysAgo: 2,
    title: 'Borrow kit and equipment online',
    body: `Coaches and volunteers of ${organisationName} can now book balls, bibs, goals and match kit online and pick them up at the pitch store or the kit room. Please bring everything back washed and counted.`,
  },
  {
    daysAgo: 9,
    title: 'New match kit for the under-16s',
    body: 'The new home and away shirts for the under-16s have arrived in the kit room. Coaches: book a full set for your team before the first home match, and hand the old shirts back to the kit room.',
  },
  {
    daysAgo: 20,
    title: 'Physio room: recovery boots now bookable',
    body: 'The medical team’s recovery boots and the muscle stimulator can be booked for away trips. They are lent to trained staff only; ask the physio for a short introduction first.',
  },
];

export const clubCatalogue: DemoCatalogue = {
  categories,
  locations,
  suppliers: ['Sport-Thieme', '11teamsports', 'Local sports shop', 'Donated by a sponsor'],
  loanWords,
  news,
};
