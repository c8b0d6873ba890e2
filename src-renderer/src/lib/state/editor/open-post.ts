// The open post as the editor's parts see it: what they read, and the few ways they change it.
// `EditorState` (editor.svelte.ts) is the one that holds it; each part names what it uses of it.
import type { PostDetail, VariantView } from '@preload/bridge';
import type { FocusRequests } from './focus-request.svelte';
import type { HistoryState } from './history.svelte';
import type { ItemMessages } from './messages.svelte';
import type { Typing } from './typing.svelte';

export interface OpenPost {
  readonly post: PostDetail | null;
  /** The variant whose panel is shown. */
  activeVariantId: string | null;
  readonly typing: Typing;
  readonly messages: ItemMessages;
  readonly focus: FocusRequests;
  readonly history: HistoryState;
  /** Writes every pending edit now, the text of a variant still being added once it exists. */
  flush(): Promise<void>;
  open(id: string): Promise<void>;
  /** Makes a post and opens it, its title field typed into at once; answers why not, or null. */
  openNew(make: () => Promise<string>, shown?: string): Promise<string | null>;
  /** Reads the open post again, keeping text that is still being typed. */
  refresh(): Promise<void>;
  /** The core's answer about the open post, or one of its variants, taken in. */
  adopt(post: PostDetail, readAt?: number): void;
  adoptVariant(variant: VariantView): void;
  /** Runs a variant action after writing pending text; a failure is shown next to the variant. */
  act(variantId: string, action: () => Promise<VariantView>): Promise<boolean>;
}
