// Whether a discard changes anything the person would want to see first (the dialog asks only then).
import type { DiscardPreview } from '@preload/bridge';

export function changesSomething(preview: DiscardPreview | null): preview is DiscardPreview {
  return preview !== null && (preview.text !== null || preview.time !== null || preview.account);
}
