// Every `outpost` command, in the order the help lists them. A new command is one entry in its
// group's file (or a new group added here): the parser, the help and the runner read this table.
import type { CliCommand } from '../command';
import { conflictCommands } from './conflicts';
import { dataCommands } from './data';
import { connectionCommands } from './connection';
import { historyCommands } from './history';
import { importExportCommands } from './import-export';
import { outboxCommands } from './outbox';
import { postCommands } from './posts';
import { queueCommands } from './queue';
import { syncCommands } from './sync';
import { workspaceCommands } from './workspaces';

export const COMMANDS: readonly CliCommand[] = [
  ...connectionCommands,
  ...syncCommands,
  ...workspaceCommands,
  ...postCommands,
  ...importExportCommands,
  ...queueCommands,
  ...conflictCommands,
  ...outboxCommands,
  ...historyCommands,
  ...dataCommands,
];
