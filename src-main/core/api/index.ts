export * from './client';
export * from './errors';
export * from './pagination';
export { parseEnvelope, parseArray, ShapeError } from './schemas';
