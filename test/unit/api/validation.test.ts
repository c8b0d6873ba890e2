import { describe, expect, it } from 'vitest';
import { validateBaseUrl, validateToken, withoutApiSuffix } from '../../../src-main/core/api/client';
import { ServiceError } from '../../../src-main/core/api/errors';

function failure(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe('validateBaseUrl', () => {
  it.each([
    ['https://cps.example.com', 'https://cps.example.com'],
    ['https://cps.example.com/', 'https://cps.example.com'],
    ['  https://cps.example.com//  ', 'https://cps.example.com'],
    ['https://CPS.Example.com:8443/service/', 'https://cps.example.com:8443/service'],
    ['http://127.0.0.1:5000', 'http://127.0.0.1:5000'],
    ['http://127.5.6.7/', 'http://127.5.6.7'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('accepts %s as %s', (input, expected) => {
    expect(validateBaseUrl(input)).toBe(expected);
  });

  it.each([
    ['', /enter the service address/i],
    ['cps.example.com', /not a valid url/i],
    ['ftp://cps.example.com', /https/i],
    ['http://cps.example.com', /https.*only for this computer/i],
    ['http://10.0.0.1', /https/i],
    ['http://128.0.0.1', /https/i],
    ['http://127.0.0.1.example.com', /https/i],
    ['https://app.example.com/_backend', /_backend.*API address/i],
    ['https://app.example.com/_backend/api/', /_backend.*API address/i],
    ['https://user:pw@cps.example.com', /user name or password/i],
    ['https://cps.example.com/?x=1', /query/i],
  ])('refuses %j', (input, message) => {
    const error = failure(() => validateBaseUrl(input));
    expect(error.kind).toBe('invalid_settings');
    expect(error.message).toMatch(message);
  });
});

describe('withoutApiSuffix', () => {
  it.each([
    ['https://cps.example.com/api', 'https://cps.example.com'],
    ['https://cps.example.com/API', 'https://cps.example.com'],
    ['https://cps.example.com:8443/service/api', 'https://cps.example.com:8443/service'],
    ['https://cps.example.com', null],
    ['https://cps.example.com/myapi', null],
    ['https://cps.example.com/api/v2', null],
  ])('%s is tried again as %s', (input, expected) => {
    expect(withoutApiSuffix(validateBaseUrl(input))).toBe(expected);
  });
});

describe('validateToken', () => {
  it.each([
    ['cps_pat_abc123', 'cps_pat_abc123'],
    ['  cps_pat_abc123\n', 'cps_pat_abc123'],
    ['my-service_pat_A-b_c.d~e', 'my-service_pat_A-b_c.d~e'],
  ])('accepts %j', (input, expected) => {
    expect(validateToken(input)).toBe(expected);
  });

  it.each([
    '',
    'abc123',
    '_pat_abc',
    'cps_pat_',
    'cps_pat_has space',
    'cps-token-secretvalue',
    'Bearer cps_pat_x',
  ])('refuses %j without echoing it', (input) => {
    const error = failure(() => validateToken(input));
    expect(error.kind).toBe('invalid_settings');
    expect(error.message).toMatch(/token/i);
    if (input.trim() !== '') expect(error.message).not.toContain(input.trim());
    expect(JSON.stringify(error)).not.toContain('secretvalue');
  });
});
