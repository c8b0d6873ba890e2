// Which text a version belongs to, named apart so that the history's parts can share it without
// importing one another.

/** Whose text: a variant's content, or (variantId null) its post's title. */
export interface TextOf {
  postId: string;
  variantId: string | null;
}
