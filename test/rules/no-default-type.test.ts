import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-default-type.js';
import { handlerOfType } from '../../src/apache/handler-types.js';
import { splitMessage } from '../../src/report/message.js';
import { runCli } from '../helpers/cli.js';
import { ruleTester, runRule } from '../helpers/rule-tester.js';
import { tempDir } from '../helpers/tmp.js';

const HEADERS = 'LoadModule headers_module modules/mod_headers.so\n';

ruleTester(rule, {
  valid: ['AddType text/plain .txt\n', '# DefaultType text/plain\n'],
  invalid: [
    {
      name: 'with mod_headers loaded, the type is kept with a Header line',
      code: `${HEADERS}DefaultType text/plain\nServerName a\n`,
      output: `${HEADERS}Header set Content-Type text/plain "expr=-z %{CONTENT_TYPE}"\nServerName a\n`,
      errors: [/DefaultType text\/plain: .*It becomes Header set Content-Type text\/plain .*only successful \(2xx\) responses/],
    },
    {
      name: 'the value keeps its quoting',
      code: `${HEADERS}<Directory /srv>\n  defaulttype "application/octet-stream"\n</Directory>\n`,
      output: `${HEADERS}<Directory /srv>\n  Header set Content-Type "application/octet-stream" "expr=-z %{CONTENT_TYPE}"\n</Directory>\n`,
      errors: ['It becomes Header set Content-Type "application/octet-stream"'],
    },
    {
      name: 'without mod_headers, the line is removed and the Header line offered',
      code: 'LoadModule mime_module modules/mod_mime.so\nDefaultType text/plain\nServerName a\n',
      output: 'LoadModule mime_module modules/mod_mime.so\nServerName a\n',
      errors: [/The line is removed\. To keep the type, load mod_headers and write Header set Content-Type text\/plain/],
    },
    { code: 'DefaultType text/plain\nServerName a\n', output: 'ServerName a\n', errors: ['The line is removed'] },
    { code: 'DefaultType none\n', output: '', errors: ['DefaultType none is removed: it has no effect in 2.4.'] },
    {
      // Found on the real 2.4: the Header line reached /sub too, which 2.2 sent without a type.
      name: 'a DefaultType None that turned another off below it stays, and the other is only offered',
      code: `${HEADERS}DefaultType text/plain\n<Directory /x/sub>\n    DefaultType None\n</Directory>\n`,
      // (The tester takes suggestions, as --apply-suggestions=no-default-type does: the Header line is written, and then
      // the None line, alone in the tree, goes as 2.4 ignores it. write alone leaves both lines; see the test below.)
      output: `${HEADERS}Header set Content-Type text/plain "expr=-z %{CONTENT_TYPE}"\n<Directory /x/sub>\n</Directory>\n`,
      errors: [
        'would set it on every response that has none, also where another DefaultType of the tree (none) changed it in 2.2',
        'DefaultType none is removed: it has no effect in 2.4.',
      ],
    },
    { code: 'ServerName a\r\n  defaulttype "application/octet-stream"', output: 'ServerName a', errors: ['DefaultType application/octet-stream: 2.2 sent'] },
    {
      // Found by a helper's bug hunt: 2.2 ran the files through mod_cgi, the Header line made 2.4 send their source.
      name: 'a handler type is reported, not turned into a Content-Type',
      code: `${HEADERS}<Directory /srv/app>\n    Options ExecCGI\n    DefaultType application/x-httpd-cgi\n</Directory>\n`,
      output: null,
      errors: [/^DefaultType application\/x-httpd-cgi also chose the handler in 2\.2: .*so mod_cgi ran such files here.*serves them as they are, the source of a script included.*`ForceType application\/x-httpd-cgi` \(or SetHandler with the handler's name\).*then delete this line\.$/],
    },
    { name: 'mod_include\'s type, with parameters and in another case', code: 'DefaultType "Text/X-Server-Parsed-HTML; charset=utf-8"\n', output: null, errors: ['so mod_include ran such files here'] },
    { name: 'the x-httpd- family', code: `${HEADERS}DefaultType application/x-httpd-php5\n`, output: null, errors: ['so the handler of that type ran such files here'] },
    {
      name: 'a DefaultType None below a handler type is left, and says what to keep from reaching it',
      code: 'DefaultType application/x-httpd-cgi\n<Directory /x/static>\n    DefaultType None\n</Directory>\n',
      output: null,
      errors: ['also chose the handler in 2.2', /^DefaultType None here turned off another DefaultType of the tree \(application\/x-httpd-cgi\) .*so no handler ran files of no known type here\. .*SetHandler or ForceType/],
    },
    {
      // Found by a helper's bug hunt: the None of another virtual host was said to turn this one off.
      name: 'a DefaultType None in a sibling <VirtualHost> does not meet this one: both are rewritten',
      code: `${HEADERS}<VirtualHost *:80>\n  DefaultType text/plain\n</VirtualHost>\n<VirtualHost *:80>\n  DefaultType None\n</VirtualHost>\n`,
      output: `${HEADERS}<VirtualHost *:80>\n  Header set Content-Type text/plain "expr=-z %{CONTENT_TYPE}"\n</VirtualHost>\n<VirtualHost *:80>\n</VirtualHost>\n`,
      errors: ['It becomes Header set Content-Type text/plain', 'DefaultType none is removed'],
    },
    {
      name: 'a DefaultType of the main server still meets a None in a <VirtualHost>',
      code: `${HEADERS}DefaultType text/plain\n<VirtualHost *:80>\n  DefaultType None\n</VirtualHost>\n`,
      output: `${HEADERS}Header set Content-Type text/plain "expr=-z %{CONTENT_TYPE}"\n<VirtualHost *:80>\n</VirtualHost>\n`,
      errors: ['also where another DefaultType of the tree (none) changed it in 2.2', 'DefaultType none is removed'],
    },
    {
      name: 'a value from a ${NAME} is not decided on',
      code: `${HEADERS}DefaultType \${DEFAULT_TYPE}\n`,
      output: null,
      errors: [/^DefaultType \$\{DEFAULT_TYPE\} takes its value from \$\{DEFAULT_TYPE\}, known only when httpd starts; .*If it names a type, write Header set Content-Type \$\{DEFAULT_TYPE\} .*if it is None, delete the line\.$/],
    },
  ],
});

describe('how the message reads', () => {
  it('keeps a value with "; " whole in the headline, and makes no bullets of it', () => {
    const r = runRule(rule, `${HEADERS}DefaultType "text/plain; charset=iso-8859-1"\n`, 'test.conf', { suggestions: [] });
    const parts = splitMessage(r.applied[0]!.message);
    expect(parts.headline).toBe('DefaultType "text/plain; charset=iso-8859-1"');
    expect(parts.body[0]!.text).toMatch(/^2\.2 sent Content-Type "text\/plain; charset=iso-8859-1" for files of no known type; 2\.4 ignores/);
    expect(parts.body[0]!.items).toEqual([]);
  });
});

describe('handlerOfType', () => {
  it('knows the handler types, cut at ";" as ap_invoke_handler cut them, and the x-httpd- family', () => {
    expect(handlerOfType('application/x-httpd-cgi')).toBe('mod_cgi');
    expect(handlerOfType('text/x-server-parsed-html3')).toBe('mod_include');
    expect(handlerOfType('application/x-httpd-cgi ; q=1')).toBe('mod_cgi');
    expect(handlerOfType('application/x-httpd-eperl')).toBe('a handler');
    expect(handlerOfType('text/plain')).toBeNull();
    expect(handlerOfType('application/octet-stream')).toBeNull();
  });
});

describe('virtual hosts across files', () => {
  it('tells the virtual host an Include inside it reads a DefaultType into', async () => {
    const d = tempDir();
    writeFileSync(join(d, 'httpd.conf'), `ServerRoot "${d}"\nListen 80\nLoadModule headers_module modules/mod_headers.so\n`
      + '<VirtualHost *:80>\n  Include a.conf\n</VirtualHost>\n<VirtualHost *:80>\n  Include b.conf\n</VirtualHost>\n<VirtualHost *:80>\n  Include c.conf\n  DefaultType None\n</VirtualHost>\n');
    writeFileSync(join(d, 'a.conf'), 'DefaultType text/plain\n');
    writeFileSync(join(d, 'b.conf'), 'DefaultType None\n');
    writeFileSync(join(d, 'c.conf'), 'DefaultType text/html\n');
    const r = await runCli(['check', '--format', 'json', 'httpd.conf'], { cwd: d });
    const found = (JSON.parse(r.stdout) as { files: { path: string; findings: { ruleId: string; message: string; line: number }[] }[] }).files
      .flatMap((f) => f.findings.filter((x) => x.ruleId === 'no-default-type').map((x) => ({ at: `${f.path}:${x.line}`, message: x.message })));
    const at = (where: string) => found.find((f) => f.at === where)?.message ?? '';
    expect(found.map((f) => f.at).sort()).toEqual(['a.conf:1', 'b.conf:1', 'c.conf:1', 'httpd.conf:12']);
    // a.conf's vhost has no other DefaultType (b.conf's None is another vhost's): the Header line is written.
    expect(at('a.conf:1')).toContain('It becomes Header set Content-Type text/plain');
    expect(at('b.conf:1')).toBe('DefaultType none is removed: it has no effect in 2.4.');
    // c.conf is read inside the vhost whose own None follows it.
    expect(at('c.conf:1')).toContain('also where another DefaultType of the tree (none) changed it in 2.2');
    expect(at('httpd.conf:12')).toContain('DefaultType None here turned off another DefaultType of the tree (text/html)');
  });
});

describe('write alone', () => {
  it('leaves both lines of a DefaultType None below another DefaultType', () => {
    const code = `${HEADERS}DefaultType text/plain\n<Directory /x/sub>\n    DefaultType None\n</Directory>\n`;
    const r = runRule(rule, code, 'test.conf', { suggestions: [] });
    expect(r.output).toBe(code);
    expect(r.remaining.map((p) => [p.severity, p.message.slice(0, 60)])).toEqual([
      ['error', 'DefaultType text/plain: 2.2 sent Content-Type text/plain for'],
      ['warning', 'DefaultType None here turned off another DefaultType of the '],
    ]);
  });
});

describe('without mod_headers', () => {
  it('removes a DefaultType None in the same run as the type line it turned off, so a second write changes nothing', async () => {
    const d = tempDir();
    writeFileSync(join(d, 'httpd.conf'), `ServerRoot "${d}"\nListen 80\nLoadModule mime_module modules/mod_mime.so\nDocumentRoot "${d}/htdocs"\n`
      + `<Directory "${d}/htdocs">\n  AllowOverride All\n</Directory>\nDefaultType none\n`);
    mkdirSync(join(d, 'htdocs'));
    writeFileSync(join(d, 'htdocs', '.htaccess'), 'DefaultType text/plain\n');
    const first = await runCli(['write', '--format', 'json', 'httpd.conf'], { cwd: d });
    const findings = (JSON.parse(first.stdout) as { files: { findings: { ruleId: string; message: string }[] }[] }).files
      .flatMap((f) => f.findings.filter((x) => x.ruleId === 'no-default-type').map((x) => x.message));
    expect(findings).toEqual([
      'DefaultType none is removed: it has no effect in 2.4.',
      expect.stringContaining('The line is removed. To keep the type, load mod_headers'),
    ]);
    const after = readFileSync(join(d, 'httpd.conf'), 'latin1');
    expect(after).not.toMatch(/DefaultType/);
    expect(readFileSync(join(d, 'htdocs', '.htaccess'), 'latin1')).toBe('');
    await runCli(['write', 'httpd.conf'], { cwd: d });
    expect(readFileSync(join(d, 'httpd.conf'), 'latin1')).toBe(after);
  });
});

// Found by a helper's bug hunt on the real 2.4.71: htdocs/a/.htaccess `DefaultType text/x-aaa` was held back (an error,
// "also where another DefaultType of the tree (none) changed it") by htdocs/h/.htaccess `DefaultType None`, which 2.2
// never applied to a request of a/; /a/noext then lost its Content-Type in 2.4.
describe('.htaccess files of sibling directories', () => {
  const tree = (files: [string, string][]) => {
    const d = tempDir();
    writeFileSync(join(d, 'httpd.conf'), `ServerRoot "${d}"\nListen 80\nLoadModule headers_module modules/mod_headers.so\nDocumentRoot "${d}/htdocs"\n`
      + `<Directory "${d}/htdocs">\n  AllowOverride All\n</Directory>\n`);
    for (const [sub, text] of files) {
      mkdirSync(join(d, 'htdocs', sub), { recursive: true });
      writeFileSync(join(d, 'htdocs', sub, '.htaccess'), text);
    }
    return d;
  };
  const read = (d: string, sub: string) => readFileSync(join(d, 'htdocs', sub, '.htaccess'), 'latin1');

  it('do not hold each other back: each line is fixed', async () => {
    const d = tree([['a', 'DefaultType text/x-aaa\n'], ['ab', 'DefaultType None\n']]);
    await runCli(['write', 'httpd.conf'], { cwd: d });
    expect(read(d, 'a')).toBe('Header set Content-Type text/x-aaa "expr=-z %{CONTENT_TYPE}"\n');
    expect(read(d, 'ab')).toBe('');
  });

  it('a None in a directory below still holds the type line back', async () => {
    const d = tree([['a', 'DefaultType text/x-aaa\n'], ['a/deep', 'DefaultType None\n']]);
    await runCli(['write', 'httpd.conf'], { cwd: d });
    expect(read(d, 'a')).toBe('DefaultType text/x-aaa\n');
    expect(read(d, 'a/deep')).toBe('DefaultType None\n');
  });
});

describe('the other values a line meets', () => {
  it('are named in the order of the first line of each that meets it, not of the first line of each in the tree', () => {
    // The text/x-a of host a comes first in the tree but never meets host b's lines; the server's text/x-b does.
    const code = `${HEADERS}<VirtualHost *:80>\nServerName a\nDefaultType text/x-a\n</VirtualHost>\nDefaultType text/x-b\n`
      + '<VirtualHost *:80>\nServerName b\nDefaultType text/x-a\nDefaultType text/plain\n</VirtualHost>\n';
    const r = runRule(rule, code, 'httpd.conf');
    const at = (line: number) => [...r.applied, ...r.remaining].find((p) => p.line === line)?.message ?? '';
    expect(at(10)).toContain('another DefaultType of the tree (text/x-b, text/x-a) changed it');
    expect(at(9)).toContain('another DefaultType of the tree (text/x-b, text/plain) changed it');
  });
});
