// Frozen: the versions' total in bytes, kept as they come and go.
// Each kept version checks the history's bound on the total (history/byte-bound.ts). It was
// summed over an index of every version's size (0016): 3 ms at 100,000 versions, for each
// pause in typing and each text a push sent. Triggers keep it in one row instead, on every
// insert, delete (a post's deletion cascading to its versions included) and change of a text,
// whoever writes; the index is no longer needed.
import { sql, type Kysely, type Migration } from 'kysely';

export const migration0022: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table text_version_total (
      id integer primary key check (id = 1),
      bytes integer not null
    )`.execute(db);
    await sql`insert into text_version_total (id, bytes)
      select 1, coalesce(sum(octet_length(text)), 0) from text_version`.execute(db);
    await sql`create trigger text_version_total_insert after insert on text_version begin
      update text_version_total set bytes = bytes + octet_length(new.text) where id = 1;
    end`.execute(db);
    await sql`create trigger text_version_total_delete after delete on text_version begin
      update text_version_total set bytes = bytes - octet_length(old.text) where id = 1;
    end`.execute(db);
    await sql`create trigger text_version_total_update after update of text on text_version begin
      update text_version_total set bytes = bytes - octet_length(old.text) + octet_length(new.text) where id = 1;
    end`.execute(db);
    await sql`drop index text_version_bytes`.execute(db);
  },
};
