export * from './address';
export * from './environment-store';
export * from './keytar-store';
export * from './memory-store';
export * from './open-secret-store';
