// Every migration, in order, by name: a bundled main process has no migrations folder to read.
import type { Migration } from 'kysely';
import { migration0001 } from './0001-initial';
import { migration0002 } from './0002-reconcile';
import { migration0003 } from './0003-attention-indexes';
import { migration0004 } from './0004-variant-refresh';
import { migration0005 } from './0005-outbox-machine';
import { migration0006 } from './0006-post-list-order';
import { migration0007 } from './0007-posting-slots';
import { migration0008 } from './0008-text-history';
import { migration0009 } from './0009-hidden-posts';
import { migration0010 } from './0010-sign-off-accounts';
import { migration0012 } from './0012-post-search';
import { migration0013 } from './0013-calendar-index';
import { migration0014 } from './0014-one-link-per-record';
import { migration0015 } from './0015-import-keys';
import { migration0016 } from './0016-version-bytes';
import { migration0017 } from './0017-service-fields-read';
import { migration0018 } from './0018-bases-once';
import { migration0019 } from './0019-search-copies';
import { migration0020 } from './0020-lean-indexes';
import { migration0021 } from './0021-link-indexes';
import { migration0022 } from './0022-version-total';
import { migration0023 } from './0023-list-index-hidden';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': migration0001,
  '0002-reconcile': migration0002,
  '0003-attention-indexes': migration0003,
  '0004-variant-refresh': migration0004,
  '0005-outbox-machine': migration0005,
  '0006-post-list-order': migration0006,
  '0007-posting-slots': migration0007,
  '0008-text-history': migration0008,
  '0009-hidden-posts': migration0009,
  '0010-sign-off-accounts': migration0010,
  '0012-post-search': migration0012,
  '0013-calendar-index': migration0013,
  '0014-one-link-per-record': migration0014,
  '0015-import-keys': migration0015,
  '0016-version-bytes': migration0016,
  '0017-service-fields-read': migration0017,
  '0018-bases-once': migration0018,
  '0019-search-copies': migration0019,
  '0020-lean-indexes': migration0020,
  '0021-link-indexes': migration0021,
  '0022-version-total': migration0022,
  '0023-list-index-hidden': migration0023,
};

export const LATEST_MIGRATION = Object.keys(MIGRATIONS).sort().at(-1) ?? '';
