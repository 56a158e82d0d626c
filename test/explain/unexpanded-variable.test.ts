import { describe, expect, it } from 'vitest';
import { explain } from '../../src/explain/messages.js';

const ids = (m: string) => explain(m).map((e) => e.id);

/**
 * What real apache2 2.4.71 printed for Debian squeeze's 2.2 apache2.conf and vhosts run without envvars
 * (apache2 -t -f … directly): each line names the ${…} text httpd kept, with no AH00111 on it.
 */
describe('explain: a message showing an unexpanded ${NAME}', () => {
  it.each([
    ['AH00543: apache2: bad user name ${APACHE_RUN_USER}', ['unexpanded-variable']],
    ["(2)No such file or directory: AH02291: Cannot access directory '/etc/apache2/${APACHE_LOG_DIR}/' for error log of vhost defined at /etc/apache2/sites-enabled/000-default:1", ['unexpanded-variable']],
    ["(2)No such file or directory: AH02297: Cannot access directory '/etc/apache2/${APACHE_LOG_DIR}/' for log file '${APACHE_LOG_DIR}/other_vhosts_access.log' defined at /etc/apache2/conf.d/other-vhosts-access-log:2", ['unexpanded-variable']],
    ['AH00526: Syntax error on line 51 of /etc/apache2/apache2.conf:\nInvalid Mutex directory in argument file:${APACHE_LOCK_DIR}', ['AH00526', 'unexpanded-variable']],
  ])('explains %s', (message, expected) => {
    expect(ids(message)).toEqual(expected);
    expect(explain(message).at(-1)!.ruleIds).toEqual(['undefined-variable']);
  });

  it('gives way to AH00111 and to specific entries', () => {
    expect(ids('[core:warn] [pid 3] AH00111: Config variable ${APACHE_LOG_DIR} is not defined')).toEqual(['AH00111']);
    expect(ids("Include/IncludeOptional: No matches for the wildcard '*.conf' in '/etc/${X}', failing")).toEqual(['include-no-match']);
  });
});
