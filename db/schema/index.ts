export * from './assets';
export * from './audit';
export * from './catalog';
export * from './enums';
export * from './organisations';
export * from './people';
export * from './loans';
export * from './notifications';
