/**
 * One file result's positions: how an offset of the file as read and one of its output correspond,
 * and their line:col, each line table built once, when first asked. Findings, the second round of
 * rules on the migrated tree and httpd's own errors all go through it.
 */
import { LineCounter } from '../parse/line-counter.js';

export interface Position {
  line: number;
  col: number;
}

export class PositionMap {
  private inputLines: LineCounter | null = null;
  private outputLines: LineCounter | null = null;

  constructor(
    /** The file as read. */
    readonly input: string,
    /** The migrated text. */
    readonly output: string,
    /** An offset of the file as read as an offset of the output: a finding's start (default) or end (EditOffsets.toEdited). */
    readonly toOutput: (offset: number, side?: 'start' | 'end') => number,
    /** An offset of the output as an offset of the file as read (written text: where it goes). */
    readonly fromOutput: (offset: number) => number,
  ) {}

  /** A file left as read: input and output are one text. */
  static unchanged(text: string): PositionMap {
    return new PositionMap(text, text, (o) => o, (o) => o);
  }

  /** line:col of an offset of the file as read. */
  inputPosition(offset: number): Position {
    return (this.inputLines ??= new LineCounter(this.input)).position(offset);
  }

  /** line:col of an offset of the output. */
  outputPosition(offset: number): Position {
    return (this.outputLines ??= new LineCounter(this.output)).position(offset);
  }

  /** A line of the output as the line of the file as read (a written line: where it goes); out of range: as it is. */
  inputLine(outputLine: number): number {
    if (this.output === this.input) return outputLine;
    const start = (this.outputLines ??= new LineCounter(this.output)).lineStart(outputLine);
    return start === null ? outputLine : this.inputPosition(this.fromOutput(start)).line;
  }

  /** This map followed by one from this output to a later one (a second round of rules). */
  then(next: PositionMap): PositionMap {
    return new PositionMap(this.input, next.output, (o, side) => next.toOutput(this.toOutput(o, side), side), (o) => this.fromOutput(next.fromOutput(o)));
  }
}
