/**
 * The verified rows of httpd-oracle.md (spec/ of the data folder) §5: the same requests
 * against the 2.2 syntax (on 2.2 and on 2.4 with mod_access_compat) and the
 * 2.4 syntax, with the statuses the real servers gave.
 */
import type { Credentials } from '../../src/access/model/index.js';
import { ALICE, ALICE_WRONG } from './helpers.js';

export interface OracleRow {
  id: string;
  old: string;
  new: string;
  auth: boolean;
  /** [from, host name, credentials, status (same for 2.2, 2.4 old, 2.4 new)] */
  requests: [string, string | null, Credentials | null, number][];
}

const BOB: Credentials = { user: 'bob', groups: [], password: 'good' };
const NOBODY: Credentials = { user: 'nobody', groups: [], password: 'bad' };

export const ORACLE_ROWS: OracleRow[] = [
  { id: 'a1', old: 'Order deny,allow\nDeny from all', new: 'Require all denied', auth: false,
    requests: [['127.0.0.1', 'localhost', null, 403], ['127.0.0.9', null, null, 403]] },
  { id: 'a2', old: 'Order allow,deny\nAllow from all', new: 'Require all granted', auth: false,
    requests: [['127.0.0.1', 'localhost', null, 200], ['127.0.0.9', null, null, 200]] },
  { id: 'a3', old: 'Order Deny,Allow\nDeny from all\nAllow from allowed.example.test', new: 'Require host allowed.example.test', auth: false,
    requests: [
      ['127.0.0.10', 'allowed.example.test', null, 200], ['127.0.0.12', 'www.allowed.example.test', null, 200],
      ['127.0.0.11', 'other.example.test', null, 403], ['127.0.0.14', 'notallowed.example.test', null, 403],
      ['127.0.0.13', null, null, 403], ['127.0.0.1', 'localhost', null, 403],
    ] },
  { id: 'a4', old: 'Allow from example.test', new: 'Require host example.test', auth: false,
    requests: [['127.0.0.10', 'allowed.example.test', null, 200], ['127.0.0.11', 'other.example.test', null, 200], ['127.0.0.12', 'www.allowed.example.test', null, 200]] },
  { id: 'a5', old: 'Allow from 127.0.0.2 127.0.1.0/24', new: 'Require ip 127.0.0.2 127.0.1.0/24', auth: false,
    requests: [['127.0.0.2', null, null, 200], ['127.0.1.7', null, null, 200]] },
  { id: 'b1', old: 'Require valid-user\nDeny from all\nAllow from 127.0.0.2\nSatisfy All', new: '<RequireAll>\nRequire valid-user\nRequire ip 127.0.0.2\n</RequireAll>', auth: true,
    requests: [
      ['127.0.0.2', null, null, 401], ['127.0.0.2', null, ALICE, 200], ['127.0.0.2', null, ALICE_WRONG, 401],
      ['127.0.0.3', null, null, 403], ['127.0.0.3', null, ALICE, 403], ['127.0.0.3', null, ALICE_WRONG, 403],
    ] },
  { id: 'b2', old: 'Require valid-user\nDeny from all\nAllow from 127.0.0.2', new: '<RequireAll>\nRequire valid-user\nRequire ip 127.0.0.2\n</RequireAll>', auth: true,
    requests: [['127.0.0.2', null, null, 401], ['127.0.0.2', null, ALICE, 200], ['127.0.0.3', null, ALICE, 403]] },
  { id: 'b3', old: 'Require valid-user\nDeny from all\nAllow from 127.0.0.2\nSatisfy Any', new: 'Require valid-user\nRequire ip 127.0.0.2', auth: true,
    requests: [
      ['127.0.0.2', null, null, 200], ['127.0.0.2', null, ALICE_WRONG, 200], ['127.0.0.3', null, null, 401],
      ['127.0.0.3', null, ALICE, 200], ['127.0.0.3', null, ALICE_WRONG, 401], ['127.0.0.3', null, NOBODY, 401],
    ] },
  { id: 'b4', old: 'Order allow,deny\nAllow from all\nRequire user alice', new: 'Require user alice', auth: true,
    requests: [['127.0.0.1', null, null, 401], ['127.0.0.1', null, ALICE, 200], ['127.0.0.1', null, BOB, 401], ['127.0.0.1', null, ALICE_WRONG, 401]] },
];
