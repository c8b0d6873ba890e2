// What the `outpost` command line says of what it was given that the window never is: a folder
// where a file is read. Each says what is wrong and what to do.

/** Why `outpost import` or `import-backup` read nothing from the path it was given. */
export const FILE_IN = {
  missing: (path: string): string => `There is no file ${path}.`,
  /** `needs`: what the command reads, as its usage error names it ("a CSV or TSV file"). */
  isFolder: (path: string, command: string, needs: string): string =>
    `${path} is a folder, not a file: '${command}' needs ${needs}.`,
  notAllowed: (path: string): string => `Outpost may not read ${path}: its permissions do not allow it.`,
};
