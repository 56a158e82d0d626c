/**
 * <Limit>/<LimitExcept> at server level in a main configuration (found by a helper's bug hunt):
 * 2.2 took them there (OR_ALL), 2.4 refuses to start ("<Limit not allowed here"; in a
 * <VirtualHost>: "not allowed in <VirtualHost> context"). The tool reported nothing, and read a
 * main configuration with Order/Deny in such a block as a loose fragment, "fixing" it into a
 * server-level <LimitExcept> with Require, which 2.4 refuses as well.
 */
import { describe, expect, it } from 'vitest';
import { migrateText } from './prove-helpers.js';

const MAIN = 'ServerRoot "/srv/httpd"\nListen 80\nDocumentRoot /srv/www\n';

describe('server-level <Limit> and access lines in a main configuration', () => {
  it('reports a <Limit> that holds no access line, with the remedy', () => {
    const input = `${MAIN}<Limit GET POST>\n    ServerSignature Off\n</Limit>\n`;
    const { output, messages } = migrateText(input);
    expect(output).toBe(input);
    expect(messages.some((m) => m.startsWith('<Limit> stands outside every <Directory>') && m.includes('("<Limit not allowed here")') && m.includes('<Directory />'))).toBe(true);
  });

  it('does not rewrite Order/Deny in a server-level <LimitExcept> into a server-level Require', () => {
    const input = `${MAIN}<LimitExcept GET POST>\n    Order deny,allow\n    Deny from all\n</LimitExcept>\n`;
    const { output, messages } = migrateText(input);
    expect(output).toBe(input);
    expect(messages.some((m) => m.startsWith('<LimitExcept> stands outside every <Directory>'))).toBe(true);
  });

  it('names the <VirtualHost> refusal, and reports an empty <Limit> and a bare Require', () => {
    const { messages } = migrateText(`${MAIN}Require all granted\n<VirtualHost *:80>\n<Limit GET>\n</Limit>\n</VirtualHost>\n`);
    expect(messages.some((m) => m.startsWith('Require stands outside every <Directory>') && m.includes('neither 2.2 nor 2.4 accepts it'))).toBe(true);
    expect(messages.some((m) => m.includes('("<Limit not allowed in <VirtualHost> context")') && m.includes('It holds nothing: delete it.'))).toBe(true);
  });

  it('still reads a loose fragment (no main-configuration lines) as the body of a <Directory>', () => {
    const { output } = migrateText('Order deny,allow\nDeny from all\nAllow from 10.0.0.2\n');
    expect(output).toBe('Require ip 10.0.0.2\n');
  });
});
