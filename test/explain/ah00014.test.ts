import { describe, expect, it } from 'vitest';
import { explain } from '../../src/explain/messages.js';

const ids = (m: string) => explain(m).map((e) => e.id);

/** apache2 -t 2.4.71's last line after a post-read check failed (100 of the corpus runs), alone and after its cause. */
describe('explain: AH00014', () => {
  it('is a catch-all that points at the line before it', () => {
    expect(ids('AH00014: Configuration check failed')).toEqual(['AH00014']);
    expect(ids("(2)No such file or directory: AH02291: Cannot access directory '/etc/apache2/${APACHE_LOG_DIR}/' for error log of vhost defined at /etc/apache2/sites-enabled/000-default:1\nAH00014: Configuration check failed")).toEqual(['unexpanded-variable', 'AH00014']);
    expect(ids("AH00526: Syntax error on line 55 of /etc/apache2/apache2.conf:\nInvalid command 'LockFile', perhaps misspelled or defined by a module not included in the server configuration\nAH00014: Configuration check failed")).toEqual(['unknown-acceptmutex']);
  });
});
