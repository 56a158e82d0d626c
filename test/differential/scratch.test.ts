import { it } from 'vitest';
import { migrateScenario, modelOf, predict } from './predict.js';
it('scratch', () => {
  const t = { config: '<Directory "@DIR@">\nAllowOverride Limit\nOrder deny,allow\nDeny from all\nAllow from 127.0.0.2 allowed.example.test\n</Directory>\n<Directory "@DIR@/sub">\nSatisfy Any\nAuthType Basic\nAuthName x\nAuthUserFile "@HTPASSWD@"\nRequire valid-user\n</Directory>\n<Location "@LOC@/loc">\nOrder allow,deny\nAllow from env=flag\n</Location>', htaccess: { h: 'Order allow,deny\nAllow from 127.0.0.0/24' } };
  const m = migrateScenario(t);
  console.log(JSON.stringify(m, null, 1));
  console.log(predict(modelOf(t, '2.2'), modelOf(m.texts, '2.4'), [{ path: '/sub/f.html', from: '127.0.0.3' }, { path: '/h/f.html', from: '127.0.0.3' }]));
});
