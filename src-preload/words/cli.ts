// What the `outpost` command line says of what it was given that the window never is: a number
// out of its range, a folder where a file is read, a file where the data folder goes, and a
// keychain it cannot reach. Each says what is wrong and what to do.

/** `--limit 0`, `--limit -1`: a value the option's range does not hold. */
export function notWholeNumberIn(option: string, min: number, max: number): string {
  return `--${option} must be a whole number from ${min} to ${max.toLocaleString('en-US')}.`;
}

/**
 * An option the command line could not read, said as every usage error is (Node's parseArgs
 * would answer in its own words): `placeholder` is the value's name in the help (`ID`).
 */
export const OPTION_WORDS = {
  unknown: (word: string): string => `Unknown option '${word}'. Run 'outpost --help' for the list.`,
  takesNoValue: (name: string): string => `--${name} takes no value: give it as --${name} alone.`,
  /** Nothing after it, or another option. */
  needsValue: (name: string, placeholder: string): string =>
    `--${name} needs a value: --${name} ${placeholder}.`,
  /** A word after it that starts with a dash, as an option does: `--content "- item"`. */
  dashValue: (name: string, placeholder: string, word: string): string =>
    `--${name} needs a value: '${word}' starts with '-', so it is read as an option; give such a value as one word, --${name}=${placeholder}.`,
};

/** Why `outpost import` or `import-backup` read nothing from the path it was given. */
export const FILE_IN = {
  missing: (path: string): string => `There is no file ${path}.`,
  /** `needs`: what the command reads, as its usage error names it ("a CSV or TSV file"). */
  isFolder: (path: string, command: string, needs: string): string =>
    `${path} is a folder, not a file: '${command}' needs ${needs}.`,
  notAllowed: (path: string): string => `Outpost may not read ${path}: its permissions do not allow it.`,
};

/** Where the data folder was named: the option, the environment, or the desktop app's default. */
export type DataDirSource = 'option' | 'environment' | 'default';

/** What to change, by where the data folder was named. */
const DATA_DIR_CHANGE: Record<DataDirSource, string> = {
  option: 'Give --data-dir a folder.',
  environment: 'Set OUTPOST_DATA_DIR to a folder, or give --data-dir one.',
  default: 'Move that file away, or give --data-dir (or OUTPOST_DATA_DIR) a folder.',
};

/** The data folder named is a file, or lies inside one (`file`): nothing was opened. */
export function dataDirIsAFile(dataDir: string, file: string, source: DataDirSource): string {
  const what = file === dataDir ? `${dataDir} is a file` : `${file} (in the path ${dataDir}) is a file`;
  return `Outpost's data folder cannot be there: ${what}, not a folder. ${DATA_DIR_CHANGE[source]}`;
}

/**
 * No token could be read because the OS keychain did not answer (no D-Bus session, a locked
 * keyring), and OUTPOST_TOKEN is not set: the token may well be kept there. `connect` would keep
 * a token for its own run only, so the environment is the way meanwhile.
 */
export function keychainOutOfReach(baseUrl: string): string {
  return `The OS keychain could not be reached, so Outpost cannot read the access token kept there; nothing was lost. Meanwhile, give each command the token in OUTPOST_TOKEN, with OUTPOST_BASE_URL=${baseUrl}.`;
}
