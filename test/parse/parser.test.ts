import { describe, expect, it } from 'vitest';
import type { ConfigFile, Directive, Node, Section } from '../../src/ast/nodes.js';
import { LineCounter } from '../../src/parse/line-counter.js';
import { parse } from '../../src/parse/parser.js';
import { splitWords } from '../../src/parse/words.js';

const dirs = (f: ConfigFile | Section): Directive[] => f.children.filter((n): n is Directive => n.type === 'directive');
const kinds = (nodes: Node[]) => nodes.map((n) => n.type);
const diag = (f: ConfigFile) => {
  const lc = new LineCounter(f.text);
  return f.diagnostics.map((d) => `${lc.position(d.start).line}:${lc.position(d.start).col} ${d.severity} ${d.code} ${d.message}`);
};

describe('splitWords (ap_getword_conf)', () => {
  const values = (s: string) => splitWords(s).map((w) => w.value);
  it('unescapes only \\\\ and the quote inside quotes', () => {
    expect(values('"a\\"b\\\\c\\d"')).toEqual(['a"b\\c\\d']);
    expect(values(`'x"y\\'z'`)).toEqual([`x"y'z`]);
  });
  it('takes the rest of the line for an unterminated quote', () => {
    expect(values('"abc def')).toEqual(['abc def']);
    expect(values('"abc\\"')).toEqual(['abc"']);
  });
  it('starts a new word right after a closing quote', () => {
    expect(values('"http://h/q"x')).toEqual(['http://h/q', 'x']);
  });
  it('keeps quotes inside an unquoted word and unescapes \\\\', () => {
    expect(values('a"b"c d\\\\e')).toEqual(['a"b"c', 'd\\e']);
  });
  it('splits on ASCII blanks only, not on NBSP', () => {
    expect(values('Order\xA0allow,deny')).toEqual(['Order\xA0allow,deny']);
    expect(values('a\tb\vc\fd\re')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('parse', () => {
  it('joins a backslash continuation without adding a space, keeping the next line\'s indentation', () => {
    const f = parse('Allow from 10.\\\n0.0.1 \\\n    192.168.1.1\n');
    const d = dirs(f)[0]!;
    expect(d.args.map((a) => a.value)).toEqual(['from', '10.0.0.1', '192.168.1.1']);
    expect(d.continued).toBe(true);
    expect(f.text.slice(d.args[1]!.start, d.args[1]!.end)).toBe('10.\\\n0.0.1');
  });

  it('does not continue when blanks follow the backslash', () => {
    const f = parse('Options \\ \nIndexes\n');
    expect(dirs(f).map((d) => d.name)).toEqual(['Options', 'Indexes']);
  });

  it('treats a CR LF continuation like LF', () => {
    expect(dirs(parse('Options \\\r\n Indexes\r\n'))[0]!.args.map((a) => a.value)).toEqual(['Indexes']);
  });

  it('reads \\\\ at the end of a line as an escaped backslash in 2.2 and as a continuation in 2.4', () => {
    const text = 'Alias /a /b\\\\\nOptions None\n';
    expect(dirs(parse(text)).length).toBe(2);
    expect(diag(parse(text))).toEqual(['1:12 warning DOUBLE_BACKSLASH_EOL a line ending in \\\\ is an escaped backslash in 2.2 but joins the next line in 2.4']);
    expect(dirs(parse(text, '', { version: '2.4' })).length).toBe(1);
  });

  it('reads # as a comment only at the start of a logical line', () => {
    const f = parse('# c\n  #indented\nAllow from 127.0.0.1 # local\n');
    expect(kinds(f.children)).toEqual(['comment', 'comment', 'directive']);
    expect(dirs(f)[0]!.args.map((a) => a.value)).toEqual(['from', '127.0.0.1', '#', 'local']);
  });

  it('makes a comment swallow its continuation lines', () => {
    const f = parse('# off \\\nOrder allow,deny\nDeny from all\n');
    expect(kinds(f.children)).toEqual(['comment', 'directive']);
  });

  it('matches section names case-insensitively and ignores words after a closing tag', () => {
    const f = parse('<DIRECTORY /x>\n  oRdEr allow,deny\n</directory> junk\n');
    const s = f.children[0] as Section;
    expect(s.lname).toBe('directory');
    expect(dirs(s)[0]!.lname).toBe('order');
    expect(f.diagnostics).toEqual([]);
  });

  it('cuts section arguments at the last >', () => {
    const s = parse('<VirtualHost *:80> # main\n</VirtualHost>\n').children[0] as Section;
    expect(s.args.map((a) => a.value)).toEqual(['*:80']);
    const q = parse('<Directory "/a>b">\n</Directory>\n').children[0] as Section;
    expect(q.args.map((a) => a.value)).toEqual(['/a>b']);
  });

  it('reports a closing tag without > , a mismatch, a stray close and an unclosed section with their lines', () => {
    expect(diag(parse('<Directory /x>\n</Directory >\n'))).toEqual(["2:1 error CLOSE_MISSING_GT </Directory> directive missing closing '>'"]);
    expect(diag(parse('<Directory /x>\n</Location>\n'))).toEqual(['2:1 error MISMATCHED_CLOSE Expected </Directory> but saw </Location>', '1:1 error UNCLOSED_SECTION <Directory> was not closed.']);
    expect(diag(parse('Listen 80\n  </Files>\n'))).toEqual(['2:3 error STRAY_CLOSE </Files> without matching <Files> section']);
    expect(diag(parse('<Location /a>\nRequire all denied\n'))).toEqual(['1:1 error UNCLOSED_SECTION <Location> was not closed.']);
    expect(diag(parse('<Directory /x\n</Directory>\n'))).toEqual(["1:1 error MISSING_GT <Directory> directive missing closing '>'"]);
    expect(diag(parse('<Directory>\n</Directory>\n'))).toEqual(['1:1 error EMPTY_SECTION_ARGS <Directory> directive requires additional arguments']);
  });

  it('applies the stricter closing rule of <IfModule>, <IfDefine> and <IfVersion>', () => {
    expect(diag(parse('<IfModule m.c>\n</IfModule> # c\n'))).toEqual(['2:1 error STRICT_CLOSE </IfModule> must stand alone on its line: httpd does not see the end of the section']);
    expect(diag(parse('<IfDefine X>\n  </ifdefine>  \n'))).toEqual([]);
    expect(diag(parse('<IfVersion >= 2.4>\n</IfVersion>'))).toEqual([]);
    expect(diag(parse('<IfModule m.c>\nListen 1\n'))[0]).toMatch(/^1:1 warning UNCLOSED_SECTION <IfModule> is not closed/);
  });

  it('closes the inner sections when an outer closing tag comes first, so the tree still nests', () => {
    const f = parse('<VirtualHost *>\n<Directory /x>\n</VirtualHost>\nListen 1\n');
    expect(kinds(f.children)).toEqual(['section', 'directive']);
    expect(((f.children[0] as Section).children[0] as Section).close).toBeNull();
  });

  it('keeps a BOM apart from the first directive and warns', () => {
    const f = parse('\xEF\xBB\xBFListen 80\n');
    expect(f.bom).toBe(true);
    expect(dirs(f)[0]!.name).toBe('Listen');
    expect(diag(f)[0]).toMatch(/^1:1 warning BOM/);
  });

  it('drops what follows a NUL up to the end of the physical line, as strlen does', () => {
    const f = parse('Listen 80\0 junk \\\nOptions None\n');
    expect(dirs(f).map((d) => [d.name, d.args.map((a) => a.value)])).toEqual([['Listen', ['80']], ['Options', ['None']]]);
    expect(diag(f)).toEqual(['1:10 warning NUL_BYTE NUL byte: httpd ignores the rest of this line']);
  });

  it('warns about lines longer than 8190 bytes and about a lone CR', () => {
    expect(diag(parse(`Header set X ${'a'.repeat(9000)}\n`))[0]).toMatch(/^1:1 warning LONG_LINE line of 9013 bytes/);
    expect(diag(parse('Order allow,deny\rAllow from all\n'))).toEqual(['1:17 warning LONE_CR a carriage return that is not followed by a line feed does not end a line']);
  });

  it('reads the CR LF that ends a continued physical line as a line ending, and still warns about a lone CR after it', () => {
    const f = parse('ServerAdmin webmaster@example.com \\\r\n\r\nKeepAlive \\\r\n  On\r\n');
    expect(diag(f)).toEqual([]);
    expect(dirs(f).map((d) => [d.name, d.args.map((a) => a.value)])).toEqual([['ServerAdmin', ['webmaster@example.com']], ['KeepAlive', ['On']]]);
    expect(diag(parse('KeepAlive \\\r\nOn\rOff\n'))).toEqual(['2:3 warning LONE_CR a carriage return that is not followed by a line feed does not end a line']);
  });

  it('keeps bytes above 0x7F in names and values', () => {
    const d = dirs(parse(Buffer.from([0x41, 0x6c, 0x69, 0x61, 0x73, 0x20, 0x2f, 0xe9, 0x20, 0x2f, 0xff, 0x0a])))[0]!;
    expect(d.args.map((a) => a.value)).toEqual(['/\xe9', '/\xff']);
  });

  it('never throws, and gives line and column for every diagnostic', () => {
    for (const text of ['<', '</', '<>', '<<<>>>', '\\', '"', "'\\'", '<a\n</b\n</a>>', '\r\r\r', '\0\0']) {
      const f = parse(text);
      for (const d of f.diagnostics) expect(d.start).toBeLessThanOrEqual(text.length);
    }
  });
});
