// The core's words carry instants, never times written in its own zone: whoever shows them
// writes them in the reader's zone.
import { describe, expect, it } from 'vitest';
import { instant, showInstants } from '@preload/words/instants';
import { alreadyScheduled } from '@preload/words/refusals';
import { itemName, queueLabel, timeChangeLabel, timePassed } from '@preload/words/undo';

const AT = '2026-11-30T09:00:00.000Z';
const inZone = (timeZone: string) => (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(Date.parse(iso));

describe('instants in words', () => {
  it('labels and reasons carry the instant, not a time in the zone of the process that wrote them', () => {
    const moves = [{ postTitle: 'Week note alpha', platform: 'x', before: null, after: AT }];
    expect(timeChangeLabel(moves)).toBe(`Scheduled ‘Week note alpha’ (X) for ${instant(AT)}`);
    expect(queueLabel(moves)).toBe(`Added ‘Week note alpha’ (X) to the queue for ${instant(AT)}`);
    expect(timePassed(itemName('Week note alpha', 'x'), AT)).toContain(instant(AT));
  });

  it('are written in the reader’s zone where they are shown', () => {
    const label = timeChangeLabel([{ postTitle: 'Week note alpha', platform: 'x', before: null, after: AT }]);
    expect(showInstants(label, inZone('Europe/Berlin'))).toBe('Scheduled ‘Week note alpha’ (X) for 10:00');
    expect(showInstants(label, inZone('America/New_York'))).toBe('Scheduled ‘Week note alpha’ (X) for 04:00');
    expect(showInstants(alreadyScheduled(instant(AT)), inZone('UTC'))).toBe(
      'It is already scheduled for 09:00: move it in the Queue, or unschedule it first.',
    );
  });

  it('leave other text alone, brackets included', () => {
    for (const text of ['Launch day', 'A ⟦note⟧ in brackets', '⟦⟧', ''])
      expect(showInstants(text, () => 'never')).toBe(text);
  });
});
