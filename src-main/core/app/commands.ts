// Every command of the bridge contract, each declared once in its feature (command.ts says what a
// declaration holds). The facade routes by this table; if a command of the contract has no
// declaration here, this does not compile.
import type { CommandName } from '@preload/bridge';
import { bulkCommands } from './bulk/commands';
import { combineCommands, type Commands } from './command';
import { findCommands } from './find/commands';
import { outboxCommands } from './outbox-control/commands';
import { planningCommands } from './planning/commands';
import { postCommands } from './posts/commands';
import { dataCommands } from './safekeeping/commands';
import { settingsCommands } from './settings/commands';
import { syncCommands } from './sync-control/commands';
import { historyCommands } from './text-history/commands';
import { importCommands } from './import-export/commands';
import { undoCommands } from './undo/commands';
import { variantCommands } from './variants/commands';

export const COMMANDS = combineCommands(
  settingsCommands,
  postCommands,
  findCommands,
  variantCommands,
  bulkCommands,
  planningCommands,
  outboxCommands,
  syncCommands,
  undoCommands,
  historyCommands,
  dataCommands,
  importCommands,
) satisfies Commands<CommandName>;
