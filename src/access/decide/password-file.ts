/**
 * Basic authentication through mod_authn_file with no AuthUserFile in force. Its check_password opens a null path
 * (2.2's ap_pcfg_openfile: "called with NULL filename", "Could not open password file: (null)"; 2.4: AH01619
 * "AuthUserFile not specified in the configuration") and returns AUTH_GENERAL_ERROR: every request that carries
 * credentials, a wrong password too, gets 500; one without them is asked for them (401). Tested on 2.4.68.
 * AuthUserFile is mod_authn_file's only directive, so the nearest one is in force in both versions.
 *
 * Only in a tree whose LoadModule lines are read, as a whole tree's are: a .htaccess or a fragment checked alone (the
 * pre-commit case) often has its AuthUserFile in a file not read, and is decided as if the file were there.
 */
import type { Model, Outcome } from '../model/index.js';
import type { Merged } from './merge.js';

export const PASSWORD_FILE_MISSING: Outcome = Object.freeze({ status: 500, by: 'authn_file (AuthUserFile not set)' });

/** Whether `type` (lower case) authenticates against a password file that is not set. */
export function passwordFileMissing(model: Model, m: Merged, type: string): boolean {
  if (type !== 'basic' || m.settings.has('authuserfile') || model.cond?.anyModule) return false;
  // AuthBasicProvider names the providers in the order they are asked; "file" is the default.
  const first = (m.settings.get('authbasicprovider') ?? 'file').split(/\s+/)[0]!.toLowerCase();
  return first === 'file';
}
