// What the week and the month grids are given by the calendar, in one place for both.
import type { Snippet } from 'svelte';
import type { PlanItem } from '@preload/bridge';
import type { CalendarState } from './calendar-state.svelte';
import type { Cell } from './calendar-grid';

/** What the week and the month are given by the calendar: its state, how to draw, and the drops. */
export interface GridProps {
  calendar: CalendarState;
  chips: Snippet<[PlanItem[]]>;
  slot: Snippet<[Cell, boolean]>;
  /** The cell a dragged chip is over. */
  dropKey: string | null;
  onDragOver: (event: DragEvent, key: string) => void;
  onDrop: (event: DragEvent, cell: Cell) => void;
}
