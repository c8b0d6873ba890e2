// What an export keeps of the service's answers, read back: a variant's published time from
// this build's `publishedAt`, or from the whole answer (`raw`) documents of earlier builds carry.
import { describe, expect, it } from 'vitest';
import { exportRows, parseExport } from '../../../../src-main/core/app/safekeeping/import-document';

const AT = '2030-03-04T08:00:00Z';

function documentWith(service: Record<string, unknown>): string {
  const stamp = '2030-01-01T00:00:00.000Z';
  return JSON.stringify({
    format: 'outpost-export',
    version: 1,
    exportedAt: stamp,
    posts: [
      {
        id: 'p',
        serviceId: '7',
        workspace: 'acme',
        title: 'Spring',
        createdAt: stamp,
        updatedAt: stamp,
        service: { base: { title: 'Spring' } },
        variants: [
          {
            id: 'v',
            serviceId: '8',
            platform: 'x',
            text: 'Hello',
            account: { kind: 'none' },
            status: 'published',
            createdAt: stamp,
            updatedAt: stamp,
            service,
          },
        ],
      },
    ],
  });
}

const variantRow = (service: Record<string, unknown>) =>
  exportRows(parseExport(documentWith(service))).variant?.[0];

describe('a variant’s published time in an export', () => {
  it('is read from publishedAt', () => {
    expect(variantRow({ base: null, publishedAt: AT })).toMatchObject({ published_at: AT });
  });

  it('is read from the whole answer an earlier build exported, when it is text', () => {
    expect(variantRow({ base: null, raw: { id: '8', published_at: AT } })).toMatchObject({
      published_at: AT,
    });
    expect(variantRow({ base: null, raw: { id: '8', published_at: 1 } })).toMatchObject({
      published_at: null,
    });
    expect(variantRow({})).toMatchObject({ published_at: null });
  });

  it('leaves the rest of that answer out of the rows', () => {
    expect(variantRow({ base: null, raw: { id: '8' } })).not.toHaveProperty('raw');
    expect(exportRows(parseExport(documentWith({}))).post?.[0]).not.toHaveProperty('raw');
  });
});
