/**
 * A rule doc (markdown) for the terminal: headings bold, paragraphs and list items reflowed to
 * the width (whole lines on a pipe), code blocks indented as they are, emphasis marks dropped.
 */
import { Chalk } from 'chalk';
import { wrap } from './wrap.js';

export function markdownToTerminal(md: string, options: { color: 0 | 1; width?: number }): string {
  const chalk = new Chalk({ level: options.color });
  const width = options.width ?? Infinity;
  const inline = (s: string) => s
    .replace(/\*\*([^*]+)\*\*/g, (_, t: string) => chalk.bold(t))
    .replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, '$1$2')
    .replace(/`([^`]+)`/g, (_, t: string) => (options.color ? chalk.cyan(t) : `\`${t}\``));
  const out: string[] = [];
  let para: string[] = [];
  let bullet = '';
  const flush = () => {
    if (!para.length) return;
    const text = para.join(' ').replace(/\s+/g, ' ').trim();
    const lines = wrap(text, width - bullet.length);
    lines.forEach((l, i) => out.push(`${i === 0 ? bullet : ' '.repeat(bullet.length)}${inline(l)}`));
    para = [];
    bullet = '';
  };
  let code = false;
  for (const line of md.split('\n')) {
    if (/^```/.test(line)) {
      flush();
      code = !code;
      if (out.length && out[out.length - 1] !== '') out.push('');
      continue;
    }
    if (code) {
      out.push(chalk.dim(`    ${line}`));
      continue;
    }
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    const item = /^(\s*)([-*]|\d+\.) (.*)$/.exec(line);
    if (heading) {
      flush();
      if (out.length && out[out.length - 1] !== '') out.push('');
      out.push(chalk.bold(heading[2]!));
    } else if (line.trim() === '') {
      flush();
      if (out.length && out[out.length - 1] !== '') out.push('');
    } else if (item) {
      flush();
      bullet = `${item[1]}${item[2] === '*' ? '-' : item[2]} `;
      para.push(item[3]!);
    } else if (line.startsWith('|')) {
      flush();
      out.push(inline(line));
    } else {
      para.push(line.trim());
    }
  }
  flush();
  while (out[out.length - 1] === '') out.pop();
  return out.join('\n') + '\n';
}
