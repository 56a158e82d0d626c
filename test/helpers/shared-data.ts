/**
 * Data that lives outside the repository: the real corpus, the upgrade notes, the 2.2 oracle
 * scenarios and the whole-tree records. One setting finds it: HTTPD_MIGRATE_DATA=<dir>, by default
 * the `shared/` folder beside the project's own folder, where one exists.
 *
 * For vitest's `describe.skipIf(...)`: where the data is missing, tests skip with one line naming
 * what is missing and how to point at it; HTTPD_MIGRATE_DATA_REQUIRED=1 (set by .ci/run) turns the
 * skip into a failure, as HTTPD_REQUIRED=1 does for the real-httpd tests.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DATA_DIR = process.env.HTTPD_MIGRATE_DATA
  ? resolve(process.env.HTTPD_MIGRATE_DATA)
  : resolve(import.meta.dirname, '../../../shared');

/** The absolute path of `rel` inside the data folder (whether or not it exists). */
export function dataPath(rel: string): string {
  return join(DATA_DIR, rel);
}

export interface DataAvailability {
  skip: boolean;
  reason: string;
  path: string;
}

/** Whether `rel` exists in the data folder; warns once per call and skips, or throws under the switch. */
export function requireDataOrSkip(rel: string): DataAvailability {
  const path = dataPath(rel);
  if (existsSync(path)) return { skip: false, reason: '', path };
  const reason = `${rel} not found in ${DATA_DIR}: set HTTPD_MIGRATE_DATA=<dir> to the folder that holds it`;
  if (process.env.HTTPD_MIGRATE_DATA_REQUIRED === '1') {
    throw new Error(`HTTPD_MIGRATE_DATA_REQUIRED=1 but ${reason}`);
  }
  console.warn(`${reason} (skipping)`);
  return { skip: true, reason, path };
}
